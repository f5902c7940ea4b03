package combat

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// Every hex of a retreat is one further from the combat's hex (Normandy '44
// 13.1.1): on an open map, each of the 6 first hexes has 3 second hexes.
func TestRetreatPaths_EachHexFurther(t *testing.T) {
	got := RetreatPaths(origin, 2, unitsOf(4), newBoard(5).Map())
	if len(got) != 18 {
		t.Fatalf("%d paths on an open map, want 18", len(got))
	}
	for _, p := range got {
		if len(p.Hexes) != 2 || hex.Distance(origin, p.Hexes[0]) != 1 || hex.Distance(origin, p.Hexes[1]) != 2 || p.Losses != 0 || p.EZOC {
			t.Errorf("path %+v", p)
		}
	}
}

// Never into enemy units, across a bond or off the map (Normandy '44 13.2.2,
// Ardennes '44 17.2); with no path left the stack is eliminated (nil).
func TestRetreatPaths_Blocked(t *testing.T) {
	b := newBoard(5)
	for _, a := range ring(1)[1:] {
		b.enemy[a] = true
	}
	first := ring(1)[0]
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), b.Map()) {
		if p.Hexes[0] != first {
			t.Errorf("through an enemy unit: %v", p.Hexes)
		}
	}
	b.lines[[2]hex.Axial{origin, first}] = true
	if got := RetreatPaths(origin, 2, unitsOf(4), b.Map()); got != nil {
		t.Errorf("across a ZOC bond: %v", hexesOf(got))
	}
	if got := RetreatPaths(origin, 2, unitsOf(4), newBoard(1).Map()); got != nil {
		t.Errorf("off the map: %v", hexesOf(got))
	}
}

// The fewest losses first, then no vacant EZOC hex if any path avoids one;
// only the first hex may be a vacant EZOC hex, and friends there negate it
// (Normandy '44 13.1.2, 13.1.4, example E19; Ardennes '44 17.1).
func TestRetreatPaths_FewestLossesThenEZOC(t *testing.T) {
	b := newBoard(5)
	for _, a := range ring(1) {
		b.terrain[a] = "swamp"
	}
	b.terrain[east] = ""
	b.zoc[east] = true
	got := RetreatPaths(origin, 2, unitsOf(4), b.Map())
	if len(got) != 3 {
		t.Fatalf("want the 3 paths through the EZOC hex, which cost nothing: %v", pathTexts(hexesOf(got)))
	}
	for _, p := range got {
		if p.Hexes[0] != east || !p.EZOC || p.Losses != 0 {
			t.Errorf("path %+v", p)
		}
	}
	// Without the swamps the EZOC hex is avoided.
	b.terrain = map[hex.Axial]string{}
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), b.Map()) {
		if p.EZOC || p.Hexes[0] == east {
			t.Errorf("through the vacant EZOC hex though others avoid it: %+v", p)
		}
	}
	// A vacant EZOC hex only first: with every second hex in an EZOC but
	// one with friends, only that one is left.
	b = newBoard(5)
	for _, a := range ring(2) {
		b.zoc[a] = true
	}
	if got := RetreatPaths(origin, 2, unitsOf(4), b.Map()); got != nil {
		t.Errorf("a vacant EZOC hex second: %v", pathTexts(hexesOf(got)))
	}
	b.friends[hex.Axial{Q: 2, R: -1}] = 0
	got = RetreatPaths(origin, 2, unitsOf(4), b.Map())
	if ts := pathTexts(hexesOf(got)); !slices.Equal(ts, []string{"(1,-1) (2,-1)", "(1,0) (2,-1)"}) {
		t.Errorf("friends negate the EZOC: %v", ts)
	}
}

