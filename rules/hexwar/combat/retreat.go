package combat

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
)

// Retreat and advance after combat, searched over callbacks for the map, so
// that the game's board, a test map or a what-if can supply them.

// Map is what retreats and advances need of the map, seen from the moving
// side: the units, their zones of control and bonds, stacking, and the
// game's ground rules. Every function must be set, except the ground rules
// of a search the map is not used for (a retreat map needs no Advance).
type Map struct {
	OnMap func(hex.Axial) bool // a hex the units may stand in
	Enemy func(hex.Axial) bool // enemy units in the hex
	// EnemyZOC: the hex lies in an enemy ZOC.
	EnemyZOC func(hex.Axial) bool
	// ZOCLine: the step crosses or enters an enemy ZOC bond.
	ZOCLine func(from, to hex.Axial) bool
	// Friends reports friendly units that are not moving in this combat:
	// present negates an EZOC for a retreat; hold is the strength of those
	// that can stop a one-hex retreat (Normandy '44 13.3).
	Friends func(hex.Axial) (present bool, hold int)
	// Room: the units can end in the hex without overstacking.
	Room func(to hex.Axial, units []string) bool
	// LastResort, when set, is a hex a retreat may end in only when no
	// other path exists (N44 13.7: friendly units under a Strategic Move
	// marker).
	LastResort func(hex.Axial) bool

	// Retreat is the ground's effect on the step of a retreat from→to, the
	// k-th hex of it (0 for the first): false when the stack may not take
	// it; otherwise p with the step's losses added (rivers, flooded
	// ground).
	Retreat func(from, to hex.Axial, k int, units []RetreatUnit, p RetreatPath) (RetreatPath, bool)
	// Holds: terrain or a fortification where a two-hex retreat may stop
	// after one hex (Normandy '44 13.3).
	Holds func(hex.Axial) bool
	// StopWhereHolds: a retreat of any length may stop at any hex of its
	// path short of its end that the map Holds, unless it is a vacant EZOC
	// hex (RetreatPath.Stopped), and friends never hold it (Salerno '43
	// 12.1.5 from salerno43/3). Otherwise only a two-hex retreat may stop,
	// after one hex (OneHexStop).
	StopWhereHolds bool
	// Advance: the ground lets u advance from→to as the k-th hex of its
	// advance (0 for the first).
	Advance func(u AdvanceUnit, from, to hex.Axial, k int) bool
	// Stops: the ground ends u's advance in a, entered from from (Normandy
	// '44 14.4.1 bocage, 14.4.3 flooded hexes).
	Stops func(u AdvanceUnit, from, a, vacated hex.Axial) bool
	// Leaves: u may go on from a hex it advanced into, from→to (Normandy
	// '44 14.4.1: out of bocage only along a road).
	Leaves func(u AdvanceUnit, from, to hex.Axial) bool
	// ThroughEZOC: entering an enemy ZOC does not stop an advance (Ardennes
	// '44 19.3.2); otherwise it does, but in the vacated hex.
	ThroughEZOC bool
	// ZOCToZOC, if set, replaces the series' ZOC-to-ZOC rule of advances
	// (any two enemy-ZOC hexes, from the advance's second hex on, unless by
	// way of the vacated hex): it reports whether a step goes between two
	// hexes of a zone the game names, of one and the same enemy unit in
	// Normandy '44 14.3.1 and Ardennes '44 19.3.2. ZOCToZOCFirst binds the
	// first step too (N44 14.3.1 under normandy44/5; A44 19.3.2 binds the
	// steps after the first only); ZOCToZOCVacated frees a step into or
	// after the vacated hex (N44 14.3.1; A44 19.3.2 forbids it even so).
	ZOCToZOC        func(from, to hex.Axial) bool
	ZOCToZOCFirst   bool
	ZOCToZOCVacated bool
	// AlongRoad, if set, reports whether an advance steps from one hex into
	// the next along a road that counts for a unit's road bonus
	// (AdvanceUnit.RoadBonus; Ardennes '44 19.1.3).
	AlongRoad func(from, to hex.Axial) bool

	// Loose: a retreat's hexes need not each be one further from the
	// combat's hex; it never enters a hex twice, and the paths that end as
	// many hexes away as the retreat is long are kept when any do
	// (Ardennes '44 17.1, priority 1). False: each hex one further
	// (Normandy '44 13.1.1).
	Loose bool
	// FurtherIfPossible: each hex one further from the combat's hex only
	// where no such path does as well against elimination (Salerno '43
	// 12.1.3 from salerno43/4: priority 1, a retreat that eliminates no
	// unit, comes before priority 2's "if possible" further): when every
	// path of hexes each one further costs losses, or none exists, paths
	// that take hexes no further (never the combat's hex, never a hex
	// twice) stand beside them; of the fewest losses, those with the
	// fewest such hexes (RetreatPath.Aside) are kept. Otherwise each hex
	// one further is a hard rule (unless Loose).
	FurtherIfPossible bool
	// Exit, if set, reports whether a retreat's step off the map ends the
	// retreat in a box beyond the edge (Ardennes '44 11.9.4, 17.6: an
	// Allied unit off the south, west or north edge into an Off-map Area).
	Exit func(from, to hex.Axial) bool
	// ExtraHex: a retreat may enter a vacant EZOC hex after its first, but
	// never two in a row, and one that would end in a vacant EZOC hex goes
	// one extra hex to leave it (Salerno '43 12.2, EX-19); otherwise only
	// the first hex may be a vacant EZOC hex.
	ExtraHex bool
	// FirstEZOCFree: a path whose only vacant EZOC hex is its first ranks
	// with those that enter none (Salerno '43 12.1.3 priority 3 from
	// salerno43/3: the first hex "may" be one); only the paths that enter
	// one later (ExtraHex) give way to the others. Otherwise every path
	// through a vacant EZOC hex gives way to those that avoid one.
	FirstEZOCFree bool
	// Prefer, if set, narrows the legal retreats of units by the game's
	// further priorities once the series' have been applied (Ardennes '44
	// 17.1: end in supply, not overstacked, vehicles on roads). The units
	// are the part of the stack the paths are for, where it may split.
	Prefer func(units []RetreatUnit, paths []RetreatPath) []RetreatPath
	// OverLimit: a stack that finds no hex with Room, even with the extra
	// hexes, ends its retreat over the stacking limit after the hexes the
	// result asks for (RetreatPath.OverLimit), and loses the steps over it
	// (RetreatExcessStage; Ardennes '44 17.4 from ardennes44/2 on); where
	// it may split, only once no unit left can retreat within the limit
	// (RetreatStage). Otherwise such a stack has no retreat and is
	// eliminated.
	OverLimit bool
	// MaxExtension bounds the extra hexes a retreat takes against
	// overstacking: 0 is MaxRetreatExtension (Normandy '44, Salerno '43,
	// Ardennes '44 before ardennes44/4); below 0 there is no bound but the
	// map (Ardennes '44 17.4, L1007: "until a hex within the limit is
	// reached"), and the search goes one extra hex further at a time past
	// MaxRetreatExtension only while no path reaches a hex with room.
	MaxExtension int
	// ExtendOnlyOverLimit: the extra hexes against overstacking are taken
	// only by units that find no retreat of the result's length ending
	// within the limit (Ardennes '44 17.4, L1007, from ardennes44/4 on:
	// they "prevent" an overstack, and 17.1's priority 4 comes before the
	// vehicles' roads). Otherwise extended paths stand beside the others
	// (Normandy '44, Salerno '43).
	ExtendOnlyOverLimit bool
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
	Hexes []hex.Axial
	// Losses is the step loss of the whole stack, for the fewest-losses
	// rule: the units the path eliminates plus the steps it costs.
	Losses int
	// MechLost lists the mechanized units the path eliminates.
	MechLost []string
	// Steps the stack loses between its units, which the owner assigns
	// (N44 13.2.1: one a crossing, or one a retreat, as the game reads
	// AMBIG-24).
	Steps int
	EZOC  bool // the path enters a vacant EZOC hex: the first (or a later one, Map.ExtraHex)
	// LaterEZOC: a vacant EZOC hex after the first (Map.ExtraHex).
	LaterEZOC bool
	OneHex    bool // a 2-hex retreat stopped after 1 hex
	Stopped   bool // the retreat stopped short where the map holds it (Map.StopWhereHolds)
	Extended  int  // extra hexes taken to avoid overstacking
	// Exited: the last hex is off the map, beyond an edge (Map.Exit).
	Exited bool
	// OverLimit: the path ends over the stacking limit, where the hexes
	// the result asks for end, as no hex with Room was in reach
	// (Map.OverLimit).
	OverLimit bool
	// Aside counts the hexes of the path that are no further from the
	// combat's hex than the hex before (Map.FurtherIfPossible).
	Aside int
	// Crossed counts the hexsides of the game's own kind the path has
	// crossed so far, for Map.Retreat to read and add to (Salerno '43
	// 12.3.2: mountain hexsides without a road or a pass, two of which
	// eliminate the unit).
	Crossed int
}

