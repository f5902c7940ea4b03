package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scene"
)

// 'pbem unit' (rules.Counters): each counter with its printed values
// (2.3), where it is and its markers; eliminated units and those in the
// Floating Reserve (18.3) or still to come (21.0) are listed too.
func TestUnitsView_2_3(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	cdo := g.put(t, "2cdo", "2507")
	g.s.Units[cdo].HalfEff = true
	g.s.Units[g.index("139/46")].Box = BoxFloating
	g.eliminate(g.index("gar-salerno"))
	units := g.Units(rules.Seat(German))
	if len(units) != len(g.sc.Units) {
		t.Fatalf("%d units listed, want every counter (%d)", len(units), len(g.sc.Units))
	}
	byID := map[string]rules.Unit{}
	for _, u := range units {
		byID[u.ID] = u
	}
	c := byID["2cdo"]
	// avalanche.scn: 2cdo allied gb commandos commando 2-2-4 sp=1 tq=elite
	if !c.OnMap || c.Where != "2507" || c.Side != "allied" || !strings.Contains(c.Kind, "commando") || !strings.Contains(c.Kind, "commandos") {
		t.Errorf("2cdo: %+v", c)
	}
	want := map[string]string{"attack": "2", "defense": "2", "MA": "4", "quality": "elite", "stacking": "1", "LP": "1 (18.4.3)"}
	for _, v := range c.Values {
		if w, ok := want[v.Name]; ok && v.Text != w {
			t.Errorf("2cdo %s = %q, want %q", v.Name, v.Text, w)
		}
		delete(want, v.Name)
	}
	if len(want) > 0 {
		t.Errorf("2cdo lacks values %v", want)
	}
	if c.Step != 1 || c.Steps != 1 || !slices.Contains(c.Markers, "½ Eff (5.7)") || c.Supply != "in supply" {
		t.Errorf("2cdo: step %d/%d, markers %v, supply %q", c.Step, c.Steps, c.Markers, c.Supply)
	}
	if u := byID["gar-salerno"]; !u.Eliminated || u.OnMap {
		t.Errorf("gar-salerno is eliminated: %+v", u)
	}
	if u := byID["139/46"]; u.OnMap || !strings.Contains(u.Status, "Floating Reserve (18.3)") || u.Steps != 3 {
		t.Errorf("139/46 is in the Floating Reserve, 3 steps with its REM (2.3.5): %+v", u)
	}
	// avalanche.scn: 3 179/45 floating-reserve
	if u := byID["179/45"]; !strings.Contains(u.Status, "turn 3") {
		t.Errorf("179/45 arrives on turn 3 (21.0): %+v", u)
	}
}

// 'pbem combats' (scene.Reporter) on PLAY-02 (L1636-1642, 19.3): the
// garrison's die of 6 gives 2; 4 against 2 is 2-1, 3-1 with the elite
// shift; a 3 is DR2; the DD in the City column, 3-1 = 2, fails and the MA 0
// garrison is eliminated by its retreat.
func TestCombatsReport_PLAY02_19_3(t *testing.T) {
	g := emptyGame(t, 1, PhaseCombat, Allied)
	g.put(t, "gar-salerno", "2608")
	g.put(t, "2cdo", "2507")
	g.put(t, "41cdo", "2507")
	rulestest.Apply(t, g, rules.Seat(Allied), "attack 2608 with 2cdo 41cdo maf commandos")
	rulestest.Roll(t, g, 6)
	rulestest.Roll(t, g, 3)
	if len(g.Combats()) != 0 {
		t.Fatal("a combat in progress is not reported yet")
	}
	rulestest.Apply(t, g, rules.Seat(German), "dd gar-salerno")
	rulestest.Apply(t, g, rules.Seat(German), "no-despd") // as PLAY-02's German (11.5.2)
	rulestest.Roll(t, g, 3)
	for g.s.Combat != nil {
		rulestest.Apply(t, g, rules.Seat(Allied), "advance-done")
	}
	cs := g.Clone().(*Game).Combats()
	if len(cs) != 1 {
		t.Fatalf("%d combats reported, want 1", len(cs))
	}
	r := cs[0]
	if r.N != 1 || r.Turn != 1 || r.Attacker != "allied" || r.Cell != "2608" || !slices.Equal(r.From, []string{"2507"}) {
		t.Errorf("PLAY-02 report: %+v", r)
	}
	if r.Attack != 4 || r.Defense != 2 || r.Odds != "2-1" || r.Column != "3-1" || r.Die != 3 || r.Result != "DR2" {
		t.Errorf("PLAY-02: %d:%d %s -> %s, die %d %s; want 4:2 2-1 -> 3-1, die 3 DR2", r.Attack, r.Defense, r.Odds, r.Column, r.Die, r.Result)
	}
	want := []scene.Roll{
		{Purpose: "variable strength (19.3)", Die: 6, Modified: 6, Outcome: "2"},
		{Purpose: "combat results (8.3)", Die: 3, Modified: 3, Outcome: "DR2"},
		{Purpose: "Determined Defense (11.2), lead gar-salerno", Die: 3, Modified: 2, Outcome: "-/-"},
	}
	if !slices.Equal(r.Rolls, want) {
		t.Errorf("PLAY-02 rolls:\n got %+v\nwant %+v", r.Rolls, want)
	}
	if len(r.Faces) != 6 || len(r.Shifts) != 1 || r.Shifts[0].Columns != 1 {
		t.Errorf("PLAY-02: faces %v, shifts %v; want six faces and the elite shift", r.Faces, r.Shifts)
	}
	if len(r.Losses) != 1 || r.Losses[0].Unit != "gar-salerno" {
		t.Errorf("PLAY-02: the garrison is eliminated by its retreat (19.3): %+v", r.Losses)
	}
}

// 18.4.1: only the Allies go by sea, so only their counters show LP.
func TestUnitsViewNoGermanLP_18_4_1(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	for _, u := range g.Units(rules.Seat(Allied)) {
		hasLP := slices.ContainsFunc(u.Values, func(v rules.Value) bool { return v.Name == "LP" })
		if hasLP != (u.Side == string(Allied)) {
			t.Errorf("%s (%s): LP shown %v", u.ID, u.Side, hasLP)
		}
	}
}

// 19.3: a variable-strength defender rolled to 0 is eliminated at once;
// the only defender, the combat is a DS. The report lists its loss.
func TestCombatsReportVariableZero_19_3(t *testing.T) {
	g := emptyGame(t, 1, PhaseCombat, Allied)
	g.put(t, "gar-salerno", "2608")
	g.put(t, "2cdo", "2507")
	g.put(t, "41cdo", "2507")
	rulestest.Apply(t, g, rules.Seat(Allied), "attack 2608 with 2cdo 41cdo maf commandos")
	rulestest.Roll(t, g, 2) // 1-3 give 0 (19.3)
	for g.s.Combat != nil {
		rulestest.Apply(t, g, rules.Seat(Allied), "advance-done")
	}
	cs := g.Combats()
	if len(cs) != 1 {
		t.Fatalf("%d combats reported, want 1", len(cs))
	}
	r := cs[0]
	if r.Result != "DS" || len(r.Losses) != 1 || r.Losses[0].Unit != "gar-salerno" || r.Losses[0].Why != "strength 0 (19.3)" || len(r.Notes) == 0 {
		t.Errorf("19.3: the garrison rolled 0 is lost, the combat a DS: %+v", r)
	}
}
