package salerno43

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
)

// The golden games are the safety net of every change that must not change a
// recorded state hash: seeded random games of Avalanche, recorded once as
// their inputs (each command with its seat, each roll with its values) and
// the state hash after each. The test replays the inputs through the
// engine's public interface and compares every hash, so that a log signed
// under salerno43/1 keeps verifying.
//
// A golden file is written only by TestGoldenRecord, with
// PBEM_GOLDEN_RECORD=1, and never over an existing one: a hash that changes
// is a bug or a new engine version, never a reason to re-record.

var goldenGames = []struct {
	file, scenario string
	seed           uint64
	// redraw > 0 makes a busier player: one that draws "end" draws again up
	// to redraw times.
	redraw int
}{
	{"avalanche", "avalanche", 1, 0},
	{"avalanche-busy", "avalanche", 2, 3},
}

const goldenDir = "testdata/golden"

func TestGoldenHashes(t *testing.T) {
	e := Engine()
	for _, gg := range goldenGames {
		t.Run(gg.file, func(t *testing.T) { playGolden(t, e, gg.file, gg.scenario) })
	}
}

// playGolden replays the golden game in file and fails at the first state
// hash that differs from the recorded one.
func playGolden(t *testing.T, e rules.Engine, file, scenario string) {
	f, err := os.Open(filepath.Join(goldenDir, file+".txt"))
	if err != nil {
		t.Fatalf("%v (record it with PBEM_GOLDEN_RECORD=1 go test -run TestGoldenRecord)", err)
	}
	defer f.Close()
	var g rules.Game
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
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
			g, err = e.New(rules.Setup{Scenario: readShipped(t, scenario)})
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
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if g == nil || !g.Pending().Over {
		t.Fatal("the golden game does not end")
	}
}

// TestGoldenRecord writes the golden games that are missing, with the random
// legal players. It runs only with PBEM_GOLDEN_RECORD=1.
func TestGoldenRecord(t *testing.T) {
	if os.Getenv("PBEM_GOLDEN_RECORD") != "1" {
		t.Skip("records missing golden games only with PBEM_GOLDEN_RECORD=1")
	}
	e := Engine()
	if err := os.MkdirAll(goldenDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, gg := range goldenGames {
		path := filepath.Join(goldenDir, gg.file+".txt")
		if _, err := os.Stat(path); err == nil {
			t.Logf("%s exists; not recorded again", path)
			continue
		}
		g, err := e.New(rules.Setup{Scenario: readShipped(t, gg.scenario)})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		fmt.Fprintf(&out, "# Golden game: %s, scenario %s, random players and dice seeded %d, redraw %d,\n", e.Version, gg.scenario, gg.seed, gg.redraw)
		fmt.Fprintf(&out, "# recorded by TestGoldenRecord. Each line is an input and the state hash after it. Never re-record.\n")
		fmt.Fprintf(&out, "new \t%s\n", g.Hash())
		rnd := rand.New(rand.NewPCG(gg.seed, 1943))
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
