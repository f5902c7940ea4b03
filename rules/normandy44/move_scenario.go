package normandy44

import (
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The scenario's own movement rules (S3.1, S3.3) and the army boundary
// (22.1.2), as the movement searches check them on every step.

// specialBar is one of the scenario's movement rules (S3.1, S3.3) as it
// binds one unit: k is its index in the scenario's special rules.
type specialBar struct {
	k      int
	kind   SpecialKind
	zone   []bool      // by grid number; nil for a zone the map lacks
	hexes  []hex.Axial // SpecialRange: the centre hexes
	within int
}

// specialBars lists the scenario's movement rules that bind unit i now: zones
// no unit may enter, zone edges its side may not cross, and its formation's
// range from the turn it applies (S3.1, S3.3), in the scenario's order.
func (g *Game) specialBars(i int) []specialBar {
	u := g.unit(i)
	var out []specialBar
	for k, sr := range g.sc.Special {
		switch {
		case sr.Kind == SpecialNoEntry:
		case sr.Kind == SpecialNoCross && sr.Side == u.Side:
		case sr.Kind == SpecialRange && sr.Formation == u.Formation && g.s.Turn >= sr.From:
		default:
			continue // binds no unit's move, or not this one's
		}
		sb := specialBar{k: k, kind: sr.Kind, zone: g.b.ZoneCells(sr.Zone), within: sr.Within}
		if sr.Kind == SpecialRange {
			for _, id := range sr.Hexes {
				if a, err := g.b.layout.Parse(id); err == nil {
					sb.hexes = append(sb.hexes, a)
				}
			}
		}
		out = append(out, sb)
	}
	return out
}

// scenarioRule applies the scenario's own movement rules that bind unit i
// now (specialBars) to each step of its move: zones no unit may enter
// (S3.1), zone edges a side may not cross (S3.1), and formations held near
// given hexes from a turn on (S3.3 II, III); then the army boundary (22.1.2).
// A unit that stands outside its range or beyond its boundary moves back to
// it, each step nearer, where the rules version reads so (S3.3 II, III:
// "musi natychmiast spróbować poruszyć się w kierunku"; 22.1.2: "musi
// wykonać ruch z powrotem na swoją stronę"); under normandy44/4 it could
// not move at all. A bar's code is 1 for the army boundary, 2 + the index in
// the scenario's special rules otherwise. The entry hex of a reinforcement
// is not checked. A unit nothing binds has the zero rule, which stepRules
// leaves out.
func (g *Game) scenarioRule(i int) hexwar.StepRule {
	specials := g.specialBars(i)
	u := g.unit(i)
	if len(specials) == 0 && (u.Side != Allied || g.b.ZoneCells(ZoneUSSector) == nil) {
		// Nothing binds the unit: no check of every step (issue 18).
		return hexwar.StepRule{}
	}
	grid := g.b.grid
	back := g.ver.rangeInCombat
	in := func(zone []bool, i int) bool { return zone != nil && i >= 0 && zone[i] }
	refuse := func(code int, _, to hex.Axial) error { return g.scenarioRefusal(u, code, to) }
	return hexwar.StepRule{
		Check: func(_ *hexwar.Mover, s *hexwar.Step) int {
			if s.From < 0 {
				return 0
			}
			for _, sb := range specials {
				switch sb.kind {
				case SpecialNoEntry:
					if in(sb.zone, s.To) {
						return 2 + sb.k
					}
				case SpecialNoCross:
					if in(sb.zone, s.From) != in(sb.zone, s.To) {
						return 2 + sb.k
					}
				case SpecialRange:
					to := grid.Hex(s.To)
					if !sb.near(to) && !(back && sb.outside(to) < sb.outside(grid.Hex(s.From))) {
						return 2 + sb.k
					}
				}
			}
			if to := grid.Hex(s.To); u.Side == Allied && !g.withinArmy(u.Nationality, to) &&
				!(back && g.beyondArmy(u.Nationality, to) < g.beyondArmy(u.Nationality, grid.Hex(s.From))) {
				return 1
			}
			return 0
		},
		Refuse: refuse,
	}
}

// scenarioClass is what scenarioRule reads of unit i: the scenario's rules
// that bind it, as bits by their number (specialBars), and the nationality
// whose army boundary binds it, "" if none does. Past the 64th special rule
// bits run out: ok is false, and the unit is a class of its own.
func (g *Game) scenarioClass(i int) (specials uint64, army string, ok bool) {
	for _, sb := range g.specialBars(i) {
		if sb.k >= 64 {
			return 0, "", false
		}
		specials |= 1 << sb.k
	}
	if u := g.unit(i); u.Side == Allied && g.b.ZoneCells(ZoneUSSector) != nil {
		army = u.Nationality
	}
	return specials, army, true
}

// scenarioRefusal is the refusal of unit u's step into to by scenarioRule's
// code.
func (g *Game) scenarioRefusal(u *Unit, code int, to hex.Axial) error {
	b := g.b
	if code == 1 {
		return rules.Refuse("22.1.2", "%s units go at most 1 hex beyond their army boundary, and one beyond it moves back; %s is farther", u.Nationality, b.id(to))
	}
	sr := g.sc.Special[code-2]
	switch sr.Kind {
	case SpecialNoEntry:
		return rules.Refuse("S3.1", "no unit may enter %s (scenario zone %s)", b.id(to), sr.Zone)
	case SpecialNoCross:
		return rules.Refuse("S3.1", "%s units may not cross the edge of %s", u.Side, sr.Zone)
	}
	return rules.Refuse("S3.3", "from turn %d the %s units stay within %d hexes of %s, and one outside moves back toward them", sr.From, sr.Formation, sr.Within, strings.Join(sr.Hexes, ", "))
}

// armySides measures, for each army, how many hexes every hex lies from its
// side of the army boundary (22.1.2; AMBIG-67: the count of hexes from the
// nearest hex on the unit's own side), 0 on its land hexes, for a unit
// beyond it that moves back (rangeInCombat). A scenario without a us-sector
// zone has no boundary: nil.
func armySides(b *board) map[bool][]int {
	usSector := b.ZoneCells(ZoneUSSector)
	if usSector == nil {
		return nil
	}
	out := map[bool][]int{}
	for _, us := range []bool{true, false} {
		var own []hex.Axial
		for i := range b.grid.Len() {
			if b.LandAt(i) && usSector[i] == us {
				own = append(own, b.grid.Hex(i))
			}
		}
		dist := hex.BFS[hex.Axial]{Neighbors: hex.Neighbors, Step: func(_, to hex.Axial) bool { return b.OnMap(to) },
			Limit: b.grid.Len(), Expect: b.grid.Len()}.Distances(own...)
		d := make([]int, b.grid.Len())
		for i := range d {
			d[i] = b.grid.Len() // no hex of the side reached
			if n, ok := dist[b.grid.Hex(i)]; ok {
				d[i] = n
			}
		}
		out[us] = d
	}
	return out
}

// beyondArmy is how many hexes a hex lies from the side of the army boundary
// of an Allied unit of a nationality (22.1.2): 0 on it.
func (g *Game) beyondArmy(nationality string, a hex.Axial) int {
	i, ok := g.b.cell(a)
	if g.b.armySide == nil || !ok {
		return 0
	}
	return g.b.armySide[nationality == "us"][i]
}

// withinArmy reports whether an Allied unit of a nationality may stand in a
// hex under the army boundary (22.1.2): on its own army's side or 1 hex
// beyond. A scenario without a us-sector zone has no boundary. In 2.2 the
// boundary ends at "row 16xx" (edition.armyBoundaryEndRow): south of it,
// hexes whose first pair is lower, either army may go anywhere; the first
// edition's boundary runs the whole map (22.1, IT L1435, D42).
func (g *Game) withinArmy(nationality string, a hex.Axial) bool {
	b := g.b
	usSector := b.ZoneCells(ZoneUSSector)
	if usSector == nil {
		return true
	}
	if col, _, _ := b.layout.Offset(a); col < g.ed.armyBoundaryEndRow {
		return true
	}
	ownSide := func(h hex.Axial) bool {
		i, ok := b.cell(h)
		return ok && b.LandAt(i) && usSector[i] == (nationality == "us")
	}
	if ownSide(a) {
		return true
	}
	for _, n := range a.Neighbors() {
		if ownSide(n) {
			return true
		}
	}
	return false
}

// near reports whether a hex lies within the rule's range of one of its
// centre hexes (S3.3).
func (sb specialBar) near(a hex.Axial) bool { return sb.outside(a) <= 0 }

// outside is how many hexes a hex lies beyond the rule's range (S3.3): 0 or
// less within it.
func (sb specialBar) outside(a hex.Axial) int {
	d := 1 << 20
	for _, c := range sb.hexes {
		d = min(d, hex.Distance(c, a)-sb.within)
	}
	return d
}

// outOfBounds is the rule unit i breaks where it stands, outside its
// formation's range (S3.3 II, III) or more than a hex beyond its army
// boundary (22.1.2), after a retreat: "" when it breaks none. Where the
// rules version reads so, such a unit moves back in its next Movement Phase
// (mustMoveBack) and may not attack until it is back (checkRange).
func (g *Game) outOfBounds(i int) string {
	a, on := g.onMap(i)
	if !on {
		return ""
	}
	u := g.unit(i)
	for _, sr := range g.sc.Special {
		if sr.Kind != SpecialRange || sr.Formation != u.Formation || g.s.Turn < sr.From {
			continue
		}
		near := false
		for _, id := range sr.Hexes {
			if c, err := g.b.layout.Parse(id); err == nil && hex.Distance(c, a) <= sr.Within {
				near = true
			}
		}
		if !near {
			return "S3.3"
		}
	}
	if u.Side == Allied && !g.withinArmy(u.Nationality, a) {
		return "22.1.2"
	}
	return ""
}

// mustMoveBack names a unit of the acting player that stands out of bounds
// (outOfBounds), has not moved in this Movement Phase and can move back: the
// phase does not end before it has, where the rules version reads so; ""
// when none.
func (g *Game) mustMoveBack() string {
	if !g.ver.rangeInCombat || g.s.Phase != PhaseMovement {
		return ""
	}
	var ctx *moveContext
	for i := range g.s.Units {
		if g.unit(i).Side != g.s.Side || !g.ownedByActor(i) || g.s.Units[i].Moved || g.outOfBounds(i) == "" {
			continue
		}
		if ctx == nil {
			ctx = g.moveContext(g.s.Side)
		}
		if len(g.unitMoves(ctx, i)) > 0 {
			return g.s.Units[i].ID
		}
	}
	return ""
}

// mustMoveBackRefusal is the refusal of an 'end' while unit id must move
// back.
func (g *Game) mustMoveBackRefusal(id string) error {
	rule := g.outOfBounds(g.index[id])
	return rules.Refuse(rule, "%s stands outside where %s keeps it and can move back: it moves back before the phase ends", id, rule)
}

// checkRange: from the turn a scenario's range binds a formation (S3.3 II,
// III: "mogą poruszać się i/lub atakować tylko"), its units attack only
// hexes within the range, and only once back within it, where the rules
// version reads so.
func (g *Game) checkRange(a AttackCommand, target hex.Axial) error {
	if !g.ver.rangeInCombat {
		return nil
	}
	for _, id := range a.Units() {
		i := g.index[id]
		at, _ := g.onMap(i)
		for _, sb := range g.specialBars(i) {
			sr := g.sc.Special[sb.k]
			switch {
			case sb.kind != SpecialRange:
			case !sb.near(at):
				return rules.Refuse("S3.3", "%s stands outside the range of the %s (%d hexes of %s): it attacks only once back within it", id, sr.Formation, sr.Within, strings.Join(sr.Hexes, ", "))
			case !sb.near(target):
				return rules.Refuse("S3.3", "from turn %d the %s units attack only hexes within %d hexes of %s; %s is not", sr.From, sr.Formation, sr.Within, strings.Join(sr.Hexes, ", "), a.Target)
			}
		}
	}
	return nil
}

// advanceBound: where the rules version reads so, an advance after combat
// goes no farther than the formation's range (S3.3 II, III) nor more than a
// hex beyond the army boundary (22.1.2, L1455: "mogą poruszać się i
// wykonywać Pościg Po Walce nie dalej niż jeden heks poza linię graniczną").
func (g *Game) advanceBound(id string, to hex.Axial) bool {
	i, ok := g.index[id]
	if !ok || !g.ver.rangeInCombat {
		return true
	}
	for _, sb := range g.specialBars(i) {
		if sb.kind == SpecialRange && !sb.near(to) {
			return false
		}
	}
	u := g.unit(i)
	return u.Side != Allied || g.withinArmy(u.Nationality, to)
}
