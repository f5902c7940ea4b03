package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The digest's worked examples of replacements and breakdown units
// (digest 5: T-32, T-33).

// unitsIn lists the units standing in hex h.
func unitsIn(g *Game, h string) []string {
	var out []string
	for _, us := range g.s.Units {
		if us.At == h {
			out = append(out, us.ID)
		}
	}
	slices.Sort(out)
	return out
}

// T-32 (25.2.3): a dead 6-6-3 regiment comes back only by spending a
// replacement and taking the place of an on-map, un-Engaged, Good Order
// infantry Remnant, reduced, in the Remnant's hex.
func TestT32_RebuildLargeUnit_25_2_3(t *testing.T) {
	rem, h := "us-rem-inf-1", "0606"
	setup := func() *Game {
		g := fixture{terrain: map[string]Terrain{h: Town}, setup: []string{rem + " " + h, "99/395 " + nb(h, 0)}}.game(t, 4, PhaseNightRepl, Allied)
		st(g, "99/394").At = deadBox
		g.s.Repl = 1
		return g
	}
	g := setup()
	_, err := g.Apply(rules.Seat(Allied), "rebuild 99/394 "+nb(h, 3)) // no Remnant there
	refused(t, err, "25.2.3")
	for _, spoil := range []func(u *unitState){
		func(u *unitState) { u.ENG = true },
		func(u *unitState) { u.Status = statusDisrupted },
	} {
		g := setup()
		spoil(st(g, rem))
		_, err := g.Apply(rules.Seat(Allied), "rebuild 99/394 "+h)
		refused(t, err, "25.2.3")
	}
	g = setup()
	apply(t, g, Allied, "rebuild 99/394 "+h)
	if u := st(g, "99/394"); u.At != h || u.Face != 1 {
		t.Errorf("99/394 at %s face %d, want reduced in %s (25.2.3)", u.At, u.Face, h)
	}
	if at(g, rem) != poolBox || g.s.Repl != 0 {
		t.Errorf("the Remnant at %q, replacements left %d; want it off the map and the replacement spent", at(g, rem), g.s.Repl)
	}
}

// T-33 (26.1): a 3-step regiment breaks down into its reduced side and a
// breakdown battalion, or into two breakdown battalions and its Remnant.
func TestT33_Breakdown_26_1(t *testing.T) {
	h, k := "0606", "0909"
	g := fixture{setup: []string{"99/394 " + h, "99/395 " + k}}.game(t, 3, PhaseMovement, Allied)
	apply(t, g, Allied, "breakdown 99/394")
	in := unitsIn(g, h)
	if st(g, "99/394").Face != 1 || len(in) != 2 || !strings.HasPrefix(in[1], "us-bd-inf-") {
		t.Errorf("one step off: 99/394 face %d, %s holds %v; want it reduced with a breakdown battalion (26.1)", st(g, "99/394").Face, h, in)
	}
	apply(t, g, Allied, "breakdown 99/395 two")
	in = unitsIn(g, k)
	bd := slices.IndexFunc(in, func(id string) bool { return strings.HasPrefix(id, "us-bd-inf-") })
	rems := slices.IndexFunc(in, func(id string) bool { return strings.HasPrefix(id, "us-rem-inf-") })
	if len(in) != 3 || bd < 0 || rems < 0 || at(g, "99/395") == k {
		t.Errorf("two breakdown battalions and the Remnant: %s holds %v (26.1)", k, in)
	}
	// A reduced unit has no step to give.
	_, err := g.Apply(rules.Seat(Allied), "breakdown 99/394")
	refused(t, err, "26.")
}

