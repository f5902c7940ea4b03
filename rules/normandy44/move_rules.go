package normandy44

import "github.com/pbem-referee/pbem/rules/hexwar"

// Normandy's own movement rules, as step rules of the series' mover
// (rules/hexwar): the scenario's movement rules and the army boundary
// (move_scenario.go), a unit that took a replacement (6.2.5), the Cherbourg
// defense units (17.6.2), Strategic Movement (9.8.1, 9.8.2), Trucks (9.8.6)
// and cyclists (9.9). The core prices the rest by T3: terrain, roads,
// rivers, the causeways (9.11), impassable hexsides, flooded hexes (9.5.1,
// and 9.10's stop: tec.go), enemy units, ZOC and ZOC Lines.

// stepRules lists the step rules that bind unit i's move, in the order a
// refusal names the first that applies.
func (g *Game) stepRules(i int, sm, trucks, repl, confined bool) []hexwar.StepRule {
	r := &g.b.rules
	rs := make([]hexwar.StepRule, 0, 7)
	// A rule that checks nothing is left out: each step's check runs
	// through the list (issue 18).
	if sr := g.scenarioRule(i); sr.Check != nil || sr.Price != nil {
		rs = append(rs, sr)
	}
	if repl {
		rs = append(rs, r.repl)
	}
	if confined {
		rs = append(rs, r.confined)
	}
	if sm {
		rs = append(rs, r.smRoads, r.smEnemy)
	}
	if trucks {
		rs = append(rs, r.trucks)
	}
	return rs
}

// cyclistRules are the rules of a cyclist's 6 MP on the roads (9.9).
func (g *Game) cyclistRules() []hexwar.StepRule {
	return []hexwar.StepRule{g.b.rules.cyclistRoads, g.b.rules.cyclistEnemy}
}

// boardRules are Normandy's step rules that depend on the board alone,
// made once with it.
type boardRules struct {
	repl, confined, smRoads, smEnemy, trucks, cyclistRoads, cyclistEnemy hexwar.StepRule
}

// The edition says what Strategic Movement and the cyclists' road move keep
// away from (D10, D11): hexes next to an enemy unit in 2.2, enemy ZOC in the
// first edition (IT L613-620, L634-636).
func newBoardRules(b *board, ed *edition) boardRules {
	hb := b.Board
	smWhy, cycleWhy := "a unit using Strategic Movement never comes next to an enemy unit, as in %s", "cyclists at 6 MP never enter a hex next to an enemy unit, as %s is"
	if ed.smAvoidsEZOC {
		smWhy = "a unit using Strategic Movement never enters an enemy ZOC, as in %s"
	}
	if ed.bicycleAvoidsEZOC {
		cycleWhy = "cyclists at 6 MP never enter an enemy ZOC, as %s is"
	}
	return boardRules{
		repl:         hexwar.Avoid(hb, hexwar.EnemyZOC, false, "6.2.5", "a unit that took a replacement may not enter an enemy ZOC, as in %s"),
		confined:     hexwar.StayIn(hb, ZoneCherbourg, "17.6.2", "%s is outside the Cherbourg defense area: its units may not leave it until released"),
		smRoads:      hexwar.RoadsOnly(hb, "9.8.1", "Strategic Movement is entirely along roads"),
		smEnemy:      hexwar.Avoid(hb, ed.avoid(ed.smAvoidsEZOC), true, "9.8.2", smWhy),
		trucks:       hexwar.Avoid(hb, hexwar.EnemyZOC, true, "9.8.6", "a unit on Trucks may not enter an enemy ZOC, as in %s"),
		cyclistRoads: hexwar.RoadsOnly(hb, "9.9", "cyclists move 6 MP only along roads"),
		cyclistEnemy: hexwar.Avoid(hb, ed.avoid(ed.bicycleAvoidsEZOC), false, "9.9", cycleWhy),
	}
}
