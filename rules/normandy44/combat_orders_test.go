package normandy44

import (
	"errors"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Every command form prints back to the text it was parsed from.
func TestOrderRoundTrip(t *testing.T) {
	for _, text := range []string{
		"order dd always", "order dd never", "order despd always", "order despd never",
		"order retreat toward-supply", "order losses 729/709 709/709",
		"if-retreat advance 505/82", "if-retreat advance 505/82 507/82",
		"losses 729/709", "losses 729/709 729/709",
		"ignore-retreat", "accept-retreat", "dd 1/3FK", "dd 1/3FK support", "no-dd",
		"despd", "no-despd", "retreat 2512 2513", "retreat 2512", "retreat 2512 2513 loss 729/709",
		"advance 505/82 2512", "advance 505/82 2512 2513", "reserve 125pg", "advance-done",
		"dd 1/3FK support naval", "dd 1/3FK support VII-Corps", "retreat 729/709 2512 2513 loss 729/709",
		"retreat 2512 2513 loss 729/709 729/709", "eliminate 729/709",
	} {
		c, err := ParseCombatCommand(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if c.String() != text {
			t.Errorf("%q prints as %q", text, c.String())
		}
	}
}

// Non-canonical or malformed text is refused with ErrDecision.
func TestOrderRejects(t *testing.T) {
	for _, text := range []string{
		"", "order", "order dd", "order dd sometimes", "order dd always now", "Order dd always",
		"order  dd always", "order dd always ", "order retreat away", "order losses",
		"if-retreat advance", "if-retreat advance 2512", "losses", "losses 2512",
		"dd", "dd a b", "dd support", "dd a support extra more", "dd a support 2512", "no-dd a", "retreat", "retreat 251",
		"retreat a b", "retreat 2512 loss", "retreat 2512 loss 2513", "retreat 0101 0102 0103 0104 0105 0106 0107",
		"advance 505/82", "advance 2512 2513", "advance 505/82 2512 2513 2514", "reserve", "reserve a b",
		"advance-done now", "attack 2512", "losses a=b",
	} {
		if _, err := ParseCombatCommand(text); !errors.Is(err, ErrDecision) {
			t.Errorf("%q: %v, want ErrDecision", text, err)
		}
	}
}

// Orders given ahead (digest §6.2): "order ..." and "if-retreat ..." stand
// until replaced; losses and retreat paths (12.2, 13.1) are decisions taken
// when asked.
func TestOrderStanding(t *testing.T) {
	for text, standing := range map[string]bool{
		"order dd always": true, "if-retreat advance u": true, "losses u": false, "retreat 2512": false,
	} {
		if got := mustCmd(t, text).Standing(); got != standing {
			t.Errorf("%q standing %v", text, got)
		}
	}
	// The last order of a kind is the one in force.
	o := Orders{string(German): {mustCmd(t, "order dd always"), mustCmd(t, "order dd never")}}
	if c, ok := o.Find(string(German), CmdOrderDD); !ok || c.Mode != ModeNever {
		t.Errorf("order in force %v", c)
	}
}

// FuzzParseCombatCommand: whatever ParseCombatCommand accepts prints back as
// the same text and parses again; every error wraps ErrDecision.
func FuzzParseCombatCommand(f *testing.F) {
	rulestest.FuzzRoundTrip(f, func(s string) (string, error) {
		c, err := ParseCombatCommand(s)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	}, ErrDecision, "order dd always", "if-retreat advance 505/82", "losses 729/709 729/709", "retreat 2512 2513 loss 729/709", "dd 1/3FK support", "advance 505/82 2512 2513")
}