// T-24 (20.1-20.5): A, not Engaged, next to the enemy, and B, Engaged,
// both disengage and succeed. A may not enter an enemy ZOC on its retreat
// (20.4) and goes 1 hex; B goes 2; B's ENG marker comes off once it
// decides to disengage (20.5; the engine takes it off with the die).
func TestT24_Disengagement_20_4(t *testing.T) {
	a, b := nb(target, 3), nb(target, 0)
	g := fixture{setup: []string{"12/27 " + target, "99/394 " + a, "99/395 " + b}}.game(t, 3, PhaseCombat, Allied)
	st(g, "99/395").ENG = true
	g.enterForTest()
	ezoc := g.zoc(German)
	apply(t, g, Allied, "disengage 99/394")
	roll(t, g, 1) // 1 + 1 (Green) = 2: Yes
	ws := offered(g, "withdraw 99/394 ")
	if len(ws) == 0 {
		t.Fatal("no retreat offered to 99/394")
	}
	for _, w := range ws {
		for _, h := range strings.Fields(w)[2:] {
			if ezoc.Has(mustHex(h)) && len(unitsIn(g, h)) == 0 {
				t.Errorf("%q enters the enemy ZOC in %s: 99/394 was not Engaged (20.4)", w, h)
			}
		}
	}
	one := ws[slices.IndexFunc(ws, func(w string) bool { return len(strings.Fields(w)) == 3 })]
	decide(t, g, one)
	apply(t, g, Allied, "disengage 99/395")
	roll(t, g, 1) // the marker comes off with the die, the decision's next input
	if st(g, "99/395").ENG {
		t.Error("99/395 keeps its ENG marker after deciding to disengage (20.5)")
	}
	ws = offered(g, "withdraw 99/395 ")
	two := ws[slices.IndexFunc(ws, func(w string) bool { return len(strings.Fields(w)) == 4 })]
	decide(t, g, two)
	if at(g, "99/394") != strings.Fields(one)[2] || at(g, "99/395") != strings.Fields(two)[3] {
		t.Errorf("99/394 at %s, 99/395 at %s; want %s and %s", at(g, "99/394"), at(g, "99/395"), strings.Fields(one)[2], strings.Fields(two)[3])
	}
}

// T-38 (27.5, 25.3.3): on the first Night the German player has the 4 KG
// Peiper units active and 3 Night-marked stacks besides.
func TestT38_PeiperFirstNight_27_5(t *testing.T) {
	kgp := []string{"1ss/kgp-pz", "1ss/kgp-tiger", "1ss/kgp-2pg", "1ss/kgp-84flak"}
	f := fixture{setup: []string{"1ss/kgp-pz 0303", "1ss/kgp-tiger 0403", "1ss/kgp-2pg 0303", "1ss/kgp-84flak 0503",
		"12/27 0707", "12/48 0808", "12/89 0909", "3fj/5 1010"}}
	g := f.game(t, 2, PhaseMovement, German)
	for _, h := range []string{"0707", "0808", "0909"} {
		apply(t, g, German, "night "+h)
	}
	_, err := g.Apply(rules.Seat(German), "night 1010")
	refused(t, err, "25.3.3")
	g.s.Phase = PhaseNightCombat
	for _, id := range append(slices.Clone(kgp), "12/27", "12/48", "12/89") {
		if !g.attacksAtNight(g.index[id]) {
			t.Errorf("%s does not act on the first Night (27.5, 25.3.3)", id)
		}
	}
	if g.attacksAtNight(g.index["3fj/5"]) {
		t.Error("3fj/5, unmarked, acts at night")
	}
	// On a later Night KG Peiper needs markers like any other stack.
	g = f.game(t, 4, PhaseNightCombat, German)
	if g.attacksAtNight(g.index["1ss/kgp-pz"]) {
		t.Error("KG Peiper acts unmarked on the second Night: only the first (27.5)")
	}
}

