package normandy44

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// skipInvasion passes the Special Invasion Phase as if nothing had happened
// in it, for tests of other rules that start from the Cherbourg set-up (what
// 'end' did before the phase was refereed).
func skipInvasion(t testing.TB, g *Game) {
	t.Helper()
	if g.s.Phase != PhaseInvasion {
		return
	}
	g.s.Invasion = nil
	g.nextStage()
	g.enterPhase()
}

func step(g *Game, id string) int  { return g.s.Units[g.index[id]].Step }
func gone(g *Game, id string) bool { return g.s.Units[g.index[id]].Gone }

// inf3 is a 3-step infantry line with its cadre (2.3.5).
func inf3(id, nat, formation string) string {
	return id + " allied " + nat + " " + formation + " infantry 6-4 4-4 (2)-4 cadre=Z"
}

func ddTank(id, nat string) string { return id + " allied " + nat + " - tank 4-6 2-6 ac=gray:3 dd" }

// normandyMap is a stand-in for the campaign's invasion front on the 8 x 8
// test map: the sea on row 8, the beaches on row 7 (Sword at 0805), each
// with its 1-step strongpoint and an approach box per sector holding two
// infantry and a DD battalion (20.3.1, 20.3.5); the Rangers off Pointe du Hoc
// (the 2nd to assault, the 5th to follow, 20.3.4); the 82nd, 101st and 6th
// Airborne on their drop hexes (20.2.1), in the order the example of play
// rolls them (L1656-1736).
func normandyMap() testMap {
	m := testMap{terrain: map[string]string{}}
	for c := 1; c <= 8; c++ {
		m.terrain[hexID(c, 8)] = "sea"
	}
	type beach struct{ name, sector, hex, box, a, b, dd, nat string }
	bs := []beach{
		{"utah", "", "0107", "approach-utah", "8/4", "22/4", "70-Tk", "us"},
		{"pointe-du-hoc", "", "0207", "approach-pdh", "", "", "", "us"},
		{"omaha", "dog", "0307", "approach-omaha-dog", "116/29", "115/29", "743-Tk", "us"},
		{"omaha", "easy", "0407", "approach-omaha-easy", "16/1", "18/1", "741-Tk", "us"},
		{"gold", "jig", "0507", "approach-gold-jig", "jig1", "jig2", "jigdd", "gb"},
		{"gold", "king", "0607", "approach-gold-king", "king1", "king2", "kingdd", "gb"},
		{"juno", "mike", "0707", "approach-juno-mike", "mike1", "mike2", "mikedd", "ca"},
		{"juno", "nan", "0807", "approach-juno-nan", "nan1", "nan2", "nandd", "ca"},
		{"sword", "queen", "0805", "approach-sword", "queen1", "queen2", "queendd", "gb"},
	}
	for k, b := range bs {
		place := "beach " + b.hex + " " + b.name
		box := b.box + " approach " + b.name
		if b.sector != "" {
			place += " sector=" + b.sector
			if b.name == "omaha" || b.name == "gold" || b.name == "juno" {
				box += " sector=" + b.sector
			}
		}
		m.places = append(m.places, place)
		m.boxes = append(m.boxes, box)
		sp := "sp" + string(rune('1'+k))
		m.units = append(m.units, sp+" german heer - strongpoint 1-0 beach-defense")
		m.setup = append(m.setup, sp+" "+b.hex)
		if b.a == "" {
			continue
		}
		m.units = append(m.units, inf3(b.a, b.nat, b.name), inf3(b.b, b.nat, b.name), ddTank(b.dd, b.nat))
		for _, u := range []string{b.a, b.b, b.dd} {
			m.setup = append(m.setup, u+" "+b.box+" first-assault")
		}
	}
	m.units = append(m.units, "2-Rgr allied us - commando 3-4 1-4 ranger", "5-Rgr allied us - commando 3-4 1-4 ranger")
	m.setup = append(m.setup, "2-Rgr approach-pdh first-assault", "5-Rgr approach-pdh follow-up")
	drops := []struct{ id, nat, div, steps, hex string }{
		{"507/82", "us", "82-ab", "6-4 4-4 (2)-4 cadre=B", "0102"},
		{"505/82", "us", "82-ab", "6-4 4-4 (2)-4 cadre=A", "0202"},
		{"508/82", "us", "82-ab", "6-4 4-4 (2)-4 cadre=C", "0302"},
		{"502/101", "us", "101-ab", "6-4 4-4 (2)-4 cadre=F", "0402"},
		{"506/101", "us", "101-ab", "6-4 4-4 (2)-4 cadre=G", "0502"},
		{"501/101", "us", "101-ab", "6-4 4-4 (2)-4 cadre=E", "0602"},
		{"3(-)/6", "gb", "6-ab", "4-4 2-4", "0703"},
		{"5/6", "gb", "6-ab", "6-4 4-4 (2)-4 cadre=P", "0704"},
		{"8/3", "gb", "6-ab", "3-4 1-4", "0803"},
	}
	for _, d := range drops {
		m.units = append(m.units, d.id+" allied "+d.nat+" "+d.div+" paratroop "+d.steps)
		m.places = append(m.places, "drop "+d.hex+" "+d.div)
		m.setup = append(m.setup, d.id+" "+d.hex+" airdrop")
	}
	m.units = append(m.units, gerInf)
	m.setup = append(m.setup, "ginf 0101")
	m.special = []string{"invasion utah pointe-du-hoc omaha gold juno sword"}
	return m
}

