package combat

import (
	"errors"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The series' commands print back as they parse; a game's own kinds join
// them.
func TestGrammar_RoundTrip(t *testing.T) {
	gr := testGrammar.With(map[CommandKind]Form{"reserve": {Syntax: OneUnit}, "order despd": {Syntax: Mode, Modes: []string{ModeAlways, ModeNever}}})
	for _, text := range []string{
		"order dd always", "order dd never", "order retreat toward-supply", "order losses a b",
		"if-retreat advance a", "losses a a b", "dd a", "dd a support", "no-dd",
		"retreat 0101 0102", "retreat 0101 0102 loss a", "advance a 0101", "advance a 0101 0102", "advance-done",
		"reserve a", "order despd never", "dd a support b", "retreat a 0101 0102", "retreat a 0101 loss a",
		"retreat 0101 0102 loss a b", "eliminate a",
	} {
		c, err := gr.Parse(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if c.String() != text {
			t.Errorf("%q prints as %q", text, c)
		}
	}
	if c, _ := gr.Parse("if-retreat advance a"); !c.Standing() {
		t.Error("a conditional order is not standing")
	}
	if c, _ := gr.Parse("dd a"); c.Standing() {
		t.Error("a decision is standing")
	}
}

func TestGrammar_Rejects(t *testing.T) {
	for _, text := range []string{
		"", "order", "order dd", "order dd sometimes", "order attack always", "reserve a", "losses",
		"losses 0101", "losses support", "dd", "dd a b", "dd a support support", "no-dd a",
		"retreat", "retreat a", "retreat 0101 0102 0103 0104 0105 0106 0107", "retreat 0101 loss 0102",
		"advance a", "advance 0101 0102", "advance a 0101 0102 0103", "advance-done now",
		"losses  a", "losses a ", " losses a", "dd a support b c", "dd a b support", "retreat a b",
		"retreat 0101 loss", "retreat 0101 a 0102", "retreat a 0101 b", "eliminate", "eliminate a b", "eliminate 0101",
	} {
		if _, err := testGrammar.Parse(text); !errors.Is(err, ErrDecision) {
			t.Errorf("%q: %v, want ErrDecision", text, err)
		}
	}
	o := Orders{"blue": {{Kind: CmdOrderDD, Mode: ModeAlways}, {Kind: CmdOrderDD, Mode: ModeNever}}}
	if c, ok := o.Find("blue", CmdOrderDD); !ok || c.Mode != ModeNever {
		t.Errorf("the order in force is the last given: %v", c)
	}
	if _, ok := o.Find("red", CmdOrderDD); ok {
		t.Error("an order of the other side")
	}
}

// FuzzParse: whatever the grammar accepts prints back as the same text;
// every error wraps ErrDecision. Corpus in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	rulestest.FuzzRoundTrip(f, func(s string) (string, error) {
		c, err := testGrammar.Parse(s)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	}, ErrDecision, "order dd always", "if-retreat advance a", "losses a a", "retreat 0101 0102 loss a", "dd a support", "advance a 0101 0102",
		"dd a support b", "retreat a 0101 loss a a", "eliminate a")
}

// TestLoneChoice: a decision that offers one choice takes it by order; one
// that offers two, or none, waits for its player.
func TestLoneChoice(t *testing.T) {
	c := &Combat{Grammar: testGrammar}
	cmd, ok := LoneChoice(c, Await{Choices: []string{"retreat 0101 0102"}}, Orders{})
	if !ok || cmd.Kind != CmdRetreat || len(cmd.Hexes) != 2 || cmd.Hexes[1] != "0102" {
		t.Errorf("one choice: %+v, %v", cmd, ok)
	}
	for _, choices := range [][]string{nil, {"retreat 0101", "retreat 0102"}} {
		if cmd, ok := LoneChoice(c, Await{Choices: choices}, Orders{}); ok {
			t.Errorf("%d choices answered by order: %+v", len(choices), cmd)
		}
	}
}
