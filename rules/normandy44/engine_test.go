package normandy44

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestEngine: the engine pbem knows has its version and the two seats,
// allied first; it refuses an unknown option, a broken scenario and a
// variant it does not play (2.2 is the default, written "", and the first
// edition "ed1"), never starting such a game as 2.2.
func TestEngine(t *testing.T) {
	e := Engine()
	if e.Name != "normandy44" || e.Version != Version || Version != "normandy44/6" || !slices.Equal(e.Replays, []string{"normandy44/5", "normandy44/4"}) {
		t.Fatalf("engine %s %s, replays %v", e.Name, e.Version, e.Replays)
	}
	data := readFile(t, "../../scenarios/normandy44/cherbourg.scn")
	seats, err := e.Seats(rules.Setup{Scenario: data})
	if err != nil || !slices.Equal(seats, []rules.Seat{"allied", "german"}) {
		t.Errorf("seats %v, %v", seats, err)
	}
	if _, err := e.Seats(rules.Setup{Scenario: data, Options: []string{"x"}}); !errors.Is(err, ErrOption) {
		t.Errorf("Seats accepts an unknown option: %v", err)
	}
	if _, err := e.Seats(rules.Setup{Scenario: []byte("game normandy44\n")}); err == nil {
		t.Error("Seats accepts a broken scenario")
	}
	if len(e.Variants) != 1 || e.Variants[0].Name != "ed1" || !strings.Contains(e.Variants[0].Title, "first edition") {
		t.Errorf("variants %v, want ed1, the first edition", e.Variants)
	}
	for _, v := range []string{"ed2", "2.2", "ED1"} {
		if _, err := e.Seats(rules.Setup{Scenario: data, Variant: v}); !errors.Is(err, rules.ErrVariant) {
			t.Errorf("Seats of variant %q: %v, want ErrVariant", v, err)
		}
		if g, err := e.New(rules.Setup{Scenario: data, Variant: v}); !errors.Is(err, rules.ErrVariant) || g != nil {
			t.Errorf("New of variant %q: %v, want ErrVariant", v, err)
		}
	}
	g, err := e.New(rules.Setup{Scenario: data})
	if err != nil || !slices.Equal(g.Seats(), seats) {
		t.Errorf("New: %v", err)
	}
	if !e.SideFile("my/normandy.map") || e.SideFile("cherbourg.scn") {
		t.Error("the side files are the .map files")
	}
}

// TestEngineCanonical: every command of the golden games, which the engine
// accepted, is canonical by the engine's grammar; and the grammar refuses
// text that is not (DESIGN.md, The log: non-canonical text is rejected).
func TestEngineCanonical(t *testing.T) {
	canonical := Engine().Canonical
	files, err := filepath.Glob("testdata/golden/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden games: %v", err)
	}
	verbs := map[string]bool{}
	for _, f := range files {
		for n, line := range strings.Split(string(readFile(t, f)), "\n") {
			input, _, _ := strings.Cut(line, "\t")
			rest, ok := strings.CutPrefix(input, "do ")
			if !ok {
				continue
			}
			_, cmd, _ := strings.Cut(rest, " ")
			got, err := canonical(cmd)
			if err != nil || got != cmd {
				t.Fatalf("%s line %d: %q is not canonical: %q, %v", f, n+1, cmd, got, err)
			}
			verb, _, _ := strings.Cut(cmd, " ")
			verbs[verb] = true
		}
	}
	if len(verbs) < 20 {
		t.Errorf("the golden games use only %d verbs: %v", len(verbs), verbs)
	}
	for _, bad := range []string{"", "end ", "move  505/82 2710", "attack 2613 from 2512  2612", "strafe 0606", "order dd sometimes", "reserve", "retreat 2512 loss", "END"} {
		if got, err := canonical(bad); err == nil {
			t.Errorf("%q is taken as %q", bad, got)
		}
	}
}

// TestEngineMapFile: a map file checks on its own, and a broken one names
// its own file and line.
func TestEngineMapFile(t *testing.T) {
	check := Engine().Files.Check
	m := readFile(t, "../../scenarios/normandy44/normandy.map")
	none := func(name string) ([]byte, error) { return nil, fmt.Errorf("no %s here", name) }
	if err := check("normandy.map", m, none); err != nil {
		t.Fatalf("the shipped map: %v", err)
	}
	broken := strings.Replace(string(m), "\n2512 town ", "\n2512 twon ", 1)
	line := strings.Count(broken[:strings.Index(broken, "2512 twon")], "\n") + 1
	err := check("normandy.map", []byte(broken), none)
	if want := fmt.Sprintf("normandy.map line %d: ", line); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("want %q in %v", want, err)
	}
	if err := check("mine.map", m, none); err == nil || !strings.Contains(err.Error(), `asks for "mine"`) {
		t.Errorf("a map whose header names another file: %v", err)
	}
	if err := check("mine.scn", m, none); err == nil {
		t.Error("a file not named .map is checked as a map")
	}
}

// TestControl_2_2_5: a Town is controlled by the side that last occupied it,
// after the unit has left; other hexes are not tracked.
func TestControl_2_2_5(t *testing.T) {
	m := testMap{
		terrain: map[string]string{"0403": "town base=clear", "0406": "city"},
		units:   []string{allInf, gerInf},
		setup:   []string{"ainf 0401", "ginf 0406"},
	}
	g := m.game(t, Allied, 2)
	if c := g.controlMap(); c["0403"] != German || c["0406"] != German || len(c) != 2 {
		t.Fatalf("control at start: %v", c)
	}
	apply(t, g, Allied, "move ainf 0401 0402 0403 0303")
	if c := g.controlMap(); c["0403"] != Allied || c["0406"] != German {
		t.Errorf("after passing through 0403: %v", c)
	}
}

// TestView: the view names the phase, the weather and every occupied hex.
func TestView(t *testing.T) {
	g := cherbourg(t)
	v := g.View("german")
	text := strings.Join(v.Lines, "\n")
	for _, want := range []string{"Turn 1, Allied Special Invasion Phase", "weather Overcast-2", "2811 allied: 505/82", "3405 german: Chr-3, Chr-4"} {
		if !strings.Contains(text, want) {
			t.Errorf("view lacks %q:\n%s", want, text)
		}
	}
	if _, ok := v.Data.(state); !ok {
		t.Errorf("view data is %T", v.Data)
	}
}
