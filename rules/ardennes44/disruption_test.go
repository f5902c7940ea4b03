package ardennes44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// disruptedNextTo12_27 is a game under version whose Allied Movement Phase
// opens with 4/8/2, Disrupted, in 0606 next to 12/27, in its ZOC, and hexes
// out of it 2 hexes away; it returns the game and one of those hexes.
func disruptedNextTo12_27(t *testing.T, version string) (*Game, string) {
	t.Helper()
	f := fixture{version: version, setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseMovement, Allied)
	st(g, "4/8/2").Status = statusDisrupted
	g.enterForTest()
	if !g.zoc(German).Has(mustHex(target)) {
		t.Fatal("the fixture wants 4/8/2 in the German ZOC")
	}
	away := nb(nb(target, 3), 3)
	if g.zoc(German).Has(mustHex(away)) {
		t.Fatalf("the fixture wants %s out of the German ZOC", away)
	}
	return g, away
}

// 18.3 (L1043): a Disrupted unit that begins its Movement Phase in an enemy
// ZOC must leave it if it can. While 4/8/2 stands there unmoved, able to
// reach hexes out of the ZOC, the phase does not end, and 'end' is not
// offered; once it has left, it ends.
func TestDisruption_MustLeaveEnemyZOC_18_3(t *testing.T) {
	g, away := disruptedNextTo12_27(t, "")
	mustLeaveFirst(t, g, away)
}

// mustLeaveFirst checks that the Allied phase does not end, nor offers
// 'end', while the Disrupted 4/8/2 stands unmoved in the enemy ZOC in
// target (18.3), and ends once it has moved to away.
func mustLeaveFirst(t *testing.T, g *Game, away string) {
	t.Helper()
	if slices.ContainsFunc(g.Legal(rules.Seat(Allied)), func(c rules.Choice) bool { return c.Command == "end" }) {
		t.Error("'end' offered while the Disrupted 4/8/2 stands unmoved in the enemy ZOC (18.3)")
	}
	_, err := g.Apply(rules.Seat(Allied), "end")
	refused(t, err, "18.3")
	apply(t, g, Allied, "move 4/8/2 "+target+" "+nb(target, 3)+" "+away+" tactical")
	apply(t, g, Allied, "end")
}

// ardennes44/3 let the phase end with it unmoved.
func TestDisruption_V3MayStayInEnemyZOC(t *testing.T) {
	g, _ := disruptedNextTo12_27(t, "ardennes44/3")
	apply(t, g, Allied, "end")
}

// A Good Order friend in its hex negates the enemy ZOC for it (18.3): with
// 707tk beside it, 4/8/2 need not leave, and the phase ends.
func TestDisruption_GoodOrderFriendNegatesEnemyZOC_18_3(t *testing.T) {
	f := fixture{setup: []string{"4/8/2 " + target, "707tk " + target, "12/27 " + around(0)}}
	g := f.game(t, 3, PhaseMovement, Allied)
	st(g, "4/8/2").Status = statusDisrupted
	g.enterForTest()
	apply(t, g, Allied, "end")
}

// disruptedAtNight is a game under version whose Allied Night Movement
// Phase (turn 4) opens with 4/8/2, Disrupted, in 0606 next to 12/27, in its
// ZOC, under a Night marker if marked; and a hex out of the ZOC 2 hexes
// away.
func disruptedAtNight(t *testing.T, version string, marked bool) (*Game, string) {
	t.Helper()
	f := fixture{version: version, setup: []string{"4/8/2 " + target, "12/27 " + around(0)}}
	g := f.game(t, 4, PhaseNightMove, Allied)
	st(g, "4/8/2").Status = statusDisrupted
	st(g, "4/8/2").Night = marked
	g.enterForTest()
	return g, nb(nb(target, 3), 3)
}

// 18.3 (L1043) in the Night Movement Phase: night movement is the normal
// rules but for the three stacks (25.3.1, L1490), so the Night-marked,
// Disrupted 4/8/2 must leave the enemy ZOC too: 'end' is refused and not
// offered until it has.
func TestDisruption_MustLeaveEnemyZOCAtNight_18_3(t *testing.T) {
	g, away := disruptedAtNight(t, "", true)
	mustLeaveFirst(t, g, away)
}

// At night a unit under no Night marker does not move (25.3.1), so it
// cannot leave and need not: the phase ends with it in the enemy ZOC. And
// ardennes44/3 let the Night-marked one stay.
func TestDisruption_UnmarkedStaysAtNight_18_3(t *testing.T) {
	g, _ := disruptedAtNight(t, "", false)
	apply(t, g, Allied, "end")
	old, _ := disruptedAtNight(t, "ardennes44/3", true)
	apply(t, old, Allied, "end")
}
