package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// germanCombatIn is germanCombat in the edition variant names.
func germanCombatIn(t *testing.T, variant string, m testMap) *Game {
	t.Helper()
	g := m.edition(t, variant, German, 3)
	g.s.Phase, g.s.Weather = PhaseCombat, WeatherOvercast2
	return g
}

// D31, 17.2.8 (2.2 only): Caen's artillery. The first edition has none: 'art
// caen' names no unit there, Legal offers it nowhere, and the prompt does
// not mention it.
func TestEd1_D31_NoCaenArtillery(t *testing.T) {
	g := germanCombatIn(t, "ed1", caenMap())
	refused(t, g, German, "attack 0504 from 0505 maf g1 art caen", "11.6")
	for _, c := range g.attackChoicesFor(t, "0504") {
		if strings.Contains(c, "caen") {
			t.Errorf("Legal offers %q", c)
		}
	}
	if p := g.Pending().Prompt; strings.Contains(p, "caen") {
		t.Errorf("the prompt offers Caen: %s", p)
	}
	if ok, _ := g.caenArtillery(g.b.ids["0504"]); ok {
		t.Error("Caen supports a German Determined Defense")
	}
	apply(t, germanCombatIn(t, "", caenMap()), German, "attack 0504 from 0505 maf g1 art caen") // 2.2
}

// D12, 9.8.4 (IT L613, L622): an HQ or Werfer under a Strategic Move marker
// still fires (it flips if it moved more than 1 hex); 2.2 (9.8.4) bars its
// artillery support while the marker is on.
func TestEd1_D12_StrategicMoveHQFires(t *testing.T) {
	for _, v := range []string{"", "ed1"} {
		g := germanCombatIn(t, v, caenMap())
		g.s.Units[g.index["ghq"]].SM = true
		cmd := "attack 0504 from 0505 maf g1 art ghq"
		if v == "" {
			refused(t, g, German, cmd, "9.8.4")
			continue
		}
		ev := apply(t, g, German, cmd)
		if !strings.Contains(ev[0].Text, "HQ artillery") {
			t.Errorf("no HQ shift: %s", ev[0].Text)
		}
	}
}

// werferMap: a German Werfer at 0501, 3 hexes from the Allied unit at 0504
// (its range), and a German infantry unit facing that unit from 0505.
func werferMap() testMap {
	return testMap{
		units: []string{"g1 german heer 91 infantry 6-4 3-4", "wf german heer - werfer (1)-4 range=3",
			"a1 allied us 4 infantry 2-4 1-4"},
		setup: []string{"g1 0505", "wf 0501", "a1 0504"},
	}
}

// D32, 17.3 (IT L1142): the Werfer's back side marks that "the unit moved
// more than one hex or fired"; a Werfer that moved more than 1 hex does not
// fire that turn; 13.6 (IT L996): a retreating Werfer flips. 2.2's Werfers
// move their full MA and fire (its change log, 17.3), and a retreat flips
// only HQs.
func TestEd1_D32_WerferFlipsWhenItMoves(t *testing.T) {
	for _, v := range []string{"", "ed1"} {
		g := werferMap().edition(t, v, German, 3)
		apply(t, g, German, "move wf 0501 0502 0503")
		if got := g.s.Units[g.index["wf"]].Fired; got != (v == "ed1") {
			t.Errorf("edition %q: the Werfer flipped %v after moving 2 hexes", v, got)
		}
		g.s.Phase, g.s.Weather = PhaseCombat, WeatherOvercast2
		cmd := "attack 0504 from 0505 maf g1 art wf"
		if v == "ed1" {
			refused(t, g, German, cmd, "17.3")
		} else {
			apply(t, g, German, cmd)
		}
	}
	// A Werfer among retreating defenders.
	for _, v := range []string{"", "ed1"} {
		g := werferMap().edition(t, v, Allied, 3)
		c := &Combat{Combat: &combat.Combat{Moves: []combat.RetreatMove{{Units: []string{"wf", "g1"}, Path: combat.RetreatPath{Hexes: []hex.Axial{g.b.ids["0505"]}}}}}, In: CombatInput{Defenders: []CombatUnit{{ID: "wf"}, {ID: "g1"}}}}
		g.hqMovedFlip(c)
		if got := g.s.Units[g.index["wf"]].Fired; got != (v == "ed1") {
			t.Errorf("edition %q: the retreating Werfer flipped %v", v, got)
		}
	}
}