// T-34 (27.8): 150 Pz Bde, undetected, infiltrates: one roll for a hex in
// the ZOC of two Allied units (2: ignored), one for the next (3: ignored),
// on to a hex next to the enemy, and a surprise attack (1-3: +1 right
// shift); it is detected after the attack, for good.
func TestT34_Skorzeny_27_8(t *testing.T) {
	f := fixture{setup: []string{"pz150 0602", "4/8/2 0503", "4/22/2 0503", "99/395 0705"}}
	g := f.game(t, 3, PhaseMovement, German)
	apply(t, g, German, "move pz150 0602 0603 0604 0605 infiltrate")
	for k, die := range []int{2, 3} {
		p := g.Pending()
		if p.Dice == nil || !strings.Contains(p.Dice.For, "infiltration") {
			t.Fatalf("roll %d: want an infiltration die, pending %+v", k+1, p)
		}
		roll(t, g, die)
	}
	if p := g.Pending(); p.Dice != nil {
		t.Fatalf("a third die, %s: the move ends next to the enemy without one", p.Dice.For)
	}
	if at(g, "pz150") != "0605" || g.s.Pz150 != pz150Used {
		t.Fatalf("pz150 at %s, %q; want 0605, used (27.8.2)", at(g, "pz150"), g.s.Pz150)
	}
	// The surprise attack on 99/395: a 1 earns the right shift.
	g.s.Phase = PhaseCombat
	g.enterForTest()
	apply(t, g, German, "attack 0705 from 0605 with pz150 surprise")
	p := g.Pending()
	if p.Dice == nil || !strings.Contains(p.Dice.For, "surprise") {
		t.Fatalf("want the surprise die first (27.8.3), pending %+v", p)
	}
	roll(t, g, 1)
	if c := g.combat(); c == nil || !slices.ContainsFunc(c.Odds.Shifts, func(s combat.Shift) bool { return s.Source == shiftSurprise && s.Columns == 1 }) {
		t.Fatal("a surprise die of 1 gives 1 right shift (27.8.3)")
	}
	for n := 0; g.combat() != nil; n++ { // the rest of the combat: 6s, and each last choice
		if n > 20 {
			t.Fatalf("the combat does not end: %s", g.Pending().Prompt)
		}
		p := g.Pending()
		if p.Dice != nil {
			roll(t, g, 6)
			continue
		}
		l := g.Legal(p.Seats[0])
		apply(t, g, Side(p.Seats[0]), l[len(l)-1].Command)
	}
	if g.s.Pz150 != pz150Detected {
		t.Errorf("after its surprise attack: %q, want detected (27.8.3)", g.s.Pz150)
	}
	// Detected, it has no surprise left, whatever the turn (27.8.1).
	g.s.Attacked, g.s.Defended = nil, nil
	*st(g, "99/395") = unitState{ID: "99/395", At: "0705"}
	*st(g, "pz150") = unitState{ID: "pz150", At: "0605"}
	_, err := g.Apply(rules.Seat(German), "attack 0705 from 0605 with pz150 surprise")
	refused(t, err, "27.8")
}

// T-35 (31): with 1 Night-marked stack and 2 markers unused, the marked
// stack moves its full MA, two other stacks 1 hex each and a third none;
// only the marked stack attacks in the Night Combat Phase.
func TestT35_NightInfiltration_31(t *testing.T) {
	f := fixture{setup: []string{"99/394 0202", "99/395 0404", "28/112 0606", "28/110 0808", "12/27 1111"}}
	g := f.game(t, 4, PhaseMovement, Allied, OptInfiltration)
	apply(t, g, Allied, "night 0202")
	g.s.Phase = PhaseNightMove
	apply(t, g, Allied, "move 99/394 0202 0203 0204 0205") // 3 MP, its whole MA
	_, err := g.Apply(rules.Seat(Allied), "move 99/395 0404 0405 0406")
	refused(t, err, "31")
	apply(t, g, Allied, "move 99/395 0404 0405")
	apply(t, g, Allied, "move 28/112 0606 0607")
	_, err = g.Apply(rules.Seat(Allied), "move 28/110 0808 0809")
	refused(t, err, "31")
	g.s.Phase = PhaseNightCombat
	if !g.attacksAtNight(g.index["99/394"]) || g.attacksAtNight(g.index["99/395"]) || g.attacksAtNight(g.index["28/112"]) {
		t.Error("only the Night-marked stack attacks at night (31, 25.3.2)")
	}
}
