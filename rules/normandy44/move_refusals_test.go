package normandy44

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// TestStepRefusalsNameTheirRules: every one of Normandy's step rules makes,
// for a command, a refusal by its rule that names the hex, so no refusal is
// lost by keeping bar codes instead of errors in the searches (the core's
// own refusals are rules/hexwar's to test).
func TestStepRefusalsNameTheirRules(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	i := g.index["ainf"]
	from, to := g.b.ids["0101"], g.b.ids["0102"]
	// No scenario rule binds the unit on this map, so stepRules leaves the
	// scenario's rule out; its refusal (move_scenario.go) is the first.
	scenario := hexwar.StepRule{Refuse: func(code int, _, to hex.Axial) error { return g.scenarioRefusal(g.unit(i), code, to) }}
	if sr := g.scenarioRule(i); sr.Check != nil || sr.Price != nil {
		t.Fatal("a scenario rule binds the unit on the cost map")
	}
	rs := append([]hexwar.StepRule{scenario}, append(g.stepRules(i, true, true, true, true), g.cyclistRules()...)...)
	want := []string{"22.1.2", "6.2.5", "17.6.2", "9.8.1", "9.8.2", "9.8.6", "9.9", "9.9"}
	if len(rs) != len(want) {
		t.Fatalf("%d step rules, want %d", len(rs), len(want))
	}
	for k, r := range rs {
		err := r.Refuse(1, from, to)
		var ref *rules.Refusal
		if !errors.As(err, &ref) || ref.Rule != want[k] || !(strings.Contains(ref.Reason, "0101") || strings.Contains(ref.Reason, "0102")) {
			t.Errorf("rule %d: refusal %v, want rule %s naming the hex", k, err, want[k])
		}
	}
}
