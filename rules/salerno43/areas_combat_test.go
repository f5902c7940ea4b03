package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 21.3.4 (L1246): units that began the Movement Phase in an entry area
// and did not move attack the enemy on the map hexes next to it; when the
// defenders retreat they may enter the map; otherwise they stay. 9pg/26
// and 1-64/16 in N1 (German-friendly, 21.2.3) attack 1-141/36 in 2300, a
// clear hex next to N1: 5 and 3 halved (not of the MAF, 8.4.1) against 2
// is 3-1, a 3 there is DR2.
func TestAttackFromEntryArea_21_3_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	for _, id := range []string{"9pg/26", "1-64/16"} {
		g.s.Units[g.index(id)].Box = boxEntry + "N1"
	}
	g.put(t, "1-141/36", "2300")
	de := rules.Seat(German)
	atk := "attack 2300 with 1-64/16 9pg/26 maf 26pz"
	if !slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == atk }) {
		t.Errorf("21.3.4: Legal offers no %q: %v", atk, g.Legal(de))
	}
	rulestest.Refused(t, g, de, "attack 2302 with 9pg/26 maf 9pg/26", "8.1") // no enemy there
	rulestest.Apply(t, g, de, atk)
	if o := g.combat().Odds; o.Attack != 7 || o.Defense != 2 || o.Column() != "3-1" {
		t.Fatalf("21.3.4: 7 against 2 is 3-1, got %s", o)
	}
	offered := playCombat(t, g, 3, "N1", func(ch []string) string {
		if slices.Contains(ch, "advance 9pg/26 2300") {
			return "advance 9pg/26 2300"
		}
		return ""
	})
	if !slices.Contains(offered, "advance 9pg/26 2300") || !slices.Contains(offered, "advance 1-64/16 2300") {
		t.Errorf("21.3.4: both attackers may enter the vacated hex: %v", offered)
	}
	if us := g.s.Units[g.index("9pg/26")]; us.Hex != "2300" || us.Box != "" {
		t.Errorf("21.3.4: 9pg/26 entered the map at 2300: %+v", us)
	}
	if us := g.s.Units[g.index("1-64/16")]; us.Box != boxEntry+"N1" || us.Hex != "" {
		t.Errorf("21.3.4: 1-64/16 did not enter, so it stays in N1: %+v", us)
	}
}

// 21.3.4: an attack from an area that fails to move the defenders leaves
// the attackers in it; the attackers from one area hold the stacking limit
// as a hex does; a unit that moved into the area this turn does not attack
// from it (21.5); an area attacks only the hexes next to it.
func TestAttackFromEntryAreaLimits_21_3_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	for _, id := range []string{"9pg/26", "1-64/16", "2-64/16", "1-79/16", "2-79/16"} { // 3+1+1+1+1
		g.s.Units[g.index(id)].Box = boxEntry + "N1"
	}
	g.put(t, "1-141/36", "2300")
	g.put(t, "5h/46", "2303")
	de := rules.Seat(German)
	rulestest.Refused(t, g, de, "attack 2300 with 9pg/26 1-64/16 2-64/16 1-79/16 2-79/16 maf 9pg/26", "21.3.4", "7 stacking points")
	rulestest.Refused(t, g, de, "attack 2303 with 1-64/16 maf 1-64/16", "21.3.4", "next to it")
	g.s.Entered = []string{"2-79/16"}
	rulestest.Refused(t, g, de, "attack 2300 with 2-79/16 maf 2-79/16", "21.3.4", "moved into N1")
	// 1-64/16 alone: 3 against 2 is 1-1; a 1 there is A1: the defender
	// stays, and so does the attacker, in N1.
	rulestest.Apply(t, g, de, "attack 2300 with 1-64/16 maf 1-64/16")
	playCombat(t, g, 1, "N1", nil)
	if us := g.s.Units[g.index("1-141/36")]; us.Hex != "2300" {
		t.Fatalf("A1 leaves the defender in 2300: %+v", us)
	}
	if us := g.s.Units[g.index("1-64/16")]; us.Box != boxEntry+"N1" || us.Hex != "" {
		t.Errorf("21.3.4: the attack failed: 1-64/16 stays in N1: %+v", us)
	}
}

