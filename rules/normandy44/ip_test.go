package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// ipMap: German infantry in the west, Allied infantry in the east; 0303 is
// a City, 0305 a permanent fortification (Osteck or Westeck).
func ipMap(setup ...string) testMap {
	return testMap{
		terrain: map[string]string{"0303": "city"},
		units:   []string{gerInf, gerInf2, gerMech, allInf, allInf2, allMech, "gcity german heer 1 infantry 6-4 4-4", "gfort german heer 1 infantry 6-4 4-4"},
		setup:   setup,
		places:  []string{"entry 0101 green", "fort 0305"},
	}
}

// TestIP_Begin (16.1.2-16.1.4): a supplied, infantry-type, non-Disrupted unit
// that does not move begins an IP in its Movement Phase, even in an enemy
// ZOC; the German allowance is the weather table's (2 in Overcast, 1 in
// Clear, 0 in Storm) and none before turn 5; no IP in a City or a hex with a
// permanent fortification; the builder does not move, takes no Repl and
// does not go into Reserve.
func TestIP_Begin(t *testing.T) {
	m := ipMap("ginf 0404", "ginf2 0204", "gpz 0206", "gcity 0303", "gfort 0305", "ainf 0504", "ainf2 0707", "amech 0808")
	g := m.game(t, German, 5)
	ev := apply(t, g, German, "entrench ginf") // 0404 is in ainf's ZOC
	if len(g.s.IPs) != 1 || g.s.IPs[0] != (ipMarker{Hex: "0404", Side: German, Army: "german", Unit: "ginf", Turn: 5}) {
		t.Fatalf("markers %+v", g.s.IPs)
	}
	if !strings.Contains(ev[0].Text, "Entrenching (16.1.3)") {
		t.Errorf("event %v", ev)
	}
	refused(t, g, German, "move ginf 0404 0403", "16.1.3")
	refused(t, g, German, "reserve ginf", "15.1")
	refused(t, g, German, "entrench gcity", "16.1.4")
	refused(t, g, German, "entrench gfort", "16.1.4")
	apply(t, g, German, "move ginf2 0204 0205")
	refused(t, g, German, "entrench ginf2", "16.1.3") // it moved
	apply(t, g, German, "entrench gpz")               // panzergrenadiers are infantry-type (2.3.3)
	// Overcast: 2 a turn, both used.
	g.s.Units[g.index["gcity"]].At = "0606"
	refused(t, g, German, "entrench gcity", "16.1.2, 16.1.4")
	if v := strings.Join(g.View("german").Lines, "\n"); !strings.Contains(v, "Entrenching (german, by ginf) at 0404") {
		t.Errorf("view:\n%s", v)
	}

	for _, c := range []struct {
		turn int
		w    Weather
		n    int
	}{{4, WeatherOvercast2, 0}, {5, WeatherClear4, 1}, {6, WeatherStorm, 0}, {7, WeatherOvercast3, 2}} {
		g := m.game(t, German, c.turn)
		g.s.Weather = c.w
		if got := g.ipAllowance("german"); got != c.n {
			t.Errorf("turn %d %s: allowance %d, want %d", c.turn, c.w, got, c.n)
		}
	}
	// The Allies: 1 US and 1 CW in any turn but Storm.
	g = m.game(t, Allied, 2)
	if g.ipAllowance("us") != 1 || g.ipAllowance("cw") != 1 {
		t.Errorf("Allied allowance us %d cw %d", g.ipAllowance("us"), g.ipAllowance("cw"))
	}
	apply(t, g, Allied, "entrench ainf")
	refused(t, g, Allied, "entrench amech", "16.1.3") // armored: not infantry-type
	g.s.Weather = WeatherStorm
	refused(t, g, Allied, "entrench ainf2", "16.1.2")

	// Scattered (20.2.3): no.
	g = m.game(t, German, 5)
	g.s.Units[g.index["ginf2"]].Scattered = true
	refused(t, g, German, "entrench ginf2", "20.2.3")
	// Disrupted, out of supply, Repl, Reserve: no.
	for _, mark := range []func(*unitState){
		func(u *unitState) { u.Disrupted = true },
		func(u *unitState) { u.OutOfSupply = true },
		func(u *unitState) { u.Repl = true },
		func(u *unitState) { u.Reserve = true },
	} {
		g := m.game(t, German, 5)
		mark(&g.s.Units[g.index["ginf2"]])
		refused(t, g, German, "entrench ginf2", "16.1.3")
	}
}

