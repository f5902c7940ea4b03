package normandy44

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// playToEnd plays one game with the random legal player from where g
// stands to its end, dice from rnd, calling check after every input.
func playToEnd(t *testing.T, rnd *rand.Rand, g *Game, check func(before, after *Game, p play)) (*Game, []play) {
	t.Helper()
	return g, rulestest.Play(t, g, RandomCommand, rnd, 0, gameCheck(check))
}

// TestProperty_RandomGameToVictory: the random legal player plays the
// Cherbourg scenario from turn 1 to the victory check of turn 12, using every command of this part, without
// breaking the supply rules checked here: a marked unit moves by Tactical
// Movement only (18.4), an Isolated marker is on a marked unit (18.1), a
// unit takes at most one Repl a turn (6.2.3), and at most one unit is
// mobilized a turn (6.7). Combat phases are fought: after every input no
// stack is over the limit outside a Movement Phase (7.2) and no unit stands
// off the land or with the enemy (13.1, 14.4.2). Replaying the inputs gives
// the same hashes.
func TestProperty_RandomGameToVictory(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games whole: run without -short")
	}
	for seed := uint64(1); seed <= 4; seed++ {
		start := cherbourg(t)
		rnd := rand.New(rand.NewPCG(seed, 44))
		if seed == 4 {
			// The invasion played (20.2, 20.3), then, as if the engineer had
			// landed from the approach box (20.5, refereed elsewhere), the
			// engineer on 2814, so that the Allies land units bought with RP
			// (6.5) and trace supply to the beach (18.2).
			start = playInvasion(t, rnd, start)
			start.s.Units[start.index["Utah-Eng"]].At = "2814"
		}
		verbs := map[string]int{}
		attrition := 0
		var hashes []string
		check := func(before, after *Game, p play) {
			for _, us := range after.s.Units {
				if us.Isolated && !us.OutOfSupply {
					t.Fatalf("%s: Isolated without the marker (18.1)", us.ID)
				}
			}
			if after.s.Mobilized > 1 {
				t.Fatalf("%q: %d units mobilized in one turn (6.7)", p.Command, after.s.Mobilized)
			}
			hashes = append(hashes, after.Hash())
			checkPlacement(t, after, p)
			checkReserves(t, after, p)
			if before.s.Phase == PhaseReserveMovement || before.s.Phase == PhaseReserveCombat {
				verbs[string(before.s.Phase)]++
			}
			if p.Roll != nil {
				if before.s.Phase == PhaseInvasion {
					verbs["invasion-roll"]++
				}
				if before.s.Phase == PhaseSupply {
					attrition += len(p.Roll)
				}
				if before.s.Combat != nil {
					verbs["combat-roll"]++
				}
				if len(before.s.GliderRolls) > 0 {
					verbs["glider-roll"]++ // 20.2.4
				}
				return
			}
			if verb, _, _ := strings.Cut(p.Command, " "); verb == "attack" || verb == "strafe" || combatVerbs[verb] {
				verbs[verb]++
				if after.s.Combat == nil && before.s.Combat != nil || verb == "attack" && after.s.Combat == nil {
					verbs["resolved"]++
				}
				return
			}
			c, err := ParseCommand(p.Command)
			if err != nil {
				t.Fatalf("%q: %v", p.Command, err)
			}
			verbs[c.Verb]++
			i := before.index[c.Unit]
			if c.Verb == "move" && before.s.Units[i].At == "" && before.unit(i).Side == Allied {
				verbs["landing"]++
				if len(c.Path) > 2 || before.sup.beach[before.b.ids[c.Path[0]]] == "" {
					t.Fatalf("%q: a landing not on a beach or beyond 2 hexes (6.5.2)", p.Command)
				}
			}
			if beach, ok := before.approachBeach(i); ok && c.Verb == "move" {
				verbs["follow-up"]++
				if len(c.Path) > 2 || before.sup.beach[before.b.ids[c.Path[0]]] != beach || !after.regrouped(i) {
					t.Fatalf("%q: a follow-up landing not on its beach, beyond 2 hexes or not halved (20.5.2, 6.5.2)", p.Command)
				}
			}
			switch c.Verb {
			case "move":
				if before.s.Units[i].Scattered {
					t.Fatalf("%q: a Scattered unit moves (20.2.3)", p.Command)
				}
				if before.s.Units[i].OutOfSupply && len(c.Path) > 3 {
					t.Fatalf("%q: an out-of-supply unit moves %d hexes (18.4)", p.Command, len(c.Path)-1)
				}
			case "replace":
				if before.s.Units[i].Repl || after.s.Units[i].Step != before.s.Units[i].Step-1 {
					t.Fatalf("%q: step %d -> %d, Repl before %v (6.2.1, 6.2.3)", p.Command, before.s.Units[i].Step, after.s.Units[i].Step, before.s.Units[i].Repl)
				}
			}
		}
		base := start.Clone().(*Game)
		g, plays := playToEnd(t, rnd, start, check)
		p := g.Pending()
		if g.s.Turn != 12 || !strings.Contains(p.Result, " win after turn 12 (S3.3 I): ") {
			t.Errorf("seed %d: ended in turn %d: %q", seed, g.s.Turn, p.Result)
		}
		for _, l := range g.s.Landed {
			if l.Beach != "utah" {
				t.Errorf("seed %d: a landing at %s", seed, l.Beach)
			}
		}
		// 20.1: the game opens with the Scatter dice and the Utah assault,
		// which always takes the strongpoint (the Utah column has no A1*).
		if !g.s.Units[g.index["WN5"]].Gone || (seed != 4 && verbs["invasion-roll"] < 2) {
			t.Errorf("seed %d: the invasion was not played: %d invasion rolls", seed, verbs["invasion-roll"])
		}
		// 20.5.2, 20.2.4: the follow-up units land and the gliders roll; 15.x: reserves are placed and moved.
		if verbs["move"] == 0 || verbs["mobilize"] == 0 || (seed == 4 && verbs["landing"] == 0) || verbs["follow-up"] == 0 ||
			verbs["attack"] == 0 || verbs["resolved"] == 0 || verbs["combat-roll"] == 0 || verbs["glider-roll"] == 0 ||
			verbs["reserve"] == 0 || verbs[string(PhaseReserveMovement)] == 0 {
			t.Errorf("seed %d: commands played %v", seed, verbs)
		}
		t.Logf("seed %d: %d inputs, commands %v, %d attrition dice; %s", seed, len(plays), verbs, attrition, p.Result)
		_, h1 := replay(t, base, plays)
		_, h2 := replay(t, base, plays)
		for k := range h1 {
			if h1[k] != h2[k] {
				t.Fatalf("seed %d: replays differ at input %d", seed, k)
			}
		}
		if !slices.Equal(h1, hashes) {
			t.Errorf("seed %d: the replay's hashes differ from the game's", seed)
		}
		if h1[len(h1)-1] != g.Hash() {
			t.Errorf("seed %d: the replay ends on another state", seed)
		}
	}
}

