package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The example of play's German turn 1 (§5.B, L1672-1712) on the stand-in
// map: the positions are the diagrams', so the tests assert the rules the
// text names, with the stand-in set-up hexes.

// germanTurnOne is Avalanche at the end of the Invasion Phase with the
// units named placed, the Germans' Preparation Phase entered.
func germanTurnOne(t *testing.T, at map[string]string) *Game {
	t.Helper()
	g := emptyGame(t, 1, PhaseInvasion, Allied)
	for id, h := range at {
		g.put(t, id, h)
	}
	g.nextStage()
	if g.s.Phase != PhasePrep || g.s.Side != German || g.s.Turn != 1 {
		t.Fatalf("want turn 1, the German Preparation Phase: %s", g.phaseName())
	}
	return g
}

// legalTo is the cheapest of the seat's offered moves of unit id that end
// in hex to ("" for none) and its cost in sixths of MP.
func legalTo(g *Game, seat rules.Seat, id, to string) (string, int) {
	best, cost := "", 0
	for _, c := range g.Legal(seat) {
		w := strings.Fields(c.Command)
		if len(w) < 3 || w[0] != "move" || w[1] != id {
			continue
		}
		end := w[len(w)-1]
		if end == "ext" || end == "tm" || end == "truck" {
			end = w[len(w)-2]
		}
		if end == to && (best == "" || c.Cost < cost) {
			best, cost = c.Command, c.Cost
		}
	}
	return best, cost
}

// PLAY-09 (L1674-1682): the German preparation of turn 1: the northern
// reinforcement goes to N1, the southern to S2 (as the scenario prints
// them, 21.1.1); no replacements this turn (20.1); the one German ASU on
// the map is ready already, so nothing is flipped (17.5).
func TestGermanPreparation_PLAY09_21_1(t *testing.T) {
	g := germanTurnOne(t, map[string]string{"hq/16": "3213"})
	if b := g.s.Units[g.index("recon/hg")].Box; b != boxEntry+"N1" {
		t.Errorf("PLAY-09: the northern reinforcement recon/hg is in N1, got %q", b)
	}
	if b := g.s.Units[g.index("2-1fj")].Box; b != boxEntry+"S2" {
		t.Errorf("PLAY-09: the southern reinforcement 2-1fj is in S2, got %q", b)
	}
	if g.s.Repl != [3]int{} {
		t.Errorf("PLAY-09: no replacements on turn 1, got %v", g.s.Repl)
	}
	de := rules.Seat(German)
	for _, c := range g.Legal(de) {
		if v := strings.Fields(c.Command)[0]; v == "replace" || v == "ready" || v == "place" {
			t.Errorf("PLAY-09: nothing to replace, ready or place, yet %q is offered", c.Command)
		}
	}
	rulestest.Refused(t, g, de, "ready hq/16", "17.5")
	rulestest.Apply(t, g, de, "end")
	if g.s.Phase != PhaseMovement {
		t.Errorf("PLAY-09: the Movement Phase follows, got %s", g.phaseName())
	}
}

// PLAY-10 A-C (L1686-1696; 24.3): on turn 1 the German MA is halved,
// Extended and Tactical Movement unchanged. A) recon/hg (MA 6, so 3) comes
// from N1 to Nocera Inferiore (2504), along the main road on the stand-in
// map (3 MP, or 3+3 by Extended Movement); KG Dörnemann moves 2 hexes to block the road north, within
// its 3 MP (6 halved), not 4 hexes along it. B) the 16 Pz battalion
// falls back: no move of it is offered beyond MA 5 halved, 3 MP, or 6 with
// Extended Movement. C) the PzGren battalion in Battipaglia stays put:
// nothing compels it to move, and the phase ends.
func TestGermanMovementAC_PLAY10_24_3(t *testing.T) {
	g := germanTurnOne(t, map[string]string{"kgd/16": "2705", "1-64/16": "2912", "2-64/16": "2814", "128/46": "2609"})
	de := rules.Seat(German)
	rulestest.Apply(t, g, de, "end")
	recon := g.index("recon/hg")
	if g.ma(recon) != 3 {
		t.Errorf("24.3: recon/hg's MA 6 is 3 on turn 1, got %d", g.ma(recon))
	}
	mv, cost := legalTo(g, de, "recon/hg", "2504")
	if mv == "" || cost > 6*6 {
		t.Fatalf("PLAY-10 A: recon/hg reaches Nocera Inferiore from N1 within 3+3 MP: %q %d", mv, cost)
	}
	if !strings.HasSuffix(mv, " ext") && cost > 3*6 {
		t.Errorf("PLAY-10 A: without Extended Movement recon/hg has 3 MP: %q costs %d sixths", mv, cost)
	}
	rulestest.Apply(t, g, de, mv)
	if at := g.s.Units[recon]; at.Hex != "2504" || at.Box != "" {
		t.Errorf("PLAY-10 A: recon/hg in Nocera Inferiore: %+v", at)
	}
	rulestest.Refused(t, g, de, "move kgd/16 2705 2605 2504 2404 2403 2302 2202", "5.1", "3 MP")
	rulestest.Apply(t, g, de, "move kgd/16 2705 2605 2504")

	// B: every move offered to 2-64/16 keeps to 3 MP, or 6 by Extended
	// Movement.
	n := 0
	for _, c := range g.Legal(de) {
		w := strings.Fields(c.Command)
		if len(w) < 2 || w[0] != "move" || w[1] != "2-64/16" || w[len(w)-1] == "tm" {
			continue
		}
		n++
		limit := 3 * 6
		if w[len(w)-1] == "ext" {
			limit = 6 * 6
		}
		if c.Cost > limit {
			t.Errorf("PLAY-10 B, 24.3: %q costs %d sixths, more than %d", c.Command, c.Cost, limit)
		}
	}
	if n == 0 {
		t.Fatal("PLAY-10 B: no move offered to 2-64/16")
	}
	away := ""
	for _, c := range g.Legal(de) {
		if w := strings.Fields(c.Command); len(w) >= 4 && w[1] == "2-64/16" && w[len(w)-1] != "ext" && w[len(w)-1] != "tm" {
			to, _ := g.b.Hex(w[len(w)-1])
			if from, _ := g.b.Hex("2814"); hex.Distance(to, mustHex(t, g, "2609")) > hex.Distance(from, mustHex(t, g, "2609")) {
				away = c.Command
				break
			}
		}
	}
	if away == "" {
		t.Fatal("PLAY-10 B: no move away from the 46th Division offered")
	}
	rulestest.Apply(t, g, de, away)

	// C: 1-64/16 stays in Battipaglia; the phase ends.
	rulestest.Apply(t, g, de, "end")
	if at := g.s.Units[g.index("1-64/16")].Hex; at != "2912" || g.s.Phase == PhaseMovement {
		t.Errorf("PLAY-10 C: 1-64/16 stays in Battipaglia (%s) and the phase ends (%s)", at, g.phaseName())
	}
}

