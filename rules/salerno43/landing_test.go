package salerno43

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// choiceNote is the note of command among side's Legal choices, and
// whether Legal offers it.
func choiceNote(g *Game, side Side, command string) (string, bool) {
	for _, c := range g.Legal(rules.Seat(side)) {
		if c.Command == command {
			return c.Note, true
		}
	}
	return "", false
}

// fullRedBeach is a game under version at the Allied Movement Phase of
// turn 3, the Red beach's hex with its BH and two regiments of the 36th
// on it (6 stacking points, the limit), 179/45 in the Floating Reserve and
// 143/36 at the Uncle beach (2710).
func fullRedBeach(t *testing.T, version string) (*Game, string) {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhaseMovement, Allied)
	site := ""
	for id, b := range g.b.beaches {
		if b.Name == "red" {
			site = id
		}
	}
	g.put(t, "bh-red", site)
	g.put(t, "141/36", site)
	g.put(t, "142/36", site)
	if pts := g.stackingWith(mustHex(t, g, site), Allied, -1); pts != StackingLimit {
		t.Fatalf("%s holds %d stacking points, want %d", site, pts, StackingLimit)
	}
	g.s.Units[g.index("179/45")].Box = BoxFloating
	g.put(t, "bh-uncle", "2710")
	g.put(t, "143/36", "2710")
	return g, site
}

// 21.1.2 (L1224): "Limity stosów mogą zostać przekroczone w tym momencie,
// ale są egzekwowane pod koniec fazy ruchu": 179/45 lands from the
// Floating Reserve at the full Red beach, or 143/36 sails there from
// Uncle (18.4.5), over the limit, which holds at the end of the phase
// (4.4); Legal offers both, saying so, and so does the report.
// salerno43/2 refused them and offered neither.
func TestLandOverStackingLimit_21_1_2(t *testing.T) {
	for _, unit := range []string{"land 179/45", "sail 143/36"} {
		g, site := fullRedBeach(t, "")
		cmd := unit + " " + site
		const over = "holds 9 stacking points, over the limit of 6"
		if note, ok := choiceNote(g, Allied, cmd); !ok || !strings.Contains(note, over) {
			t.Errorf("21.1.2: Legal offers %q, over the limit and saying so: offered %v, %q", cmd, ok, note)
		}
		ev := rulestest.Apply(t, g, rules.Seat(Allied), cmd)
		if text := rulestest.EventsText(ev); !strings.Contains(text, site+" "+over) {
			t.Errorf("21.1.2: %q says %s is over the limit until the end of the phase: %s", cmd, site, text)
		}
		if h, _, ok := g.excess(); !ok || h != site {
			t.Errorf("4.4: %s is over the limit, for the end of the phase to hold: %q %v", site, h, ok)
		}

		g, _ = fullRedBeach(t, "salerno43/2")
		if _, ok := choiceNote(g, Allied, cmd); ok {
			t.Errorf("salerno43/2: Legal offered %q over the limit", cmd)
		}
		rulestest.Refused(t, g, rules.Seat(Allied), cmd, "4.1", "limit")
	}
}

// bondedPort is a game under version at the Allied Movement Phase of turn
// 3, the Allies holding the key hexes, 1-141/36 in the Floating Reserve,
// and 1-64/16 and 2-64/16 on either side of the first port a German hex
// bond through it may run.
func bondedPort(t *testing.T, version string) (*Game, string) {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhaseMovement, Allied)
	g.s.Control = g.keyHexes()
	g.s.Units[g.index("1-141/36")].Box = BoxFloating
	for _, port := range []string{"2507", "2306", "2207", "2608"} {
		p := mustHex(t, g, port)
		for d := range hex.DirectionCount {
			x, y := p.Neighbor(d), p.Neighbor(d.Opposite())
			if !g.b.Land(x) || !g.b.Land(y) {
				continue
			}
			g.put(t, "1-64/16", g.b.ID(x))
			g.put(t, "2-64/16", g.b.ID(y))
			if g.pos().bonds(German, func(a string) bool { return g.friendlyArea(German, a) }).Hex(p) {
				return g, port
			}
		}
		g.put(t, "1-64/16", "")
		g.put(t, "2-64/16", "")
	}
	t.Fatal("no port with a hex bond through it on the stand-in map")
	return nil, ""
}

// 7.2 (L344), 5.4 (L269), 21.1.2 (L1224): units never enter a hex bond in
// the Movement Phase, and a landing by sea is Tactical Movement, which
// keeps every other rule of movement: 1-141/36 does not land at a port a
// German hex bond runs through, and Legal offers no landing there, with a
// hex more or without. salerno43/2 refused only a port the Germans held.
func TestNoLandingIntoHexBond_7_2(t *testing.T) {
	g, port := bondedPort(t, "")
	for _, c := range g.Legal(rules.Seat(Allied)) {
		if strings.HasPrefix(c.Command, "land 1-141/36 "+port) {
			t.Errorf("7.2: Legal offers %q, into the German bond through %s", c.Command, port)
		}
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "land 1-141/36 "+port, "7.2", "bond")

	g, port = bondedPort(t, "salerno43/2")
	if _, ok := choiceNote(g, Allied, "land 1-141/36 "+port); !ok {
		t.Errorf("salerno43/2: Legal offered the landing at %s", port)
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "land 1-141/36 "+port)
}
