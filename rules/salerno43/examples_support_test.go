package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// EX-13 (9.3, L510-511) and EX-14 (9.3.4, L519-521): armor superiority
// compares each side's best rating: the attacker's higher gains it (A),
// equal ratings give none (B), a defender with armor against a MAF with
// none gains it (C); a tank destroyer rates one less attacking, so a TD of
// 3 against 3 gives the defender superiority (EX-14 A) and against 2 none
// (EX-14 B). In hills neither side gains it (9.3.3). The ratings are the
// stand-in counters': the examples' are diagram-only.
func TestArmorSuperiority_EX13_EX14_9_3(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, Allied)
	target, from := pairWhere(t, g, func(a, b hex.Axial) bool {
		return g.b.Terrain(a) == Clear && g.b.Terrain(b) == Clear && g.plainSide(a, b)
	})
	hills, hillsFrom := pairWhere(t, g, func(a, b hex.Axial) bool {
		return g.b.Terrain(a) == Hills && !g.b.fullMountain(a) && g.b.Terrain(b) == Clear && g.plainSide(a, b)
	})
	for _, c := range []struct {
		ex, attacker, defender string
		hills                  bool
		want                   int
	}{
		{"EX-13 A", "greys", "kgd/16", false, 1},   // 3 against 2
		{"EX-13 B", "751tk", "kgd/16", false, 0},   // 2 against 2
		{"EX-13 C", "142/36", "kgd/16", false, -1}, // none against 2
		{"EX-14 A", "601td", "stug/16", false, -1}, // 3-1 = 2 against 3
		{"EX-14 B", "601td", "kgd/16", false, 0},   // 3-1 = 2 against 2
		{"9.3.3", "greys", "kgd/16", true, 0},      // hills: none
	} {
		for i := range g.s.Units {
			g.s.Units[i].Hex = ""
		}
		at, to := from, target
		if c.hills {
			at, to = hillsFrom, hills
		}
		g.put(t, c.attacker, g.b.ID(at))
		g.put(t, c.defender, g.b.ID(to))
		in, err := g.combatInput(AttackCommand{Target: g.b.ID(to), With: []string{c.attacker}, MAF: c.attacker}, true)
		if err != nil {
			t.Fatalf("%s: %v", c.ex, err)
		}
		if got, _ := in.armor(); got != c.want {
			t.Errorf("%s: %s attacking %s: armor superiority %+d, want %+d", c.ex, c.attacker, c.defender, got, c.want)
		}
	}
}

// EX-26 (17.4, L1035-1037): an ASU supports a combat whose defender's hex
// lies within its printed range, counted in hexes through any terrain; the
// 36th Division HQ has range 3.
func TestASURange_EX26_17_4(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, Allied)
	hq := g.put(t, "hq/36", "2810")
	at, _ := g.b.Hex("2810")
	var in3, in4 hex.Axial
	for k := range g.b.Grid().Len() {
		a := g.b.Grid().Hex(k)
		switch hex.Distance(at, a) {
		case 3:
			in3 = a
		case 4:
			in4 = a
		}
	}
	if err := g.asuCanSupport(hq, in3, "us"); err != nil {
		t.Errorf("EX-26: %s is 3 hexes from hq/36, in range: %v", g.b.ID(in3), err)
	}
	if err := g.asuCanSupport(hq, in4, "us"); err == nil || !rulestest.IsRefusal(err, "17.4") {
		t.Errorf("EX-26: %s is 4 hexes from hq/36, out of range: %v", g.b.ID(in4), err)
	}
}

// PLAY-14 (17.5, L1744-1750): the Allies have 0 SP, so no ASU is readied.
func TestNoSPNoReadying_PLAY14_17_5(t *testing.T) {
	g := emptyGame(t, 1, PhasePrep, Allied)
	hq := g.put(t, "hq/36", "2616")
	g.s.Units[hq].Used = true
	g.s.SP[sideIndex(Allied)] = 0
	for _, ch := range g.Legal(rules.Seat(Allied)) {
		if ch.Piece == "hq/36" {
			t.Errorf("PLAY-14: with 0 SP nothing is readied: %q offered", ch.Command)
		}
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "ready hq/36", "17.5", "1 SP")
}

// PLAY-19 (16.2.2, L1793-1797): Allied units trace supply to a BH; one
// that cannot is out of supply.
func TestAlliedSupplyThroughBH_PLAY19_16_2_2(t *testing.T) {
	g := emptyGame(t, 1, PhaseSupply, Allied)
	g.put(t, "bh-red", "2616")
	near := g.put(t, "142/36", "2617")
	st := g.supplyStatuses(Allied)
	if !st.inSupply(g, near) {
		t.Errorf("PLAY-19: 142/36 next to the Red BH is in supply: %v", st.status(g, near))
	}
	g.s.Units[g.index("bh-red")].Hex = "" // no BH, no port of theirs: no source
	g.s.Units[g.index("bh-red")].Box = BoxEliminated
	if st := g.supplyStatuses(Allied); st.inSupply(g, near) {
		t.Errorf("16.2.2: without the BH 142/36 has no source: %v", st.status(g, near))
	}
}

