package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The optional rules (25.0) on the stand-in map: Disengagement (25.1),
// Recon (25.2) and Limited port supply (25.3), each with the digest's
// example where it has one (EX-30, EX-31).

// optGame is emptyGame with the invitation's options opts.
func optGame(t *testing.T, turn int, phase Phase, side Side, opts ...string) *Game {
	t.Helper()
	g := emptyGame(t, turn, phase, side)
	o, err := readOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	g.opt, g.s.Options = o, opts
	return g
}

// openHex is a hex of the stand-in map with land all around it for
// three hexes, no mountain hexside, no entry area, port or VP hex: the
// ground of the Disengagement examples.
const openHex = "3326"

// ring is the six hexes around id, by direction, and the hex two away in
// each direction.
func ring(t *testing.T, g *Game, id string) (near, far [6]string) {
	t.Helper()
	a, ok := g.b.Hex(id)
	if !ok {
		t.Fatalf("no hex %s", id)
	}
	for d := range hex.DirectionCount {
		near[d] = g.b.ID(a.Neighbor(d))
		far[d] = g.b.ID(a.Neighbor(d).Neighbor(d))
	}
	return near, far
}

// pocket puts three Allied regiments on every other hex around id: their
// bonds close the three hexsides between (7.1, 7.2), so a unit on id is
// trapped.
func pocket(t *testing.T, g *Game, id string, regiments ...string) [6]string {
	t.Helper()
	near, _ := ring(t, g, id)
	for k, r := range regiments {
		g.put(t, r, near[2*k])
	}
	return near
}

// hasChoice reports whether seat's Legal holds command.
func hasChoice(g *Game, seat Side, command string) bool {
	return slices.ContainsFunc(g.Legal(rules.Seat(seat)), func(c rules.Choice) bool { return c.Command == command })
}

// EX-30 (25.1, L1412-1414): to free units B and C, the German moves unit A
// into hex X, breaking the enemy bond; B then moves into X, and C moves to
// hex Y. In the Combat Phase A, B and C each try to disengage; unit D,
// trapped by enemy bonds, can neither move nor disengage.
func TestEX30_Disengagement_25_1(t *testing.T) {
	g := optGame(t, 2, PhaseMovement, German, OptDisengagement)
	h := openHex
	near := pocket(t, g, h, "141/36", "142/36", "143/36")
	_, far := ring(t, g, h)
	x := near[1] // X: the hex beyond the bonded hexside h|X of 141/36 and 142/36
	b := g.put(t, "1-79/16", h)
	a := g.put(t, "1-64/16", far[1]) // A: outside the pocket, behind X
	c := g.put(t, "2-1fj", far[3])   // C: outside the pocket
	y := g.b.ID(mustHex(t, g, far[3]).Neighbor(3))

	// D: a second pocket, three hexes south-east and out of reach of the first.
	dh := "3829"
	pocket(t, g, dh, "179/45", "157/45", "128/46")
	d := g.put(t, "2-64/16", dh)
	dNear, _ := ring(t, g, dh)

	rulestest.Refused(t, g, rules.Seat(German), "move 1-79/16 "+h+" "+x, "7.2")
	rulestest.Apply(t, g, rules.Seat(German), "move 1-64/16 "+far[1]+" "+x)
	rulestest.Apply(t, g, rules.Seat(German), "move 1-79/16 "+h+" "+x) // A broke the bond (7.3)
	rulestest.Apply(t, g, rules.Seat(German), "move 2-1fj "+far[3]+" "+y)
	rulestest.Refused(t, g, rules.Seat(German), "move 2-64/16 "+dh+" "+dNear[1], "7.2")
	rulestest.Apply(t, g, rules.Seat(German), "end")
	if g.s.Phase != PhaseCombat {
		t.Fatalf("EX-30: want the German Combat Phase, have %s", g.phaseName())
	}

	for _, i := range []int{a, b, c} {
		id := g.sc.Units[i].ID
		if !hasChoice(g, German, "disengage "+id) {
			t.Errorf("EX-30: Legal does not offer 'disengage %s' (25.1.3)", id)
		}
	}
	if !hasChoice(g, German, "disengage "+x) {
		t.Errorf("EX-30: Legal does not offer the stack of A and B one die, 'disengage %s' (25.1.3)", x)
	}
	if hasChoice(g, German, "disengage "+g.sc.Units[d].ID) {
		t.Error("EX-30: Legal offers D's disengagement; D is trapped (25.1, L1414)")
	}
	rulestest.Refused(t, g, rules.Seat(German), "disengage 2-64/16", "25.1", "trapped")

	// Each tries in turn and sees the result before the next (25.1.3).
	for _, id := range []string{"1-64/16", "1-79/16", "2-1fj"} {
		rulestest.Apply(t, g, rules.Seat(German), "disengage "+id)
		if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "25.1.2") {
			t.Fatalf("EX-30: %s's try awaits the Disengagement table's die, have %+v", id, p)
		}
		rulestest.Roll(t, g, 1) // 1, +1 for the mechanized A: No either way
		if g.s.Disengage != nil {
			t.Fatalf("EX-30: a No ends the try (25.1.4): %+v", g.s.Disengage)
		}
	}
	if got := g.s.Units[a].Hex; got != x {
		t.Errorf("EX-30: A stays on X after a No, have %s", got)
	}
	// A unit tries once, and a unit that tried does not attack (25.1.3).
	rulestest.Refused(t, g, rules.Seat(German), "disengage 1-79/16", "25.1.3", "already")
	rulestest.Refused(t, g, rules.Seat(German), "attack "+near[0]+" with 1-79/16 maf 16pz", "25.1.3", "attacks or disengages")
}

