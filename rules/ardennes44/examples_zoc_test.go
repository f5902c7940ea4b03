package ardennes44

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The digest's worked examples of bridges, ZOC bonds and their terrain
// (digest 5: T-02 to T-05), on fixtures rebuilt from the text where the
// figures are lost.

// refused fails unless err is a refusal citing rule.
func refused(t *testing.T, err error, rule string) {
	t.Helper()
	var r *rules.Refusal
	if !errors.As(err, &r) {
		t.Fatalf("want a refusal citing %s, got %v", rule, err)
	}
	if !strings.Contains(r.Rule, rule) {
		t.Fatalf("refusal cites %q, want %s: %v", r.Rule, rule, err)
	}
}

// T-02 (7.3, 7.5): in the own Bridge Phase a bridge is blown by a non-Broken
// unit in or next to it, reaching it through no enemy unit or bond; 1-4
// blows it, +2 when the unit is Disrupted or Engaged.
func TestT02_BridgeDemolitionEligibility_7_3(t *testing.T) {
	// A road crosses the river hexside 0606/0607: a bridge.
	x, y := "0606", "0607"
	far := nb(nb(nb(x, 2), 2), 2) // three hexes beyond x: not next to the bridge
	f := fixture{
		sides: [][3]string{{x, y, "river"}},
		roads: [][]string{{"secondary", nb(x, 2), x, y, nb(y, 5)}},
		setup: []string{"99/394 " + nb(x, 2), "99/395 " + far},
	}
	sd := sideKey(x, y)
	g := f.game(t, 3, PhaseBridge, Allied)
	if why := g.mayBlow(Allied, sd, false); why != "" {
		t.Fatalf("a unit next to the bridge hex may blow it: %s", why)
	}
	if g.demolitionDRM(Allied, sd, false) != 0 {
		t.Fatalf("own phase, Good Order: DRM %d, want 0 (7.5)", g.demolitionDRM(Allied, sd, false))
	}
	// Ineligible "A": the only unit is 3 hexes away.
	st(g, "99/394").At = ""
	if why := g.mayBlow(Allied, sd, false); why == "" {
		t.Fatal("a unit 3 hexes from the bridge blew it (7.3)")
	}
	// Ineligible "B": the reach enters a German-held bridge hex.
	st(g, "99/394").At = nb(x, 2)
	st(g, "12/27").At = x
	if why := g.mayBlow(Allied, sd, false); why == "" {
		t.Fatal("the reach went through an enemy-held hex (7.3)")
	}
	st(g, "12/27").At = ""
	// Blown on 1-4.
	apply(t, g, Allied, "blow "+sd)
	roll(t, g, 4)
	if !g.bridgeOut(sd) {
		t.Fatal("a roll of 4 blows the bridge (7.2)")
	}
	// Disrupted: +2, so 3 fails.
	g = f.game(t, 3, PhaseBridge, Allied)
	st(g, "99/394").Status = statusDisrupted
	if d := g.demolitionDRM(Allied, sd, false); d != 2 {
		t.Fatalf("Disrupted: DRM %d, want +2 (7.5)", d)
	}
	apply(t, g, Allied, "blow "+sd)
	roll(t, g, 3)
	if g.bridgeOut(sd) {
		t.Fatal("3+2 = 5 leaves the bridge standing (7.2)")
	}
	// One attempt a bridge a player turn (AMB-8); none on turns 1 and 2 (7.6).
	_, err := g.Apply(rules.Seat(Allied), "blow "+sd)
	refused(t, err, "7.3")
	g = f.game(t, 2, PhaseBridge, Allied)
	if why := g.mayBlow(Allied, sd, false); !strings.Contains(why, "7.6") {
		t.Fatalf("turn 2: %q, want 7.6", why)
	}
}

// T-03 (10.3): a Hexside Bond is negated the instant opposing units stand on
// both sides of its hexside, mid-phase.
func TestT03_HexsideBondNegatedAtOnce_10_3(t *testing.T) {
	p := "0606"
	q := nb(p, 5)
	x, y := common(p, q)
	q2 := nb(q, 5)
	f := fixture{setup: []string{"12/27 " + x, "12/48 " + y, "4/8/2 " + p, "14cav/18 " + q2, "4/22/2 " + p}}
	g := f.game(t, 3, PhaseMovement, Allied)
	if !g.bonds(German).Side(g.b.ids[p], g.b.ids[q]) {
		t.Fatalf("%s and %s form a Hexside Bond along %s|%s (10.1)", x, y, p, q)
	}
	_, err := g.Apply(rules.Seat(Allied), "move 4/22/2 "+p+" "+q)
	refused(t, err, "10.2")
	apply(t, g, Allied, "move 14cav/18 "+q2+" "+q) // into Q without crossing P|Q
	if g.bonds(German).Side(g.b.ids[p], g.b.ids[q]) {
		t.Fatal("Allied units in P and Q negate the bond (10.3)")
	}
	apply(t, g, Allied, "move 4/22/2 "+p+" "+q)
}

