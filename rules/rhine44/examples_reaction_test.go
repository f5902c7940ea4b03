package rhine44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// E24 (L1400-1404): Patton, first to play, ends his first turn: Rheinhausen,
// Rheydt and Aachen may take an Axis marker (next to a victory field with an
// Axis symbol); Nijmegen, Arnhem and Breda may not.
func TestE24FirstAxisMarker(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	do(t, g, "patton", "end")
	fields := g.axisFields()
	for _, f := range []string{"rheinhausen", "rheydt", "aachen"} {
		if !slices.Contains(fields, f) {
			t.Errorf("%s may not take the first Axis marker", f)
		}
	}
	for _, f := range []string{"nijmegen", "arnhem", "breda", "le-havre", "st-vith"} {
		if slices.Contains(fields, f) {
			t.Errorf("%s may take the first Axis marker", f)
		}
		rulestest.Refused(t, g, "patton", "axis "+f, "R14.1")
	}
	do(t, g, "patton", "axis aachen")
	if !g.hasAxis("aachen") || g.s.AxisPool != 24 {
		t.Errorf("Aachen %v, pool %d", g.hasAxis("aachen"), g.s.AxisPool)
	}
	// The front grows from the marker: Liège and Maastricht, next to
	// Aachen, may take the next one.
	if f := g.axisFields(); !slices.Contains(f, "liege") || !slices.Contains(f, "maastricht") {
		t.Errorf("after Aachen: %v", f)
	}
}

// E25 (L1464-1483): with 11 markers in the pool and one on Diest, the player
// may put one on Antwerpen (next to Diest), leaving 10; or counterattack
// Bruxelles, whose red marker has no corps next to it (the red corps is in
// Gent): red takes his marker back and returns Bruxelles's medal, and the
// pool keeps its 11. Ronse, next to Gent, cannot be counterattacked.
func TestE25PlacementOrCounterattack(t *testing.T) {
	setupE25 := func() *Game {
		g := start(t, "three-player")
		turnOf(t, g, "bradley")
		put(t, g, "I", "gent", "FAR")
		mark(g, "monty", "gent", "ronse", "bruxelles")
		g.player("monty").Medals = 1
		g.s.MedalPool--
		g.addAxis("diest")
		g.s.AxisBox = g.s.AxisPool - 1 - 11 // the markers placed before, in short
		g.s.AxisPool = 11
		do(t, g, "bradley", "end")
		return g
	}
	g := setupE25()
	do(t, g, "bradley", "axis antwerpen")
	if g.s.AxisPool != 10 || !g.hasAxis("antwerpen") {
		t.Errorf("pool %d", g.s.AxisPool)
	}
	g = setupE25()
	fields := g.counterFields("bradley")
	if !slices.Contains(fields, "bruxelles") || slices.Contains(fields, "ronse") || slices.Contains(fields, "gent") {
		t.Errorf("counterattacks: %v", fields)
	}
	rulestest.Refused(t, g, "bradley", "counter ronse", "R14.4")
	do(t, g, "bradley", "counter bruxelles")
	if g.controller("bruxelles") != "" || g.player("monty").Medals != 0 || g.s.MedalPool != medalTokens || g.s.AxisPool != 11 || g.hasAxis("bruxelles") {
		t.Errorf("Bruxelles %q, monty's medals %d, medal pool %d, Axis pool %d", g.controller("bruxelles"), g.player("monty").Medals, g.s.MedalPool, g.s.AxisPool)
	}
	// No counterattack on one's own markers, and none from a field cut off
	// from Düsseldorf (R14.4c).
	h := setupE25()
	if slices.Contains(h.counterFields("monty"), "bruxelles") {
		t.Error("Monty may counterattack his own marker")
	}
	mark(h, "bradley", "maastricht", "rheydt", "eindhoven", "mons")
	h.s.Control["antwerpen"] = "monty"
	mark(h, "monty", "breda", "woensdrecht", "venlo")
	if slices.Contains(h.counterFields("bradley"), "bruxelles") {
		t.Errorf("Bruxelles next to Diest, now cut off, is counterattacked; connected: %v", h.connected()["diest"])
	}
}

