package normandy44_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/normandy44"
)

// The golden games are the safety net of every change that must not change a
// recorded state hash (a refactoring, a speed-up): seeded random games of every
// shipped scenario, recorded once as their inputs (each command with its seat,
// each roll with its values) and the state hash after each. The test replays
// the inputs through the engine's public interface and compares every hash, so
// a logs signed under normandy44/4 keeps verifying. The inputs are data: the
// random player may change without touching them.
//
// A golden file is written only by TestGoldenRecord, with PBEM_GOLDEN_RECORD=1,
// and never over an existing one: a hash that changes is a bug or a new engine
// version, never a reason to re-record.

// goldenGames are the recorded games: a file name, the scenario, its options
// and the seed of the random players and dice.
var goldenGames = []struct {
	file, scenario string
	options        []string
	seed           uint64
	// redraw > 0 makes a busier player: one that draws "end" draws again up
	// to redraw times, so that phases hold more moves and combats.
	redraw int
	// variant is the edition, "" for 2.2; the file's header names it.
	variant string
}{
	// normandy44/4, on the Cherbourg scenario's first text (past/cherbourg-1).
	{"cherbourg-2p", "past/cherbourg-1", nil, 1, 0, ""},
	{"cherbourg-3-allied", "past/cherbourg-1", []string{"players=3-allied"}, 2, 0, ""},
	{"cherbourg-3-german", "past/cherbourg-1", []string{"players=3-german"}, 3, 0, ""},
	{"cherbourg-4p", "past/cherbourg-1", []string{"players=4"}, 4, 0, ""},
	{"seven-turn", "seven-turn", []string{"coastal-batteries", "random-storm"}, 5, 0, ""},
	{"campaign", "campaign", []string{"historical-storms"}, 6, 0, ""},
	{"cherbourg-2p-busy", "past/cherbourg-1", nil, 7, 3, ""},
	{"campaign-busy", "campaign", nil, 8, 2, ""},
	// normandy44/5, the audit of edition 2.2 (versions.go), on the current
	// scenarios.
	{"v5-cherbourg-2p", "cherbourg", nil, 21, 0, ""},
	{"v5-cherbourg-2p-busy", "cherbourg", nil, 22, 3, ""},
	{"v5-cherbourg-4p", "cherbourg", []string{"players=4"}, 23, 0, ""},
	{"v5-cherbourg-readings", "cherbourg", []string{"retreat-step-once", "one-hex-per-retreat"}, 24, 2, ""},
	{"v5-seven-turn", "seven-turn", []string{"coastal-batteries", "random-storm"}, 25, 0, ""},
	{"v5-campaign-busy", "campaign", nil, 26, 2, ""},
	// normandy44/5 in the first edition (variant ed1), which came with it.
	{"v5-ed1-cherbourg-2p", "cherbourg", nil, 31, 0, "ed1"},
	{"v5-ed1-cherbourg-2p-busy", "cherbourg", nil, 32, 3, "ed1"},
	{"v5-ed1-cherbourg-4p", "cherbourg", []string{"players=4"}, 33, 0, "ed1"},
	{"v5-ed1-cherbourg-readings", "cherbourg", []string{"retreat-step-once"}, 34, 2, "ed1"},
	{"v5-ed1-seven-turn", "seven-turn", []string{"flank-fire", "historical-storms"}, 35, 1, "ed1"},
	{"v5-ed1-campaign", "campaign", []string{"coastal-batteries"}, 36, 0, "ed1"},
}

// goldenScenarioOf is the scenario file a golden game is played on.
func goldenScenarioOf(t testing.TB, file string) string {
	t.Helper()
	for _, gg := range goldenGames {
		if gg.file == file {
			return gg.scenario
		}
	}
	t.Fatalf("no golden game %s", file)
	return ""
}

const goldenDir = "testdata/golden"

// goldenEngine is the engine as the rest of pbem knows it (games lists it).
func goldenEngine(t testing.TB) rules.Engine {
	t.Helper()
	return normandy44.Engine()
}

// goldenScenario reads a shipped scenario assembled with its map, as pbem does.
func goldenScenario(t testing.TB, e rules.Engine, name string) []byte {
	t.Helper()
	dir := filepath.Join("..", "..", "scenarios", "normandy44")
	b, err := os.ReadFile(filepath.Join(dir, name+".scn"))
	if err != nil {
		t.Fatal(err)
	}
	b, err = e.Assemble(b, func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, f)) })
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// TestGoldenHashes replays every golden game input by input and compares each
// state hash with the recorded one.
func TestGoldenHashes(t *testing.T) {
	e := goldenEngine(t)
	for _, gg := range goldenGames {
		t.Run(gg.file, func(t *testing.T) { playGolden(t, e, gg.file, gg.scenario, gg.variant, nil) })
	}
}

