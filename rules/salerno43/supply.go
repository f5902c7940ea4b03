package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Supply (16.0): a line of supply (LOS) is at most 5 hexes overland, then
// a road of any length, to a source (16.3.1); a line of communication (LOC)
// is the same with an unlimited overland part that may cross one road-less,
// pass-less mountain hexside next to the unit (16.5.1). The core's tracer
// runs each with Salerno's rules of what closes a step.

// supplyMap is one side's supply in a position: the LOS and LOC statuses
// of every hex.
type supplyMap struct {
	side     Side
	los, loc map[int]hexwar.SupplyStatus
	// short are the units a port's LOS reaches beyond its capacity
	// (optional 25.3): out of supply.
	short map[int]bool
}

// supplyStatuses is side's lines as traced last (supplyKept), traced again
// if what they were traced from has changed since. Callers only read it.
func (g *Game) supplyStatuses(side Side) supplyMap {
	k := &g.supplyKept[sideIndex(side)]
	if *k == nil || !(*k).holds(&g.s) {
		s := &g.s
		*k = &supplyTrace{units: slices.Clone(s.Units), control: slices.Clone(s.Control), east: slices.Clone(s.East),
			turn: s.Turn, abandoned: s.Abandoned, m: g.traceSupply(side)}
	}
	return (*k).m
}

// supplyTrace is a side's supply map with what it was traced from: the
// units, the control of hexes, the turn and the east entry areas friendly
// to the Allies (21.2.1, S2.3.7), all that its trace reads of the state
// (supplySources, supplyRules, portShort; the rest is the scenario's). A
// game asks for it many times with none of these changed: each Preparation
// and Supply Phase, every combat's retreats, the victory check. It is never
// changed once made: clones share it.
type supplyTrace struct {
	units     []unitState
	control   []string
	east      []string
	turn      int
	abandoned bool
	m         supplyMap
}

// holds reports whether t was traced from what s holds.
func (t *supplyTrace) holds(s *state) bool {
	return t.turn == s.Turn && t.abandoned == s.Abandoned && slices.Equal(t.units, s.Units) &&
		slices.Equal(t.control, s.Control) && slices.Equal(t.east, s.East)
}

// traceSupply traces side's lines.
func (g *Game) traceSupply(side Side) supplyMap {
	goals := g.supplySources(side)
	m := supplyMap{side: side,
		los: hexwar.NewTracer(g.b.Board, g.supplyRules(side, false)).Statuses(goals),
		loc: hexwar.NewTracer(g.b.Board, g.supplyRules(side, true)).Statuses(goals)}
	if side == Allied && g.opt.portSupply {
		m.short = g.portShort()
	}
	return m
}

// status is unit i's: InSupply with a LOS, Isolated without a LOC, else
// OutOfSupply. A unit in a friendly entry area is in supply (16.2.1), and
// a paratroop unit on the turn it dropped (21.6.3), which checks no
// supply then.
func (m supplyMap) status(g *Game, i int) hexwar.SupplyStatus {
	us := g.s.Units[i]
	if us.Hex == "" {
		if a, ok := strings.CutPrefix(us.Box, boxEntry); ok && g.friendlyArea(m.side, a) {
			return hexwar.InSupply
		}
		if us.Box == BoxFloating {
			return hexwar.InSupply
		}
		return hexwar.Isolated
	}
	if us.Dropped == g.s.Turn {
		return hexwar.InSupply // 21.6.3: Dropped is 0 but under salerno43/3
	}
	k, _ := g.b.CellOf(us.Hex)
	if m.short[i] {
		return hexwar.OutOfSupply // 25.3
	}
	if m.los[k] == hexwar.InSupply {
		return hexwar.InSupply
	}
	if m.loc[k] == hexwar.Isolated {
		return hexwar.Isolated
	}
	return hexwar.OutOfSupply
}

func (m supplyMap) inSupply(g *Game, i int) bool { return m.status(g, i) == hexwar.InSupply }

