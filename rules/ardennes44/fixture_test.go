package ardennes44

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// A fixture is a small map of our own for the rulebook's examples, whose
// figures are lost (digest 5): every hex clear unless set, the features,
// roads and places the example needs, the shipped campaign's counters, and a
// set-up. Columns grow westward and rows northward, as on the game's map:
// beyond column 01 is the East edge (the Germans'), beyond the last column
// the West edge, below row 01 the South edge, above the last row the North
// edge (10.6).
type fixture struct {
	cols, rows int
	terrain    map[string]Terrain
	westWall   []string
	sides      [][3]string // hex, hex, feature
	roads      [][]string  // class, then hexes
	zones      []string    // "NAME HEX..." records
	places     []string    // [places] records
	setup      []string    // "UNIT HEX [ip] [fired]"
	extra      string      // more sections: [special] lines after the traffic record, [reinforcements]...
	version    string      // the rules version, "" for the current one (versions.go)
}

// fixLayout is the game map's grid (scenario header layout).
var fixLayout = func() hex.Layout {
	l, err := hex.ParseLayout("flat-top odd-columns-down")
	if err != nil {
		panic(err)
	}
	return l
}()

// nb is the id of hex id's neighbour in direction d.
func nb(id string, d hex.Direction) string {
	a, err := fixLayout.Parse(id)
	if err != nil {
		panic(err)
	}
	return fixLayout.ID(a.Neighbor(d))
}

// common are the two hexes next to both x and y, adjacent hexes.
func common(x, y string) (string, string) {
	a, _ := fixLayout.Parse(x)
	b, _ := fixLayout.Parse(y)
	var out []string
	for _, n := range a.Neighbors() {
		if hex.Distance(n, b) == 1 {
			out = append(out, fixLayout.ID(n))
		}
	}
	return out[0], out[1]
}

// line is the hex two steps from id in direction d, and the one between.
func line(id string, d hex.Direction) (mid, end string) {
	mid = nb(id, d)
	return mid, nb(mid, d)
}

// campaignUnits is the shipped campaign's [units] section.
func campaignUnits(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(scenarioDir, "campaign.scn"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, "[units]"), strings.Index(s, "[setup]")
	return s[i:j]
}

// text is the fixture's scenario.
func (f fixture) text(t testing.TB) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game ardennes44\nscenario fixture\ntitle A fixture\nedition 3\nprovenance stand-in: a test's\nlayout flat-top odd-columns-down\nchart standard\nturns 22\n\n[terrain]\n")
	if f.cols == 0 {
		f.cols, f.rows = 12, 12
	}
	for c := 1; c <= f.cols; c++ {
		for r := 1; r <= f.rows; r++ {
			id := fmt.Sprintf("%02d%02d", c, r)
			ter := Clear
			if x, ok := f.terrain[id]; ok {
				ter = x
			}
			line := id + " " + string(ter)
			for _, w := range f.westWall {
				if w == id {
					line += " west-wall"
				}
			}
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("\n[hexsides]\n")
	for _, s := range f.sides {
		x, y := s[0], s[1]
		if y < x {
			x, y = y, x
		}
		fmt.Fprintf(&b, "%s/%s %s\n", x, y, s[2])
	}
	b.WriteString("\n[roads]\n")
	for _, r := range f.roads {
		b.WriteString(strings.Join(r, " ") + "\n")
	}
	b.WriteString("\n[zones]\n")
	for _, z := range f.zones {
		b.WriteString(z + "\n")
	}
	b.WriteString("\n[places]\n")
	for _, p := range f.places {
		b.WriteString(p + "\n")
	}
	b.WriteString("\n" + campaignUnits(t) + "\n[setup]\n")
	for _, s := range f.setup {
		b.WriteString(s + "\n")
	}
	b.WriteString("\n[special]\ntraffic german=6 allied=6\n" + f.extra + "\n[victory]\nvp 1\n")
	return b.String()
}

// game starts the fixture, at turn and phase for side (the phase not
// entered: the test sets what the phase would).
func (f fixture) game(t testing.TB, turn int, phase Phase, side Side, opts ...string) *Game {
	t.Helper()
	open := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(scenarioDir, name)) }
	text, err := Assemble([]byte(f.text(t)), open)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	rg, err := startGame(text, opts, f.version)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	g := rg.(*Game)
	g.s.Turn, g.s.Phase, g.s.Side = turn, phase, side
	g.s.Dice, g.s.Done = "", false
	return g
}

// enter opens the phase the game stands in, as the sequence would.
func (g *Game) enterForTest() {
	if r := phaseRules[g.s.Phase]; r.Enter != nil {
		r.Enter(g)
	}
}

// at is where unit id stands.
func at(g *Game, id string) string { return g.s.Units[g.index[id]].At }

// st is unit id's state, to read or set.
func st(g *Game, id string) *unitState { return &g.s.Units[g.index[id]] }

// mustHex is a fixture hex id's hex.
func mustHex(id string) hex.Axial {
	a, err := fixLayout.Parse(id)
	if err != nil {
		panic(err)
	}
	return a
}

// threeOnTargetSetup stands 12/27 in target and the Allied 4/8(-), 99/393
// and 99/394 around it (around 0, 1 and 2).
func threeOnTargetSetup() []string {
	return []string{"12/27 " + target, "4/8(-) " + around(0), "99/393 " + around(1), "99/394 " + around(2)}
}

// threeOnTarget has the three Allied units of threeOnTargetSetup attack
// 12/27, the die a 6, whose result must be want; the defender makes no
// Determined Defense.
func threeOnTarget(t *testing.T, g *Game, want combat.ResultCode) {
	t.Helper()
	g.enterForTest()
	apply(t, g, Allied, "attack "+target+" from "+around(0)+" "+around(1)+" "+around(2)+" with 4/8(-) 99/393 99/394")
	roll(t, g, 6)
	if c := g.combat(); c.Result.Code != want {
		t.Fatalf("result %s at %s, want %s", c.Result.Code, c.Odds.Column(), want)
	}
	if len(offered(g, "no-dd")) > 0 {
		decide(t, g, "no-dd")
	}
}
