package salerno43

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// More of the digest's worked examples (§5.A, §5.B), on the stand-in map
// (examples_test.go says how): the hexes are found by what the example
// needs (terrain, hexsides), not by the diagram's, which the text lacks.

// pairWhere finds two neighbouring land hexes a, b with ok(a, b), in the
// map's order.
func pairWhere(t *testing.T, g *Game, ok func(a, b hex.Axial) bool) (hex.Axial, hex.Axial) {
	t.Helper()
	grid := g.b.Grid()
	for k := range grid.Len() {
		a := grid.Hex(k)
		if !g.b.Land(a) {
			continue
		}
		for _, b := range a.Neighbors() {
			if g.b.Land(b) && ok(a, b) {
				return a, b
			}
		}
	}
	t.Fatal("no such pair of hexes on the map")
	return hex.Axial{}, hex.Axial{}
}

// plainSide: nothing but terrain between a and b (no river, mountain,
// sea or road).
func (g *Game) plainSide(a, b hex.Axial) bool {
	for _, f := range []Feature{River, Mountain, SeaSide} {
		if g.b.Feature(a, b, f) {
			return false
		}
	}
	return g.b.Road(a, b) == ""
}

// EX-08 (8.4.5 example 1, L436): two 5-7-3 units defend in hills: 7 doubled
// is 14 each, 28 in all, and the combat counts 20.
func TestCapAfterDoubling_EX08_8_4_5(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	hills, from := pairWhere(t, g, func(a, b hex.Axial) bool {
		return g.b.Terrain(a) == Hills && g.b.Terrain(b) == Clear && g.plainSide(a, b)
	})
	g.put(t, "128/46", g.b.ID(hills))
	g.put(t, "139/46", g.b.ID(hills))
	g.put(t, "pz/hg", g.b.ID(from))
	in, err := g.combatInput(AttackCommand{Target: g.b.ID(hills), With: []string{"pz/hg"}, MAF: "pz/hg"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, d := in.strengths(); d != 28 {
		t.Fatalf("EX-08: two 5-7-3 in hills defend 2 x 14 = 28 before the cap, got %d", d)
	}
	o, err := in.odds()
	if err != nil {
		t.Fatal(err)
	}
	if o.Defense != 20 || o.RawDefense != 28 {
		t.Errorf("EX-08: the defense counts 20 (8.4.5), got %d of %d", o.Defense, o.RawDefense)
	}
}

// EX-09 (8.4.5 example 2, L438): an attack of 24 across a mountain hexside
// is halved to 12, then capped: 12, not 10.
func TestHalveBeforeCapping_EX09_8_4_5(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	target, from := pairWhere(t, g, func(a, b hex.Axial) bool {
		return g.b.mountainNoRoad(a, b) && !g.b.fullMountain(a) && !g.b.Feature(a, b, River)
	})
	g.put(t, "128/46", g.b.ID(target))
	for _, id := range []string{"1-1fj", "2-1fj"} {
		g.put(t, id, g.b.ID(from))
		g.sc.Units[g.index(id)].Faces[0].Attack = 12 // 24 in all (the example's total)
	}
	in, err := g.combatInput(AttackCommand{Target: g.b.ID(target), With: []string{"1-1fj", "2-1fj"}, MAF: "1fj"}, true)
	if err != nil {
		t.Fatal(err)
	}
	o, err := in.odds()
	if err != nil {
		t.Fatal(err)
	}
	if o.Attack != 12 {
		t.Errorf("EX-09: 24 across a mountain hexside counts 12, got %d (raw %d)", o.Attack, o.RawAttack)
	}
}

// EX-02 C (5.3, L330-334): Extended Movement adds 3 MP: a unit of MA 3
// has 6.
func TestExtendedMovement_EX02C_5_3(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	i := g.put(t, "142/36", "2912")
	how, err := g.howMay(i, false, true, false)
	if err != nil || how.budget != 6*hexwar.MP {
		t.Fatalf("EX-02 C: MA 3 + 3 = 6 MP by Extended Movement, got %+v (%v)", how, err)
	}
}

// EX-02 D (5.2, L330-334): a mechanized unit pays 1/3 MP a main-road hex
// and 1/2 MP a secondary-road hex.
func TestRoadCosts_EX02D_5_2(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, German)
	for _, c := range []struct {
		path []string
		want int // sixths of an MP
		road string
	}{
		{[]string{"2504", "2505", "2506", "2507"}, 3 * 2, "main"},
		{[]string{"3213", "3313", "3413", "3513"}, 3 * 3, "secondary"},
	} {
		i := g.put(t, "1-64/16", c.path[0])
		var path []hex.Axial
		for _, id := range c.path {
			a, _ := g.b.Hex(id)
			path = append(path, a)
		}
		how, err := g.howMay(i, false, false, false)
		if err != nil {
			t.Fatal(err)
		}
		cost, err := g.mover(i, how, g.moveContext(German), path[0], false).Walk(path)
		if err != nil || cost != c.want {
			t.Errorf("EX-02 D: 3 %s-road hexes cost %s MP, want %s (%v)", c.road, hexwar.MPText(cost), hexwar.MPText(c.want), err)
		}
	}
}

// EX-02 E (5.6, 5.7, L330-334): infantry crosses a mountain hexside by TM
// and ends next to the enemy: ½ Eff.
func TestMountainCrossingHalfEff_EX02E_5_7(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	from, to := pairWhere(t, g, func(a, b hex.Axial) bool {
		return g.b.mountainNoRoad(a, b) && !g.b.fullMountain(a) && !g.b.fullMountain(b) && !g.b.Feature(a, b, River)
	})
	var enemy hex.Axial
	found := false
	for _, n := range to.Neighbors() {
		if g.b.Land(n) && hex.Distance(n, from) > 1 {
			enemy, found = n, true
			break
		}
	}
	if !found {
		t.Fatal("no hex for the enemy")
	}
	g.put(t, "1-79/16", g.b.ID(enemy))
	i := g.put(t, "142/36", g.b.ID(from))
	ev := rulestest.Apply(t, g, rules.Seat(Allied), "move 142/36 "+g.b.ID(from)+" "+g.b.ID(to)+" tm")
	if !g.s.Units[i].HalfEff || !rulestest.HasEvent(ev, "½ Eff (5.7)") {
		t.Errorf("EX-02 E: a mountain hexside crossed by TM next to the enemy gives ½ Eff: %+v", g.s.Units[i])
	}
}

// PLAY-08 (18.1.1, L1666-1670): a BH unit has MA 0: it stays on its beach.
func TestBeachheadsDoNotMove_PLAY08_18_1_1(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	g.put(t, "bh-red", "2616")
	rulestest.Refused(t, g, rules.Seat(Allied), "move bh-red 2616 2617 tm", "18.1.1, 19.3", "MA 0")
}

// PLAY-13 (5.8, 17.5, L1734-1740): in the German Reorganization Phase the
// truck marker comes off; in the Supply Phase the German spends 1 SP of 3
// to ready the 16 Pz ASU.
func TestGermanReorgAndSupply_PLAY13_5_8_17_5(t *testing.T) {
	g := emptyGame(t, 1, PhaseCombat, German)
	fj := g.put(t, "1-1fj", "3013")
	g.s.Units[fj].Truck = true
	hq := g.put(t, "hq/16", "3113")
	g.s.Units[hq].Used = true
	g.s.SP[sideIndex(German)] = 3
	rulestest.Apply(t, g, rules.Seat(German), "end")
	// No unit needs to recover: the Reorganization Phase passes at once.
	if g.s.Phase != PhaseSupply || g.s.Side != German {
		t.Fatalf("PLAY-13: the German Supply Phase follows, got %s %s", g.s.Side, g.s.Phase)
	}
	if g.s.Units[fj].Truck {
		t.Error("PLAY-13: the truck marker is removed in the Reorganization Phase (5.8)")
	}
	rulestest.Apply(t, g, rules.Seat(German), "ready hq/16")
	if g.s.Units[hq].Used || g.s.SP[sideIndex(German)] != 2 {
		t.Errorf("PLAY-13: hq/16 readied for 1 SP, 2 left: used %v, %d SP", g.s.Units[hq].Used, g.s.SP[sideIndex(German)])
	}
}

// PLAY-18 (13.4, 5.7, L1785-1787): in the Allied Reorganization Phase the
// DG units not next to an enemy recover at once, and every ½ Eff marker
// comes off; a DG unit in an enemy ZOC rolls instead (13.5).
func TestAlliedReorg_PLAY18_13_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, Allied)
	far := g.put(t, "1-141/36", "2616")
	reg := g.put(t, "142/36", "2616")
	near := g.put(t, "143/36", "3013")
	g.put(t, "1-64/16", "3113")
	half := g.put(t, "751tk", "2610")
	for _, i := range []int{far, reg, near} {
		g.s.Units[i].Status = Disorganized
	}
	g.s.Units[half].HalfEff = true
	rulestest.Apply(t, g, rules.Seat(Allied), "end")
	if g.s.Phase != PhaseReorg {
		t.Fatalf("PLAY-18: the Reorganization Phase follows combat, got %s", g.s.Phase)
	}
	for _, i := range []int{far, reg} {
		if g.s.Units[i].Status != GoodOrder {
			t.Errorf("PLAY-18: %s, DG away from the enemy, recovers (13.4): %s", g.s.Units[i].ID, g.s.Units[i].Status)
		}
	}
	if g.s.Units[half].HalfEff {
		t.Error("PLAY-18: the ½ Eff markers come off (5.7)")
	}
	if g.s.Units[near].Status != Disorganized || !slices.Contains(g.s.Rolls, "143/36") {
		t.Errorf("13.4: 143/36, DG in an enemy ZOC, rolls on the Recovery Table: %s, rolls %v", g.s.Units[near].Status, g.s.Rolls)
	}
}

