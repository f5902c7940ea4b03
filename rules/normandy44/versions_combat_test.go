package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scene"
)

// The fixes of normandy44/5 to combat, each against the rulebook (seeds/000,
// its line), on a small test map; normandy44/4, under which older logs still
// replay, keeps its reading.

// combatUnder is m's game in side's Combat Phase of turn 3 under a rules
// version, in weather w.
func (m testMap) combatUnder(t *testing.T, version string, side Side, w Weather) *Game {
	t.Helper()
	g := m.gameUnder(t, version, side, 3)
	g.s.Phase, g.s.Weather = PhaseCombat, w
	return g
}

// TestJabos_AMBIG34_AlliedRolls: the Jabos die before a German attack in
// Clear weather is the Allied player's, as the example of 19.1.3 has it (L1314:
// "gracz aliancki rzuca w tabeli Jabos"), the digest's reading of AMBIG-34;
// normandy44/4 had the German roll it, as 4.3 reads (L334).
func TestJabos_AMBIG34_AlliedRolls(t *testing.T) {
	m := testMap{
		units: []string{gerInf, "a1 allied us 4 infantry 2-4 1-4"},
		setup: []string{"ginf 0505", "a1 0504"},
	}
	for version, roller := range map[string]rules.Seat{Version: "allied", "normandy44/4": "german"} {
		g := m.combatUnder(t, version, German, WeatherClear5)
		apply(t, g, German, "attack 0504 from 0505 maf ginf")
		p := g.Pending()
		if p.Dice == nil || p.Dice.By != roller || len(p.Seats) != 1 || p.Seats[0] != roller {
			t.Errorf("%s: the Jabos die is awaited from %+v (seats %v), want %s's", version, p.Dice, p.Seats, roller)
		}
	}
}

// corridor is a test map of sea but for the hexes given: a retreat from 0404
// has no way but through them.
func corridor(land ...string) map[string]string {
	terrain := map[string]string{}
	for c := 1; c <= 8; c++ {
		for r := 1; r <= 8; r++ {
			terrain[hexID(c, r)] = "sea"
		}
	}
	for _, h := range land {
		w := strings.Fields(h)
		terrain[w[0]] = "clear"
		if len(w) > 1 {
			terrain[w[0]] = strings.Join(w[1:], " ")
		}
	}
	return terrain
}

// Two Allied 8-strength regiments of one division at 0403 against 4 German
// strength at 0404: 16:4, 4-1; die 3 is DR (T1, L2093).
const (
	alliedA1 = "a1 allied us 4 infantry 8-4 4-4"
	alliedA2 = "a2 allied us 4 infantry 8-4 4-4"
	gerA     = "gA german heer 1 infantry 2-4 1-4"
	gerB     = "gB german heer 1 infantry 2-4 1-4"
)

// dr attacks 0404 from 0403 with a1 and a2 and rolls DR; the German player
// declines the Determined Defense, and the retreat is his to choose.
func dr(t *testing.T, g *Game) {
	t.Helper()
	apply(t, g, Allied, "attack 0404 from 0403 maf a1 a2")
	rulestest.Roll(t, g, 3)
	if c := g.combat(); c == nil || c.Result.Code != ResDR {
		t.Fatalf("want DR, have %+v", g.Pending())
	}
	apply(t, g, German, "no-dd")
}

// choicesOf lists the legal commands of seat that begin with prefix.
func choicesOf(g *Game, seat Side, prefix string) []string {
	var out []string
	for _, c := range g.Legal(rules.Seat(seat)) {
		if strings.HasPrefix(c.Command, prefix) {
			out = append(out, c.Command)
		}
	}
	return out
}

