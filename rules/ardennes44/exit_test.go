package ardennes44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// exitFixture: the Allied 4/8/2 in 0401 on the south-east edge, 12/27 in
// 0601, whose ZOC covers 0501 and not 0401.
func exitFixture(version string) fixture {
	return fixture{zones: []string{"edge-se 0101 0201 0301 0401 0501 0601 0701 0801 0901 1001 1101 1201"},
		setup: []string{"4/8/2 0401", "12/27 0601"}, version: version}
}

// 9.2.1 (L423: "Jednostki muszą zatrzymać się po wkroczeniu do Strefy
// Kontroli wroga"), 11.9.1 (L543: leaving the map costs 1 MP): a unit that
// enters an enemy ZOC on the map edge stops there; it leaves the map by a
// move of its own, in a later phase. Under ardennes44/3 it went on off the
// map in the same move.
func TestExit_NotAfterEnteringEnemyZOC_9_2_1(t *testing.T) {
	const move = "move 4/8/2 0401 0501 exit"
	g := exitFixture("").game(t, 3, PhaseMovement, Allied)
	if g.zoc(German).Has(mustHex("0401")) || !g.zoc(German).Has(mustHex("0501")) {
		t.Fatal("fixture: want 0501 in the German ZOC and 0401 not")
	}
	_, err := g.Apply(rules.Seat(Allied), move)
	refused(t, err, "9.2.1")
	// The move that stops in 0501 is allowed, and leaving the map from
	// 0401 at once is too.
	if _, err := g.Clone().(*Game).Apply(rules.Seat(Allied), "move 4/8/2 0401 0501"); err != nil {
		t.Errorf("4/8/2 into the enemy ZOC in 0501: %v", err)
	}
	apply(t, g, Allied, "move 4/8/2 0401 exit")
	if at(g, "4/8/2") != offPrefix+"se" {
		t.Errorf("4/8/2 left the map from 0401 to %s, want the SE Off-map Area", at(g, "4/8/2"))
	}

	old := exitFixture("ardennes44/3").game(t, 3, PhaseMovement, Allied)
	apply(t, old, Allied, move)
	if at(old, "4/8/2") != offPrefix+"se" {
		t.Errorf("ardennes44/3: 4/8/2 went through 0501 to %s, want the SE Off-map Area as it played", at(old, "4/8/2"))
	}
}

// exitVPFixture: a road from the German source in 0101 west to 1201, on
// the exit edge of a short scenario (S2.4), 12/27 (AF 5) in 1201 ready to
// leave the map, and the Allied 4/8/2 in 0604, away from the road.
func exitVPFixture(version string) fixture {
	return fixture{cols: 12, rows: 4, version: version,
		places: []string{"source 0101 german"},
		roads:  [][]string{{"primary", "0101", "0201", "0301", "0401", "0501", "0601", "0701", "0801", "0901", "1001", "1101", "1201"}},
		zones:  []string{"exit 1201 1202"},
		setup:  []string{"12/27 1201", "4/8/2 0604"}}
}

