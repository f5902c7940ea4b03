package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hex"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The digest's worked examples of the combat procedure played through the
// engine's commands and dice (digest 5: T-21, T-44, T-45, T-46): the
// defender in 0606, the Germans attacking on turn 3.

// attackFrom declares an attack on target by units standing around it.
func attackFrom(t *testing.T, g *Game, with ...string) {
	t.Helper()
	var from []string
	for _, id := range with {
		if h := at(g, id); !slices.Contains(from, h) {
			from = append(from, h)
		}
	}
	g.enterForTest()
	apply(t, g, German, "attack "+target+" from "+strings.Join(from, " ")+" with "+strings.Join(with, " "))
}

// decide gives the pending seat's decision, checking that it is offered.
func decide(t *testing.T, g *Game, command string) {
	t.Helper()
	p := g.Pending()
	if p.Dice != nil || len(p.Seats) != 1 {
		t.Fatalf("want a decision for %q, pending %+v", command, p)
	}
	if !slices.ContainsFunc(g.Legal(p.Seats[0]), func(c rules.Choice) bool { return c.Command == command }) {
		t.Fatalf("%q is not offered: %s", command, p.Prompt)
	}
	apply(t, g, Side(p.Seats[0]), command)
}

// offered lists the pending seat's legal commands beginning with prefix.
func offered(g *Game, prefix string) []string {
	var out []string
	p := g.Pending()
	for _, c := range g.Legal(p.Seats[0]) {
		if strings.HasPrefix(c.Command, prefix) {
			out = append(out, c.Command)
		}
	}
	return out
}

// T-21 (16.7): an infantry battalion and a tank battalion in a town (DCB
// 3) take a DR2; the defender tries Determined Defense with the tank
// battalion as Lead; 4 - 3 = 1: Yes (-1 step): the Lead loses a step, no
// retreat, no advance, the defenders Engaged.
func TestT21_DeterminedDefense_16_7(t *testing.T) {
	f := fixture{terrain: map[string]Terrain{target: Town}, setup: []string{"4/8/2 " + target, "707tk " + target,
		"1ss/kgp-tiger " + around(0), "1ss/1pg " + around(0), "9ss/9pz " + around(1), "g-rem-pg-1 " + around(1)}}
	g := f.game(t, 3, PhaseCombat, German)
	// 24 : 5 + 3 = 3-1, the Tiger's armour shift: 4-1, whose 4 is DR2.
	attackFrom(t, g, "1ss/kgp-tiger", "1ss/1pg", "9ss/9pz", "g-rem-pg-1")
	roll(t, g, 4)
	decide(t, g, "dd 707tk")
	roll(t, g, 4)
	if g.steps(g.index["707tk"]) != 1 || g.steps(g.index["4/8/2"]) != 1 {
		t.Errorf("Yes (-1 step): 707tk %d steps, 4/8/2 %d; want the Lead alone to lose one (16.7.3)",
			g.steps(g.index["707tk"]), g.steps(g.index["4/8/2"]))
	}
	for _, id := range []string{"707tk", "4/8/2"} {
		if u := st(g, id); u.At != target || u.Status != "" || !u.ENG {
			t.Errorf("%s: at %s, %q, Engaged %v; want it to stay, in Good Order, Engaged (16.7.3, 16.5)", id, u.At, u.Status, u.ENG)
		}
	}
	if p := g.Pending(); p.Dice != nil || len(offered(g, "advance")) > 0 {
		t.Error("no advance after a successful Determined Defense (16.7.3)")
	}
}

