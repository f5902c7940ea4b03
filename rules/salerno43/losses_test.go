package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Who takes a CRT step loss and who picks first (10.2.2), under
// salerno43/3; the older versions' readings are shown beside.

// defenderD1 plays 2pz/16's attack from 2716 on 2617, held by 1-141/36 and
// the unit other (set up by prep), at 3-1 with a 5: a D1. It returns the
// units the defender may give the step from: the choice offered, or the
// unit the engine gave it from when only one may take it.
func defenderD1(t *testing.T, version, other string, prep func(g *Game, i int)) []string {
	t.Helper()
	g := emptyGameIn(t, version, 2, PhaseCombat, German)
	g.put(t, "1-141/36", "2617")
	prep(g, g.put(t, other, "2617"))
	g.put(t, "2pz/16", "2716")
	rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 maf 2pz/16")
	if g.combat().Await().Decision == DecDefAir {
		rulestest.Apply(t, g, rules.Seat(Allied), "no-def-air")
	}
	if got := g.combat().Odds.Column(); got != "3-1" {
		t.Fatalf("odds %s, want 3-1 (5:2, armor)", g.combat().Odds)
	}
	rulestest.Roll(t, g, 5) // 3-1, 5: D1
	if c := g.combat(); baseCode(c.Result.Code) != "D1" {
		t.Fatalf("want D1, got %s", c.Result.Code)
	}
	if a := g.combat().Await(); a.Decision == combat.DecDefenderLoss {
		return a.Choices
	}
	return g.combat().DefLoss
}

// 8.4.6 (L446): a bracketed unit stacked with others "nie może zostać
// wybrana do straty poziomu, dopóki wszystkie inne jednostki broniące się
// nie zostaną wyeliminowane"; 10.2.2 (L594-596) likewise. The US ASU
// hq/36, 0-(1)-6, stacked with 1-141/36, does not take the D1 step:
// 1-141/36 does. salerno43/2 offered both.
func TestBracketedTakesNoLoss_8_4_6(t *testing.T) {
	for _, tc := range []struct {
		version string
		want    []string
	}{{"", []string{"1-141/36"}}, {"salerno43/2", []string{"1-141/36", "hq/36"}}} {
		got := defenderD1(t, tc.version, "hq/36", func(*Game, int) {})
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("version %q: the D1 step may fall on %v, want %v (8.4.6, 10.2.2)", tc.version, got, tc.want)
		}
	}
}

// 10.2.2 (L594-596): "Straty poziomu muszą pochodzić od jednostek, które
// przyczyniły się do siły ... obrony", and a Shattered unit adds nothing
// to it (13.3.2, L801). The Shattered 142/36 stacked with 1-141/36 does
// not take the D1 step: 1-141/36 does. salerno43/2 offered both.
func TestShatteredTakesNoLoss_10_2_2(t *testing.T) {
	for _, tc := range []struct {
		version string
		want    []string
	}{{"", []string{"1-141/36"}}, {"salerno43/2", []string{"1-141/36", "142/36"}}} {
		got := defenderD1(t, tc.version, "142/36", func(g *Game, i int) { g.s.Units[i].Status = Shattered })
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("version %q: the D1 step may fall on %v, want %v (10.2.2, 13.3.2)", tc.version, got, tc.want)
		}
	}
}

