package normandy44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// D29, 16.1 (IT L1083): no IP "in a hex that holds a Strongpoint"; 2.2
// (16.1.4) allows one there.
func TestEd1_D29_NoIPWithAStrongpoint(t *testing.T) {
	m := ipMap("ginf 0404", "ainf2 0707")
	m.units = append(m.units, "sp german heer - strongpoint 1-0")
	m.setup = append(m.setup, "sp 0404")
	bothEditions(t, m, German, 5, func(t *testing.T, g *Game, ed1 bool) {
		if ed1 {
			refused(t, g, German, "entrench ginf", "16.1")
		} else {
			apply(t, g, German, "entrench ginf")
		}
	})
}

// D30, 16.1 (IT L1079-1081): the unit that begins an IP is of infantry
// type and not Disrupted; the first edition asks nothing of its supply, nor
// bars Scattered units (20.2, IT L1343-1347). 2.2 (16.1.3, 18.4, 20.2.3)
// refuses an out-of-supply or Scattered builder.
func TestEd1_D30_IPBuilderSupply(t *testing.T) {
	bothEditions(t, ipMap("ginf 0404", "ainf2 0707"), German, 5, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Units[g.index["ginf"]].OutOfSupply = true
		if ed1 {
			apply(t, g, German, "entrench ginf")
		} else {
			refused(t, g, German, "entrench ginf", "16.1.3")
		}
	})
}

// islandMap: a German unit at 0404 ringed by flooded hexes, its entry hex
// at 0406 two hexes off.
func islandMap() testMap {
	flooded := map[string]string{}
	for _, id := range []string{"0504", "0503", "0403", "0303", "0304", "0405"} {
		flooded[id] = "flooded"
	}
	return testMap{terrain: flooded, units: []string{gerInf, allInf}, setup: []string{"ginf 0404", "ainf 0101"},
		places: []string{"entry 0406 green"}}
}

// D35, 18.2 (IT L1230): "the off-road part of the line may neither enter
// nor cross flooded hexes and hexsides, nor cross a major river"; 2.2
// (18.3) sets no such bar.
func TestEd1_D35_SupplyLineOverFloodedGround(t *testing.T) {
	bothEditions(t, islandMap(), German, 3, func(t *testing.T, g *Game, ed1 bool) {
		st := traceSupply(g.sup, g.supplyView(German))["0404"]
		want := InSupply
		if ed1 {
			want = Isolated
		}
		if st != want {
			t.Errorf("0404 ringed by flooded hexes: %s, want %s", st, want)
		}
	})
	// A road through the flood carries the line.
	m := islandMap()
	m.roads = []string{"minor 0404 0405 0406"}
	if st := traceSupply(m.ed1(t, German, 3).sup, m.ed1(t, German, 3).supplyView(German))["0404"]; st != InSupply {
		t.Errorf("along a road over the flood: %s", st)
	}
}

// D36, 18.5 (IT L1264): an isolated HQ is eliminated if it cannot trace a
// line "to any friendly unit"; 2.2 (18.5.4) asks for a friendly combat
// unit other than an HQ. An isolated HQ whose one friend in reach is a
// strongpoint:
func TestEd1_D36_IsolatedHQ(t *testing.T) {
	m := testMap{units: []string{"ghq german heer - hq (1)-4", "sp german heer - strongpoint 1-0", allInf},
		setup: []string{"ghq 0404", "sp 0406", "ainf 0101"}}
	bothEditions(t, m, German, 3, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Phase = PhaseSupply
		g.s.Units[g.index["ghq"]].OutOfSupply, g.s.Units[g.index["ghq"]].Isolated = true, true
		v := g.supplyView(German)
		ev := g.hqCutOffs(v, traceSupply(g.sup, v))
		if gone := g.s.Units[g.index["ghq"]].Gone; gone == ed1 {
			t.Errorf("the HQ eliminated %v, want %v:\n%s", gone, !ed1, rulestest.EventsText(ev))
		}
	})
}

// 18.5 (IT L1260): the attrition modifiers "may not exceed +3"; 2.2
// (18.5.2) states no limit. A quality +2 unit with a line to a friendly
// City rolls 1: +4 would save it, +3 does not.
func TestEd1_18_5_AttritionModifierCap(t *testing.T) {
	c := AttritionCase{Unit: "g", Quality: 2, Marker: MarkerIsolated, Status: Isolated, AdjacentEnemy: true, Refuge: true}
	if n, _ := attrition(1, c); n != 0 {
		t.Errorf("2.2: 1+4 loses %d", n)
	}
	c.MaxDRM = editionEd1.attritionMaxDRM
	if n, ev := attrition(1, c); n != 1 {
		t.Errorf("first edition: 1+3 loses %d: %v", n, ev)
	}
}