// MaxRetreatExtension bounds the extra hexes a retreat may take to avoid
// overstacking (Normandy '44 13.1.5, Ardennes '44 17.4) unless the map says
// otherwise (Map.MaxExtension): the rules give no number, and two are
// enough to leave any stack of the maps' density.
const MaxRetreatExtension = 2

// RetreatPaths lists the legal retreats of a stack from origin over n
// hexes, each hex one further from origin (Normandy '44 13.1.1, Ardennes '44
// 17.1, Salerno '43 12.1.3; but see Map.Loose and Map.FurtherIfPossible),
// keeping only those with the fewest losses and, among them, those that
// do not end in a last-resort hex if any can (N44 13.7), and among those,
// those that avoid a vacant EZOC if any can (but see Map.FirstEZOCFree);
// only the first hex may be a vacant EZOC hex (but see Map.ExtraHex). A
// two-hex retreat may stop after one hex where the map Holds or friends
// hold the stack's strength, unless that hex is a vacant EZOC hex (but see
// Map.StopWhereHolds). Units that may not retreat at all (MA 0) are the
// caller's. An empty answer means the stack is eliminated.
func RetreatPaths(origin hex.Axial, n int, units []RetreatUnit, m Map) []RetreatPath {
	limit := m.MaxExtension
	if limit <= 0 {
		limit = MaxRetreatExtension
	}
	all, cut := retreatWalk(origin, n, units, m, limit, false)
	for extra := limit + 1; m.MaxExtension < 0 && len(all) == 0 && cut; extra++ {
		// No bound (Map.MaxExtension): one extra hex more at a time, while
		// none reached a hex with room and a path was cut short.
		all, cut = retreatWalk(origin, n, units, m, extra, false)
	}
	if m.FurtherIfPossible && !slices.ContainsFunc(all, func(p RetreatPath) bool { return p.Losses == 0 }) {
		// No path of hexes each one further saves every unit: those that
		// step aside rank with them by their losses (the walk finds both).
		all, _ = retreatWalk(origin, n, units, m, limit, true)
	}
	if len(all) == 0 && m.OverLimit {
		// Every hex has room: each path ends as the result asks, never
		// extended.
		m.Room, m.OverLimit = func(hex.Axial, []string) bool { return true }, false
		over := RetreatPaths(origin, n, units, m)
		for k := range over {
			over[k].OverLimit = true
		}
		return over
	}
	if len(all) == 0 {
		return nil
	}
	if m.ExtendOnlyOverLimit {
		all = withinFirst(all, n)
	}
	if m.Loose && slices.ContainsFunc(all, func(p RetreatPath) bool { return p.fullAway(origin, n) }) {
		all = slices.DeleteFunc(all, func(p RetreatPath) bool { return !p.fullAway(origin, n) })
	}
	least := slices.MinFunc(all, func(a, b RetreatPath) int { return a.Losses - b.Losses }).Losses
	all = slices.DeleteFunc(all, func(p RetreatPath) bool { return p.Losses > least })
	if m.FurtherIfPossible {
		fewest := slices.MinFunc(all, func(a, b RetreatPath) int { return a.Aside - b.Aside }).Aside
		all = slices.DeleteFunc(all, func(p RetreatPath) bool { return p.Aside > fewest })
	}
	if m.LastResort != nil {
		last := func(p RetreatPath) bool { return m.LastResort(p.Hexes[len(p.Hexes)-1]) }
		if slices.ContainsFunc(all, func(p RetreatPath) bool { return !last(p) }) {
			all = slices.DeleteFunc(all, last)
		}
	}
	ranksLower := func(p RetreatPath) bool { return p.EZOC }
	if m.FirstEZOCFree {
		ranksLower = func(p RetreatPath) bool { return p.LaterEZOC }
	}
	if slices.ContainsFunc(all, func(p RetreatPath) bool { return !ranksLower(p) }) {
		all = slices.DeleteFunc(all, ranksLower)
	}
	if m.Prefer != nil {
		all = m.Prefer(units, all)
	}
	return all
}

