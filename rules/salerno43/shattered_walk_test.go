package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The Shattered automatic retreat in a combat, hex by hex (13.3.2, L797:
// the enemy unit that "wchodzi, ściga lub wykonuje odwrót na heks
// sąsiadujący" with a Shattered unit makes it retreat 2 hexes "natychmiast",
// and "może wtedy kontynuować ruch/pościg/odwrót"; digest L1612, the
// reverse interrupt). The scene: the 16 Pz attacks 141/36 in O from the
// west; the German 1-1fj, Shattered, stands two hexes east of O, next to
// X (O's east neighbor) but not to Y (X's south-east one). The Allied
// retreat O-X-Y passes next to 1-1fj without ending next to it.
type shWalkScene struct {
	g       *Game
	sh      int
	O, X, Y hex.Axial
}

// shWalkCombat sets the scene up under version, rolls a 2-hex retreat
// without losses and retreats 141/36 along X-Y.
func shWalkCombat(t *testing.T, version string, more func(s *shWalkScene)) *shWalkScene {
	t.Helper()
	g := emptyGameIn(t, version, 2, PhaseCombat, German)
	o := openGround(t, g)
	s := &shWalkScene{g: g, O: o, X: o.Add(dE), Y: o.Add(dE).Add(dSE)}
	O := g.b.ID(o)
	g.put(t, "141/36", O)
	s.sh = g.put(t, "1-1fj", g.b.ID(o.Add(hex.Axial{Q: 2, R: -1})))
	g.s.Units[s.sh].Status = Shattered
	g.put(t, "2pz/16", g.b.ID(o.Add(dW)))
	g.put(t, "kgd/16", g.b.ID(o.Add(dW)))
	g.put(t, "1-79/16", g.b.ID(o.Add(dSW)))
	g.put(t, "1-64/16", g.b.ID(o.Add(dSW)))
	if more != nil {
		more(s)
	}
	attackForRetreat(t, g, O, "2pz/16 kgd/16 1-79/16 1-64/16", "retreats 141/36 2 hexes", retreatsTwo)
	rulestest.Apply(t, g, rules.Seat(Allied), "retreat "+g.b.ID(s.X)+" "+g.b.ID(s.Y))
	return s
}

// retreatsTwo: a result that retreats the defenders 2 hexes.
func retreatsTwo(r combat.Result) bool { return r.Retreat == 2 }

// shChoiceHexes are the hexes of an 'sh-retreat' choice.
func (s *shWalkScene) shChoiceHexes(t *testing.T, ch string) []hex.Axial {
	t.Helper()
	var out []hex.Axial
	for _, f := range strings.Fields(ch)[2:] {
		h, ok := s.g.b.Hex(f)
		if !ok {
			t.Fatalf("%q: no hex %s", ch, f)
		}
		out = append(out, h)
	}
	return out
}

// 13.3.2 (L797): 1-1fj retreats at once, while 141/36 stands in X, the hex
// that set it off though not next to its retreat's end: no path of 1-1fj
// enters X, which an enemy holds then (12.1). Salerno43/4 read the trigger
// with the Allied stack in Y and offered paths through X.
func TestShatteredRetreatsWhileRetreatStandsInHexThatSetItOff_13_3_2(t *testing.T) {
	for _, version := range []string{"", "salerno43/4"} {
		s := shWalkCombat(t, version, nil)
		if hex.Distance(s.Y, s.g.mustAxial(t, s.sh)) < 2 {
			t.Fatal("the scene: 1-1fj is next to the retreat's end")
		}
		a := s.g.combat().Await()
		if a.Decision != DecSHRetreat || a.Side != string(German) || a.Rule != "13.3.2" {
			t.Fatalf("%s: 13.3.2: the retreat past 1-1fj makes the German retreat it: %s", version, a)
		}
		// Legal lists the owner's paths while the engine waits for them.
		legal := s.g.Legal(rules.Seat(German))
		throughX := false
		for _, ch := range a.Choices {
			if !slices.ContainsFunc(legal, func(c rules.Choice) bool { return c.Command == ch }) {
				t.Errorf("%s: Legal does not list %q", version, ch)
			}
			throughX = throughX || slices.Contains(s.shChoiceHexes(t, ch), s.X)
		}
		if version == "" && throughX {
			t.Errorf("13.3.2: 1-1fj retreats with 141/36 in X: no path enters X: %v", a.Choices)
		}
		if version != "" && !throughX {
			t.Errorf("salerno43/4 reads the trigger with 141/36 at its end and offers paths through X: %v", a.Choices)
		}
	}
}

// mustAxial is unit i's hex.
func (g *Game) mustAxial(t *testing.T, i int) hex.Axial {
	t.Helper()
	a, ok := g.axial(i)
	if !ok {
		t.Fatalf("%s is not on the map", g.s.Units[i].ID)
	}
	return a
}

// 13.3.2 (L797, L801 "KOLEJNE ODWROTY": no further penalty for further
// retreats): a Shattered unit is set off as often as an enemy enters a hex
// next to it. 1-1fj, set off by 141/36 in X, retreats to a hex next to Y;
// when 141/36 goes on into Y, 1-1fj retreats again.
func TestShatteredSetOffAgainLaterInTheRetreat_13_3_2(t *testing.T) {
	s := shWalkCombat(t, "", nil)
	g, de := s.g, rules.Seat(German)
	a := g.combat().Await()
	next := slices.IndexFunc(a.Choices, func(ch string) bool {
		h := s.shChoiceHexes(t, ch)
		return hex.Distance(h[len(h)-1], s.Y) == 1
	})
	if a.Decision != DecSHRetreat || next < 0 {
		t.Fatalf("13.3.2: 1-1fj, set off in X, may retreat next to Y: %s", a)
	}
	rulestest.Apply(t, g, de, a.Choices[next])
	a = g.combat().Await()
	if a.Decision != DecSHRetreat || !strings.HasPrefix(a.Choices[0], "sh-retreat 1-1fj ") {
		t.Fatalf("13.3.2: 141/36 entering Y next to 1-1fj makes it retreat again: %s", a)
	}
	rulestest.Apply(t, g, de, a.Choices[0])
	for g.s.Combat != nil {
		a := g.combat().Await()
		if a.Decision != combat.DecAdvance {
			t.Fatalf("the combat goes on to the advance: %s", a)
		}
		rulestest.Apply(t, g, de, "advance-done")
	}
	if d := hex.Distance(g.mustAxial(t, s.sh), s.Y); d < 2 || g.s.Units[s.sh].Status != Shattered {
		t.Errorf("13.3.2: 1-1fj is away from Y, Shattered: %+v", g.s.Units[s.sh])
	}
}

// 13.3.2 (L797: an enemy combat unit that "wykonuje odwrót" into a hex next
// to a Shattered unit): a Shattered unit's own automatic retreat sets off
// the enemy's. 1-1fj, set off by the Allied retreat, retreats next to
// 142/36, Shattered two hexes east of it, whose owner must retreat it in
// turn. Salerno43/4 let an automatic retreat set off nobody.
func TestShatteredRetreatSetsOffEnemyShattered_13_3_2(t *testing.T) {
	for _, version := range []string{"", "salerno43/4"} {
		var u int
		var at hex.Axial
		s := shWalkCombat(t, version, func(s *shWalkScene) {
			at = s.O.Add(hex.Axial{Q: 4, R: -1})
			u = s.g.put(t, "142/36", s.g.b.ID(at))
			s.g.s.Units[u].Status = Shattered
		})
		g := s.g
		a := g.combat().Await()
		next := slices.IndexFunc(a.Choices, func(ch string) bool {
			h := s.shChoiceHexes(t, ch)
			return hex.Distance(h[len(h)-1], at) == 1
		})
		if a.Decision != DecSHRetreat || next < 0 {
			t.Fatalf("%s: 13.3.2: 1-1fj may retreat next to 142/36: %s", version, a)
		}
		rulestest.Apply(t, g, rules.Seat(German), a.Choices[next])
		a = g.combat().Await()
		set := a.Decision == DecSHRetreat && a.Side == string(Allied) && strings.HasPrefix(a.Choices[0], "sh-retreat 142/36 ")
		if version == "" && !set {
			t.Errorf("13.3.2: 1-1fj retreating next to 142/36 makes the Allied player retreat it: %s", a)
		}
		if version != "" && set {
			t.Errorf("salerno43/4: an automatic retreat sets off nobody: %s", a)
		}
	}
}

// 13.3.2 (L797: an enemy combat unit that "ściga", advances, into a hex
// next to a Shattered unit; 14.0): the advance too is read hex by hex.
// 2pz/16 attacks 1-141/36 in O and advances through O into X beyond it.
// 142/36, Allied and Shattered, next to O but not to X, retreats at once,
// with 2pz/16 in O: no path of it enters O. Salerno43/4 read the trigger
// with 2pz/16 at its end and let 142/36 retreat through O.
func TestShatteredRetreatsWhileAdvanceStandsInHexThatSetItOff_13_3_2(t *testing.T) {
	for _, version := range []string{"", "salerno43/4"} {
		g := emptyGameIn(t, version, 2, PhaseCombat, German)
		l := findBTLine(t, g)
		ns := l.tgt.Neighbors()
		d := hex.Direction(slices.Index(ns[:], l.y))
		O, X := g.b.ID(l.tgt), g.b.ID(l.y)
		g.put(t, "1-141/36", O)
		g.put(t, "2pz/16", g.b.ID(l.tgt.Neighbor(d+2)))
		sh := g.put(t, "142/36", g.b.ID(l.tgt.Neighbor(d+4)))
		g.s.Units[sh].Status = Shattered
		al, de := rules.Seat(Allied), rules.Seat(German)
		if _, err := orderHandler(g, al, "order dd never"); err != nil {
			t.Fatal(err)
		}
		rulestest.Apply(t, g, de, "attack "+O+" with 2pz/16 maf 2pz/16")
		if g.combat().Await().Decision == DecDefAir {
			rulestest.Apply(t, g, al, "no-def-air")
		}
		if !rollFor(t, g, func(try *Game) bool {
			return try.s.Combat != nil && try.combat().Result.Reach >= 2 && try.combat().Result.AttackerSteps == 0
		}) {
			t.Fatalf("no CRT die gives an advance of 2 hexes at %s", g.combat().Odds)
		}
		advance := "advance 2pz/16 " + O + " " + X
		asked := false
		for n := 0; g.s.Combat != nil && !asked && n < 20; n++ {
			a := g.combat().Await()
			switch {
			case a.Decision == combat.DecAdvance && slices.Contains(a.Choices, advance):
				rulestest.Apply(t, g, de, advance)
			case a.Decision == combat.DecAdvance:
				t.Fatalf("2pz/16 may advance %s: %s", advance, a)
			case a.Decision == DecSHRetreat:
				asked = true
				if a.Side != string(Allied) || !strings.HasPrefix(a.Choices[0], "sh-retreat 142/36 ") {
					t.Fatalf("%s: 13.3.2: the Allied player retreats 142/36: %s", version, a)
				}
				throughO := slices.ContainsFunc(a.Choices, func(ch string) bool { return slices.Contains(strings.Fields(ch)[2:], O) })
				if version == "" && throughO {
					t.Errorf("13.3.2: 142/36 retreats with 2pz/16 in O: no path enters O: %v", a.Choices)
				}
				if version != "" && !throughO {
					t.Errorf("salerno43/4 reads the trigger with 2pz/16 at its end and offers paths through O: %v", a.Choices)
				}
			case a.Decision == combat.DecRetreat: // away from X
				far := slices.MaxFunc(a.Choices, func(x, y string) int {
					return hex.Distance(lastHex(t, g, x), l.y) - hex.Distance(lastHex(t, g, y), l.y)
				})
				rulestest.Apply(t, g, al, far)
			default: // the losses: the first legal choice
				rulestest.Apply(t, g, rules.Seat(a.Side), g.Legal(rules.Seat(a.Side))[0].Command)
			}
		}
		if !asked {
			t.Errorf("%s: 13.3.2: the advance through O sets off 142/36", version)
		}
	}
}

// lastHex is the last hex of a retreat command.
func lastHex(t *testing.T, g *Game, cmd string) hex.Axial {
	t.Helper()
	f := strings.Fields(cmd)
	h, ok := g.b.Hex(f[len(f)-1])
	if !ok {
		t.Fatalf("%q ends in no hex", cmd)
	}
	return h
}

// 13.3.2 (L797: "ściga", advances) with 8.7.2 (L471): an Auto DS's advance
// in the Combat Phase is an advance too. 2pz/16 advances after its Auto DS
// into the hex it vacated, next to 142/36, Allied and Shattered, which
// retreats at once. Salerno43/4 set off no retreat after a combat.
func TestShatteredSetOffByAutoDSAdvance_13_3_2(t *testing.T) {
	for _, version := range []string{"", "salerno43/4"} {
		g := emptyGame(t, 2, PhaseCombat, German)
		l := findBTLine(t, g)
		ns := l.tgt.Neighbors()
		d := hex.Direction(slices.Index(ns[:], l.y))
		g = autoAdvancer(t, version, l.f, l.tgt)
		at := l.tgt.Neighbor(d + 1)
		sh := g.put(t, "142/36", g.b.ID(at))
		g.s.Units[sh].Status = Shattered
		al := rules.Seat(Allied)
		rulestest.Apply(t, g, rules.Seat(German), "autods-advance 2pz/16 "+g.b.ID(l.tgt))
		for n := 0; len(g.s.SHMove) > 0 && n < 3; n++ {
			p := g.Pending()
			legal := g.Legal(al)
			if len(p.Seats) != 1 || p.Seats[0] != al || len(legal) == 0 || !strings.HasPrefix(legal[0].Command, "sh-retreat 142/36 ") {
				t.Fatalf("13.3.2: the Allied player retreats 142/36: %+v %v", p, legal)
			}
			rulestest.Apply(t, g, al, legal[0].Command)
		}
		moved := hex.Distance(g.mustAxial(t, sh), at) >= 2 && g.s.Units[sh].Status == Shattered
		if version == "" && !moved {
			t.Errorf("13.3.2: 142/36 retreats 2 hexes, Shattered: %+v", g.s.Units[sh])
		}
		if version != "" && (g.s.Units[sh].Hex != g.b.ID(at) || len(g.s.SHMove) > 0) {
			t.Errorf("salerno43/4: no retreat after an Auto DS's advance: %+v %v", g.s.Units[sh], g.s.SHMove)
		}
	}
}

// 13.3.2 (L797) with 15.2.1 step 3 (L878): an attacker that waited for its
// breakthrough group advances after it, an advance too. kgd/16 advances
// through the vacated hex T into Z; 142/36, Allied and Shattered, next to
// Z but not to T, retreats at once. Salerno43/4 set off no retreat after a
// combat.
func TestShatteredSetOffByAdvanceAfterGroup_13_3_2(t *testing.T) {
	de, al := rules.Seat(German), rules.Seat(Allied)
	for _, version := range []string{"", "salerno43/4"} {
		g, T, Y := goOnAttackIn(t, version)
		F := g.s.Units[g.index("kgd/16")].Hex
		playCombat(t, g, 5, Y, advanceInTurn(into("2pz/16", T)))
		rulestest.Apply(t, g, de, "attack "+Y+" with 2pz/16 maf 2pz/16 breakthrough")
		playCombat(t, g, 4, T, advanceInTurn(into("2pz/16", Y)))
		t0, _ := g.b.Hex(T)
		f0, _ := g.b.Hex(F)
		after, sh, at := "", -1, hex.Axial{}
		for _, c := range g.Legal(de) {
			w := strings.Fields(c.Command)
			if len(w) != 4 || w[0] != "advance-after" || w[1] != "kgd/16" || w[2] != T {
				continue
			}
			z, _ := g.b.Hex(w[3])
			for _, n := range z.Neighbors() {
				if g.b.Land(n) && hex.Distance(n, t0) >= 2 && hex.Distance(n, f0) >= 2 && len(g.pos().at(n)) == 0 {
					after, at = c.Command, n
					break
				}
			}
			if after != "" {
				break
			}
		}
		if after == "" {
			t.Fatalf("%s: no advance of kgd/16 through %s past an empty hex: %v", version, T, g.Legal(de))
		}
		sh = g.put(t, "142/36", g.b.ID(at))
		g.s.Units[sh].Status = Shattered
		rulestest.Apply(t, g, de, after)
		for n := 0; len(g.s.SHMove) > 0 && n < 3; n++ {
			legal := g.Legal(al)
			if len(legal) == 0 || !strings.HasPrefix(legal[0].Command, "sh-retreat 142/36 ") {
				t.Fatalf("13.3.2: the Allied player retreats 142/36: %+v %v", g.Pending(), legal)
			}
			rulestest.Apply(t, g, al, legal[0].Command)
		}
		moved := hex.Distance(g.mustAxial(t, sh), at) >= 2 && g.s.Units[sh].Status == Shattered
		if version == "" && !moved {
			t.Errorf("13.3.2: 142/36 retreats 2 hexes, Shattered: %+v", g.s.Units[sh])
		}
		if version != "" && g.s.Units[sh].Hex != g.b.ID(at) {
			t.Errorf("salerno43/4: no retreat after an advance after the group: %+v", g.s.Units[sh])
		}
	}
}

// 13.3.2 (L797: an enemy unit that "wykonuje odwrót") with 8.7.1 (L467):
// the retreat an Auto DS forces in the Movement Phase sets off the
// attacker's Shattered units as any retreat does. The 16 Pz's Auto DS on
// 751tk in O; 751tk retreats 4 hexes through X, next to the German 1-1fj,
// Shattered, whose owner retreats it at once. Salerno43/4 set off no
// retreat in an Auto DS.
func TestShatteredSetOffByAutoDSRetreat_13_3_2(t *testing.T) {
	de := rules.Seat(German)
	for _, version := range []string{"", "salerno43/4"} {
		g := emptyGameIn(t, version, 2, PhaseMovement, German)
		l := findBTLine(t, g)
		ns := l.tgt.Neighbors()
		d := hex.Direction(slices.Index(ns[:], l.y))
		O, X := g.b.ID(l.tgt), g.b.ID(l.y)
		g.put(t, "751tk", O)
		from := []hex.Axial{l.tgt.Neighbor(d + 2), l.tgt.Neighbor(d + 3), l.tgt.Neighbor(d + 4)}
		g.put(t, "2pz/16", g.b.ID(from[0]))
		g.put(t, "stug/16", g.b.ID(from[0]))
		el := g.put(t, "1-79/16", g.b.ID(from[1]))
		g.sc.Units[el].Faces[0].Quality = Elite
		g.put(t, "2-79/16", g.b.ID(from[1]))
		g.put(t, "1-64/16", g.b.ID(from[2]))
		// 1-1fj: next to X, not to O nor to the attackers
		ys := l.y.Neighbors()
		k := slices.IndexFunc(ys[:], func(n hex.Axial) bool {
			return g.b.Land(n) && hex.Distance(n, l.tgt) == 2 && !slices.ContainsFunc(from, func(f hex.Axial) bool { return hex.Distance(n, f) < 2 })
		})
		if k < 0 {
			t.Fatal("no hex next to X away from O and the attackers")
		}
		at := ys[k]
		sh := g.put(t, "1-1fj", g.b.ID(at))
		g.s.Units[sh].Status = Shattered
		rulestest.Apply(t, g, de, "autods "+O+" with 2pz/16 stug/16 1-79/16 2-79/16 1-64/16 maf 16pz")
		asked := false
		for n := 0; g.s.Combat != nil && n < 10; n++ {
			a := g.combat().Await()
			switch a.Decision {
			case combat.DecRetreat:
				k := slices.IndexFunc(a.Choices, func(ch string) bool { return strings.HasPrefix(ch, "retreat "+X+" ") })
				if k < 0 {
					t.Fatalf("%s: 751tk may retreat through X: %s", version, a)
				}
				rulestest.Apply(t, g, rules.Seat(Allied), a.Choices[k])
			case DecSHRetreat:
				asked = true
				if a.Side != string(German) || !strings.HasPrefix(a.Choices[0], "sh-retreat 1-1fj ") {
					t.Fatalf("13.3.2: the German retreats 1-1fj: %s", a)
				}
				rulestest.Apply(t, g, de, a.Choices[0])
			default:
				rulestest.Apply(t, g, rules.Seat(a.Side), g.Legal(rules.Seat(a.Side))[0].Command)
			}
		}
		if g.s.Combat != nil {
			t.Fatalf("%s: the Auto DS waits for %s", version, g.combat().Await())
		}
		moved := hex.Distance(g.mustAxial(t, sh), at) >= 2
		if version == "" && (!asked || !moved) {
			t.Errorf("13.3.2: the Auto DS's retreat through X makes the German retreat 1-1fj: %+v", g.s.Units[sh])
		}
		if version != "" && (asked || g.s.Units[sh].Hex != g.b.ID(at)) {
			t.Errorf("salerno43/4: no retreat set off in an Auto DS: %+v", g.s.Units[sh])
		}
	}
}

// 13.3.2 (L797: the Shattered unit retreats "natychmiast", then the enemy
// goes on) with 12.1.2 (L703: the stack may split) and 12.2 (L721: no
// retreat into a hex an enemy unit holds). 141/36 and 143/36 in O split:
// 141/36 retreats X-Y past the German 1-1fj, whose owner retreats it at once
// into a hex E that 143/36 could reach. 143/36's retreat, made after, sees
// 1-1fj in E: no path of it enters E, and Apply refuses one. Salerno43/5 as
// the colleague left it offered part 2 the map as it was before the
// combat. Salerno43/4 asks for 143/36's retreat before 1-1fj's.
func TestSplitRetreatPartSeesShatteredRetreatBeforeIt_13_3_2(t *testing.T) {
	for _, version := range []string{"", "salerno43/4"} {
		g, sh, part2 := shSplitCombat(t, version)
		al, de := rules.Seat(Allied), rules.Seat(German)
		a := g.combat().Await()
		if version != "" {
			if a.Decision != combat.DecRetreat {
				t.Errorf("salerno43/4: 143/36 retreats before 1-1fj: %s", a)
			}
			continue
		}
		var into string // a retreat of 143/36 that ends where 1-1fj goes
		k := slices.IndexFunc(a.Choices, func(ch string) bool {
			for _, r := range part2 {
				if lastHex(t, g, r) == lastHex(t, g, ch) {
					into = "retreat " + strings.Join(strings.Fields(r)[2:], " ") // 143/36 is the last left
					return true
				}
			}
			return false
		})
		if a.Decision != DecSHRetreat || a.Side != string(German) || k < 0 {
			t.Fatalf("13.3.2: 1-1fj retreats at once, possibly to where 143/36 could go (%v): %s", part2, a)
		}
		rulestest.Apply(t, g, de, a.Choices[k])
		e := lastHex(t, g, a.Choices[k])
		if at := g.outcomeGame(g.combat()).mustAxial(t, sh); at != e {
			t.Fatalf("1-1fj stands in %s after its retreat, not %s", g.b.ID(at), g.b.ID(e))
		}
		b := g.combat().Await()
		if b.Decision != combat.DecRetreat || b.Side != string(Allied) {
			t.Fatalf("143/36 retreats next: %s", b)
		}
		legal := g.Legal(al)
		for _, ch := range b.Choices {
			if slices.Contains(strings.Fields(ch)[1:], g.b.ID(e)) {
				t.Errorf("12.2: 143/36 may not retreat into %s, where 1-1fj stands: %q offered", g.b.ID(e), ch)
			}
			if !slices.ContainsFunc(legal, func(c rules.Choice) bool { return c.Command == ch }) {
				t.Errorf("Legal does not list %q", ch)
			}
		}
		if slices.ContainsFunc(legal, func(c rules.Choice) bool { return strings.HasSuffix(c.Command, " "+g.b.ID(e)) }) {
			t.Errorf("12.2: Legal lists a retreat into %s, where 1-1fj stands", g.b.ID(e))
		}
		if _, err := g.Apply(al, into); err == nil {
			t.Errorf("12.2: %q, into %s where 1-1fj stands, is refused", into, g.b.ID(e))
		}
	}
}

// shSplitCombat is shWalkCombat's scene with 143/36 in O too: the stack
// splits, 141/36 retreating X-Y alone. part2 are the retreats 143/36
// alone was offered before.
func shSplitCombat(t *testing.T, version string) (g *Game, sh int, part2 []string) {
	t.Helper()
	g = emptyGameIn(t, version, 2, PhaseCombat, German)
	o := openGround(t, g)
	O := g.b.ID(o)
	g.put(t, "141/36", O)
	g.put(t, "143/36", O)
	sh = g.put(t, "1-1fj", g.b.ID(o.Add(hex.Axial{Q: 2, R: -1})))
	g.s.Units[sh].Status = Shattered
	for _, u := range []struct {
		id string
		d  hex.Axial
	}{{"2pz/16", dW}, {"kgd/16", dW}, {"2-79/16", dW}, {"1-79/16", dSW}, {"1-64/16", dSW}, {"2-64/16", dSW}} {
		g.put(t, u.id, g.b.ID(o.Add(u.d)))
	}
	attackForRetreat(t, g, O, "2pz/16 kgd/16 2-79/16 1-79/16 1-64/16 2-64/16", "retreats the stack 2 hexes", retreatsTwo)
	for _, ch := range g.combat().Await().Choices {
		if strings.HasPrefix(ch, "retreat 143/36 ") {
			part2 = append(part2, ch)
		}
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "retreat 141/36 "+g.b.ID(o.Add(dE))+" "+g.b.ID(o.Add(dE).Add(dSE)))
	return g, sh, part2
}
