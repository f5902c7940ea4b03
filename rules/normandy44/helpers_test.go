package normandy44

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// testMap builds a scenario on an 8 x 8 map (hexes 0101-0808, clear unless
// given) so that each test states its own geometry. On this flat-top map with
// odd columns down, a hex of an odd column touches rows r and r+1 of the
// columns beside it, a hex of an even column rows r-1 and r.
type testMap struct {
	terrain  map[string]string // hex -> terrain words, e.g. "flooded", "town base=bocage"
	hexsides []string
	roads    []string
	zones    []string // [zones] lines, e.g. "nbz 0404 0405"
	units    []string // [units] lines
	setup    []string // [setup] lines
	special  []string
	places   []string // [places] lines, e.g. "entry 0104 green"
	boxes    []string // [boxes] lines
	reinf    []string // [reinforcements] lines
	victory  []string // [victory] lines
}

func (m testMap) text() string {
	var b strings.Builder
	b.WriteString("game normandy44\nscenario test\ntitle Test map\nedition 2.2\nprovenance stand-in: a test map\nlayout flat-top odd-columns-down\nturns 3\n\n[terrain]\n")
	for c := 1; c <= 8; c++ {
		for r := 1; r <= 8; r++ {
			id := hexID(c, r)
			t := m.terrain[id]
			if t == "" {
				t = "clear"
			}
			fmt.Fprintf(&b, "%s %s\n", id, t)
		}
	}
	section := func(name string, lines []string) {
		if len(lines) > 0 {
			fmt.Fprintf(&b, "\n[%s]\n%s\n", name, strings.Join(lines, "\n"))
		}
	}
	section("hexsides", m.hexsides)
	section("roads", m.roads)
	section("zones", m.zones)
	section("places", m.places)
	section("boxes", m.boxes)
	section("units", m.units)
	section("setup", m.setup)
	section("reinforcements", m.reinf)
	section("special", m.special)
	section("victory", m.victory)
	return b.String()
}

// withZones is the map with more [zones] lines.
func (m testMap) withZones(zones ...string) testMap {
	m.zones = append(slices.Clone(m.zones), zones...)
	return m
}

// game starts the test map and puts it in side's Movement Phase of turn.
func (m testMap) game(t *testing.T, side Side, turn int) *Game {
	t.Helper()
	gg, err := New([]byte(m.text()), nil)
	if err != nil {
		t.Fatalf("test map: %v", err)
	}
	g := gg.(*Game)
	g.setStage(turn, PhaseMovement, side)
	return g
}

// rebuildBoard builds g's board again after a test changed the scenario's
// map records (g.sc, or the records g.b.hexes points to): the board reads
// them once, when it is built.
func rebuildBoard(t *testing.T, g *Game) {
	t.Helper()
	b, err := newBoard(g.sc, g.ed)
	if err != nil {
		t.Fatal(err)
	}
	sup, err := newSupplyMap(g.sc, b)
	if err != nil {
		t.Fatal(err)
	}
	g.b, g.sup = b, sup
}

// Unit lines the tests share.
const (
	gerInf   = "ginf german heer 1 infantry 6-4 4-4"  // non-mechanized, 2 points
	gerInf2  = "ginf2 german heer 1 infantry 6-4 4-4" // a second one
	gerMech  = "gpz german heer 2 panzergrenadier 6-5 4-5"
	allInf   = "ainf allied us 4 infantry 6-4 4-4"
	allInf2  = "ainf2 allied us 4 infantry 6-4 4-4"
	allMech  = "amech allied us 3 armored 7-6 5-6 ac=gray:3"
	allSlow  = "aslow allied us 4 infantry 2-1"
	gerCycle = "gcyc german heer 3 cyclist 2-3"
)

// setStage puts a test's game at a stage of the sequence of play: a turn, a
// phase and the phasing side ("" in the Initial and End Phases). No phase is
// entered: what a phase does on entry is the test's to set up.
func (g *Game) setStage(turn int, phase Phase, side Side) {
	g.s.Turn, g.s.Phase, g.s.Side = turn, phase, side
}

// apply gives a side's command and fails the test when it is refused.
func apply(t *testing.T, g *Game, seat Side, cmd string) []rules.Event {
	t.Helper()
	return rulestest.Apply(t, g, rules.Seat(seat), cmd)
}

// refused checks that a side's command is refused by rule, saying what says
// asks, and changes nothing.
func refused(t *testing.T, g *Game, seat Side, cmd, rule string, says ...string) {
	t.Helper()
	rulestest.Refused(t, g, rules.Seat(seat), cmd, rule, says...)
}

// at is where a unit stands.
func at(g *Game, unit string) string { return g.s.Units[g.index[unit]].At }

// legalTo reports the legal move choice of unit into hex, if any.
func legalTo(g *Game, unit, hex string) (rules.Choice, bool) {
	for _, c := range g.Legal(rules.Seat(g.s.Side)) {
		if c.Piece == unit && strings.HasSuffix(strings.TrimSuffix(strings.TrimSuffix(c.Command, " trucks"), " sm"), " "+hex) {
			return c, true
		}
	}
	return rules.Choice{}, false
}

func pieces(cs []rules.Choice) []string {
	var out []string
	for _, c := range cs {
		if c.Piece != "" && !slices.Contains(out, c.Piece) {
			out = append(out, c.Piece)
		}
	}
	return out
}

func seatOf(s Side) rules.Seat { return rules.Seat(s) }