// T11 (25.1.2, 25.1.4): 1-2 No, 3 Yes -1, 4-6 Yes, +1 when every unit is
// mechanized; a Yes retreats the unit 1 or 2 hexes, never into an enemy ZOC
// hex without a friendly unit, and it becomes DG, Shattered if it was DG.
func TestT11_DisengagementResults_25_1_4(t *testing.T) {
	setup := func(t *testing.T) (*Game, [6]string, [6]string) {
		g := optGame(t, 2, PhaseCombat, German, OptDisengagement)
		near, far := ring(t, g, openHex)
		g.put(t, "141/36", near[0]) // the enemy on one side
		return g, near, far
	}
	t.Run("3 is Yes -1 for infantry", func(t *testing.T) {
		g, near, far := setup(t)
		fj := g.put(t, "1-1fj", openHex)
		rulestest.Apply(t, g, rules.Seat(German), "disengage 1-1fj")
		rulestest.Roll(t, g, 3)
		// 1-1fj has one step: Yes -1 eliminates it, and nothing retreats.
		if g.s.Units[fj].Box != BoxEliminated || g.s.Disengage != nil {
			t.Fatalf("Yes -1 takes the one-step 1-1fj's step (25.1.4): %+v, %+v", g.s.Units[fj], g.s.Disengage)
		}
		_ = near
		_ = far
	})
	t.Run("2 is No for infantry, and a mechanized unit's 2 is Yes -1", func(t *testing.T) {
		g, _, _ := setup(t)
		pg := g.put(t, "104pg/15", openHex) // mech-inf, two faces and a REM
		rulestest.Apply(t, g, rules.Seat(German), "disengage 104pg/15")
		rulestest.Roll(t, g, 2) // 2+1 = 3: Yes -1
		if g.s.Units[pg].Lost != 1 {
			t.Fatalf("Yes -1: the unit alone takes the step at once (25.1.4): %+v", g.s.Units[pg])
		}
		if p := g.Pending(); !strings.Contains(p.Prompt, "disengage-to") {
			t.Fatalf("after the step the unit retreats: %q", p.Prompt)
		}
		g2, _, _ := setup(t)
		g2.put(t, "1-1fj", openHex)
		rulestest.Apply(t, g2, rules.Seat(German), "disengage 1-1fj")
		rulestest.Roll(t, g2, 2)
		if g2.s.Disengage != nil || g2.s.Units[g2.index("1-1fj")].Hex != openHex {
			t.Fatalf("2 is No: the unit stays (25.1.4)")
		}
	})
	t.Run("Yes: 1 or 2 hexes, no EZOC, DG then SH", func(t *testing.T) {
		g, near, far := setup(t)
		pg := g.put(t, "104pg/15", openHex)
		g.s.Units[pg].Status = Disorganized // 25.1.3: DG units may try
		rulestest.Apply(t, g, rules.Seat(German), "disengage 104pg/15")
		rulestest.Roll(t, g, 3) // 3+1 = 4: Yes
		var to []string
		for _, c := range g.Legal(rules.Seat(German)) {
			to = append(to, c.Command)
		}
		// near[1] and near[5] lie in 141/36's zone: no retreat ends or
		// passes there; the hexes away from near[0] are open, 1 or 2 hexes.
		for _, c := range to {
			if strings.Contains(c, near[1]) || strings.Contains(c, near[5]) {
				t.Errorf("%q enters an enemy ZOC hex without a friendly unit (25.1.4)", c)
			}
		}
		for _, want := range []string{"disengage-to " + near[3], "disengage-to " + near[3] + " " + far[3]} {
			if !slices.Contains(to, want) {
				t.Errorf("Legal lacks %q: %v", want, to)
			}
		}
		rulestest.Refused(t, g, rules.Seat(German), "disengage-to "+near[1], "25.1.4")
		rulestest.Refused(t, g, rules.Seat(German), "end", "25.1.4")
		rulestest.Apply(t, g, rules.Seat(German), "disengage-to "+near[3]+" "+far[3])
		us := g.s.Units[pg]
		if us.Hex != far[3] || us.Status != Shattered {
			t.Fatalf("a DG unit that disengages retreats and is Shattered (25.1.4, 13.1.3): %+v", us)
		}
	})
	t.Run("an EZOC hex with a friendly unit may be entered", func(t *testing.T) {
		g, near, _ := setup(t)
		g.put(t, "1-1fj", openHex)
		g.put(t, "2-1fj", near[1]) // in 141/36's zone, but friendly
		rulestest.Apply(t, g, rules.Seat(German), "disengage 1-1fj")
		rulestest.Roll(t, g, 6)
		rulestest.Apply(t, g, rules.Seat(German), "disengage-to "+near[1])
		if us := g.s.Units[g.index("1-1fj")]; us.Hex != near[1] || us.Status != Disorganized {
			t.Fatalf("the unit retreats into its friend's hex and is DG (25.1.4): %+v", us)
		}
	})
}