// withinFirst drops the paths that go on past the hexes the result asks
// for (the extra hexes of Map.ExtendOnlyOverLimit) when any path of n hexes
// or fewer ends with room: those need none.
func withinFirst(all []RetreatPath, n int) []RetreatPath {
	extended := func(p RetreatPath) bool { return len(p.Hexes) > n }
	if !slices.ContainsFunc(all, func(p RetreatPath) bool { return !extended(p) }) {
		return all
	}
	return slices.DeleteFunc(all, extended)
}

// retreatWalk finds the retreats of RetreatPaths, with at most limit extra
// hexes against overstacking; cut reports whether a path was cut short at
// that limit. aside lets a path take hexes no further from origin, each
// counted (Map.FurtherIfPossible).
func retreatWalk(origin hex.Axial, n int, units []RetreatUnit, m Map, limit int, aside bool) (all []RetreatPath, cut bool) {
	strength := 0
	var names []string
	for _, u := range units {
		strength += u.Strength
		names = append(names, u.ID)
	}
	var walk func(path []hex.Axial, p RetreatPath)
	walk = func(path []hex.Axial, p RetreatPath) {
		here := path[len(path)-1]
		k := len(path) - 1 // hexes moved so far
		if k > 0 {
			switch {
			case m.StopWhereHolds && k < n && m.Holds(here) && !vacantEZOC(here, m) && m.Room(here, names):
				q := p
				q.Hexes, q.Stopped = slices.Clone(path[1:]), true
				all = append(all, q)
			case !m.StopWhereHolds && n == 2 && k == 1 && OneHexStop(here, strength, m) && m.Room(here, names):
				q := p
				q.Hexes, q.OneHex = slices.Clone(path[1:]), true
				all = append(all, q)
			}
			if k >= n {
				inEZOC := m.ExtraHex && vacantEZOC(here, m)
				switch {
				case inEZOC && k > n:
					return // the extra hex did not leave the EZOC
				case inEZOC:
					// one extra hex out of the EZOC (S43 12.2)
				case m.Room(here, names):
					q := p
					q.Hexes, q.Extended = slices.Clone(path[1:]), k-n
					all = append(all, q)
					return
				case k >= n+limit:
					cut = true
					return
				}
			}
		}
		for _, next := range here.Neighbors() {
			if m.Loose || aside {
				if next == origin || slices.Contains(path, next) {
					continue
				}
			} else if hex.Distance(origin, next) != k+1 {
				continue
			}
			step := p
			if aside && hex.Distance(origin, next) <= hex.Distance(origin, here) {
				step.Aside++
			}
			if m.Exit != nil && !m.OnMap(next) && m.Exit(here, next) {
				q := step
				q.Hexes, q.Exited = append(slices.Clone(path[1:]), next), true
				all = append(all, q)
				continue
			}
			if q, ok := retreatStep(here, next, k, step, units, m); ok {
				walk(append(path, next), q)
			}
		}
	}
	walk([]hex.Axial{origin}, RetreatPath{})
	return all, cut
}

