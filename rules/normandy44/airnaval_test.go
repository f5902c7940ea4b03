package normandy44

import (
	"fmt"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// airNavalMap: a German infantry unit in 0404 (inside the NBZ) and one in
// 0202 (outside it), a German tank in 0606 with an 88mm Flak beside it in
// 0706, a tank in the Forest hex 0202... US units next to each, a British
// one next to 0404.
func airNavalMap() testMap {
	return testMap{
		terrain: map[string]string{"0808": "forest"},
		units: []string{
			"g1 german heer 91 infantry 4-4 2-4",
			"g2 german heer 91 infantry 4-4 2-4",
			"gpz german heer 21pz tank 4-6 2-6 ac=gray:3",
			"gpz2 german heer 21pz tank 4-6 2-6 ac=gray:3",
			"gflak german heer - flak88 2-4",
			"gwood german heer 12ss tank 4-6 2-6 ac=gray:3",
			"a1 allied us 4 infantry 6-4 3-4",
			"a2 allied us 4 infantry 6-4 3-4",
			"a3 allied us 4 infantry 6-4 3-4",
			"a4 allied us 4 infantry 6-4 3-4",
			"b1 allied gb 50 infantry 6-4 3-4",
		},
		setup: []string{"g1 0404", "g2 0202", "gpz 0606", "gpz2 0606", "gflak 0706", "gwood 0808",
			"a1 0403", "a2 0605", "a3 0201", "a4 0807", "b1 0304"},
	}
}

// airNavalGame opens the map at the Allied Combat Phase of turn, with the
// weather and the turn's markers set as the Initial Phase sets them.
func airNavalGame(t *testing.T, turn int, w Weather) *Game {
	t.Helper()
	gg, err := New([]byte(airNavalMap().withZones("nbz 0404 0405 0606 0808").text()), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(turn, PhaseCombat, Allied)
	g.s.Weather = w
	g.supportMarkers()
	return g
}

func markers(ps []markerPool, army string) markerPool {
	for _, p := range ps {
		if p.Army == army {
			return p
		}
	}
	return markerPool{}
}

// TestSupportMarkers_T5: the Initial Phase gives the Allies the air and
// naval markers of the weather row (19.1.1, 19.2.1, T5; digest §5 example
// on row 3: air 1 US / 1 CW, naval 2/2; row 4: 2 US + 2 CW air, all 4 naval
// markers), every naval marker ready again; turn 1 has naval markers only
// (19.1.1: air from turn 2; 20.1).
func TestSupportMarkers_T5(t *testing.T) {
	g := airNavalGame(t, 1, WeatherOvercast2)
	if len(g.s.Air) != 0 || markers(g.s.Naval, "us").Ready != 2 || markers(g.s.Naval, "cw").Ready != 2 {
		t.Errorf("turn 1: air %v naval %v, want no air and 2/2 naval", g.s.Air, g.s.Naval)
	}
	for _, c := range []struct {
		turn, die, air, naval int
	}{
		{2, 6, 1, 2}, // E01 (4.2, L329): turn 2, die 6 is Overcast-3, row 3: air 1/1, naval 2/2
		{2, 4, 1, 2}, // 4.2: turn 2 on 4-6 is Overcast-3, row 3
		{2, 1, 0, 2}, // Overcast-2, row 2: no air
		{3, 4, 2, 2}, // E03 (6.1, L363): row 4, 2 US + 2 CW air, all 4 naval markers
		{5, 6, 3, 2}, // row 6
		{5, 1, 0, 0}, // Storm, row 1: neither (4.3)
	} {
		g := airNavalGame(t, c.turn, WeatherOvercast2)
		poolUse(g.s.Naval, "us", 2) // used last turn: ready again (19.2.1)
		g.s.Phase, g.s.Side = PhaseInitial, ""
		ev, err := g.Roll([]int{c.die})
		if err != nil {
			t.Fatal(err)
		}
		for _, army := range supportArmies {
			if a, n := markers(g.s.Air, army), markers(g.s.Naval, army); a.Ready != c.air || n.Ready-n.Used != c.naval {
				t.Errorf("turn %d die %d: %s air %+v naval %+v, want %d and %d ready", c.turn, c.die, army, a, n, c.air, c.naval)
			}
		}
		if !slices.ContainsFunc(ev, func(e rules.Event) bool { return strings.HasPrefix(e.Text, "Allied support markers") }) {
			t.Errorf("no event names the markers: %v", ev)
		}
	}
}

// TestAir_19_1_2: each air marker flies one mission a turn, gives 1R, one
// per combat before turn 17, and supports only its own army (22.1.1); the
// view shows them ready and used.
func TestAir_19_1_2(t *testing.T) {
	g := airNavalGame(t, 3, WeatherOvercast3) // 1 US, 1 CW
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 air 2", "19.1.2")
	ev := apply(t, g, Allied, "attack 0404 from 0403 maf a1 air 1")
	if !strings.Contains(ev[0].Text, "1R offensive air support") {
		t.Errorf("declaration %q does not carry the air shift", ev[0].Text)
	}
	if p := markers(g.s.Air, "us"); p.Used != 1 {
		t.Errorf("US air %+v after one mission", p)
	}
	view := strings.Join(g.View(rules.Seat(Allied)).Lines, "\n")
	if !strings.Contains(view, "air markers us: 0 ready, 1 used") || !strings.Contains(view, "air markers cw: 1 ready, 0 used") {
		t.Errorf("view:\n%s", view)
	}
	for g.Pending().Dice != nil {
		if _, err := g.Roll([]int{3}); err != nil {
			t.Fatal(err)
		}
	}
	if g.s.Combat != nil {
		t.Skipf("combat waits for %s", g.Pending().Prompt)
	}
	// The US marker has flown: the next US attack has none.
	refused(t, g, Allied, "attack 0202 from 0201 maf a3 air 1", "19.1.1, 19.1.2, 22.1.1")

	// A CW marker does not support US units, nor a US one CW units.
	g = airNavalGame(t, 3, WeatherOvercast3)
	g.s.Air = []markerPool{{Army: "us", Ready: 0}, {Army: "cw", Ready: 1}}
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 air 1", "19.1.1, 19.1.2, 22.1.1")
	apply(t, g, Allied, "attack 0404 from 0304 maf b1 air 1")

	// Storm: no air (4.3).
	g = airNavalGame(t, 3, WeatherStorm)
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 air 1", "4.3, 19.1.1")
	// From turn 17, two markers in one combat.
	g = airNavalGame(t, 17, WeatherClear5)
	apply(t, g, Allied, "attack 0404 from 0403 maf a1 air 2")
}

// TestNaval_19_2: one marker per attack, the hex in the NBZ, the army's own
// marker, once a game turn, not in Storm.
func TestNaval_19_2(t *testing.T) {
	g := airNavalGame(t, 3, WeatherOvercast2)
	refused(t, g, Allied, "attack 0202 from 0201 maf a3 naval 1", "19.2.4") // outside the NBZ
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 naval 2", "19.2.3")
	g.s.Naval = []markerPool{{Army: "us", Ready: 0}, {Army: "cw", Ready: 1}}
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 naval 1", "19.2.1") // no US marker left
	ev := apply(t, g, Allied, "attack 0404 from 0304 maf b1 naval 1")
	if !strings.Contains(ev[0].Text, "1R naval support") {
		t.Errorf("declaration %q", ev[0].Text)
	}
	if p := markers(g.s.Naval, "cw"); p.Used != 1 {
		t.Errorf("CW naval %+v", p)
	}
	g = airNavalGame(t, 3, WeatherStorm)
	refused(t, g, Allied, "attack 0404 from 0403 maf a1 naval 1", "4.3, 19.2.3")
	g = airNavalGame(t, 3, WeatherOvercast2)
	g.s.Phase = PhaseInvasion
	if _, _, why := g.navalTarget("us", g.b.ids["0404"]); !strings.Contains(why, "Special Invasion Phase") {
		t.Errorf("20.1: naval in the Special Invasion Phase: %q", why)
	}
}

// TestNaval_E24_16_2: E24 (16.2, L1113): Allied infantry and tanks with
// naval support attack a strongpoint: no DB, no AS; 9:2 = 4-1, +1 quality,
// +1 naval = 6-1.
func TestNaval_E24_16_2(t *testing.T) {
	m := testMap{
		units: []string{
			"gsp german heer - strongpoint 2-0",
			"ai allied us 4 infantry 6-4 3-4 quality=1",
			"at allied us 4 armored 3-6 2-6 ac=gray:3",
		},
		setup: []string{"gsp 0404", "ai 0403", "at 0403"},
	}
	gg, err := New([]byte(m.withZones("nbz 0404").text()), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(3, PhaseCombat, Allied)
	g.s.Weather = WeatherOvercast2
	g.supportMarkers()
	in, _ := g.combatInput(AttackCommand{Target: "0404", From: []string{"0403"}, MAF: []string{"ai", "at"}, Naval: 1})
	o, err := resolveOdds(in)
	if err != nil {
		t.Fatal(err)
	}
	if o.Attack != 9 || o.Defense != 2 || o.Raw != Col4to1 || o.Final != Col6to1 {
		t.Errorf("E24: %s, want 9:2 = 4-1 → 6-1", o)
	}
	if !slices.Equal(shiftSources(o), []ShiftSource{ShiftQualityAttacker, ShiftNaval}) {
		t.Errorf("E24 shifts %v, want quality and naval only (no AS against a strongpoint)", shiftSources(o))
	}
	apply(t, g, Allied, "attack 0404 from 0403 maf ai at naval 1")
	if markers(g.s.Naval, "us").Used != 1 {
		t.Errorf("the naval marker is not spent: %+v", g.s.Naval)
	}
}

// TestNaval_DefensiveDD_19_2_2: an Allied Determined Defense in the NBZ may
// take +1 from a naval marker of the Lead's army, which is then spent for
// the game turn (19.2.1, 19.2.2, 12.4.7).
func TestNaval_DefensiveDD_19_2_2(t *testing.T) {
	g := airNavalGame(t, 3, WeatherOvercast2)
	c := &Combat{Combat: &combat.Combat{Origin: "0404"}, In: CombatInput{Attacker: German, Defenders: []CombatUnit{{ID: "a1"}}}}
	pay := g.ddSupport(c, "a1")
	if pay == nil {
		t.Fatal("no naval support for an Allied DD in the NBZ")
	}
	if got := pay(); !strings.Contains(got, "us naval marker") {
		t.Errorf("paid by %q", got)
	}
	if markers(g.s.Naval, "us").Used != 1 {
		t.Errorf("naval %+v", g.s.Naval)
	}
	g.s.Naval = []markerPool{{Army: "us", Ready: 0}, {Army: "cw", Ready: 2}}
	if g.ddSupport(c, "a1") != nil {
		t.Error("a CW marker supported a US Lead (19.2.3)")
	}
	c.Origin = "0202"
	g.s.Naval = []markerPool{{Army: "us", Ready: 2}}
	if g.ddSupport(c, "a1") != nil {
		t.Error("naval support outside the NBZ (19.2.3)")
	}
}

// TestStrafe_19_1_4: strafing is assigned before any combat, on a hex with
// German silhouette armor outside Forest and City, one marker per hex before
// turn 17; it is rolled just before the attack on the hex, one die per
// unit, a modified 6 costing a step; -1 beside an 88mm Flak, +1 on SM.
func TestStrafe_19_1_4(t *testing.T) {
	g := airNavalGame(t, 3, WeatherClear4)            // 2 US, 2 CW air
	refused(t, g, Allied, "strafe 0404 us", "19.1.4") // infantry only
	refused(t, g, Allied, "strafe 0808 us", "19.1.4") // Forest
	refused(t, g, Allied, "strafe 0607 cw", "19.1.4") // nothing there
	apply(t, g, Allied, "strafe 0606 us")
	refused(t, g, Allied, "strafe 0606 us", "19.1.4") // one per hex before turn 17
	if markers(g.s.Air, "us").Used != 1 {
		t.Errorf("US air %+v", g.s.Air)
	}
	// AMBIG-35: a CW attack may not follow a US strafing.
	g.s.Units[g.index["b1"]].At = "0506"
	refused(t, g, Allied, "attack 0606 from 0506 maf b1", "19.1.4, 22.1.1")
	g.s.Units[g.index["b1"]].At = "0304"
	g.s.Units[g.index["gpz2"]].SM = true
	ev := apply(t, g, Allied, "attack 0606 from 0605 maf a2")
	if g.s.Combat != nil || g.s.Strafing == nil || !strings.Contains(ev[len(ev)-1].Text, "strafing of 0606 comes first") {
		t.Fatalf("after the declaration: combat %v strafing %v, events %v", g.s.Combat, g.s.Strafing, ev)
	}
	p := g.Pending()
	if p.Dice == nil || p.Dice.By != rules.Seat(Allied) || !strings.Contains(p.Dice.For, "strafing gpz ") ||
		!strings.Contains(p.Prompt, "Allied player rolls") || !strings.Contains(p.Prompt, "19.1.4") {
		t.Fatalf("pending %+v", p)
	}
	// Refused while the die is awaited, like every command.
	if _, err := g.Apply(rules.Seat(Allied), "end"); err == nil {
		t.Error("a command was taken while the strafing die was awaited")
	}
	// gpz: 6 - 1 (Flak in 0706, next to 0606) = 5: no effect.
	ev, err := g.Roll([]int{6})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ev[0].Text, "-1 for an 88mm Flak") || !strings.Contains(ev[0].Text, "no effect") || g.s.Units[g.index["gpz"]].Step != 0 {
		t.Errorf("gpz strafing: %v", ev)
	}
	// gpz2 in SM: 5 - 1 + 1 = 5: no effect; a 6 would be 6: a step.
	c := g.Clone().(*Game)
	if ev, err = c.Roll([]int{6}); err != nil {
		t.Fatal(err)
	}
	if c.s.Units[c.index["gpz2"]].Step != 1 || !strings.Contains(ev[0].Text, "one step lost (T11)") {
		t.Errorf("gpz2 strafing 6 -1 +1: step %d, events %v", c.s.Units[c.index["gpz2"]].Step, ev)
	}
	if c.s.Strafing != nil || c.s.Combat == nil || !strings.Contains(ev[len(ev)-1].Text, "Combat 1 declared") {
		t.Errorf("the combat does not open after the strafing: %v", ev)
	}
	if ev, err = g.Roll([]int{5}); err != nil {
		t.Fatal(err)
	}
	if g.s.Units[g.index["gpz2"]].Step != 0 || g.s.Combat == nil {
		t.Errorf("gpz2 strafing 5: step %d, combat %v", g.s.Units[g.index["gpz2"]].Step, g.s.Combat)
	}
	// Once a combat is under way, no more strafing (19.1.4).
	if _, err := g.checkStrafe(StrafeCommand{Hex: "0606", Army: "cw"}); err == nil || !strings.Contains(err.Error(), "before any combat") {
		t.Errorf("strafing after a combat: %v", err)
	}

	// Never in the Reserve Combat Phase.
	g = airNavalGame(t, 3, WeatherClear4)
	g.s.Phase = PhaseReserveCombat
	if _, err := g.checkStrafe(StrafeCommand{Hex: "0606", Army: "us"}); err == nil || !strings.Contains(err.Error(), "never the Reserve Combat Phase") {
		t.Errorf("strafing in the Reserve Combat Phase: %v", err)
	}
	// From turn 17, two markers on one hex: two dice per unit.
	g = airNavalGame(t, 17, WeatherClear4)
	apply(t, g, Allied, "strafe 0606 us")
	// AMBIG-35, 22.1.1: a CW marker joining a US strafing could never be
	// followed by an attack of both armies.
	refused(t, g, Allied, "strafe 0606 cw", "19.1.4, 22.1.1")
	apply(t, g, Allied, "strafe 0606 us")
	apply(t, g, Allied, "attack 0606 from 0605 maf a2")
	if n := len(g.s.Strafing.Targets); n != 4 {
		t.Errorf("two markers on two tanks: %d dice, want 4", n)
	}
}

// TestStrafe_Eliminates: a strafing step loss may eliminate the unit; if no
// defender is left there is no combat (10.1).
func TestStrafe_Eliminates(t *testing.T) {
	g := airNavalGame(t, 3, WeatherClear4)
	g.s.Units[g.index["gpz2"]] = unitState{ID: "gpz2", Gone: true}
	g.s.Units[g.index["gflak"]].At = "0102"
	g.s.Units[g.index["gpz"]].Step = 1 // one step left
	apply(t, g, Allied, "strafe 0606 us")
	apply(t, g, Allied, "attack 0606 from 0605 maf a2")
	ev, err := g.Roll([]int{6})
	if err != nil {
		t.Fatal(err)
	}
	if !g.s.Units[g.index["gpz"]].Gone || g.s.Combat != nil || !strings.Contains(ev[len(ev)-1].Text, "No combat on 0606") {
		t.Errorf("events %v", ev)
	}
	if g.Pending().Dice != nil {
		t.Error("dice still awaited")
	}
}

// TestStrafeRoundTrip (19.1.4): the strafe command's canonical form.
func TestStrafeRoundTrip(t *testing.T) {
	for _, s := range []string{"strafe 0606 us", "strafe 2437 cw"} {
		c, err := ParseStrafe(s)
		if err != nil || c.String() != s {
			t.Errorf("%q: %v %q", s, err, c.String())
		}
	}
	for _, s := range []string{"strafe", "strafe 0606", "strafe 0606 gb", "strafe x us", "strafe 0606 us 2", "strafe  0606 us"} {
		if _, err := ParseStrafe(s); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}

// FuzzParseStrafe: whatever ParseStrafe accepts prints back as the same text
// and parses again.
func FuzzParseStrafe(f *testing.F) {
	rulestest.FuzzRoundTrip(f, func(s string) (string, error) {
		c, err := ParseStrafe(s)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	}, ErrCommand, "strafe 0606 us")
}

// settle resolves the combat in progress with dice of 3 and the first
// choice offered to whoever decides.
func settle(t *testing.T, g *Game) {
	t.Helper()
	for n := 0; g.s.Combat != nil || g.s.Strafing != nil; n++ {
		if n > 50 {
			t.Fatal("the combat does not end")
		}
		p := g.Pending()
		if p.Dice != nil {
			if _, err := g.Roll([]int{3}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		cs := g.Legal(p.Seats[0])
		if len(cs) == 0 {
			t.Fatalf("no choice for %s", p.Prompt)
		}
		apply(t, g, Side(p.Seats[0]), cs[0].Command)
	}
}

// bombardGame: Cherbourg's defense line holds 0101-0103, outside the NBZ
// (0404); German units in 0102, 0103 and 0404 face US units.
func bombardGame(t *testing.T, special ...string) *Game {
	t.Helper()
	m := testMap{
		units: []string{
			"g1 german heer 91 infantry 2-4 1-4", "g2 german heer 91 infantry 2-4 1-4", "g3 german heer 91 infantry 2-4 1-4",
			"a1 allied us 4 infantry 6-4 3-4", "a2 allied us 4 infantry 6-4 3-4", "a3 allied us 4 infantry 6-4 3-4",
		},
		setup:   []string{"g1 0102", "g2 0103", "g3 0404", "a1 0202", "a2 0204", "a3 0403"},
		special: special,
	}
	zones := []string{"nbz 0404", "cherbourg-region 0101-0103"}
	if len(special) > 0 {
		zones = append(zones, "north-of-27june 0101-0108 0201-0208 0301-0308 0401-0408 0501-0508 0601-0608 0701-0708 0801-0808")
	}
	gg, err := New([]byte(m.withZones(zones...).text()), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(3, PhaseCombat, Allied)
	g.s.Weather = WeatherOvercast2
	g.supportMarkers()
	return g
}

// TestCherbourgBombardment_19_2_5: once a game both US Western TF markers
// fire on hexes inside the Cherbourg defense line, outside the NBZ, in the
// same turn and on different hexes; that turn neither fires elsewhere.
func TestCherbourgBombardment_19_2_5(t *testing.T) {
	g := bombardGame(t)
	c := g.Clone().(*Game)
	poolUse(c.s.Naval, "us", 1)
	refused(t, c, Allied, "attack 0102 from 0202 maf a1 naval 1", "19.2.5") // one marker gone already
	ev := apply(t, g, Allied, "attack 0102 from 0202 maf a1 naval 1")
	if g.s.Bombard != 3 || !strings.Contains(ev[0].Text, "Special Cherbourg bombardment on 0102") {
		t.Fatalf("bombardment %d, events %v", g.s.Bombard, ev)
	}
	settle(t, g)
	refused(t, g, Allied, "attack 0404 from 0403 maf a3 naval 1", "19.2.5")
	apply(t, g, Allied, "attack 0103 from 0204 maf a2 naval 1")
	settle(t, g)
	if markers(g.s.Naval, "us").Used != 2 {
		t.Errorf("naval %+v", g.s.Naval)
	}
	// Never again: next turn the line's hexes are outside the NBZ again.
	g = bombardGame(t)
	g.s.Bombard = 2
	refused(t, g, Allied, "attack 0102 from 0202 maf a1 naval 1", "19.2.4")
	apply(t, g, Allied, "attack 0404 from 0403 maf a3 naval 1")
}

// TestCherbourgScenarioNaval_S3_2_4: in the Cherbourg scenario the Allies
// have one US naval marker a non-Storm turn, both in the turn of the special
// bombardment, and no CW markers; air per T5, at most 2 US (resourcesCherbourg).
func TestCherbourgScenarioNaval_S3_2_4(t *testing.T) {
	g := bombardGame(t, "no-cross allied north-of-27june", "support us air=2 naval=1", "support cw air=0 naval=0")
	if !isCherbourgRules(g.sc) {
		t.Skip("the map does not play under the Cherbourg rules")
	}
	if markers(g.s.Naval, "us").Ready != 1 || markers(g.s.Naval, "cw").Ready != 0 {
		t.Fatalf("naval %+v", g.s.Naval)
	}
	g.s.Weather = WeatherClear6
	g.supportMarkers()
	if markers(g.s.Air, "us").Ready != 2 || markers(g.s.Air, "cw").Ready != 0 {
		t.Errorf("S3.2.4 air %+v, want 2 US (3 capped at 2), no CW", g.s.Air)
	}
	apply(t, g, Allied, "attack 0102 from 0202 maf a1 naval 1")
	settle(t, g)
	apply(t, g, Allied, "attack 0103 from 0204 maf a2 naval 1")
	if p := markers(g.s.Naval, "us"); p.Ready != 2 || p.Used != 2 {
		t.Errorf("S3.2.4: both markers in the bombardment turn: %+v", p)
	}
}

// TestCoastalBatteries_25_3: under the option, from turn 2 one US and one
// British naval marker a turn suppress the batteries on their side of the
// boundary; a battery is eliminated with its strongpoint or when an Allied
// unit occupies its hex, and its side's marker is freed the next turn.
func TestCoastalBatteries_25_3(t *testing.T) {
	m := testMap{
		places: []string{"battery 0202", "battery 0707"},
		units: []string{
			"sp german heer - strongpoint 2-0 battery",
			"b1 allied gb 50 infantry 6-4 3-4",
		},
		setup: []string{"sp 0202", "b1 0706"},
	}
	gg, err := New([]byte(m.withZones("us-sector 0101-0108 0201-0208 0301-0308").text()), []string{"coastal-batteries"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	if markers(g.s.Naval, "us").Ready != 2 {
		t.Errorf("turn 1: naval %+v (25.3 starts in turn 2)", g.s.Naval)
	}
	initial := func(turn int) {
		t.Helper()
		g.setStage(turn, PhaseInitial, "")
		if _, err := g.Roll([]int{4}); err != nil {
			t.Fatal(err)
		}
	}
	initial(2)
	for _, army := range supportArmies {
		if p := markers(g.s.Naval, army); p.Ready != 1 || p.Committed != 1 {
			t.Errorf("turn 2 %s: %+v, want 1 ready and 1 on the batteries", army, p)
		}
	}
	if v := strings.Join(g.View(rules.Seat(Allied)).Lines, "\n"); !strings.Contains(v, "suppressing coastal batteries (25.3)") {
		t.Errorf("view:\n%s", v)
	}
	g.eliminate(g.index["sp"])
	g.s.Units[g.index["b1"]].At = "0707"
	initial(3)
	for _, army := range supportArmies {
		if p := markers(g.s.Naval, army); p.Ready != 2 || p.Committed != 0 {
			t.Errorf("turn 3 %s: %+v, want both free", army, p)
		}
	}
	if !slices.Equal(g.s.Batteries, []string{"0202", "0707"}) {
		t.Errorf("batteries eliminated %v", g.s.Batteries)
	}
	// Without the option nothing is committed.
	gg, _ = New([]byte(m.withZones("us-sector 0101-0108").text()), nil)
	g = gg.(*Game)
	initial(2)
	if p := markers(g.s.Naval, "us"); p.Ready != 2 {
		t.Errorf("no option: %+v", p)
	}
}

// TestNaval_DDChoices_19_2_3: the 'dd LEAD support naval' choices are
// offered only for a Lead whose army has a naval marker ready (19.2.3,
// 12.4.7).
func TestNaval_DDChoices_19_2_3(t *testing.T) {
	g := airNavalGame(t, 3, WeatherOvercast2)
	c := &Combat{Combat: &combat.Combat{Origin: "0404"}, In: CombatInput{Attacker: German, Defenders: []CombatUnit{{ID: "a1"}, {ID: "b1"}}}}
	g.s.Naval = []markerPool{{Army: "us", Ready: 0}, {Army: "cw", Ready: 1}}
	got := g.supportChoices(c, []string{"dd a1", "dd a1 support", "dd b1", "dd b1 support", "no-dd"})
	if !slices.Equal(got, []string{"dd a1", "dd b1", "dd b1 support naval", "no-dd"}) {
		t.Errorf("choices %v", got)
	}
}

// TestNaval_DDSupportOrder_19_2_2: with 'order dd always' and 'order
// dd-support always' in force, a DD taken by order asks for the naval
// marker of the Lead's army, names it in the record, and spends it (12.4.7,
// 19.2.2, digest §6.3).
func TestNaval_DDSupportOrder_19_2_2(t *testing.T) {
	g := airNavalGame(t, 3, WeatherOvercast2)
	c := &Combat{Combat: &combat.Combat{Origin: "0404"}, In: CombatInput{Attacker: German, Defenders: []CombatUnit{{ID: "a1"}}}}
	o, _ := ParseCombatCommand("order dd-support always")
	orders := Orders{string(Allied): []CombatCommand{o}}
	cmd := CombatCommand{Kind: CmdDD, Units: []string{"a1"}}
	pay := g.orderedSupport(c, Allied, &cmd, orders)
	if pay == nil || cmd.String() != "dd a1 support naval" {
		t.Fatalf("ordered DD: %q, pay %v", cmd, pay != nil)
	}
	pay()
	if markers(g.s.Naval, "us").Used != 1 {
		t.Errorf("naval %+v", g.s.Naval)
	}
	cmd = CombatCommand{Kind: CmdDD, Units: []string{"a1"}}
	if g.orderedSupport(c, Allied, &cmd, Orders{}) != nil || cmd.Support {
		t.Error("support without the order")
	}
	for _, s := range []string{"order dd-support always", "order dd-support never"} {
		if c, err := ParseCombatCommand(s); err != nil || c.String() != s {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// TestCoastalBatteries_MontCanisy_25_3: Mont Canisy (2437) needs no British
// marker while no reinforcement has landed through Sword.
func TestCoastalBatteries_MontCanisy_25_3(t *testing.T) {
	var b strings.Builder
	b.WriteString("game normandy44\nscenario test\ntitle Canisy\nedition 2.2\nprovenance stand-in: test\nlayout flat-top odd-columns-down\nturns 5\n\n[terrain]\n")
	for c := 23; c <= 25; c++ {
		fmt.Fprintf(&b, "%02d35-%02d39 clear\n", c, c)
	}
	b.WriteString("\n[places]\nbattery 2437\n\n[units]\nsp german heer - strongpoint 2-0 battery\n\n[setup]\nsp 2437\n")
	gg, err := New([]byte(b.String()), []string{"coastal-batteries"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(2, PhaseInitial, "")
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	if p := markers(g.s.Naval, "cw"); p.Ready != 2 || p.Committed != 0 {
		t.Errorf("no Sword landing: %+v", p)
	}
	g.s.SwordLanded = true
	g.setStage(3, PhaseInitial, "")
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	if p := markers(g.s.Naval, "cw"); p.Ready != 1 || p.Committed != 1 {
		t.Errorf("after a Sword landing: %+v", p)
	}
}

// TestCherbourgScenario_Markers_S3_2_4: the Cherbourg scenario file gives
// the Allies one US naval marker on turn 1 and in each non-Storm turn, US
// air per T5 up to 2, and no CW markers.
func TestCherbourgScenario_Markers_S3_2_4(t *testing.T) {
	g := cherbourg(t)
	if markers(g.s.Naval, "us").Ready != 1 || markers(g.s.Naval, "cw").Ready != 0 || len(g.s.Air) != 0 {
		t.Errorf("turn 1: air %v naval %v", g.s.Air, g.s.Naval)
	}
	for _, c := range []struct {
		turn, die, air, naval int
	}{{3, 6, 2, 1}, {3, 3, 1, 1}, {3, 1, 0, 0}} {
		g.setStage(c.turn, PhaseInitial, "")
		g.s.Over = false
		if _, err := g.Roll([]int{c.die}); err != nil {
			t.Fatal(err)
		}
		if markers(g.s.Air, "us").Ready != c.air || markers(g.s.Naval, "us").Ready != c.naval ||
			markers(g.s.Air, "cw").Ready != 0 || markers(g.s.Naval, "cw").Ready != 0 {
			t.Errorf("turn %d die %d: air %v naval %v", c.turn, c.die, g.s.Air, g.s.Naval)
		}
	}
}

// TestStrafe_Players_24_0: with two Allied players each flies only his own
// army's air markers (19.1.2, 22.1.1, 24.0).
func TestStrafe_Players_24_0(t *testing.T) {
	m := fourMap()
	m.units = append(m.units, "gpz german heer 21pz tank 4-6 2-6 ac=gray:3")
	m.setup = append(m.setup, "gpz 0604")
	gg, err := New([]byte(m.withZones("us-sector 0101-0108 0201-0208 0301-0308 0401-0408").text()), []string{"players=3-allied"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(3, PhaseCombat, Allied)
	g.s.Weather = WeatherClear4
	g.supportMarkers()
	seat := g.Pending().Seats[0]
	if seat != SeatUS {
		t.Fatalf("the Allied Combat Phase opens with %s", seat)
	}
	rulestest.Refused(t, g, SeatUS, "strafe 0604 cw", "24.0", "cw seat")
	rulestest.Apply(t, g, SeatUS, "strafe 0604 us")
}