// TestIP_CompleteAndUse (16.1.3, 16.1.1, 13.3): at the start of the owner's
// next Movement Phase an Entrenching marker with a friendly infantry-type
// unit still there becomes an IP; from then on the defender's hex counts as
// improved (no attacker AS, the IP column of the DD table) and stops a
// retreat for its owner. No unit attacks out of an Entrenching hex.
func TestIP_CompleteAndUse(t *testing.T) {
	m := ipMap("ginf 0404", "ginf2 0204", "ainf 0504", "ainf2 0503", "amech 0808")
	g := m.game(t, German, 5)
	apply(t, g, German, "entrench ginf")
	combatTurn(t, g)
	refused(t, g, German, "attack 0504 from 0404 maf ginf", "15.3, 16.1.3")
	// The turn goes round to the next German Movement Phase.
	g.s.Phase, g.s.Side, g.s.Turn = PhaseMovement, German, 6
	ev := g.enterPhase()
	if len(g.s.IPs) != 1 || !g.s.IPs[0].Built || g.s.IPs[0].Unit != "" {
		t.Fatalf("markers %+v", g.s.IPs)
	}
	if !strings.Contains(rulestest.EventsText(ev), "Improved Positions complete (16.1.3): 0404") {
		t.Errorf("events %v", ev)
	}
	if !g.improvedFor("0404", German) || g.improvedFor("0404", Allied) || !g.improvedFor("0305", Allied) {
		t.Error("16.1.1, 16.1.6: the IP counts for its side only; Osteck and Westeck for both")
	}
	// The Allied attack: amech's gray AC gets no AS against the IP (16.1.1).
	g.s.Units[g.index["amech"]].At = "0503"
	g.s.Units[g.index["ainf2"]].At = "0808"
	g.s.Side = Allied
	in, _ := g.combatInput(AttackCommand{Target: "0404", From: []string{"0503", "0504"}, MAF: []string{"amech"}, With: []string{"ainf"}})
	if !in.Improved || !in.fortified() {
		t.Fatal("the defending hex is not improved")
	}
	o, err := resolveOdds(in)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(shiftSources(o), ShiftArmorAttacker) {
		t.Errorf("an AS shift against an IP (16.1.1): %v", o)
	}
	open := in
	open.Improved = false
	if o, err := resolveOdds(open); err != nil || !slices.Contains(shiftSources(o), ShiftArmorAttacker) {
		t.Errorf("without the IP amech gets no AS either: %v %v", o, err)
	}
	if col := determinedColumn(in.Target.Terrain, in.Improved, false); col != DDImproved {
		t.Errorf("DD column %v, want the IP column (12.4.4)", col)
	}
	// 13.3: the IP stops a German two-hex retreat after one hex.
	cm := g.combatMap(g, German, nil)
	if !cm.Holds(g.b.ids["0404"]) || g.combatMap(g, Allied, nil).Holds(g.b.ids["0404"]) {
		t.Error("13.3: the IP does not stop its own side's retreat, or stops the enemy's")
	}
}

// builtIP puts a complete German IP in a hex.
func builtIP(g *Game, hex string) {
	g.s.IPs = append(g.s.IPs, ipMarker{Hex: hex, Side: German, Army: "german", Built: true})
}

// alliedAttackOnIP: ainf and ainf2 (12) attack ginf (6) in its IP at 0404,
// 2-1 (T1: a 4 is DR).
func alliedAttackOnIP(t *testing.T, germanOrders ...string) *Game {
	t.Helper()
	m := ipMap("ginf 0404", "ginf2 0101", "ainf 0504", "ainf2 0503", "amech 0808")
	g := m.game(t, German, 5)
	builtIP(g, "0404")
	for _, o := range germanOrders {
		apply(t, g, German, o)
	}
	g.s.Phase, g.s.Side = PhaseCombat, Allied
	g.enterPhase()
	apply(t, g, Allied, "attack 0404 from 0503 0504 maf ainf ainf2")
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	if c := g.combat(); c == nil || c.Result.Code != ResDR {
		t.Fatalf("combat %+v", c)
	}
	return g
}

