package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// peiperStack is a game under version at the first Night's Combat Phase
// (turn 2), the Germans' turn: 1ss/kgp-pz stands in around(0) with 3fj/5,
// 12ss/25pg and 2pz/2pg, four formations (set there past the stacking
// limit, which is not the subject); 79vg/208 and 9vg/36, under Night
// markers, in around(1) and around(2); 4/8/2 holds the target.
func peiperStack(t *testing.T, version string) *Game {
	t.Helper()
	a0 := around(0)
	f := fixture{version: version, setup: []string{"4/8/2 " + target,
		"1ss/kgp-pz " + a0, "3fj/5 1010", "12ss/25pg 1011", "2pz/2pg 1012",
		"79vg/208 " + around(1), "9vg/36 " + around(2)}}
	g := f.game(t, 2, PhaseNightCombat, German)
	for _, id := range []string{"3fj/5", "12ss/25pg", "2pz/2pg"} {
		st(g, id).At = a0 // over the limit: the test is of formations
	}
	st(g, "79vg/208").Night = true
	st(g, "9vg/36").Night = true
	g.enterForTest()
	return g
}

// attackCmd is the attack on target by units, from their hexes.
func attackCmd(g *Game, units ...string) string {
	var from []string
	for _, id := range units {
		if h := at(g, id); !slices.Contains(from, h) {
			from = append(from, h)
		}
	}
	return "attack " + target + " from " + strings.Join(from, " ") + " with " + strings.Join(units, " ")
}

// 27.5 (L1587): on the first Night KG Peiper may use every unit stacked
// with it for support, attached to it (14.3.2 allows one): 1ss/kgp-pz
// attacks with the three formations of its hex and the Night-marked
// 79vg/208, five formations in all, which 14.3.1 (L708) alone would refuse;
// the attack is offered and accepted.
func TestPeiper_UsesStackedUnitsBeyondFormationLimit_27_5(t *testing.T) {
	g := peiperStack(t, "")
	st(g, "9vg/36").At = "1010" // away: the attack of every unit around is this one
	cmd := attackCmd(g, "1ss/kgp-pz", "3fj/5", "12ss/25pg", "2pz/2pg", "79vg/208")
	if err := g.checkFormations(g.unitsOf(t, "1ss/kgp-pz", "3fj/5", "12ss/25pg", "2pz/2pg", "79vg/208")); err == nil {
		t.Fatal("the fixture wants an attack 14.3.1 refuses without 27.5")
	}
	if !slices.ContainsFunc(g.Legal(rules.Seat(German)), func(c rules.Choice) bool {
		return strings.HasPrefix(c.Command, "attack "+target+" ") && strings.Contains(c.Command, "3fj/5") && strings.Contains(c.Command, "79vg/208")
	}) {
		t.Errorf("no attack of KG Peiper with its stack and 79vg/208 offered (27.5)")
	}
	apply(t, g, German, cmd)
}

// 27.5 (L1587): the units stacked with KG Peiper attack at night as those it
// uses for support, so only with a KG Peiper unit of their hex: 3fj/5 alone
// is refused, and every attack offered naming it names 1ss/kgp-pz.
// ardennes44/3 let it attack alone.
func TestPeiper_StackedUnitAttacksOnlyWithPeiper_27_5(t *testing.T) {
	g := peiperStack(t, "")
	_, err := g.Apply(rules.Seat(German), attackCmd(g, "3fj/5"))
	refused(t, err, "27.5")
	for _, c := range g.Legal(rules.Seat(German)) {
		if strings.HasPrefix(c.Command, "attack ") && strings.Contains(c.Command, "3fj/5") && !strings.Contains(c.Command, "1ss/kgp-pz") {
			t.Errorf("%q offered: 3fj/5 attacks at night only with KG Peiper (27.5)", c.Command)
		}
	}
	old := peiperStack(t, "ardennes44/3")
	apply(t, old, German, attackCmd(old, "3fj/5"))
}

// 14.3.1 (L708): 27.5 relaxes the limit only for the units stacked with KG
// Peiper; the other units of its attack keep it: KG Peiper with the
// Night-marked 79vg/208 and 9vg/36 is three formations, refused.
// ardennes44/3 took no first-Night attack to the limit.
func TestPeiper_OthersKeepFormationLimit_14_3_1(t *testing.T) {
	g := peiperStack(t, "")
	cmd := attackCmd(g, "1ss/kgp-pz", "79vg/208", "9vg/36")
	_, err := g.Apply(rules.Seat(German), cmd)
	refused(t, err, "14.3.1")
	old := peiperStack(t, "ardennes44/3")
	apply(t, old, German, cmd)
}

// 14.3.1 (L708): an Allied attack on the first Night keeps the
// two-formation limit, 27.5 being KG Peiper's: three US divisions under
// Night markers are refused, and not offered together. ardennes44/3 took
// it.
func TestPeiper_AlliedFirstNightKeepsFormationLimit_14_3_1(t *testing.T) {
	game := func(version string) *Game {
		f := fixture{version: version, setup: []string{"12/27 " + target,
			"99/394 " + around(0), "28/112 " + around(1), "106/422 " + around(2)}}
		g := f.game(t, 2, PhaseNightCombat, Allied)
		for _, id := range []string{"99/394", "28/112", "106/422"} {
			st(g, id).Night = true
		}
		g.enterForTest()
		return g
	}
	g := game("")
	cmd := attackCmd(g, "99/394", "28/112", "106/422")
	_, err := g.Apply(rules.Seat(Allied), cmd)
	refused(t, err, "14.3.1")
	for _, c := range g.Legal(rules.Seat(Allied)) {
		if strings.Contains(c.Command, "99/394") && strings.Contains(c.Command, "28/112") && strings.Contains(c.Command, "106/422") {
			t.Errorf("%q offered: three formations (14.3.1)", c.Command)
		}
	}
	old := game("ardennes44/3")
	apply(t, old, Allied, cmd)
}

// unitsOf are the indexes of units ids.
func (g *Game) unitsOf(t *testing.T, ids ...string) []int {
	t.Helper()
	var out []int
	for _, id := range ids {
		out = append(out, g.index[id])
	}
	return out
}
