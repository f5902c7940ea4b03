package normandy44

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// AttackCommand is the declaration of one attack (10.2, 10.3, 10.5 step 2).
// Its canonical text is
//
//	attack HEX from HEX [HEX...] maf UNIT [UNIT...] [with UNIT...] [art UNIT...] [air N] [naval N] [kampfgruppe]
//
// HEX after attack is the defending hex; the from hexes are every hex an
// attacker stands in, ascending; maf names the main attacking force (10.3)
// and with the other attacking units, which count half (11.1); art names the
// HQs and Werfers that fire (11.6), one shift per mention, so an Allied HQ
// giving two shifts is named twice (17.2.5); each list is in ascending id
// order; 'caen' in the art list is Caen's artillery (17.2.8). air and naval
// are the support markers (19.1.2, 19.2.3). kampfgruppe declares the MAF a
// combat group (10.3.4). Units in the from hexes that are not named do not
// attack (10.1: attacking is voluntary for each unit).
type AttackCommand struct {
	Target string
	From   []string
	MAF    []string
	With   []string
	Art    []string
	Air    int
	Naval  int
	// Kampfgruppe: the MAF is a combat group, one stack of strength at most
	// 6 declared a formation of its own (10.3.4).
	Kampfgruppe bool
}

// String prints the canonical text.
func (a AttackCommand) String() string {
	var b strings.Builder
	b.WriteString("attack " + a.Target + " from " + strings.Join(a.From, " "))
	b.WriteString(" maf " + strings.Join(a.MAF, " "))
	if len(a.With) > 0 {
		b.WriteString(" with " + strings.Join(a.With, " "))
	}
	if len(a.Art) > 0 {
		b.WriteString(" art " + strings.Join(a.Art, " "))
	}
	if a.Air > 0 {
		b.WriteString(" air " + strconv.Itoa(a.Air))
	}
	if a.Naval > 0 {
		b.WriteString(" naval " + strconv.Itoa(a.Naval))
	}
	if a.Kampfgruppe {
		b.WriteString(" kampfgruppe")
	}
	return b.String()
}

// Units lists every attacking unit, the MAF first.
func (a AttackCommand) Units() []string { return append(slices.Clone(a.MAF), a.With...) }

// maxAttackers bounds the units of one declaration: six neighbours with at
// most a handful of units each.
const maxAttackers = 36

// ParseAttack reads an attack declaration in canonical form.
func ParseAttack(s string) (AttackCommand, error) {
	a, err := parseAttack(s)
	if err != nil {
		return AttackCommand{}, fmt.Errorf("%w: %v; want 'attack HEX from HEX... maf UNIT... [with UNIT...] [art UNIT...] [air N] [naval N] [kampfgruppe]'", ErrCommand, err)
	}
	if a.String() != s {
		return AttackCommand{}, fmt.Errorf("%w: not canonical: write %q", ErrCommand, a.String())
	}
	return a, nil
}

func parseAttack(s string) (AttackCommand, error) {
	w := strings.Split(s, " ")
	if len(w) < 6 || w[0] != "attack" || !validHexID(w[1]) || w[2] != "from" {
		return AttackCommand{}, fmt.Errorf("bad start")
	}
	a := AttackCommand{Target: w[1]}
	rest := w[3:]
	for len(rest) > 0 && validHexID(rest[0]) {
		a.From, rest = append(a.From, rest[0]), rest[1:]
	}
	if len(a.From) == 0 || len(a.From) > 6 {
		return AttackCommand{}, fmt.Errorf("1 to 6 from hexes")
	}
	units := func(stop ...string) []string {
		var out []string
		for len(rest) > 0 && !slices.Contains(stop, rest[0]) && len(out) <= maxAttackers {
			out, rest = append(out, rest[0]), rest[1:]
		}
		return out
	}
	if len(rest) == 0 || rest[0] != "maf" {
		return AttackCommand{}, fmt.Errorf("'maf' and the main attacking force expected")
	}
	rest = rest[1:]
	a.MAF = units("with", "art", "air", "naval", "kampfgruppe")
	if len(rest) > 0 && rest[0] == "with" {
		rest = rest[1:]
		a.With = units("art", "air", "naval", "kampfgruppe")
		if len(a.With) == 0 {
			return AttackCommand{}, fmt.Errorf("'with' names units")
		}
	}
	if len(rest) > 0 && rest[0] == "art" {
		rest = rest[1:]
		a.Art = units("air", "naval", "kampfgruppe")
		if len(a.Art) == 0 || len(a.Art) > 4 {
			return AttackCommand{}, fmt.Errorf("'art' names 1 to 4 firing units")
		}
		for _, u := range a.Art {
			if !validUnitID(u) || validHexID(u) {
				return AttackCommand{}, fmt.Errorf("%q is not a unit id", u)
			}
			if slices.Contains(a.Units(), u) {
				return AttackCommand{}, fmt.Errorf("%s both attacks and fires", u)
			}
		}
		if !slices.IsSorted(a.Art) {
			return AttackCommand{}, fmt.Errorf("art units in ascending order")
		}
	}
	if len(a.MAF) == 0 || len(a.MAF)+len(a.With) > maxAttackers {
		return AttackCommand{}, fmt.Errorf("1 to %d attacking units", maxAttackers)
	}
	for _, u := range a.Units() {
		if !validUnitID(u) || validHexID(u) {
			return AttackCommand{}, fmt.Errorf("%q is not a unit id", u)
		}
	}
	for _, kw := range []string{"air", "naval"} {
		if len(rest) >= 2 && rest[0] == kw {
			n, err := strconv.Atoi(rest[1])
			if err != nil || n < 1 || n > 9 {
				return AttackCommand{}, fmt.Errorf("%s takes a number from 1 to 9", kw)
			}
			if kw == "air" {
				a.Air = n
			} else {
				a.Naval = n
			}
			rest = rest[2:]
		}
	}
	if len(rest) > 0 && rest[0] == "kampfgruppe" {
		a.Kampfgruppe, rest = true, rest[1:]
	}
	if len(rest) > 0 {
		return AttackCommand{}, fmt.Errorf("unexpected %q", rest[0])
	}
	sorted := func(xs []string) bool { return slices.IsSorted(xs) && len(slices.Compact(slices.Clone(xs))) == len(xs) }
	if !sorted(a.From) || !sorted(a.MAF) || !sorted(a.With) {
		return AttackCommand{}, fmt.Errorf("hexes and units each in ascending order, without repeats")
	}
	for _, u := range a.With {
		if slices.Contains(a.MAF, u) {
			return AttackCommand{}, fmt.Errorf("%s is named twice", u)
		}
	}
	return a, nil
}

// fires groups the art list into one Fire per unit, a repeated id giving
// one more shift (17.2.5). kind gives each unit's type.
func (a AttackCommand) fires(kind func(id string) UnitType) []Fire {
	var out []Fire
	for _, id := range a.Art {
		if n := len(out); n > 0 && out[n-1].By == id {
			out[n-1].Columns++
			continue
		}
		src := ShiftHQArtillery
		switch {
		case id == caenArt:
			src = ShiftCaenArtillery // 17.2.8
		case kind(id) == Werfer:
			src = ShiftWerfer
		}
		out = append(out, Fire{Source: src, By: id, Columns: 1})
	}
	return out
}