// R14.2: when no field may take an Axis marker it goes to the box, which
// still uses up the pool; R14.3, R16.2: the last marker ends the game at the
// end of the round, the other players counterattacking or not (R14.7,
// A-14) but placing none; the most medals wins (R16.3-R16.4).
func TestPoolExhaustionEndsTheRound(t *testing.T) {
	g := start(t, "three-player")
	rulestest.Roll(t, g, 1, 1) // monty, bradley, patton
	g.s.AxisBox += g.s.AxisPool - 1
	g.s.AxisPool = 1
	do(t, g, "monty", "end")
	rulestest.Refused(t, g, "monty", "axis discard", "R14.2")
	rulestest.Refused(t, g, "monty", "axis none", "R5.6")
	do(t, g, "monty", "axis rheydt")
	if !g.s.EndTriggered || g.Pending().Over {
		t.Fatalf("after the last marker: triggered %v, over %v", g.s.EndTriggered, g.Pending().Over)
	}
	g.player("patton").Medals = 2
	do(t, g, "bradley", "end")
	rulestest.Refused(t, g, "bradley", "axis aachen", "R14.7")
	do(t, g, "bradley", "axis none")
	do(t, g, "patton", "end")
	do(t, g, "patton", "axis none")
	if p := g.Pending(); !p.Over || g.s.Winner != "patton" || !strings.Contains(p.Result, "patton wins on medals") {
		t.Errorf("over %v, winner %s: %s", p.Over, g.s.Winner, p.Result)
	}
	// With no field free, the marker goes to the box.
	h := start(t, "three-player")
	turnOf(t, h, "monty")
	for _, f := range []string{"rheinhausen", "rheydt", "wesel", "koln", "aachen", "remagen", "koblenz", "kaiserslautern", "mannheim", "mainz", "dusseldorf"} {
		h.s.Control[f] = "monty"
	}
	do(t, h, "monty", "end")
	if len(h.axisFields()) != 0 {
		t.Fatalf("fields %v", h.axisFields())
	}
	pool := h.s.AxisPool
	do(t, h, "monty", "axis discard")
	if h.s.AxisPool != pool-1 || h.s.AxisBox != 1 {
		t.Errorf("pool %d, box %d", h.s.AxisPool, h.s.AxisBox)
	}
}

// E26 (L1572-1576): 4 medal tokens, 2 division cards with medals and 5
// without bearing 7 ammo icons make 4 + 2 + 1 = 7 medals (R16.3).
func TestE26MedalScoring(t *testing.T) {
	g := start(t, "three-player")
	p := g.player("bradley")
	p.Medals = 4
	p.Trophies = []string{"a04", "a10", "b04", "b05", "b06", "a05", "a06"}
	if s := g.score("bradley"); s.Medals != 7 || s.Trophies != 7 {
		t.Errorf("score %+v, want 7 medals", s)
	}
}

// R16.4: a tie goes to the most division cards, then to the later player in
// turn order.
func TestTieBreaks(t *testing.T) {
	g := start(t, "three-player")
	rulestest.Roll(t, g, 3, 2) // patton, bradley, monty
	for _, p := range g.s.Players {
		g.player(p.Seat).Medals = 1
	}
	g.endByTime()
	if g.s.Winner != "monty" {
		t.Errorf("a full tie goes to %s, want monty, last in turn order: %s", g.s.Winner, g.s.Result)
	}
	h := start(t, "three-player")
	rulestest.Roll(t, h, 3, 2)
	h.player("patton").Trophies = []string{"p04"}
	h.endByTime()
	if h.s.Winner != "patton" {
		t.Errorf("the most division cards: %s wins", h.s.Winner)
	}
}

// R15.1: once red holds Antwerpen and the four [A] fields, Antwerpen
// is his main base, for good: Take Supply there, its limit of 9, Lisieux an
// ordinary field.
func TestAntwerpOpens(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	mark(g, "monty", "breskens", "terneuzen", "woensdrecht", "bergen-op-zoom", "gent")
	put(t, g, "I", "gent", "FFAR")
	do(t, g, "monty", "move I antwerpen")
	ev := rollCard(t, g, "m22")
	if !g.s.Antwerp || g.mainBase("monty") != "antwerpen" || !rulestest.HasEvent(ev, "R15.1") {
		t.Fatalf("Antwerp %v: %s", g.s.Antwerp, rulestest.EventsText(ev))
	}
	do(t, g, "monty", "stop")
	do(t, g, "monty", "supply antwerpen special A")
	rulestest.Refused(t, g, "monty", "supply lisieux", "R6.1")
	if g.limit("antwerpen") != mainBaseLimit || g.limit("lisieux") != fieldLimit {
		t.Errorf("limits %d and %d", g.limit("antwerpen"), g.limit("lisieux"))
	}
	delete(g.s.Control, "breskens")
	g.checkAntwerp()
	if g.mainBase("monty") != "antwerpen" {
		t.Error("Antwerp closes again (A-05: it stays open)")
	}
}

