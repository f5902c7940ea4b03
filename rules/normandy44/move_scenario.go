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
		sb := specialBar{k: k, kind: sr.Kind, zone: g.b.ZoneCells(sr.Zone), within: sr.Within}
		switch {
		case sr.Kind == SpecialNoEntry:
		case sr.Kind == SpecialNoCross && sr.Side == u.Side:
		case sr.Kind == SpecialRange && sr.Formation == u.Formation && g.s.Turn >= sr.From:
			for _, id := range sr.Hexes {
				if a, err := g.b.layout.Parse(id); err == nil {
					sb.hexes = append(sb.hexes, a)
				}
			}
		default:
			continue
		}
		out = append(out, sb)
	}
	return out
}

// scenarioRule applies the scenario's own movement rules that bind unit i
// now (specialBars) to each step of its move: zones no unit may enter
// (S3.1), zone edges a side may not cross (S3.1), and formations held near
// given hexes from a turn on (S3.3 II, III); then the army boundary (22.1.2).
// A bar's code is 1 for the army boundary, 2 + the index in the scenario's
// special rules otherwise. The entry hex of a reinforcement is not checked.
func (g *Game) scenarioRule(i int) hexwar.StepRule {
	specials := g.specialBars(i)
	u := g.unit(i)
	grid := g.b.grid
	in := func(zone []bool, i int) bool { return zone != nil && i >= 0 && zone[i] }
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
					if !sb.near(grid.Hex(s.To)) {
						return 2 + sb.k
					}
				}
			}
			if u.Side == Allied && !g.withinArmy(u.Nationality, grid.Hex(s.To)) {
				return 1
			}
			return 0
		},
		Refuse: func(code int, _, to hex.Axial) error { return g.scenarioRefusal(u, code, to) },
	}
}

// scenarioRefusal is the refusal of unit u's step into to by scenarioRule's
// code.
func (g *Game) scenarioRefusal(u *Unit, code int, to hex.Axial) error {
	b := g.b
	if code == 1 {
		return rules.Refuse("22.1.2", "%s units go at most 1 hex beyond their army boundary; %s is farther", u.Nationality, b.id(to))
	}
	sr := g.sc.Special[code-2]
	switch sr.Kind {
	case SpecialNoEntry:
		return rules.Refuse("S3.1", "no unit may enter %s (scenario zone %s)", b.id(to), sr.Zone)
	case SpecialNoCross:
		return rules.Refuse("S3.1", "%s units may not cross the edge of %s", u.Side, sr.Zone)
	}
	return rules.Refuse("S3.3", "from turn %d the %s units stay within %d hexes of %s", sr.From, sr.Formation, sr.Within, strings.Join(sr.Hexes, ", "))
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
func (sb specialBar) near(a hex.Axial) bool {
	for _, c := range sb.hexes {
		if hex.Distance(c, a) <= sb.within {
			return true
		}
	}
	return false
}