// TestRetreat_13_1_3_StackSplits: a retreating stack may split, each unit
// on its own path (13.1.3, L934: "Stos Wycofujących się oddziałów może
// rozdzielić się i Wycofać na różne heksy"): the owner is offered each
// unit's paths beside the stack's, and the rest follows; normandy44/4
// retreated the stack whole.
func TestRetreat_13_1_3_StackSplits(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, gerB}, setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404"}}
	g := m.combatUnder(t, Version, Allied, WeatherOvercast2)
	dr(t, g)
	if len(choicesOf(g, German, "retreat gA ")) == 0 || len(choicesOf(g, German, "retreat gB ")) == 0 || !slices.Contains(choicesOf(g, German, "retreat "), "retreat 0405 0406") {
		t.Fatalf("retreat choices %v: want the stack's and each unit's", choicesOf(g, German, "retreat"))
	}
	apply(t, g, German, "retreat gA 0405 0406")
	rest := choicesOf(g, German, "retreat ")
	if len(rest) == 0 || slices.ContainsFunc(rest, func(c string) bool { return strings.Contains(c, "gA") || strings.Contains(c, "gB") }) {
		t.Fatalf("after gA went: %v, want gB's paths, as the stack left", rest)
	}
	last := rest[len(rest)-1]
	apply(t, g, German, last)
	apply(t, g, Allied, "advance-done")
	if end := last[len(last)-4:]; at(g, "gA") != "0406" || at(g, "gB") != end || !g.s.Units[g.index["gA"]].Disrupted || !g.s.Units[g.index["gB"]].Disrupted {
		t.Errorf("gA at %s, gB at %s, want 0406 and %s, both Disrupted", at(g, "gA"), at(g, "gB"), end)
	}

	old := m.combatUnder(t, "normandy44/4", Allied, WeatherOvercast2)
	dr(t, old)
	if split := choicesOf(old, German, "retreat g"); len(split) != 0 || len(choicesOf(old, German, "retreat ")) == 0 {
		t.Errorf("normandy44/4 offers %v", split)
	}
}

