package combat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The combat phase around a Combat, as Ardennes '44 (14.0, 14.1: attacks
// declared one at a time, each resolved completely before the next) and
// Salerno '43 (8.0, 8.1: attacks in any order, each resolved completely)
// both run it: the game keeps the combat in progress as a Record in its
// hashed state and the orders in force as OrderRecords, rebuilds the Combat
// from them when it needs it, and between players' inputs lets the orders
// settle every decision they cover (Settle). Declaring an attack and putting
// a finished combat on the map are each game's own.

// Record is the combat in progress as plain data: the declaration (the
// game's attack command) and every die and decision since (RollStep,
// DecisionStep), so that the Combat is rebuilt from the state alone
// (nothing on the map changes until the combat ends).
type Record struct {
	N      int      `json:"n"`
	Attack string   `json:"attack"`
	Steps  []string `json:"steps,omitempty"`
}

// Clone is a copy of r that shares nothing with it.
func (r *Record) Clone() *Record {
	c := *r
	c.Steps = slices.Clone(r.Steps)
	return &c
}

// Rebuild is the combat of record r built again from the hashed state
// alone: build makes it from the declaration, then every recorded die and
// decision is replayed on it. The game alone writes its record, so one
// that does not rebuild is a bug in the engine, not bad input: Rebuild
// panics.
func Rebuild[C interface{ Replay(step string) error }](r *Record, build func(attack string) (C, error)) C {
	c, err := build(r.Attack)
	if err != nil {
		panic(fmt.Sprintf("combat record %q: %v", r.Attack, err))
	}
	for _, st := range r.Steps {
		if err := c.Replay(st); err != nil {
			panic(fmt.Sprintf("combat record %q: %v", st, err))
		}
	}
	return c
}

// Settle applies to c every decision the orders answer, recording each in
// r, until c awaits a die or a player's decision; it reports whether the
// combat is done, which the game then puts on its map. An order that does
// not fit leaves the decision to the player.
func Settle(c *Combat, r *Record, orders Orders) (done bool) {
	for {
		a := c.Await()
		if a.Done {
			return true
		}
		if a.Roll != "" {
			return false
		}
		cmd, ok := c.ByOrder(a, orders)
		if !ok {
			return false
		}
		if err := c.Decide(a.Side, cmd); err != nil {
			return false
		}
		r.Steps = append(r.Steps, DecisionStep(a.Side, cmd))
	}
}

// RollRecorded hands c the die it awaits, values[0], and records it in r.
// It wraps rules.ErrNotPending when c awaits no die and rules.ErrIllegal
// when the die does not fit.
func RollRecorded(c *Combat, r *Record, values []int) error {
	a := c.Await()
	if a.Roll == "" {
		return fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	if err := c.RollDie(a.Roll, values[0]); err != nil {
		return fmt.Errorf("%w: %v", rules.ErrIllegal, err)
	}
	r.Steps = append(r.Steps, RollStep(a.Roll, values[0]))
	return nil
}

// DecideRecorded applies a player's decision by side and records it in r;
// a refused one is a rules.Refuse citing the rule of the decision awaited.
func DecideRecorded(c *Combat, r *Record, side string, cmd Command) error {
	a := c.Await()
	if err := c.Decide(side, cmd); err != nil {
		return rules.Refuse(a.Rule, "%v", err)
	}
	r.Steps = append(r.Steps, DecisionStep(side, cmd))
	return nil
}

// Pending says in p what the combat of record r waits for: the seat named
// for the side that decides or rolls, the prompt, and its one die, named
// for players by words.
func Pending(p *rules.Pending, c *Combat, r *Record, words map[RollPurpose]string) {
	a := c.Await()
	p.Seats = []rules.Seat{rules.Seat(a.Side)}
	p.Prompt = fmt.Sprintf("combat %d on %s: %s", r.N, c.Origin, AwaitWords(a, words))
	if a.Roll != "" {
		p.Dice = &rules.DiceNeed{By: rules.Seat(a.Side), For: fmt.Sprintf("%s, combat %d on %s (%s)", words[a.Roll], r.N, c.Origin, a.Rule), Sides: []int{Die}}
	}
}

// AwaitWords says for players what a combat waits for, its dice named by
// words; a long list of choices is cut after six.
func AwaitWords(a Await, words map[RollPurpose]string) string {
	switch {
	case a.Done:
		return "resolved"
	case a.Roll != "":
		return fmt.Sprintf("the %s die (%s)", words[a.Roll], a.Rule)
	}
	ch := a.Choices
	if len(ch) > 6 {
		ch = append(slices.Clone(ch[:6]), "...")
	}
	return fmt.Sprintf("%s decides %s (%s): %s", a.Side, a.Decision, a.Rule, strings.Join(ch, " | "))
}

// Choices lists the choices of the decision c awaits: every set of units
// that takes the step losses due (as many as the eligible units have), or
// each listed choice; none while c awaits a die or is done.
func Choices(c *Combat) []rules.Choice {
	a := c.Await()
	if a.Done || a.Roll != "" {
		return nil
	}
	var out []rules.Choice
	if a.Decision == DecAttackerLoss || a.Decision == DecDefenderLoss || a.Decision == DecDDLoss {
		steps := c.UnitSteps()
		total := 0
		for _, u := range a.Choices {
			total += steps[u]
		}
		for _, set := range LossSets(a.Choices, steps, min(a.Steps, total)) {
			out = append(out, rules.Choice{Command: Command{Kind: CmdLosses, Units: set}.String(), Note: "step losses (" + a.Rule + ")"})
		}
		return out
	}
	for k, ch := range a.Choices {
		note := string(a.Decision) + " (" + a.Rule + ")"
		if len(a.Notes) == len(a.Choices) {
			note = a.Notes[k]
		}
		out = append(out, rules.Choice{Command: ch, Note: note})
	}
	return out
}

// OrderRecord is a standing or conditional order in force, given by a side
// (S, the game's side type): Ardennes '44's digest 6.3, Salerno '43's 6.2.
type OrderRecord[S ~string] struct {
	Side S      `json:"side"`
	Text string `json:"text"`
}

// OrdersOf are the orders in force in records, parsed by gr, in the form a
// Combat reads them.
func OrdersOf[S ~string](records []OrderRecord[S], gr Grammar) Orders {
	o := Orders{}
	for _, r := range records {
		if c, err := gr.Parse(r.Text); err == nil {
			o[string(r.Side)] = append(o[string(r.Side)], c)
		}
	}
	return o
}

// SetOrder puts cmd in force for side: it replaces that side's order of
// the same kind (and any record gr no longer reads) and returns the records.
func SetOrder[S ~string](records []OrderRecord[S], side S, cmd Command, gr Grammar) []OrderRecord[S] {
	records = slices.DeleteFunc(records, func(r OrderRecord[S]) bool {
		k, err := gr.Parse(r.Text)
		return r.Side == side && (err != nil || k.Kind == cmd.Kind)
	})
	return append(records, OrderRecord[S]{Side: side, Text: cmd.String()})
}
