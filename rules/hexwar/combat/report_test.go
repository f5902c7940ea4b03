package combat

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scene"
)

// The series' parts of a combat's report: each loss with the cause the game
// cites for it, and the moves.

// reportCombat is a combat on the flow's board whose losses are set by hand:
// every kind the report lists, each once.
func reportCombat(t *testing.T) *Combat {
	f := newFlow(t, "clear", 12, 4, []Unit{inf("r1", 8, 2, true), inf("r2", 4, 2, false)},
		[]Unit{inf("b1", 4, 3, false), inf("b2", 2, 2, false)})
	c := f.c
	c.AttLoss, c.DefLoss = []string{"r1"}, []string{"b1"}
	c.DDOut = &DDOutcome{Lead: "b2", Result: DDResult{LeadSteps: 1}}
	c.DDLoss = []string{"r2"}
	c.Lost = []Loss{{Unit: "b1", Defender: true, Stage: "desperate"}, {Unit: "b1", Defender: true, Stage: "desperate"},
		{Unit: "r2", Stage: "tot"}}
	return c
}

// Each side's CRT and Determined Defense losses show the game's own rule
// when it names one for the attacker apart; a stage's losses show the cause
// the game gives the stage, or the stage's name.
func TestReportLosses_Causes(t *testing.T) {
	c := reportCombat(t)
	why := LossCauses{CRT: "crt (T.1)", DD: "dd (T.4)", Retreat: "retreat (T.3.2)", Eliminated: "eliminated (T.3)"}
	want := []scene.Loss{
		{Side: "red", Unit: "r1", Steps: 1, Why: "crt (T.1)"},
		{Side: "blue", Unit: "b1", Steps: 1, Why: "crt (T.1)"},
		{Side: "blue", Unit: "b2", Steps: 1, Why: "dd (T.4)"},
		{Side: "red", Unit: "r2", Steps: 1, Why: "dd (T.4)"},
		{Side: "blue", Unit: "b1", Steps: 2, Why: "desperate"},
		{Side: "red", Unit: "r2", Steps: 1, Why: "tot"},
	}
	if got := c.ReportLosses(why); !slices.Equal(got, want) {
		t.Errorf("losses\n%v, want\n%v", got, want)
	}
	why.AttackerCRT, why.AttackerDD = "crt, attacker (T.1.1)", "dd, attacker (T.4.2)"
	why.Stages = map[string]string{"desperate": "Desperate Defense (T.6)"}
	want[0].Why, want[3].Why, want[4].Why = "crt, attacker (T.1.1)", "dd, attacker (T.4.2)", "Desperate Defense (T.6)"
	if got := c.ReportLosses(why); !slices.Equal(got, want) {
		t.Errorf("with the attacker's and the stages' causes, losses\n%v, want\n%v", got, want)
	}
}

// A retreat's steps and the units it eliminates are the defender's, with
// the steps each had left.
func TestReportLosses_Retreat(t *testing.T) {
	f := newFlow(t, "clear", 12, 4, []Unit{inf("r1", 12, 2, true)}, []Unit{inf("b1", 4, 2, false), inf("b2", 2, 3, false)})
	c := f.c
	c.DefLoss = []string{"b2"}
	c.Moves = []RetreatMove{{Units: []string{"b1"}, Path: RetreatPath{Hexes: []hex.Axial{hexOf(t, f, "0605")}, MechLost: []string{"b2"}}, Loss: []string{"b1"}}}
	c.Eliminated = []string{"b2"}
	got := c.ReportLosses(LossCauses{CRT: "crt", Retreat: "retreat (T.3.2)", Eliminated: "eliminated (T.3)"})
	want := []scene.Loss{
		{Side: "blue", Unit: "b2", Steps: 1, Why: "crt"},
		{Side: "blue", Unit: "b1", Steps: 1, Why: "retreat (T.3.2)"},
		{Side: "blue", Unit: "b2", Steps: 2, Why: "eliminated (T.3)"}, // 3 steps, 1 lost to the CRT
	}
	if !slices.Equal(got, want) {
		t.Errorf("losses\n%v, want\n%v", got, want)
	}
}

// A split retreat shows each part along its own path; a part whose path
// eliminated its only unit shows no move, and never another part's units
// along that path.
func TestReportMoves_SplitPartEliminated(t *testing.T) {
	two := []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)}
	f := splitFlow(t, "clear", two)
	c := f.c
	path := func(ids ...string) RetreatPath {
		var p RetreatPath
		for _, id := range ids {
			p.Hexes = append(p.Hexes, hexOf(t, f, id))
		}
		return p
	}
	lost := path("0605", "0704")
	lost.MechLost = []string{"b1"}
	c.Moves = []RetreatMove{{Path: lost, Part: true}, {Units: []string{"b2"}, Path: path("0506", "0507")}}
	c.Eliminated = []string{"b1"}
	retreats, _ := c.ReportMoves()
	if len(retreats) != 1 || !slices.Equal(retreats[0].Pieces, []string{"b2"}) || !slices.Equal(retreats[0].Path, []string{"0505", "0506", "0507"}) {
		t.Errorf("retreats %+v, want b2 alone, 0505 0506 0507", retreats)
	}
}
