package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 20.1-20.4: the turn track's replacements are spent in the Preparation
// Phase: a step to a reduced unit in supply, or an eliminated unit back at
// its lowest step; one a unit a turn; a Replacement marker after.
func TestReplacements_20(t *testing.T) {
	g := emptyGame(t, 3, PhasePrep, Allied)
	g.s.Repl = g.turnRepl(Allied) // the stand-in track: turn 3, one Allied infantry replacement
	if g.s.Repl != [3]int{0, 1, 0} {
		t.Fatalf("20.1.1: turn 3's Allied replacements are %v, want one infantry", g.s.Repl)
	}
	bh := g.put(t, "bh-red", "2616")
	_ = bh
	reg := g.put(t, "142/36", "2616")
	g.s.Units[reg].Lost = 1
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 751tk floating-reserve", "20.1.2", "armor")
	ev := rulestest.Apply(t, g, rules.Seat(Allied), "replace 142/36")
	if g.s.Units[reg].Lost != 0 || !g.s.Units[reg].Repl || !rulestest.HasEvent(ev, "gains a step") {
		t.Fatalf("20.2: 142/36 gains its step and a Replacement marker: %+v", g.s.Units[reg])
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 141/36 floating-reserve", "20.1.2", "infantry")

	// An eliminated regiment returns to the Floating Reserve at its lowest
	// step, its REM counter (20.3.1, 20.3.4).
	g.s.Repl = [3]int{0, 1, 0}
	g.s.Units[g.index("141/36")] = unitState{ID: "141/36", Box: BoxEliminated}
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 141/36 N1", "20.3.1", "Floating Reserve")
	rulestest.Apply(t, g, rules.Seat(Allied), "replace 141/36 floating-reserve")
	if us := g.s.Units[g.index("141/36")]; us.Box != BoxFloating || us.Lost != 2 {
		t.Errorf("20.3.4: 141/36 returns as its REM counter in the Floating Reserve: %+v", us)
	}
	rulestest.Refused(t, g, rules.Seat(Allied), "replace 142/36", "20.2", "this turn")
}

// 20.4: no attack is made from the hex of a unit with a Replacement marker.
func TestReplacementMarker_20_4(t *testing.T) {
	g := emptyGame(t, 3, PhaseCombat, Allied)
	g.put(t, "1-64/16", "2617")
	i := g.put(t, "142/36", "2616")
	g.put(t, "1-141/36", "2616")
	g.s.Units[i].Repl = true
	rulestest.Refused(t, g, rules.Seat(Allied), "attack 2617 with 1-141/36 maf 36", "20.4", "Replacement marker")
}

// replacedInN1 is 9pg/26 in N1 with a Replacement marker, returned there
// in this turn's Preparation Phase (20.3.1), at phase of a German turn
// under version.
func replacedInN1(t *testing.T, phase Phase, version string) *Game {
	t.Helper()
	g := emptyGameIn(t, version, 3, phase, German)
	i := g.index("9pg/26")
	g.s.Units[i] = unitState{ID: "9pg/26", Box: boxEntry + "N1", Lost: 1, Repl: true}
	return g
}

// legalNames: Legal offers seat a command naming unit id.
func legalNames(g *Game, seat rules.Seat, verb, id string) bool {
	return slices.ContainsFunc(g.Legal(seat), func(c rules.Choice) bool {
		f := strings.Fields(c.Command)
		return f[0] == verb && slices.Contains(f, id)
	})
}

// 20.4 (L1212): a unit with a Replacement marker "nie może przemieszczać
// się między strefami wejścia": 9pg/26 does not move from N1 to N2, and
// Legal offers no such move. salerno43/2 let it.
func TestReplacementMarker_NoMoveBetweenAreas_20_4(t *testing.T) {
	g := replacedInN1(t, PhaseMovement, "")
	rulestest.Refused(t, g, rules.Seat(German), "enter 9pg/26 N2", "20.4", "Replacement marker")
	if legalNames(g, rules.Seat(German), "enter", "9pg/26") {
		t.Errorf("20.4: Legal offers 9pg/26 a move between entry areas: %v", g.Legal(rules.Seat(German)))
	}
	g = replacedInN1(t, PhaseMovement, "salerno43/2")
	if !legalNames(g, rules.Seat(German), "enter", "9pg/26") {
		t.Errorf("salerno43/2 replays as played: Legal offers 9pg/26 the move to N2: %v", g.Legal(rules.Seat(German)))
	}
	rulestest.Apply(t, g, rules.Seat(German), "enter 9pg/26 N2")
}

// 20.4 (L1212): a unit with a Replacement marker "Nie może atakować", in an
// entry area as on the map: 9pg/26 in N1 does not attack 1-141/36 in 2300,
// next to N1 (21.3.4), and Legal offers no attack by it. salerno43/2
// checked the marker on map hexes only, and let it attack.
func TestReplacementMarker_NoAttackFromEntryArea_20_4(t *testing.T) {
	g := replacedInN1(t, PhaseCombat, "")
	g.put(t, "1-141/36", "2300")
	rulestest.Refused(t, g, rules.Seat(German), "attack 2300 with 9pg/26 maf 9pg/26", "20.4", "Replacement marker")
	if legalNames(g, rules.Seat(German), "attack", "9pg/26") {
		t.Errorf("20.4: Legal offers an attack by 9pg/26: %v", g.Legal(rules.Seat(German)))
	}
	g = replacedInN1(t, PhaseCombat, "salerno43/2")
	g.put(t, "1-141/36", "2300")
	if !legalNames(g, rules.Seat(German), "attack", "9pg/26") {
		t.Errorf("salerno43/2 replays as played: Legal offers an attack by 9pg/26: %v", g.Legal(rules.Seat(German)))
	}
	rulestest.Apply(t, g, rules.Seat(German), "attack 2300 with 9pg/26 maf 9pg/26")
}

// 20.2 (L1180): "Aby jednostka na mapie otrzymała uzupełnienie musi:
// posiadać zaopatrzenie ... być pełnosprawna": supply and Good Order bind a
// unit on the map only; 20.1.1 (L1170) lets a replacement restore a step to
// any reduced combat unit. The reduced 142/36 in the Floating Reserve, DG,
// and the reduced 9pg/26 in N1 each gain a step, and Legal offers it;
// salerno43/3 refused a unit off the map.
func TestReplacementOffTheMap_20_2(t *testing.T) {
	for _, c := range []struct {
		side     Side
		id, box  string
		status   Status
		replType [3]int
	}{
		{Allied, "142/36", BoxFloating, Disorganized, [3]int{0, 1, 0}},
		{German, "9pg/26", boxEntry + "N1", GoodOrder, [3]int{0, 1, 0}},
	} {
		g := emptyGame(t, 3, PhasePrep, c.side)
		g.s.Repl = c.replType
		i := g.index(c.id)
		g.s.Units[i] = unitState{ID: c.id, Box: c.box, Lost: 1, Status: c.status}
		if !legalNames(g, rules.Seat(c.side), "replace", c.id) {
			t.Errorf("20.2: Legal offers no replacement to %s, reduced in %s: %v", c.id, c.box, g.Legal(rules.Seat(c.side)))
		}
		ev := rulestest.Apply(t, g, rules.Seat(c.side), "replace "+c.id)
		if us := g.s.Units[i]; us.Lost != 0 || !us.Repl || us.Box != c.box || !rulestest.HasEvent(ev, "gains a step") {
			t.Errorf("20.2: %s, reduced in %s, gains its step and a Replacement marker there: %+v", c.id, c.box, us)
		}

		old := emptyGameIn(t, "salerno43/3", 3, PhasePrep, c.side)
		old.s.Repl = c.replType
		old.s.Units[i] = unitState{ID: c.id, Box: c.box, Lost: 1, Status: c.status}
		rulestest.Refused(t, old, rules.Seat(c.side), "replace "+c.id, "20.2", "not on the map")
		if legalNames(old, rules.Seat(c.side), "replace", c.id) {
			t.Errorf("salerno43/3: Legal offered %s in %s a replacement", c.id, c.box)
		}
	}
}
