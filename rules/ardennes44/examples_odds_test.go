package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The digest's worked examples of the odds and the column shifts (digest 5:
// T-13 to T-17, T-25, T-26, T-36, T-40), on fixtures: the defender in 0606,
// the attackers around it.

const target = "0606"

// odds declares an attack on target by with from where they stand, in a
// combat phase of side's, and computes it.
func oddsOf(t *testing.T, g *Game, with ...string) (*combatIn, combat.Odds) {
	t.Helper()
	a := AttackCommand{Target: target, With: with}
	for _, id := range with {
		a.From = append(a.From, at(g, id))
	}
	in, err := g.combatInput(a)
	if err != nil {
		t.Fatal(err)
	}
	o, err := in.odds()
	if err != nil {
		t.Fatal(err)
	}
	return in, o
}

// around is target's neighbour in direction d.
func around(d hex.Direction) string { return nb(target, d) }

// T-13 (14.4 step 2): the odds are rounded in the defender's favour; below
// 1-3 the attack is an automatic A1 (14.5).
func TestT13_OddsRounding_14_4(t *testing.T) {
	// 15 AF (three 5-5-3) against 4 DF (a 4-4-3 in clear) is 3-1.
	g := fixture{setup: []string{"4/8(-) " + target, "12/27 " + around(0), "12/48 " + around(1), "12/89 " + around(2)}}.game(t, 3, PhaseCombat, German)
	_, o := oddsOf(t, g, "12/27", "12/48", "12/89")
	if o.Attack != 15 || o.Defense != 4 || o.Column() != "3-1" {
		t.Errorf("15:4 gives %d:%d %s, want 3-1 (14.4)", o.Attack, o.Defense, o.Column())
	}
	// 4 AF against 15 DF (5 + 4 + an artillery unit's 2, a city's DCB 4):
	// 1-4, below the ladder, an automatic A1.
	f := fixture{terrain: map[string]Terrain{target: City},
		setup: []string{"12/27 " + target, "1ss/kgp-pz " + target, "6pza/art-iss " + target, "4/8(-) " + around(3)}}
	g = f.game(t, 3, PhaseCombat, Allied)
	_, o = oddsOf(t, g, "4/8(-)")
	if o.Attack != 4 || o.Defense != 15 {
		t.Fatalf("4:15 counted as %d:%d", o.Attack, o.Defense)
	}
	code, auto := o.Automatic()
	if !auto || code != "A1" {
		t.Errorf("1-4 (%s): automatic %v %q, want an automatic A1 (14.5)", o.Column(), auto, code)
	}
}

// T-14 (14.5): shifts apply to the odds as computed; the result above 7-1
// is read on the 7-1 column. 9-1 with 1 left shift is 8-1, read on 7-1.
func TestT14_CapAfterShifts_14_5(t *testing.T) {
	g := fixture{}.game(t, 3, PhaseCombat, German)
	l := &g.b.chart.CRT.Ladder
	left := func(n int) []combat.Shift { return []combat.Shift{shiftCard.Make(shiftJabos, n)} }
	for _, c := range []struct {
		shift int
		want  string
	}{{1, "7-1"}, {2, "7-1"}, {3, "6-1"}} {
		o, err := l.Compute(9, 1, left(c.shift))
		if err != nil {
			t.Fatal(err)
		}
		if o.Column() != c.want {
			t.Errorf("9-1 with %d left: column %s, want %s (14.5: 9-%d = %d-1)", c.shift, o.Column(), c.want, c.shift, 9-c.shift)
		}
	}
}

// T-15 (15.1): a 6-6-3 regiment in a town defends with 6 + 3.
func TestT15_DCB_15_1(t *testing.T) {
	g := fixture{terrain: map[string]Terrain{target: Town}, setup: []string{"99/394 " + target, "12/27 " + around(0)}}.game(t, 3, PhaseCombat, German)
	in, _ := oddsOf(t, g, "12/27")
	if df, dcb := in.defenseStrength(); df+dcb != 9 || dcb != 3 {
		t.Errorf("6-6-3 in a town: %d + %d, want 6 + 3 = 9 (15.1)", df, dcb)
	}
}

// T-16 (15.1): the DCB is at most the defenders' DF: a 2-2-3 battalion in
// a city (+4) defends with 2 + 2.
func TestT16_DCBCap_15_1(t *testing.T) {
	g := fixture{terrain: map[string]Terrain{target: City}, setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}.game(t, 3, PhaseCombat, German)
	in, o := oddsOf(t, g, "12/27")
	if df, dcb := in.defenseStrength(); df != 2 || dcb != 2 || o.Defense != 4 {
		t.Errorf("2-2-3 in a city: %d + %d (defense %d), want 2 + 2 = 4 (15.1)", df, dcb, o.Defense)
	}
}

// T-17 (15.2): each unit is halved on its own, rounded up: 5 and 5 halved
// count 3 + 3 = 6.
func TestT17_HalvingPerUnit_15_2(t *testing.T) {
	a, b := around(0), around(1)
	f := fixture{sides: [][3]string{{a, target, "river"}, {b, target, "river"}},
		setup: []string{"99/394 " + target, "12/27 " + a, "12/48 " + b}}
	g := f.game(t, 3, PhaseCombat, German)
	_, o := oddsOf(t, g, "12/27", "12/48")
	if o.Attack != 6 || len(o.Halved) != 2 {
		t.Errorf("two 5s across a river: %d (%d halved), want 3 + 3 = 6 (15.2, 15.3)", o.Attack, len(o.Halved))
	}
}