// 25.1.3 and 20.4: a unit attacks or disengages, not both; a unit with a
// Replacement marker may not disengage; without the option no one does.
func TestDisengagementRefusals_25_1_3(t *testing.T) {
	g := optGame(t, 2, PhaseCombat, German, OptDisengagement)
	near, _ := ring(t, g, openHex)
	g.put(t, "141/36", near[0])
	g.put(t, "1-1fj", openHex)
	g.put(t, "2-1fj", openHex)
	g.s.Units[g.index("2-1fj")].Repl = true
	rulestest.Refused(t, g, rules.Seat(German), "disengage 2-1fj", "20.4")
	rulestest.Refused(t, g, rules.Seat(German), "disengage "+openHex, "20.4")
	if hasChoice(g, German, "disengage "+openHex) || hasChoice(g, German, "disengage 2-1fj") {
		t.Error("Legal offers the disengagement of a unit with a Replacement marker (20.4)")
	}
	g.s.Attacked = []string{"1-1fj"}
	rulestest.Refused(t, g, rules.Seat(German), "disengage 1-1fj", "25.1.3", "attacks or disengages")

	off := emptyGame(t, 2, PhaseCombat, German)
	off.put(t, "141/36", near[0])
	off.put(t, "1-1fj", openHex)
	rulestest.Refused(t, off, rules.Seat(German), "disengage 1-1fj", "25.1", "optional")
	for _, c := range off.Legal(rules.Seat(German)) {
		if strings.HasPrefix(c.Command, "disengage") {
			t.Errorf("Legal offers %q without the option", c.Command)
		}
	}
}

