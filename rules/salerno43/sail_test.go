package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 18.4.2: a unit that lands by a sea move from land (18.4.5) has ½ Eff
// next to the enemy, and a US unit landing at a CW beach is DG instead.
func TestSeaMoveLandingMarks_18_4_2(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-uncle", "2710")
	reg := g.put(t, "142/36", "2616")
	rulestest.Apply(t, g, rules.Seat(Allied), "sail 142/36 2710")
	if us := g.s.Units[reg]; us.Status != Disorganized || us.HalfEff {
		t.Errorf("18.4.2: a US unit landing at Uncle, a CW beach, is DG, not ½ Eff: %+v", us)
	}

	g = emptyGame(t, 3, PhaseMovement, Allied)
	g.s.Control = []string{"2608"}
	g.put(t, "bh-red", "2616")
	bn := g.put(t, "1-141/36", "2616")
	g.put(t, "1-79/16", landNeighbours(t, g, "2608")[0])
	rulestest.Apply(t, g, rules.Seat(Allied), "sail 1-141/36 2608")
	if us := g.s.Units[bn]; !us.HalfEff || us.Hex != "2608" || us.Status != GoodOrder {
		t.Errorf("18.4.2: 1-141/36 lands at Salerno next to the enemy with ½ Eff: %+v", us)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 1-141/36 2616", "5.1", "moved")
}

// 18.4.5: the sea move is one hex of the unit's two by TM: it may go one
// hex further after landing, unless its landing hex is in an enemy ZOC
// (21.1.2); Legal offers both.
func TestSeaMoveOneHexMore_18_4_5(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-uncle", "2710")
	bn := g.put(t, "1-141/36", "2616")
	var more string
	for _, c := range g.Legal(rules.Seat(Allied)) {
		if strings.HasPrefix(c.Command, "sail 1-141/36 2710 ") {
			more = c.Command
			break
		}
	}
	if more == "" {
		t.Fatal("18.4.5: Legal offers a hex more after the sea move")
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 1-141/36 floating-reserve 2710", "18.4.5", "no further")
	rulestest.Apply(t, g, rules.Seat(Allied), more)
	want := strings.Fields(more)[3]
	if us := g.s.Units[bn]; us.Hex != want || !slices.Contains(g.s.Moved, us.ID) || g.s.SeaLP != 1 {
		t.Errorf("18.4.5: 1-141/36 lands at 2710 and goes on to %s: %+v, %d LP", want, us, g.s.SeaLP)
	}

	g = emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-uncle", "2710")
	g.put(t, "1-141/36", "2616")
	next := landNeighbours(t, g, "2710")
	g.put(t, "1-79/16", next[0])
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 1-141/36 2710 "+next[1], "21.1.2", "enemy ZOC")
}

// landNeighbours are the land hexes next to id, at least two.
func landNeighbours(t *testing.T, g *Game, id string) []string {
	t.Helper()
	a, _ := g.b.Hex(id)
	var out []string
	for _, n := range a.Neighbors() {
		if g.b.OnMap(n) && g.b.Terrain(n) != Sea {
			out = append(out, g.b.ID(n))
		}
	}
	if len(out) < 2 {
		t.Fatalf("%s has %d land hexes next to it", id, len(out))
	}
	return out
}

// 18.1.1: a BH unit never moves, by sea neither.
func TestBeachheadNeverSails_18_1_1(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-uncle", "2710")
	rulestest.Refused(t, g, rules.Seat(Allied), "sail bh-red 2710", "18.1.1", "never moves")
	if slices.ContainsFunc(g.Legal(rules.Seat(Allied)), func(c rules.Choice) bool { return strings.HasPrefix(c.Command, "sail bh-") }) {
		t.Error("18.1.1: Legal offers no sea move to a BH unit")
	}
}

// 18.4.4: a port or BH sends or receives in a turn, not both ("nie obie").
func TestSendOrReceiveNotBoth_18_4_4(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-uncle", "2710")
	g.put(t, "bh-blue", "2516")
	g.put(t, "1-141/36", "2616")
	g.put(t, "2cdo", "2710")
	g.s.Units[g.index("41cdo")].Box = BoxFloating
	rulestest.Apply(t, g, rules.Seat(Allied), "sail 1-141/36 2710")
	rulestest.Refused(t, g, rules.Seat(Allied), "land 41cdo 2616", "18.4.4", "")
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 2cdo 2516", "18.4.4", "not both")
	for _, c := range g.Legal(rules.Seat(Allied)) {
		if strings.HasPrefix(c.Command, "land 41cdo 2616") || strings.HasPrefix(c.Command, "sail 2cdo") {
			t.Errorf("18.4.4: Legal offers %q", c.Command)
		}
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "land 41cdo 2516")
}

// 18.4.5: the hex of TM may come before the sea move: a unit that moved
// one hex by TM into a BH sails from there, and goes no further; one that
// moved two hexes, or not by TM, sails no more.
func TestSeaMoveHexBefore_18_4_5(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	g.put(t, "bh-blue", "2516")
	red, _ := g.b.Hex("2616")
	var start string
	for _, n := range landNeighbours(t, g, "2616") {
		a, _ := g.b.Hex(n)
		if g.b.OnMap(a) && g.held(a) == "" && a != red {
			start = n
			break
		}
	}
	bn := g.put(t, "1-141/36", start)
	rulestest.Apply(t, g, rules.Seat(Allied), "move 1-141/36 "+start+" 2616 tm")
	if !slices.ContainsFunc(g.Legal(rules.Seat(Allied)), func(c rules.Choice) bool { return c.Command == "sail 1-141/36 2516" }) {
		t.Error("18.4.5: after a hex by TM, Legal offers the sea move")
	}
	next := landNeighbours(t, g, "2516")[0]
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 1-141/36 2516 "+next, "18.4.5", "second of its two")
	rulestest.Apply(t, g, rules.Seat(Allied), "sail 1-141/36 2516")
	if us := g.s.Units[bn]; us.Hex != "2516" || g.hexBefore(us.ID) {
		t.Errorf("18.4.5: 1-141/36 sails to Blue after its hex: %+v", us)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "sail 1-141/36 2616", "5.1", "moved")
}

// 18.2.1: the Allies use a port for sea transport only if they held it at
// the start of their Movement Phase: Salerno (2608), taken by a move in
// this phase, neither receives a sea move nor is a landing site until the
// next; held at the start, it serves.
func TestPortHeldAtPhaseStart_18_2_1(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	bn := g.put(t, "1-141/36", "2616")
	next := landNeighbours(t, g, "2608")[0]
	g.put(t, "142/36", next)
	fr := g.put(t, "41cdo", "")
	g.s.Units[fr].Box = BoxFloating
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, al, "move 142/36 "+next+" 2608 tm")
	if !g.controls(Allied, "2608") {
		t.Fatal("16.3.4: the move takes Salerno")
	}
	rulestest.Refused(t, g, al, "sail 1-141/36 2608", "18.2.1", "start")
	if _, ok := g.landingSites(fr)["2608"]; ok {
		t.Error("18.2.1: a port taken in this Movement Phase is no landing site")
	}
	for _, c := range g.Legal(al) {
		if strings.HasPrefix(c.Command, "sail 1-141/36 2608") {
			t.Errorf("18.2.1: Legal offers %q", c.Command)
		}
	}

	g = emptyGame(t, 3, PhaseMovement, Allied)
	g.s.Control = []string{"2608"}
	g.put(t, "bh-red", "2616")
	bn = g.put(t, "1-141/36", "2616")
	rulestest.Apply(t, g, al, "sail 1-141/36 2608")
	if g.s.Units[bn].Hex != "2608" {
		t.Errorf("18.2.1: Salerno, held at the phase's start, receives the sea move: %+v", g.s.Units[bn])
	}
}

// threeLPPortToPort is four BHs, 141/36 sailing from Uncle (2710) to
// Roger (2712), 3 LP from a BH to a BH, under version; 142/36 stands in
// Red (2616) and 143/36 in Blue (2516).
func threeLPPortToPort(t *testing.T, version string) *Game {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhaseMovement, Allied)
	for bh, at := range map[string]string{"bh-red": "2616", "bh-blue": "2516", "bh-uncle": "2710", "bh-roger": "2712"} {
		g.put(t, bh, at)
	}
	g.put(t, "141/36", "2710")
	g.put(t, "142/36", "2616")
	g.put(t, "143/36", "2516")
	rulestest.Apply(t, g, rules.Seat(Allied), "sail 141/36 2712")
	if g.s.SeaLP != 3 {
		t.Fatalf("setup: 141/36 sails from Uncle to Roger for 3 LP; %d LP", g.s.SeaLP)
	}
	return g
}