// T-25 (21.1, 21.2): an attacking armour unit of TQ 4 against a defending
// TQ 3 earns 1 right shift; a red (tank destroyer) TQ 4 counts 3 and does
// not.
func TestT25_ArmourShift_21_1(t *testing.T) {
	g := fixture{setup: []string{"9arm/cca " + target, "9ss/9pz " + around(0)}}.game(t, 3, PhaseCombat, German)
	in, _ := oddsOf(t, g, "9ss/9pz")
	if n, who := in.armourShift(); n != 1 || len(who) != 1 || who[0] != "9ss/9pz" {
		t.Errorf("TQ 4 against TQ 3: %d shift by %v, want 1 by 9ss/9pz (21.1)", n, who)
	}
	g = fixture{setup: []string{"9arm/cca " + target, "11stug " + around(0)}}.game(t, 3, PhaseCombat, German)
	in, _ = oddsOf(t, g, "11stug")
	if n, _ := in.armourShift(); n != 0 {
		t.Errorf("a red TQ 4 counts 3, not above 3: %d shift, want none (21.2)", n)
	}
}

// T-26 (21.1, 21.3): German infantry alone against a US Combat Command
// alone: 1 left shift, the CC being both infantry and armour; none in a
// forest.
func TestT26_DefensiveArmourShift_21_1(t *testing.T) {
	f := fixture{setup: []string{"9arm/cca " + target, "12/27 " + around(0)}}
	in, o := oddsOf(t, f.game(t, 3, PhaseCombat, German), "12/27")
	if n, _ := in.defArmourShift(); n != 1 || o.Net != -1 {
		t.Errorf("infantry against a CC: %d shift (net %d), want 1 left (21.1)", n, o.Net)
	}
	f.terrain = map[string]Terrain{target: Forest}
	in, _ = oddsOf(t, f.game(t, 3, PhaseCombat, German), "12/27")
	if n, _ := in.defArmourShift(); n != 0 {
		t.Errorf("in a forest: %d shift, want none (21.3)", n)
	}
}

// T-36 (34): with the optional attack limit, two stacks of AF 24 against
// DF 6 count 18: 3-1.
func TestT36_AttackLimit_34(t *testing.T) {
	f := fixture{setup: []string{"99/394 " + target,
		"1ss/kgp-tiger " + around(0), "1ss/1pg " + around(0), // 9 + 6
		"9ss/9pz " + around(1), "g-rem-pg-1 " + around(1)}} // 7 + 2
	g := f.game(t, 3, PhaseCombat, German, OptAttackLimit)
	_, o := oddsOf(t, g, "1ss/kgp-tiger", "1ss/1pg", "9ss/9pz", "g-rem-pg-1")
	if o.RawAttack != 24 || o.Attack != 18 || g.b.chart.CRT.Ladder.Label(o.Raw) != "3-1" {
		t.Errorf("24 against 6 with option 34: %d of %d, %s; want 18 of 24, 3-1", o.Attack, o.RawAttack, g.b.chart.CRT.Ladder.Label(o.Raw))
	}
	// Without the option the 24 count: 4-1.
	_, o = oddsOf(t, f.game(t, 3, PhaseCombat, German), "1ss/kgp-tiger", "1ss/1pg", "9ss/9pz", "g-rem-pg-1")
	if o.Attack != 24 || g.b.chart.CRT.Ladder.Label(o.Raw) != "4-1" {
		t.Errorf("without option 34: %d, %s; want 24, 4-1", o.Attack, g.b.chart.CRT.Ladder.Label(o.Raw))
	}
}

// T-40 (21.3, 15.3): armour attacking across a river over a standing
// bridge into clear earns the armour shift and is still halved.
func TestT40_ArmourAcrossBridge_21_3(t *testing.T) {
	a := around(0)
	f := fixture{sides: [][3]string{{a, target, "river"}}, roads: [][]string{{"secondary", a, target}},
		setup: []string{"99/394 " + target, "9ss/9pz " + a}}
	in, o := oddsOf(t, f.game(t, 3, PhaseCombat, German), "9ss/9pz")
	if n, _ := in.armourShift(); n != 1 {
		t.Errorf("across a bridge into clear: %d armour shift, want 1 (21.3)", n)
	}
	if o.Attack != 4 {
		t.Errorf("across a river: AF %d, want 7 halved = 4 (15.3)", o.Attack)
	}
	// Without the bridge the tank could not enter: no shift (21.3).
	f.roads = nil
	in, _ = oddsOf(t, f.game(t, 3, PhaseCombat, German), "9ss/9pz")
	if n, _ := in.armourShift(); n != 0 {
		t.Errorf("across an unbridged river: %d armour shift, want none (21.3)", n)
	}
}

// T-40's variant (21.3): the tank attacks out of a Wooded Rough hex along a
// road into Clear or Light Woods, and earns the armour shift; without the
// road it could not enter the defender's hex from there, and earns none.
// Into Wooded Rough neither side has one, road or not.
func TestT40_ArmourOutOfWoodedRoughAlongRoad_21_3(t *testing.T) {
	a := around(0)
	for _, c := range []struct {
		into  Terrain
		road  bool
		shift int
	}{
		{Clear, true, 1},
		{LightWoods, true, 1},
		{Clear, false, 0},
		{LightWoods, false, 0},
		{WoodedRough, true, 0},
	} {
		f := fixture{terrain: map[string]Terrain{a: WoodedRough, target: c.into},
			setup: []string{"99/394 " + target, "9ss/9pz " + a}}
		if c.road {
			f.roads = [][]string{{"secondary", nb(a, 0), a, target, nb(target, 3)}}
		}
		in, _ := oddsOf(t, f.game(t, 3, PhaseCombat, German), "9ss/9pz")
		if n, _ := in.armourShift(); n != c.shift {
			t.Errorf("out of wooded rough into %s, road %v: %d armour shift, want %d (21.3)", c.into, c.road, n, c.shift)
		}
	}
}