// A two-hex retreat may stop after one hex where the ground holds it or
// friends hold its strength, never in a vacant EZOC hex; a four-hex retreat
// never stops early (Normandy '44 13.3, examples E20, E21).
func TestRetreatPaths_OneHexStop(t *testing.T) {
	b := newBoard(6)
	b.terrain[east] = "town"
	m := b.Map()
	var stops []hex.Axial
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), m) {
		if p.OneHex {
			stops = append(stops, p.Hexes...)
		}
	}
	if !slices.Equal(stops, []hex.Axial{east}) {
		t.Errorf("one-hex stops %v, want the town", stops)
	}
	for _, p := range RetreatPaths(origin, 4, unitsOf(4), m) {
		if p.OneHex || len(p.Hexes) != 4 {
			t.Errorf("a 4-hex retreat stops early: %v", p.Hexes)
		}
	}
	// E20: friends of strength 6 hold 6, or 3 + 3, not 4 + 3.
	b.friends[east] = 6
	b.terrain[east] = ""
	for _, c := range []struct {
		strength int
		stops    bool
	}{{6, true}, {3 + 3, true}, {4 + 3, false}} {
		if got := OneHexStop(east, c.strength, m); got != c.stops {
			t.Errorf("strength %d: stops %v, want %v", c.strength, got, c.stops)
		}
	}
	b.terrain[east] = "town"
	delete(b.friends, east)
	b.zoc[east] = true
	if OneHexStop(east, 1, m) {
		t.Error("a vacant EZOC town stops a retreat")
	}
}

// A retreat may not end overstacked: it goes on, at most
// MaxRetreatExtension hexes (Normandy '44 13.1.5, Ardennes '44 17.4).
func TestRetreatPaths_OverstackExtends(t *testing.T) {
	b := newBoard(6)
	for _, a := range ring(2) {
		b.full[a] = true
	}
	got := RetreatPaths(origin, 2, unitsOf(4), b.Map())
	if len(got) == 0 {
		t.Fatal("no extended retreat")
	}
	for _, p := range got {
		if p.Extended != 1 || len(p.Hexes) != 3 {
			t.Errorf("path %+v, want 3 hexes, 1 extra", p)
		}
	}
	for _, a := range append(ring(3), ring(4)...) {
		b.full[a] = true
	}
	if got := RetreatPaths(origin, 2, unitsOf(4), b.Map()); got != nil {
		t.Errorf("beyond %d extra hexes: %v", MaxRetreatExtension, pathTexts(hexesOf(got)))
	}
}

// A loose retreat (Ardennes '44 17.1) may go sideways, never into a hex
// twice, and keeps the paths that end the full distance away when any do;
// an exit off the map ends it (11.9.4, 17.6); the game's further priorities
// narrow what is left (Map.Prefer).
func TestRetreatPaths_LooseExitPrefer(t *testing.T) {
	b := newBoard(5)
	m := b.Map()
	m.Loose = true
	got := RetreatPaths(origin, 2, unitsOf(4), m)
	if len(got) != 18 {
		t.Fatalf("%d loose paths on an open map, want the 18 that end 2 hexes away", len(got))
	}
	// Walled in but for a sideways way out: the strict search finds none,
	// the loose one goes round.
	for _, a := range ring(1) {
		b.enemy[a] = true
	}
	b.enemy[east] = false
	for _, a := range ring(2) {
		if hex.Distance(east, a) == 1 {
			b.enemy[a] = true
		}
	}
	strict := b.Map()
	if got := RetreatPaths(origin, 2, unitsOf(4), strict); got != nil {
		t.Fatalf("strictly outward there is no way: %v", pathTexts(hexesOf(got)))
	}
	b.enemy = map[hex.Axial]bool{}
	for _, a := range ring(2) {
		b.enemy[a] = true
	}
	loose := b.Map()
	loose.Loose = true
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), loose) {
		if hex.Distance(origin, p.Hexes[1]) != 1 || p.Hexes[0] == p.Hexes[1] {
			t.Errorf("a path round the first ring: %v", p.Hexes)
		}
	}
	// Off the map: with an exit, a retreat that reaches the edge ends there.
	small := newBoard(1)
	ex := small.Map()
	ex.Exit = func(_, to hex.Axial) bool { return to == east2 }
	got = RetreatPaths(origin, 2, unitsOf(4), ex)
	if len(got) != 1 || !got[0].Exited || got[0].Hexes[1] != east2 {
		t.Errorf("the exit east: %v", pathTexts(hexesOf(got)))
	}
	pref := newBoard(5).Map()
	pref.Prefer = func(_ []RetreatUnit, ps []RetreatPath) []RetreatPath {
		return slices.DeleteFunc(ps, func(p RetreatPath) bool { return p.Hexes[0] != east })
	}
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), pref) {
		if p.Hexes[0] != east {
			t.Errorf("Prefer kept %v", p.Hexes)
		}
	}
}