// TestIP_Removal (16.1.5, 12.4.8): the DD result "*" destroys the IP (a 6 on
// the IP column is "• AL*": the retreat is cancelled, an attacking unit
// loses a step, the IP goes); an IP whose defenders all retreat goes; an
// IP with no friendly combat unit at the end of its owner's Supply Phase
// goes; an Entrenching marker with no infantry-type unit at the start of
// the owner's Movement Phase is not completed. Osteck and Westeck stay.
func TestIP_Removal(t *testing.T) {
	g := alliedAttackOnIP(t)
	apply(t, g, German, "dd ginf")
	if _, err := g.Roll([]int{6}); err != nil {
		t.Fatal(err)
	}
	if out := g.combat().DDOut; out == nil || !out.Result.Success || !out.Result.Tags.Has(TagIPDestroyed) || DeterminedColumn(out.Column) != DDImproved {
		t.Fatalf("DD %+v", out)
	}
	apply(t, g, Allied, "losses ainf") // AL: the attacker's pick
	if g.s.Combat != nil {
		t.Fatalf("the combat waits: %s", g.Pending().Prompt)
	}
	if at(g, "ginf") != "0404" || len(g.s.IPs) != 0 {
		t.Errorf("after DD *: ginf at %s, markers %+v", at(g, "ginf"), g.s.IPs)
	}

	// No DD: ginf retreats and the IP goes with it.
	g = alliedAttackOnIP(t, "order dd never")
	if g.s.Combat != nil {
		cmd := g.combatChoices()[0].Command
		apply(t, g, German, cmd)
	}
	for g.s.Combat != nil {
		apply(t, g, Allied, "advance-done")
	}
	if at(g, "ginf") == "0404" || len(g.s.IPs) != 0 {
		t.Errorf("after the retreat: ginf at %s, markers %+v", at(g, "ginf"), g.s.IPs)
	}

	// The Supply Phase: 0606's marker has no German unit; 0404's keeps ginf;
	// an HQ alone keeps one too, HQs being combat units (16.1.5, seed L1099;
	// 17.2.2, L1143: "Sztaby to oddziały bojowe").
	m := ipMap("ginf 0404", "ainf 0808")
	m.units = append(m.units, "ghq german heer 7 hq (1)-5 range=5")
	m.setup = append(m.setup, "ghq 0202")
	g = m.game(t, German, 5)
	builtIP(g, "0404")
	builtIP(g, "0606")
	builtIP(g, "0202")
	g.s.Phase = PhaseSupply
	ev := g.enterPhase()
	if len(g.s.IPs) != 2 || g.s.IPs[0].Hex != "0404" || g.s.IPs[1].Hex != "0202" {
		t.Errorf("after the Supply Phase: %+v", g.s.IPs)
	}
	if !strings.Contains(rulestest.EventsText(ev), "removed (16.1.5): 0606\n") {
		t.Errorf("events %s", rulestest.EventsText(ev))
	}

	// 16.1.3: Entrenching at 0404 and 0405; at the next German Movement
	// Phase ginf is still at 0404, while 0405 has nobody left.
	m = ipMap("ginf 0404", "ginf2 0405", "ainf 0808")
	g = m.game(t, German, 5)
	apply(t, g, German, "entrench ginf")
	apply(t, g, German, "entrench ginf2")
	refused(t, g, German, "remove-ip 0505", "16.1.2")
	g.s.Units[g.index["ginf2"]].At = "0505"
	g.s.Turn = 6
	g.enterPhase()
	if len(g.s.IPs) != 1 || !g.s.IPs[0].Built || g.s.IPs[0].Hex != "0404" {
		t.Errorf("after completion: %+v", g.s.IPs)
	}
	// 16.1.2: a player takes his own marker off to build elsewhere.
	apply(t, g, German, "remove-ip 0404")
	if len(g.s.IPs) != 0 {
		t.Errorf("remove-ip left %+v", g.s.IPs)
	}
}

// TestIP_NoRepl (16.1.3): the unit that began an IP takes no Repl before
// the IP is complete.
func TestIP_NoRepl(t *testing.T) {
	g := ipMap("ginf 0404", "ainf 0808").game(t, German, 5)
	apply(t, g, German, "entrench ginf")
	g.s.Units[g.index["ginf"]].Step = 1
	g.s.Turn, g.s.Phase = 6, PhaseReplacement
	g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 2}}
	refused(t, g, German, "replace ginf", "16.1.3")
}

// TestIP_CounterMix (16.1.2): the IP markers are an absolute limit.
func TestIP_CounterMix(t *testing.T) {
	g := ipMap("ginf 0404", "ainf 0808").game(t, German, 5)
	for k := range ipCounterMix {
		g.s.IPs = append(g.s.IPs, ipMarker{Hex: hexID(8, k%8+1), Side: German, Army: "german", Built: true})
	}
	refused(t, g, German, "entrench ginf", "16.1.2")
}

