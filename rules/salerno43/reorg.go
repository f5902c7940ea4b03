package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Reorganization Phase (13.4): the phasing side's DG and Shattered
// units not in an enemy ZOC recover one level; those in one roll on the
// Recovery Table (13.5); the phasing side's ½ Eff markers come off (5.7;
// only the phasing player's).
func (g *Game) enterReorg() []rules.Event {
	side := g.s.Side
	ezoc := g.pos().zoc(other(side))
	var events []rules.Event
	g.s.Rolls = nil
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.sc.Units[i].Side != side {
			continue
		}
		us.HalfEff, us.Repl, us.Truck = false, false, false // 5.7, 20.4, 5.8
		if us.Status == GoodOrder {
			continue
		}
		if a, ok := g.axial(i); ok && ezoc.Has(a) {
			g.s.Rolls = append(g.s.Rolls, us.ID)
			continue
		}
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("%s recovers: %s (13.4)", us.ID, recover(us))})
	}
	return events
}

// recover raises a unit one level (13.4): SH to DG, DG to Good Order.
func recover(us *unitState) string {
	if us.Status == Shattered {
		us.Status = Disorganized
		return "DG"
	}
	us.Status = GoodOrder
	return "Good Order"
}

// recoveryTable is T7 (13.5): 5-6 recover one level.
var recoveryTable = combat.Table[bool]{Name: "Recovery Table", Rule: "13.5", Lo: 1,
	Rows: [][]bool{{false}, {false}, {false}, {false}, {true}, {true}}}

// rollRecovery takes the die of the next unit on the Recovery Table
// (13.5): +2 in a beachhead or a city, +1 elite, -1 low quality; a result
// below 1 reads 1, above 6 reads 6.
func (g *Game) rollRecovery(die int) []rules.Event {
	id := g.s.Rolls[0]
	g.s.Rolls = g.s.Rolls[1:]
	i := g.index(id)
	drm := 0
	if a, ok := g.axial(i); ok {
		if g.b.Terrain(a) == City || g.beachheadAt(a) {
			drm += 2
		}
	}
	drm += qualityDRM(g.pos().face(i).Quality)
	us := &g.s.Units[i]
	text := fmt.Sprintf("Recovery of %s: die %d%+d, stays %s (13.5)", id, die, drm, us.Status)
	if recoveryTable.Roll(0, die, drm) {
		text = fmt.Sprintf("Recovery of %s: die %d%+d, recovers: %s (13.5)", id, die, drm, recover(us))
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
}

// qualityDRM is +1 elite, -1 low quality (11.2.4, 13.5).
func qualityDRM(q Quality) int {
	switch q {
	case Elite:
		return 1
	case Low:
		return -1
	}
	return 0
}

// beachheadAt: a BH unit stands in a.
func (g *Game) beachheadAt(a hex.Axial) bool {
	return slices.ContainsFunc(g.pos().at(a), func(j int) bool { return g.sc.Units[j].Beachhead() })
}

// nearCityOrCorps: unit i traces a LOS (16.3) to a city its side
// controls or to a corps ASU of its side (16.5.5). salerno43/1 and /2 read
// it as one within 5 hexes, the LOS's overland length.
func (g *Game) nearCityOrCorps(i int) bool {
	side := g.sc.Units[i].Side
	at, ok := g.axial(i)
	if !ok {
		return false
	}
	goals := g.citiesAndCorps(side, i)
	if g.ver.attritionLOS {
		return g.losReaches(side, at, goals)
	}
	return slices.ContainsFunc(goals, func(a hex.Axial) bool { return hex.Distance(a, at) <= 5 })
}

// citiesAndCorps are the hexes of the cities side controls and of its
// corps ASU but unit i (16.5.5).
func (g *Game) citiesAndCorps(side Side, i int) []hex.Axial {
	var out []hex.Axial
	for _, a := range g.b.LandHexes() {
		if g.b.Terrain(a) == City && g.controls(side, g.b.ID(a)) {
			out = append(out, a)
		}
	}
	for j, u := range g.sc.Units {
		if a, on := g.axial(j); on && j != i && u.Side == side && u.ASU() && u.Level == "corps" {
			out = append(out, a)
		}
	}
	return out
}

// The Supply Phase (16.1): every unit of the phasing side is checked;
// those without a LOS get a white OOS marker, those without a LOC the red
// one (16.5.1); isolated units next to an enemy combat unit that were
// isolated before this phase roll on the Isolation Attrition table
// (16.5.2); an isolated ASU with no LOS to a friendly non-ASU unit is
// eliminated at once (16.5.2, A-25).
func (g *Game) enterSupply() []rules.Event {
	side := g.s.Side
	st := g.supplyStatuses(side)
	var events []rules.Event
	g.s.Rolls = nil
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.sc.Units[i].Side != side {
			continue
		}
		if us.Hex == "" {
			g.suppliedInArea(i)
			continue
		}
		was := us.Isolated
		s := st.status(g, i)
		us.OOS, us.Isolated = s != hexwar.InSupply, s == hexwar.Isolated
		if !us.Isolated {
			continue
		}
		a, _ := g.axial(i)
		if g.sc.Units[i].ASU() {
			if !g.asuCovered(i) {
				g.eliminate(i)
				us.NoReturn = true // 16.5.6
				events = append(events, rules.Event{Seat: rules.Seat(side), Text: us.ID + " isolated alone: eliminated (16.5.2)"})
			}
			continue
		}
		if was && g.nextToEnemy(a, side) {
			g.s.Rolls = append(g.s.Rolls, us.ID)
		}
	}
	return events
}

