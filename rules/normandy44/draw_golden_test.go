package normandy44_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// finalCombat matches the event that closes a combat: "Combat 3: allied
// attack ...", not "Combat 3 declared" nor "Combat 3 so far".
var finalCombat = regexp.MustCompile(`^Combat \d+: (allied|german) attack `)

// TestScene_GoldenGames plays golden games through the public interface and
// checks, after every input, what the views promise: the scene passes
// scene.Check, drawing changes nothing, each move's path is the command's,
// and one combat report is added for each combat the events close, with the
// narration of that event.
func TestScene_GoldenGames(t *testing.T) {
	files := []string{"cherbourg-2p", "cherbourg-4p"}
	if testing.Short() {
		files = files[:1]
	}
	e := goldenEngine(t)
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(goldenDir, file+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var g rules.Game
			version := ""
			combats := 0
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for n := 1; sc.Scan(); n++ {
				input, _, _ := strings.Cut(sc.Text(), "\t")
				if v, ok := goldenVersion(input); ok {
					version = v
				}
				if input == "" || strings.HasPrefix(input, "#") {
					continue
				}
				var events []rules.Event
				switch verb, rest, _ := strings.Cut(input, " "); verb {
				case "new":
					var opts []string
					if rest != "" {
						opts = strings.Split(rest, ",")
					}
					g, err = e.New(rules.Setup{Scenario: goldenScenario(t, e, goldenScenarioOf(t, file)), Options: opts, Version: version})
				case "roll":
					if g.(scene.DicePurposer).DicePurpose() == "other" {
						t.Errorf("line %d: dice for %q have no purpose", n, g.Pending().Dice.For)
					}
					var values []int
					for _, v := range strings.Fields(rest) {
						k, _ := strconv.Atoi(v)
						values = append(values, k)
					}
					events, err = g.Roll(values)
				case "do":
					seat, cmd, _ := strings.Cut(rest, " ")
					if words := strings.Fields(cmd); words[0] == "move" {
						m := g.(scene.Mover).Moves(cmd)
						if len(m) != 1 || m[0].Pieces[0] != words[1] || !slices.Equal(m[0].Path, words[2:2+len(m[0].Path)]) {
							t.Errorf("line %d: %q moves %+v", n, cmd, m)
						}
					}
					events, err = g.Apply(rules.Seat(seat), cmd)
				}
				if err != nil {
					t.Fatalf("line %d: %s: %v", n, input, err)
				}
				before := g.Hash()
				err = scene.Check(g.(scene.Drawer).Scene(""))
				if n%20 == 0 {
					err = scene.CheckGame(g) // every seat's, now and then
				}
				if err != nil {
					t.Fatalf("line %d: after %q: %v", n, input, err)
				}
				reports := g.(scene.Reporter).Combats()
				if g.Hash() != before {
					t.Fatalf("line %d: drawing the scene changed the state", n)
				}
				for _, ev := range events {
					if !finalCombat.MatchString(ev.Text) {
						continue
					}
					combats++
					if len(reports) < combats {
						t.Fatalf("line %d: %q closes combat %d; %d reports", n, ev.Text, combats, len(reports))
					}
					if r := reports[combats-1]; !strings.Contains(ev.Text, r.Text) {
						t.Errorf("line %d: report %q is not the narration %q", n, r.Text, ev.Text)
					}
				}
				if len(reports) != combats {
					t.Fatalf("line %d: %d reports, %d combats closed", n, len(reports), combats)
				}
			}
			if combats == 0 {
				t.Error("a whole game without a combat")
			}
		})
	}
}
