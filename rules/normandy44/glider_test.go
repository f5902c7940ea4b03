package normandy44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// gliderMap: two 82nd Airborne glider units due in turn 2 on their glider
// hexes 0404 and 0606 (20.2.4), like 325/82 and 2-401/82 of the Cherbourg
// scenario; a City at 0402 and a flooded hex at 0202; a German unit far off.
func gliderMap() testMap {
	return testMap{
		terrain: map[string]string{"0402": `city "C"`, "0202": "flooded"},
		units: []string{gerInf, gerInf2, allInf, allInf2,
			"g1 allied us 82-ab glider 5-4 3-4 (2)-4 quality=+1 cadre=D size=III",
			"g2 allied us 82-ab glider 3-4 1-4 quality=+1 size=II"},
		setup:  []string{"ginf 0808", "ginf2 0801", "ainf 0101", "ainf2 0102"},
		places: []string{"glider 0404 82-ab", "glider 0606 82-ab"},
		reinf:  []string{"2 g1 0404 glider", "2 g2 0606 glider"},
	}
}

// gliderTurn2 opens turn 2 of the glider map and rolls the weather die.
func gliderTurn2(t *testing.T, g *Game) []rules.Event {
	t.Helper()
	g.setStage(2, PhaseInitial, "")
	ev, err := g.Roll([]int{4})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// gliderGame is the glider map set up as setup, in turn 2 with the weather
// rolled (gliderTurn2).
func gliderGame(t *testing.T, setup ...string) *Game {
	t.Helper()
	m := gliderMap()
	m.setup = setup
	g := m.game(t, Allied, 2)
	gliderTurn2(t, g)
	return g
}

// toAlliedMovement plays 'end' (and 6s for any dice) to the Allied Movement
// Phase of the current turn.
func toAlliedMovement(t *testing.T, g *Game) {
	t.Helper()
	for !(g.s.Phase == PhaseMovement && g.s.Side == Allied) {
		if p := g.Pending(); p.Dice != nil {
			if _, err := g.Roll([]int{6}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		endOrLand(t, g)
	}
}

// TestGlider_20_2_4_Arrival: the gliders land at the end of the turn-2
// Initial Phase, before the German player moves, and each rolls Scatter with
// +1 on its division's column (AMBIG-36), the Allied seat rolling. Die 1 +1
// on the 82nd's column is S2 (T9 row 2): 2 steps lost, Scattered, the US
// airborne Repl one box up, one step back at most (20.2.2). Die 5 +1 is "-".
func TestGlider_20_2_4_Arrival(t *testing.T) {
	g := gliderMap().game(t, Allied, 2)
	ev := gliderTurn2(t, g)
	if at(g, "g1") != "0404" || at(g, "g2") != "0606" || !strings.Contains(rulestest.EventsText(ev), "20.2.4") {
		t.Fatalf("g1 at %q, g2 at %q; events\n%s", at(g, "g1"), at(g, "g2"), rulestest.EventsText(ev))
	}
	p := g.Pending()
	if p.Dice == nil || p.Dice.By != seatOf(Allied) || !strings.Contains(p.Dice.For, "g1") || g.s.Phase != PhaseInitial {
		t.Fatalf("pending %+v in the %s", p, g.s.Phase)
	}
	if _, err := g.Apply(seatOf(German), "end"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("a command while the Scatter die is awaited: %v", err)
	}
	if _, err := g.Roll([]int{1}); err != nil {
		t.Fatal(err)
	}
	g1 := g.s.Units[g.index["g1"]]
	if g1.Step != 2 || !g1.Scattered || !g1.RecoverOne {
		t.Errorf("g1 after S2: %+v; want the cadre, Scattered, RecoverOne", g1)
	}
	if k := g.fittingStockIndex("us", "airborne"); k < 0 || g.s.Repl[k].Count != 1 {
		t.Errorf("US airborne Repl %+v, want 1 (20.2.2)", g.s.Repl)
	}
	if _, err := g.Roll([]int{5}); err != nil {
		t.Fatal(err)
	}
	if g2 := g.s.Units[g.index["g2"]]; g2.Step != 0 || g2.Scattered {
		t.Errorf("g2 after '-': %+v", g2)
	}
	if g.s.Phase != PhaseReplacement || g.s.Side != German || g.Pending().Dice != nil {
		t.Errorf("after the gliders: %s, dice %v", g.Pending().Phase, g.Pending().Dice)
	}
}

// TestGlider_20_2_4_Delayed: a glider whose hex holds enemy units is delayed
// a turn, then lands where the Allied player chooses: within 4 hexes, not on
// its own hex, not City, flooded or all-sea, free of enemy ZOC; then it rolls.
func TestGlider_20_2_4_Delayed(t *testing.T) {
	g := gliderGame(t, "ginf 0404", "ginf2 0801", "ainf 0101", "ainf2 0102")
	if at(g, "g1") != "glider-delayed:0404" {
		t.Fatalf("g1 at %q", at(g, "g1"))
	}
	if len(g.s.GliderRolls) != 1 || g.s.GliderRolls[0] != "g2" {
		t.Fatalf("dice awaited for %v, want g2 alone", g.s.GliderRolls)
	}
	if _, err := g.Roll([]int{6}); err != nil {
		t.Fatal(err)
	}
	toAlliedMovement(t, g)
	if v := strings.Join(g.View(seatOf(Allied)).Lines, "\n"); !strings.Contains(v, "glider delayed: g1") {
		t.Errorf("the view does not show the delayed glider:\n%s", v)
	}
	refused(t, g, Allied, "move g1 0401", "20.2.4") // delayed this very turn
	g.s.Turn = 3
	g.s.Units[g.index["ginf"]].Moved = false
	refused(t, g, Allied, "move g1 0404", "20.2.4") // its own hex, held by ginf
	refused(t, g, Allied, "move g1 0402", "20.2.4") // City
	refused(t, g, Allied, "move g1 0202", "20.2.4") // flooded
	refused(t, g, Allied, "move g1 0405", "20.2.4") // enemy ZOC
	far := "0808"
	if d := hex.Distance(g.b.ids[far], g.b.ids["0404"]); d <= 4 {
		t.Fatalf("0808 is %d hexes from 0404", d)
	}
	refused(t, g, Allied, "move g1 "+far, "20.2.4")
	if _, ok := legalTo(g, "g1", "0401"); !ok {
		t.Error("Legal offers no landing of g1 on 0401")
	}
	apply(t, g, Allied, "move g1 0401")
	if at(g, "g1") != "0401" || len(g.s.GliderRolls) != 1 || g.Pending().Dice == nil {
		t.Fatalf("g1 at %q, dice %v", at(g, "g1"), g.s.GliderRolls)
	}
	if p := g.Pending().Prompt; !strings.Contains(p, "glider g1") || !strings.Contains(p, "Allied player rolls") || !strings.Contains(p, "20.2.4") {
		t.Errorf("20.2.4: the prompt does not say whose die for which glider: %s", p)
	}
	if _, err := g.Roll([]int{6}); err != nil {
		t.Fatal(err)
	}
	if us := g.s.Units[g.index["g1"]]; !us.Moved || us.Scattered || g.s.Phase != PhaseMovement {
		t.Errorf("g1 after landing: %+v in the %s", us, g.s.Phase)
	}
}

// TestGlider_20_2_4_Overstack: a glider that would overstack its hex lands at
// the start of the Allied Movement Phase if there is room then, and is
// delayed as if the hex were enemy-held if there is not.
func TestGlider_20_2_4_Overstack(t *testing.T) {
	g := gliderGame(t, "ginf 0808", "ginf2 0801", "ainf 0606", "ainf2 0606")
	if at(g, "g2") != "glider:0606" {
		t.Fatalf("g2 at %q", at(g, "g2"))
	}
	if _, err := g.Roll([]int{6}); err != nil { // g1
		t.Fatal(err)
	}
	toGerman := g.Clone().(*Game)
	// Room made: ainf2 gone by the Allied Movement Phase.
	toGerman.eliminate(toGerman.index["ainf2"])
	for toGerman.s.Side != Allied || toGerman.s.Phase != PhaseMovement {
		apply(t, toGerman, Side(toGerman.Pending().Seats[0]), "end")
	}
	if at(toGerman, "g2") != "0606" || toGerman.Pending().Dice == nil {
		t.Fatalf("g2 at %q, dice %v", at(toGerman, "g2"), toGerman.Pending().Dice)
	}
	// Room made, but a German Hex Line runs through 0606 (ginf 0605, ginf2
	// 0607): "the hex still cannot take it (e.g. enemy ZOC Lines)".
	lined := g.Clone().(*Game)
	lined.eliminate(lined.index["ainf"])
	lined.eliminate(lined.index["ainf2"])
	lined.s.Units[lined.index["ginf"]].At = "0605"
	lined.s.Units[lined.index["ginf2"]].At = "0607"
	for lined.s.Side != Allied || lined.s.Phase != PhaseMovement {
		apply(t, lined, Side(lined.Pending().Seats[0]), "end")
	}
	if at(lined, "g2") != "glider-delayed:0606" {
		t.Errorf("g2 at %q under a German Hex Line", at(lined, "g2"))
	}
	// No room: delayed a turn.
	for g.s.Side != Allied || g.s.Phase != PhaseMovement {
		endOrLand(t, g)
	}
	if at(g, "g2") != "glider-delayed:0606" || g.Pending().Dice != nil {
		t.Errorf("g2 at %q, dice %v", at(g, "g2"), g.Pending().Dice)
	}
}

// fittingStockIndex finds a Repl marker.
func (g *Game) fittingStockIndex(nation, typ string) int {
	for k, r := range g.s.Repl {
		if r.Nation == nation && r.Type == typ {
			return k
		}
	}
	return -1
}

// TestGlider_NoColumn: a glider reinforcement of a formation the Scatter
// table has no column for is refused with the scenario (T9, AMBIG-36).
func TestGlider_NoColumn(t *testing.T) {
	m := gliderMap()
	m.units[len(m.units)-1] = "g2 allied us 17-ab glider 3-4 1-4 quality=+1 size=II"
	m.places = []string{"glider 0404 82-ab", "glider 0606 17-ab"}
	if _, err := ParseScenario([]byte(m.text())); err == nil || !strings.Contains(err.Error(), "Scatter column") {
		t.Errorf("a 17-ab glider parses: %v", err)
	}
}

// TestGlider_20_2_4_DelayedMustLand: a glider delayed a turn "must be delayed
// one turn and land on another hex within four hexes" (20.2.4, seed L1369):
// in the turn of its delay the Allied Movement Phase may end with it waiting,
// but in the next turn the phase does not end while some hex can take it.
func TestGlider_20_2_4_DelayedMustLand(t *testing.T) {
	g := gliderGame(t, "ginf 0404", "ginf2 0801", "ainf 0101", "ainf2 0102")
	if _, err := g.Roll([]int{6}); err != nil { // g2's Scatter
		t.Fatal(err)
	}
	toAlliedMovement(t, g)
	if at(g, "g1") != "glider-delayed:0404" || g.mustLand() != "" {
		t.Fatalf("turn 2: g1 at %q, mustLand %q; the delay turn lets it wait", at(g, "g1"), g.mustLand())
	}
	g.s.Turn = 3
	refused(t, g, Allied, "end", "20.2.4")
	if slices.ContainsFunc(g.Legal(seatOf(Allied)), func(c rules.Choice) bool { return c.Command == "end" }) {
		t.Error("20.2.4: Legal offers 'end' while the delayed glider can land")
	}
	apply(t, g, Allied, "move g1 0401")
	if _, err := g.Roll([]int{6}); err != nil {
		t.Fatal(err)
	}
	if g.mustLand() != "" {
		t.Errorf("after landing g1: mustLand %q", g.mustLand())
	}
	apply(t, g, Allied, "end")
}
