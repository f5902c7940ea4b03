package normandy44

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Normandy's own movement rules, as step rules of the series' mover
// (rules/hexwar): the scenario's movement rules and the army boundary
// (move_scenario.go), a unit that took a replacement (6.2.5), the Cherbourg
// defense units (17.6.2), Strategic Movement (9.8.1, 9.8.2), Trucks (9.8.6),
// cyclists (9.9), and flooded hexes (9.5.1, 9.10). The core prices the rest
// by T3: terrain, roads, rivers, the causeways (9.11), impassable hexsides,
// enemy units, ZOC and ZOC Lines.

// stepRules lists the step rules that bind unit i's move, in the order a
// refusal names the first that applies.
func (g *Game) stepRules(i int, sm, trucks, repl, confined bool) []hexwar.StepRule {
	b := g.b.Board
	rs := []hexwar.StepRule{g.scenarioRule(i)}
	if repl {
		rs = append(rs, hexwar.Avoid(b, hexwar.EnemyZOC, false, "6.2.5", "a unit that took a replacement may not enter an enemy ZOC, as in %s"))
	}
	if confined {
		rs = append(rs, hexwar.StayIn(b, ZoneCherbourg, "17.6.2", "%s is outside the Cherbourg defense area: its units may not leave it until released"))
	}
	if sm {
		rs = append(rs, hexwar.RoadsOnly(b, "9.8.1", "Strategic Movement is entirely along roads"),
			hexwar.Avoid(b, hexwar.NextToEnemy, true, "9.8.2", "a unit using Strategic Movement never comes next to an enemy unit, as in %s"))
	}
	if trucks {
		rs = append(rs, hexwar.Avoid(b, hexwar.EnemyZOC, true, "9.8.6", "a unit on Trucks may not enter an enemy ZOC, as in %s"))
	}
	return append(rs, g.floodedRule())
}

// cyclistRules are the rules of a cyclist's 6 MP on the roads (9.9).
func (g *Game) cyclistRules() []hexwar.StepRule {
	b := g.b.Board
	return []hexwar.StepRule{
		hexwar.RoadsOnly(b, "9.9", "cyclists move 6 MP only along roads"),
		hexwar.Avoid(b, hexwar.NextToEnemy, false, "9.9", "cyclists at 6 MP never enter a hex next to an enemy unit, as %s is"),
	}
}

// floodedRule: a mechanized unit leaves a flooded hex only by road (9.5.1),
// and Tactical Movement stops on entering a flooded hex (9.10). The chart
// prices the rest of 9.5.1 (the flooded hex, the flooded river).
func (g *Game) floodedRule() hexwar.StepRule {
	b := g.b
	return hexwar.StepRule{
		Check: func(m *hexwar.Mover, s *hexwar.Step) int {
			if m.Mech && s.From >= 0 && s.Road == "" && b.TerrainAt(s.From) == Flooded {
				return 1
			}
			return 0
		},
		Price: func(m *hexwar.Mover, s *hexwar.Step) int {
			if m.Tactical && b.TerrainAt(s.To) == Flooded {
				s.StopFor("9.10", "Tactical Movement stops on entering a flooded hex")
			}
			return 0
		},
		Refuse: func(_ int, from, _ hex.Axial) error {
			return rules.Refuse("9.5.1", "a mechanized unit leaves the flooded hex %s only by road", b.id(from))
		},
	}
}
