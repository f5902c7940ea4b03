package ardennes44

import (
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