func mustHex(t *testing.T, g *Game, id string) hex.Axial {
	t.Helper()
	a, ok := g.b.Hex(id)
	if !ok {
		t.Fatalf("no hex %s", id)
	}
	return a
}

// PLAY-10 G-H (L1700-1708; 24.3, 5.2, 5.3): G) three units move up to
// attack the US 142nd Regiment, each within its turn-1 MA (Extended
// Movement where needed), and the Combat Phase offers their attack; H) a
// battalion of the 79th PzGren Regiment moves to the central valley: MA 3
// (half of 5) and 3 more by Extended Movement, secondary roads costing 1/2
// MP a hex, so 12 hexes of secondary road are its 6 MP, too many
// without Extended Movement.
func TestGermanMovementGH_PLAY10_24_3(t *testing.T) {
	g := germanTurnOne(t, map[string]string{"2pz/16": "3012", "stug/16": "3112", "1-79/16": "2717", "142/36": "2617", "2-79/16": "3113"})
	de := rules.Seat(German)
	rulestest.Apply(t, g, de, "end")
	target := mustHex(t, g, "2617")
	var with []string
	for _, id := range []string{"2pz/16", "stug/16", "1-79/16"} {
		i := g.index(id)
		from, _ := g.axial(i)
		if hex.Distance(from, target) == 1 {
			with = append(with, id)
			continue
		}
		best, cost := "", 0
		for _, n := range target.Neighbors() {
			if mv, c := legalTo(g, de, id, g.b.ID(n)); mv != "" && (best == "" || c < cost) {
				best, cost = mv, c
			}
		}
		if best == "" {
			t.Fatalf("PLAY-10 G: %s cannot reach 2617 on turn 1", id)
		}
		rulestest.Apply(t, g, de, best)
		with = append(with, id)
	}

	// H: 2-79/16 along the stand-in secondary road 3113-4008, 12 hexes.
	road := "move 2-79/16 3113 3213 3313 3413 3513 3613 3612 3711 3811 3810 3909 3908 4008"
	how, err := g.howMay(g.index("2-79/16"), false, true, false)
	if err != nil || how.budget != 6*6 {
		t.Fatalf("PLAY-10 H: MA 3 and 3 by Extended Movement, 6 MP: %+v %v", how, err)
	}
	rulestest.Refused(t, g, de, road, "5.1", "costs 6 MP", "has 3")
	ev := rulestest.Apply(t, g, de, road+" ext")
	if !rulestest.HasEvent(ev, "(6 MP)") || g.s.Units[g.index("2-79/16")].Hex != "4008" {
		t.Errorf("PLAY-10 H: 12 secondary-road hexes at 1/2 MP are 6 MP: %v", ev)
	}

	rulestest.Apply(t, g, de, "end")
	if g.s.Phase != PhaseCombat {
		t.Fatalf("want the Combat Phase: %s", g.phaseName())
	}
	found := slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool {
		w := strings.Fields(c.Command)
		if len(w) < 2 || w[0] != "attack" || w[1] != "2617" {
			return false
		}
		for _, id := range with {
			if !slices.Contains(w, id) {
				return false
			}
		}
		return true
	})
	if !found {
		t.Errorf("PLAY-10 G: the attack of %v on 2617 is offered", with)
	}
}
