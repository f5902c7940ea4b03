// Package rulestest is the test kit of pbem's rules engines: the helpers every
// engine's tests need (give a command, expect a refusal by rule with the
// state unchanged, events as text, random play, replay determinism, deep
// clones, parse and print round trips) and Conformance, the suite every
// engine runs on its scenarios.
package rulestest

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// Apply gives command as seat and fails the test when it is refused.
func Apply(t testing.TB, g rules.Game, seat rules.Seat, command string) []rules.Event {
	t.Helper()
	ev, err := g.Apply(seat, command)
	if err != nil {
		t.Fatalf("%s: %s: %v", seat, command, err)
	}
	return ev
}

// Roll supplies the dice the game awaits and fails the test when they are
// refused.
func Roll(t testing.TB, g rules.Game, values ...int) []rules.Event {
	t.Helper()
	ev, err := g.Roll(values)
	if err != nil {
		t.Fatalf("roll %v at %s: %v", values, g.Pending().Phase, err)
	}
	return ev
}

// Refused checks that command, given by seat, is refused under rule: a
// *rules.Refusal naming it, wrapping rules.ErrIllegal, whose message holds
// each of says; and that the state is as it was (DESIGN.md: a refused
// command leaves the state unchanged). It returns the refusal.
func Refused(t testing.TB, g rules.Game, seat rules.Seat, command, rule string, says ...string) *rules.Refusal {
	t.Helper()
	before := g.Hash()
	_, err := g.Apply(seat, command)
	var r *rules.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("%s: %s: want a refusal under %s, have %v", seat, command, rule, err)
	}
	if !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("%s: %s: the refusal does not wrap rules.ErrIllegal", seat, command)
	}
	if r.Rule != rule {
		t.Errorf("%s: %s: refused under %s (%v), want %s", seat, command, r.Rule, err, rule)
	}
	for _, s := range says {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%s: %s: the refusal %q does not say %q", seat, command, err, s)
		}
	}
	if g.Hash() != before {
		t.Errorf("%s: %s: a refused command changed the state", seat, command)
	}
	return r
}

// NotAwaited checks that command, given by seat, is refused because the game
// does not wait for seat (rules.ErrNotPending), with the state unchanged.
func NotAwaited(t testing.TB, g rules.Game, seat rules.Seat, command string) {
	t.Helper()
	before := g.Hash()
	if _, err := g.Apply(seat, command); !errors.Is(err, rules.ErrNotPending) {
		t.Fatalf("%s: %s: want it refused as not awaited, have %v", seat, command, err)
	}
	if g.Hash() != before {
		t.Errorf("%s: %s: a refused command changed the state", seat, command)
	}
}

// IsRefusal reports whether err is a refusal under rule.
func IsRefusal(err error, rule string) bool {
	var r *rules.Refusal
	return errors.As(err, &r) && r.Rule == rule
}

// EventsText is the events' texts, one a line, for a test's message or a
// search.
func EventsText(events []rules.Event) string {
	var b strings.Builder
	for _, e := range events {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// HasEvent reports whether an event's text holds text.
func HasEvent(events []rules.Event, text string) bool {
	return slices.ContainsFunc(events, func(e rules.Event) bool { return strings.Contains(e.Text, text) })
}
