package ardennes44

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The digest's worked examples that read a table, a counter or a count of
// markers (digest 5: T-01, T-08, T-18, T-19, T-31, T-37, T-39, T-43).

// T-01 (2.6): a counter's arrival code "3-AB" is turn 3, entry A or B; the
// scenario writes it "3 UNIT AB".
func TestT01_ArrivalCode_2_6(t *testing.T) {
	sc, err := ParseScenario(readScenario(t, "campaign"))
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(sc.Reinforcements, func(r Reinforcement) bool { return r.Unit == "4/8/2" })
	if k < 0 {
		t.Fatal("4/8/2 is not a reinforcement of the campaign")
	}
	if r := sc.Reinforcements[k]; r.Turn != 3 || r.Letters != "AB" || r.Kind != "" {
		t.Errorf("4/8/2 arrives %+v, want turn 3 through A or B (2.6)", r)
	}
}

// T-08 (12.4.2): two units of one regiment stacked and trucked use one
// Truck marker.
func TestT08_SMGrouping_12_4_2(t *testing.T) {
	h := "0606"
	f := fixture{roads: [][]string{{"secondary", nb(h, 0), h, nb(h, 3)}},
		setup: []string{"106/424(-) " + h, "106/424/1 " + h, "4/8/2 " + nb(h, 3)}}
	g := f.game(t, 3, PhaseMovement, Allied)
	apply(t, g, Allied, "load 106/424(-)")
	apply(t, g, Allied, "load 106/424/1")
	if sm, _, _ := g.markersInUse(Allied); sm != 1 {
		t.Errorf("one regiment's two units in a hex: %d markers, want 1 (12.4.2)", sm)
	}
	apply(t, g, Allied, "load 4/8/2") // another regiment, another hex
	if sm, _, _ := g.markersInUse(Allied); sm != 2 {
		t.Errorf("and a unit of another regiment: %d markers, want 2 (12.4.1)", sm)
	}
}

// T-18 (15.6.2): from turn 15 a roll of 5 gives the Allies 3 Air Support
// markers.
func TestT18_AirSupportMarkers_15_6_2(t *testing.T) {
	g := fixture{}.game(t, 15, PhaseMovement, Allied)
	g.rollAir(5)
	if g.s.Air != 3 {
		t.Errorf("a 5: %d markers, want 3 (15.6.2)", g.s.Air)
	}
}

// T-19 (15.6.3): the Jabos table's 1 shifts a German attack 3 columns left;
// +1 with Bodenplatte (35).
func TestT19_Jabos_15_6_3(t *testing.T) {
	for _, c := range []struct {
		die   int
		boden bool
		want  int
	}{{1, false, 3}, {3, false, 1}, {4, false, 0}, {1, true, 2}} {
		if got := jabosShift(c.die, c.boden); got != c.want {
			t.Errorf("Jabos %d (Bodenplatte %v): %d left, want %d (15.6.3)", c.die, c.boden, got, c.want)
		}
	}
}

// T-31 (24.3.2): the traffic dice 2 and 4 take off the own markers #2 and
// #4; a double 3-3 only #3; a number no longer on the map does nothing.
func TestT31_TrafficRemoval_24_3_2(t *testing.T) {
	markers := func(g *Game) (out []int) {
		for _, m := range g.s.Traffic {
			if m.Side == Allied {
				out = append(out, m.N)
			}
		}
		return out
	}
	setup := func() *Game {
		g := fixture{}.game(t, 5, PhaseTraffic, Allied)
		g.s.Traffic = []marker{{Side: Allied, N: 2, Hex: "0303"}, {Side: Allied, N: 3, Hex: "0404"},
			{Side: Allied, N: 4, Hex: "0505"}, {Side: German, N: 2, Hex: "0909"}}
		return g
	}
	g := setup()
	g.rollTraffic([]int{2, 4})
	if got := markers(g); !slices.Equal(got, []int{3}) {
		t.Errorf("2 and 4: left %v, want [3] (24.3.2)", got)
	}
	if len(g.s.Traffic) != 2 {
		t.Error("the enemy's #2 stays (24.3.2: own markers)")
	}
	g = setup()
	g.rollTraffic([]int{3, 3})
	if got := markers(g); !slices.Equal(got, []int{2, 4}) {
		t.Errorf("3-3: left %v, want [2 4] (24.3.2)", got)
	}
	g = setup()
	g.rollTraffic([]int{5, 6})
	if got := markers(g); len(got) != 3 {
		t.Errorf("5 and 6, not on the map: left %v, want all three", got)
	}
}

// T-37 (8.1, 8.2): what stacks.
func TestT37_StackingLegality_8_2(t *testing.T) {
	sc, err := ParseScenario(readScenario(t, "campaign"))
	if err != nil {
		t.Fatal(err)
	}
	// "ID-" is the unit on its reduced face.
	face := func(id string) stackFace {
		id, reduced := strings.CutSuffix(id, "-")
		for i := range sc.Units {
			if u := &sc.Units[i]; u.ID == id {
				return stackFace{unit: u, face: u.Faces[boolInt(reduced)]}
			}
		}
		t.Fatalf("no unit %s", id)
		return stackFace{}
	}
	for _, c := range []struct {
		name  string
		units []string
		ok    bool
	}{
		{"3 infantry steps and a 2-step silhouette", []string{"12/27", "9ss/9pz"}, true},
		{"3 mech-infantry steps and a 2-step silhouette", []string{"1ss/1pg", "1ss/kgp-pz"}, true},
		{"3 steps and two 1-step silhouettes", []string{"12/27", "sturm1000", "brumbar217-"}, true},
		{"and an artillery unit", []string{"12/27", "9ss/9pz", "6pza/art-iss"}, true},
		{"4 steps", []string{"12/27", "g-rem-inf-1"}, false},
		{"3 silhouette steps", []string{"9ss/9pz", "sturm1000"}, false},
		{"2 artillery units", []string{"6pza/art-iss", "6pza/werfer-9"}, false},
	} {
		var fs []stackFace
		for _, id := range c.units {
			fs = append(fs, face(id))
		}
		if why := stackProblem(fs); (why == "") != c.ok {
			t.Errorf("%s %v: %q, legal %v (8.1, 8.2)", c.name, c.units, why, c.ok)
		}
	}
}

