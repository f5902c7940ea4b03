package ardennes44

import (
	"slices"
	"testing"
)

// dumpAttacked is a game under version in the German Combat Phase of
// turn 3 with the real fuel dump revealed in target, alone, and 12/27 next
// to it declaring an attack on it (5:2, 2-1).
func dumpAttacked(t *testing.T, version string) *Game {
	t.Helper()
	g := fixture{version: version, places: []string{"fuel-dump " + target}, setup: []string{"12/27 " + around(0)}}.game(t, 3, PhaseCombat, German, OptFuelDumps)
	g.s.Dumps = []dump{{Hex: target, Real: true, Revealed: true}}
	g.s.RealDump = target
	g.s.Units[g.index[dumpUnit]] = unitState{ID: dumpUnit, At: target}
	attackFrom(t, g, "12/27")
	return g
}

// 32.3 (L1742: the dump "może zostać wysadzony tak jak wysadza się mosty
// (1–4 w Alianckiej Fazie Mostów, 1–3 w Niemieckiej Fazie Walki jeśli
// gracz Niemiecki atakuje heks ze zbiornikiem)"): a German attack on the
// real dump's hex has the Allies decide first, as against a bridge (7.4),
// whether to blow it; 1-3 it is blown and gone, not captured, and the
// attack, with no defender left, ends; 4 it stands and the combat goes on.
func TestDumps_BlownAgainstAGermanAttack_32_3(t *testing.T) {
	g := dumpAttacked(t, "")
	decide(t, g, string(CmdDemolish))
	roll(t, g, 3)
	if g.s.Combat != nil {
		t.Fatalf("the combat goes on with the dump blown and no defender left: %s", g.Pending().Prompt)
	}
	if at(g, dumpUnit) != poolBox || len(g.s.Dumps) != 0 || g.s.DumpTaken {
		t.Errorf("dump unit in %s, markers %+v, taken %v: want it blown, off the map and not captured (32.3)", at(g, dumpUnit), g.s.Dumps, g.s.DumpTaken)
	}
	if !slices.Contains(g.s.Tried, "allied:dump:"+target) {
		t.Errorf("tried %v: want the attempt recorded (7.2)", g.s.Tried)
	}

	g = dumpAttacked(t, "")
	decide(t, g, string(CmdDemolish))
	roll(t, g, 4)
	if p := g.Pending(); g.s.Combat == nil || p.Dice == nil || at(g, dumpUnit) != target {
		t.Errorf("a 4: combat over %v, dump in %s, pending %q: want it standing and the combat's die next", g.s.Combat == nil, at(g, dumpUnit), p.Prompt)
	}

	g = dumpAttacked(t, "")
	decide(t, g, string(CmdNoDemolish))
	if p := g.Pending(); p.Dice == nil || at(g, dumpUnit) != target {
		t.Errorf("no attempt: pending %q, dump in %s: want the combat's die next", p.Prompt, at(g, dumpUnit))
	}
}

// ardennes44/4 offered no attempt: the combat's die came at once.
func TestDumps_V4NoAttemptAgainstAnAttack(t *testing.T) {
	g := dumpAttacked(t, "ardennes44/4")
	if len(offered(g, string(CmdDemolish))) > 0 {
		t.Errorf("the dump's demolition offered under ardennes44/4: %s", g.Pending().Prompt)
	}
}

// 32.1 (L1724: "Gdy gracz Niemiecki Ruszy swoją jednostkę na heks
// sąsiadujący ze Zbiornikiem Paliwa, znacznik jest odwracany"): the marker
// flips when a German unit moves onto a hex next to it, not when one that
// stands next to it already moves away. ardennes44/4 flipped it for the
// hex the move began in too.
func TestDumps_FlipOnMovingNextToIt_32_1(t *testing.T) {
	d := target
	from := around(0)          // next to the dump
	away := nb(nb(from, 0), 0) // two hexes further from it
	for _, tc := range []struct {
		version string
		flipped bool
	}{{"", false}, {"ardennes44/4", true}} {
		g := fixture{version: tc.version, places: []string{"fuel-dump " + d}, setup: []string{"12/27 " + from}}.game(t, 3, PhaseMovement, German, OptFuelDumps)
		g.s.Dumps = []dump{{Hex: d}}
		g.s.RealDump = d
		apply(t, g, German, "move 12/27 "+from+" "+nb(from, 0)+" "+away)
		if got := g.s.Dumps[0].Revealed; got != tc.flipped {
			t.Errorf("%q: 12/27 moved away from the dump in %s: flipped %v, want %v (32.1)", tc.version, d, got, tc.flipped)
		}
	}
	g := fixture{places: []string{"fuel-dump " + d}, setup: []string{"12/27 " + away}}.game(t, 3, PhaseMovement, German, OptFuelDumps)
	g.s.Dumps = []dump{{Hex: d}}
	g.s.RealDump = d
	apply(t, g, German, "move 12/27 "+away+" "+nb(from, 0)+" "+from)
	if !g.s.Dumps[0].Revealed || at(g, dumpUnit) != d {
		t.Errorf("12/27 moved next to the dump in %s: flipped %v, dump unit in %s; want it revealed, the real one (32.1)", d, g.s.Dumps[0].Revealed, at(g, dumpUnit))
	}
}