// TestIP_StopsRetreat (13.3; digest E21, L976-978): a two-hex retreat may
// stop after one hex in a clear hex that holds an IP of the retreating
// side; an enemy IP there does not stop it.
func TestIP_StopsRetreat(t *testing.T) {
	for _, c := range []struct {
		side Side
		stop bool
	}{{German, true}, {Allied, false}, {"", false}} {
		m := testMap{units: []string{gerInf, allInf, allInf2}, setup: []string{"ginf 0404", "ainf 0504", "ainf2 0503"},
			places: []string{"entry 0101 green"}}
		g := m.game(t, German, 5)
		if c.side != "" {
			g.s.IPs = []ipMarker{{Hex: "0304", Side: c.side, Army: "x", Built: true}}
		}
		apply(t, g, German, "order dd never")
		g.s.Phase, g.s.Side = PhaseCombat, Allied
		g.enterPhase()
		apply(t, g, Allied, "attack 0404 from 0503 0504 maf ainf ainf2")
		if _, err := g.Roll([]int{4}); err != nil { // 2-1: DR
			t.Fatal(err)
		}
		var cs []string
		for _, ch := range g.combatChoices() {
			cs = append(cs, ch.Command)
		}
		if got := slices.Contains(cs, "retreat 0304"); got != c.stop {
			t.Errorf("IP of %q at 0304: one-hex stop offered %v, want %v (%v)", c.side, got, c.stop, cs)
		}
	}
}

// TestPrompt_16_1_4_NoGermanIPsBeforeTurn5: the Movement Phase prompt
// offers 'entrench' only while an IP may be begun, so not to the Germans
// before turn 5 (16.1.4).
func TestPrompt_16_1_4_NoGermanIPsBeforeTurn5(t *testing.T) {
	m := testMap{units: []string{gerInf}, setup: []string{"ginf 0808"}}
	g := m.game(t, German, 2)
	if p := g.Pending().Prompt; strings.Contains(p, "entrench") {
		t.Errorf("German turn 2 prompt offers IPs (16.1.4): %s", p)
	}
	g = m.game(t, German, 6) // Overcast: 2 IPs a turn (16.1.2)
	if p := g.Pending().Prompt; !strings.Contains(p, "entrench") {
		t.Errorf("German turn 6 prompt in %s does not offer IPs (16.1.2): %s", g.s.Weather, p)
	}
}

// TestIP_AttackerLosses_16_1_5: an attacker's own IP goes when the combat's
// losses eliminate every friendly unit in the hex it attacked from (16.1.5,
// seed L1097); a hex left empty by an advance keeps its marker until the
// owner's Supply Phase ends.
func TestIP_AttackerLosses_16_1_5(t *testing.T) {
	g := ipMap("ginf 0404", "ginf2 0606", "ainf 0808").game(t, German, 5)
	builtIP(g, "0404")
	builtIP(g, "0606")
	c := &Combat{In: CombatInput{Attacker: German, Attackers: []CombatUnit{
		{ID: "ginf", FromHex: "0404", MAF: true}, {ID: "ginf2", FromHex: "0606"}}}}
	g.s.Units[g.index["ginf"]].Gone, g.s.Units[g.index["ginf"]].At = true, "" // eliminated by the combat
	g.s.Units[g.index["ginf2"]].At = "0706"                                   // advanced
	out := g.ipAttackersAfterCombat(c)
	if len(g.s.IPs) != 1 || g.s.IPs[0].Hex != "0606" {
		t.Errorf("markers after the combat: %+v, want only 0606's", g.s.IPs)
	}
	if len(out) != 1 || !strings.Contains(out[0], "0404") || !strings.Contains(out[0], "16.1.5") {
		t.Errorf("events %q", out)
	}
}

// TestIP_LegalEntrench (16.1.2-16.1.4): Legal offers 'entrench' to the
// infantry-type units that may begin an IP, panzergrenadiers among them,
// not to armor nor to a unit in a City, and to none before turn 5, when
// the Germans have no IP to begin.
func TestIP_LegalEntrench(t *testing.T) {
	m := ipMap("ginf 0404", "gpz 0206", "gcity 0303", "garm 0202", "ainf 0707")
	m.units = append(m.units, "garm german heer 21 armored 6-5 3-5")
	offered := func(g *Game) (ids []string) {
		for _, c := range g.Legal("german") {
			if id, ok := strings.CutPrefix(c.Command, "entrench "); ok {
				ids = append(ids, id)
			}
		}
		return ids
	}
	if got, want := offered(m.game(t, German, 5)), []string{"ginf", "gpz"}; !slices.Equal(got, want) {
		t.Errorf("turn 5: 'entrench' offered to %v, want %v", got, want)
	}
	if got := offered(m.game(t, German, 4)); len(got) != 0 {
		t.Errorf("turn 4: 'entrench' offered to %v, want none", got)
	}
}