// supplySources are side's sources (16.2): the German N1 and N2 and every
// other entry area still friendly (16.2.1), reached at the map hexes next
// to them; the Allied BH hexes whose BH unit stands (18.1.2) and the ports
// they control, other than Sorrento and Torre Annunziata (18.2.2), that
// hold an Allied unit or lie in no German ZOC (16.2.2); from turn 11 the
// south-edge areas (21.2.1).
func (g *Game) supplySources(side Side) []hex.Axial {
	out := g.supplyBases(side)
	if side == German {
		return out
	}
	for _, id := range g.supplyPorts() {
		a, _ := g.b.Hex(id)
		out = append(out, a)
	}
	return out
}

// supplyBases are side's sources but the ports: the friendly entry areas
// and the BH (16.2).
func (g *Game) supplyBases(side Side) []hex.Axial {
	var out []hex.Axial
	for name, hexes := range g.b.areas {
		if g.friendlyArea(side, name) {
			out = append(out, hexes...)
		}
	}
	if side == German {
		return out
	}
	for i, u := range g.sc.Units {
		if a, ok := g.axial(i); ok && u.Beachhead() {
			out = append(out, a)
		}
	}
	return out
}

// supplyPorts are the ports that are Allied sources (16.2.2), by id.
func (g *Game) supplyPorts() []string {
	var out []string
	ezoc := g.pos().zoc(German)
	for id, p := range g.b.ports {
		a, _ := g.b.Hex(id)
		if p.Unusable || !g.controls(Allied, id) {
			continue
		}
		if g.held(a) == Allied || !ezoc.Has(a) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// held is the side whose units stand in a, "" for none.
func (g *Game) held(a hex.Axial) Side {
	for _, i := range g.pos().at(a) {
		return g.sc.Units[i].Side
	}
	return ""
}

// supplyRules are 16.3's for side's lines; loc: the line of communication
// of 16.5.1.
func (g *Game) supplyRules(side Side, loc bool) hexwar.SupplyRules {
	b := g.b
	enemy := other(side)
	occ := g.occupants()
	n := b.Grid().Len()
	enemyAt := make([]bool, n)
	friendAt := make([]bool, n)
	for a, units := range occ {
		k, _ := b.Cell(a)
		for _, i := range units {
			if g.sc.Units[i].Side == enemy {
				enemyAt[k] = true
			} else {
				friendAt[k] = true
			}
		}
	}
	ezoc := g.pos().zoc(enemy)
	bonds := g.pos().bonds(enemy, func(a string) bool { return g.friendlyArea(enemy, a) })
	// open: a hex a line may use (16.3.4): not an empty enemy-controlled
	// port, city or VP hex.
	open := func(k int) bool {
		return !b.key[k] || friendAt[k] || g.controls(side, b.IDAt(k))
	}
	// zoc: an enemy ZOC hex no friendly unit negates (16.3.2).
	zoc := func(k int) bool { return ezoc.HasAt(k) && !friendAt[k] }
	r := hexwar.SupplyRules{
		OffRoad: 5,
		Enemy:   enemyAt,
		Step: func(i, j int, d hex.Direction, first bool) bool {
			if b.mountainNoRoadAt(i, d) && !(loc && first) {
				return false // 16.3.2, 16.5.1
			}
			if bonds.BlocksAt(i, j, d, friendAt[j]) {
				return false // 7.2
			}
			if !first && zoc(i) && zoc(j) {
				return false // 16.3.2: never two EZOC hexes in a row
			}
			return open(j)
		},
		// 16.3.3: the road part enters no EZOC hex nor an enemy-held city
		// or VP hex.
		RoadOpen: func(k int) bool { return !zoc(k) && open(k) },
	}
	// 16.3.2: a swamp hex counts 2 of the overland part's 5, unless the
	// line enters it along a road.
	r.OverlandCost = func(i, j int, _ hex.Direction) int {
		if b.TerrainAt(j) == Swamp && b.Road(b.Grid().Hex(i), b.Grid().Hex(j)) == "" {
			return 2
		}
		return 1
	}
	return r
}
