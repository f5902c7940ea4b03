package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

const (
	para1 = "p1 allied us 82-ab paratroop 4-4 2-4 quality=+1"
	para2 = "p2 allied us 82-ab paratroop 4-4 2-4 quality=+1"
	para3 = "p3 allied us 101-ab paratroop 4-4 2-4 quality=+1"
)

// TestScattered_20_2_3_NoMove: a Scattered unit may not move, and Legal
// offers it no move; without the marker it moves (20.2.3).
func TestScattered_20_2_3_NoMove(t *testing.T) {
	m := testMap{units: []string{para1, gerInf}, setup: []string{"p1 0303", "ginf 0808"}}
	g := m.game(t, Allied, 1)
	g.s.Units[g.index["p1"]].Scattered = true
	refused(t, g, Allied, "move p1 0303 0304", "20.2.3")
	if slices.Contains(pieces(g.Legal(seatOf(Allied))), "p1") {
		t.Error("Legal offers a move to the Scattered p1")
	}
	if v := strings.Join(g.View(seatOf(Allied)).Lines, "\n"); !strings.Contains(v, "p1 [Scattered]") {
		t.Errorf("the view does not mark p1 Scattered:\n%s", v)
	}
	g.s.Units[g.index["p1"]].Scattered = false
	apply(t, g, Allied, "move p1 0303 0304")
}

// TestScattered_20_2_3_NoAttack: a Scattered unit does not attack, and is
// left out of the attacks Legal offers (20.2.3).
func TestScattered_20_2_3_NoAttack(t *testing.T) {
	m := testMap{units: []string{para1, para2, gerInf}, setup: []string{"p1 0303", "p2 0404", "ginf 0304"}}
	g := m.game(t, Allied, 1)
	g.s.Phase = PhaseCombat
	g.s.Units[g.index["p1"]].Scattered = true
	refused(t, g, Allied, "attack 0304 from 0303 maf p1", "20.2.3")
	for _, c := range g.Legal(seatOf(Allied)) {
		if strings.HasPrefix(c.Command, "attack ") && strings.Contains(c.Command, "p1") {
			t.Errorf("Legal offers %q with the Scattered p1", c.Command)
		}
	}
	apply(t, g, Allied, "attack 0304 from 0404 maf p2")
}

// TestScattered_20_2_3_ZOC: a Scattered unit keeps its own ZOC but forms no
// ZOC Line and is no link in one (20.2.3).
func TestScattered_20_2_3_ZOC(t *testing.T) {
	// p1 0302 and p2 0304: a Hex Line through 0303 (8.5.1).
	m := testMap{units: []string{para1, para2, para3, gerInf}, setup: []string{"p1 0302", "p2 0304", "p3 0101", "ginf 0808"}}
	g := m.game(t, German, 2)
	line := g.b.ids["0303"]
	if !g.lines(Allied, g.occupancy()).Hex(line) {
		t.Fatal("no Hex Line through 0303 between p1 and p2")
	}
	g.s.Units[g.index["p1"]].Scattered = true
	if g.lines(Allied, g.occupancy()).Hex(line) {
		t.Error("a Scattered unit is a link in a ZOC Line")
	}
	if !g.zocHexes(Allied).Has(g.b.ids["0301"]) {
		t.Error("the Scattered p1 has lost its own ZOC")
	}
	// A unit that is not Scattered, stacked with p1, forms the line again.
	g.s.Units[g.index["p3"]].At = "0302"
	if !g.lines(Allied, g.occupancy()).Hex(line) {
		t.Error("p3, not Scattered, forms no line from p1's hex")
	}
}

// TestScattered_20_2_3_NoRepl: a Scattered unit takes no Repl (20.2.3,
// 6.2.3).
func TestScattered_20_2_3_NoRepl(t *testing.T) {
	m := testMap{units: []string{para1, gerInf}, setup: []string{"p1 0101", "ginf 0808"}, places: []string{"beach 0101 utah"}}
	g := m.game(t, Allied, 2)
	g.s.Phase = PhaseReplacement
	g.s.Repl = []replStock{{Nation: "us", Type: "airborne", Count: 2}}
	us := &g.s.Units[g.index["p1"]]
	us.Step, us.Scattered = 1, true
	if _, err := g.replaceStock(g.index["p1"], map[string]SupplyStatus{"0101": InSupply}); !rulestest.IsRefusal(err, "20.2.3") {
		t.Errorf("a Scattered unit takes a Repl: %v", err)
	}
	us.Scattered = false
	if _, err := g.replaceStock(g.index["p1"], map[string]SupplyStatus{"0101": InSupply}); err != nil {
		t.Errorf("without the marker: %v", err)
	}
}