// 18.4.5 (L1120): "Przez ruch morski z portu/BH do portu/BH mogą być użyte
// nie więcej niż 3 LP na turę." Once 3 LP have sailed from a BH to a BH,
// 142/36 and 143/36 still go back to the Floating Reserve from two other
// beaches, within the capacities (18.4.4), and Legal offers it.
// salerno43/2 counted evacuations in the 3 LP and refused them.
func TestSeaMoveCap_EvacuationsOutsideIt_18_4_5(t *testing.T) {
	al := rules.Seat(Allied)
	evac := func(c rules.Choice) bool { return c.Command == "sail 142/36 "+BoxFloating }
	g := threeLPPortToPort(t, "")
	if !slices.ContainsFunc(g.Legal(al), evac) {
		t.Errorf("18.4.5: Legal does not offer 142/36 the move back to the Floating Reserve: %v", g.Legal(al))
	}
	rulestest.Apply(t, g, al, "sail 142/36 "+BoxFloating)
	rulestest.Apply(t, g, al, "sail 143/36 "+BoxFloating)
	if g.s.SeaLP != 3 {
		t.Errorf("18.4.5: evacuations are no BH-to-BH moves: still 3 LP of the cap, have %d", g.s.SeaLP)
	}
	g = threeLPPortToPort(t, "salerno43/2")
	rulestest.Refused(t, g, al, "sail 142/36 "+BoxFloating, "18.4.5", "at most 3 LP")
	if slices.ContainsFunc(g.Legal(al), evac) {
		t.Errorf("salerno43/2 replays as played: Legal offers an evacuation over the 3 LP")
	}
}