// start builds the map and returns the game in its first phase.
func (m testMap) start(t *testing.T) *Game {
	t.Helper()
	gg, err := New([]byte(m.text()), nil)
	if err != nil {
		t.Fatalf("test map: %v\n%s", err, m.text())
	}
	return gg.(*Game)
}

// only keeps the assaults on the beach hexes given (their boxes, units and
// strongpoints) and no airborne units, for tests of one beach.
func (m testMap) only(hexes ...string) testMap {
	keepBox := map[string]bool{}
	var places, boxes []string
	for _, p := range m.places {
		w := strings.Fields(p)
		if w[0] == "beach" && slices.Contains(hexes, w[1]) {
			places = append(places, p)
		}
	}
	for _, b := range m.boxes {
		name := strings.Fields(b)[0]
		for _, p := range places {
			w := strings.Fields(p)
			if strings.Contains(b, " "+w[2]) && (len(w) == 3 || strings.Contains(b, w[3]) || !strings.Contains(b, "sector=")) {
				keepBox[name] = true
			}
		}
		if keepBox[name] {
			boxes = append(boxes, b)
		}
	}
	var setup []string
	keepUnit := map[string]bool{}
	for _, s := range m.setup {
		w := strings.Fields(s)
		if keepBox[w[1]] || slices.Contains(hexes, w[1]) || w[0] == "ginf" {
			setup = append(setup, s)
			keepUnit[w[0]] = true
		}
	}
	var units []string
	for _, u := range m.units {
		if keepUnit[strings.Fields(u)[0]] {
			units = append(units, u)
		}
	}
	var names []string
	for _, p := range places {
		if b := strings.Fields(p)[2]; !slices.Contains(names, b) {
			names = append(names, b)
		}
	}
	out := m
	out.places, out.boxes, out.setup, out.units = places, boxes, setup, units
	out.special = nil
	if len(names) > 0 {
		out.special = []string{"invasion " + strings.Join(names, " ")}
	}
	return out
}