// 21.3.4: units in an entry area are never attacked; an ASU in an area
// supports combats on the hexes next to it only, whatever its range.
func TestEntryAreaNotAttackedASUSupport_21_3_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, Allied)
	g.s.Units[g.index("9pg/26")].Box = boxEntry + "N1"
	if _, err := g.combatInput(AttackCommand{Target: "2300", With: []string{"1-141/36"}, MAF: "1-141/36"}, true); err == nil {
		t.Error("21.3.4: nothing on the map to attack, yet the attack is taken")
	}
	g = emptyGame(t, 2, PhaseCombat, German)
	asu := -1
	for i, u := range g.sc.Units {
		if u.Side == German && u.ASU() {
			asu = i
			break
		}
	}
	if asu < 0 {
		t.Fatal("no German ASU")
	}
	g.s.Units[asu].Box = boxEntry + "N1"
	a2300, _ := g.b.Hex("2300")
	a2303, _ := g.b.Hex("2303")
	if err := g.asuCanSupport(asu, a2300, "de"); err != nil {
		t.Errorf("21.3.4: the ASU in N1 supports a combat on 2300, next to N1: %v", err)
	}
	if err := g.asuCanSupport(asu, a2303, "de"); !rulestest.IsRefusal(err, "21.3.4") {
		t.Errorf("21.3.4: the ASU in N1 supports no combat on 2303: %v", err)
	}
	g.s.Entered = []string{g.sc.Units[asu].ID}
	if err := g.asuCanSupport(asu, a2300, "de"); !rulestest.IsRefusal(err, "21.5") {
		t.Errorf("21.5: an ASU that moved into the area this turn gives no support: %v", err)
	}
}

// 21.3.4, 21.5: a unit that enters an entry area in its Movement Phase
// does not attack from it in the Combat Phase that follows.
func TestEnteredAreaNoAttack_21_3_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, German)
	g.put(t, "2-79/16", "2400")
	g.put(t, "1-141/36", "2300")
	de := rules.Seat(German)
	rulestest.Apply(t, g, de, "enter 2-79/16 N1")
	rulestest.Apply(t, g, de, "end")
	if g.s.Phase != PhaseCombat {
		t.Fatalf("phase %s, want combat", g.s.Phase)
	}
	rulestest.Refused(t, g, de, "attack 2300 with 2-79/16 maf 2-79/16", "21.3.4", "moved into N1")
}

// 21.2.2, S2.3.5: only German and 8th Army units use the east areas, so a
// 5th Army unit retreating from a hex next to E4 is offered no retreat
// into it, while the same unit of the 8th Army is.
func TestNoFifthArmyRetreatIntoEastArea_S2_3_5(t *testing.T) {
	exits := func(def string, eighth bool) (offered, any bool) {
		g := campaignGame(t, 12, PhaseCombat, German)
		g.sc.Units[g.index(def)].Eighth = eighth // the same unit, of either army
		g.s.East = append(g.s.East, "E4")        // Allied since an Allied unit entered it (21.2.1)
		g.put(t, def, "4510")
		g.put(t, "2pz/16", "4410")
		g.put(t, "kgd/16", "4411")
		g.put(t, "1-64/16", "4411")
		rulestest.Apply(t, g, rules.Seat(German), "attack 4510 with 2pz/16 kgd/16 1-64/16 maf 16pz")
		for g.s.Combat != nil {
			a := g.combat().Await()
			switch {
			case a.Roll != "":
				if !rollFor(t, g, func(try *Game) bool {
					if try.s.Combat == nil {
						return false
					}
					r := try.combat().Result
					return r.Retreat > 0 && r.DefenderSteps == 0 && r.AttackerSteps == 0
				}) {
					t.Fatalf("no CRT die retreats %s without a loss at %s", def, g.combat().Odds)
				}
			case a.Decision == DecDefAir:
				rulestest.Apply(t, g, rules.Seat(Allied), "no-def-air")
			case a.Decision == combat.DecDD:
				rulestest.Apply(t, g, rules.Seat(Allied), "no-dd")
			case a.Decision == combat.DecRetreat:
				for _, ch := range a.Choices {
					if strings.HasPrefix(ch[strings.LastIndex(ch, " ")+1:], "46") {
						offered = true
					}
				}
				return offered, len(a.Choices) > 0
			default:
				t.Fatalf("the combat waits for %s", a)
			}
		}
		return false, false
	}
	if offered, any := exits("141/36", false); offered || !any {
		t.Errorf("S2.3.5: the 5th Army's 141/36 retreats, but not into E4 (offered %v, any %v)", offered, any)
	}
	if offered, _ := exits("141/36", true); !offered {
		t.Error("21.2.2: an 8th Army 141/36 may retreat into E4")
	}
}