// EX-02 B (6.2, L330-334): a unit that starts in an enemy ZOC may move into
// another and must stop there.
func TestZOCToZOC_EX02B_6_2(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	clear := func(a hex.Axial) bool { return g.b.Land(a) && g.b.Terrain(a) == Clear }
	// g1 x y g2 in a straight line, z next to y beyond g2's reach: x in
	// g1's ZOC, y in g2's; g1 and g2 three hexes apart form no bond.
	var g1, x, y, g2, z hex.Axial
	found := false
	for k := range g.b.Grid().Len() {
		x = g.b.Grid().Hex(k)
		for d := range hex.DirectionCount {
			g1, y = x.Neighbor(d.Opposite()), x.Neighbor(d)
			g2, z = y.Neighbor(d), y.Neighbor((d+2)%hex.DirectionCount)
			if clear(x) && clear(y) && clear(g1) && clear(g2) && clear(z) && hex.Distance(z, g2) > 1 && hex.Distance(z, g1) > 1 &&
				g.plainSide(g1, x) && g.plainSide(x, y) && g.plainSide(y, g2) && g.plainSide(y, z) {
				found = true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		t.Fatal("no five clear hexes for EX-02 B")
	}
	g.put(t, "1-64/16", g.b.ID(g1))
	g.put(t, "2-64/16", g.b.ID(g2))
	tk := g.put(t, "751tk", g.b.ID(x)) // MA 6: the MP do not stop it
	rulestest.Refused(t, g, rules.Seat(Allied), "move 751tk "+g.b.ID(x)+" "+g.b.ID(y)+" "+g.b.ID(z), "6.2", "")
	rulestest.Apply(t, g, rules.Seat(Allied), "move 751tk "+g.b.ID(x)+" "+g.b.ID(y))
	if g.s.Units[tk].Hex != g.b.ID(y) {
		t.Errorf("EX-02 B: 751tk moves from one enemy ZOC into another and stops: %+v", g.s.Units[tk])
	}
}

// EX-03 (7.2, 7.3, L353-355): an enemy hexside bond bars the hexside; a
// unit that moves next to the friendly unit, so that friendly units stand
// on both sides of the bonded hexside, breaks it, and the friendly unit may
// then cross.
func TestBreakingABond_EX03_7_3(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, Allied)
	clear := func(a hex.Axial) bool { return g.b.Land(a) && g.b.Terrain(a) == Clear }
	// p and q two hexes apart, not in a line: c1 and c2 their common
	// neighbours, the hexside c1|c2 the bond; a next to c1 away from both.
	var p, q, c1, c2, a hex.Axial
	found := false
	for k := 0; k < g.b.Grid().Len() && !found; k++ {
		p = g.b.Grid().Hex(k)
		for d := range hex.DirectionCount {
			e := (d + 1) % hex.DirectionCount
			c1, c2 = p.Neighbor(d), p.Neighbor(e)
			q = c1.Neighbor(e)
			a = c1.Neighbor((d + 5) % hex.DirectionCount)
			ok := clear(p) && clear(q) && clear(c1) && clear(c2) && clear(a) && hex.Distance(a, c1) == 1 &&
				hex.Distance(a, p) > 1 && hex.Distance(a, q) > 1 && hex.Distance(a, c2) > 1
			for _, s := range [][2]hex.Axial{{p, c1}, {p, c2}, {q, c1}, {q, c2}, {c1, c2}, {a, c1}} {
				ok = ok && g.plainSide(s[0], s[1])
			}
			if ok {
				found = true
				break
			}
		}
	}
	if !found {
		t.Fatal("no hexes for EX-03")
	}
	g.put(t, "1-64/16", g.b.ID(p))
	g.put(t, "2-64/16", g.b.ID(q))
	g.put(t, "1-141/36", g.b.ID(c2)) // B
	g.put(t, "5h/46", g.b.ID(a))     // A
	cross := "move 1-141/36 " + g.b.ID(c2) + " " + g.b.ID(c1) + " tm"
	rulestest.Refused(t, g, rules.Seat(Allied), cross, "7.2", "")
	rulestest.Apply(t, g, rules.Seat(Allied), "move 5h/46 "+g.b.ID(a)+" "+g.b.ID(c1))
	rulestest.Apply(t, g, rules.Seat(Allied), cross)
}

// PLAY-15 N (18.4.4, 18.4.2, L1752-1773): with one US BH eliminated only
// 3 LP land in the US sector: the 143rd Regiment (3 LP) or the ASU and two
// tank battalions (1+1+1), which land with ½ Eff next to the enemy.
func TestOneUSBeachhead_PLAY15N_18_4_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	var red, blue string
	for id, b := range g.b.beaches {
		switch b.Name {
		case "red":
			red = id
		case "blue":
			blue = id
		}
	}
	g.put(t, "bh-blue", blue)
	g.s.Units[g.index("bh-red")].Box = BoxEliminated
	at, _ := g.b.Hex(blue)
	for _, n := range at.Neighbors() {
		if g.b.Land(n) {
			g.put(t, "1-79/16", g.b.ID(n))
			break
		}
	}
	for _, id := range []string{"143/36", "hq/36", "751tk", "601td"} {
		g.s.Units[g.index(id)].Box = BoxFloating
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "land 143/36 "+red, "18.4.4", "")
	for _, id := range []string{"hq/36", "751tk", "601td"} {
		rulestest.Apply(t, g, rules.Seat(Allied), "land "+id+" "+blue)
		if !g.s.Units[g.index(id)].HalfEff {
			t.Errorf("PLAY-15 N: %s lands next to the enemy with ½ Eff (18.4.2)", id)
		}
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "land 143/36 "+blue, "18.4.4", "")
}