// TestScatter_P01_P02_P12: the Scatter rolls of the example of play (20.2.1,
// 20.2.2; P01 82nd 507 2, 505 5, 508 2; P02 101st 502 2, 506 6, 501 1; P12 6th
// Airborne 3(-) 6, 5 3, 8/3 1), all asked for at once by the Allied seat.
func TestScatter_P01_P02_P12(t *testing.T) {
	g := normandyMap().start(t)
	p := g.Pending()
	if p.Dice == nil || len(p.Dice.Sides) != 9 || p.Seats[0] != "allied" || !strings.Contains(p.Dice.For, "507/82, 505/82, 508/82, 502/101") {
		t.Fatalf("20.2.1: the first pending is not the nine Scatter dice: %+v", p)
	}
	if _, err := g.Roll([]int{2, 5, 2}); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("3 dice for 9 units: %v", err)
	}
	ev := rulestest.Roll(t, g, 2, 5, 2, 2, 6, 1, 6, 3, 1)
	if !rulestest.HasEvent(ev, "Scatter 507/82 at 0102 (82nd column): die 2, S2") || !rulestest.HasEvent(ev, "Scatter 8/3 at 0803 (6th column): die 1, S1") {
		t.Errorf("the events do not narrate the rolls:\n%s", rulestest.EventsText(ev))
	}
	want := []struct {
		id        string
		scattered bool
		step      int
		recover   bool
	}{
		{"507/82", true, 2, true}, // P01: S2, replaced by its cadre
		{"505/82", true, 0, false},
		{"508/82", true, 2, true},
		{"502/101", true, 1, false}, // P02: S1
		{"506/101", false, 0, false},
		{"501/101", true, 2, true},
		{"3(-)/6", false, 0, false}, // P12
		{"5/6", true, 0, false},
		{"8/3", true, 1, false},
	}
	for _, w := range want {
		us := g.s.Units[g.index[w.id]]
		if us.Scattered != w.scattered || us.Step != w.step || us.RecoverOne != w.recover || us.Gone {
			t.Errorf("20.2.2: %s: scattered %v step %d recover-one %v gone %v, want %v %d %v",
				w.id, us.Scattered, us.Step, us.RecoverOne, us.Gone, w.scattered, w.step, w.recover)
		}
	}
	// P01, P02: one box per S1 or S2 unit, not per step: US +2 and +2;
	// P12: British +1.
	if n := g.replCount("us", "airborne"); n != 4 {
		t.Errorf("20.2.2: US airborne Repl %d, want 4", n)
	}
	if n := g.replCount("gb", "airborne"); n != 1 {
		t.Errorf("20.2.2: British airborne Repl %d, want 1", n)
	}
	// Then the first assault: Utah, its die and its DD die (20.3.5).
	if p := g.Pending(); p.Dice == nil || len(p.Dice.Sides) != 2 || !strings.Contains(p.Dice.For, "utah 0107") {
		t.Errorf("after the Scatter: %+v", p)
	}
}

// TestScatter_S2Eliminates: S2 on a 2-step unit takes both steps, as a step
// loss in combat would (2.3.5): the unit is eliminated; the airborne Repl
// marker still moves one box (20.2.2).
func TestScatter_S2Eliminates(t *testing.T) {
	m := normandyMap().only()
	m.units = append(m.units, "2-401/82 allied us 82-ab glider 3-4 1-4", "x/82 allied us 82-ab paratroop 3-4 1-4")
	m.places = append(m.places, "drop 0404 82-ab", "glider 0405 82-ab", "beach 0107 utah")
	m.setup = append(m.setup, "x/82 0404 airdrop", "2-401/82 0405 airdrop")
	m.special = []string{"invasion utah"}
	g := m.start(t)
	// x/82 rolls 1: S2. The glider rolls 1 + 1 (L1970): row 2, S2 too; a 6
	// would be a 7 and read the 6 row.
	ev := rulestest.Roll(t, g, 1, 1)
	if !gone(g, "x/82") || !gone(g, "2-401/82") || !rulestest.HasEvent(ev, "x/82 at 0404 loses its last step and is eliminated (20.2.2)") {
		t.Errorf("20.2.2: S2 on 2-step units:\n%s", rulestest.EventsText(ev))
	}
	if n := g.replCount("us", "airborne"); n != 2 {
		t.Errorf("20.2.2: US airborne Repl %d, want 2", n)
	}
	if p := g.Pending(); p.Phase != "Turn 1, German Movement Phase (9.0)" {
		t.Errorf("with nothing to assault the phase passes by itself: %q", p.Phase)
	}
}

