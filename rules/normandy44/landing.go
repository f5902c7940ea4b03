package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Allied reinforcements bought with RP (6.5.1) and landed in the Allied
// Movement Phase (6.5.2): 'move UNIT BEACH-HEX [HEX]' takes a unit from the
// In Britain card, pays its RP from the turn's income, and lands it on an open
// beach (21.1.1) by Tactical Movement, the beach hex counting as the first of
// its 1 or 2 hexes (6.5.2 a). At most 4 RP land through one beach a turn
// (6.5.2 c). A complete Mulberry takes landings as part of Gold (British) or
// Omaha (US) (21.1.3, beaches.go). A unit that lands next to the enemy is
// marked Regroup (6.5.2 b, followup.go).

// landed is one landing of this turn.
type landed struct {
	Unit  string `json:"unit"`
	Army  string `json:"army"`
	Beach string `json:"beach"`
	RP    int    `json:"rp"`
	// FollowUp: a unit from an approach box, costing no RP and not counted
	// against the beach's 4 RP (20.5.3).
	FollowUp bool `json:"follow_up,omitempty"`
}

// inBritainEntry is unit i's In Britain record, if it waits there now to be
// bought (6.5.1: from turn 2, or the turn the schedule names).
func (g *Game) inBritainEntry(i int) (Reinforcement, bool) {
	us := g.s.Units[i]
	if g.unit(i).Side != Allied || us.Gone {
		return Reinforcement{}, false
	}
	if box := g.inBritainBox(); box != "" && us.At == box && g.s.Turn >= 2 {
		if g.evacuatedThisTurn(us.ID) {
			return Reinforcement{}, false // 21.2: back in a later turn
		}
		if slices.Contains(g.unit(i).Marks, MarkRanger) {
			return Reinforcement{Unit: us.ID, At: box, RP: rangerRP}, true // 21.2
		}
		// Rebuilt (6.2.2) or evacuated (21.2): the cost is T15's (rpCost).
		return Reinforcement{Unit: us.ID, At: box}, true
	}
	if us.At != "" || g.s.Turn < 2 {
		return Reinforcement{}, false // 6.5.1: from turn 2
	}
	// purchasable's first record of the unit, without listing the others:
	// Legal asks this of every Allied unit not yet on the map.
	for _, r := range g.sc.Reinforcements {
		if r.Unit == us.ID && r.Turn <= g.s.Turn && inBritain(g.sc, r) {
			return r, true
		}
	}
	return Reinforcement{}, false
}

func armyOf(u *Unit) string {
	if u.Nationality == "us" {
		return "us"
	}
	return "gb"
}

// rpIncome is an army's RP this turn (6.5.1).
func (g *Game) rpIncome(army string) int {
	if k := poolIndex(g.s.RP, army); k >= 0 {
		return g.s.RP[k].N
	}
	return 0
}

// rpSpent is what an army has spent on landings this turn.
func (g *Game) rpSpent(army string) int {
	n := 0
	for _, l := range g.s.Landed {
		if l.Army == army {
			n += l.RP
		}
	}
	return n
}

// planLanding checks a landing: the unit's cost against the army's RP left,
// the beach, open and clear of enemy units, the beach's 4-RP limit, and the
// Tactical Movement from the beach hex. It returns the landing to record.
func (g *Game) planLanding(ctx *moveContext, i int, r Reinforcement, path []hex.Axial) (movePlan, landed, error) {
	l, err := g.landingCost(i, r)
	if err == nil {
		l, err = g.landingBeach(ctx, i, l, path[0])
	}
	if err != nil {
		return movePlan{}, landed{}, err
	}
	if len(path) > 2 {
		return movePlan{}, landed{}, rules.Refuse("6.5.2", "a landing unit moves by Tactical Movement, the beach hex counting as the first of at most 2 hexes")
	}
	if err := g.checkLanding(l); err != nil {
		return movePlan{}, landed{}, err
	}
	return g.landingWalk(ctx, i, path, l)
}

// landingCost is planLanding's first check, which reads neither the beach
// nor the path: the unit's cost against its army's RP left (6.5.1). The
// landing it returns has no beach yet.
func (g *Game) landingCost(i int, r Reinforcement) (landed, error) {
	u := g.unit(i)
	cost, _, ok := g.rpCost(r, u)
	if !ok {
		return landed{}, rules.Refuse("6.5.1", "%s has no RP cost on the In Britain card or in T15", u.ID)
	}
	army := armyOf(u)
	if left := g.rpIncome(army) - g.rpSpent(army); cost > left {
		return landed{}, rules.Refuse("6.5.1", "%s costs %d RP and the %s army has %d RP left this turn", u.ID, cost, army, left)
	}
	return landed{Unit: u.ID, Army: army, RP: cost}, nil
}