// T-39 (27.7): the 653rd rolls from turn 4: 3 delays it, 4 delays it
// again, 2 brings it on turn 6; a 5 at any point means never.
func TestT39_PzJ653_27_7(t *testing.T) {
	f := fixture{extra: "[reinforcements]\n4 653 roll\n"}
	g := f.game(t, 3, PhaseMovement, German)
	if g.due653() {
		t.Fatal("no roll before turn 4")
	}
	for _, s := range []struct{ turn, die int }{{4, 3}, {5, 4}} {
		g.s.Turn = s.turn
		if !g.due653() {
			t.Fatalf("turn %d: no roll due", s.turn)
		}
		g.roll653(s.die)
		if g.s.PzJ653 != "delayed" || at(g, "653") != "" {
			t.Fatalf("turn %d, %d: %q at %q, want delayed", s.turn, s.die, g.s.PzJ653, at(g, "653"))
		}
	}
	g.s.Turn = 6
	g.roll653(2)
	if g.s.PzJ653 != "arrived" || !waiting(at(g, "653")) {
		t.Errorf("turn 6, 2: %q at %q, want it to arrive (27.7)", g.s.PzJ653, at(g, "653"))
	}
	g = f.game(t, 5, PhaseMovement, German)
	g.roll653(5)
	g.s.Turn = 6
	if g.s.PzJ653 != "never" || g.due653() {
		t.Errorf("a 5: %q, due again %v; want never (27.7)", g.s.PzJ653, g.due653())
	}
}

// T-43 (18.5, 18.6): a Broken unit out of contact becomes Disrupted in one
// Rally Phase, Good Order in the next.
func TestT43_BrokenRecovery_18_6(t *testing.T) {
	g := fixture{setup: []string{"99/394 0606", "12/27 0909"}}.game(t, 3, PhaseRally, Allied)
	st(g, "99/394").Status = statusBroken
	g.enterForTest()
	if s := st(g, "99/394").Status; s != statusDisrupted || len(g.s.Rally) != 0 {
		t.Fatalf("Rally Phase n: %q (rolls %v), want disrupted without a roll (18.6)", s, g.s.Rally)
	}
	g.enterForTest()
	if s := st(g, "99/394").Status; s != "" {
		t.Errorf("Rally Phase n+1: %q, want Good Order (18.6)", s)
	}
	// Next to an enemy unit it rolls instead (18.6).
	g = fixture{setup: []string{"99/394 0606", "12/27 " + nb("0606", 0)}}.game(t, 3, PhaseRally, Allied)
	st(g, "99/394").Status = statusBroken
	g.enterForTest()
	if len(g.s.Rally) != 1 || st(g, "99/394").Status != statusBroken {
		t.Errorf("next to an enemy: rolls %v, status %q; want a roll awaited", g.s.Rally, st(g, "99/394").Status)
	}
}

// T-41 (12.4.1): the Allies' 10 markers are SM or Truck markers: with 3
// infantry units trucked, 7 mechanized units may use SM, not 8. The
// Germans' 6 SM markers serve as Prime Movers too (CON-1): with 6 in SM
// none is left for a Prime Mover.
func TestT41_MarkerSharing_12_4_1(t *testing.T) {
	mech := []string{"9arm/cca", "9arm/ccb", "9arm/ccr", "7arm/cca", "7arm/ccb", "7arm/ccr", "10arm/cca", "10arm/ccb"}
	inf := []string{"99/393", "99/394", "99/395"}
	var setup []string
	for k, id := range append(slices.Clone(inf), mech...) {
		setup = append(setup, fmt.Sprintf("%s %02d%02d", id, 1+k%11, 1+2*(k/11)))
	}
	g := fixture{setup: setup}.game(t, 3, PhaseMovement, Allied)
	for _, id := range inf {
		st(g, id).SM, st(g, id).Trucks = true, true
	}
	for _, id := range mech[:7] {
		if err := g.maySM(g.index[id], false); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		st(g, id).SM = true
	}
	refused(t, g.maySM(g.index[mech[7]], false), "12.4.1")

	german := []string{"1ss/1pg", "12ss/25pg", "12ss/26pg", "2ss/3pg", "2ss/4pg", "9ss/19pg", "6pza/art-iss"}
	setup = nil
	for k, id := range german {
		setup = append(setup, fmt.Sprintf("%s %02d10", id, 1+k))
	}
	g = fixture{setup: setup}.game(t, 3, PhaseMovement, German)
	for _, id := range german[:5] {
		st(g, id).SM = true
	}
	if err := g.mayPrimeMover(g.index["6pza/art-iss"]); err != nil {
		t.Fatalf("5 SM markers in use, a Prime Mover left: %v", err)
	}
	st(g, german[5]).SM = true
	refused(t, g.mayPrimeMover(g.index["6pza/art-iss"]), "12.4.1")
}
