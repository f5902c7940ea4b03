package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 19.4: from turn 8 Valiant and Warspite add +1 to the CRT roll of an
// attack with a naval marker, the modified roll at most 6; the marker is
// flipped after its first use and leaves the game after its second.
func TestValiantWarspiteAttack_19_4(t *testing.T) {
	setup := func(turn int) *Game {
		g := emptyGame(t, turn, PhaseCombat, Allied)
		g.put(t, "1-79/16", "2617")
		g.put(t, "1-141/36", "2618")
		g.put(t, "142/36", "2618")
		return g
	}
	const with = "attack 2617 with 142/36 1-141/36 maf 36 naval"
	rulestest.Refused(t, setup(7), rules.Seat(Allied), with+" valiant", "19.4", "from turn 8")
	if _, err := ParseAttack("attack 2617 with 142/36 1-141/36 maf 36 valiant"); err == nil {
		t.Error("19.4: Valiant and Warspite join a naval marker; without one the attack is refused")
	}
	g := setup(8)
	if !slices.ContainsFunc(g.Legal(rules.Seat(Allied)), func(c rules.Choice) bool { return c.Command == with+" valiant" }) {
		t.Error("19.4: Legal offers the naval attack with Valiant and Warspite on turn 8")
	}
	for _, die := range []int{3, 6} {
		plain, v := setup(8), setup(8)
		rulestest.Apply(t, plain, rules.Seat(Allied), with)
		rulestest.Apply(t, v, rules.Seat(Allied), with+" valiant")
		if v.combat().Odds.Final != plain.combat().Odds.Final {
			t.Fatalf("19.4: Valiant and Warspite modify the die, not the column")
		}
		rulestest.Roll(t, v, die)
		rulestest.Roll(t, plain, min(die+1, 6))
		if got, want := v.combat().Result.Code, plain.combat().Result.Code; got != want {
			t.Errorf("19.4: a die of %d with Valiant and Warspite reads row %d (%s), got %s", die, min(die+1, 6), want, got)
		}
		if v.s.Valiant != 1 || v.markerReady(markerUSNaval) {
			t.Errorf("19.4: the marker is flipped (%d uses) and the US naval marker spent", v.s.Valiant)
		}
		if r := v.combatReport(v.combat(), 1); r.Rolls[0].Die != die || r.Rolls[0].Modified != min(die+1, 6) {
			t.Errorf("19.4: the report shows die %d modified to %d: %+v", die, min(die+1, 6), r.Rolls[0])
		}
	}
	g.s.Valiant = 2
	rulestest.Refused(t, g, rules.Seat(Allied), with+" valiant", "19.4", "used twice")
}

// 11.2.4, 19.4 (digest T5b): with Valiant and Warspite added to the naval
// marker the DD modifier reaches +3 (elite lead +1, defensive support +1,
// Valiant and Warspite +1), and the modified roll is never above 7. The
// setting is PLAY-11's (L1716-1724) on turn 8, its lead made elite
// after the CRT roll.
func TestValiantWarspiteDD_11_2_4_19_4(t *testing.T) {
	setup := func(turn int) *Game {
		g := emptyGame(t, turn, PhaseCombat, German)
		g.put(t, "1-141/36", "2617")
		reg := g.put(t, "142/36", "2617")
		g.s.Units[reg].Lost = 1
		g.put(t, "2pz/16", "2716")
		g.put(t, "stug/16", "2717")
		el := g.put(t, "1-79/16", "2618")
		g.sc.Units[el].Faces[0].Quality = Elite
		g.put(t, "hq/16", "2818")
		rulestest.Apply(t, g, rules.Seat(German), "attack 2617 with 2pz/16 stug/16 1-79/16 maf 16pz art hq/16")
		rulestest.Apply(t, g, rules.Seat(Allied), "def-air")
		rulestest.Roll(t, g, 4) // PLAY-11: 3-1 on a 4 is DR2
		// The lead made elite after the CRT, which its quality does not
		// change (9.7 compares the units' quality before the die).
		g.sc.Units[g.index("1-141/36")].Faces[0].Quality = Elite
		return g
	}
	rulestest.Refused(t, setup(7), rules.Seat(Allied), "dd 1-141/36 support valiant", "19.4", "from turn 8")
	g := setup(8)
	rulestest.Refused(t, g, rules.Seat(Allied), "dd 1-141/36 support cw-naval", "11.3", "")
	if !slices.ContainsFunc(g.Legal(rules.Seat(Allied)), func(c rules.Choice) bool { return c.Command == "dd 1-141/36 support valiant" }) {
		t.Fatal("19.4: Legal offers the DD supported by the naval marker with Valiant and Warspite")
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "dd 1-141/36 support valiant")
	rulestest.Roll(t, g, 5)
	out := g.combat().DDOut
	if out == nil || out.DRM != 3 || out.Modified != 7 {
		t.Fatalf("11.2.4, 19.4: elite +1, support +1, Valiant +1 = +3; 5+3 is capped at 7; got %+v", out)
	}
	for g.s.Combat != nil {
		var next string
		for _, ch := range g.Legal(rules.Seat(German)) {
			next = ch.Command
			break
		}
		if next == "" {
			for _, ch := range g.Legal(rules.Seat(Allied)) {
				rulestest.Apply(t, g, rules.Seat(Allied), ch.Command)
				break
			}
			continue
		}
		rulestest.Apply(t, g, rules.Seat(German), next)
	}
	if g.s.Valiant != 1 || g.markerReady(markerUSNaval) {
		t.Errorf("19.4: the marker is flipped (%d uses) and the US naval marker spent (11.3)", g.s.Valiant)
	}
}
