package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Follow-up landings (20.5.1-20.5.3): the Allied units waiting in a beach
// approach box (set up as follow-up, 327/101 by sea per 20.2.5, the
// engineers and HQs, and units sent back by a failed beach assault, 20.3.3,
// 20.3.4) land on that box's beach in an Allied Movement Phase as
// reinforcements (6.5.2), with the command RP landings use:
//
//	move UNIT BEACH-HEX [HEX]
//
// The beach hex counts as the first hex of a Tactical Movement of 1 or 2
// hexes (6.5.2 a); the unit attacks at half strength with a Limited Advance
// in its landing turn (6.5.2 b: it is listed in the turn's landings, which
// the Combat Phase reads), and is marked Regroup if it ends next to an
// enemy unit. Regroup units are not put in Reserve by a combat result (15.1)
// and the marker comes off in the Allied Regeneration Phase (scattered.go).
// A unit that stacking keeps off its beach waits in the box for a later turn
// (20.5.3); waiting units cost no RP and do not count against the beach's
// 4 RP (6.5.2 c), and the Allied player lands them in any order with the
// units bought with RP. An engineer landing on its beach opens it (21.1.1,
// openBeach). Only stacking, a German-held or a closed beach keeps a unit in
// its box: the Allied Movement Phase does not end while one could land
// (mustLand).
//
// ENGINE NOTE (21.1.1, 21.1.4, example of play L1808-1812): a beach whose
// engineer still waits in an approach box takes its follow-up units before
// the engineer lands (the example lands the Omaha units first); once the
// engineer has landed, the beach takes them while it is open, and a closed
// beach (its engineer gone) only its engineer.

// approachBeach is the beach of the approach box an Allied unit waits in, if
// it waits in one.
func (g *Game) approachBeach(i int) (string, bool) {
	us := g.s.Units[i]
	if g.unit(i).Side != Allied || us.Gone || us.At == "" {
		return "", false
	}
	for _, b := range g.sc.Boxes {
		if b.Kind == BoxApproach && b.Name == us.At {
			return b.For, true
		}
	}
	return "", false
}

// followUpOpen reports whether a beach takes follow-up units now: it is open,
// or its engineer waits in an approach box to land (see the ENGINE NOTE).
func (g *Game) followUpOpen(beach string) bool {
	if ids := g.beachHexes(beach); len(ids) > 0 && g.openBeach(ids[0]) {
		return true
	}
	for i := range g.s.Units {
		u := g.unit(i)
		if u.Type == Engineer && u.Side == Allied && u.Beach == beach {
			if _, waits := g.approachBeach(i); waits {
				return true
			}
		}
	}
	return false
}

// followUpTakes reports whether unit i's beach takes it now: the beach takes
// follow-up units (followUpOpen), or the unit is its engineer (21.1.4).
func (g *Game) followUpTakes(i int, beach string) bool {
	u := g.unit(i)
	return g.followUpOpen(beach) || (u.Type == Engineer && u.Beach == beach)
}

// planFollowUp checks a follow-up landing (20.5.2): on a hex of the box's
// beach clear of German units, the beach open (or the unit its engineer:
// takes, from followUpTakes), by Tactical Movement of at most 2 hexes from
// the beach hex (6.5.2 a).
func (g *Game) planFollowUp(ctx *moveContext, i int, beach string, takes bool, path []hex.Axial) (movePlan, landed, error) {
	u := g.unit(i)
	beachID := g.b.id(path[0])
	switch {
	case g.sup.beach[path[0]] != beach:
		return movePlan{}, landed{}, rules.Refuse("20.5.2", "%s waits in the %s approach box: it lands on a %s beach hex, and %s is none", u.ID, beach, beach, beachID)
	case g.sideAt(ctx.Occ, path[0]) == German:
		return movePlan{}, landed{}, rules.Refuse("6.5.2", "German units hold the beach hex %s", beachID)
	case !takes:
		return movePlan{}, landed{}, rules.Refuse("21.1.4", "the %s beach is closed: only its own engineer may land there", beach)
	case len(path) > 2:
		return movePlan{}, landed{}, rules.Refuse("6.5.2", "a landing unit moves by Tactical Movement, the beach hex counting as the first of at most 2 hexes (20.5.2)")
	}
	return g.landingWalk(ctx, i, path, landed{Unit: u.ID, Army: armyOf(u), Beach: beach, FollowUp: true})
}

