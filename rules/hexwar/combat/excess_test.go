package combat

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// After a retreat that ended over the limit (Map.OverLimit), the defender
// loses a step of a retreating unit of his pick at a time while the hex is
// over it (RetreatExcessStage, Ardennes '44 17.4, CON-6); a pick that is
// not offered is refused, naming the hex and the units; an 'order losses'
// picks for him; the steps are the retreat's losses.
func TestRetreatExcessStage(t *testing.T) {
	f := newFlow(t, "clear", 12, 4, []Unit{inf("r1", 12, 2, true)}, []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)})
	over := 2 // the steps over the limit where the retreat ends
	k := slices.IndexFunc(f.c.Stages, func(s Stage) bool { return s.Name == "retreat" })
	f.c.Stages = slices.Insert(f.c.Stages, k+1, RetreatExcessStage("T.4", func(c *Combat) (string, []string) {
		if len(c.RetreatExcess) >= over {
			return "0704", nil
		}
		return "0704", []string{"b1", "b2"}
	}))
	f.roll(t, RollCRT, 3, nil)
	f.decide(t, "blue", "no-dd", nil)
	a := f.decide(t, "blue", "retreat 0605 0704", nil)
	want(t, a, DecRetreatExcess, "blue")
	if !slices.Equal(a.Choices, []string{"losses b1", "losses b2"}) {
		t.Fatalf("choices %v", a.Choices)
	}
	for _, bad := range []string{"losses r1", "losses b1 b2", "advance-done"} {
		cmd, err := f.c.Grammar.Parse(bad)
		if err != nil {
			t.Fatal(err)
		}
		err = f.c.Decide("blue", cmd)
		if !errors.Is(err, ErrDecision) || !strings.Contains(err.Error(), "T.4") {
			t.Errorf("%s: %v, want refused citing T.4", bad, err)
		}
	}
	cmd, _ := f.c.Grammar.Parse("losses r1")
	if err := f.c.Decide("blue", cmd); err == nil || !strings.Contains(err.Error(), "0704") || !strings.Contains(err.Error(), "b1, b2") {
		t.Errorf("refusal %v, want the hex and the units named", err)
	}
	a = f.decide(t, "blue", "losses b1", nil)
	want(t, a, DecRetreatExcess, "blue")
	if cmd, ok := f.c.ByOrder(a, Orders{"blue": {{Kind: CmdOrderLosses, Units: []string{"b2", "b1"}}}}); !ok || cmd.String() != "losses b2" {
		t.Errorf("by order: %v %v, want losses b2", cmd, ok)
	}
	a = f.decide(t, "blue", "losses b2", nil)
	want(t, a, DecAdvance, "red")
	if got := f.c.RetreatLosses(); !slices.Equal(got, []string{"b1", "b2"}) {
		t.Errorf("retreat losses %v, want b1 b2", got)
	}
	if ev := f.c.Event(); !strings.Contains(ev, "over the stacking limit after the retreat (T.4): b1 -1, b2 -1") {
		t.Errorf("event %q", ev)
	}
}