// T-44 (16.1): an EX against a lone 1-step defender eliminates it; the
// attacker loses a step and may advance into the defender's hex only.
func TestT44_EXOneStepDefender_16_1(t *testing.T) {
	f := fixture{setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27") // 5:2 = 2-1, whose 5 is EX
	roll(t, g, 5)
	if adv := offered(g, "advance"); !slices.Equal(adv, []string{"advance 12/27 " + target, "advance-done"}) {
		t.Errorf("advances offered %v, want the Limited advance into %s only (16.1, 19.1.1)", adv, target)
	}
	decide(t, g, "advance 12/27 "+target)
	if a := at(g, "4/8/2"); a != deadBox {
		t.Errorf("4/8/2 at %q, want eliminated", a)
	}
	if n := g.steps(g.index["12/27"]); n != 2 || at(g, "12/27") != target {
		t.Errorf("12/27 has %d steps in %s, want 2 in %s (EX: the attacker loses 1, then advances)", n, at(g, "12/27"), target)
	}
}

// T-45 (21.4): a lone recon unit's DS is a DR4: no step lost, a retreat of
// 4, Broken, a Major advance and no Breakthrough.
func TestT45_ReconAlone_21_4(t *testing.T) {
	f := fixture{setup: []string{"14cav/18 " + target, "12/27 " + around(0), "12/48 " + around(1), "12/89 " + around(2)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27", "12/48", "12/89") // 15:2 = 7-1, whose 5 is DS
	roll(t, g, 5)
	retreats := offered(g, "retreat ")
	if len(retreats) == 0 || len(strings.Fields(retreats[0])) != 5 {
		t.Fatalf("retreats offered %v, want 4 hexes (21.4)", retreats)
	}
	decide(t, g, retreats[0])
	// A Major advance: 2 hexes for the infantry (19.2).
	adv := offered(g, "advance 12/27 ")
	long := slices.ContainsFunc(adv, func(c string) bool { return len(strings.Fields(c)) == 4 })
	if !long || slices.ContainsFunc(adv, func(c string) bool { return len(strings.Fields(c)) > 4 }) {
		t.Errorf("advances %v: want a Major advance of 2 hexes (19.2)", adv)
	}
	decide(t, g, "advance-done")
	u := st(g, "14cav/18")
	if u.At != strings.Fields(retreats[0])[4] || u.Status != statusBroken || g.steps(g.index["14cav/18"]) != 2 {
		t.Errorf("14cav/18 at %s, %q, %d steps; want %s, Broken, 2 steps (21.4)", u.At, u.Status, g.steps(g.index["14cav/18"]), strings.Fields(retreats[0])[4])
	}
	if len(g.s.Breakthrough) > 0 {
		t.Errorf("a Breakthrough offered to %v, want none (21.4)", g.s.Breakthrough)
	}
}

// T-46 (22.8): Allied defensive artillery rolling 1 is a ToT: the attacker
// loses a step of a unit of its choice, no CRT roll, the result an A1, the
// artillery Fired.
func TestT46_TimeOnTarget_22_8(t *testing.T) {
	f := fixture{setup: []string{"28/112 " + target, "28/art " + nb(around(3), 3), "12/27 " + around(0), "12/48 " + around(1)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27", "12/48")
	decide(t, g, "def-art 28/art")
	roll(t, g, 1)
	if p := g.Pending(); p.Dice != nil {
		t.Fatalf("a die asked after the ToT: %s", p.Dice.For)
	}
	decide(t, g, "losses 12/48")
	if g.steps(g.index["12/48"]) != 2 || g.steps(g.index["12/27"]) != 3 {
		t.Errorf("the attacker's chosen unit loses 1 step: 12/48 %d, 12/27 %d", g.steps(g.index["12/48"]), g.steps(g.index["12/27"]))
	}
	if st(g, "28/art").Face != 1 {
		t.Error("the artillery flips to Fired (22.8)")
	}
	if at(g, "28/112") != target || g.steps(g.index["28/112"]) != 3 {
		t.Error("the defender is untouched (A1)")
	}
}

// T-23 (19.1.3, 19.2): a Major advance is 2 hexes in any direction; a
// mechanized unit goes 3 along a road, and says so in one command.
func TestT23_MajorAdvanceRoadBonus_19_1_3(t *testing.T) {
	from := around(0)
	_, end := line(target, 3) // the road runs on from the defender's hex, away from the attacker
	mid := nb(target, 3)
	f := fixture{roads: [][]string{{"secondary", from, target, mid, end}},
		setup: []string{"4/8/2 " + target, "1ss/1pg " + from, "12/27 " + around(1)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "1ss/1pg", "12/27") // 11:2 = 5-1, whose 5 is DR4: a Major advance
	roll(t, g, 5)
	if rs := offered(g, "retreat "); len(rs) > 0 {
		decide(t, g, rs[0])
	}
	road := "advance 1ss/1pg " + target + " " + mid + " " + end
	if adv := offered(g, "advance 1ss/1pg "); !slices.Contains(adv, road) {
		t.Fatalf("advances %v lack %q (19.1.3)", adv, road)
	}
	for _, c := range offered(g, "advance 12/27 ") {
		if len(strings.Fields(c)) > 4 {
			t.Errorf("%q: infantry advances at most 2 hexes (19.1.2)", c)
		}
	}
	decide(t, g, road)
	decide(t, g, "advance-done")
	if at(g, "1ss/1pg") != end {
		t.Errorf("1ss/1pg at %s, want %s", at(g, "1ss/1pg"), end)
	}
}

// T-12 (14.3): 26 VG and 2 Pz attack, the Lehr Panther battalion stacked
// with a 2 Pz unit and Lehr's recon with a 26 VG unit: two formations, one
// unit attached to each. A third unit of another formation is one too many.
func TestT12_FormationsAndAttachment_14_3(t *testing.T) {
	f := fixture{setup: []string{"99/394 " + target,
		"26/77 " + around(0), "2pz/2pg " + around(1), "lehr/130pz " + around(1), "116/16pz " + around(2)}}
	g := f.game(t, 3, PhaseCombat, German)
	// Lehr's recon joins 26/77, both reduced so that they stack (8.1).
	st(g, "lehr/recon").At = around(0)
	st(g, "lehr/recon").Face, st(g, "26/77").Face = 1, 1
	idx := func(ids ...string) (out []int) {
		for _, id := range ids {
			out = append(out, g.index[id])
		}
		return out
	}
	if err := g.checkFormations(idx("26/77", "lehr/recon", "2pz/2pg", "lehr/130pz")); err != nil {
		t.Errorf("two formations, one attachment each: %v (14.3)", err)
	}
	err := g.checkFormations(idx("26/77", "lehr/recon", "2pz/2pg", "lehr/130pz", "116/16pz"))
	refused(t, err, "14.3")
	// Declared through the engine, the legal attack stands.
	attackFrom(t, g, "26/77", "lehr/recon", "2pz/2pg", "lehr/130pz")
}

// T-20 (16.2.1): the Fire Fight's Lead must be able to enter the defender's
// hex; an armour unit across an unbridged river cannot, and with no other
// attacker the FF is an ENG.
func TestT20_FireFightLead_16_2_1(t *testing.T) {
	a := around(0)
	f := fixture{sides: [][3]string{{a, target, "river"}}, setup: []string{"4/8/2 " + target, "9ss/9pz " + a}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "9ss/9pz") // 7 halved = 4 : 2 = 2-1, whose 3 is FF
	roll(t, g, 3)
	if ff := offered(g, "fire-fight"); len(ff) > 0 {
		t.Errorf("fire-fight offered %v: the tank cannot lead across the river (16.2.1)", ff)
	}
	if !st(g, "4/8/2").ENG || at(g, "4/8/2") != target || g.steps(g.index["9ss/9pz"]) != 2 {
		t.Errorf("the FF became ENG: the defender Engaged %v in %s, the attacker %d steps (16.2.1, 16.5)",
			st(g, "4/8/2").ENG, at(g, "4/8/2"), g.steps(g.index["9ss/9pz"]))
	}
}

// T-27 (22.4, 22.6): artillery reaches a hex at most its range away,
// counting the target and not its own hex, and supports a combat with a
// unit of its colour; T-42 (22.9): artillery in the hex attacked supports
// no other hex.
func TestT27_ArtilleryRange_22_4(t *testing.T) {
	// 9arm/art, range 6, six hexes from the target in a line.
	h := target
	for range 6 {
		h = nb(h, 0)
	}
	far := nb(h, 0)
	f := fixture{cols: 14, rows: 14, setup: []string{"9arm/cca " + target, "9arm/art " + h, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseCombat, German)
	i := g.index["9arm/art"]
	if why := g.artilleryMay(i, mustHex(target), []int{g.index["9arm/cca"]}, true); why != "" {
		t.Errorf("6 hexes, range 6: %s (22.4)", why)
	}
	if why := g.artilleryMay(i, mustHex(target), []int{g.index["99/394"]}, true); !strings.Contains(why, "22.6") {
		t.Errorf("no unit of its colour: %q, want 22.6", why)
	}
	st(g, "9arm/art").At = far
	if why := g.artilleryMay(i, mustHex(target), []int{g.index["9arm/cca"]}, true); !strings.Contains(why, "22.4") {
		t.Errorf("7 hexes, range 6: %q, want 22.4", why)
	}
	// T-42: in the hex attacked it supports no other hex.
	st(g, "9arm/art").At = target
	if why := g.artilleryMay(i, mustHex(target), []int{g.index["9arm/cca"]}, true); !strings.Contains(why, "22.9") {
		t.Errorf("in the hex attacked: %q, want 22.9", why)
	}
}

// T-22 (17.1): the retreat's full distance comes before avoiding an enemy
// ZOC. 4/8/2 in 0606, walled by lakes, may leave by 0505, a dead end, or by
// 0605, an empty hex in the ZOC of 12/48, and on from there: it must take
// the full two hexes through 0605.
func TestT22_RetreatPriorities_17_1(t *testing.T) {
	lake := func(x, y string) [3]string { return [3]string{x, y, "lake"} }
	f := fixture{
		sides: [][3]string{lake("0606", "0705"), lake("0606", "0506"), lake("0606", "0607"),
			lake("0505", "0605"), lake("0505", "0504"), lake("0505", "0405"), lake("0505", "0406"), lake("0505", "0506")},
		setup: []string{"4/8/2 " + target, "12/27 0706", "12/48 0704"}}
	g := f.game(t, 3, PhaseCombat, German)
	if !g.zoc(German).Has(mustHex("0605")) {
		t.Fatal("the fixture wants 0605 in the German ZOC")
	}
	attackFrom(t, g, "12/27") // 5:2 = 2-1, whose 6 is DR2
	roll(t, g, 6)
	if dd := offered(g, "no-dd"); len(dd) > 0 {
		decide(t, g, "no-dd")
	}
	// The retreat, the only one left, is made without asking; then the
	// advance.
	if rs := offered(g, "retreat "); len(rs) > 0 {
		for _, r := range rs {
			if w := strings.Fields(r); len(w) != 3 || w[1] != "0605" {
				t.Errorf("%q: want the full 2 hexes through 0605 (17.1: priority 1 before 2)", r)
			}
		}
		decide(t, g, rs[0])
	}
	decide(t, g, "advance-done")
	h := at(g, "4/8/2")
	if h != "0604" && h != "0504" {
		t.Errorf("4/8/2 retreats to %q; want 2 hexes through 0605, to 0604 or 0504 (17.1)", h)
	} else if g.zoc(German).Has(mustHex(h)) {
		t.Errorf("4/8/2 ends in %s, in a German ZOC: only the first hex may be (17.1)", h)
	}
}

// T-23 B (19.2): in a Major advance infantry enters a forest hex only as
// the first hex of the advance.
func TestT23B_AdvanceIntoForest_19_2(t *testing.T) {
	ter := map[string]Terrain{}
	for _, h := range []string{"0806", "0807", "0906", "0907", "0905", "0805"} {
		ter[h] = Forest
	}
	f := fixture{terrain: ter, setup: []string{"14cav/18 " + target, "12/27 " + around(0), "12/48 " + around(1), "12/89 " + around(2)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27", "12/48", "12/89") // 15:2 = 7-1, whose 5 is DS (a DR4 for a lone recon, 21.4)
	roll(t, g, 5)
	if rs := offered(g, "retreat "); len(rs) > 0 {
		decide(t, g, rs[0])
	}
	first, two := false, false
	for _, c := range offered(g, "advance 12/27 ") {
		w := strings.Fields(c)[2:]
		if ter[w[0]] == Forest {
			first = true
		}
		two = two || len(w) == 2
		if len(w) == 2 && ter[w[1]] == Forest {
			t.Errorf("%q: a forest as the second hex (19.2)", c)
		}
	}
	if !first || !two {
		t.Errorf("advances into a forest as the first hex %v, of 2 hexes %v: want both (19.1.2, 19.2)", first, two)
	}
}

// T-23 B, 26/77 (19.3.2): an advance does not step from one hex in an enemy
// unit's ZOC straight into another of the same unit's, but on its first
// hex.
func TestT23B_AdvanceZOCToZOC_19_3_2(t *testing.T) {
	e := "0906" // an Allied unit two hexes behind 12/27
	f := fixture{setup: []string{"14cav/18 " + target, "12/27 " + around(0), "12/48 " + around(1), "12/89 " + around(2), "28/112 " + e}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27", "12/48", "12/89")
	roll(t, g, 5)
	if rs := offered(g, "retreat "); len(rs) > 0 {
		decide(t, g, rs[0])
	}
	near := func(x, y string) bool { return hex.Distance(mustHex(x), mustHex(y)) == 1 }
	barred, into := 0, false
	for _, c := range offered(g, "advance 12/27 ") {
		w := strings.Fields(c)[2:]
		into = into || near(w[0], e)
		if len(w) == 2 && near(w[0], e) && near(w[1], e) {
			t.Errorf("%q: from %s's ZOC straight into it again (19.3.2)", c, e)
		}
	}
	if !into {
		t.Error("no advance enters the ZOC of 28/112 on its first hex: 19.3.2 allows it")
	}
	for _, h1 := range hexesAround(around(0)) {
		for _, h2 := range hexesAround(h1) {
			if near(h1, e) && near(h2, e) && h2 != around(0) && h1 != e && h2 != e {
				barred++
			}
		}
	}
	if barred == 0 {
		t.Fatal("the fixture offers no step from the ZOC of 28/112 into it again")
	}
}

// hexesAround lists the six neighbours of hex id.
func hexesAround(id string) []string {
	var out []string
	for d := range 6 {
		out = append(out, nb(id, hex.Direction(d)))
	}
	return out
}
