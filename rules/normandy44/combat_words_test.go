package normandy44

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
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
	for _, w := range []string{"Combat 1 on 0404 (", "Determined Defense", "German player", "(12.4)", "'dd UNIT'", "'no-dd' (the defenders cannot retreat and would be eliminated, 13.2.2)", "Leads: sp"} {
		if !strings.Contains(p.Prompt, w) {
			t.Errorf("the prompt lacks %q: %s", w, p.Prompt)
		}
	}
	if p.Seats[0] != seatOf(German) {
		t.Errorf("asks %v", p.Seats)
	}
	for _, c := range g.Legal(seatOf(German)) {
		if c.Command == "dd sp" && !strings.Contains(c.Note, "Determined Defense led by sp") ||
			c.Command == "no-dd" && !strings.Contains(c.Note, "no Determined Defense") {
			t.Errorf("choice %q note %q", c.Command, c.Note)
		}
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
	if !strings.Contains(lines, "combat 1 outcome so far") || !strings.Contains(lines, "sp eliminated") || !strings.Contains(lines, "(14.1)") ||
		!strings.Contains(lines, "0404 german: sp [combat 1: eliminated]") {
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

// TestWords_EveryDecision: in every combat the engine map gives, each
// decision's prompt names the deciding player and the rule and stays short
// (the full list is Legal's), and each decision gets an event that says
// what it settled and what comes next (12.2 to 14.1).
func TestWords_EveryDecision(t *testing.T) {
	seen := map[DecisionKind]bool{}
	for _, start := range []func(*testing.T) *Game{
		func(t *testing.T) *Game {
			g := alliedCombatPhase(t)
			apply(t, g, Allied, "attack 0404 from 0304 0403 maf a1 a2")
			return g
		},
		func(t *testing.T) *Game {
			g := alliedCombatPhase(t)
			apply(t, g, Allied, "attack 0404 from 0403 maf a1")
			return g
		},
		strongpointGame,
	} {
		for die := 1; die <= 6; die++ {
			for pick := 0; pick < 2; pick++ {
				g := start(t)
				for steps := 0; g.s.Combat != nil; steps++ {
					if steps > 20 {
						t.Fatal("no end")
					}
					p := g.Pending()
					if p.Dice != nil {
						if !strings.Contains(p.Prompt, "player rolls") {
							t.Errorf("roll prompt %q", p.Prompt)
						}
						if _, err := g.Roll([]int{die}); err != nil {
							t.Fatal(err)
						}
						continue
					}
					cp := g.combat().pending()
					seen[cp.Decision] = true
					// The rule to section depth: "12.4.1, 12.4.2" is "12.4".
					rule := strings.Join(strings.SplitN(strings.Trim(strings.Fields(cp.Rule)[0], ","), ".", 3)[:2], ".")
					if !strings.Contains(p.Prompt, thePlayer(Side(cp.Side))) || !strings.Contains(p.Prompt, rule) ||
						!strings.Contains(p.Prompt, "'") || len(p.Prompt) > 400 {
						t.Errorf("%s prompt (rule %s): %q", cp.Decision, rule, p.Prompt)
					}
					legal := g.Legal(p.Seats[0])
					c := legal[min(pick, len(legal)-1)]
					ev := apply(t, g, Side(p.Seats[0]), c.Command)
					if len(ev) == 0 || !strings.HasPrefix(ev[0].Text, "Combat 1: ") ||
						!strings.Contains(ev[0].Text, "next: ") && !strings.Contains(ev[0].Text, "the combat is over") {
						t.Errorf("%s %q: events %v", cp.Decision, c.Command, ev)
					}
				}
			}
		}
	}
	for _, k := range []DecisionKind{DecAttackerLoss, DecDD, DecRetreat, DecAdvance} {
		if !seen[k] {
			t.Errorf("no %s decision came up", k)
		}
	}
	t.Logf("decisions seen: %v", seen)
}

// TestWords_RarePrompts: the prompts of the decisions the engine map does
// not reach say why they arise: 12.6 (the 1-step MAF was eliminated) and
// 12.5 (the DD failed), and whose pick each DespD step is.
func TestWords_RarePrompts(t *testing.T) {
	g := ddDie(t, strongpointGame(t))
	c := g.combat()
	for _, tc := range []struct {
		p    combat.Await
		want []string
	}{
		{combat.Await{Decision: DecIgnoreRetreat, Side: string(German), Rule: "12.6"}, []string{"(12.6)", "single 1-step unit, was eliminated", "German player", "'ignore-retreat'", "'accept-retreat'"}},
		{combat.Await{Decision: DecDespD, Side: string(German), Rule: "12.5"}, []string{"(12.5)", "Determined Defense failed", "Desperate Defense?", "'despd'", "'no-despd'"}},
		{combat.Await{Decision: DecDespDLoss, Side: string(German), Steps: 1, Choices: []string{"sp"}, Rule: "12.5"}, []string{"(12.5)", "German player picks the first", "'losses UNIT' from sp"}},
		{combat.Await{Decision: DecDDLoss, Side: string(Allied), Steps: 1, Choices: []string{"a1", "a2"}, Rule: "12.4.8 AL"}, []string{"(12.4.8 AL)", "AL costs the attacker 1 step", "Allied player", "from a1, a2"}},
	} {
		got := g.decisionPrompt(c, tc.p, "Combat 1 on 0404")
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s prompt lacks %q: %s", tc.p.Decision, w, got)
			}
		}
	}
}
