package ardennes44

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Ardennes '44's own movement rules, as step rules of the series' mover
// (rules/hexwar). The core prices the rest by the chart: terrain, roads,
// rivers and wooded-rough hexsides crossed as a first move, enemy units,
// ZOC and ZOC bonds.

// moveRefs are the numbers the core's refusals cite (11.1, 9.2.1, 10.2,
// 13.1).
var moveRefs = &hexwar.MoveRefs{Path: "11.1", OffMap: "11.9", Enemy: "11.1", ZOC: "9.2.1", Bond: "10.2",
	BondName: "ZOC bond", Entry: "13.1", Tactical: "11.3"}

// crossTactical: an unbridged river, the Meuse or a road-less wooded-rough
// hexside is crossed only by Tactical Movement, as its first hex (11.4.1,
// 11.4.2, 11.6); the chart keeps vehicles off them.
func (g *Game) crossTactical() hexwar.StepRule {
	b := g.b
	river, _ := b.Bit(River)
	meuse, _ := b.Bit(Meuse)
	wr, _ := b.Bit(WRSide)
	return hexwar.StepRule{
		Check: func(m *hexwar.Mover, s *hexwar.Step) int {
			if s.From >= 0 && s.Road == "" && s.Sides&(river|meuse|wr) != 0 && !m.Tactical {
				return 1
			}
			return 0
		},
		Refuse: func(_ int, from, to hex.Axial) error {
			what := "an unbridged river"
			if b.feature(from, to, WRSide) {
				what = "a wooded-rough hexside without a road"
			}
			return rules.Refuse("11.4.1, 11.6", "infantry crosses %s (%s/%s) only by Tactical Movement, from next to it", what, b.id(from), b.id(to))
		},
	}
}

// vehicleWoods: vehicles enter or leave West Wall and forest hexes only
// along a road (11.5, OCR-7); the chart keeps them off road out of forest
// and wooded rough, this keeps them from leaving one off road too.
func (g *Game) vehicleWoods() hexwar.StepRule {
	b := g.b
	return hexwar.StepRule{
		Check: func(m *hexwar.Mover, s *hexwar.Step) int {
			if !m.Mech || s.Road != "" {
				return 0
			}
			to := b.Grid().Hex(s.To)
			if b.westWall(to) {
				return 1
			}
			if s.From >= 0 {
				from := b.Grid().Hex(s.From)
				if b.westWall(from) || woods(b.terrain(from)) {
					return 2
				}
			}
			return 0
		},
		Refuse: func(code int, from, to hex.Axial) error {
			if code == 1 {
				return rules.Refuse("11.5", "vehicles enter the West Wall hex %s only along a road", b.id(to))
			}
			return rules.Refuse("11.5", "vehicles leave %s only along a road", b.id(from))
		},
	}
}

// traffic prices enemy Traffic and Greif markers (+2 MP, 24.2), enemy
// Roadblocks (+2 MP, 33.1) and the St-Vith bottleneck (+4 MP for German
// units, +2 while they control St-Vith, 24.7); Tactical Movement ignores
// all three (11.3). An enemy Roadblock keeps SM units out (33.1, CON-7).
// It reads only the position: while Legal runs it is made once (memo).
func (g *Game) traffic(side Side, sm bool) hexwar.StepRule {
	return remember(g.memo, func(m *memo) *map[trafficKey]hexwar.StepRule { return &m.traffic }, trafficKey{side, sm}, func() hexwar.StepRule {
		return g.newTraffic(side, sm)
	})
}

// newTraffic is traffic made from the position.
func (g *Game) newTraffic(side Side, sm bool) hexwar.StepRule {
	b := g.b
	enemyMarker := make([]bool, b.Grid().Len())
	roadblock := make([]bool, b.Grid().Len())
	for _, m := range g.s.Traffic {
		if m.Side != side {
			if i, ok := b.CellOf(m.Hex); ok {
				enemyMarker[i] = true
			}
		}
	}
	for _, m := range g.s.Roadblocks {
		if m.Side != side {
			if i, ok := b.CellOf(m.Hex); ok {
				enemyMarker[i], roadblock[i] = true, true
			}
		}
	}
	bottleneck := make([]bool, b.Grid().Len())
	extra := 4 * hexwar.MP
	if side == German {
		for h := range b.bottleneck {
			if i, ok := b.CellOf(h); ok {
				bottleneck[i] = true
			}
		}
		if g.sc.StVith != "" && g.controller(g.occupancy(), g.sc.StVith) == German {
			extra = 2 * hexwar.MP
		}
	}
	return hexwar.StepRule{
		Price: func(m *hexwar.Mover, s *hexwar.Step) int {
			if sm && roadblock[s.To] {
				return 1
			}
			if m.Tactical {
				return 0
			}
			if enemyMarker[s.To] {
				s.Cost += 2 * hexwar.MP
			}
			if bottleneck[s.To] {
				s.Cost += extra
			}
			return 0
		},
		Refuse: func(_ int, _, to hex.Axial) error {
			return rules.Refuse("33.1", "units in Strategic Movement never enter the enemy Roadblock in %s", b.id(to))
		},
	}
}

