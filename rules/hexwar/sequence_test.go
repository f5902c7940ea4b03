package hexwar

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// clock is a test game: where it stands, what it did, the dice it waits
// for, an interrupt, and its log.
type clock struct {
	turn     int
	st       Stage
	over     bool
	waits    bool // the movement phase waits for its player
	alarm    bool // an interrupt is under way
	log      []string
	rolled   []int
	applied  []string
	sweeping int
}

// testSequence: each turn is a supply phase (automatic), each side's
// movement, and an end phase (automatic) that ends the game after turn 2.
var testSequence = Sequence[*clock]{
	Phases: map[Phase]PhaseRule[*clock]{
		"supply": {Name: "Supply Phase", Rule: "S-1", Enter: func(c *clock) []rules.Event { c.log = append(c.log, "supply"); return nil }, Await: Never[*clock]},
		"movement": {Name: "Movement Phase", Rule: "S-2", Await: func(c *clock) bool { return c.waits },
			Enter: func(c *clock) []rules.Event { c.log = append(c.log, string(c.st.Side)+" movement"); return nil }},
		"end": {Name: "End Phase", Rule: "S-3", Await: Never[*clock], Enter: func(c *clock) []rules.Event {
			c.log = append(c.log, "end")
			c.over = c.turn == 2
			return []rules.Event{{Text: "turn over"}}
		}},
	},
	Stages: func(_ *clock, turn int) []Stage {
		return []Stage{{Phase: "supply"}, {Phase: "movement", Side: German}, {Phase: "movement", Side: Allied}, {Phase: "end"}}
	},
	At:     func(c *clock) (int, Stage) { return c.turn, c.st },
	Move:   func(c *clock, turn int, st Stage) { c.turn, c.st = turn, st },
	Over:   func(c *clock) bool { return c.over },
	Around: func(c *clock) []rules.Event { c.sweeping++; return nil },
}

// TestSequence: a phase that waits for nobody runs its Enter and passes;
// one that waits stops the sequence; after the turn's last stage comes the
// next turn's first; nothing is entered once the game is over.
func TestSequence(t *testing.T) {
	c := &clock{turn: 1, st: Stage{Phase: "supply"}, waits: true}
	testSequence.Enter(c)
	if c.st != (Stage{Phase: "movement", Side: German}) || !slices.Equal(c.log, []string{"supply", "german movement"}) {
		t.Fatalf("stands at %v after %v", c.st, c.log)
	}
	if got := testSequence.Name(c); got != "Turn 1, German Movement Phase (S-2)" {
		t.Errorf("name %q", got)
	}
	if c.sweeping != 4 {
		t.Errorf("Around ran %d times, want before and after each of 2 Enters", c.sweeping)
	}
	c.waits = false
	testSequence.Next(c)
	events := testSequence.Enter(c)
	if !c.over || c.turn != 2 || c.st.Phase != "end" || len(events) != 2 {
		t.Errorf("turn %d at %v, over %v, events %v: want the game over in turn 2's End Phase", c.turn, c.st, c.over, events)
	}
	want := "supply; german movement; allied movement; end; supply; german movement; allied movement; end"
	if got := strings.Join(c.log, "; "); got != want {
		t.Errorf("entered %s\nwant    %s", got, want)
	}
}

// testStack: an interrupt with dice and one command, over a phase with two
// verbs, one of them given only in the movement phase.
var testStack = Stack[*clock]{
	{Name: "alarm", Active: func(c *clock) bool { return c.alarm },
		Pending: func(c *clock, p *rules.Pending) { p.Prompt = "the alarm's die" },
		Commands: Commands[*clock]{{Verb: "silence", Apply: func(c *clock, _ rules.Seat, _ string) ([]rules.Event, error) {
			c.alarm = false
			return nil, nil
		}}},
		Roll: func(c *clock, v []int) ([]rules.Event, error) { c.rolled = append(c.rolled, v...); return nil, nil }},
	{Name: "phase",
		Pending: func(c *clock, p *rules.Pending) { p.Prompt = "move, then end" },
		Choices: func(c *clock) []rules.Choice { return []rules.Choice{{Command: "end"}} },
		Commands: Commands[*clock]{
			{Verb: "move", Phases: []Phase{"movement"}, Rule: "S-2", When: "units move in their Movement Phase",
				Apply: func(c *clock, _ rules.Seat, text string) ([]rules.Event, error) {
					c.applied = append(c.applied, text)
					return nil, nil
				}},
			{Verb: "end", Apply: func(c *clock, _ rules.Seat, text string) ([]rules.Event, error) {
				c.applied = append(c.applied, text)
				return nil, nil
			}},
		}},
}

var errUnknown = errors.New("unknown command")

// TestStack: the first procedure under way answers Pending, Legal, Apply
// and Roll alike; a verb given outside its phases is refused under its
// rule; a verb the top does not take is unknown; no dice, no roll.
func TestStack(t *testing.T) {
	c := &clock{st: Stage{Phase: "movement", Side: German}}
	var p rules.Pending
	testStack.Pending(c, &p)
	if p.Prompt != "move, then end" || len(testStack.Choices(c)) != 1 {
		t.Errorf("the phase's prompt %q and choices %v", p.Prompt, testStack.Choices(c))
	}
	if _, err := testStack.Apply(c, "german", "move u 0101 0102", c.st.Phase, "Turn 1", errUnknown); err != nil || len(c.applied) != 1 {
		t.Errorf("move in the movement phase: %v", err)
	}
	if _, err := testStack.Roll(c, []int{3}); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a roll nobody waits for: %v", err)
	}
	c.st.Phase = "supply"
	_, err := testStack.Apply(c, "german", "move u 0101 0102", c.st.Phase, "Turn 1, Supply Phase", errUnknown)
	var r *rules.Refusal
	if !errors.As(err, &r) || r.Rule != "S-2" || r.Reason != "units move in their Movement Phase; this is the Turn 1, Supply Phase" {
		t.Errorf("move in the supply phase: %v", err)
	}
	c.alarm = true
	p = rules.Pending{}
	testStack.Pending(c, &p)
	if p.Prompt != "the alarm's die" || testStack.Top(c).Name != "alarm" || testStack.Choices(c) != nil {
		t.Errorf("the interrupt does not answer: %q", p.Prompt)
	}
	if _, err := testStack.Apply(c, "german", "end", c.st.Phase, "", errUnknown); !errors.Is(err, errUnknown) {
		t.Errorf("'end' under the interrupt: %v, want it unknown there", err)
	}
	if _, err := testStack.Roll(c, []int{3}); err != nil || !slices.Equal(c.rolled, []int{3}) {
		t.Errorf("the interrupt's roll: %v", err)
	}
	if _, err := testStack.Apply(c, "german", "silence", c.st.Phase, "", errUnknown); err != nil || c.alarm || testStack.Top(c).Name != "phase" {
		t.Errorf("silencing the interrupt: %v; top %s", err, testStack.Top(c).Name)
	}
}
