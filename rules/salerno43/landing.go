package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Landings by sea (18.4, 21.1.2, 24.4.2): in the Allied Movement Phase a
// Good Order unit in the Floating Reserve (or on turn 1 in a beach's
// follow-up box) lands by Tactical Movement, the port or BH hex its first
// hex, and may go one hex further unless that hex is in an enemy ZOC. The
// Allies land at most 12 LP a turn (18.4.3); a BH takes 3 LP, a port its
// capacity, Salerno 1 with a German unit within 2 hexes (18.4.4); Sugar
// takes 3 LP on turn 1 only (24.4.3). Landed units have ½ Eff (5.7, 18.4.2,
// rangers and commandos excepted, and only next to the enemy, 5.7), a US
// unit at a CW beach or a CW unit at a US one DG instead (18.4.2).

// lpCost is a unit's landing points (18.4.3, T9): 1 for 0 or 1 stacking
// point or a tank silhouette, else its points.
func lpCost(u *Unit) int {
	if u.Silhouette || u.Stacking <= 1 {
		return 1
	}
	return u.Stacking
}

// landingSites are the hexes unit i may land at now, with each one's
// capacity left.
func (g *Game) landingSites(i int) map[string]int {
	us := g.s.Units[i]
	if port := twoTurnPort(us); port != "" {
		return g.twoTurnSite(i, port) // 18.4.4
	}
	out := map[string]int{}
	used := map[string]int{}
	for _, h := range g.s.Capacity {
		used[h]++
	}
	add := func(id string, capacity int) {
		if left := capacity - used[id]; left > 0 && g.sent(id) == 0 { // 18.4.4: not both
			out[id] = left
		}
	}
	beach := strings.TrimPrefix(us.Box, boxFollowUp)
	followUp := strings.HasPrefix(us.Box, boxFollowUp) && g.s.Turn == 1
	for id, b := range g.b.beaches {
		a, _ := g.b.Hex(id)
		if followUp && b.Name != beach {
			continue
		}
		switch {
		case g.beachheadAt(a):
			add(id, 3)
		case b.Name == "sugar" && g.s.Turn == 1 && g.controls(Allied, id):
			add(id, 3) // 24.4.3
		}
	}
	if followUp {
		return out
	}
	for id, p := range g.b.ports {
		if p.Unusable || !g.portHeld(id) { // 18.2.1
			continue
		}
		capacity := p.LP
		if g.b.names[id] == "Salerno" && g.germanWithin(id, 2) {
			capacity = 1
		}
		add(id, capacity)
	}
	return out
}

// landingPath is a sea transport's path ashore (18.4.5, 21.1.2): the BH or
// port it lands at, the first hex of its Tactical Movement, and the one hex
// more it may go, unless the first is in an enemy ZOC; the end within the
// stacking limit but under salerno43/3 (21.1.2: the limit holds at the end
// of the phase); under salerno43/3 never into a German hex bond (7.2).
func (g *Game) landingPath(i int, at string, more []string) ([]hex.Axial, error) {
	first, _ := g.b.Hex(at)
	if g.held(first) == German {
		return nil, rules.Refuse("21.1.2", "German units hold %s", at)
	}
	ctx := g.moveContext(Allied)
	if g.inEnemyBond(first, ctx) {
		return nil, rules.Refuse("7.2", "a German hex bond runs through %s: no unit enters it in the Movement Phase, nor lands there (5.4)", at)
	}
	path := []hex.Axial{first}
	if len(more) == 1 {
		if ctx.EZOC.Has(first) {
			return nil, rules.Refuse("21.1.2", "%s is in an enemy ZOC: a unit landing there stops", at)
		}
		second, ok := g.b.Hex(more[0])
		if !ok {
			return nil, rules.Refuse("5.1", "%s is not a hex of the map", more[0])
		}
		m := g.mover(i, moveHow{tactical: true}, ctx, first, false)
		if _, err := m.Walk([]hex.Axial{first, second}); err != nil {
			return nil, err
		}
		path = append(path, second)
	}
	end := path[len(path)-1]
	if pts := g.stackingWith(end, Allied, i); pts > StackingLimit && !g.ver.landOverLimit {
		return nil, rules.Refuse("4.1", "%s would hold %d stacking points; the limit is %d", g.b.ID(end), pts, StackingLimit)
	}
	return path, nil
}