// boundaries: German units never cross an army boundary before turn 5
// (11.10.1). The rule is a hexside a move may not cross; no unit belongs to
// a sector (AMB-54).
func (g *Game) boundaries() hexwar.StepRule {
	b := g.b
	bit, _ := b.Bit(ArmyBoundary)
	return hexwar.StepRule{
		Check: func(_ *hexwar.Mover, s *hexwar.Step) int {
			if s.From >= 0 && s.Sides&bit != 0 {
				return 1
			}
			return 0
		},
		Refuse: func(_ int, from, to hex.Axial) error {
			return rules.Refuse("11.10.1", "German units cross no army boundary before turn 5 (%s/%s)", b.id(from), b.id(to))
		},
	}
}

// boundaryBack: a German unit across an army boundary from a retreat
// crosses back over it before turn 5, once a move (11.10.2: it rallies
// again once it "przekroczy z powrotem"; 11.10.1 keeps every other
// crossing out). The path's mark is the crossing made.
func (g *Game) boundaryBack() hexwar.StepRule {
	b := g.b
	bit, _ := b.Bit(ArmyBoundary)
	return hexwar.StepRule{
		Check: func(_ *hexwar.Mover, s *hexwar.Step) int {
			switch {
			case s.From < 0 || s.Sides&bit == 0:
			case s.Marked:
				return 1
			default:
				s.Mark = true
			}
			return 0
		},
		Refuse: func(_ int, from, to hex.Axial) error {
			return rules.Refuse("11.10.1", "a German unit crosses back over the army boundary once, and no boundary else, before turn 5 (%s/%s)", b.id(from), b.id(to))
		},
		Marks: true,
	}
}

// divisionLines: on turn 1 no German unit enters another division's start
// position or the rear area behind them (29.1.2); own is the start
// position the unit stands in.
func (g *Game) divisionLines(own string) hexwar.StepRule {
	b := g.b
	return hexwar.StepRule{
		Check: func(_ *hexwar.Mover, s *hexwar.Step) int {
			to := b.Grid().Hex(s.To)
			id := b.id(to)
			if d, ok := b.start[id]; ok && d != own {
				return 1
			}
			if b.zone(ZoneRear, to) {
				return 2
			}
			return 0
		},
		Refuse: func(code int, _, to hex.Axial) error {
			if code == 1 {
				return rules.Refuse("29.1.2", "on turn 1 no German unit enters another division's start position (%s, %s's)", b.id(to), b.start[b.id(to)])
			}
			return rules.Refuse("29.1.2", "on turn 1 no German unit enters the rear area behind the start positions (%s)", b.id(to))
		},
	}
}

// keepOut bars the hexes of set, with a refusal (29.4, 27.3.1).
func keepOut(b *board, set []bool, rule, why string) hexwar.StepRule {
	return hexwar.StepRule{
		Check: func(_ *hexwar.Mover, s *hexwar.Step) int {
			if set[s.To] {
				return 1
			}
			return 0
		},
		Refuse: func(_ int, _, to hex.Axial) error { return rules.Refuse(rule, why, b.id(to)) },
	}
}

// blownRoads is the mover's and the tracer's RoadCut: a bridge with a
// Blown or Working marker counts as no bridge (7.2, 7.8).
func (g *Game) blownRoads() func(f int, d hex.Direction) bool {
	if g.memo == nil {
		return g.readBlownRoads()
	}
	if !g.memo.cutOK {
		g.memo.cut, g.memo.cutOK = g.readBlownRoads(), true
	}
	return g.memo.cut
}

// readBlownRoads is blownRoads read from the state.
func (g *Game) readBlownRoads() func(f int, d hex.Direction) bool {
	if len(g.s.Bridges) == 0 {
		return nil
	}
	b := g.b
	cut := map[[2]int]bool{}
	for _, br := range g.s.Bridges {
		x, y, ok := b.parseSide(br.Side)
		if !ok {
			continue
		}
		i, _ := b.Cell(x)
		j, _ := b.Cell(y)
		cut[[2]int{i, j}], cut[[2]int{j, i}] = true, true
	}
	return func(f int, d hex.Direction) bool {
		t, ok := b.Grid().Neighbor(f, d)
		return ok && cut[[2]int{f, t}]
	}
}

// roadCost is what a mechanized unit pays along a road from turn 11, the
// Frozen Ground (28.1).
func (g *Game) roadCost() func(m *hexwar.Mover, c RoadClass) int {
	if g.s.Turn < frozenFrom {
		return nil
	}
	return func(m *hexwar.Mover, c RoadClass) int {
		if m.Mech {
			return g.b.chart.Frozen[c]
		}
		return m.Board.TEC().Roads[c].NonMech
	}
}
