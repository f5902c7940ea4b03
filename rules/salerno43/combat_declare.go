package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// AttackCommand is one attack (8.0):
//
//	attack HEX with UNIT... maf ID [addon UNIT] [air] [naval] [art UNIT...]
//	attack HEX with UNIT... maf ID [addon UNIT] breakthrough
//
// HEX is the defenders' hex (8.2: one hex an attack); the units attack from
// next to it; maf names the Main Assault Force (8.4.1), a formation (8.4.2)
// or one unit, and addon the one unit attached to it (8.4.3); air, naval
// and art are the attacker's support (9.4-9.6), declared with the attack
// (8.3 step 2).
type AttackCommand struct {
	// Auto: an Auto DS declared in the Movement Phase (8.7.1): 'autods'.
	Auto   bool
	Target string
	With   []string
	MAF    string
	AddOn  string
	Air    bool
	Naval  bool
	// Valiant: the naval marker is enhanced by Valiant and Warspite (19.4).
	Valiant bool
	Art     []string
	// Breakthrough: the attack is a breakthrough combat made during the
	// advance of the last combat (15.0).
	Breakthrough bool
}

var attackWords = []string{"with", "maf", "addon", "air", "naval", "art", "breakthrough"}

const attackSyntax = "attack HEX with UNIT... maf ID [addon UNIT] [air] [naval [valiant]] [art UNIT...] [breakthrough]"

// ParseAttack reads an attack in canonical form.
func ParseAttack(s string) (AttackCommand, error) {
	w := strings.Fields(s)
	bad := func(why string) (AttackCommand, error) {
		return AttackCommand{}, fmt.Errorf("%w: %s in %q: want %s", ErrCommand, why, s, attackSyntax)
	}
	if strings.Join(w, " ") != s {
		return bad("not canonical: one space between words")
	}
	if len(w) < 6 || (w[0] != "attack" && w[0] != "autods") || !scn.ValidHexID(w[1]) || w[2] != "with" {
		return bad("a hex and 'with'")
	}
	a := AttackCommand{Target: w[1], Auto: w[0] == "autods"}
	k := 3
	for k < len(w) && validUnitID(w[k]) {
		if slices.Contains(a.With, w[k]) {
			return bad("unit " + w[k] + " twice")
		}
		a.With = append(a.With, w[k])
		k++
	}
	if len(a.With) == 0 || k+1 >= len(w) || w[k] != "maf" || !scn.ValidID(w[k+1]) {
		return bad("the attacking units, then 'maf ID'")
	}
	a.MAF = w[k+1]
	k += 2
	if k+1 < len(w) && w[k] == "addon" {
		if !validUnitID(w[k+1]) {
			return bad("a unit after addon")
		}
		a.AddOn = w[k+1]
		k += 2
	}
	if k < len(w) && w[k] == "air" {
		a.Air = true
		k++
	}
	if k < len(w) && w[k] == "naval" {
		a.Naval = true
		k++
		if k < len(w) && w[k] == "valiant" {
			a.Valiant = true // 19.4: only with a naval marker
			k++
		}
	}
	if k < len(w) && w[k] == "art" {
		k++
		for k < len(w) && validUnitID(w[k]) {
			a.Art = append(a.Art, w[k])
			k++
		}
		if len(a.Art) == 0 || len(a.Art) > 2 {
			return bad("one or two ASU after art (9.5.3)")
		}
	}
	if k < len(w) && w[k] == "breakthrough" && !a.Auto {
		a.Breakthrough = true
		k++
	}
	if k != len(w) {
		return bad(fmt.Sprintf("%q", w[k]))
	}
	if a.Breakthrough && (a.Air || a.Naval || len(a.Art) > 0) {
		return bad("a breakthrough has no air, naval or artillery support (15.2.7)")
	}
	if a.Auto && (a.Air || a.Naval || len(a.Art) > 0) {
		return bad("an Auto DS has no air, naval or artillery support (8.7.1)")
	}
	return a, nil
}

// String prints the attack in canonical form.
func (a AttackCommand) String() string {
	verb := "attack"
	if a.Auto {
		verb = "autods"
	}
	w := append([]string{verb, a.Target, "with"}, a.With...)
	w = append(w, "maf", a.MAF)
	if a.AddOn != "" {
		w = append(w, "addon", a.AddOn)
	}
	if a.Air {
		w = append(w, "air")
	}
	if a.Naval {
		w = append(w, "naval")
	}
	if a.Valiant {
		w = append(w, "valiant")
	}
	if len(a.Art) > 0 {
		w = append(append(w, "art"), a.Art...)
	}
	if a.Breakthrough {
		w = append(w, "breakthrough")
	}
	return strings.Join(w, " ")
}