// TestAirborneRepl_20_2_2: at most one airborne Repl per airborne division
// a turn (the 101st's unit still takes one), and a unit reduced by S2
// recovers one step in all.
func TestAirborneRepl_20_2_2(t *testing.T) {
	m := testMap{units: []string{para1, para2, para3, gerInf}, setup: []string{"p1 0101", "p2 0102", "p3 0103", "ginf 0808"}}
	g := m.game(t, Allied, 2)
	g.s.Phase = PhaseReplacement
	g.s.Repl = []replStock{{Nation: "us", Type: "airborne", Count: 5}}
	supplied := map[string]SupplyStatus{"0101": InSupply, "0102": InSupply, "0103": InSupply}
	for _, id := range []string{"p1", "p2", "p3"} {
		g.s.Units[g.index[id]].Step = 1
	}
	k, err := g.replaceStock(g.index["p1"], supplied)
	if err != nil {
		t.Fatal(err)
	}
	g.s.Repl[k].Count--
	g.s.Units[g.index["p1"]].Step, g.s.Units[g.index["p1"]].Repl = 0, true
	if _, err := g.replaceStock(g.index["p2"], supplied); !rulestest.IsRefusal(err, "20.2.2") {
		t.Errorf("a second 82nd Airborne Repl this turn: %v", err)
	}
	if _, err := g.replaceStock(g.index["p3"], supplied); err != nil {
		t.Errorf("the 101st's unit: %v", err)
	}
	// S2: one step back at most, however many turns pass.
	p2 := &g.s.Units[g.index["p2"]]
	g.s.Units[g.index["p1"]].Repl = false
	p2.RecoverOne = true
	p2.Step = 1
	replaceNow(t, g, "p2", supplied)
	if !p2.Recovered {
		t.Fatal("the RecoverOne unit's step is not recorded")
	}
	p2.Repl, p2.Step = false, 1 // a later turn, after another loss
	if _, err := g.replaceStock(g.index["p2"], supplied); !rulestest.IsRefusal(err, "20.2.2") {
		t.Errorf("an S2 unit recovers a second step: %v", err)
	}
}

// replaceNow plays 'replace UNIT' with the supply given, as the command does.
func replaceNow(t *testing.T, g *Game, id string, supplied map[string]SupplyStatus) {
	t.Helper()
	i := g.index[id]
	k, err := g.replaceStock(i, supplied)
	if err != nil {
		t.Fatal(err)
	}
	g.s.Repl[k].Count--
	us := &g.s.Units[i]
	us.Step--
	us.Repl = true
	us.Recovered = us.RecoverOne
}

// TestRegeneration_20_2_3_6_5_2: the Scattered and Regroup markers come off
// in the Allied Regeneration Phase, not the German one.
func TestRegeneration_20_2_3_6_5_2(t *testing.T) {
	m := testMap{units: []string{para1, allInf, gerInf}, setup: []string{"p1 0303", "ainf 0305", "ginf 0808"}}
	g := m.game(t, German, 1)
	g.s.Units[g.index["p1"]].Scattered = true
	g.s.Units[g.index["ainf"]].Regroup = true
	g.s.Phase = PhaseRegeneration
	g.regenerationPhase()
	if !g.s.Units[g.index["p1"]].Scattered || !g.s.Units[g.index["ainf"]].Regroup {
		t.Fatal("the German Regeneration Phase took the Allied markers off")
	}
	g.s.Side = Allied
	ev := g.regenerationPhase()
	if g.s.Units[g.index["p1"]].Scattered || g.s.Units[g.index["ainf"]].Regroup {
		t.Error("the Allied Regeneration Phase left the markers on")
	}
	if text := rulestest.EventsText(ev); !strings.Contains(text, "20.2.3") || !strings.Contains(text, "6.5.2 b") {
		t.Errorf("events %q", text)
	}
}

// TestScattered_20_2_3_DefendAndRetreat: a Scattered unit defends at full
// strength and may be the DD Lead; after it retreats it is Disrupted, keeps
// its Scattered marker and can no longer be the Lead.
func TestScattered_20_2_3_DefendAndRetreat(t *testing.T) {
	g := loadCombatMap(t, "combat_engine")
	i := g.index["a1"]
	g.s.Units[i].Scattered = true
	u := g.combatUnit(i)
	if u.Strength != 6 {
		t.Errorf("the Scattered a1 defends with %d, want its full 6", u.Strength)
	}
	if len(ddLeads([]CombatUnit{u})) != 1 {
		t.Error("a Scattered unit may not be the DD Lead")
	}
	retreated, leadOffered := false, false
	for die := 1; die <= 6; die++ {
		c := g.Clone().(*Game)
		apply(t, c, German, "order losses g1")
		// German Movement Phase, then the attack on a1 (0403) from 0404.
		apply(t, c, German, "end")
		apply(t, c, German, "attack 0403 from 0404 maf g1")
		for rolls := 0; c.s.Combat != nil && rolls < 6; rolls++ {
			p := c.Pending()
			if p.Dice != nil {
				if _, err := c.Roll([]int{die}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			ch := c.Legal(p.Seats[0])
			if len(ch) == 0 {
				t.Fatalf("die %d: nothing to do at %s", die, p.Prompt)
			}
			cmd := ch[0].Command
			for _, x := range ch {
				if strings.HasPrefix(x.Command, "dd a1") {
					leadOffered = true
				}
				if x.Command == "no-dd" {
					cmd = x.Command // retreat, to see the marker kept
				}
			}
			apply(t, c, Side(p.Seats[0]), cmd)
		}
		us := c.s.Units[i]
		if us.Gone || !us.RetreatedIn {
			continue
		}
		retreated = true
		if !us.Scattered || !us.Disrupted {
			t.Errorf("die %d: after the retreat Scattered %v, Disrupted %v; want both", die, us.Scattered, us.Disrupted)
		}
		if len(ddLeads([]CombatUnit{c.combatUnit(i)})) != 0 {
			t.Errorf("die %d: the retreated Scattered unit may still be the DD Lead", die)
		}
	}
	if !retreated || !leadOffered {
		t.Fatalf("no die made a1 retreat (%v) or offered it as DD Lead (%v)", retreated, leadOffered)
	}
}