// 10.2.2 (L596): "Jeśli obie strony muszą usunąć poziom, obrońca wybiera
// pierwszy". 2pz/16, stug/16 and 1-79/16 attack 142/36 (reduced), hq/36
// and 1-141/36 at 2-1. On A1/D1 (a 6) each owner picks his own step
// (10.2.1): the Allied player his first, then the German his. On EX (a 2)
// each picks the other's: the Allied player the German step first, as
// before. salerno43/2 asked the German first on A1/D1.
func TestDefenderPicksFirst_10_2_2(t *testing.T) {
	for _, tc := range []struct {
		version string
		die     int
		first   combat.DecisionKind
		side    Side
	}{
		{"", 6, combat.DecDefenderLoss, Allied},
		{"", 2, combat.DecAttackerLoss, Allied},
		{"salerno43/2", 6, combat.DecAttackerLoss, German},
		{"salerno43/2", 2, combat.DecAttackerLoss, Allied},
	} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		g.s.Units[g.put(t, "142/36", "2617")].Lost = 1 // 3-4-3
		g.put(t, "hq/36", "2617")
		g.put(t, "1-141/36", "2617")
		g.put(t, "2pz/16", "2716")
		g.put(t, "stug/16", "2717")
		g.put(t, "1-79/16", "2618")
		rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 stug/16 1-79/16 maf 16pz")
		rulestest.Apply(t, g, rules.Seat(Allied), "no-def-air")
		if got := g.combat().Odds.Column(); got != "2-1" {
			t.Fatalf("odds %s, want 2-1 (10:6, armor)", g.combat().Odds)
		}
		rulestest.Roll(t, g, tc.die)
		a := g.combat().Await()
		if a.Decision != tc.first || a.Side != string(tc.side) {
			t.Errorf("version %q, %s: the combat asks %s; want the %s of %s first", tc.version, g.combat().Result.Code, a, tc.side, tc.first)
			continue
		}
		// The other side's pick follows.
		rulestest.Apply(t, g, rules.Seat(a.Side), "losses "+a.Choices[0])
		if b := g.combat().Await(); b.Decision != combat.DecAttackerLoss && b.Decision != combat.DecDefenderLoss || b.Decision == a.Decision {
			t.Errorf("version %q, %s: after %s the combat asks %s; want the other loss", tc.version, g.combat().Result.Code, a.Decision, b)
		}
	}
}

// 10.2.2 (L594): the attacker's step losses come from units that "dla
// atakującego były częścią głównych sił szturmowych", the DD's "1/dis H"
// (11.4.1) among them, the attacker picking. 2pz/16, the MAF, and
// 1-79/16 attack the elite 2cdo at 4-1 and roll a 2, DR2; 2cdo's DD rolls
// a 6, 7 with the elite +1: "1/dis H". The step falls on 2pz/16.
// salerno43/2 let the attacker give it from 1-79/16 too.
func TestDDAttackerLossFromMAF_10_2_2(t *testing.T) {
	for _, tc := range []struct {
		version string
		choices []string // the attacker's choice offered; nil: none, 2pz/16 took it
	}{{"", nil}, {"salerno43/2", []string{"1-79/16", "2pz/16"}}} {
		g := emptyGameIn(t, tc.version, 2, PhaseCombat, German)
		g.put(t, "2cdo", "2617")
		g.put(t, "2pz/16", "2716")
		g.put(t, "1-79/16", "2618")
		rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 1-79/16 maf 2pz/16")
		rulestest.Apply(t, g, rules.Seat(Allied), "no-def-air")
		rulestest.Roll(t, g, 2) // 4-1, 2: DR2
		rulestest.Apply(t, g, rules.Seat(Allied), "dd 2cdo")
		rulestest.Roll(t, g, 6) // 6 + 1 elite = 7: "1/dis H"
		if tc.choices != nil {
			a := g.combat().Await()
			if got := slices.Sorted(slices.Values(a.Choices)); a.Decision != combat.DecDDLoss || !slices.Equal(got, tc.choices) {
				t.Errorf("version %q: the attacker picks the step among %v, want %v: %s", tc.version, got, tc.choices, a)
			}
			continue
		}
		if g.s.Combat != nil {
			t.Fatalf("version %q: the step falls on the MAF's only unit, no choice: %s", tc.version, g.combat().Await())
		}
		if a, b := g.s.Units[g.index("2pz/16")].Lost, g.s.Units[g.index("1-79/16")].Lost; a != 1 || b != 0 {
			t.Errorf("version %q: 2pz/16 lost %d steps, 1-79/16 %d; want 1 and 0 (10.2.2)", tc.version, a, b)
		}
	}
}