// TestExampleOfPlay_Invasion: the whole Special Invasion Phase of the example
// of play (L1642-1736) on the stand-in map: P01-P12.
func TestExampleOfPlay_Invasion(t *testing.T) {
	g := normandyMap().start(t)
	rulestest.Roll(t, g, 2, 5, 2, 2, 6, 1, 6, 3, 1) // P01, P02, P12

	// P03 Utah: assault 4 (Utah column) A1/D1 Advance 2; DD 1: the tanks -1.
	ev := rulestest.Roll(t, g, 4, 1)
	if step(g, "70-Tk") != 1 || !rulestest.HasEvent(ev, "die 4, A1/D1 Advance 2") {
		t.Fatalf("P03: DD step %d:\n%s", step(g, "70-Tk"), rulestest.EventsText(ev))
	}
	p := g.Pending()
	if p.Seats[0] != "allied" || !strings.Contains(p.Prompt, "'losses UNIT...' from 8/4, 22/4") {
		t.Fatalf("20.3.2: the Allies choose the infantry loss: %+v", p)
	}
	refused(t, g, Allied, "losses 70-Tk", "20.3.2") // never tanks
	refused(t, g, Allied, "losses 8/4 22/4", "20.3.2")
	apply(t, g, Allied, "losses 8/4")
	if step(g, "8/4") != 1 || step(g, "22/4") != 0 || !gone(g, "sp1") {
		t.Fatalf("P03: one infantry -1, the strongpoint eliminated")
	}
	refused(t, g, Allied, "advance 22/4 0106 0105", "20.3.6") // the beach hex first
	refused(t, g, Allied, "advance 22/4 0107 0208", "20.3.6") // sea
	refused(t, g, Allied, "advance 22/4 0107 0207", "20.3.6") // the Pointe du Hoc strongpoint
	refused(t, g, Allied, "end", "20.1")
	apply(t, g, Allied, "advance 22/4 0107 0106")
	apply(t, g, Allied, "advance 70-Tk 0107 0106")
	apply(t, g, Allied, "advance-done")
	if at(g, "8/4") != "0107" || at(g, "22/4") != "0106" || at(g, "70-Tk") != "0106" {
		t.Fatalf("P03: 8/4 %s, 22/4 %s, 70-Tk %s", at(g, "8/4"), at(g, "22/4"), at(g, "70-Tk"))
	}

	// P04 Pointe du Hoc: 4 ("Other") A1/D1 Advance 1; the lone 2nd Rangers
	// take the step (no choice); the 5th Ranger roll 4 sends the 5th to
	// the Omaha approach box.
	rulestest.Roll(t, g, 4)
	if !gone(g, "sp2") || step(g, "2-Rgr") != 1 {
		t.Fatalf("P04: strongpoint gone %v, 2-Rgr step %d", gone(g, "sp2"), step(g, "2-Rgr"))
	}
	if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "5th Ranger") {
		t.Fatalf("20.3.4: the 5th Ranger roll is due: %+v", p)
	}
	rulestest.Roll(t, g, 4)
	if at(g, "5-Rgr") != "approach-omaha-dog" || at(g, "2-Rgr") != "0207" {
		t.Fatalf("P04: 5-Rgr %s, 2-Rgr %s", at(g, "5-Rgr"), at(g, "2-Rgr"))
	}

	// P05 Omaha, 29th: 1 (A1*), DD 2 (-1); one regiment -1, roll again: 6,
	// A1/D1 Advance 2 read as Advance 1; the other regiment -1.
	ev = rulestest.Roll(t, g, 1, 2)
	if gone(g, "sp3") || step(g, "743-Tk") != 1 || !rulestest.HasEvent(ev, "A1*") {
		t.Fatalf("P05: after A1*:\n%s", rulestest.EventsText(ev))
	}
	apply(t, g, Allied, "losses 116/29")
	if p := g.Pending(); p.Dice == nil || len(p.Dice.Sides) != 1 || !strings.Contains(p.Dice.For, "roll again") {
		t.Fatalf("20.3.3: roll again, with no second DD die (AMBIG-37): %+v", p)
	}
	rulestest.Roll(t, g, 6)
	apply(t, g, Allied, "losses 115/29")
	for _, id := range []string{"116/29", "115/29", "743-Tk"} {
		if at(g, id) != "0307" {
			t.Errorf("P05: %s at %s, want the beach hex 0307 and no further (20.3.6)", id, at(g, id))
		}
	}
	if !gone(g, "sp3") {
		t.Error("P05: the strongpoint stands")
	}

	// P06 Omaha, 1st: 2, A2/D1 Advance 1; DD 4 no effect; the Allies put
	// one step on each regiment.
	rulestest.Roll(t, g, 2, 4)
	apply(t, g, Allied, "losses 16/1 18/1")
	// L1702: across P05 and P06, 4 infantry and 1 tank reduced by 1; both
	// Omaha hexes taken.
	reduced := 0
	for _, id := range []string{"116/29", "115/29", "16/1", "18/1", "743-Tk", "741-Tk"} {
		reduced += step(g, id)
	}
	if reduced != 5 || step(g, "741-Tk") != 0 || at(g, "16/1") != "0407" || at(g, "18/1") != "0407" {
		t.Errorf("L1702: %d steps lost at Omaha, 16/1 at %s", reduced, at(g, "16/1"))
	}

	// P07 Gold JIG: 4, A1/D1 Advance 1; DD 6.
	rulestest.Roll(t, g, 4, 6)
	apply(t, g, Allied, "losses jig1")
	// P08 Gold KING: 6, D1 Advance 2; DD 1: the tanks -1; an infantry and
	// the tanks go one hex further.
	rulestest.Roll(t, g, 6, 1)
	apply(t, g, Allied, "advance king1 0607 0606")
	apply(t, g, Allied, "advance kingdd 0607 0606")
	apply(t, g, Allied, "advance-done")
	gold := 0
	for _, id := range []string{"jig1", "jig2", "jigdd", "king1", "king2", "kingdd"} {
		gold += step(g, id)
	}
	if gold != 2 || at(g, "jig2") != "0507" || at(g, "king2") != "0607" || at(g, "kingdd") != "0606" {
		t.Errorf("P07, P08: Gold lost %d steps (want 2); jig2 %s king2 %s kingdd %s", gold, at(g, "jig2"), at(g, "king2"), at(g, "kingdd"))
	}

	// P09 Juno MIKE: 2, EX Advance 1; DD 1. The German picks the infantry.
	rulestest.Roll(t, g, 2, 1)
	p = g.Pending()
	if p.Seats[0] != "german" || !strings.Contains(p.Prompt, "EX") || !strings.HasPrefix(p.Prompt, "German player's decision") ||
		!strings.Contains(p.Prompt, "20.3.2") || !strings.Contains(p.Prompt, "mike1") {
		t.Fatalf("P09: EX waits for the German: %+v", p)
	}
	if _, err := g.Apply("allied", "losses mike1"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("P09: the Allies pick on EX: %v", err)
	}
	ev = apply(t, g, German, "losses mike2")
	if !rulestest.HasEvent(ev, "fall on mike2 (20.3.2)") {
		t.Errorf("P09: the German choice is not narrated:\n%s", rulestest.EventsText(ev))
	}
	// P10 Juno NAN: 1, A2/D1 Advance 1; DD 5: both infantry -1.
	rulestest.Roll(t, g, 1, 5)
	apply(t, g, Allied, "losses nan1 nan2")
	juno := 0
	for _, id := range []string{"mike1", "mike2", "mikedd", "nan1", "nan2", "nandd"} {
		juno += step(g, id)
	}
	if juno != 4 || !gone(g, "sp7") || !gone(g, "sp8") || at(g, "mike1") != "0707" || at(g, "nandd") != "0807" {
		t.Errorf("P09, P10: Juno lost %d steps (want 4)", juno)
	}

	// P11 Sword QUEEN: 6, D1 Advance 2; DD 4: no loss; part of the force
	// goes one hex beyond (strongpoints have no ZOC, 8.1).
	rulestest.Roll(t, g, 6, 4)
	apply(t, g, Allied, "advance queen1 0805 0804")
	ev = apply(t, g, Allied, "advance-done")
	if at(g, "queen1") != "0804" || at(g, "queen2") != "0805" || step(g, "queen1")+step(g, "queen2")+step(g, "queendd") != 0 {
		t.Errorf("P11: queen1 %s queen2 %s", at(g, "queen1"), at(g, "queen2"))
	}
	// 20.1, 20.4: the phase is over; the German turn begins.
	if p := g.Pending(); p.Phase != "Turn 1, German Movement Phase (9.0)" || g.s.Invasion != nil || !rulestest.HasEvent(ev, "Special Invasion Phase (20.1) ends") {
		t.Errorf("after Sword: %q\n%s", p.Phase, rulestest.EventsText(ev))
	}
	for i, us := range g.s.Units {
		if g.unit(i).Type == Strongpoint && !us.Gone {
			t.Errorf("%s survives", us.ID)
		}
	}
}

