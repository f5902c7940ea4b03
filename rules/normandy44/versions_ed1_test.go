package normandy44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// normandy44/5 in the first edition (variant ed1), which came with it: each
// fix of the audit holds where the Italian book (seeds/004, IT Lnnn) says
// what 2.2 says, and the first edition is followed where it says otherwise
// (13.7, 22.1's attacks, AMBIG-25). The fixes' own tests
// (versions_*_test.go) play them in 2.2.

// combatIn is m's game in the edition variant names, under the current
// rules version, in side's Combat Phase of turn 3, in weather w.
func (m testMap) combatIn(t *testing.T, variant string, side Side, w Weather, options ...string) *Game {
	t.Helper()
	g := m.edition(t, variant, side, 3, options...)
	g.s.Phase, g.s.Weather = PhaseCombat, w
	return g
}

// The first edition has no 13.7 (D13): a retreat may end with a friend under
// a Strategic Move marker as with any other (9.8.2, IT L616-617, binds only
// the moving unit), and the marker stays, for 9.8.5 (IT L624-628) takes it
// off only for the three reasons it lists, none a retreat. 2.2 under
// normandy44/5 takes that hex only as the last resort (13.7, PL L1006).
func TestEd1V5_13_7_NoLastResort(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, gerB, "gsm german heer 2 panzergrenadier 1-5"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404", "gsm 0406"}}
	for _, v := range []string{"", "ed1"} {
		g := m.combatIn(t, v, Allied, WeatherOvercast2)
		g.s.Units[g.index["gsm"]].SM = true
		dr(t, g) // 16:4, 4-1; die 3 is DR in both CRTs (PL L2093, IT L1797)
		onto := slices.Contains(choicesOf(g, German, "retreat "), "retreat 0405 0406")
		if onto != (v == "ed1") {
			t.Errorf("edition %q: a retreat onto the SM unit while others exist listed %v", v, onto)
		}
		if v == "" {
			continue
		}
		ev := apply(t, g, German, "retreat 0405 0406")
		apply(t, g, Allied, "advance-done")
		if at(g, "gA") != "0406" || !g.s.Units[g.index["gsm"]].SM {
			t.Errorf("ed1: gA at %s, gsm's marker %v: want the stack with gsm and the marker on (%v)", at(g, "gA"), g.s.Units[g.index["gsm"]].SM, ev)
		}
	}
}

// 9.8.5 (IT L628: "L'unità è attaccata. Il segnalino viene immediatamente
// rimosso, indipendentemente dal risultato del combattimento"): an attacked
// unit's Strategic Move marker comes off in the first edition too, its
// odds having read it (9.8.4, IT L622).
func TestEd1V5_9_8_5_OffWhenAttacked(t *testing.T) {
	m := testMap{terrain: map[string]string{"0404": "bocage"},
		units: []string{alliedA1, gerMech}, setup: []string{"a1 0403", "gpz 0404"}}
	g := m.combatIn(t, "ed1", Allied, WeatherOvercast2)
	g.s.Units[g.index["gpz"]].SM = true
	apply(t, g, Allied, "attack 0404 from 0403 maf a1")
	if o := g.combat().Odds; o.DB != 0 || !slices.Contains(shiftSources(o), ShiftStrategicMove) {
		t.Errorf("the odds do not read the marker (9.8.4): %s", o)
	}
	rulestest.Roll(t, g, 1) // 8:6, 1-1: A1 (IT L1795)
	for g.s.Combat != nil && len(g.Pending().Seats) > 0 {
		apply(t, g, g.s.Side, g.Legal(g.Pending().Seats[0])[0].Command)
	}
	if g.s.Units[g.index["gpz"]].SM {
		t.Error("the attacked unit keeps its SM marker")
	}
}