// R15.6: under Patton's higher difficulty an Axis marker starts on Metz; the
// fields next to it take markers only once a chain of markers joins Metz to
// a victory field with an Axis symbol.
func TestHardPattonMetz(t *testing.T) {
	g := start(t, "three-player", "hard=patton")
	if !g.hasAxis("metz") || g.s.AxisPool != 24 {
		t.Fatalf("Metz %v, pool %d", g.hasAxis("metz"), g.s.AxisPool)
	}
	if slices.Contains(g.axisFields(), "nancy") {
		t.Error("Nancy, next to Metz alone, may take a marker")
	}
	for _, f := range []string{"kaiserslautern", "saarbrucken"} {
		g.addAxis(f)
	}
	if !slices.Contains(g.axisFields(), "nancy") {
		t.Errorf("Nancy, next to Metz chained to Mainz, may not take a marker: %v", g.axisFields())
	}
}

// R15.8: under Monty's higher difficulty the others may counterattack red
// from Rotterdam, Vlissingen, Dunkerque, Calais and Boulogne while red does
// not hold them, even cut off; a field so recovered is never encircled.
func TestHardMontyCounterattacks(t *testing.T) {
	for _, hard := range []bool{false, true} {
		opts := []string{}
		if hard {
			opts = append(opts, "hard=monty")
		}
		g := start(t, "three-player", opts...)
		turnOf(t, g, "bradley")
		mark(g, "monty", "abbeville", "dieppe", "rouen", "amiens", "calais", "dunkerque", "lille", "arras")
		// Boulogne is cut off: Abbeville and Calais are red.
		if g.connected()["boulogne"] {
			t.Fatal("Boulogne is connected")
		}
		do(t, g, "bradley", "end")
		can := slices.Contains(g.counterFields("bradley"), "calais")
		if can != hard {
			t.Errorf("hard=%v: Calais can be counterattacked: %v", hard, can)
		}
		if hard {
			do(t, g, "bradley", "counter calais")
			if !slices.Contains(g.s.Recovered, "calais") {
				t.Error("Calais is not marked recovered")
			}
			if g.encircledBy("monty", "calais") != "" {
				t.Error("a recovered field can be encircled")
			}
		}
	}
}

// R12.7: an Axis marker on a field with paratroopers brings no combat; A-02:
// paratroopers do not stop its placement.
func TestAxisMarkerOnParatroopers(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "bradley")
	g.s.Paras = []para{{Field: "aachen", Owner: "bradley"}}
	do(t, g, "bradley", "end")
	do(t, g, "bradley", "axis aachen")
	if !g.hasAxis("aachen") || len(g.s.Paras) != 1 {
		t.Errorf("Aachen %v, paras %v", g.hasAxis("aachen"), g.s.Paras)
	}
}

// R12.6: a player's paratroopers last the rest of the turn he dropped them
// and his next; then they go to the box.
func TestParatrooperUpkeep(t *testing.T) {
	g := start(t, "three-player")
	rulestest.Roll(t, g, 2, 1) // bradley, monty, patton
	g.player("bradley").Medals = 1
	g.s.MedalPool--
	do(t, g, "bradley", "drop koln pay medal")
	for turn, want := range []struct {
		seat rules.Seat
		dark bool
		n    int
	}{{"bradley", true, 1}, {"monty", true, 1}, {"patton", true, 1}, {"bradley", false, 0}} {
		do(t, g, want.seat, "end")
		do(t, g, want.seat, "axis "+g.axisFields()[0])
		if len(g.s.Paras) != want.n || (want.n > 0 && g.s.Paras[0].Dark != want.dark) {
			t.Errorf("after turn %d (%s): paras %v", turn+1, want.seat, g.s.Paras)
		}
	}
	if g.s.ParaBox != 1 {
		t.Errorf("box %d", g.s.ParaBox)
	}
}