// landingBeach is planLanding's checks of the beach hex a: a beach or a
// complete Mulberry, open, clear of German units (6.5.2, 21.1.3, 21.1.4). It
// returns unit i's landing l made there.
func (g *Game) landingBeach(ctx *moveContext, i int, l landed, a hex.Axial) (landed, error) {
	u := g.unit(i)
	beachID := g.b.id(a)
	beach := g.sup.beach[a]
	open := g.openBeach(beachID)
	if mb := g.mulberryLanding(a); mb != "" {
		beach, open = mb, true // 21.1.3: a complete Mulberry, Gold's or Omaha's (6.5.2 c)
	}
	switch {
	case beach == "":
		return landed{}, rules.Refuse("6.5.2", "%s lands on a beach hex or a complete Mulberry; %s is neither", u.ID, beachID)
	case g.sideAt(ctx.Occ, a) == German:
		return landed{}, rules.Refuse("6.5.2", "German units hold the beach hex %s", beachID)
	case !open && u.Type != Engineer:
		return landed{}, rules.Refuse("21.1.4", "the %s beach is closed: only its engineer may land there", beach)
	case u.Type == Engineer && u.Beach != beach && !open:
		return landed{}, rules.Refuse("21.1.4", "the %s beach is closed: only its own engineer may land there", beach)
	}
	l.Beach = beach
	return l, nil
}

// checkLanding checks l with this turn's landings: each army's RP, and at
// most 4 RP through a beach (6.5.1, 6.5.2 c); follow-ups count for neither
// (20.5.3).
func (g *Game) checkLanding(l landed) error {
	var ls []Landing
	for _, x := range append(slices.Clone(g.s.Landed), l) {
		if x.FollowUp {
			continue // 20.5.3
		}
		ls = append(ls, Landing{Unit: x.Unit, Army: x.Army, Beach: x.Beach, RP: x.RP})
	}
	return checkLandings(ls, g.rpIncome("us"), g.rpIncome("gb"))
}

// landingWalk moves a landing unit by Tactical Movement from the beach hex,
// path[0], which counts as the first of its at most 2 hexes (6.5.2 a, 20.5.2),
// and stops it where an enemy ZOC stops it (8.2, 9.10).
func (g *Game) landingWalk(ctx *moveContext, i int, path []hex.Axial, l landed) (movePlan, landed, error) {
	// 8.5.2 (seed L537), 9.10 (L644): no unit enters a hex an enemy Hex
	// Line runs through, and the landing hex is the first hex entered
	// (6.5.2 a, L445); Allied units on the beach hex negate the line (8.5.3).
	if ctx.Bonds.Hex(path[0]) {
		return movePlan{}, landed{}, rules.Refuse("8.5.2", "an enemy ZOC Line runs through the beach hex %s: %s may not land on it (9.10)", g.b.id(path[0]), g.unit(i).ID)
	}
	if err := g.landingStop(ctx, i, path); err != nil {
		return movePlan{}, landed{}, err
	}
	if len(path) == 1 {
		return movePlan{tactical: true}, l, nil // an engineer with MA 0 too
	}
	m, err := g.landingMover(ctx, i, path[0])
	if err != nil {
		return movePlan{}, landed{}, err
	}
	c, err := m.Walk(path)
	if err != nil {
		return movePlan{}, landed{}, err
	}
	return movePlan{cost: c, budget: m.Budget, tactical: true}, l, nil
}

// landingMover is unit i's Tactical Movement from the beach hex a, set up
// as for a unit standing there (6.5.2 a, 9.10).
func (g *Game) landingMover(ctx *moveContext, i int, a hex.Axial) (*mover, error) {
	m, err := g.moverFrom(ctx, i, a, false, false)
	if err != nil {
		return nil, err
	}
	m.Tactical = true
	return m, nil
}

// landingMoves lists an In Britain unit's landings, one per hex reached, with
// its cost in RP.
func (g *Game) landingMoves(ctx *moveContext, i int) []rules.Choice {
	r, ok := g.inBritainEntry(i)
	if !ok || g.s.Side != Allied || g.s.Phase != PhaseMovement {
		return nil
	}
	// planLanding's checks, each made once for what it reads: the unit's
	// cost, then each beach hex (landingBeach, and landingWalk's, which
	// read only the beach hex); the second hex of each path last, by one
	// mover from the beach hex.
	l, err := g.landingCost(i, r)
	if err != nil {
		return nil
	}
	id := g.unit(i).ID
	var out []rules.Choice
	for _, a := range g.landingHexes() {
		la, err := g.landingBeach(ctx, i, l, a)
		if err != nil || g.checkLanding(la) != nil || ctx.Bonds.Hex(a) {
			continue
		}
		note := fmt.Sprintf("land at %s for %d RP, Tactical Movement (6.5.1, 6.5.2, 9.10)", la.Beach, la.RP)
		land := func(path ...hex.Axial) {
			if g.landCheck(ctx, i, path[len(path)-1]) != nil {
				return
			}
			c := Command{Verb: "move", Unit: id}
			for _, h := range path {
				c.Path = append(c.Path, g.b.id(h))
			}
			out = append(out, rules.Choice{Command: c.String(), Piece: id, Cost: la.RP, Note: note})
		}
		land(a)
		if g.stopsOnLanding(ctx, a) {
			continue // landingStop: no path goes on from the beach hex
		}
		m, err := g.landingMover(ctx, i, a)
		if err != nil {
			continue
		}
		for _, n := range a.Neighbors() {
			if _, bar := m.Check(a, n); bar.OK() {
				land(a, n)
			}
		}
	}
	return out
}
