package normandy44

import (
	"os"
	"strings"
	"testing"
)

// strongpointGame is the combat_engine map with an MA-0 strongpoint, like
// Crisbecq in the Cherbourg scenario, in 0404 instead of g1: forced to
// retreat it is eliminated (13.2.2).
func strongpointGame(t *testing.T) *Game {
	t.Helper()
	data, err := os.ReadFile("testdata/combat_engine.scn")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "[units]\n", "[units]\nsp german kriegsmarine - strongpoint 3-0 battery\n", 1)
	text = strings.Replace(text, "g1 0404", "sp 0404\ng1 0808", 1)
	gg, err := New([]byte(text), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	apply(t, g, German, "end")
	apply(t, g, German, "end")
	apply(t, g, Allied, "end")
	apply(t, g, Allied, "attack 0404 from 0304 0403 maf a1 a2")
	return g
}

// ddDie finds a CRT die after which the defender is asked for a Determined
// Defense (12.4.1: on DR, D1, A1/DR, A1/D1).
func ddDie(t *testing.T, g *Game) *Game {
	t.Helper()
	for die := 1; die <= 6; die++ {
		c := g.Clone().(*Game)
		if _, err := c.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
		if c.s.Combat != nil && c.combat().pending().Decision == DecDD {
			return c
		}
	}
	t.Fatal("no die leads to a Determined Defense decision")
	return nil
}

// TestWords_DDPrompt_12_4: the DD prompt names Determined Defense, its rule,
// the deciding player, the Lead and what to type.
func TestWords_DDPrompt_12_4(t *testing.T) {
	g := ddDie(t, strongpointGame(t))
	p := g.Pending()
	for _, w := range []string{"Combat 1 on 0404 (", "Determined Defense", "German player", "(12.4)", "'dd UNIT'", "'no-dd'", "Leads: sp"} {
		if !strings.Contains(p.Prompt, w) {
			t.Errorf("the prompt lacks %q: %s", w, p.Prompt)
		}
	}
	if p.Seats[0] != seatOf(German) {
		t.Errorf("asks %v", p.Seats)
	}
}

// TestWords_NoDDEliminates_13_2_2: the defender's no-dd is answered by an
// event saying that the MA-0 strongpoint cannot retreat and is eliminated
// and that the attacker may advance; while the advance is pending the View
// says so, although the map still shows it until the combat ends.
func TestWords_NoDDEliminates_13_2_2(t *testing.T) {
	g := ddDie(t, strongpointGame(t))
	ev := apply(t, g, German, "no-dd")
	if len(ev) == 0 {
		t.Fatal("no-dd gave no event")
	}
	e := ev[0].Text
	for _, w := range []string{"Combat 1", "no Determined Defense (12.4)", "sp cannot retreat and is eliminated (13.2.2", "the Allied player may advance (14.1)"} {
		if !strings.Contains(e, w) {
			t.Errorf("the event lacks %q: %s", w, e)
		}
	}
	if g.s.Combat == nil {
		t.Fatal("the combat ended without the advance")
	}
	lines := strings.Join(g.View(seatOf(Allied)).Lines, "\n")
	if !strings.Contains(lines, "combat 1 outcome so far") || !strings.Contains(lines, "sp eliminated") || !strings.Contains(lines, "(14.1)") {
		t.Errorf("the View does not tell the outcome so far:\n%s", lines)
	}
	// 14.1: the prompt gives a few examples and points to Legal, which
	// lists every advance with its note.
	p := g.Pending().Prompt
	if !strings.Contains(p, "may advance into the vacated hex 0404") || !strings.Contains(p, "(14.1)") || !strings.Contains(p, "pbem legal") {
		t.Errorf("advance prompt %s", p)
	}
	legal := g.Legal(seatOf(Allied))
	if strings.Count(p, "'advance ") > 3 || len(legal) < 3 {
		t.Errorf("prompt %q, %d legal choices", p, len(legal))
	}
	for _, c := range legal {
		if c.Note == "" {
			t.Errorf("choice %q has no note", c.Command)
		}
	}
	ev = apply(t, g, Allied, "advance-done")
	if len(ev) < 2 || !strings.Contains(ev[0].Text, "no further advance (14.1); the combat is over") {
		t.Errorf("advance-done events %v", ev)
	}
}