// TestBloodyOmaha_20_3_3_Fails: four 1s on Omaha: each A1* costs a step
// (the Allies choosing while both regiments can give one) until both are
// cadres; the landing fails and the cadres and the DD battalion, after its DD
// roll, stay in the Omaha approach box; the strongpoint stands (20.3.3).
func TestBloodyOmaha_20_3_3_Fails(t *testing.T) {
	g := normandyMap().only("0307").start(t)
	rulestest.Roll(t, g, 1, 3) // A1*, DD 3: -1
	apply(t, g, Allied, "losses 116/29")
	rulestest.Roll(t, g, 1)
	apply(t, g, Allied, "losses 115/29")
	rulestest.Roll(t, g, 1)
	apply(t, g, Allied, "losses 116/29")
	// One regiment is a cadre: the last step is forced.
	ev := rulestest.Roll(t, g, 1)
	if !rulestest.HasEvent(ev, "the landing fails, Bloody Omaha") {
		t.Fatalf("20.3.3: no failure:\n%s", rulestest.EventsText(ev))
	}
	for _, id := range []string{"116/29", "115/29", "743-Tk"} {
		if at(g, id) != "approach-omaha-dog" {
			t.Errorf("20.3.3: %s at %q, want the Omaha approach box", id, at(g, id))
		}
	}
	if step(g, "116/29") != 2 || step(g, "115/29") != 2 || step(g, "743-Tk") != 1 || gone(g, "sp3") {
		t.Errorf("20.3.3: steps %d %d %d, strongpoint gone %v", step(g, "116/29"), step(g, "115/29"), step(g, "743-Tk"), gone(g, "sp3"))
	}
	if p := g.Pending(); p.Phase != "Turn 1, German Movement Phase (9.0)" {
		t.Errorf("after the failed landing: %q", p.Phase)
	}
}

