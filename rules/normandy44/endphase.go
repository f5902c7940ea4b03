package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The End Phase (3.0 D): the scenario's removals (S3.3 II); the Allied
// choice to evacuate airborne divisions (22.2, airborne.go), for which the
// phase waits while one may go; automatic victory (23.0, autovictory.go);
// and after the last turn the victory check (S1.3, S3.3 I) with victory.go's
// checkVictory, or the 7-turn scenario's VP (S2.2).

func (g *Game) endPhase() []rules.Event {
	events := append(g.removals(), g.fortressFalls()...)
	if len(g.evacuableDivisions()) > 0 {
		g.s.EndWait = true // 22.2: the Allied player decides; 'end' goes on
		return events
	}
	return append(events, g.closeEnd()...)
}

// closeEnd finishes the End Phase after 22.2: automatic victory (23.1), then
// the end of the turn or of the game.
func (g *Game) closeEnd() []rules.Event {
	g.s.EndWait = false
	events := g.checkAutomatic()
	if g.s.Over {
		return events
	}
	if g.s.Turn < g.sc.Turns {
		return append(events, rules.Event{Text: fmt.Sprintf("End of turn %d", g.s.Turn)})
	}
	v := checkVictory(g.sc, g.victoryState())
	if sevenTurnVP(g.sc) {
		v = s2Verdict(g.sc, g.s2State())
	}
	g.s.Over = true
	why := strings.TrimPrefix(v.Reason, fmt.Sprintf("%s win: ", v.Winner))
	g.s.Result = fmt.Sprintf("%s win after turn %d (%s): %s", winners[v.Winner], g.s.Turn, victoryRule(g.sc), why)
	return append(events, rules.Event{Text: "Game over: " + g.s.Result})
}

var winners = map[Side]string{Allied: "the Allies", German: "the Germans", "": "nobody"}

// victoryRule names the scenario's victory rule for the result.
func victoryRule(s *Scenario) string {
	if isCherbourgRules(s) {
		return "S3.3 I"
	}
	if sevenTurnVP(s) {
		return "S2.2"
	}
	if slices.ContainsFunc(s.Victory, func(r VictoryRule) bool { return r.Kind == VictoryThreshold }) {
		return "S1.3" // net VP against a threshold: the campaign's rule
	}
	return "the scenario's victory conditions"
}

// removals applies the scenario's remove records (S3.3 II: the two 6FJ units
// leave when Americans occupy Carentan in an End Phase).
func (g *Game) removals() []rules.Event {
	var events []rules.Event
	nationalities := func(id string) []string {
		var out []string
		for i := range g.s.Units {
			if g.s.Units[i].At == id && !g.s.Units[i].Gone && !slices.Contains(out, g.unit(i).Nationality) {
				out = append(out, g.unit(i).Nationality)
			}
		}
		return out
	}
	if g.ed.sixFJRemovalOnControl {
		// D50: the first edition removes them "once Carentan has been
		// captured by the Allies" (26.3.2, IT L1544): held now, by an
		// Allied unit there or the last to pass through.
		occ := g.occupancy()
		nationalities = func(id string) []string {
			if g.controller(occ, id) == Allied {
				return []string{"us", "gb", "ca"}
			}
			return nil
		}
	}
	how := "hold"
	if g.ed.sixFJRemovalOnControl {
		how = "have captured"
	}
	for _, f := range scenarioRemovals(g.sc, nationalities) {
		for i := range g.s.Units {
			if g.unit(i).Formation != f || g.s.Units[i].Gone || g.s.Units[i].At == "" {
				continue
			}
			events = append(events, rules.Event{Seat: rules.Seat(g.unit(i).Side),
				Text: fmt.Sprintf("%s is withdrawn: its formation %s leaves once the Americans %s the hex the scenario names (S3.3 II)", g.s.Units[i].ID, f, how)})
			g.eliminate(i)
		}
	}
	return events
}

// victoryState gathers what the victory records read.
func (g *Game) victoryState() VictoryState {
	st := VictoryState{Turn: g.s.Turn, Control: map[string]Side{}, Positions: map[string]string{},
		Unsupplied: map[string]bool{}, CutOff: map[string]bool{}}
	av, gv := g.supplyView(Allied), g.supplyView(German)
	for _, h := range g.sc.Hexes {
		if s := av.Control(g.b.ids[h.ID]); s != "" {
			st.Control[h.ID] = s
		}
	}
	for i, us := range g.s.Units {
		if _, ok := g.onMap(i); !ok {
			continue
		}
		st.Positions[us.ID] = us.At
		if us.OutOfSupply {
			// S3.3 I (a): "supplied" is the status set in the unit's last
			// Supply Phase (18.1: fixed until the next one).
			st.Unsupplied[us.ID] = true
		}
	}
	st.AlliedSupply = traceSupply(g.sup, av)
	edge := gv
	// S1.3.1: to a German map-edge entry hex; in the first edition to any
	// German source, Cherbourg too (24.3, IT L1479, D45).
	edge.EdgeOnly = g.ed.campaignGermanVPEdgeOnly
	st.GermanSupply = traceSupply(g.sup, edge)
	for _, r := range g.sc.Victory {
		if r.Kind == VictoryCutOff && r.Place == "Cherbourg" {
			st.CutOff[r.Place] = cherbourgCutOff(g.sup, gv)
		}
	}
	return st
}