// T-04 (10.3, 10.4, 10.6): the bond catalogue.
func TestT04_BondCatalogue_10_3(t *testing.T) {
	// C-D: no Hexside Bond when enemy units hold both P and Q.
	p := "0606"
	q := nb(p, 5)
	c, d := common(p, q)
	g := fixture{setup: []string{"12/27 " + c, "12/48 " + d, "99/394 " + p, "99/395 " + q}}.game(t, 3, PhaseMovement, German)
	if g.bonds(German).Side(g.b.ids[p], g.b.ids[q]) {
		t.Error("C-D: enemy units on both sides of the hexside: no bond (10.3)")
	}
	// D-E: no Hex Bond with an enemy unit in the middle hex.
	m, e := line(p, 0)
	g = fixture{setup: []string{"12/27 " + p, "12/48 " + e, "99/394 " + m}}.game(t, 3, PhaseMovement, German)
	if g.bonds(German).Hex(g.b.ids[m]) {
		t.Error("D-E: an enemy unit in the middle hex: no Hex Bond (10.3)")
	}
	g = fixture{setup: []string{"12/27 " + p, "12/48 " + e}}.game(t, 3, PhaseMovement, German)
	if !g.bonds(German).Hex(g.b.ids[m]) {
		t.Error("two units 2 hexes apart in a line form a Hex Bond through the middle hex (10.1)")
	}
	// E-F: crossing bonds both exist (10.4).
	p2 := nb(p, 5)
	a, b := common(p, p2)
	g = fixture{setup: []string{"12/27 " + a, "12/48 " + b, "99/394 " + p, "99/395 " + nb(nb(p2, 5), 5)}}.game(t, 3, PhaseMovement, German)
	gb := g.bonds(German)
	if !gb.Side(g.b.ids[p], g.b.ids[p2]) {
		t.Error("E-F: the German bond exists though an Allied unit stands on one side (10.4)")
	}
	// Unit A: a Hexside Bond with its own map edge, no Hex Bond; the
	// enemy none with that edge (10.6). Row 01's south is the Allies' edge.
	edge := "0602"
	g = fixture{setup: []string{"99/394 " + edge, "12/27 " + "0902"}}.game(t, 3, PhaseMovement, German)
	ab := g.bonds(Allied)
	s1, s2 := common(edge, nb(edge, 2))
	if !ab.Side(g.b.ids[nb(edge, 2)], g.b.ids[s1]) && !ab.Side(g.b.ids[nb(edge, 2)], g.b.ids[s2]) {
		t.Error("A forms a Hexside Bond with its own (south) edge (10.6)")
	}
	if ab.Hex(g.b.ids[nb(edge, 2)]) {
		t.Error("A forms no Hex Bond with the edge (10.6)")
	}
	gbonds := g.bonds(German)
	for _, h := range g.b.LandHexes() {
		if gbonds.Hex(h) {
			t.Errorf("a lone German unit forms no bond with the Allies' edge: %s", g.b.id(h))
		}
	}
}

// T-05 (10.5): two river or WR hexsides break a bond; a Hexside Bond is
// shifted through either common neighbour, never through an enemy unit.
func TestT05_TerrainBreaksBonds_10_5(t *testing.T) {
	a := "0606"
	m, b := line(a, 0)
	// A-B: a Hex Bond across two river hexsides.
	f := fixture{sides: [][3]string{{a, m, "river"}, {m, b, "river"}}, setup: []string{"12/27 " + a, "12/48 " + b}}
	if f.game(t, 3, PhaseMovement, German).bonds(German).Hex(mustHex(m)) {
		t.Error("A-B: two river hexsides break the bond")
	}
	// One river hexside and one WR hexside break it too; one alone does not.
	f.sides = [][3]string{{a, m, "river"}, {m, b, "wooded-rough"}}
	if f.game(t, 3, PhaseMovement, German).bonds(German).Hex(mustHex(m)) {
		t.Error("a river and a WR hexside break the bond")
	}
	f.sides = [][3]string{{a, m, "river"}}
	if !f.game(t, 3, PhaseMovement, German).bonds(German).Hex(mustHex(m)) {
		t.Error("one river hexside does not break the bond")
	}
	// B-C: two WR hexsides break it; one alone does not. (The map marks
	// the WR hexsides, the dark green ones of 11.6 (AMB-3): the terrain
	// of the hex between does not make them.)
	f.sides = [][3]string{{a, m, "wooded-rough"}, {m, b, "wooded-rough"}}
	if f.game(t, 3, PhaseMovement, German).bonds(German).Hex(mustHex(m)) {
		t.Error("B-C: two WR hexsides break the bond")
	}
	f.sides = [][3]string{{m, b, "wooded-rough"}}
	if !f.game(t, 3, PhaseMovement, German).bonds(German).Hex(mustHex(m)) {
		t.Error("one WR hexside does not break the bond")
	}

	// Lakes do not count.
	f.sides = [][3]string{{a, m, "lake"}, {m, b, "lake"}}
	if !f.game(t, 3, PhaseMovement, German).bonds(German).Hex(mustHex(m)) {
		t.Error("lakes do not break bonds (10.5.1)")
	}
	// D-E: a Hexside Bond routed through P crosses two rivers; through Q
	// it crosses none: it stands. With an enemy unit in Q it must go
	// through P, and breaks.
	p := "0606"
	q := nb(p, 5)
	x, y := common(p, q)
	f = fixture{sides: [][3]string{{x, p, "river"}, {p, y, "river"}}, setup: []string{"12/27 " + x, "12/48 " + y}}
	g := f.game(t, 3, PhaseMovement, German)
	if !g.bonds(German).Side(g.b.ids[p], g.b.ids[q]) {
		t.Error("routed through Q the bond crosses no river: it stands (10.5.2)")
	}
	f.setup = append(f.setup, "99/394 "+q)
	g = f.game(t, 3, PhaseMovement, German)
	if g.bonds(German).Side(g.b.ids[p], g.b.ids[q]) {
		t.Error("C-D: the only routing left crosses two rivers: broken (10.5.2)")
	}
}