// TestBloodyOmaha_AdvanceCap: after an A1*, a 6 (A1/D1 Advance 2) lets the
// stack only onto the beach hex (20.3.6, footnote L1961): no advance is asked.
func TestBloodyOmaha_AdvanceCap(t *testing.T) {
	g := normandyMap().only("0407").start(t)
	rulestest.Roll(t, g, 1, 6)
	apply(t, g, Allied, "losses 16/1")
	rulestest.Roll(t, g, 6)
	if p := g.Pending(); strings.Contains(p.Prompt, "Advance 2") {
		t.Fatalf("20.3.6: an advance beyond the beach after A1*: %q", p.Prompt)
	}
	apply(t, g, Allied, "losses 16/1")
	if at(g, "16/1") != "0407" || at(g, "741-Tk") != "0407" || g.s.Phase == PhaseInvasion {
		t.Errorf("20.3.6: 16/1 %s, phase %s", at(g, "16/1"), g.s.Phase)
	}
}

// TestPointeDuHoc_20_3_4: a 1 fails the landing: the 2nd Rangers are
// eliminated and the 5th go to the Omaha approach box; on a success a 5th
// Ranger roll of 1-3 lands the 5th on Pointe du Hoc.
func TestPointeDuHoc_20_3_4(t *testing.T) {
	m := normandyMap().only("0207", "0307")
	g := m.start(t)
	ev := rulestest.Roll(t, g, 1)
	if !gone(g, "2-Rgr") || at(g, "5-Rgr") != "approach-omaha-dog" || gone(g, "sp2") {
		t.Fatalf("20.3.4: 2-Rgr gone %v, 5-Rgr %s, strongpoint gone %v:\n%s", gone(g, "2-Rgr"), at(g, "5-Rgr"), gone(g, "sp2"), rulestest.EventsText(ev))
	}
	if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "omaha 0307") {
		t.Errorf("the Omaha assault follows: %+v", p)
	}

	g = m.start(t)
	rulestest.Roll(t, g, 5) // A1/D1 Advance 2: the 2nd lands reduced
	if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "5th Ranger") {
		t.Fatalf("20.3.4: %+v", p)
	}
	rulestest.Roll(t, g, 3)
	if at(g, "5-Rgr") != "0207" || step(g, "2-Rgr") != 1 {
		t.Errorf("20.3.4: 5-Rgr at %s, 2-Rgr step %d", at(g, "5-Rgr"), step(g, "2-Rgr"))
	}
	// Advance 2: the 2nd may go one hex beyond Pointe du Hoc (20.3.6).
	if _, ok := choiceOf(g, "advance 2-Rgr 0207 0206"); !ok {
		t.Errorf("20.3.6: no advance beyond the beach offered: %v", g.Legal("allied"))
	}
	apply(t, g, Allied, "advance-done")
	if at(g, "2-Rgr") != "0207" {
		t.Errorf("20.3.6: 2-Rgr at %s", at(g, "2-Rgr"))
	}
}