// EX-31 (25.3, L1424): Amalfi, LP value 1, supplies units worth at most 10
// LP: three full-strength regiments (3+3+3) and an ASU (1), a whole
// division. A unit beyond that is out of supply; a unit that traces to a
// BH draws nothing from the port; without the option the port supplies
// every unit (16.2.2).
func TestEX31_PortSupplyCapacity_25_3(t *testing.T) {
	const amalfi = "2207"
	place := func(g *Game) {
		g.s.Control = []string{amalfi}
		g.put(t, "141/36", amalfi)
		g.put(t, "hq/36", amalfi)
		g.put(t, "142/36", "2206")
		g.put(t, "143/36", "2306")
	}
	supplied := func(g *Game, ids ...string) (in, lp int, out []string) {
		st := g.supplyStatuses(Allied)
		for _, id := range ids {
			i := g.index(id)
			if st.inSupply(g, i) {
				in++
				lp += lpCost(&g.sc.Units[i])
			} else {
				out = append(out, id)
			}
		}
		return in, lp, out
	}
	division := []string{"141/36", "142/36", "143/36", "hq/36"}

	g := optGame(t, 2, PhaseSupply, Allied, OptPortSupply)
	place(g)
	if in, lp, out := supplied(g, division...); in != 4 || lp != 10 {
		t.Fatalf("EX-31: Amalfi supplies the division, 3+3+3+1 = 10 LP; have %d units, %d LP, out %v", in, lp, out)
	}
	g.put(t, "1-141/36", "2206") // one more LP
	if in, lp, out := supplied(g, append(division, "1-141/36")...); lp != 10 || len(out) != 1 || in != 4 {
		t.Errorf("EX-31: Amalfi supplies 10 LP, and one unit is left out of supply; have %d units, %d LP, out %v", in, lp, out)
	}

	// The Supply Phase marks the unit left over OOS (16.1).
	g.s.Side, g.s.Phase = Allied, PhaseSupply
	g.enterSupply()
	oos := 0
	for _, id := range append(division, "1-141/36") {
		if g.s.Units[g.index(id)].OOS {
			oos++
		}
	}
	if oos != 1 {
		t.Errorf("EX-31: one unit gets a white OOS marker in the Supply Phase, have %d", oos)
	}

	// A BH on 2306 supplies 143/36 there: Amalfi's 10 LP go to the others.
	g.put(t, "bh-red", "2306")
	if in, lp, out := supplied(g, append(division, "1-141/36")...); in != 5 || lp != 11 {
		t.Errorf("25.3: a unit with a LOS to a BH draws nothing from the port; have %d units, %d LP, out %v", in, lp, out)
	}

	off := emptyGame(t, 2, PhaseSupply, Allied)
	place(off)
	off.put(t, "1-141/36", "2206")
	if in, _, out := supplied(off, append(division, "1-141/36")...); in != 5 {
		t.Errorf("without 25.3 a port supplies every unit (16.2.2); out %v", out)
	}
}

// dieFor is the die that reads code in the combat's final column of the
// chart, 0 for none.
func dieFor(g *Game, code string) int {
	c := g.combat()
	for die := 1; die <= 6; die++ {
		if string(g.b.chart.CRT.Lookup(c.Odds.Final, die, 0).Code) == code {
			return die
		}
	}
	return 0
}

// reconGround is a clear hex of the stand-in map, land all around, no
// hexside feature: a recon unit's defense is not doubled there (9.8).
const reconGround = "2617"

// reconAttack sets the Hermann Göring recon battalion (3-3-6, 2 steps)
// on clear ground, with the units with, and four US regiments against it,
// and rolls the CRT for code.
func reconAttack(t *testing.T, g *Game, code string, with ...string) int {
	t.Helper()
	near, _ := ring(t, g, reconGround)
	kg := g.put(t, "recon/hg", reconGround)
	for k, id := range []string{"141/36", "142/36", "143/36", "179/45"} {
		g.put(t, id, near[k])
	}
	for _, id := range with {
		g.put(t, id, reconGround)
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "attack "+reconGround+" with 141/36 142/36 143/36 179/45 maf 36")
	die := dieFor(g, code)
	if die == 0 {
		t.Fatalf("no %s in the column %s of the chart", code, g.combat().Odds.Column())
	}
	rulestest.Roll(t, g, die)
	return kg
}

