package normandy44

import (
	"errors"
	"slices"
	"testing"
)

// TestParseCommand_ReserveAndIP: the canonical text of 'reserve' and
// 'unreserve' (15.1, 15.4), 'entrench' (16.1.3) and 'remove-ip' (16.1.2)
// round-trips; anything else is refused.
func TestParseCommand_ReserveAndIP(t *testing.T) {
	for _, c := range []struct {
		text string
		cmd  Command
	}{
		{"reserve g21a", Command{Verb: "reserve", Units: []string{"g21a"}}},
		{"reserve g21a 2/352 1/22/21", Command{Verb: "reserve", Units: []string{"g21a", "2/352", "1/22/21"}}},
		{"unreserve 505/82", Command{Verb: "unreserve", Units: []string{"505/82"}}},
		{"entrench 919/709", Command{Verb: "entrench", Unit: "919/709"}},
		{"remove-ip 2512", Command{Verb: "remove-ip", Path: []string{"2512"}}},
	} {
		if c.cmd.String() != c.text {
			t.Errorf("String() = %q, want %q", c.cmd.String(), c.text)
		}
		back, err := ParseCommand(c.text)
		if err != nil || back.String() != c.text || back.Unit != c.cmd.Unit || !slices.Equal(back.Units, c.cmd.Units) || !slices.Equal(back.Path, c.cmd.Path) {
			t.Errorf("ParseCommand(%q) = %+v, %v", c.text, back, err)
		}
	}
	for _, s := range []string{"reserve", "reserve ", "reserve  a", "reserve a a", "reserve a ", "unreserve",
		"entrench", "entrench a b", "entrench  a", "remove-ip", "remove-ip 251", "remove-ip 2512 2513", "remove-ip a"} {
		if c, err := ParseCommand(s); !errors.Is(err, ErrCommand) {
			t.Errorf("ParseCommand(%q) = %+v, %v; want ErrCommand", s, c, err)
		}
	}
	// The combat forms (15.1 b): the decision and the conditional order.
	for _, s := range []string{"reserve 1/22/21", "if-retreat reserve 1/22/21 2/22/21"} {
		c, err := ParseCombatCommand(s)
		if err != nil || c.String() != s {
			t.Errorf("ParseCombatCommand(%q) = %+v, %v", s, c, err)
		}
	}
	if c, err := ParseCombatCommand("if-retreat reserve"); err == nil {
		t.Errorf("if-retreat reserve with no unit: %+v", c)
	}
	if c, _ := ParseCombatCommand("if-retreat reserve u"); !c.Standing() {
		t.Error("if-retreat reserve is not a standing order")
	}
}