// S2.4 (L1858: "Gdy gracz Niemiecki wychodzi jednostkami przez zachodnią
// krawędź mapy musi móc poprowadzić Zaopatrzenie Drogowe do Niemieckiego
// Źródła Zaopatrzenia z przynajmniej jednego heksu wyjścia, inaczej PZ za
// te jednostki się nie liczą"): the Road Supply is traced when the units
// leave the map, and it decides the VP of those units. A unit that leaves
// with Road Supply keeps its VP when the road is cut later; one that leaves
// without it earns none when the road opens again. ardennes44/4 traced it
// once, at the end, for every unit exited.
func TestExit_VPCountWithRoadSupplyWhenLeaving_S2_4(t *testing.T) {
	cut := func(g *Game) { st(g, "4/8/2").At = "0601" } // an Allied unit on the road
	open := func(g *Game) { st(g, "4/8/2").At = "0604" }
	exits := func(g *Game) int { _, x := g.vp(); return x }

	// Left with Road Supply, cut afterwards: it counts.
	g := exitVPFixture("").game(t, 3, PhaseMovement, German)
	if !g.roadSupplied(mustHex("1201"), German) {
		t.Fatal("fixture: 1201 has no Road Supply")
	}
	apply(t, g, German, "move 12/27 1201 exit")
	if at(g, "12/27") != exitedBox {
		t.Fatalf("12/27 at %s, want exited", at(g, "12/27"))
	}
	cut(g)
	if g.roadSupplied(mustHex("1201"), German) {
		t.Fatal("fixture: 4/8/2 in 0601 does not cut the road")
	}
	if x := exits(g); x != 1 {
		t.Errorf("5 AF left with Road Supply, the road cut later: %d VP for exits, want 1 (S2.4)", x)
	}

	// Left without Road Supply, the road open again at the end: none.
	g = exitVPFixture("").game(t, 3, PhaseMovement, German)
	cut(g)
	apply(t, g, German, "move 12/27 1201 exit")
	open(g)
	if x := exits(g); x != 0 {
		t.Errorf("5 AF left without Road Supply, the road open later: %d VP for exits, want 0 (S2.4)", x)
	}

	// ardennes44/4 traced the supply at the end only.
	old := exitVPFixture("ardennes44/4").game(t, 3, PhaseMovement, German)
	cut(old)
	apply(t, old, German, "move 12/27 1201 exit")
	open(old)
	if x := exits(old); x != 1 {
		t.Errorf("ardennes44/4: %d VP for exits, want 1 as it played (supply traced at the end)", x)
	}
	cut(old)
	if x := exits(old); x != 0 {
		t.Errorf("ardennes44/4: %d VP for exits with the road cut at the end, want 0 as it played", x)
	}
}

// smExitFixture: a primary road up column 3 to 0301, on the south-east
// edge; 14cav/18 in SM in 0601 and 106/424/1 on Trucks in 0801, edge
// hexes no road runs through, and 4/8/2 on Trucks in 0301, where the road
// ends.
func smExitFixture(t *testing.T, version string) *Game {
	f := fixture{zones: []string{"edge-se 0101 0201 0301 0401 0501 0601 0701 0801 0901 1001 1101 1201"},
		roads: [][]string{{"primary", "0303", "0302", "0301"}},
		setup: []string{"14cav/18 0601", "106/424/1 0801", "4/8/2 0301"}, version: version}
	g := f.game(t, 4, PhaseMovement, Allied)
	st(g, "14cav/18").SM = true
	st(g, "106/424/1").SM, st(g, "106/424/1").Trucks = true, true // loaded on turn 3 (12.4.3)
	st(g, "4/8/2").SM, st(g, "4/8/2").Trucks = true, true
	return g
}

