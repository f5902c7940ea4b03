package rulestest

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// Golden games are an engine's safety net for every change that must not
// change a recorded state hash (a refactoring, a speed-up): seeded random
// games of its shipped scenarios, recorded once as their inputs (each
// command with its seat, each roll with its values) and the state hash after
// each, and replayed through the engine's public interface. Every game
// keeps them in its testdata/golden and replays them here: Normandy '44
// (normandy44/4 and /5, editions 2.2 and ed1), Ardennes '44, Salerno '43
// and 1944: Race to the Rhine. The file format, Normandy's first:
//
//	# comments
//	new OPTION,OPTION<TAB>HASH
//	roll 3 5<TAB>HASH
//	do SEAT COMMAND<TAB>HASH
//
// A golden file is written only when it is missing, never over an existing
// one: a hash that changes is a bug or a new engine version, never a reason
// to re-record. The engine's test reads and writes the files (rules/** does
// no I/O); these functions take and give their text.

// Golden is one recorded game: its file (without ".txt"), the scenario it
// plays, the options, and the seed of the random players and dice.
type Golden struct {
	File, Scenario string
	Options        []string
	Seed           uint64
	// Redraw > 0 makes a busier player: one that draws "end" draws again
	// up to Redraw times, so that phases hold more moves and combats.
	Redraw int
	// Variant is the edition played, "" for the engine's default one
	// (Normandy '44's first edition is "ed1"); the header names it.
	Variant string
	// Stream is the second word of the PCG seed, 0 for 1944: Salerno '43's
	// games were recorded with 1943, so that recording a deleted file again
	// gives it back as it was.
	Stream uint64
}

// GoldenVersion reads the rules version a golden game was recorded under
// from its first line, "# Golden game: normandy44/4, scenario ...": the game
// replays under it, whatever the engine's current version (rules.Setup).
func GoldenVersion(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "# Golden game: ")
	if !ok {
		return "", false
	}
	v, _, ok := strings.Cut(rest, ",")
	return v, ok
}

// ReplayGolden replays the golden game read from file (named path in its
// messages; scenario is the assembled scenario text) and fails at the first
// state hash that differs from the recorded one, or when the game does not
// end with its last input.
func ReplayGolden(t testing.TB, e rules.Engine, scenario []byte, path string, file io.Reader) {
	t.Helper()
	ReplayGoldenFrom(t, e, rules.Setup{Scenario: scenario}, path, file, nil)
}

// ReplayGoldenFrom is ReplayGolden from base, a setup that holds the
// scenario and the variant: the options are the "new" line's, the rules
// version is the header's (GoldenVersion). With next, the game goes on after
// each input as next returns it, given the game and its setup (Normandy
// '44's snapshot test goes on with a game restored from a snapshot); the
// hashes must still agree.
func ReplayGoldenFrom(t testing.TB, e rules.Engine, base rules.Setup, path string, file io.Reader, next func(g rules.Game, setup rules.Setup) rules.Game) {
	t.Helper()
	inputs, err := readGolden(path, file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := replayInputs(e, base, inputs, true, next)
	if err != nil {
		t.Fatal(err)
	}
	if g == nil || !g.Pending().Over {
		t.Fatalf("%s: the golden game does not end after its %d inputs", path, len(inputs))
	}
}

// replayInputs plays a golden game's inputs from base and returns the game;
// hashed, it checks the state hash after each against the recorded one.
// With next, the game goes on after each input as next returns it.
func replayInputs(e rules.Engine, base rules.Setup, inputs []goldenInput, hashed bool, next func(g rules.Game, setup rules.Setup) rules.Game) (rules.Game, error) {
	var g rules.Game
	var setup rules.Setup
	var err error
	for _, in := range inputs {
		if in.verb == "new" {
			setup = in.setup(base)
		}
		if g, err = in.play(e, setup, g); err != nil {
			return nil, err
		}
		if hashed {
			if got := g.Hash(); got != in.want {
				return nil, fmt.Errorf("%s:%d: after %q the state hash is %s; recorded %s", in.path, in.line, in.text, got, in.want)
			}
		}
		if next != nil {
			g = next(g, setup)
		}
	}
	return g, nil
}

// goldenInput is one input of a golden game, as its line gives it, and the
// state hash recorded after it.
type goldenInput struct {
	path    string // the file, and the line, for messages
	line    int
	text    string // the input as written: "do german end"
	verb    string // new, roll or do
	version string // a "new" line's, with its options
	options []string
	values  []int // a roll's
	seat    rules.Seat
	command string // a "do" line's
	want    string
}

// readGolden reads a golden game's inputs (named path in messages).
func readGolden(path string, file io.Reader) ([]goldenInput, error) {
	var inputs []goldenInput
	version := ""
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if v, ok := GoldenVersion(line); ok {
			version = v
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		text, want, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s:%d: no tab before the hash: %q", path, n, line)
		}
		verb, rest, _ := strings.Cut(text, " ")
		in := goldenInput{path: path, line: n, text: text, verb: verb, want: want}
		if len(inputs) == 0 && verb != "new" {
			return nil, fmt.Errorf("%s:%d: %q before the game's 'new' line", path, n, text)
		}
		switch verb {
		case "new":
			in.version = version
			if rest != "" {
				in.options = strings.Split(rest, ",")
			}
		case "roll":
			for _, w := range strings.Fields(rest) {
				v, err := strconv.Atoi(w)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %w", path, n, err)
				}
				in.values = append(in.values, v)
			}
		case "do":
			seat, cmd, _ := strings.Cut(rest, " ")
			in.seat, in.command = rules.Seat(seat), cmd
		default:
			return nil, fmt.Errorf("%s:%d: unknown input %q", path, n, verb)
		}
		inputs = append(inputs, in)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return inputs, nil
}