// suppliedInArea takes the OOS and Isolated markers off unit i if it stands
// in an entry area friendly to its side, a source (16.1, 16.2). Units in
// the Floating Reserve keep theirs: 16.2 names no source there.
// salerno43/1 and /2 left every unit off the map as it was.
func (g *Game) suppliedInArea(i int) {
	if area := g.unitArea(i); g.ver.areaSupply && area != "" && g.friendlyArea(g.sc.Units[i].Side, area) {
		g.s.Units[i].OOS, g.s.Units[i].Isolated = false, false
	}
}

// asuCovered: isolated ASU i is immune to isolation attrition, stacked
// with or tracing a LOS (16.3) to a friendly unit that is no ASU (16.5.2).
// salerno43/1 and /2 looked in its own hex only.
func (g *Game) asuCovered(i int) bool {
	side := g.sc.Units[i].Side
	friend := func(j int) bool { return j != i && !g.sc.Units[j].ASU() && g.sc.Units[j].Side == side }
	a, _ := g.axial(i)
	if !g.ver.asuLOS {
		return slices.ContainsFunc(g.pos().at(a), friend)
	}
	var goals []hex.Axial
	for j := range g.sc.Units {
		if b, on := g.axial(j); on && friend(j) {
			goals = append(goals, b)
		}
	}
	return g.losReaches(side, a, goals)
}

// losReaches: side can trace a LOS (16.3) from a to one of the goals, as
// to a source: 5 hexes overland, then roads.
func (g *Game) losReaches(side Side, a hex.Axial, goals []hex.Axial) bool {
	if len(goals) == 0 {
		return false
	}
	k, _ := g.b.Cell(a)
	return hexwar.NewTracer(g.b.Board, g.supplyRules(side, false)).Statuses(goals)[k] == hexwar.InSupply
}

func (g *Game) supplyPrompt() string {
	if len(g.s.Rolls) > 0 {
		return "the isolation attrition dice (16.5.3)"
	}
	return "ready ASU ('ready UNIT', 1 SP each, 17.5), then 'end'"
}

// attritionTable is T8 (16.5.3): 1-4 a step lost.
var attritionTable = combat.Table[bool]{Name: "Isolation Attrition", Rule: "16.5.3", Lo: 1,
	Rows: [][]bool{{true}, {true}, {true}, {true}, {false}, {false}}}

// rollAttrition takes the die of the next isolated unit (16.5.3): +2 if it
// traces a LOS to a friendly city or corps ASU (16.5.5), +1 for an Allied
// unit in Clear weather.
func (g *Game) rollAttrition(die int) []rules.Event {
	id := g.s.Rolls[0]
	g.s.Rolls = g.s.Rolls[1:]
	i := g.index(id)
	drm := 0
	if g.nearCityOrCorps(i) {
		drm += 2
	}
	if g.sc.Units[i].Side == Allied && g.clearWeather() {
		drm++
	}
	text := fmt.Sprintf("Isolation attrition of %s: die %d%+d, no effect (16.5.3)", id, die, drm)
	if attritionTable.Roll(0, die, drm) {
		text = fmt.Sprintf("Isolation attrition of %s: die %d%+d, %v (16.5.3)", id, die, drm, g.loseSteps(i, 1))
		if !g.alive(i) {
			g.s.Units[i].NoReturn = true // 16.5.6
		}
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
}