// TestRetreat_13_1_5_ExcessOnly: when a retreat cannot avoid overstacking,
// only the excess units, the owner's pick among the retreating ones, are
// eliminated (13.1.5, L938: "oddziały przekraczające limit wielkości stosu
// są eliminowane (wybór grającego tymi oddziałami)"). In a corridor whose
// only end hex has room for one of two 2-point units, the one the owner
// retreats first survives; normandy44/4 eliminated the whole stack.
func TestRetreat_13_1_5_ExcessOnly(t *testing.T) {
	m := testMap{terrain: corridor("0403", "0404", "0405", "0406"),
		units: []string{alliedA1, alliedA2, "gA german heer 1 infantry 3-4 1-4", "gB german heer 1 infantry 3-4 1-4", "gC german heer 2 infantry 3-4 1-4"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404", "gC 0406"}}
	g := m.combatUnder(t, Version, Allied, WeatherOvercast2)
	// 16:6, 2-1; die 4 is DR (T1, L2094).
	apply(t, g, Allied, "attack 0404 from 0403 maf a1 a2")
	rulestest.Roll(t, g, 4)
	apply(t, g, German, "no-dd")
	if got := choicesOf(g, German, "retreat "); !slices.Equal(got, []string{"retreat gA 0405 0406", "retreat gB 0405 0406"}) {
		t.Fatalf("retreat choices %v, want each unit's alone", got)
	}
	ev := apply(t, g, German, "retreat gB 0405 0406")
	apply(t, g, Allied, "advance-done")
	if !g.s.Units[g.index["gA"]].Gone || g.s.Units[g.index["gB"]].Gone || at(g, "gB") != "0406" {
		t.Errorf("gA gone %v, gB at %s: want gA eliminated, gB in 0406 (%v)", g.s.Units[g.index["gA"]].Gone, at(g, "gB"), ev)
	}

	old := m.combatUnder(t, "normandy44/4", Allied, WeatherOvercast2)
	apply(t, old, Allied, "attack 0404 from 0403 maf a1 a2")
	rulestest.Roll(t, old, 4)
	apply(t, old, German, "no-dd")
	apply(t, old, Allied, "advance-done")
	if !old.s.Units[old.index["gA"]].Gone || !old.s.Units[old.index["gB"]].Gone {
		t.Error("normandy44/4 no longer eliminates the whole stack")
	}
}

// TestSM_9_8_5_OffWhenAttacked: a unit's Strategic Move marker comes off
// when it is attacked, once the odds are set (9.8.5, L621: "Oddział zostaje
// zaatakowany – znacznik jest usuwany po ustaleniu ostatecznej relacji sił"),
// so a second attack in the Reserve Combat Phase finds it without; its
// odds still read it (9.8.4: no DB, 1R). normandy44/4 kept it until the
// owner's next Movement Phase.
func TestSM_9_8_5_OffWhenAttacked(t *testing.T) {
	m := testMap{terrain: map[string]string{"0404": "bocage"},
		units: []string{alliedA1, gerMech}, setup: []string{"a1 0403", "gpz 0404"}}
	for version, kept := range map[string]bool{Version: false, "normandy44/4": true} {
		g := m.combatUnder(t, version, Allied, WeatherOvercast2)
		g.s.Units[g.index["gpz"]].SM = true
		apply(t, g, Allied, "attack 0404 from 0403 maf a1")
		if o := g.combat().Odds; o.DB != 0 || !slices.Contains(shiftSources(o), ShiftStrategicMove) {
			t.Errorf("%s: the odds do not read the marker (9.8.4): %s", version, o)
		}
		rulestest.Roll(t, g, 1) // 8:6, 1-1: A1
		if p := g.Pending(); len(p.Seats) > 0 && p.Seats[0] == "allied" && g.s.Combat != nil {
			apply(t, g, Allied, g.Legal("allied")[0].Command)
		}
		if g.s.Combat != nil {
			t.Fatalf("%s: the combat goes on: %+v", version, g.Pending())
		}
		if got := g.s.Units[g.index["gpz"]].SM; got != kept {
			t.Errorf("%s: the attacked unit's SM marker %v, want %v", version, got, kept)
		}
	}
}

// TestRetreat_13_7_SMLastResort: a retreat may end with a friendly unit
// under a Strategic Move marker only when no other path exists, and the
// marker then comes off (13.7, L1006; 9.8.5, L622); normandy44/4 took that
// hex like any other, and left the marker.
func TestRetreat_13_7_SMLastResort(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, gerB, "gsm german heer 2 panzergrenadier 1-5"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404", "gsm 0406"}}
	g := m.combatUnder(t, Version, Allied, WeatherOvercast2)
	g.s.Units[g.index["gsm"]].SM = true
	dr(t, g)
	if got := choicesOf(g, German, "retreat 0405 0406"); len(got) != 0 {
		t.Errorf("a retreat onto the SM unit while others exist: %v", got)
	}
	old := m.combatUnder(t, "normandy44/4", Allied, WeatherOvercast2)
	old.s.Units[old.index["gsm"]].SM = true
	dr(t, old)
	if got := choicesOf(old, German, "retreat 0405 0406"); len(got) == 0 {
		t.Error("normandy44/4 no longer retreats onto the SM unit")
	}

	// Only the hex of the SM unit is left: the retreat ends there, and its
	// marker comes off.
	m.terrain = corridor("0403", "0404", "0405", "0406")
	g = m.combatUnder(t, Version, Allied, WeatherOvercast2)
	g.s.Units[g.index["gsm"]].SM = true
	dr(t, g)
	apply(t, g, German, "retreat 0405 0406")
	apply(t, g, Allied, "advance-done")
	if at(g, "gA") != "0406" || g.s.Units[g.index["gsm"]].SM {
		t.Errorf("gA at %s, gsm's marker %v: want the stack in 0406 and the marker off", at(g, "gA"), g.s.Units[g.index["gsm"]].SM)
	}
}

// TestAdvance_14_3_1_FirstHex: no advance goes from a hex in an enemy
// unit's ZOC straight into another hex of the same unit's ZOC, its first
// hex included, unless into the vacated hex (14.3.1, L1024: "Żaden oddział
// nie może przejść z jednej SKw bezpośrednio do innej SKw tego samego
// wrogiego oddziału, chyba że wchodzi lub już wszedł na heks opuszczony").
// The German gX in 0302 holds the attackers' hex 0403 and 0402 beside it in
// its ZOC; normandy44/4 checked from the second hex only.
func TestAdvance_14_3_1_FirstHex(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, gerB, "gX german heer 2 infantry 6-4 4-4"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404", "gX 0302"}}
	for version, first := range map[string]bool{Version: false, "normandy44/4": true} {
		g := m.combatUnder(t, version, Allied, WeatherOvercast2)
		dr(t, g)
		apply(t, g, German, "retreat 0405 0406")
		adv := choicesOf(g, Allied, "advance a1 ")
		if slices.Contains(adv, "advance a1 0402") != first {
			t.Errorf("%s: advance a1 0402, from gX's ZOC into gX's ZOC, listed %v: %v", version, first, adv)
		}
		if !slices.Contains(adv, "advance a1 0404") {
			t.Errorf("%s: advance a1 0404 into the vacated hex is not listed: %v", version, adv)
		}
		if first {
			continue
		}
		refused(t, g, Allied, "advance a1 0402", "14.1")
	}
}

// TestAdvance_7_2_Excess: an advance may end over the stacking limit, which
// holds after it: the attacker then eliminates the units he picks until the
// hex is within it (7.2, L491-493: "Limit wielkości stosu musi być ściśle
// przestrzegany ... po Pościgu Po Walce. Jeśli wtedy limit będzie
// przekroczony ... gracz będący właścicielem musi odpowiednio zredukować
// dany przepełniony stos"); normandy44/4 offered no advance that ended over
// it.
func TestAdvance_7_2_Excess(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, gerB, "f1 allied us 9 infantry 6-4 3-4", "f2 allied us 9 infantry 6-4 3-4"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404", "f1 0503", "f2 0503"}}
	old := m.combatUnder(t, "normandy44/4", Allied, WeatherOvercast2)
	dr(t, old)
	apply(t, old, German, "retreat 0405 0406")
	if got := choicesOf(old, Allied, "advance a1 0404 0503"); len(got) != 0 {
		t.Errorf("normandy44/4 offers an advance over the limit: %v", got)
	}

	g := m.combatUnder(t, Version, Allied, WeatherOvercast2)
	dr(t, g)
	apply(t, g, German, "retreat 0405 0406")
	apply(t, g, Allied, "advance a1 0404 0503") // 0503: f1, f2 and a1, 6 points
	apply(t, g, Allied, "advance-done")
	if got := choicesOf(g, Allied, "eliminate "); !slices.Equal(got, []string{"eliminate a1", "eliminate f1", "eliminate f2"}) {
		t.Fatalf("the excess decision %v (%s)", got, g.Pending().Prompt)
	}
	refused(t, g, Allied, "eliminate a2", "7.2")
	apply(t, g, Allied, "eliminate f2")
	if g.s.Combat != nil || !g.s.Units[g.index["f2"]].Gone || at(g, "a1") != "0503" {
		t.Errorf("after eliminating f2: combat %v, f2 gone %v, a1 at %s", g.s.Combat != nil, g.s.Units[g.index["f2"]].Gone, at(g, "a1"))
	}
}

// TestRetreat_AMBIG24_EachCrossing: a retreat through a flooded hex off road
// and then across an unbridged major river it did not start next to costs
// two steps, one for each crossing (13.2.1, L942-948, the digest's reading of
// AMBIG-24); normandy44/4 charged one a retreat, and so does the option
// retreat-step-once.
func TestRetreat_AMBIG24_EachCrossing(t *testing.T) {
	m := testMap{terrain: corridor("0403", "0404", "0405 flooded", "0406"), hexsides: []string{"0405/0406 major-river"},
		units: []string{alliedA1, "gA german heer 1 infantry 2-4 1-4"}, setup: []string{"a1 0403", "gA 0404"}}
	for _, c := range []struct {
		version string
		options []string
		want    string
	}{
		{Version, nil, "retreat 0405 0406 loss gA gA"},
		{Version, []string{optRetreatStepOnce}, "retreat 0405 0406 loss gA"},
		{"normandy44/4", nil, "retreat 0405 0406 loss gA"},
	} {
		gg, err := newGame([]byte(m.text()), "", c.options, c.version)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		g.setStage(3, PhaseCombat, Allied)
		g.s.Weather = WeatherOvercast2
		apply(t, g, Allied, "attack 0404 from 0403 maf a1") // 8:2, 4-1; die 3 is DR
		rulestest.Roll(t, g, 3)
		apply(t, g, German, "no-dd") // the one path is taken at once
		if st := g.s.Combat.Steps; st[len(st)-1] != "german: "+c.want {
			t.Errorf("%s %v: the retreat %q, want %s", c.version, c.options, st[len(st)-1], c.want)
		}
		// The report lists the steps the retreat cost (13.2.1), and no
		// other loss: a DR costs none.
		steps := strings.Count(c.want, "gA")
		want := []scene.Loss{{Side: string(German), Unit: "gA", Steps: steps, Why: "retreat (13.2.1)"}}
		if got := combatReport(g.combat(), 1, 3, "combat").Losses; !slices.Equal(got, want) {
			t.Errorf("%s %v: the report's losses %+v, want %+v", c.version, c.options, got, want)
		}
	}
}

// TestRetreat_AMBIG25_OncePerPhase: the strength friends stop after a
// one-hex retreat is theirs once in a Combat Phase (13.3, L966-978, the
// digest's reading of AMBIG-25, as the first edition reads it): gf (3) stops
// gA (2) after one hex, and then cannot stop gB (2) in the same phase;
// normandy44/4 counted it afresh each retreat, as the option
// one-hex-per-retreat does.
func TestRetreat_AMBIG25_OncePerPhase(t *testing.T) {
	m := testMap{units: []string{alliedA1, "a3 allied us 5 infantry 8-4 4-4", "gA german heer 1 infantry 2-4 1-4",
		"gB german heer 2 infantry 2-4 1-4", "gf german heer 3 infantry 3-4 2-4"},
		setup: []string{"a1 0403", "a3 0605", "gA 0404", "gB 0505", "gf 0405"}}
	for _, c := range []struct {
		version string
		options []string
		again   bool
	}{{Version, nil, false}, {Version, []string{optOneHexPerRetreat}, true}, {"normandy44/4", nil, true}} {
		gg, err := newGame([]byte(m.text()), "", c.options, c.version)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		g.setStage(3, PhaseCombat, Allied)
		g.s.Weather = WeatherOvercast2
		// 8:2, 4-1; die 3 is DR (T1, L2093).
		apply(t, g, Allied, "attack 0404 from 0403 maf a1")
		rulestest.Roll(t, g, 3)
		apply(t, g, German, "no-dd")
		apply(t, g, German, "retreat 0405") // one hex, into gf (13.3)
		apply(t, g, Allied, "advance-done")
		apply(t, g, Allied, "attack 0505 from 0605 maf a3")
		rulestest.Roll(t, g, 3)
		apply(t, g, German, "no-dd")
		if got := slices.Contains(choicesOf(g, German, "retreat "), "retreat 0405"); got != c.again {
			t.Errorf("%s %v: gB may stop after one hex in 0405: %v, want %v", c.version, c.options, got, c.again)
		}
	}
}

// TestRange_S3_3_Attacks: a unit of a formation a scenario's range binds
// attacks only hexes within the range, and only from within it, and advances
// no farther (S3.3 II, III, L1608-1612: "mogą poruszać się i/lub atakować
// tylko w obrębie"); normandy44/4 held the range in movement only.
func TestRange_S3_3_Attacks(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, gerB},
		setup:   []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404"},
		special: []string{"range 4 from=3 within=1 of=0403"}}
	for version, bound := range map[string]bool{Version: true, "normandy44/4": false} {
		// gA and gB 2 hexes from 0403: out of range, and a1 in 0406, 3.
		g := m.combatUnder(t, version, Allied, WeatherOvercast2)
		g.s.Units[g.index["gA"]].At, g.s.Units[g.index["gB"]].At = "0405", "0405"
		g.s.Units[g.index["a1"]].At = "0404"
		if c := g.Clone().(*Game); bound {
			refused(t, c, Allied, "attack 0405 from 0404 maf a1", "S3.3", "0405 is not")
			c.s.Units[c.index["a1"]].At = "0406"
			refused(t, c, Allied, "attack 0405 from 0406 maf a1", "S3.3", "outside the range")
		} else {
			apply(t, c, Allied, "attack 0405 from 0404 maf a1")
		}

		g = m.combatUnder(t, version, Allied, WeatherOvercast2)
		dr(t, g)
		apply(t, g, German, "retreat 0405 0406")
		far := slices.Contains(choicesOf(g, Allied, "advance a1 "), "advance a1 0404 0405")
		if far == bound {
			t.Errorf("%s: advance a1 0404 0405, 2 hexes from 0403, listed %v", version, far)
		}
	}
}