// Map.FurtherIfPossible (Salerno '43 12.1.3, L704-706, from salerno43/4:
// priority 1, no elimination, before priority 2, each hex further "if
// possible"): with every second hex a swamp that costs a step, the strict
// search keeps its 18 costly paths, this one the paths round the first
// ring, which cost nothing; with the second ring barred the strict search
// finds none, this one the same; on an open map it is the strict search.
func TestRetreatPaths_FurtherIfPossible(t *testing.T) {
	b := newBoard(5)
	for _, a := range ring(2) {
		b.terrain[a] = "swamp"
	}
	strict := RetreatPaths(origin, 2, unitsOf(4), b.Map())
	if len(strict) != 18 || strict[0].Losses != 1 {
		t.Fatalf("strictly outward every path crosses the swamps: %v", pathTexts(hexesOf(strict)))
	}
	m := b.Map()
	m.FurtherIfPossible = true
	aside := RetreatPaths(origin, 2, unitsOf(4), m)
	if len(aside) != 12 {
		t.Errorf("%d paths, want the 12 round the first ring: %v", len(aside), pathTexts(hexesOf(aside)))
	}
	for _, p := range aside {
		if p.Losses != 0 || p.Aside != 1 || hex.Distance(origin, p.Hexes[1]) != 1 {
			t.Errorf("a path round the first ring, costing nothing: %+v", p)
		}
	}
	for _, a := range ring(2) {
		b.terrain[a] = "marsh"
	}
	if got := RetreatPaths(origin, 2, unitsOf(4), b.Map()); got != nil {
		t.Errorf("strictly outward there is no way: %v", pathTexts(hexesOf(got)))
	}
	if got := RetreatPaths(origin, 2, unitsOf(4), m); len(got) != 12 {
		t.Errorf("round the first ring: %v", pathTexts(hexesOf(got)))
	}
	open := newBoard(5).Map()
	open.FurtherIfPossible = true
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), open) {
		if p.Aside != 0 || hex.Distance(origin, p.Hexes[1]) != 2 {
			t.Errorf("a path aside on an open map: %+v", p)
		}
	}
}

// Map.OverLimit (Ardennes '44 17.4 under ardennes44/2): with no hex with
// room in reach, even with the extra hexes, the retreat ends over the limit
// after the hexes the result asks for, never extended; with room in reach
// it is extended as before.
func TestRetreatPaths_OverLimit(t *testing.T) {
	b := newBoard(6)
	for _, a := range append(append(ring(2), ring(3)...), ring(4)...) {
		b.full[a] = true
	}
	m := b.Map()
	if got := RetreatPaths(origin, 2, unitsOf(4), m); got != nil {
		t.Fatalf("without OverLimit: %v, want none", pathTexts(hexesOf(got)))
	}
	m.OverLimit = true
	got := RetreatPaths(origin, 2, unitsOf(4), m)
	if len(got) != 18 {
		t.Fatalf("%d paths over the limit, want the 18 of 2 hexes", len(got))
	}
	for _, p := range got {
		if p.Extended != 0 || len(p.Hexes) != 2 || !b.full[p.Hexes[1]] {
			t.Errorf("path %+v, want 2 hexes ending in a full one, none extra", p)
		}
	}
	for _, a := range ring(4) {
		delete(b.full, a)
	}
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), m) {
		if p.Extended != 2 || len(p.Hexes) != 4 {
			t.Errorf("path %+v with room 2 extra hexes away, want it extended to it", p)
		}
	}
}