// setup is the setup of a "new" input: base, under the input's version and
// with its options.
func (in goldenInput) setup(base rules.Setup) rules.Setup {
	setup := base
	setup.Version, setup.Options = in.version, in.options
	return setup
}

// play plays the input on g (a "new" input makes the game of setup) and
// returns the game.
func (in goldenInput) play(e rules.Engine, setup rules.Setup, g rules.Game) (rules.Game, error) {
	var err error
	switch in.verb {
	case "new":
		g, err = e.New(setup)
	case "roll":
		_, err = g.Roll(in.values)
	default:
		_, err = g.Apply(in.seat, in.command)
	}
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %s: %w", in.path, in.line, in.text, err)
	}
	return g, nil
}

// RecordGolden plays gg with the engine's random players to its end and
// returns the golden file's text.
func RecordGolden(t testing.TB, e rules.Engine, scenario []byte, gg Golden) []byte {
	t.Helper()
	for _, o := range gg.Options {
		if strings.Contains(o, ",") {
			// The "new" line joins the options with commas (ReplayGoldenFrom).
			t.Fatalf("%s: option %q holds a comma, which the golden file's 'new' line cannot keep", gg.File, o)
		}
	}
	g, err := e.New(rules.Setup{Scenario: scenario, Variant: gg.Variant, Options: gg.Options})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	edition := ""
	if gg.Variant != "" {
		edition = ", variant " + gg.Variant
	}
	fmt.Fprintf(&out, "# Golden game: %s%s, scenario %s, options %v, random players and dice seeded %d, redraw %d,\n", e.Version, edition, gg.Scenario, gg.Options, gg.Seed, gg.Redraw)
	fmt.Fprintf(&out, "# recorded by TestGoldenRecord. Each line is an input and the state hash after it. Never re-record.\n")
	fmt.Fprintf(&out, "new %s\t%s\n", strings.Join(gg.Options, ","), g.Hash())
	stream := gg.Stream
	if stream == 0 {
		stream = 1944
	}
	rnd := rand.New(rand.NewPCG(gg.Seed, stream))
	player := func(g rules.Game, seat rules.Seat, rnd *rand.Rand) string {
		cmd := e.RandomCommand(g, seat, rnd)
		for i := 0; i < gg.Redraw && cmd == "end"; i++ {
			cmd = e.RandomCommand(g, seat, rnd)
		}
		return cmd
	}
	for n := 0; !g.Pending().Over; n++ {
		if n > maxInputs {
			t.Fatalf("%s: no end after %d inputs", gg.File, n)
		}
		in := Next(t, g, player, rnd)
		if _, err := in.Give(g); err != nil {
			t.Fatalf("%s: a legal input was refused: %s: %v", gg.File, in, err)
		}
		if in.Roll != nil {
			fmt.Fprintf(&out, "%s\t%s\n", in, g.Hash())
		} else {
			fmt.Fprintf(&out, "do %s %s\t%s\n", in.Seat, in.Command, g.Hash())
		}
	}
	t.Logf("%s: %d bytes; %s", gg.File, out.Len(), g.Pending().Result)
	return out.Bytes()
}