// TestBoundary_22_1_2_Advance: an advance after combat goes no more than one
// hex beyond the army boundary (22.1.2, L1455: "mogą poruszać się i wykonywać
// Pościg Po Walce nie dalej niż jeden heks poza linię graniczną");
// normandy44/4 held the boundary in movement only.
func TestBoundary_22_1_2_Advance(t *testing.T) {
	units, setup := "us allied us 4 infantry 6-4\ng1 german heer 91 infantry 2-4\n", "us 2004\ng1 2005\n"
	for version, bound := range map[string]bool{Version: true, "normandy44/4": false} {
		g := boundaryGameUnder(t, "", version, units, setup)
		g.setStage(3, PhaseCombat, Allied)
		g.s.Weather = WeatherOvercast2
		apply(t, g, Allied, "attack 2005 from 2004 maf us") // 6:2, 3-1; die 3 is DR
		rulestest.Roll(t, g, 3)
		apply(t, g, German, "no-dd")
		away, most := "", 0 // the retreat that ends farthest from 2006
		for _, c := range choicesOf(g, German, "retreat ") {
			if d := hx.Distance(ax(t, g, c[len(c)-4:]), ax(t, g, "2006")); d > most {
				away, most = c, d
			}
		}
		apply(t, g, German, away)
		far := slices.Contains(choicesOf(g, Allied, "advance us "), "advance us 2005 2006")
		if far == bound {
			t.Errorf("%s: advance us 2005 2006, 2 hexes beyond the boundary, listed %v", version, far)
		}
	}
}