// 25.2 (L1416-1418), A-44: a recon unit attacked alone ignores the step
// loss of a D1 or DS but not the retreat; on a D1 that allows it a DD the
// defender chooses, and a unit that used the rule makes no DD in that
// Combat Phase; with a friend in its hex, or without the option, the step
// is lost.
func TestRecon_25_2(t *testing.T) {
	t.Run("D1: the defender's choice, then no DD this phase", func(t *testing.T) {
		g := optGame(t, 2, PhaseCombat, Allied, OptRecon)
		kg := reconAttack(t, g, "D1")
		if !hasChoice(g, German, "recon") || !hasChoice(g, German, "no-recon") {
			t.Fatalf("25.2, A-44: the German chooses on a D1 that allows a DD: %v", g.Legal(rules.Seat(German)))
		}
		rulestest.Apply(t, g, rules.Seat(German), "recon")
		for _, c := range g.Legal(rules.Seat(German)) {
			if strings.HasPrefix(c.Command, "dd ") {
				t.Errorf("25.2: a recon unit that used the rule makes no DD: %q offered", c.Command)
			}
		}
		for g.s.Combat != nil {
			ch := g.Legal(g.Pending().Seats[0])
			rulestest.Apply(t, g, g.Pending().Seats[0], ch[0].Command)
		}
		us := g.s.Units[kg]
		if us.Lost != 0 || us.Hex == reconGround || us.Status != Disorganized {
			t.Fatalf("25.2: the step is ignored, not the retreat (DG, 10.1): %+v", us)
		}
		if !slices.Contains(g.s.Recon, "recon/hg") {
			t.Fatalf("25.2: the unit's DD is gone for the phase: %v", g.s.Recon)
		}
		c := g.combatUnits(&combatIn{g: g}, []int{kg})
		if !c[0].NoLead {
			t.Error("25.2: the recon unit may not lead a DD again this phase")
		}
	})
	t.Run("D1: no-recon takes the step and keeps the DD", func(t *testing.T) {
		g := optGame(t, 2, PhaseCombat, Allied, OptRecon)
		kg := reconAttack(t, g, "D1")
		rulestest.Apply(t, g, rules.Seat(German), "no-recon")
		if !hasChoice(g, German, "dd recon/hg") {
			t.Errorf("no-recon: the DD stays open (11.1): %v", g.Legal(rules.Seat(German)))
		}
		rulestest.Apply(t, g, rules.Seat(German), "no-dd")
		for g.s.Combat != nil {
			ch := g.Legal(g.Pending().Seats[0])
			rulestest.Apply(t, g, g.Pending().Seats[0], ch[0].Command)
		}
		if us := g.s.Units[kg]; us.Lost != 1 {
			t.Fatalf("no-recon: D1's step is lost (10.1): %+v", us)
		}
	})
	t.Run("DS: the step is ignored at once", func(t *testing.T) {
		g := optGame(t, 2, PhaseCombat, Allied, OptRecon)
		kg := reconAttack(t, g, "DS")
		for g.s.Combat != nil {
			p := g.Pending()
			ch := g.Legal(p.Seats[0])
			if slices.ContainsFunc(ch, func(c rules.Choice) bool { return c.Command == "recon" }) {
				t.Fatal("25.2: on a DS, which allows no DD, nothing is asked")
			}
			rulestest.Apply(t, g, p.Seats[0], ch[0].Command)
		}
		if us := g.s.Units[kg]; us.Lost != 0 || us.Status != Shattered {
			t.Fatalf("25.2: a DS costs the lone recon unit no step; it retreats Shattered (10.1): %+v", us)
		}
	})
	t.Run("not alone, or without the option: the step is lost", func(t *testing.T) {
		for _, g := range []*Game{emptyGame(t, 2, PhaseCombat, Allied), optGame(t, 2, PhaseCombat, Allied, OptRecon)} {
			var with []string
			if g.opt.recon {
				with = []string{"hq/16"} // an ASU: its bracketed defense does not count stacked (8.4.6)
			}
			kg := reconAttack(t, g, "DS", with...)
			for g.s.Combat != nil {
				p := g.Pending()
				ch := g.Legal(p.Seats[0])
				for _, c := range ch {
					if c.Command == "recon" {
						t.Fatal("25.2 is asked for a recon unit that is not alone or without the option")
					}
				}
				cmd := ch[0].Command
				for _, c := range ch {
					if c.Command == "losses recon/hg" {
						cmd = c.Command
					}
				}
				rulestest.Apply(t, g, p.Seats[0], cmd)
			}
			if us := g.s.Units[kg]; us.Lost != 1 {
				t.Errorf("options %v: the DS's step is lost: %+v", g.s.Options, us)
			}
		}
	})
}