// Map.ExtendOnlyOverLimit (Ardennes '44 17.4, L1007, under ardennes44/4):
// the extra hexes are taken only when no retreat of the result's length
// ends with room; without it (Normandy '44, Salerno '43) the extended
// paths stand beside the others.
func TestRetreatPaths_ExtendOnlyOverLimit(t *testing.T) {
	b := newBoard(6)
	for _, a := range ring(2)[1:] {
		b.full[a] = true
	}
	room := ring(2)[0]
	m := b.Map()
	if !slices.ContainsFunc(RetreatPaths(origin, 2, unitsOf(4), m), func(p RetreatPath) bool { return p.Extended > 0 }) {
		t.Fatal("without ExtendOnlyOverLimit: no extended path beside those to the hex with room")
	}
	m.ExtendOnlyOverLimit = true
	got := RetreatPaths(origin, 2, unitsOf(4), m)
	if len(got) == 0 {
		t.Fatal("no path to the hex with room")
	}
	for _, p := range got {
		if p.Extended != 0 || len(p.Hexes) != 2 || p.Hexes[1] != room {
			t.Errorf("path %+v, want 2 hexes ending in %v", p, room)
		}
	}
	b.full[room] = true
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), m) {
		if p.Extended != 1 {
			t.Errorf("path %+v with no room 2 hexes away, want it extended", p)
		}
	}
}

// Map.MaxExtension: 0 bounds the extra hexes at MaxRetreatExtension
// (Normandy '44, Salerno '43); below 0 they go on until a hex with room
// (Ardennes '44 17.4, L1007, under ardennes44/4), 3 extra hexes here.
func TestRetreatPaths_MaxExtension(t *testing.T) {
	b := newBoard(7)
	for _, a := range append(append(ring(2), ring(3)...), ring(4)...) {
		b.full[a] = true
	}
	m := b.Map()
	if got := RetreatPaths(origin, 2, unitsOf(4), m); got != nil {
		t.Fatalf("%d extra hexes at most: %v, want none", MaxRetreatExtension, pathTexts(hexesOf(got)))
	}
	m.MaxExtension = -1
	got := RetreatPaths(origin, 2, unitsOf(4), m)
	if len(got) == 0 {
		t.Fatal("no bound: no path to ring 5")
	}
	for _, p := range got {
		if p.Extended != 3 || len(p.Hexes) != 5 {
			t.Errorf("path %+v, want 5 hexes, 3 extra", p)
		}
	}
	for _, a := range append(ring(5), ring(6)...) {
		b.full[a] = true
	}
	b.full[ring(7)[0]] = true
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), m) {
		if p.Extended != 5 || p.Hexes[len(p.Hexes)-1] == ring(7)[0] {
			t.Errorf("path %+v, want 5 extra hexes, never ending in the full %v", p, ring(7)[0])
		}
	}
	// A bound of its own: 1 extra hex does not reach ring 4, 2 do.
	small := newBoard(5)
	for _, a := range append(ring(2), ring(3)...) {
		small.full[a] = true
	}
	m = small.Map()
	m.MaxExtension = 1
	if got := RetreatPaths(origin, 2, unitsOf(4), m); got != nil {
		t.Errorf("1 extra hex at most: %v, want none", pathTexts(hexesOf(got)))
	}
	m.MaxExtension = 0
	if got := RetreatPaths(origin, 2, unitsOf(4), m); len(got) == 0 {
		t.Errorf("%d extra hexes: none, want the paths to ring 4", MaxRetreatExtension)
	}
}