// TestDD_12_4_7_SupportSource: the defender chooses the source of his
// defensive support, one at most (12.4.7, L912: "W każdej Zdeterminowanej
// Obronie można użyć nie więcej niż jednego źródła"): 'dd UNIT support
// SOURCE' names it, and Legal lists each; normandy44/4's 'dd UNIT support'
// let the engine pick (a Werfer before an HQ).
func TestDD_12_4_7_SupportSource(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, "ghq german heer - hq (1)-5 range=5", "gw german heer - werfer (1)-4 range=3"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "ghq 0606", "gw 0605"}, special: []string{"supply 7th-army 2"}}
	drDD := func(g *Game) {
		apply(t, g, Allied, "attack 0404 from 0403 maf a1") // 8:2, 4-1; die 3 is DR
		rulestest.Roll(t, g, 3)
		if c := g.combat(); c.Result.Code != ResDR {
			t.Fatalf("want DR, have %s", c.Result)
		}
	}
	g := m.combatUnder(t, Version, Allied, WeatherOvercast2)
	drDD(g)
	if got := choicesOf(g, German, "dd gA support"); !slices.Equal(got, []string{"dd gA support gw", "dd gA support ghq"}) {
		t.Fatalf("support choices %v", got)
	}
	refused(t, g, German, "dd gA support", "12.4.7", "name the source")
	refused(t, g, German, "dd gA support naval", "12.4.7")
	ev := apply(t, g, German, "dd gA support ghq")
	if pool(g, germanSupPPool) != 1 || g.s.Units[g.index["gw"]].Fired || !rulestest.HasEvent(ev, "defensive support (12.4.7) by ghq") {
		t.Errorf("after the HQ's support: 7th Army SupP %d, Werfer fired %v (%v)", pool(g, germanSupPPool), g.s.Units[g.index["gw"]].Fired, ev)
	}

	old := m.combatUnder(t, "normandy44/4", Allied, WeatherOvercast2)
	drDD(old)
	refused(t, old, German, "dd gA support ghq", "12.4.7")
	apply(t, old, German, "dd gA support")
	if !old.s.Units[old.index["gw"]].Fired || pool(old, germanSupPPool) != 2 {
		t.Errorf("normandy44/4 no longer picks the Werfer")
	}
}