// 21.3.4 (L1246) with 15.2.1 step 3 and 15.2.2 (L878-882): attackers from
// an entry area "mogą wejść na mapę" once the defenders have left, and the
// attackers that are not of the breakthrough group advance after it
// ("Grupa przełamująca musi zakończyć cały swój pościg i wszystkie
// przełamania zanim inne oddziały biorące udział w ataku będą mogły
// ścigać"): nothing in either rule takes their entry away. 2pz/16 in 2301
// and 9pg/26 in N1 attack 1-141/36 in 2300, next to N1: 8 against 2 with
// armor, 5-1; a 5 is DR4, an advance of 3. 2pz/16 enters 2300 and may
// break through; 9pg/26, which stayed in N1, waits and enters the vacated
// hex, the only hex an area's attacker enters, once the group is done.

// TestAreaAttackerAdvancesAfterGroup_21_3_4: from salerno43/4 9pg/26
// waits ('advance-after 9pg/26 2300', its only choice); salerno43/3, where
// the attackers advanced in the combat, keeps no one waiting.
func TestAreaAttackerAdvancesAfterGroup_21_3_4(t *testing.T) {
	de := rules.Seat(German)
	for _, version := range []string{"", "salerno43/3"} {
		g := emptyGameIn(t, version, 2, PhaseCombat, German)
		g.s.Units[g.index("9pg/26")].Box = boxEntry + "N1"
		g.put(t, "1-141/36", "2300")
		g.put(t, "2pz/16", "2301")
		rulestest.Apply(t, g, de, "attack 2300 with 2pz/16 9pg/26 maf 16pz")
		playCombat(t, g, 5, "N1", advanceInTurn(into("2pz/16", "2300")))
		if b := g.s.Breakthrough; b == nil || len(b.Units) != 1 || b.Units[0].ID != "2pz/16" {
			t.Fatalf("%q: 2pz/16 entered the vacated hex and may break through: %+v", version, b)
		}
		if us := g.s.Units[g.index("9pg/26")]; us.Box != boxEntry+"N1" {
			t.Fatalf("%q: 9pg/26 stayed in N1: %+v", version, us)
		}
		if version == "salerno43/3" {
			if g.s.Waiting != nil {
				t.Errorf("salerno43/3 keeps no one waiting: %+v", g.s.Waiting)
			}
			continue
		}
		if w := g.s.Waiting; w == nil || !slices.Equal(w.Units, []string{"9pg/26"}) || w.Vacated != "2300" {
			t.Fatalf("21.3.4, 15.2.1 step 3: 9pg/26 waits to enter 2300 after the group: %+v", w)
		}
		var offered []string
		for _, c := range g.Legal(de) {
			if strings.HasPrefix(c.Command, "advance-after 9pg/26") {
				offered = append(offered, c.Command)
			}
		}
		if !slices.Equal(offered, []string{"advance-after 9pg/26 2300"}) {
			t.Errorf("21.3.4: 9pg/26 enters the vacated hex only: Legal lists %v", offered)
		}
		rulestest.Refused(t, g, de, "advance-after 9pg/26 2200", "21.3.4")
		rulestest.Apply(t, g, de, "advance-after 9pg/26 2300")
		if us := g.s.Units[g.index("9pg/26")]; us.Hex != "2300" || us.Box != "" {
			t.Errorf("21.3.4: 9pg/26 entered the map at 2300: %+v", us)
		}
		if g.s.Waiting != nil || g.s.Breakthrough != nil {
			t.Errorf("15.2.2: 9pg/26's advance ends the group's breakthrough and the wait: %+v, %+v", g.s.Breakthrough, g.s.Waiting)
		}
	}
}