// 12.1 (L569: units in Strategic Movement "muszą poruszać się wyłącznie
// drogami"), 12.4.4 (L606: on Trucks a unit "musi stosować się do wszystkich
// zasad Ruchu Strategicznego"), 11.9.1 (L543): a unit in SM or on Trucks
// leaves the map only where a road crosses the edge, a road reaching an edge
// hex taken to cross it (S3.3, L1872: SM units enter "przez każdy drogowy
// heks na krawędzi mapy"). Apply refuses the exit from an edge hex without
// a road and Legal offers none there; it offers the one along the road, and
// Apply takes it. Under ardennes44/5 the units left from any edge hex.
func TestExit_SMAndTrucksOnlyAlongARoad_12_1(t *testing.T) {
	g := smExitFixture(t, "")
	_, err := g.Apply(rules.Seat(Allied), "move 14cav/18 0601 sm exit")
	refused(t, err, "12.1")
	_, err = g.Apply(rules.Seat(Allied), "move 106/424/1 0801 sm exit")
	refused(t, err, "12.4.4")
	for _, id := range []string{"14cav/18", "106/424/1"} {
		for _, c := range choicesFor(g, Allied, id) {
			if hasFlag(c, "exit") {
				t.Errorf("Legal offers %q: no road crosses the edge there (12.1)", c)
			}
		}
	}

	const exit = "move 4/8/2 0301 sm exit"
	if !slices.Contains(choicesFor(g, Allied, "4/8/2"), exit) {
		t.Errorf("Legal offers 4/8/2 %v, want %q: the road crosses the edge at 0301", choicesFor(g, Allied, "4/8/2"), exit)
	}
	apply(t, g, Allied, exit)
	if at(g, "4/8/2") != offPrefix+"se" {
		t.Errorf("4/8/2 on Trucks left the map from 0301 to %s, want the SE Off-map Area", at(g, "4/8/2"))
	}

	old := smExitFixture(t, "ardennes44/5")
	apply(t, old, Allied, "move 14cav/18 0601 sm exit")
	apply(t, old, Allied, "move 106/424/1 0801 sm exit")
	if at(old, "14cav/18") != offPrefix+"se" || at(old, "106/424/1") != offPrefix+"se" {
		t.Errorf("ardennes44/5: 14cav/18 at %s, 106/424/1 at %s, want both in the SE Off-map Area as it played", at(old, "14cav/18"), at(old, "106/424/1"))
	}
}

// 11.9.1 (L543: leaving the map costs 1 MP, at the end of a move): Legal
// offers a move that walks to an edge hex and leaves the map from it, not
// only the exit of a unit already on the edge, and Apply takes it. 4/8/2 in
// 0403 (MA 4 on clear ground) may reach 0401 on the south-east edge and
// leave to the SE Off-map Area in one move.
func TestExit_LegalOffersTheWalkThenTheExit_11_9_1(t *testing.T) {
	f := fixture{zones: []string{"edge-se 0101 0201 0301 0401 0501 0601 0701 0801 0901 1001 1101 1201"},
		setup: []string{"4/8/2 0403"}}
	g := f.game(t, 3, PhaseMovement, Allied)
	var exits []string
	for _, c := range choicesFor(g, Allied, "4/8/2") {
		if hasFlag(c, "exit") {
			exits = append(exits, c)
		}
	}
	const move = "move 4/8/2 0403 0402 0401 exit"
	if !slices.Contains(exits, move) {
		t.Fatalf("Legal offers the exits %v, want %q among them (11.9.1)", exits, move)
	}
	apply(t, g, Allied, move)
	if at(g, "4/8/2") != offPrefix+"se" {
		t.Errorf("4/8/2 at %s after %q, want the SE Off-map Area", at(g, "4/8/2"), move)
	}
}

// tacticalExitFixture: 4/8/2 (MA 4) out of supply, so that it moves only
// by Tactical Movement (23.4), in 0402, one hex from 0401 on the
// south-east edge.
func tacticalExitFixture(t *testing.T, version string) *Game {
	f := fixture{zones: []string{"edge-se 0101 0201 0301 0401 0501 0601 0701 0801 0901 1001 1101 1201"},
		setup: []string{"4/8/2 0402"}, version: version}
	g := f.game(t, 3, PhaseMovement, Allied)
	st(g, "4/8/2").OOS = true
	return g
}