// followUpMoves lists a waiting unit's landings, one per hex reached (20.5.2).
func (g *Game) followUpMoves(ctx *moveContext, i int) []rules.Choice {
	beach, ok := g.approachBeach(i)
	if !ok || g.s.Side != Allied || g.s.Phase != PhaseMovement {
		return nil
	}
	takes := g.followUpTakes(i, beach)
	if !takes {
		return nil // 21.1.4: every landing would be refused
	}
	var out []rules.Choice
	for _, id := range g.beachHexes(beach) {
		a, ok := g.b.ids[id]
		if !ok {
			continue
		}
		paths := [][]hex.Axial{{a}}
		for _, n := range a.Neighbors() {
			paths = append(paths, []hex.Axial{a, n})
		}
		for _, p := range paths {
			if _, _, err := g.planFollowUp(ctx, i, beach, takes, p); err != nil || g.landCheck(ctx, i, p[len(p)-1]) != nil {
				continue
			}
			c := Command{Verb: "move", Unit: g.unit(i).ID}
			for _, h := range p {
				c.Path = append(c.Path, g.b.id(h))
			}
			out = append(out, rules.Choice{Command: c.String(), Piece: c.Unit,
				Note: fmt.Sprintf("land at %s from the approach box, Tactical Movement (20.5.2, 6.5.2)", beach)})
		}
	}
	return out
}

// markRegroup marks a unit just landed Regroup if it ends next to an enemy
// unit (6.5.2 b, 20.5.2).
func (g *Game) markRegroup(i int) bool {
	a, ok := g.onMap(i)
	if !ok {
		return false
	}
	occ := g.occupancy()
	enemy := other(g.unit(i).Side)
	for _, n := range a.Neighbors() {
		if g.sideAt(occ, n) == enemy {
			g.s.Units[i].Regroup = true
			return true
		}
	}
	return false
}

// regrouped reports whether a unit attacks as one landed this turn (6.5.2 b):
// listed in the turn's landings or carrying a Regroup marker.
func (g *Game) regrouped(i int) bool {
	id := g.s.Units[i].ID
	return g.s.Units[i].Regroup || slices.ContainsFunc(g.s.Landed, func(l landed) bool { return l.Unit == id })
}

func (g *Game) isApproach(i int) bool {
	_, ok := g.approachBeach(i)
	return ok
}

// followUpsWait reports whether some unit waits in an approach box (20.5.3).
func (g *Game) followUpsWait() bool {
	for i := range g.s.Units {
		if g.isApproach(i) {
			return true
		}
	}
	return false
}

// mustLand names a unit in an approach box that could land now, "" if none:
// follow-up units wait only when they cannot land (20.5.2, 20.5.3); and a
// delayed glider that can land in the turn after its delay (20.2.4). With two
// Allied players, only the acting player's own units count (24.0).
func (g *Game) mustLand() string {
	if g.s.Side != Allied || g.s.Phase != PhaseMovement {
		return ""
	}
	var ctx *moveContext
	for i := range g.s.Units {
		if !g.isApproach(i) || !g.ownedByActor(i) { // 24.0: the acting player's own units
			continue
		}
		if ctx == nil {
			ctx = g.moveContext(Allied)
		}
		if len(g.followUpMoves(ctx, i)) > 0 {
			return g.s.Units[i].ID
		}
	}
	// 20.2.4 (seed L1369): a glider delayed a turn "must be delayed one turn
	// and land" within 4 hexes: in the turn after its delay it lands if some
	// hex can take it; with none it waits on (AMBIG: the rulebook does not
	// say what then).
	for i := range g.s.Units {
		if !g.isGlider(i) || !g.ownedByActor(i) || g.unit(i).Side != Allied {
			continue
		}
		if ctx == nil {
			ctx = g.moveContext(Allied)
		}
		if len(g.gliderMoves(ctx, i)) > 0 {
			return g.s.Units[i].ID
		}
	}
	return ""
}

// landingStop applies to the landing hex, the first hex of the Tactical
// Movement (6.5.2 a), the stops of 9.10: a unit landing in an enemy ZOC (8.2)
// or on a flooded hex stops there.
func (g *Game) landingStop(ctx *moveContext, i int, path []hex.Axial) error {
	if len(path) < 2 || !g.stopsOnLanding(ctx, path[0]) {
		return nil
	}
	id := g.b.id(path[0])
	if ctx.EZOC.Has(path[0]) {
		return rules.Refuse("8.2", "%s lands in an enemy ZOC at %s and stops there (9.10)", g.unit(i).ID, id)
	}
	return rules.Refuse("9.10", "%s lands on the flooded hex %s and stops there", g.unit(i).ID, id)
}

// stopsOnLanding reports whether a unit landing on beach hex a stops there:
// in an enemy ZOC (8.2) or on a flooded hex (9.10).
func (g *Game) stopsOnLanding(ctx *moveContext, a hex.Axial) bool {
	return ctx.EZOC.Has(a) || g.b.terrain(a) == Flooded
}

// mustLandRefusal refuses to end the Allied Movement Phase while unit id
// must still land (mustLand): a follow-up unit (20.5.3) or a delayed glider
// (20.2.4).
func (g *Game) mustLandRefusal(id string) error {
	if i, ok := g.index[id]; ok && g.isGlider(i) {
		return rules.Refuse("20.2.4", "%s was delayed a turn and must land now, within %d hexes of its glider hex", id, gliderDelayRange)
	}
	return rules.Refuse("20.5.3", "%s can land: units stay in the approach boxes only when they cannot (stacking)", id)
}