// PLAY-17 (L1779; 5.7, 9.5.1, 14.2.1): the 36th Division's MAF with the
// tank and tank-destroyer battalions that landed with ½ Eff (attack
// halved): 9 against 5 is 1-1, the 36th Division ASU makes 2-1; a 6 is
// A1/D1; the Germans lose a step, decline the DD and retreat 2, DG; the US
// loses a step; units without ½ Eff may advance 2, those with it 1; the
// ASU is flipped to USED.
func TestAlliedAttackQ_PLAY17_14_2_1(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, Allied)
	target, from := pairWhere(t, g, func(a, b hex.Axial) bool {
		if g.b.Terrain(a) != Clear || g.b.Terrain(b) != Clear || !g.plainSide(a, b) {
			return false
		}
		for _, n := range a.Neighbors() { // room to retreat and advance
			if !g.b.Land(n) || g.b.Terrain(n) != Clear || !g.plainSide(a, n) {
				return false
			}
		}
		return true
	})
	T, F := g.b.ID(target), g.b.ID(from)
	g.put(t, "104pg/15", T) // 5-5-5 in clear: defense 5
	g.put(t, "142/36", F)   // 5
	for _, id := range []string{"751tk", "601td"} {
		g.s.Units[g.put(t, id, F)].HalfEff = true // 3 halved: 2 each
	}
	hq := g.put(t, "hq/36", F)
	rulestest.Apply(t, g, rules.Seat(Allied), "attack "+T+" with 142/36 751tk 601td maf 36 art hq/36")
	c := g.combat()
	if c.Odds.Attack != 9 || c.Odds.Defense != 5 || ladder.Label(c.Odds.Raw) != "1-1" || c.Odds.Column() != "2-1" {
		t.Fatalf("PLAY-17: %s; want 9:5 = 1-1, 2-1 with the ASU", c.Odds)
	}
	advances := resolveCombat(t, g, 6)
	if got := baseCode(c.Result.Code); got != "A1/D1" {
		t.Fatalf("PLAY-17: 2-1 on a 6 is A1/D1, got %s", got)
	}
	de := g.s.Units[g.index("104pg/15")]
	if de.Lost != 1 || de.Hex == T || de.Status != Disorganized {
		t.Errorf("PLAY-17: the Germans lose a step and retreat, DG: %+v", de)
	}
	lost := 0
	for _, id := range []string{"142/36", "751tk", "601td"} {
		u := g.s.Units[g.index(id)]
		lost += u.Lost
		if u.Box == BoxEliminated {
			lost++ // a one-step unit
		}
	}
	if lost != 1 {
		t.Errorf("PLAY-17: the US loses one step, lost %d", lost)
	}
	if !g.s.Units[hq].Used {
		t.Error("PLAY-17: the 36th Division ASU is flipped to USED (9.5.1)")
	}
	longest := map[string]int{}
	for _, ch := range advances {
		w := strings.Fields(ch)
		if len(w) >= 3 && w[0] == "advance" {
			longest[w[1]] = max(longest[w[1]], len(w)-2)
		}
	}
	if longest["142/36"] != 2 {
		t.Errorf("PLAY-17: 142/36 may advance 2: %v", advances)
	}
	for _, id := range []string{"751tk", "601td"} {
		if longest[id] != 1 {
			t.Errorf("PLAY-17: %s, ½ Eff, advances at most 1 (5.7, 14.2.1): %v", id, advances)
		}
	}
}

// EX-32 (19.3, T12, L1565): the Salerno variable-strength unit has strength
// 0 on half the dice (1-3): alone at 0 it is a DS at once.
func TestVariableStrengthHalfZero_EX32_19_3(t *testing.T) {
	zero := 0
	for die := 1; die <= 6; die++ {
		g := emptyGame(t, 1, PhaseCombat, Allied)
		g.put(t, "gar-salerno", "2608")
		g.put(t, "2cdo", "2507")
		rulestest.Apply(t, g, rules.Seat(Allied), "attack 2608 with 2cdo maf 2cdo")
		rulestest.Roll(t, g, die)
		// At 1 or 2 the combat goes on to the CRT die; at 0 it is a DS
		// with no die.
		if g.combat().Await().Roll == combat.RollCRT {
			continue
		}
		if got := g.combat().Result.Code; got != "DS" {
			t.Errorf("EX-32: die %d: no CRT die, yet no DS: %q", die, got)
		}
		zero++
	}
	if zero != 3 {
		t.Errorf("EX-32: strength 0 on %d of 6 dice, want 3 (50%%)", zero)
	}
}