// 12.3 in a disengagement (25.1.4: every retreat rule applies): a unit
// that crosses a mountain hexside without a road gets ½ Eff; a vehicle
// never retreats across one, nor across an unbridged river, which would
// eliminate it.
func TestDisengagementAcrossMountains_25_1_4_12_3(t *testing.T) {
	g := optGame(t, 2, PhaseCombat, German, OptDisengagement)
	var x, y hex.Axial
	found := false
	for _, a := range g.b.LandHexes() {
		for _, n := range a.Neighbors() {
			if !found && g.b.Land(n) && g.b.mountainNoRoad(a, n) && !g.b.Feature(a, n, Pass) && g.areaOf(a) == "" {
				x, y, found = a, n, true
			}
		}
	}
	if !found {
		t.Fatal("the stand-in map has no mountain hexside without a road")
	}
	fj := g.put(t, "1-1fj", g.b.ID(x))
	pz := g.put(t, "2pz/16", g.b.ID(x)) // armor: a vehicle
	for _, p := range g.disengagePaths(g.view(German, nil), []int{pz}, x, false) {
		if p.Hexes[0] == y {
			t.Errorf("a vehicle is offered the road-less mountain hexside %s/%s (12.3.2)", g.b.ID(x), g.b.ID(y))
		}
	}
	rulestest.Apply(t, g, rules.Seat(German), "disengage 1-1fj")
	rulestest.Roll(t, g, 6)
	rulestest.Apply(t, g, rules.Seat(German), "disengage-to "+g.b.ID(y))
	if us := g.s.Units[fj]; us.Hex != g.b.ID(y) || !us.HalfEff || us.Status != Disorganized {
		t.Fatalf("across a mountain hexside without a road the unit gets ½ Eff (12.3.2): %+v", us)
	}
}

// 21.4 and 25.1.4: a retreat leaves the map into an entry area only off
// the board's edge, never into an all-sea hex of the map; the Torre
// Annunziata garrison does not disengage before its release (19.2).
func TestDisengagementEdges_21_4_19_2(t *testing.T) {
	g := optGame(t, 2, PhaseCombat, German, OptDisengagement)
	naples := mustHex(t, g, "2000") // an N1 area hex with the sea at 1900
	g.put(t, "gar-ta", "2000")
	for _, p := range g.disengagePaths(g.view(German, nil), []int{g.index("gar-ta")}, naples, false) {
		if last := p.Hexes[len(p.Hexes)-1]; g.b.OnMap(last) && !g.b.Land(last) {
			t.Errorf("a retreat ends in the sea hex %s (21.4)", g.b.ID(last))
		}
	}
	g.s.Released = false
	rulestest.Refused(t, g, rules.Seat(German), "disengage gar-ta", "19.2")
}

// 25.2 by a standing order (digest 6.2): 'order recon always' answers the
// defender's choice before it is asked, 'order recon never' keeps the DD.
func TestReconOrder_25_2(t *testing.T) {
	for _, mode := range []string{"always", "never"} {
		g := optGame(t, 2, PhaseCombat, Allied, OptRecon)
		if !hasChoice(g, Allied, "order recon "+mode) {
			t.Errorf("Legal does not offer 'order recon %s' with 25.2 played", mode)
		}
		g.s.Side = German // the German gives it in his own turn; it stays in force
		rulestest.Apply(t, g, rules.Seat(German), "order recon "+mode)
		g.s.Side = Allied
		reconAttack(t, g, "D1")
		if hasChoice(g, German, "recon") {
			t.Fatalf("order recon %s: the choice is still asked", mode)
		}
		used := g.combat().reconUsed
		if used != (mode == "always") {
			t.Errorf("order recon %s: 25.2 used %v", mode, used)
		}
	}
	if hasChoice(emptyGame(t, 2, PhaseCombat, Allied), Allied, "order recon always") {
		t.Error("'order recon' is offered without the option")
	}
}