// 11.3 (L503: Tactical Movement ignores MP costs and goes "do dwóch
// heksów", up to two hexes), 11.9.1 (L543: leaving the map costs 1 MP in
// movement, "1 heks" of an advance): the book does not settle whether
// Tactical Movement may leave the map after its two hexes. From
// ardennes44/7 the exit counts as a hex, as in an advance: a unit that
// moves only tactically leaves the map after 1 hex, not 2, and Legal
// offers its exits, each of which Apply takes. Under ardennes44/6 Apply
// took the exit after 2 hexes, and Legal offered none.
func TestExit_TacticalCountsTheExitAsAHex_11_3(t *testing.T) {
	const two, one = "move 4/8/2 0402 0401 0501 tactical exit", "move 4/8/2 0402 0401 tactical exit"
	g := tacticalExitFixture(t, "")
	_, err := g.Clone().(*Game).Apply(rules.Seat(Allied), two)
	refused(t, err, "11.3")
	if err == nil || !strings.Contains(err.Error(), "leaving the map counts as a hex") {
		t.Errorf("the refusal %v does not say that the exit counts as a hex", err)
	}
	var exits []string
	for _, c := range choicesFor(g, Allied, "4/8/2") {
		if hasFlag(c, "exit") {
			exits = append(exits, c)
		}
	}
	if !slices.Contains(exits, one) {
		t.Fatalf("Legal offers the exits %v, want %q among them (11.3, 11.9.1)", exits, one)
	}
	for _, c := range exits {
		if hexes := len(movePath(c)); hexes > 2 {
			t.Errorf("Legal offers %q: %d hexes and the exit by Tactical Movement", c, hexes-1)
		}
		if _, err := g.Clone().(*Game).Apply(rules.Seat(Allied), c); err != nil {
			t.Errorf("Legal offers %q, which Apply refuses: %v", c, err)
		}
	}
	apply(t, g, Allied, one)
	if at(g, "4/8/2") != offPrefix+"se" {
		t.Errorf("4/8/2 at %s after %q, want the SE Off-map Area", at(g, "4/8/2"), one)
	}

	// On the edge, it leaves by Tactical Movement from where it stands.
	edge := tacticalExitFixture(t, "")
	apply(t, edge, Allied, "move 4/8/2 0402 0401 tactical")
	edge.s.Units[edge.index["4/8/2"]].Moved = false
	if c := choicesFor(edge, Allied, "4/8/2"); !slices.Contains(c, "move 4/8/2 0401 tactical exit") {
		t.Errorf("Legal offers 4/8/2 on the edge %v, want its exit by Tactical Movement", c)
	}

	old := tacticalExitFixture(t, "ardennes44/6")
	for _, c := range choicesFor(old, Allied, "4/8/2") {
		if hasFlag(c, "exit") {
			t.Errorf("ardennes44/6: Legal offers %q, as it never did", c)
		}
	}
	apply(t, old, Allied, two)
	if at(old, "4/8/2") != offPrefix+"se" {
		t.Errorf("ardennes44/6: 4/8/2 at %s after %q, want the SE Off-map Area as it played", at(old, "4/8/2"), two)
	}
}

// 11.3, 11.9.1: a unit that may also move by its MA is offered Tactical
// Movement's exit only along a path no other way of moving leaves by: the
// same exit twice would be one choice written two ways.
func TestExit_TacticalOnlyWhereNoOtherWay_11_3(t *testing.T) {
	g := tacticalExitFixture(t, "")
	st(g, "4/8/2").OOS = false
	paths := map[string][]string{}
	for _, c := range choicesFor(g, Allied, "4/8/2") {
		if !hasFlag(c, "exit") {
			continue
		}
		k := strings.Join(movePath(c), " ")
		paths[k] = append(paths[k], c)
	}
	if len(paths) == 0 {
		t.Fatal("Legal offers 4/8/2 no exit")
	}
	for k, cs := range paths {
		tactical := 0
		for _, c := range cs {
			if hasFlag(c, "tactical") {
				tactical++
			}
		}
		if tactical > 0 && len(cs) > 1 {
			t.Errorf("the exit along %s is offered %v: by Tactical Movement and another way", k, cs)
		}
	}
}

// movePath is the hexes of a move command's path, its flags left out.
func movePath(command string) []string {
	mc, err := moveGrammar.Parse(command)
	if err != nil {
		return nil
	}
	return mc.Path
}
