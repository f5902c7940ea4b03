package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// TestRegistered: the engine is known by name, with its version and the two
// seats, allied first.
func TestRegistered(t *testing.T) {
	e, err := rules.Lookup("normandy44")
	if err != nil || e.Version != Version || Version != "normandy44/4" {
		t.Fatalf("lookup: %+v, %v", e, err)
	}
	data := readFile(t, "../../scenarios/normandy44/cherbourg.scn")
	seats, err := e.Seats(data, nil)
	if err != nil || !slices.Equal(seats, []rules.Seat{"allied", "german"}) {
		t.Errorf("seats %v, %v", seats, err)
	}
	if _, err := e.Seats(data, []string{"x"}); err == nil {
		t.Error("Seats accepts an unknown option")
	}
	if _, err := e.Seats([]byte("game normandy44\n"), nil); err == nil {
		t.Error("Seats accepts a broken scenario")
	}
	g, err := e.New(data, nil)
	if err != nil || !slices.Equal(g.Seats(), seats) {
		t.Errorf("New: %v", err)
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