// seaSteps are the hexes next to first a unit landing there may go on
// to (18.4.5, 21.1.2): none when first is in an enemy ZOC.
func (g *Game) seaSteps(i int, first hex.Axial, ctx *hexwar.Context) []hex.Axial {
	if ctx.EZOC.Has(first) {
		return nil
	}
	var out []hex.Axial
	m := g.mover(i, moveHow{tactical: true}, ctx, first, false)
	for _, n := range first.Neighbors() {
		if _, bar := m.Check(first, n); bar.OK() && g.mayLandIn(n, i) {
			out = append(out, n)
		}
	}
	return out
}

// inEnemyBond: under salerno43/3 an enemy hex bond runs through a, in
// which no unit lands nor ends a sea move (7.2, 5.4); Allied units there
// would have negated it (7.3).
func (g *Game) inEnemyBond(a hex.Axial, ctx *hexwar.Context) bool {
	return g.ver.landingBonds && ctx.Bonds.Hex(a)
}

// mayLandIn: unit i's landing, or sea move, may end in a: within the
// stacking limit, or over it under salerno43/3 (21.1.2).
func (g *Game) mayLandIn(a hex.Axial, i int) bool {
	return g.ver.landOverLimit || g.stackingWith(a, Allied, i) <= StackingLimit
}

// landNote is a landing's or sea move's note in Legal, what 4.4 will ask
// of a hex it ends over the limit added (21.1.2).
func (g *Game) landNote(note string, end hex.Axial, i int) string {
	if w := g.overLimitWords(end, i); w != "" {
		note += "; " + w
	}
	return note
}

// overLimitEvent tells the player that unit i's landing, or sea move, to
// end put end over the limit and what 4.4 asks of it (21.1.2), as a move
// on land does; words are overLimitWords, taken before the unit moved.
func (g *Game) overLimitEvent(events []rules.Event, end hex.Axial, words string) []rules.Event {
	if words == "" {
		return events
	}
	return append(events, rules.Event{Seat: rules.Seat(Allied), Text: g.b.ID(end) + " " + words})
}

// landedMarks marks unit i, landed by sea at site and standing at end
// (18.4.2): DG at a beach of the other army, else ½ Eff next to the enemy
// (5.7, 24.4.2), rangers and commandos excepted; the note says which.
func (g *Game) landedMarks(i int, site string, end hex.Axial) string {
	u := &g.sc.Units[i]
	beach, isBeach := g.b.beaches[site]
	switch {
	case isBeach && beach.Nation != nation(u) && nation(u) != "de":
		g.s.Units[i].Status = Disorganized // 18.4.2
		return "DG: landed at the other army's beach (18.4.2)"
	case u.Type == "ranger" || u.Type == "commando":
	case g.nextToEnemy(end, Allied):
		g.s.Units[i].HalfEff = true // 5.7, 18.4.2, 24.4.2
		return "½ Eff (18.4.2)"
	}
	return ""
}