// TestAssault_OrderLosses: a standing 'order losses' answers the German's
// EX choice (digest §6.3), as in combat.
func TestAssault_OrderLosses(t *testing.T) {
	g := normandyMap().only("0707").start(t)
	rulestest.Roll(t, g, 2, 6) // EX
	apply(t, g, German, "order losses mike2")
	if step(g, "mike2") != 1 || step(g, "mike1") != 0 || g.s.Phase == PhaseInvasion {
		t.Errorf("the order did not take the step: mike1 %d mike2 %d", step(g, "mike1"), step(g, "mike2"))
	}
}

// TestAssault_InfantryShort_AMBIG37: an A2/D1 the infantry cannot give (one
// 2-step battalion) fails the landing as in 20.3.3 (AMBIG-37): the step it
// has is lost, the units stay in the box, the strongpoint stands.
func TestAssault_InfantryShort_AMBIG37(t *testing.T) {
	m := testMap{
		units:  []string{"sp german heer - strongpoint 1-0 beach-defense", "cdo allied gb - commando 3-4 1-4", ddTank("dd", "gb"), gerInf},
		setup:  []string{"sp 0404", "cdo box first-assault", "dd box first-assault", "ginf 0101"},
		places: []string{"beach 0404 gold"},
		boxes:  []string{"box approach gold"},
	}
	m.special = []string{"invasion gold"}
	g := m.start(t)
	ev := rulestest.Roll(t, g, 1, 6) // Other column: A2/D1
	if step(g, "cdo") != 1 || at(g, "cdo") != "box" || at(g, "dd") != "box" || gone(g, "sp") || !rulestest.HasEvent(ev, "AMBIG-37") {
		t.Errorf("AMBIG-37: cdo step %d at %s, sp gone %v:\n%s", step(g, "cdo"), at(g, "cdo"), gone(g, "sp"), rulestest.EventsText(ev))
	}
}