// fullAway reports whether a retreat ends n hexes from its origin, or off
// the map.
func (p RetreatPath) fullAway(origin hex.Axial, n int) bool {
	return p.Exited || hex.Distance(origin, p.Hexes[len(p.Hexes)-1]) >= n
}

// OneHexStop: a hex where a two-hex retreat may stop after one hex: the
// ground holds it, or friends strong enough to hold the retreating
// strength are there. A vacant EZOC hex never does.
func OneHexStop(a hex.Axial, strength int, m Map) bool {
	present, hold := m.Friends(a)
	if m.EnemyZOC(a) && !present {
		return false
	}
	return m.Holds(a) || hold >= strength
}

// vacantEZOC: a lies in an enemy ZOC and no friendly unit that stays
// negates it.
func vacantEZOC(a hex.Axial, m Map) bool {
	present, _ := m.Friends(a)
	return m.EnemyZOC(a) && !present
}

// retreatStep checks one step of a retreat and adds its losses: never into
// enemy units, off the map or across a ZOC bond; a vacant EZOC hex only
// first; then the ground.
func retreatStep(from, to hex.Axial, k int, p RetreatPath, units []RetreatUnit, m Map) (RetreatPath, bool) {
	if !m.OnMap(to) || m.Enemy(to) || m.ZOCLine(from, to) {
		return p, false
	}
	if vacantEZOC(to, m) {
		if k > 0 && (!m.ExtraHex || vacantEZOC(from, m)) {
			return p, false
		}
		p.EZOC, p.LaterEZOC = true, p.LaterEZOC || k > 0
	}
	return m.Retreat(from, to, k, units, p)
}