// playInvasion plays the Special Invasion Phase with the random legal player
// and dice from rnd, checks that a replay gives the same hashes, and returns
// the game at the German turn that follows (20.4).
func playInvasion(t *testing.T, rnd *rand.Rand, g *Game) *Game {
	t.Helper()
	base := g.Clone().(*Game)
	var plays []play
	var hashes []string
	for g.s.Phase == PhaseInvasion {
		in := rulestest.Next(t, g, RandomCommand, rnd)
		if _, err := in.Give(g); err != nil {
			t.Fatalf("%s: a legal input was refused: %s: %v", g.Pending().Prompt, in, err)
		}
		checkPlacement(t, g, in)
		plays = append(plays, in)
		hashes = append(hashes, g.Hash())
	}
	if _, h := replay(t, base, plays); !slices.Equal(h, hashes) {
		t.Fatal("the invasion's replay gives other hashes")
	}
	return g
}

// checkPlacement: no unit on the map stands on a sea hex or in a hex with
// enemy units, and outside its own Movement and Reserve Movement Phases no
// side is over the stacking limit (7.2, 15.2), checked from the counters'
// values.
func checkPlacement(t *testing.T, g *Game, p play) {
	t.Helper()
	sides := map[string]Side{}
	points := map[string][]stackMember{}
	for i, us := range g.s.Units {
		a, ok := g.onMap(i)
		if !ok {
			continue
		}
		if !g.b.land(a) {
			t.Fatalf("after %q %v: %s on the non-land hex %s", p.Command, p.Roll, us.ID, us.At)
		}
		if s, seen := sides[us.At]; seen && s != g.unit(i).Side {
			t.Fatalf("after %q %v: both sides in %s", p.Command, p.Roll, us.At)
		}
		sides[us.At] = g.unit(i).Side
		points[us.At] = append(points[us.At], stackMember{Type: g.unit(i).Type, Strength: g.strength(i)})
	}
	for h, ms := range points {
		if g.movementPhase() && sides[h] == g.s.Side {
			continue // 7.2: over the limit during a move, the Reserve Movement Phase's too (15.2)
		}
		if n := stackPoints(ms); n > stackLimit {
			t.Fatalf("after %q %v (%s): %s holds %d stacking points", p.Command, p.Roll, g.Pending().Phase, h, n)
		}
	}
}

// checkReserves: at most 6 stacks of a side are in Reserve (15.1), no unit
// in Reserve carries a marker that bars it (15.4: the status goes at once),
// and every IP marker stands in a hex its side may build on (16.1.4).
func checkReserves(t *testing.T, g *Game, p play) {
	t.Helper()
	for _, side := range []Side{German, Allied} {
		if n := len(g.reserveStacks(side)); n > maxReserveStacks {
			t.Fatalf("after %q %v: %s has %d stacks in Reserve (15.1)", p.Command, p.Roll, side, n)
		}
	}
	for i, us := range g.s.Units {
		if us.Reserve && g.onMapUnit(i) && (us.Disrupted || us.OutOfSupply || us.Repl || us.Regroup) {
			t.Fatalf("after %q %v: %s keeps Reserve with a barring marker (15.4)", p.Command, p.Roll, us.ID)
		}
	}
	for _, m := range g.s.IPs {
		if g.b.terrain(g.b.ids[m.Hex]) == City {
			t.Fatalf("after %q %v: an IP marker in the City hex %s (16.1.4)", p.Command, p.Roll, m.Hex)
		}
	}
}