// D42, 22.1 (IT L1433-1435): Allied units move and operate at most 1 hex
// beyond their army boundary, "otherwise the boundary has no effect on
// combat: Allied units may attack across it without limit"; and the
// boundary runs the whole map. 2.2 (22.1.2) bars an attack 2 hexes beyond
// and ends the line at row 16xx.
func TestEd1_D42_BoundaryAndCombat(t *testing.T) {
	const units, setup = "us allied us 4 infantry 6-4\nus2 allied us 4 infantry 6-4\ng1 german heer 91 infantry 2-4\ng2 german heer 91 infantry 2-4\n", "us 2004\ng1 2005\nus2 2105\ng2 2106\n"
	g := boundaryGameUnder(t, "ed1", Version, units, setup)
	g.setStage(3, PhaseCombat, Allied)
	g.s.Weather = WeatherOvercast2
	apply(t, g, Allied, "attack 2106 from 2105 maf us2") // 2 hexes beyond: 2.2 refuses it
	// The same move as TestArmyBoundary_22_1_2's last, south of row 16xx.
	g = boundaryGameUnder(t, "ed1", Version, "gus allied us 4 infantry 6-4\n", "gus 1503\n")
	g.setStage(2, PhaseMovement, Allied)
	refused(t, g, Allied, "move gus 1503 1504 1505 1506", "22.1")
}

// D53, 28.2 (IT L1590-1596, option flank-fire): the defender shifts one
// column left for each defending unit or stack not attacked that is next to
// both the attacked hex and an attacking unit, at most two. The book's
// example: the Germans attack hex A; hex B, next to A and to the attackers,
// is not attacked: 1 left; group C, not next to both, counts for nothing.
// 2.2 has no such rule.
func TestEd1_D53_FlankFire(t *testing.T) {
	m := testMap{
		units: []string{"g1 german heer 91 infantry 6-4 3-4",
			"a1 allied us 4 infantry 2-4 1-4", "b1 allied us 4 infantry 2-4 1-4", "c1 allied us 4 infantry 2-4 1-4"},
		// g1 attacks a1 (hex A, 0404) from 0304; b1 (hex B, 0303) is next
		// to both; c1 (0504) is next to A but not to g1.
		setup: []string{"g1 0304", "a1 0404", "b1 0303", "c1 0504"},
	}
	optionRefused(t, "", optFlankFire, "28.2") // 2.2 dropped it
	g := m.edition(t, "ed1", German, 3, optFlankFire)
	g.s.Phase, g.s.Weather = PhaseCombat, WeatherOvercast2
	if n := g.flankHexes(g.b.ids["0404"], []string{"0304"}); n != 1 {
		t.Fatalf("flank hexes %d, want 1 (B, not C)", n)
	}
	apply(t, g, German, "attack 0404 from 0304 maf g1")
	if !slices.Contains(shiftSources(g.combat().Odds), ShiftFlankFire) {
		t.Errorf("no flank fire in %s", g.combat().Odds)
	}
	// Without the option, or once B has been attacked, no flank fire.
	g = m.edition(t, "ed1", German, 3)
	if n := g.flankHexes(g.b.ids["0404"], []string{"0304"}); n != 0 {
		t.Errorf("flank fire without the option: %d", n)
	}
	g = m.edition(t, "ed1", German, 3, optFlankFire)
	g.s.Defended = []string{"0303"}
	if n := g.flankHexes(g.b.ids["0404"], []string{"0304"}); n != 0 {
		t.Errorf("flank fire from a hex attacked this phase: %d", n)
	}
}
