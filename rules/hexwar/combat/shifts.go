package combat

import (
	"fmt"
	"slices"
	"strings"
)

// Beneficiary is the side of a combat a column shift favours: shifts for the
// attacker move right on the CRT, shifts for the defender left.
type Beneficiary uint8

const (
	ForAttacker Beneficiary = iota + 1 // right
	ForDefender                        // left
)

func (b Beneficiary) String() string {
	switch b {
	case ForAttacker:
		return "attacker"
	case ForDefender:
		return "defender"
	}
	return "?"
}

// ShiftSource names one kind of column shift: "armor", "jabos".
type ShiftSource string

// ShiftRule is one line of a game's shift card: what the shift is, whom it
// favours, its bounds and rule, and Compute, which reads a declared combat
// of the game's own input type In and gives the columns it earns (0 for
// none) and the units that earned them, if the rules care (a loss must
// fall on them: Normandy '44 12.2.1 step 3, Ardennes '44 16.3).
type ShiftRule[In any] struct {
	Source ShiftSource
	For    Beneficiary
	// Min and Max bound the columns the source gives in one combat, as the
	// card prints them; the game's declaration rules hold an attack to them.
	Min, Max int
	Rule     string // rule number
	Reason   string // what a player reads in the narration
	// Line is the rulebook line of the card's entry; 0 when the card omits
	// the source and Rule's text is the only authority.
	Line    int
	Compute func(in In) (columns int, units []string)
}

// Shift is one column shift of a combat, with what the narration and the
// loss rules need of its rule.
type Shift struct {
	Source  ShiftSource
	For     Beneficiary
	Columns int // how many columns, always positive; For gives the direction
	Rule    string
	Reason  string
	Units   []string // the units that earned it, if the rules care
}

// Signed gives the shift as the CRT arithmetic uses it: right (for the
// attacker) positive, left negative.
func (s Shift) Signed() int {
	if s.For == ForDefender {
		return -s.Columns
	}
	return s.Columns
}

// String narrates the shift: "1R HQ artillery (11.6, 17.2.5)", "3L Jabos
// (19.1.3)".
func (s Shift) String() string {
	dir := "R"
	if s.For == ForDefender {
		dir = "L"
	}
	if s.Reason == "" {
		return fmt.Sprintf("%d%s %s", s.Columns, dir, s.Source)
	}
	return fmt.Sprintf("%d%s %s (%s)", s.Columns, dir, s.Reason, s.Rule)
}

// Net sums shifts, right positive. It does not clamp: the ladder's Final
// applies the limits afterwards.
func Net(shifts []Shift) int {
	n := 0
	for _, s := range shifts {
		n += s.Signed()
	}
	return n
}

// Providers lists the units that earned any of the shifts, each once, in
// the shifts' order.
func Providers(shifts []Shift) []string {
	var out []string
	for _, s := range shifts {
		for _, u := range s.Units {
			if !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	return out
}

// Shifts is a game's shift card: its rules, computed in this order, which
// is the order the narration lists them.
type Shifts[In any] []ShiftRule[In]

// Rule finds the card's entry of a source.
func (t Shifts[In]) Rule(src ShiftSource) (ShiftRule[In], bool) {
	i := slices.IndexFunc(t, func(r ShiftRule[In]) bool { return r.Source == src })
	if i < 0 {
		return ShiftRule[In]{}, false
	}
	return t[i], true
}

// Make is a shift of n columns from a source of the card, for a shift the
// rules give outside Compute. A source the card lacks is a bug and panics.
func (t Shifts[In]) Make(src ShiftSource, n int, units ...string) Shift {
	r, ok := t.Rule(src)
	if !ok {
		panic(fmt.Sprintf("combat: no shift %q on the card", src))
	}
	return Shift{Source: src, For: r.For, Columns: n, Rule: r.Rule, Reason: r.Reason, Units: units}
}

// Apply computes every shift of a combat, in the card's order.
func (t Shifts[In]) Apply(in In) []Shift {
	var out []Shift
	for _, r := range t {
		if n, units := r.Compute(in); n > 0 {
			out = append(out, Shift{Source: r.Source, For: r.For, Columns: n, Rule: r.Rule, Reason: r.Reason, Units: units})
		}
	}
	return out
}

// HalvingReason is one reason an attacking unit counts half.
type HalvingReason string

// Halving records why a unit counts half: every reason that applies, though
// a unit is halved once however many apply (Normandy '44 11.1, Salerno '43
// 9.1).
type Halving struct {
	Unit    string
	Reasons []HalvingReason
}

// Halve halves a strength, rounding up, so 1 stays 1 (Normandy '44 11.1,
// Salerno '43 9.1).
func Halve(strength int) int { return (strength + 1) / 2 }

// Odds is the odds of one combat, every step kept for the narration.
type Odds struct {
	Attack, Defense       int // as counted: after halving, the DB and the cap
	RawAttack, RawDefense int // before the cap
	DB                    int // the defensive bonus in Defense
	Halved                []Halving
	Raw                   Column // before shifts
	Shifts                []Shift
	Net                   int    // net shift, right positive
	Final                 Column // after shifts and the limits
	ladder                *Ladder
}

// Compute is steps 1 and 2 of the procedure on a ladder: the capped
// strengths, the raw column, the shifts and the final column.
func (l *Ladder) Compute(attack, defense int, shifts []Shift) (Odds, error) {
	raw, err := l.Odds(attack, defense)
	if err != nil {
		return Odds{}, err
	}
	net := Net(shifts)
	return Odds{Attack: l.Capped(attack), Defense: l.Capped(defense), RawAttack: attack, RawDefense: defense,
		Raw: raw, Shifts: shifts, Net: net, Final: l.Final(raw, net), ladder: l}, nil
}

// Providers lists the units that earned a shift.
func (o Odds) Providers() []string { return Providers(o.Shifts) }

// Automatic is the result the final column gives without a die, if any.
func (o Odds) Automatic() (ResultCode, bool) { return o.ladder.Automatic(o.Final) }

// Column is the final column as a player reads it: "<1-3", "5-1".
func (o Odds) Column() string { return o.ladder.Label(o.Final) }

// Limited reports whether the shifts took the odds past the ladder's top.
func (o Odds) Limited() bool { return o.ladder.Limited(o.Raw, o.Net) }

// String narrates the odds: "12:4 = 3-1, 1R HQ artillery (11.6, 17.2.5), 1R
// attacker armor superiority (11.4.1) → 5-1".
func (o Odds) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d = %s", o.Attack, o.Defense, o.Raw)
	for _, s := range o.Shifts {
		b.WriteString(", " + s.String())
	}
	if o.ladder == nil {
		return b.String()
	}
	if len(o.Shifts) > 0 {
		fmt.Fprintf(&b, " → %s", o.Column())
		if o.Limited() {
			fmt.Fprintf(&b, " (%s limit, %s)", o.ladder.Hi, o.ladder.Rule)
		}
	}
	if code, auto := o.Automatic(); auto {
		fmt.Fprintf(&b, " (automatic %s, %s)", code, o.ladder.Rule)
	}
	return b.String()
}
