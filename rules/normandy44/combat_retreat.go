package normandy44

import (
	"slices"

	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Retreat after combat (13.x) and advance after combat (14.x), computed over
// callbacks for the map so that the engine, a test map or a what-if can
// supply them.

// CombatMap is what retreats and advances need to know of the map, seen
// from the moving side. Every function must be set.
type CombatMap struct {
	OnMap   func(hx.Axial) bool // a land hex on the map
	Terrain func(hx.Axial) Terrain
	// Fortified: an IP or strongpoint in the hex (13.3).
	Fortified func(hx.Axial) bool
	Feature   func(from, to hx.Axial, f HexsideFeature) bool
	Road      func(from, to hx.Axial) bool
	Enemy     func(hx.Axial) bool // enemy units in the hex
	// EnemyZOC: the hex lies in an enemy ZOC (the engine leaves out ZOC
	// that the Cherbourg line cuts for a German retreat, 16.3).
	EnemyZOC func(hx.Axial) bool
	// ZOCLine: the step crosses or enters an enemy ZOC Line (8.5).
	ZOCLine func(from, to hx.Axial) bool
	// Friends reports friendly units that are not moving in this combat:
	// present negates an EZOC for a retreat (13.1.2); hold is the strength
	// of those that are non-Disrupted, not using DD and not SM, which can
	// stop a one-hex retreat (13.3).
	Friends func(hx.Axial) (present bool, hold int)
	// Room: the units can end in the hex without overstacking (7.2).
	Room func(to hx.Axial, units []string) bool
}

// RetreatUnit is a unit of the retreating stack.
type RetreatUnit struct {
	ID         string
	Strength   int
	Steps      int
	MA         int
	Mechanized bool
}

// RetreatPath is one legal retreat of a stack, with its cost.
type RetreatPath struct {
	Hexes []hx.Axial
	// Losses is the step loss of the whole stack (13.2.1): the mechanized
	// units eliminated plus one step of the non-mechanized units.
	Losses int
	// MechLost lists the mechanized units the path eliminates (13.2.1 b, c).
	MechLost []string
	// StepLoss: the non-mechanized units lose one step between them, which
	// the owner assigns (13.2.1).
	StepLoss bool
	EZOC     bool // the first hex is a vacant EZOC hex (13.1.2)
	OneHex   bool // a 2-hex retreat stopped after 1 hex (13.3)
	Extended int  // extra hexes taken to avoid overstacking (13.1.5)
}

// maxRetreatExtension bounds the extra hexes of 13.1.5; the rule gives no
// number, and two are enough to leave any stack of the map's density.
const maxRetreatExtension = 2

// retreatPaths lists the legal retreats of a stack from origin over n hexes
// (13.1.1: each hex one further from origin), keeping only those with the
// fewest step losses (13.1.4) and, among them, those that avoid a vacant
// EZOC if any can (13.1.2). Units with MA 0 never retreat (13.2.2) and are
// not in units. An empty answer means the stack is eliminated.
func retreatPaths(origin hx.Axial, n int, units []RetreatUnit, m CombatMap) []RetreatPath {
	strength := 0
	var names []string
	for _, u := range units {
		strength += u.Strength
		names = append(names, u.ID)
	}
	var all []RetreatPath
	var walk func(path []hx.Axial, p RetreatPath)
	walk = func(path []hx.Axial, p RetreatPath) {
		here := path[len(path)-1]
		k := len(path) - 1 // hexes moved so far
		if k > 0 {
			// 13.3: a 2-hex retreat may stop after 1 hex.
			if n == 2 && k == 1 && oneHexStop(here, strength, m) && m.Room(here, names) {
				q := p
				q.Hexes, q.OneHex = slices.Clone(path[1:]), true
				all = append(all, q)
			}
			if k >= n {
				if m.Room(here, names) {
					q := p
					q.Hexes, q.Extended = slices.Clone(path[1:]), k-n
					all = append(all, q)
					return
				}
				if k >= n+maxRetreatExtension {
					return
				}
			}
		}
		for _, next := range here.Neighbors() {
			if hx.Distance(origin, next) != k+1 {
				continue
			}
			q, ok := retreatStep(here, next, k, p, units, m)
			if ok {
				walk(append(path, next), q)
			}
		}
	}
	walk([]hx.Axial{origin}, RetreatPath{})
	if len(all) == 0 {
		return nil
	}
	least := slices.MinFunc(all, func(a, b RetreatPath) int { return a.Losses - b.Losses }).Losses
	all = slices.DeleteFunc(all, func(p RetreatPath) bool { return p.Losses > least })
	if slices.ContainsFunc(all, func(p RetreatPath) bool { return !p.EZOC }) {
		all = slices.DeleteFunc(all, func(p RetreatPath) bool { return p.EZOC })
	}
	return all
}

// oneHexStop: a City, Town, Forest or Bocage hex, an IP or strongpoint, or
// friends strong enough to hold the retreating strength (13.3). A vacant
// EZOC hex never stops a one-hex retreat.
func oneHexStop(a hx.Axial, strength int, m CombatMap) bool {
	present, hold := m.Friends(a)
	if m.EnemyZOC(a) && !present {
		return false
	}
	return terrainChart[m.Terrain(a)].StopsRetreat || m.Fortified(a) || hold >= strength
}

// retreatStep checks one retreat step (13.1.2, 13.2) and adds its losses.
func retreatStep(from, to hx.Axial, k int, p RetreatPath, units []RetreatUnit, m CombatMap) (RetreatPath, bool) {
	if !m.OnMap(to) || m.Enemy(to) || m.ZOCLine(from, to) || m.Feature(from, to, Impassable) {
		return p, false // 13.2.2
	}
	t := m.Terrain(to)
	road := m.Road(from, to)
	if (t == Marsh || t == Sea) && !road {
		return p, false
	}
	present, _ := m.Friends(to)
	if m.EnemyZOC(to) && !present {
		if k > 0 {
			return p, false // only the first hex may be a vacant EZOC hex
		}
		p.EZOC = true
	}
	// 13.2.1: a river or flooded hexside crossed later than the first step
	// (the stack did not start adjacent to it), or a flooded hex entered off
	// road.
	major := k > 0 && m.Feature(from, to, MajorRiver) && !road
	flooded := (k > 0 && (m.Feature(from, to, FloodedRiver) && !m.Feature(from, to, Causeway))) ||
		(t == Flooded && !road)
	mechOK := true
	for _, u := range units {
		if !u.Mechanized {
			mechOK = false
		}
	}
	if flooded {
		for _, u := range units {
			if u.Mechanized && !slices.Contains(p.MechLost, u.ID) {
				p.MechLost = append(slices.Clone(p.MechLost), u.ID)
				p.Losses += u.Steps
			}
		}
	}
	// AMBIG-24: one step in all for the non-mechanized units, however many
	// obstacles; on a major river mechanized units are not eliminated and
	// an all-mechanized stack pays the step itself.
	if (major || flooded) && !p.StepLoss && (!mechOK || major) {
		p.StepLoss = true
		p.Losses++
	}
	return p, true
}

// AdvanceUnit is one attacking unit that may advance.
type AdvanceUnit struct {
	ID         string
	From       hx.Axial
	Mechanized bool
}

// mayAdvance: HQs, Werfers, MA-0 units never advance (14.1); parenthesized
// units do when stacked with an attacker (10.7), which the caller knows.
func mayAdvance(u CombatUnit) bool {
	return u.Type != HQ && u.Type != Werfer && u.MA > 0
}

// advancePaths lists the advances of one unit after combat (14.x): the
// hexes it may end in with the path to each. limited restricts it to the
// vacated hex (14.1: EX, DD, DespD, Regroup). The EZOC and ZOC Lines are the
// defender's after the retreat.
func advancePaths(u AdvanceUnit, vacated hx.Axial, limited bool, m CombatMap) [][]hx.Axial {
	var out [][]hx.Axial
	if limited {
		if hx.Distance(u.From, vacated) == 1 && m.Room(vacated, []string{u.ID}) {
			out = append(out, []hx.Axial{vacated})
		}
		return out
	}
	for _, a := range u.From.Neighbors() {
		if !advanceStep(u, u.From, a, 0, false, vacated, m) {
			continue
		}
		if m.Room(a, []string{u.ID}) {
			out = append(out, []hx.Axial{a})
		}
		if !advanceGoesOn(u, u.From, a, vacated, m) {
			continue
		}
		for _, b := range a.Neighbors() {
			if b == u.From || !advanceStep(u, a, b, 1, a == vacated, vacated, m) || !m.Room(b, []string{u.ID}) {
				continue
			}
			if m.Terrain(a) == Bocage && !m.Road(a, b) {
				continue // 14.4.1: out of bocage only along a road
			}
			out = append(out, []hx.Axial{a, b})
		}
	}
	return out
}

// advanceStep checks one advance step (14.3, 14.4). k is the number of
// hexes already advanced; viaVacated means the unit has entered the
// vacated hex.
func advanceStep(u AdvanceUnit, from, to hx.Axial, k int, viaVacated bool, vacated hx.Axial, m CombatMap) bool {
	if !m.OnMap(to) || m.Enemy(to) || m.Feature(from, to, Impassable) {
		return false // 14.4.2
	}
	road := m.Road(from, to)
	t := m.Terrain(to)
	if (t == Marsh || t == Sea) && !road {
		return false
	}
	if to != vacated && m.ZOCLine(from, to) {
		return false // 14.3.2
	}
	// 14.3.1: from an EZOC hex straight to another only through the vacated hex.
	if k > 0 && !viaVacated && m.EnemyZOC(from) && m.EnemyZOC(to) {
		return false
	}
	floodSide := m.Feature(from, to, FloodedRiver) && !m.Feature(from, to, Causeway)
	if u.Mechanized && !road && (t == Flooded || m.Terrain(from) == Flooded || floodSide) {
		return false // 14.4.3
	}
	if k > 0 && floodSide {
		return false // 14.4.3: a flooded hexside only as the first hex
	}
	if k > 0 && m.Feature(from, to, MajorRiver) && !road {
		return false // 14.4.4
	}
	return true
}

// advanceGoesOn reports whether a unit that entered a hex may go one more
// hex (14.3, 14.4): it stops in an EZOC unless it is the vacated hex, in a
// ZOC Line's reach from the vacated hex (checked per step), in bocage
// unless on a road (14.4.1), and a non-mechanized unit in a flooded hex
// off road (14.4.3).
func advanceGoesOn(u AdvanceUnit, from, a, vacated hx.Axial, m CombatMap) bool {
	if a != vacated && m.EnemyZOC(a) {
		return false
	}
	t := m.Terrain(a)
	if t == Bocage && !m.Road(from, a) && a != vacated {
		return false
	}
	if t == Flooded && !m.Road(from, a) {
		return false
	}
	return true
}