// The refusals normandy44/5 added name the first edition's rules in an ed1
// game (renumber.go): a source of defensive support left unnamed, 12.4.3 (IT
// L902-904; 2.2's 12.4.7); a split retreat of a unit that is not
// retreating, 13.1 (IT L940, "GRUPPI"; 2.2's 13.1.3); an excess unit that is
// no unit of the stack, 7.2 (IT L488).
func TestEd1V5_RefusalsCiteTheItalianBook(t *testing.T) {
	m := testMap{units: []string{alliedA1, alliedA2, gerA, "ghq german heer - hq (1)-5 range=5", "gw german heer - werfer (1)-4 range=3"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "ghq 0606", "gw 0605"}, special: []string{"supply 7th-army 2"}}
	g := m.combatIn(t, "ed1", Allied, WeatherOvercast2)
	apply(t, g, Allied, "attack 0404 from 0403 maf a1") // 8:2, 4-1; die 3 is DR (IT L1797)
	rulestest.Roll(t, g, 3)
	if got := choicesOf(g, German, "dd gA support"); !slices.Equal(got, []string{"dd gA support gw", "dd gA support ghq"}) {
		t.Fatalf("support choices %v", got)
	}
	if r := refusedRule(t, g, German, "dd gA support"); r.Rule != "12.4.3" || leaked.MatchString(r.Reason) {
		t.Errorf("dd without its source: %s: %s", r.Rule, r.Reason)
	}
	apply(t, g, German, "no-dd")
	if r := refusedRule(t, g, German, "retreat a1 0405 0406"); r.Rule != "13.1" || leaked.MatchString(r.Reason) {
		t.Errorf("a split retreat of an attacker: %s: %s", r.Rule, r.Reason)
	}

	m = testMap{units: []string{alliedA1, alliedA2, gerA, gerB, "f1 allied us 9 infantry 6-4 3-4", "f2 allied us 9 infantry 6-4 3-4"},
		setup: []string{"a1 0403", "a2 0403", "gA 0404", "gB 0404", "f1 0503", "f2 0503"}}
	g = m.combatIn(t, "ed1", Allied, WeatherOvercast2)
	dr(t, g)
	apply(t, g, German, "retreat 0405 0406")
	apply(t, g, Allied, "advance a1 0404 0503") // 14.1, 7.2 (IT L488): over the limit, for now
	apply(t, g, Allied, "advance-done")
	if r := refusedRule(t, g, Allied, "eliminate a2"); r.Rule != "7.2" {
		t.Errorf("eliminating a unit not in the stack: %s: %s", r.Rule, r.Reason)
	}
	apply(t, g, Allied, "eliminate f2")
	if !g.s.Units[g.index["f2"]].Gone || at(g, "a1") != "0503" {
		t.Error("the owner's pick of the excess is not eliminated")
	}
}

// 13.3 (IT L977: "il numero di fattori di combattimento che può fermare per
// Fase di Combattimento") counts the friends' capacity for the whole Combat
// Phase, as AMBIG-25's reading does for 2.2; the first edition says so, so
// its option one-hex-per-retreat is 2.2's only and an ed1 game refuses it.
func TestEd1V5_AMBIG25_PerCombatPhase(t *testing.T) {
	m := testMap{units: []string{alliedA1, "a3 allied us 5 infantry 8-4 4-4", "gA german heer 1 infantry 2-4 1-4",
		"gB german heer 2 infantry 2-4 1-4", "gf german heer 3 infantry 3-4 2-4"},
		setup: []string{"a1 0403", "a3 0605", "gA 0404", "gB 0505", "gf 0405"}}
	g := m.combatIn(t, "ed1", Allied, WeatherOvercast2)
	apply(t, g, Allied, "attack 0404 from 0403 maf a1") // 8:2, 4-1; die 3 is DR (IT L1797)
	rulestest.Roll(t, g, 3)
	apply(t, g, German, "no-dd")
	apply(t, g, German, "retreat 0405") // one hex, into gf (13.3)
	apply(t, g, Allied, "advance-done")
	apply(t, g, Allied, "attack 0505 from 0605 maf a3")
	rulestest.Roll(t, g, 3)
	apply(t, g, German, "no-dd")
	if slices.Contains(choicesOf(g, German, "retreat "), "retreat 0405") {
		t.Error("gf stops a second retreat after one hex in the same Combat Phase")
	}
	_, err := newGame([]byte(m.text()), "ed1", []string{optOneHexPerRetreat}, Version)
	if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), optOneHexPerRetreat) {
		t.Errorf("ed1 with %s: %v, want ErrOption", optOneHexPerRetreat, err)
	}
}

