package normandy44

import (
	"slices"
	"strings"
	"testing"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// caenMap: Caen is two City hexes, 0605 and 0606 (the map's Caen, 17.2.8);
// a German unit in 0505 faces an Allied one in 0504; far from Caen another
// German unit in 0102 faces one in 0101.
func caenMap() testMap {
	return testMap{
		terrain: map[string]string{"0605": `city "Caen"`, "0606": `city "Caen"`},
		units: []string{
			"g1 german heer 91 infantry 6-4 3-4",
			"g2 german heer 91 infantry 6-4 3-4",
			"ghq german heer - hq (1)-5 range=5",
			"a1 allied us 4 infantry 2-4 1-4",
			"a2 allied us 4 infantry 2-4 1-4",
		},
		setup:   []string{"g1 0505", "ghq 0505", "a1 0504", "g2 0102", "a2 0101"},
		special: []string{"supply 7th-army 3"},
	}
}

func germanCombat(t *testing.T, m testMap) *Game {
	t.Helper()
	g := m.game(t, German, 3)
	g.s.Phase, g.s.Weather = PhaseCombat, WeatherOvercast2
	return g
}

// TestCaenArtillery_17_2_8: the Germans buy a shift in a combat within 3
// hexes of a German-controlled Caen hex for 1 7th Army SupP, without an HQ,
// until every Caen hex is Allied-controlled; one German shift from an HQ or
// Caen per combat (AMBIG-16).
func TestCaenArtillery_17_2_8(t *testing.T) {
	g := germanCombat(t, caenMap())
	refused(t, g, German, "attack 0101 from 0102 maf g2 art caen", "17.2.8") // too far
	refused(t, g, German, "attack 0504 from 0505 maf g1 art caen ghq", "17.2.5, 17.2.8, AMBIG-16")
	c := g.Clone().(*Game)
	c.setControl("0605", Allied)
	c.setControl("0606", Allied)
	refused(t, c, German, "attack 0504 from 0505 maf g1 art caen", "17.2.8") // all Caen Allied
	c = g.Clone().(*Game)
	c.s.SupP[poolIndex(c.s.SupP, germanSupPPool)].N = 0
	refused(t, c, German, "attack 0504 from 0505 maf g1 art caen", "17.2.8") // no SupP
	ev := apply(t, g, German, "attack 0504 from 0505 maf g1 art caen")
	if !strings.Contains(ev[0].Text, "Caen") || pool(g, germanSupPPool) != 2 {
		t.Errorf("Caen fire: %q, 7th Army SupP %d (want 2)", ev[0].Text, pool(g, germanSupPPool))
	}
	if !slices.Contains(shiftSources(g.combat().Odds), ShiftCaenArtillery) {
		t.Errorf("no Caen shift in %s", g.combat().Odds)
	}
}

func (g *Game) attackChoicesFor(t *testing.T, target string) []string {
	t.Helper()
	var out []string
	for _, c := range g.attackChoices() {
		if c.Piece == target {
			out = append(out, c.Command)
		}
	}
	return out
}

// TestCaenArtillery_Legal (17.2.8): the random player is offered Caen fire
// where it may fire.
func TestCaenArtillery_Legal(t *testing.T) {
	g := germanCombat(t, caenMap())
	cs := g.attackChoicesFor(t, "0504")
	if !slices.Contains(cs, "attack 0504 from 0505 maf g1 art caen") {
		t.Errorf("choices %v", cs)
	}
	for _, c := range g.attackChoicesFor(t, "0101") {
		if strings.Contains(c, "caen") {
			t.Errorf("%q offered 5 hexes from Caen", c)
		}
	}
}

// TestHQRetreat_17_2_3: an HQ forced to retreat flips to its Moved side: it
// gives no artillery until it flips back in the Initial Phase, where it can
// trace supply.
func TestHQRetreat_17_2_3(t *testing.T) {
	g := germanCombat(t, caenMap())
	c := &Combat{Combat: &combat.Combat{Moves: []combat.RetreatMove{{Units: []string{"g1", "ghq"}, Path: RetreatPath{Hexes: []hx.Axial{{}}}}}}, In: CombatInput{Defenders: []CombatUnit{{ID: "g1"}, {ID: "ghq"}}}}
	ev := g.hqMovedFlip(c)
	if !g.s.Units[g.index["ghq"]].HQMoved || g.s.Units[g.index["g1"]].HQMoved || len(ev) != 1 || !strings.Contains(ev[0].Text, "17.2.3") {
		t.Fatalf("after the retreat: %v", ev)
	}
	refused(t, g, German, "attack 0504 from 0505 maf g1 art ghq", "17.2.3")
	g.s.Units[g.index["ghq"]].OutOfSupply = true
	g.hqReady()
	if !g.s.Units[g.index["ghq"]].HQMoved {
		t.Error("an HQ without a supply line flipped back")
	}
	g.s.Units[g.index["ghq"]].OutOfSupply = false
	g.s.Phase, g.s.Side = PhaseInitial, ""
	if _, err := g.Roll([]int{3}); err != nil {
		t.Fatal(err)
	}
	if g.s.Units[g.index["ghq"]].HQMoved {
		t.Error("the HQ did not flip back in the Initial Phase")
	}
}

// TestHQPools_17_2_7_P14: a German HQ spends the SupP of the pool its supply
// line reaches: the Cotentin HQ only the Cherbourg Fortress's (17.4; P14,
// L1770-1776: "1 SupP from Cherbourg Fortress"); another HQ with lines to
// both the map edge and Cherbourg spends the 7th Army's, then the
// Fortress's when the 7th Army has none.
func TestHQPools_17_2_7_P14(t *testing.T) {
	m := testMap{
		terrain: map[string]string{"0101": `city "Cherbourg"`},
		places:  []string{"entry 0606 green"},
		units: []string{
			"cot german heer - hq (1)-5 range=5 cotentin",
			"ghq german heer - hq (1)-5 range=5",
			"g1 german heer 91 infantry 6-4 3-4",
			"a1 allied us 4 infantry 2-4 1-4",
		},
		setup:   []string{"cot 0203", "ghq 0303", "g1 0505", "a1 0504"},
		special: []string{"supply 7th-army 1", "supply cherbourg-fortress 3"},
	}
	g := germanCombat(t, m)
	if got := slices.Collect(g.hqPools(g.index["cot"])); !slices.Equal(got, []string{"cherbourg-fortress"}) {
		t.Errorf("Cotentin HQ pools %v", got)
	}
	if got := slices.Collect(g.hqPools(g.index["ghq"])); !slices.Equal(got, []string{germanSupPPool, "cherbourg-fortress"}) {
		t.Errorf("HQ pools %v", got)
	}
	apply(t, g, German, "attack 0504 from 0505 maf g1 art cot")
	if pool(g, "cherbourg-fortress") != 2 || pool(g, germanSupPPool) != 1 {
		t.Errorf("P14: Cotentin HQ fire paid by %v", g.s.SupP)
	}
	g = germanCombat(t, m)
	g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N = 0
	apply(t, g, German, "attack 0504 from 0505 maf g1 art ghq")
	if pool(g, "cherbourg-fortress") != 2 {
		t.Errorf("the Fortress did not pay when the 7th Army could not: %v", g.s.SupP)
	}
}

// TestKampfgruppe_10_3_4: a stack of total strength at most 6 declared a
// combat group attacks with all its units at full strength; without the
// declaration three formations cannot be one MAF (10.3.3); over 6 it is no
// combat group. AMBIG-15: printed strengths.
func TestKampfgruppe_10_3_4(t *testing.T) {
	m := testMap{
		units: []string{
			"k1 german heer 91 infantry 2-4 1-4",
			"k2 german heer 352 infantry 2-4 1-4",
			"k3 german heer 709 infantry 2-4 1-4",
			"k4 german heer 716 infantry 2-4 1-4",
			"a1 allied us 4 infantry 2-4 1-4",
		},
		setup: []string{"k1 0505", "k2 0505", "k3 0505", "k4 0404", "a1 0504"},
	}
	g := germanCombat(t, m)
	refused(t, g, German, "attack 0504 from 0505 maf k1 k2 k3", "10.3.3")
	c := g.Clone().(*Game)
	ev := apply(t, c, German, "attack 0504 from 0505 maf k1 k2 k3 kampfgruppe")
	if o := c.combat().Odds; o.Attack != 6 || len(o.Halved) != 0 {
		t.Errorf("combat group: %s, halved %v; want 6 at full strength (%v)", o, o.Halved, ev)
	}
	// A combat group is one stack (10.3.4).
	refused(t, g, German, "attack 0504 from 0404 0505 maf k1 k2 k4 kampfgruppe", "10.3.4")
	// Over 6: k1-k3 and a 2-strength fourth in the stack.
	g.s.Units[g.index["k4"]].At = "0505"
	refused(t, g, German, "attack 0504 from 0505 maf k1 k2 k3 k4 kampfgruppe", "10.3.4")
}

// TestAttackBoundary_22_1_2: an Allied unit may attack a German unit 1 hex
// beyond its army boundary, not 2 (move.go's boundary geometry; columns
// 15-22, the US side rows 01-04, as in TestArmyBoundary_22_1_2).
func TestAttackBoundary_22_1_2(t *testing.T) {
	g := boundaryGame(t, "us allied us 4 infantry 6-4\nus2 allied us 4 infantry 6-4\ng1 german heer 91 infantry 2-4\ng2 german heer 91 infantry 2-4\n", "us 2004\ng1 2005\nus2 2105\ng2 2106\n")
	g.setStage(3, PhaseCombat, Allied)
	g.s.Weather = WeatherOvercast2
	refused(t, g, Allied, "attack 2106 from 2105 maf us2", "22.1.2") // 2 hexes beyond
	for _, c := range g.attackChoices() {
		if c.Piece == "2106" {
			t.Errorf("Legal offers %q", c.Command)
		}
	}
	apply(t, g, Allied, "attack 2005 from 2004 maf us") // 1 hex beyond
}

// TestAttackRoundTrip_Kampfgruppe (10.3.4): the new words keep the canonical
// form.
func TestAttackRoundTrip_Kampfgruppe(t *testing.T) {
	for _, text := range []string{
		"attack 0504 from 0505 maf k1 k2 k3 kampfgruppe",
		"attack 0504 from 0505 maf k1 art caen",
		"attack 0504 from 0505 maf k1 with k4 art caen ghq kampfgruppe",
		"attack 2613 from 2512 maf 4/8 air 1 naval 1 kampfgruppe",
	} {
		a, err := ParseAttack(text)
		if err != nil || a.String() != text {
			t.Errorf("%q: %v, prints %q", text, err, a.String())
		}
	}
	a, _ := ParseAttack("attack 0504 from 0505 maf k1 k2 kampfgruppe")
	if !a.Kampfgruppe || len(a.MAF) != 2 {
		t.Errorf("parsed %+v", a)
	}
	for _, text := range []string{
		"attack 0504 from 0505 maf k1 kampfgruppe air 1",       // keyword order
		"attack 0504 from 0505 maf k1 kampfgruppe kampfgruppe", // twice
		"attack 0504 from 0505 maf kampfgruppe",                // no MAF
		"attack 0504 from 0505 maf k1 art ghq caen",            // art order
	} {
		if _, err := ParseAttack(text); err == nil {
			t.Errorf("%q parsed", text)
		}
	}
}

// TestDefensiveCaen_17_2_8: Caen's guns may support a German DD for 1 7th
// Army SupP when no Werfer or HQ can.
func TestDefensiveCaen_17_2_8(t *testing.T) {
	g := germanCombat(t, caenMap())
	g.s.Units[g.index["ghq"]] = unitState{ID: "ghq", Gone: true}
	c := &Combat{Combat: &combat.Combat{Origin: "0505"}, In: CombatInput{Attacker: Allied, Defenders: []CombatUnit{{ID: "g1"}}}}
	pay := g.ddSupport(c, "g1")
	if pay == nil {
		t.Fatal("no Caen DD support")
	}
	if got := pay(); !strings.Contains(got, "Caen") || pool(g, germanSupPPool) != 2 {
		t.Errorf("paid by %q, SupP %v", got, g.s.SupP)
	}
}

// TestHQMoveFlip_17_2_3: an HQ that moves more than 1 hex flips to its Moved
// side and gives no DD support until the Initial Phase (17.2.3, 12.4.7).
func TestHQMoveFlip_17_2_3(t *testing.T) {
	g := caenMap().game(t, German, 3)
	g.s.Weather = WeatherOvercast2
	apply(t, g, German, "move ghq 0505 0506 0507")
	if !g.s.Units[g.index["ghq"]].HQMoved {
		t.Fatal("an HQ moving 2 hexes is not on its Moved side")
	}
	g.s.Units[g.index["ghq"]].At = "0505"
	g.s.SupP = nil // no Caen fire either
	c := &Combat{Combat: &combat.Combat{Origin: "0505"}, In: CombatInput{Attacker: Allied, Defenders: []CombatUnit{{ID: "g1"}}}}
	if g.ddSupport(c, "g1") != nil {
		t.Error("a Moved HQ supports a DD")
	}
	g.s.Units[g.index["ghq"]].HQMoved = false
	g.addSupP(germanSupPPool, 1)
	if g.ddSupport(c, "g1") == nil {
		t.Error("a ready HQ does not support a DD")
	}
}

// TestKampfgruppe_Legal (10.3.4, AMBIG-15): Legal offers the combat group of
// a mixed stack.
func TestKampfgruppe_Legal(t *testing.T) {
	m := testMap{
		units: []string{
			"k1 german heer 91 infantry 2-4 1-4",
			"k2 german heer 352 infantry 2-4 1-4",
			"k3 german heer 709 infantry 2-4 1-4",
			"a1 allied us 4 infantry 2-4 1-4",
		},
		setup: []string{"k1 0505", "k2 0505", "k3 0505", "a1 0504"},
	}
	g := germanCombat(t, m)
	if cs := g.attackChoicesFor(t, "0504"); !slices.Contains(cs, "attack 0504 from 0505 maf k1 k2 k3 kampfgruppe") {
		t.Errorf("choices %v", cs)
	}
}

// TestHQPools_CotentinCutOff_17_4: the Cotentin HQ that cannot trace a line
// to a Cherbourg hex may not fire.
func TestHQPools_CotentinCutOff_17_4(t *testing.T) {
	m := testMap{
		terrain: map[string]string{"0101": `city "Cherbourg"`},
		units: []string{
			"cot german heer - hq (1)-5 range=5 cotentin",
			"g1 german heer 91 infantry 6-4 3-4",
			"a1 allied us 4 infantry 2-4 1-4",
		},
		setup:   []string{"cot 0808", "g1 0505", "a1 0504"},
		special: []string{"supply 7th-army 3", "supply cherbourg-fortress 3"},
	}
	g := germanCombat(t, m)
	if got := slices.Collect(g.hqPools(g.index["cot"])); len(got) != 0 {
		t.Fatalf("pools %v, want none: 0808 is more than 5 hexes from Cherbourg without a road", got)
	}
	refused(t, g, German, "attack 0504 from 0505 maf g1 art cot", "17.2.7, 17.4")
}

// TestRefusals_NameTheRule: a declaration the combat rules refuse names the
// rule that forbids it, not a catch-all: odds below 1-3 before any shift are
// no attack (10.6, L713); a German HQ gives one shift and an Allied HQ two
// (17.2.5, L1153); in a Storm one artillery shift in all, a Werfer's
// included (4.3, L335).
func TestRefusals_NameTheRule(t *testing.T) {
	m := caenMap()
	m.units = append(m.units, "gw german heer - werfer (1)-4 range=3", "weak german heer 91 infantry 1-4", "big allied us 4 infantry 8-4")
	m.setup = append(m.setup, "gw 0505", "weak 0201", "big 0301")
	g := germanCombat(t, m)
	refused(t, g, German, "attack 0504 from 0505 maf g1 art ghq ghq", "17.2.5", "at most 1 shift")
	refused(t, g, German, "attack 0301 from 0201 maf weak", "10.6", "1:8") // 1 against 8
	storm := g.Clone().(*Game)
	storm.s.Weather = WeatherStorm
	refused(t, storm, German, "attack 0504 from 0505 maf g1 art ghq gw", "4.3")
	apply(t, g, German, "attack 0504 from 0505 maf g1 art ghq gw") // one of each, not in a Storm (17.3)
}
