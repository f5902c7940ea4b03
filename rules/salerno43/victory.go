package salerno43

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Victory (23.0): only the Allies score VP: the objective hexes they
// control that trace a LOS to an Allied port, BH or friendly entry area
// (23.1.1), the north areas they entered (23.1.4), the critical units
// (23.1.2) and, in Avalanche, -1 for each BH lost (23.1.3). Automatic
// victory from turn 4 at the benchmark +-5, or at 20 VP (23.2; A-50: in
// Avalanche too).

// vp counts the Allied VP now.
func (g *Game) vp() int {
	st := g.supplyStatuses(Allied)
	total := 0
	for id, pts := range g.b.vp {
		if !g.controls(Allied, id) {
			continue
		}
		k, _ := g.b.CellOf(id)
		if st.los[k] == hexwar.InSupply { // a LOS from the hex (23.1.1, A-52)
			total += pts
		}
	}
	for _, n := range g.s.North {
		if g.areaSupplied(n) { // 23.1.4, A-19: re-tested at each check
			total += northPoints(n)
		}
	}
	for i, u := range g.sc.Units {
		if g.s.Units[i].Box != BoxEliminated {
			continue
		}
		switch {
		case u.Side == Allied && (u.Type == "paratroop" || u.Type == "glider") && u.Stacking >= 3:
			total-- // 23.1.2: a para or glider regiment
		case u.Side == Allied && u.ASU():
			total--
		case u.Side == German && u.ASU():
			total++
		}
	}
	if g.sc.Win.BHPenalty {
		total -= g.s.BHLost
	}
	return total
}

// benchmark is the turn track's VP benchmark for the turn, ok false before
// turn 4 or where the track shows none (23.2).
func (g *Game) benchmark() (int, bool) {
	for _, b := range g.sc.Track {
		if b.Turn == g.s.Turn && b.HasMark {
			return b.Benchmark, true
		}
	}
	return 0, false
}

// enterVictory is the Victory Check Phase (3.0 D, 23.2).
func (g *Game) enterVictory() []rules.Event {
	vp := g.vp()
	g.s.VP = vp
	text := fmt.Sprintf("Victory check, turn %d: the Allies have %d VP (23.1)", g.s.Turn, vp)
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: text}}
	if !g.sc.Win.Automatic {
		return events
	}
	bm, ok := g.benchmark()
	switch {
	case vp >= 20:
		return append(events, g.win(Allied, fmt.Sprintf("automatic victory: %d VP, 20 or more (23.2)", vp))...)
	case ok && vp >= bm+5:
		return append(events, g.win(Allied, fmt.Sprintf("automatic victory: %d VP, the benchmark %d + 5 (23.2)", vp, bm))...)
	case ok && vp <= bm-5:
		return append(events, g.win(German, fmt.Sprintf("automatic victory: %d Allied VP, the benchmark %d - 5 (23.2)", vp, bm))...)
	}
	return events
}

// endGame is the scenario's victory check after its last turn (S1.2).
func (g *Game) endGame() []rules.Event {
	if g.sc.Win.IsolatedHexes {
		return g.endCampaign()
	}
	if g.s.VP >= g.sc.Win.VP {
		return g.win(Allied, fmt.Sprintf("%d VP at the end, %d needed (S1.2)", g.s.VP, g.sc.Win.VP))
	}
	return g.win(German, fmt.Sprintf("the Allies have %d VP at the end, %d needed (S1.2)", g.s.VP, g.sc.Win.VP))
}

func (g *Game) win(side Side, why string) []rules.Event {
	g.s.Over = true
	g.s.Result = fmt.Sprintf("%s victory: %s", side, why)
	return []rules.Event{{Seat: rules.Seat(side), Text: g.s.Result}}
}