// 13.2 (IT L953-960) charges the non-mechanized units "un livello di forza
// (in totale – non per unità)" for crossings as 2.2's 13.2.1 does, so
// AMBIG-24's reading holds in the first edition: a flooded hex off road and
// then a major river cost two steps, one with the option retreat-step-once.
func TestEd1V5_AMBIG24_EachCrossing(t *testing.T) {
	m := testMap{terrain: corridor("0403", "0404", "0405 flooded", "0406"), hexsides: []string{"0405/0406 major-river"},
		units: []string{alliedA1, "gA german heer 1 infantry 2-4 1-4"}, setup: []string{"a1 0403", "gA 0404"}}
	for _, c := range []struct {
		options []string
		want    string
	}{{nil, "retreat 0405 0406 loss gA gA"}, {[]string{optRetreatStepOnce}, "retreat 0405 0406 loss gA"}} {
		g := m.combatIn(t, "ed1", Allied, WeatherOvercast2, c.options...)
		apply(t, g, Allied, "attack 0404 from 0403 maf a1") // 8:2, 4-1; die 3 is DR (IT L1797)
		rulestest.Roll(t, g, 3)
		apply(t, g, German, "no-dd") // the one path is taken at once
		if st := g.s.Combat.Steps; st[len(st)-1] != "german: "+c.want {
			t.Errorf("%v: the retreat %q, want %s", c.options, st[len(st)-1], c.want)
		}
	}
}

// 22.1 (IT L1433-1435): Allied units "possono muovere e operare" at most one
// hex beyond their army boundary, advances after combat among them, as
// 22.1.2 has it in 2.2; the first edition's boundary sets no limit on the
// attacks themselves (D42, TestEd1_D42_BoundaryAttacks).
func TestEd1V5_22_1_AdvanceLimit(t *testing.T) {
	units, setup := "us allied us 4 infantry 6-4\ng1 german heer 91 infantry 2-4\n", "us 2004\ng1 2005\n"
	g := boundaryGameUnder(t, "ed1", Version, units, setup)
	g.setStage(3, PhaseCombat, Allied)
	g.s.Weather = WeatherOvercast2
	apply(t, g, Allied, "attack 2005 from 2004 maf us") // 6:2, 3-1; die 3 is DR (IT L1797)
	rulestest.Roll(t, g, 3)
	apply(t, g, German, "no-dd")
	retreats := choicesOf(g, German, "retreat ")
	if len(retreats) == 0 {
		t.Fatal("no retreat")
	}
	apply(t, g, German, retreats[len(retreats)-1])
	for _, c := range choicesOf(g, Allied, "advance us ") {
		h := c[len(c)-4:]
		if !g.withinArmy("us", ax(t, g, h)) {
			t.Errorf("%s ends 2 or more hexes beyond the army boundary", c)
		}
	}
}

// 19.1.3 (IT L1282: "Dopo che il tedesco ha annunciato un attacco 4-1
// l'Alleato tira sulla Tabella Jabos"): the Jabos die is the Allied
// player's in the first edition too, as AMBIG-34 reads 2.2.
func TestEd1V5_AMBIG34_AlliedRollsJabos(t *testing.T) {
	m := testMap{units: []string{gerInf, "a1 allied us 4 infantry 2-4 1-4"}, setup: []string{"ginf 0505", "a1 0504"}}
	g := m.combatIn(t, "ed1", German, WeatherClear5)
	apply(t, g, German, "attack 0504 from 0505 maf ginf")
	if p := g.Pending(); p.Dice == nil || p.Dice.By != "allied" {
		t.Errorf("the Jabos die is awaited from %+v, want the Allied player's", p.Dice)
	}
}

// 13.6 (IT L997: "MOVIMENTO: Devono usare il Movimento tattico (9.10)"): a
// Disrupted unit moves only by Tactical Movement in the first edition too.
func TestEd1V5_13_6_DisruptedTactical(t *testing.T) {
	m := testMap{units: []string{allInf, gerInf}, setup: []string{"ainf 0202", "ginf 0808"}}
	g := m.ed1(t, Allied, 3)
	g.s.Units[g.index["ainf"]].Disrupted = true
	refused(t, g, Allied, "move ainf 0202 0203 0204 0205", "13.6")
	if c, ok := legalTo(g, "ainf", "0204"); !ok || c.Note != "Tactical Movement (9.10)" {
		t.Errorf("a 2-hex move of a Disrupted unit: %+v %v, want it by Tactical Movement", c, ok)
	}
}