// playGolden replays the golden game in file and fails at the first state
// hash that differs from the recorded one. With next, the game goes on after
// each input as next returns it (snapshot_test.go restores it from a
// snapshot); the hashes must still agree.
func playGolden(t *testing.T, e rules.Engine, file, scenario, variant string, next func(t *testing.T, g rules.Game, setup rules.Setup) rules.Game) {
	f, err := os.Open(filepath.Join(goldenDir, file+".txt"))
	if err != nil {
		t.Fatalf("%v (record it with PBEM_GOLDEN_RECORD=1 go test -run TestGoldenRecord)", err)
	}
	defer f.Close()
	var g rules.Game
	var setup rules.Setup
	version := ""
	inputs := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if v, ok := goldenVersion(line); ok {
			version = v // the rules version the game was recorded under
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		input, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %d: no tab before the hash: %q", n, line)
		}
		var err error
		switch verb, rest, _ := strings.Cut(input, " "); verb {
		case "new":
			setup = rules.Setup{Scenario: goldenScenario(t, e, scenario), Variant: variant, Version: version}
			if rest != "" {
				setup.Options = strings.Split(rest, ",")
			}
			g, err = e.New(setup)
		case "roll":
			var values []int
			for _, f := range strings.Fields(rest) {
				v, aerr := strconv.Atoi(f)
				if aerr != nil {
					t.Fatalf("line %d: %v", n, aerr)
				}
				values = append(values, v)
			}
			_, err = g.Roll(values)
		case "do":
			seat, cmd, _ := strings.Cut(rest, " ")
			_, err = g.Apply(rules.Seat(seat), cmd)
		default:
			t.Fatalf("line %d: unknown input %q", n, verb)
		}
		if err != nil {
			t.Fatalf("line %d: %s: %v", n, input, err)
		}
		if got := g.Hash(); got != want {
			t.Fatalf("line %d: after %q the state hash is %s; recorded %s", n, input, got, want)
		}
		if next != nil {
			g = next(t, g, setup)
		}
		inputs++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if g == nil || !g.Pending().Over {
		t.Fatalf("the golden game does not end after its %d inputs", inputs)
	}
}

// goldenVersion reads the rules version a golden game was recorded under
// from its first line, "# Golden game: normandy44/4, scenario ...": the game
// replays under it, whatever the engine's current version.
func goldenVersion(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "# Golden game: ")
	if !ok {
		return "", false
	}
	v, _, ok := strings.Cut(rest, ",")
	return v, ok
}

// TestGoldenRecord writes the golden games that are missing, with the random
// legal players. It runs only with PBEM_GOLDEN_RECORD=1.
func TestGoldenRecord(t *testing.T) {
	if os.Getenv("PBEM_GOLDEN_RECORD") != "1" {
		t.Skip("records missing golden games only with PBEM_GOLDEN_RECORD=1")
	}
	e := goldenEngine(t)
	if err := os.MkdirAll(goldenDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, gg := range goldenGames {
		path := filepath.Join(goldenDir, gg.file+".txt")
		if _, err := os.Stat(path); err == nil {
			t.Logf("%s exists; not recorded again", path)
			continue
		}
		g, err := e.New(rules.Setup{Scenario: goldenScenario(t, e, gg.scenario), Variant: gg.variant, Options: gg.options})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		edition := ""
		if gg.variant != "" {
			edition = ", variant " + gg.variant
		}
		fmt.Fprintf(&out, "# Golden game: %s%s, scenario %s, options %v, random players and dice seeded %d, redraw %d,\n", e.Version, edition, gg.scenario, gg.options, gg.seed, gg.redraw)
		fmt.Fprintf(&out, "# recorded by TestGoldenRecord. Each line is an input and the state hash after it. Never re-record.\n")
		fmt.Fprintf(&out, "new %s\t%s\n", strings.Join(gg.options, ","), g.Hash())
		rnd := rand.New(rand.NewPCG(gg.seed, 1944))
		for n := 0; !g.Pending().Over; n++ {
			if n > 100000 {
				t.Fatalf("%s: no end", gg.file)
			}
			p := g.Pending()
			if p.Dice != nil {
				var vs []string
				var values []int
				for _, sides := range p.Dice.Sides {
					v := rnd.IntN(sides) + 1
					values = append(values, v)
					vs = append(vs, strconv.Itoa(v))
				}
				if _, err := g.Roll(values); err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&out, "roll %s\t%s\n", strings.Join(vs, " "), g.Hash())
				continue
			}
			seat := p.Seats[0]
			cmd := e.RandomCommand(g, seat, rnd)
			for i := 0; i < gg.redraw && cmd == "end"; i++ {
				cmd = e.RandomCommand(g, seat, rnd)
			}
			if _, err := g.Apply(seat, cmd); err != nil {
				t.Fatalf("%s: %s %q: %v", gg.file, seat, cmd, err)
			}
			fmt.Fprintf(&out, "do %s %s\t%s\n", seat, cmd, g.Hash())
		}
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes; %s", path, out.Len(), g.Pending().Result)
	}
}