// TestUtah_P03_Cherbourg: the Cherbourg scenario's invasion (S3.1: the US
// airborne landings and Utah) with the example's dice: the Scatter of P01 and
// P02, then Utah 4 (A1/D1 Advance 2) and DD 1; one infantry goes on to 2713
// and the tanks to 2813 along the causeway roads; 5 of the 6 US airborne
// units are Scattered.
func TestUtah_P03_Cherbourg(t *testing.T) {
	g := cherbourg(t)
	// [setup] order: 505, 507, 508, 501, 502, 506.
	rulestest.Roll(t, g, 5, 2, 2, 1, 2, 6)
	rulestest.Roll(t, g, 4, 1)
	apply(t, g, Allied, "losses 8/4")
	apply(t, g, Allied, "advance 22/4 2814 2713")
	apply(t, g, Allied, "advance 70-Tk 2814 2813")
	refused(t, g, Allied, "advance 8/4 2814 2714", "20.3.6") // 14.4.1: out of bocage only by road
	apply(t, g, Allied, "advance-done")
	if at(g, "8/4") != "2814" || at(g, "22/4") != "2713" || at(g, "70-Tk") != "2813" || !gone(g, "WN5") || step(g, "70-Tk") != 1 {
		t.Errorf("P03: 8/4 %s 22/4 %s 70-Tk %s", at(g, "8/4"), at(g, "22/4"), at(g, "70-Tk"))
	}
	scattered := 0
	for i, us := range g.s.Units {
		if us.Scattered && g.unit(i).Formation != "4" {
			scattered++
		}
	}
	if scattered != 5 {
		t.Errorf("P03 note: %d US airborne units Scattered, want 5", scattered)
	}
	if at(g, "12/4") != "approach-utah" || at(g, "Utah-Eng") != "approach-utah" {
		t.Error("20.5: the follow-up waits in the approach box")
	}
	if p := g.Pending(); p.Phase != "Turn 1, German Movement Phase (9.0)" {
		t.Errorf("after Utah: %q", p.Phase)
	}
}

// TestInvasion_CloneAndReplay: a clone taken mid-phase is independent, and
// the random legal player plays the phase to its end with the same hashes on
// a replay (the Special Invasion Phase is plain data in the state).
func TestInvasion_CloneAndReplay(t *testing.T) {
	g := normandyMap().start(t)
	rulestest.Roll(t, g, 2, 5, 2, 2, 6, 1, 6, 3, 1)
	rulestest.Roll(t, g, 4, 1)
	c := g.Clone().(*Game)
	h := g.Hash()
	apply(t, c, Allied, "losses 8/4")
	if g.Hash() != h || g.s.Invasion.Owed != 1 {
		t.Error("a decision in the clone changed the original")
	}
}

// TestProperty_InvasionRandom: the random legal player plays the whole
// invasion of the stand-in front (9 airborne units, 9 assaults) with random
// dice, many times. Always: no tank loses more than its one DD step (20.3.2,
// 20.3.5); no assaulting infantry is eliminated (losses stop at the cadre,
// 20.3.3); every assault either took its strongpoint and landed its units on
// the beach hex or one hex beyond (20.3.6), or left them in an approach box
// with the strongpoint standing; no hex is over the stacking limit; the phase
// ends in the German Movement Phase; a replay gives the same hashes.
func TestProperty_InvasionRandom(t *testing.T) {
	m := normandyMap()
	for seed := uint64(1); seed <= 60; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 20))
		g := m.start(t)
		as := g.assaults()
		if len(as) != 9 {
			t.Fatalf("%d assaults, want 9", len(as))
		}
		g = playInvasion(t, rnd, g)
		if p := g.Pending(); p.Phase != "Turn 1, German Movement Phase (9.0)" {
			t.Fatalf("seed %d: after the invasion: %q", seed, p.Phase)
		}
		for _, a := range as {
			sp := ""
			for _, pl := range g.sc.Setup {
				if pl.At == a.Hex {
					sp = pl.Unit
				}
			}
			beach := g.b.ids[a.Hex]
			for _, i := range a.Force {
				u, us := g.unit(i), g.s.Units[i]
				if u.Type == Tank && us.Step > 1 {
					t.Errorf("seed %d: %s lost %d steps (20.3.5)", seed, u.ID, us.Step)
				}
				if u.Type != Tank && us.Gone && !a.pointeDuHoc() {
					t.Errorf("seed %d: %s eliminated by the assault on %s (20.3.3)", seed, u.ID, a.Hex)
				}
				switch {
				case us.Gone:
				case us.At == a.Box.Name:
					if gone(g, sp) && !a.pointeDuHoc() {
						t.Errorf("seed %d: %s afloat though %s is taken", seed, u.ID, a.Hex)
					}
				default:
					at, ok := g.onMap(i)
					if !ok || hx.Distance(at, beach) > 1 || !gone(g, sp) {
						t.Errorf("seed %d: %s at %s after the assault on %s (strongpoint gone %v)", seed, u.ID, us.At, a.Hex, gone(g, sp))
					}
				}
			}
		}
	}
}