// land applies a landing.
func (g *Game) land(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 {
		return nil, rules.Refuse("21.1.2", "no unit %s", c.Args[0])
	}
	u, us := g.sc.Units[i], g.s.Units[i]
	inBox := us.Box == BoxFloating || strings.HasPrefix(us.Box, boxFollowUp) || twoTurnPort(us) != ""
	switch {
	case u.Side != Allied || g.s.Side != Allied:
		return nil, rules.Refuse("18.4.1", "only the Allies land by sea, in their Movement Phase")
	case !inBox:
		return nil, rules.Refuse("21.1.2", "%s is not in the Floating Reserve nor a follow-up box", u.ID)
	case g.twoTurnLanding(i, c.Args[1]) != nil:
		return nil, g.twoTurnLanding(i, c.Args[1])
	case slices.Contains(g.s.Moved, u.ID):
		return nil, rules.Refuse("5.1", "%s has moved this phase", u.ID)
	case us.Status != GoodOrder:
		return nil, rules.Refuse("18.4.2", "only Good Order units land")
	case us.Repl:
		return nil, rules.Refuse("20.4", "%s has a Replacement marker: no sea transport this turn", u.ID)
	}
	sites := g.landingSites(i)
	left, ok := sites[c.Args[1]]
	if !ok {
		return nil, rules.Refuse("18.4.4", "%s cannot land at %s: a BH, a port the Allies hold, with capacity left this turn", u.ID, c.Args[1])
	}
	lp := lpCost(&u)
	if lp > left {
		return nil, rules.Refuse("18.4.4", "%s costs %d LP; %s takes %d more this turn", u.ID, lp, c.Args[1], left)
	}
	if g.s.LP+lp > 12 {
		return nil, rules.Refuse("18.4.3", "the Allies land at most 12 LP a turn; %d are landed, %s costs %d", g.s.LP, u.ID, lp)
	}
	path, err := g.landingPath(i, c.Args[1], c.Args[2:])
	if err != nil {
		return nil, err
	}
	end := path[len(path)-1]
	warn := g.overLimitWords(end, i)
	g.s.LP += lp
	taken := lp
	if twoTurnPort(us) != "" {
		taken = 1 // 18.4.4, A-29: the port's capacity of 1 in this turn too
	}
	for range taken {
		g.s.Capacity = append(g.s.Capacity, c.Args[1])
	}
	// 17.3: the landing hex is the first hex entered.
	events := append(g.applyMove(i, path, 0, moveHow{tactical: true}), g.asuMoved(i, len(path))...)
	note := g.landedMarks(i, c.Args[1], end)
	text := fmt.Sprintf("%s lands at %s (%d LP; %d this turn, 18.4.3)", u.ID, c.Args[1], lp, g.s.LP)
	if note != "" {
		text += ", " + note
	}
	return g.overLimitEvent(append(events, rules.Event{Seat: rules.Seat(Allied), Text: text}), end, warn), nil
}

// landChoices lists the landings the Allies may make.
func (g *Game) landChoices() []rules.Choice {
	var out []rules.Choice
	if g.s.Side != Allied {
		return nil
	}
	ctx := g.moveContext(Allied)
	for i, us := range g.s.Units {
		u := g.sc.Units[i]
		if u.Side != Allied || us.Status != GoodOrder || us.Repl || slices.Contains(g.s.Moved, u.ID) ||
			!(us.Box == BoxFloating || strings.HasPrefix(us.Box, boxFollowUp) || twoTurnPort(us) != "") {
			continue
		}
		lp := lpCost(&u)
		if g.s.LP+lp > 12 {
			continue
		}
		sites := g.landingSites(i)
		ids := make([]string, 0, len(sites))
		for id := range sites {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			left := sites[id]
			first, _ := g.b.Hex(id)
			if left < lp || g.held(first) == German || g.inEnemyBond(first, ctx) {
				continue
			}
			note := fmt.Sprintf("%d LP (18.4)", lp)
			if g.mayLandIn(first, i) {
				out = append(out, rules.Choice{Command: "land " + u.ID + " " + id, Piece: u.ID, Note: g.landNote(note, first, i)})
			}
			for _, n := range g.seaSteps(i, first, ctx) {
				out = append(out, rules.Choice{Command: "land " + u.ID + " " + id + " " + g.b.ID(n), Piece: u.ID, Note: g.landNote(note, n, i)})
			}
		}
	}
	return out
}
