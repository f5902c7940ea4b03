package normandy44

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// renumberText rewrites 2.2's numbers into the first edition's by the
// digest's map (§3.1), and nothing else.
func TestRenumberText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"6.2.2: a rebuilt unit returns on a hex", "6.2: a rebuilt unit returns on a hex"},
		{"(12.4.7)", "(12.4.3)"},
		{"12.4.1, 12.4.2", "12.4.1"},                             // one number, once
		{"13.1.4, 13.3, 13.2.1", "13.1, 13.3, 13.2"},             // each in turn
		{"18.1 then 18.2 then 18.3", "18.3 then 18.1 then 18.2"}, // the Supply chapter's order
		{"12.2.1 step 3", "12.2 #2"},
		{"S3.3 II and S3.3 III and S3.3 I", "26.3.2 and 26.3.3 and 26.3.1"},
		{"S3.2.3", "26.2.1"},
		{"(T9, 20.2.4, AMBIG-36)", "(Airborne Scatter Table, 20.2, AMBIG-36)"},
		{"T5 row 4: Clear", "Weather Table row 4: Clear"},
		{"3.0 B6", "3.0 B5"},
		{"24.0: three players; 25.1", "27.1: three players; 28.1"},
		// Not rule numbers: hex ids, odds, MP, line numbers, ids with dots
		// in words, and numbers the books share.
		{"2512 at 3-1, 1 1/2 of 4 MP, L2091, 9.10, 4.1, 10.0", "2512 at 3-1, 1 1/2 of 4 MP, L2091, 9.10, 4.1, 10.0"},
		{"Clear-4 and AMBIG-24 and v2.2.1", "Clear-4 and AMBIG-24 and v2.2.1"},
		{"the end (9.1).", "the end (9.1)."},
	} {
		if got := renumberText(renumberEd1, c.in); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
	if got := renumberText(nil, "6.2.2"); got != "6.2.2" {
		t.Errorf("2.2 renumbers: %q", got)
	}
	// The leak check below finds 2.2's numbers, and only them.
	for _, s := range []string{"(6.2.2)", "12.4.7", "S3.3 II", "(T5 row 1)", "12.6", "17.2.8", "25.2"} {
		if !leaked.MatchString(s) {
			t.Errorf("the leak check misses %q", s)
		}
		if got := renumberText(renumberEd1, s); s != "12.6" && s != "17.2.8" && s != "25.2" && leaked.MatchString(got) {
			t.Errorf("%q renumbered is %q, still 2.2's", s, got)
		}
	}
	for _, s := range []string{"6.2 at 2512", "12.4.3", "26.3.2", "Weather Table row 1", "L2091", "4.1"} {
		if leaked.MatchString(s) {
			t.Errorf("the leak check finds 2.2 in %q", s)
		}
	}
}

// A refusal in a first-edition game names the first edition's rule, its
// reason too, and keeps its type.
func TestRenumberRefusal(t *testing.T) {
	g := rebuildMap().ed1(t, German, 3)
	g.setStage(3, PhaseReplacement, German)
	g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 1}}
	g.eliminate(g.index["ginf"])
	r := refusedRule(t, g, German, "rebuild ginf 0406")
	if r.Rule != "6.2" || strings.Contains(r.Reason, "6.2.2") {
		t.Errorf("refusal %q: %q", r.Rule, r.Reason)
	}
}

func refusedRule(t *testing.T, g *Game, side Side, cmd string) *rules.Refusal {
	t.Helper()
	_, err := g.Apply(seatOf(side), cmd)
	r, ok := err.(*rules.Refusal)
	if !ok {
		t.Fatalf("%s: %v is no refusal", cmd, err)
	}
	return r
}

// leaked finds in a first-edition game's text a number of 2.2 that the
// Italian book does not have: a part of a rule the first edition does not
// divide (6.2.2, 12.4.7, 18.5.1...), a scenario or table number of 2.2's
// digest (S3.3, T5), or a 2.2-only rule (12.6, 13.7, 17.2.8, 25.2).
var leaked = func() *regexp.Regexp {
	var parts []string
	for k := range renumberEd1 {
		if p, ok := strings.CutSuffix(k, ".*"); ok {
			parts = append(parts, regexp.QuoteMeta(p)+`\.\d`)
		}
	}
	slices.Sort(parts)
	only22 := `12\.6|13\.7|17\.2\.8|25\.2|24\.0|25\.1|25\.3|S[123]\b|S[123]\.\d|T\d{1,2}\b|12\.4\.[5-9]|19\.1\.5`
	return regexp.MustCompile(`(^|[^\w/.-])(` + strings.Join(parts, "|") + `|` + only22 + `)`)
}()

// No 2.2 number reaches a first-edition player: every text a random game
// of each scenario shows (events, refusals, what it waits for, Legal's
// notes, the view) is in the Italian book's numbers.
func TestRenumberNoLeak(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, name := range []string{"cherbourg", "seven-turn"} {
		t.Run(name, func(t *testing.T) {
			e := Engine()
			g, err := e.New(rules.Setup{Scenario: readFile(t, "../../scenarios/normandy44/"+name+".scn"), Variant: "ed1"})
			if err != nil {
				t.Fatal(err)
			}
			check := func(where, text string) {
				t.Helper()
				if m := leaked.FindString(text); m != "" {
					t.Fatalf("%s: 2.2's %q in %q", where, strings.TrimSpace(m), text)
				}
			}
			rnd := rand.New(rand.NewPCG(13, 44))
			for n := 0; !g.Pending().Over && n < 20000; n++ {
				p := g.Pending()
				check("prompt", p.Phase+" / "+p.Prompt)
				if p.Dice != nil {
					check("dice", p.Dice.For)
					var values []int
					for _, sides := range p.Dice.Sides {
						values = append(values, rnd.IntN(sides)+1)
					}
					ev, err := g.Roll(values)
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range ev {
						check("event", e.Text)
					}
					continue
				}
				if n%50 == 0 {
					for _, l := range g.View(p.Seats[0]).Lines {
						check("view", l)
					}
				}
				for _, c := range g.Legal(p.Seats[0]) {
					check("legal", c.Note)
				}
				// A command the rules refuse now and then: 'end' in the
				// middle of a combat, a move of a unit that cannot.
				if _, err := g.Apply(p.Seats[0], "move "+g.(*Game).s.Units[rnd.IntN(len(g.(*Game).s.Units))].ID+" 2512 2513"); err != nil {
					check("refusal", err.Error())
				}
				ev, err := g.Apply(p.Seats[0], e.RandomCommand(g, p.Seats[0], rnd))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range ev {
					check("event", e.Text)
				}
			}
			check("result", g.Pending().Result)
		})
	}
}