// AdvanceUnit is one attacking unit that may advance.
type AdvanceUnit struct {
	ID         string
	From       hex.Axial
	Mechanized bool
	// RoadBonus is how many hexes more it may advance when every step is
	// along a road (Map.AlongRoad; Ardennes '44 19.1.3: 1 for a
	// mechanized unit in supply).
	RoadBonus int
}

// AdvancePaths lists the advances of one unit after combat: every hex it
// may end in, with the path to each, up to n hexes from where it stands, in
// any direction (Normandy '44 14.1, Ardennes '44 19.1, Salerno '43 14.3).
// limited restricts it to the vacated hex. An advance never enters enemy
// units or crosses a ZOC bond but into the vacated hex; entering an EZOC
// hex other than the vacated one stops it (unless ThroughEZOC), and it may
// go from one EZOC hex straight to another only by way of the vacated hex
// (Map.ZOCToZOC).
func AdvancePaths(u AdvanceUnit, vacated hex.Axial, n int, limited bool, m Map) [][]hex.Axial {
	var out [][]hex.Axial
	if limited {
		if hex.Distance(u.From, vacated) == 1 && m.Room(vacated, []string{u.ID}) {
			out = append(out, []hex.Axial{vacated})
		}
		return out
	}
	var walk func(path []hex.Axial, via, road bool)
	walk = func(path []hex.Axial, via, road bool) {
		k := len(path)
		here := u.From
		if k > 0 {
			here = path[k-1]
		}
		for _, next := range here.Neighbors() {
			if next == u.From || slices.Contains(path, next) || !AdvanceStep(u, here, next, k, via, vacated, m) {
				continue
			}
			if k > 0 && !m.Leaves(u, here, next) {
				continue
			}
			// The road bonus counts only when every step is along a road.
			onRoad := road && u.RoadBonus > 0 && m.AlongRoad != nil && m.AlongRoad(here, next)
			reach := n
			if onRoad {
				reach += u.RoadBonus
			}
			if k+1 > reach {
				continue
			}
			q := append(slices.Clip(path), next)
			if m.Room(next, []string{u.ID}) {
				out = append(out, q)
			}
			if k+1 < reach && advanceGoesOn(u, here, next, vacated, m) {
				walk(q, via || next == vacated, onRoad)
			}
		}
	}
	walk(nil, false, true)
	return out
}

// AdvanceStep checks one step of an advance from→to, the map's and the
// ground's rules; k hexes are behind, via says whether one of them was the
// vacated hex.
func AdvanceStep(u AdvanceUnit, from, to hex.Axial, k int, via bool, vacated hex.Axial, m Map) bool {
	if !m.OnMap(to) || m.Enemy(to) {
		return false
	}
	if to != vacated && m.ZOCLine(from, to) {
		return false
	}
	switch {
	case m.ZOCToZOC != nil:
		bound := k > 0 || m.ZOCToZOCFirst
		freed := m.ZOCToZOCVacated && (via || to == vacated)
		if bound && !freed && m.ZOCToZOC(from, to) {
			return false
		}
	case k > 0 && !via && m.EnemyZOC(from) && m.EnemyZOC(to):
		return false
	}
	return m.Advance(u, from, to, k)
}

// advanceGoesOn reports whether a unit that entered a may go one more hex.
func advanceGoesOn(u AdvanceUnit, from, a, vacated hex.Axial, m Map) bool {
	if a != vacated && m.EnemyZOC(a) && !m.ThroughEZOC {
		return false
	}
	return !m.Stops(u, from, a, vacated)
}
