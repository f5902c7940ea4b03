package combat

import (
	"errors"
	"fmt"
	"strconv"
)

// Sentinel errors of the odds.
var (
	// ErrOddsTooLow: odds below the ladder's lowest column before any shift,
	// on a ladder that refuses them (Normandy '44 10.6).
	ErrOddsTooLow = errors.New("odds below the lowest column before shifts")
	// ErrStrength: a combat strength that no legal combat can have.
	ErrStrength = errors.New("impossible combat strength")
)

// Column is a column of the odds ladder, counted from 1-1: 0 is 1-1, 1 is
// 2-1, 2 is 3-1 ...; -1 is 1-2, -2 is 1-3, -3 is 1-4 ... The ladder goes on
// past the printed columns both ways, because shifts count from the true
// odds and the limits apply after them (Normandy '44 10.6, Ardennes '44
// 14.5, Salerno '43 8.6.2).
type Column int

// At is the column of the odds n-1 (d = 1) or 1-d (n = 1).
func At(n, d int) Column {
	if d == 1 {
		return Column(n - 1)
	}
	return Column(1 - d)
}

// String gives the odds as the rulebooks print them: "1-3", "1-1", "8-1".
func (c Column) String() string {
	if c >= 0 {
		return strconv.Itoa(int(c)+1) + "-1"
	}
	return "1-" + strconv.Itoa(1-int(c))
}

// Ratio is step 1 of every combat of the series: the attack strength
// against the defense strength, rounded in the defender's favour to a simple
// ratio (Normandy '44 10.5, Ardennes '44 14.4 step 2, Salerno '43 8.3):
// 15:4 is 3-1, 4:15 is 1-4, 11:12 is 1-2. Both must be positive.
func Ratio(attack, defense int) Column {
	if attack >= defense {
		return Column(attack/defense - 1)
	}
	return Column(1 - (defense+attack-1)/attack)
}

// Ladder is a game's odds ladder: its printed columns, the strength cap and
// the limits that apply after all shifts.
type Ladder struct {
	Lo, Hi Column // the lowest and highest printed columns
	// Cap is the most strength either side counts in one combat, after
	// halving and doubling; 0 for none (Normandy '44 10.4: 18; Salerno '43
	// 8.4.5: 20).
	Cap int
	// Virtual: odds below Lo before shifts are an attack, counted on the
	// columns beyond Lo (Ardennes '44 14.5); otherwise they are refused
	// with ErrOddsTooLow (Normandy '44 10.6).
	Virtual bool
	// Below is the automatic result of final odds below Lo, without a die
	// (Normandy '44 10.6, Ardennes '44 14.5: A1).
	Below ResultCode
	// Floor: final odds below Lo read Lo, with a die, instead of Below
	// (Salerno '43 8.6.1, digest A-07: the lowest column is 1-3); false
	// for Normandy '44 and Ardennes '44.
	Floor bool
	// Top and TopCode: final odds at or above Top give TopCode without a
	// die (Salerno '43 8.6.1: 10-1 and up, DS); with TopCode empty, final
	// odds above Hi read Hi.
	Top     Column
	TopCode ResultCode
	// Rule states the limits, for the narration: "10.6".
	Rule string
}

// Capped is a strength as the ladder counts it: points above the cap are
// ignored.
func (l *Ladder) Capped(n int) int {
	if l.Cap > 0 {
		return min(n, l.Cap)
	}
	return n
}

// Odds is step 1: the column of attack against defense, each capped, before
// any shift. A defense of 0 or less, or a negative attack, is ErrStrength;
// on a ladder that is not virtual, odds below Lo are ErrOddsTooLow, and so
// is an attack of 0.
func (l *Ladder) Odds(attack, defense int) (Column, error) {
	if attack < 0 || defense <= 0 {
		return 0, fmt.Errorf("odds %d:%d: %w", attack, defense, ErrStrength)
	}
	a, d := l.Capped(attack), l.Capped(defense)
	if a == 0 || Ratio(a, d) < l.Lo && !l.Virtual {
		return 0, fmt.Errorf("odds %d:%d below %v before shifts (%s): %w", a, d, l.Lo, l.Rule, ErrOddsTooLow)
	}
	return Ratio(a, d), nil
}

// Final applies the net shift (right positive, for the attacker) to the
// odds, and only then the limits: past Hi the odds read Hi (or reach Top),
// below Lo they are the automatic column Lo-1.
func (l *Ladder) Final(c Column, shift int) Column {
	s := c + Column(shift)
	switch {
	case s < l.Lo && l.Floor:
		return l.Lo
	case s < l.Lo:
		return l.Lo - 1
	case l.TopCode != "" && s >= l.Top:
		return l.Top
	case s > l.Hi:
		return l.Hi
	}
	return s
}

// Limited reports whether the shift took the odds past Hi, so that the
// final column is the limit, not the sum.
func (l *Ladder) Limited(c Column, shift int) bool {
	s := c + Column(shift)
	return s > l.Hi && (l.TopCode == "" || s < l.Top)
}

// Automatic is the result a final column gives without a die, if any.
func (l *Ladder) Automatic(c Column) (ResultCode, bool) {
	switch {
	case c < l.Lo:
		return l.Below, true
	case l.TopCode != "" && c >= l.Top:
		return l.TopCode, true
	}
	return "", false
}

// Label gives a final column as a player reads it: "<1-3" for the automatic
// column below the ladder, the odds otherwise.
func (l *Ladder) Label(c Column) string {
	if c < l.Lo {
		return "<" + l.Lo.String()
	}
	return c.String()
}
