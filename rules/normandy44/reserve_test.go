package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Units of the reserve tests: the 21st Panzer's armor with a gray AC and a
// panzergrenadier (MA 5, mechanized), an Allied one-step unit of strength 2.
const (
	g21a  = "g21a german heer 21 armored 6-5 3-5 ac=gray:3"
	g21b  = "g21b german heer 21 panzergrenadier 6-5"
	aweak = "aweak allied us 4 infantry 2-1"
)

// reserveMap: German units west, Allied units east, a German entry hex in
// the corner so that German units trace supply (18.2).
func reserveMap(setup ...string) testMap {
	return testMap{
		units:  []string{g21a, g21b, gerInf, gerInf2, allInf, allInf2, aweak, allMech},
		setup:  setup,
		places: []string{"entry 0101 green"},
	}
}

func reserved(g *Game, id string) bool { return g.s.Units[g.index[id]].Reserve }

// TestReserve_Placement (15.1 a): in its Movement Phase a unit that does not
// move, or spends only 1 MP without entering or leaving an enemy ZOC, may be
// marked Reserve; a unit that spent more, moved into an EZOC, or started in
// one and moved, may not; nor may a Disrupted unit, one with a Repl, one out
// of supply, or one that moved by Tactical Movement. The view shows the
// marker.
func TestReserve_Placement(t *testing.T) {
	// aslow (strength 2, a ZOC) at 0506 projects a ZOC into 0406, 0407,
	// 0505, 0507, 0606, 0607.
	m := reserveMap("g21a 0202", "g21b 0204", "ginf 0305", "ginf2 0407", "aweak 0506", "ainf 0808")
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve g21a")
	if !reserved(g, "g21a") {
		t.Fatal("g21a not in Reserve")
	}
	if v := strings.Join(g.View("german").Lines, "\n"); !strings.Contains(v, "g21a [Reserve]") {
		t.Errorf("the view does not show the marker:\n%s", v)
	}
	refused(t, g, German, "reserve g21a", "15.1")
	// 1 MP in clear, no EZOC: still eligible.
	apply(t, g, German, "move g21b 0204 0205")
	apply(t, g, German, "reserve g21b")
	// 1 MP, but into the EZOC at 0406.
	apply(t, g, German, "move ginf 0305 0406")
	refused(t, g, German, "reserve ginf", "15.1")
	if _, err := g.Clone().Apply("german", "reserve ginf"); err == nil || !strings.Contains(err.Error(), "enemy ZOC") {
		t.Errorf("reserve after entering an EZOC: %v", err)
	}
	// Started in the EZOC at 0407 and moved out.
	apply(t, g, German, "move ginf2 0407 0307")
	refused(t, g, German, "reserve ginf2", "15.1")

	// Not moving in an EZOC is fine; Disrupted, Repl and out of supply are not.
	for _, c := range []struct {
		mark func(*unitState)
		ok   bool
	}{
		{func(*unitState) {}, true},
		{func(u *unitState) { u.Disrupted = true }, false},
		{func(u *unitState) { u.Repl = true }, false},
		{func(u *unitState) { u.OutOfSupply = true }, false},
		{func(u *unitState) { u.Regroup = true }, false},
	} {
		g := m.game(t, German, 3)
		c.mark(&g.s.Units[g.index["ginf2"]])
		if c.ok {
			apply(t, g, German, "reserve ginf2")
		} else {
			refused(t, g, German, "reserve ginf2", "15.1")
		}
	}
	// 2 MP spent: no.
	g = m.game(t, German, 3)
	apply(t, g, German, "move g21a 0202 0203 0204")
	refused(t, g, German, "reserve g21a", "15.1")
	// Tactical Movement: no (9.10).
	g = m.game(t, German, 3)
	g.s.Units[g.index["ginf"]].OutOfSupply = true // 18.4: Tactical Movement only
	apply(t, g, German, "move ginf 0305 0304")
	g.s.Units[g.index["ginf"]].OutOfSupply = false
	if !g.s.Units[g.index["ginf"]].Tactical {
		t.Fatal("the move was not tactical")
	}
	refused(t, g, German, "reserve ginf", "15.1")
	// Not in another phase, not the enemy's units.
	refused(t, g, German, "reserve aweak", "15.1")
	g.s.Phase = PhaseCombat
	refused(t, g, German, "reserve g21b", "15.1")
}

// TestReserve_SixStacks (15.1): at most 6 stacks of a side in Reserve; a
// marker is moved by taking it off a stack first, and several units of one
// hex share one marker.
func TestReserve_SixStacks(t *testing.T) {
	var units, setup []string
	for k := 1; k <= 8; k++ {
		id := "gi" + string(rune('0'+k))
		units = append(units, id+" german heer 1 infantry 2-4")
		setup = append(setup, id+" 0"+string(rune('0'+k))+"01")
	}
	units = append(units, "gj german heer 1 infantry 2-4", allInf)
	setup = append(setup, "gj 0101", "ainf 0808")
	g := testMap{units: units, setup: setup, places: []string{"entry 0101 green"}}.game(t, German, 3)
	apply(t, g, German, "reserve gi1 gj") // one stack, 0101
	apply(t, g, German, "reserve gi2 gi3 gi4 gi5 gi6")
	if n := len(g.reserveStacks(German)); n != 6 {
		t.Fatalf("%d stacks in Reserve, want 6", n)
	}
	refused(t, g, German, "reserve gi7", "15.1")
	apply(t, g, German, "unreserve gi6")
	apply(t, g, German, "reserve gi7")
	if reserved(g, "gi6") || !reserved(g, "gi7") {
		t.Error("the marker did not move from gi6 to gi7")
	}
	// A refused command with several units changes nothing.
	apply(t, g, German, "unreserve gi7")
	refused(t, g, German, "reserve gi7 gi8", "15.1")
}

// TestReserve_LegalAtSixStacks (15.1): with 6 stacks in Reserve, Legal
// offers 'reserve' to a unit whose hex holds one of them, which shares its
// marker, and to no unit of another hex; with 5, to both.
func TestReserve_LegalAtSixStacks(t *testing.T) {
	var units, setup []string
	for k := 1; k <= 7; k++ {
		id := "gi" + string(rune('0'+k))
		units = append(units, id+" german heer 1 infantry 2-4")
		setup = append(setup, id+" 0"+string(rune('0'+k))+"01")
	}
	units = append(units, "gk german heer 1 infantry 2-4", allInf)
	setup = append(setup, "gk 0201", "ainf 0808")
	g := testMap{units: units, setup: setup, places: []string{"entry 0101 green"}}.game(t, German, 3)
	offered := func(cmd string) bool {
		return slices.ContainsFunc(g.Legal("german"), func(c rules.Choice) bool { return c.Command == cmd })
	}
	apply(t, g, German, "reserve gi1 gi2 gi3 gi4 gi5")
	if !offered("reserve gk") || !offered("reserve gi7") {
		t.Errorf("with 5 stacks in Reserve, Legal offers 'reserve gk' %v, 'reserve gi7' %v; want both", offered("reserve gk"), offered("reserve gi7"))
	}
	apply(t, g, German, "reserve gi6")
	if !offered("reserve gk") || offered("reserve gi7") {
		t.Errorf("with 6 stacks in Reserve, Legal offers 'reserve gk' %v (its hex's marker), 'reserve gi7' %v (a seventh)", offered("reserve gk"), offered("reserve gi7"))
	}
	apply(t, g, German, "reserve gk")
}

// combatTurn puts g in side's Combat Phase of its turn.
func combatTurn(t *testing.T, g *Game) {
	t.Helper()
	apply(t, g, g.s.Side, "end")
	if g.s.Phase != PhaseCombat {
		t.Fatalf("at %s", g.Pending().Phase)
	}
}

// TestReserve_AfterCombatP15 (15.1 b; digest P15, L1782): 12 against a
// one-step defender of 2 is 6-1, the gray AC shifts it to 7-1, and a 4 is
// A1/D2: the defender has one step, so the attacker loses nothing and the
// defender is eliminated; the attacker puts its units into Reserve instead
// of advancing. The Reserve Movement and Reserve Combat Phases are then held
// (15.2, 15.3).
func TestReserve_AfterCombatP15(t *testing.T) {
	m := reserveMap("g21a 0303", "g21b 0304", "aweak 0404", "ainf 0707", "ginf 0101")
	g := m.game(t, German, 3)
	combatTurn(t, g)
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if got := g.combat().Odds.Final.String(); got != "7-1" {
		t.Fatalf("odds %s, want 7-1 (P15)", got)
	}
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	c := g.combat()
	if c == nil || c.Result.Code != ResA1D2 || len(c.AttLoss) != 0 {
		t.Fatalf("combat %+v", c)
	}
	if _, ok := choiceOf(g, "reserve g21a"); !ok {
		t.Fatalf("no Reserve choice: %s", g.Pending().Prompt)
	}
	if _, ok := choiceOf(g, "reserve g21b"); !ok {
		t.Fatalf("no Reserve choice: %s", g.Pending().Prompt)
	}
	if p := g.Pending().Prompt; !strings.Contains(p, "'reserve UNIT'") || !strings.Contains(p, "15.1 b") {
		t.Errorf("the prompt does not tell of Reserve (15.1 b): %s", p)
	}
	apply(t, g, German, "reserve g21a")
	ev := apply(t, g, German, "reserve g21b")
	if g.s.Combat != nil || !reserved(g, "g21a") || !reserved(g, "g21b") || at(g, "g21a") != "0303" {
		t.Fatalf("after the Reserve choices: combat %v, reserve %v %v at %s", g.s.Combat, reserved(g, "g21a"), reserved(g, "g21b"), at(g, "g21a"))
	}
	if len(ev) < 2 || !strings.Contains(ev[0].Text, "g21b goes into Reserve (15.1 b)") || !strings.Contains(ev[1].Text, "; reserve g21a; reserve g21b") {
		t.Errorf("events %v", ev)
	}
	if !g.s.Units[g.index["aweak"]].Gone {
		t.Error("aweak survived")
	}
	apply(t, g, German, "end")
	if g.s.Phase != PhaseReserveMovement || g.s.Side != German {
		t.Fatalf("after the Combat Phase: %s", g.Pending().Phase)
	}
}

// TestReserve_PhasesSkipped (15.2, 15.3): a side with no unit in Reserve
// holds neither phase.
func TestReserve_PhasesSkipped(t *testing.T) {
	g := reserveMap("g21a 0303", "ainf 0707").game(t, German, 3)
	combatTurn(t, g)
	apply(t, g, German, "end")
	if g.s.Phase == PhaseReserveMovement || g.s.Phase == PhaseReserveCombat {
		t.Fatalf("held %s with no Reserve", g.s.Phase)
	}
}

// TestReserve_MovementHalfMA (15.2; digest E23, L1069): a German mechanized
// unit of MA 5 moves 3 MP in the Reserve Movement Phase in Overcast and 2 in
// Clear ((5-2)/2 = 1.5, rounded up); Tactical Movement is allowed, SM and
// Trucks are not; only units in Reserve move, once; no unit enters.
func TestReserve_MovementHalfMA(t *testing.T) {
	for _, c := range []struct {
		w    Weather
		long string // a clear path of the unit's reserve MA
		over string // one hex more
	}{
		{WeatherOvercast2, "move g21b 0204 0205 0206 0207", "move g21b 0204 0205 0206 0207 0208"},
		{WeatherClear4, "move g21b 0204 0205 0206", "move g21b 0204 0205 0206 0207"},
	} {
		g := reserveMap("g21b 0204", "ginf 0102", "ainf 0808").game(t, German, 3)
		g.s.Weather = c.w
		apply(t, g, German, "reserve g21b")
		combatTurn(t, g)
		apply(t, g, German, "end")
		if g.s.Phase != PhaseReserveMovement {
			t.Fatalf("%s: at %s", c.w, g.Pending().Phase)
		}
		refused(t, g, German, "move ginf 0102 0103", "15.2, 6.5.2")
		refused(t, g, German, c.over, "9.1")
		refused(t, g, German, "move g21b 0204 0205 sm", "15.2, 9.8.1")
		if c.w == WeatherClear4 {
			// Clear: 2 MP, but Tactical Movement still allows 2 hexes.
			apply(t, g, German, "move g21b 0204 0205 0206")
		} else {
			apply(t, g, German, c.long)
		}
		if !g.s.Units[g.index["g21b"]].ReserveMoved || !reserved(g, "g21b") {
			t.Errorf("%s: after the reserve move: %+v", c.w, g.s.Units[g.index["g21b"]])
		}
		refused(t, g, German, "move g21b "+at(g, "g21b")+" 0306", "9.1")
		apply(t, g, German, "end")
		if g.s.Phase != PhaseReserveCombat {
			t.Fatalf("%s: at %s", c.w, g.Pending().Phase)
		}
	}
	if reserveMA(5-2) != 2 || reserveMA(5) != 3 || reserveMA(4) != 2 {
		t.Errorf("reserveMA(3)=%d reserveMA(5)=%d reserveMA(4)=%d, want 2, 3, 2 (E23)", reserveMA(3), reserveMA(5), reserveMA(4))
	}
}

// TestReserve_CombatPhase (15.3, 15.4, 10.1): only units in Reserve attack in
// the Reserve Combat Phase; a hex attacked in the Combat Phase may be
// attacked again there; attacking takes the marker off at once, in the
// Combat Phase as in the Reserve Combat Phase.
func TestReserve_CombatPhase(t *testing.T) {
	m := reserveMap("g21a 0303", "g21b 0304", "ginf 0403", "ainf 0404", "amech 0707")
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve g21a g21b")
	combatTurn(t, g)
	// A unit in Reserve that attacks in the Combat Phase loses the status.
	c := g.Clone().(*Game)
	apply(t, c, German, "attack 0404 from 0303 maf g21a")
	if reserved(c, "g21a") || !reserved(c, "g21b") {
		t.Error("15.4: attacking did not take g21a's marker off, or took g21b's")
	}
	// ginf attacks 0404 in the Combat Phase: 6 against 6, 1-1; a 1 is A1.
	apply(t, g, German, "order losses ginf")
	apply(t, g, German, "attack 0404 from 0403 maf ginf")
	if _, err := g.Roll([]int{1}); err != nil {
		t.Fatal(err)
	}
	if g.s.Combat != nil {
		t.Fatalf("combat waits: %s", g.Pending().Prompt)
	}
	apply(t, g, German, "end") // Combat
	apply(t, g, German, "end") // Reserve Movement
	if g.s.Phase != PhaseReserveCombat {
		t.Fatalf("at %s", g.Pending().Phase)
	}
	for _, ch := range g.Legal("german") {
		if strings.HasPrefix(ch.Command, "attack ") && strings.Contains(ch.Command, "ginf") {
			t.Errorf("Legal lists an attack by ginf, not in Reserve: %s", ch.Command)
		}
	}
	refused(t, g, German, "attack 0404 from 0403 maf ginf", "15.3, 16.1.3")
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if reserved(g, "g21a") || reserved(g, "g21b") {
		t.Error("15.4: the attackers kept the Reserve marker")
	}
}

// TestReserve_Losing (15.4): at the end of its own Regeneration Phase a unit
// in Reserve next to an enemy loses the status, one elsewhere keeps it into
// the next turn (AMBIG-27), where moving more than 1 MP takes it off; a unit
// marked out of supply in the Supply Phase loses it at once.
func TestReserve_Losing(t *testing.T) {
	m := reserveMap("g21a 0505", "g21b 0202", "ginf 0104", "ainf 0606", "amech 0808")
	m.places = []string{"entry 0101 green", "entry 0102 green"}
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve g21a g21b ginf")
	combatTurn(t, g)
	apply(t, g, German, "end") // Combat
	apply(t, g, German, "end") // Reserve Movement
	apply(t, g, German, "end") // Reserve Combat; Regeneration and Supply pass
	if g.s.Side != Allied {
		t.Fatalf("at %s", g.Pending().Phase)
	}
	if reserved(g, "g21a") {
		t.Error("g21a next to ainf kept its Reserve status (15.4)")
	}
	if !reserved(g, "g21b") || !reserved(g, "ginf") {
		t.Fatal("units away from the enemy lost the status")
	}
	// AMBIG-27: the next German Movement Phase.
	g.s.Phase, g.s.Side, g.s.Turn = PhaseMovement, German, 4
	g.enterPhase()
	apply(t, g, German, "move ginf 0104 0105")
	if !reserved(g, "ginf") {
		t.Error("a 1-MP move took the marker off")
	}
	apply(t, g, German, "move g21b 0202 0203 0204")
	if reserved(g, "g21b") {
		t.Error("a 2-MP move kept the marker (AMBIG-27)")
	}
	// Out of supply: no entry hex left, the Supply Phase marks ginf.
	g.sc.Places = nil
	g.sup, _ = newSupplyMap(g.sc, g.b)
	g.s.Phase = PhaseSupply
	g.enterPhase()
	if us := g.s.Units[g.index["ginf"]]; !us.OutOfSupply || us.Reserve {
		t.Errorf("after the Supply Phase: out of supply %v, Reserve %v (15.4)", us.OutOfSupply, us.Reserve)
	}
}

// TestReserve_ConditionalOrder (15.1 b, digest §6.3): 'if-retreat reserve U'
// puts U into Reserve after a DH or A1/D2 with no round trip; the order
// goes with the attack.
func TestReserve_ConditionalOrder(t *testing.T) {
	m := reserveMap("g21a 0303", "g21b 0304", "aweak 0404", "ainf 0707", "ginf 0101")
	g := m.game(t, German, 3)
	combatTurn(t, g)
	apply(t, g, German, "if-retreat reserve g21a")
	apply(t, g, German, "if-retreat advance g21b")
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if _, err := g.Roll([]int{4}); err != nil { // A1/D2, P15
		t.Fatal(err)
	}
	if g.s.Combat != nil {
		t.Fatalf("the combat waits: %s", g.Pending().Prompt)
	}
	if !reserved(g, "g21a") || reserved(g, "g21b") || at(g, "g21b") != "0404" {
		t.Errorf("g21a Reserve %v; g21b Reserve %v at %s", reserved(g, "g21a"), reserved(g, "g21b"), at(g, "g21b"))
	}
	if len(g.s.Orders) != 0 {
		t.Errorf("conditional orders outlive their attack: %v", g.s.Orders)
	}
	// Not on another result: D1 (a 6 on 7-1 is DH; a 1 is A1/D1, no Reserve).
	g = m.game(t, German, 3)
	combatTurn(t, g)
	apply(t, g, German, "if-retreat reserve g21a")
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if _, err := g.Roll([]int{1}); err != nil {
		t.Fatal(err)
	}
	if reserved(g, "g21a") {
		t.Error("Reserve after an A1/D1 (15.1 b allows it after DH and A1/D2 only)")
	}
}

// TestReserve_SplitStack (15.1): in the Reserve Movement Phase a stack in
// Reserve may not split into a seventh stack; joining another stack in
// Reserve is fine.
func TestReserve_SplitStack(t *testing.T) {
	var units, setup []string
	for k := 1; k <= 7; k++ {
		id := "gi" + string(rune('0'+k))
		units = append(units, id+" german heer 1 infantry 2-4")
		if k < 7 {
			setup = append(setup, id+" 0"+string(rune('0'+k))+"02")
		}
	}
	units = append(units, allInf)
	setup = append(setup, "gi7 0602", "ainf 0808")
	g := testMap{units: units, setup: setup, places: []string{"entry 0101 green"}}.game(t, German, 3)
	apply(t, g, German, "reserve gi1 gi2 gi3 gi4 gi5 gi6 gi7") // gi6 and gi7 share 0602
	combatTurn(t, g)
	apply(t, g, German, "end")
	if g.s.Phase != PhaseReserveMovement {
		t.Fatalf("at %s", g.Pending().Phase)
	}
	refused(t, g, German, "move gi7 0602 0603", "15.1")
	if _, ok := legalTo(g, "gi7", "0603"); ok {
		t.Error("Legal lists a move that makes a seventh stack in Reserve")
	}
	apply(t, g, German, "move gi7 0602 0502") // onto gi5's stack
}

// reserveHQGame is reserveMap's German turn 3 with an HQ in range of the
// Allied unit at 0404 and 2 7th Army SupP to fire (17.2.5), in weather w.
func reserveHQGame(t *testing.T, w Weather) *Game {
	t.Helper()
	m := reserveMap("g21a 0303", "ginf 0202", "ainf 0404", "amech 0808")
	m.units = append(m.units, "ghq german heer 7 hq (1)-5 range=5")
	m.setup = append(m.setup, "ghq 0201")
	g := m.game(t, German, 3)
	g.s.SupP = []supPool{{Pool: germanSupPPool, N: 2}}
	g.s.Weather = w
	return g
}

// TestReserve_CombatSupport (15.3): an HQ need not be in Reserve to fire for
// a reserve attack, and the Jabos still roll before a German attack in
// Clear weather (19.1.3).
func TestReserve_CombatSupport(t *testing.T) {
	g := reserveHQGame(t, WeatherClear4)
	apply(t, g, German, "reserve g21a")
	combatTurn(t, g)
	apply(t, g, German, "end") // Combat
	apply(t, g, German, "end") // Reserve Movement
	if g.s.Phase != PhaseReserveCombat {
		t.Fatalf("at %s", g.Pending().Phase)
	}
	apply(t, g, German, "attack 0404 from 0303 maf g21a art ghq")
	if g.s.SupP[0].N != 1 {
		t.Errorf("the HQ's SupP: %d left, want 1 (17.2.5)", g.s.SupP[0].N)
	}
	if p := g.Pending(); p.Dice == nil || !strings.Contains(p.Dice.For, "Jabos") {
		t.Errorf("no Jabos roll before the reserve attack in Clear: %+v", p)
	}
}

// TestReserve_AfterCombatMarkerMoved (15.1): with all 6 markers in use the
// attacker frees one with 'unreserve' while the advance waits, and may then
// put an attacker into Reserve after the A1/D2.
func TestReserve_AfterCombatMarkerMoved(t *testing.T) {
	var units, setup []string
	for k := 1; k <= 6; k++ {
		id := "gi" + string(rune('0'+k))
		units = append(units, id+" german heer 1 infantry 2-4")
		setup = append(setup, id+" 0"+string(rune('0'+k))+"08")
	}
	m := reserveMap(append(setup, "g21a 0303", "g21b 0304", "aweak 0404", "ainf 0707")...)
	m.units = append(m.units, units...)
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve gi1 gi2 gi3 gi4 gi5 gi6")
	combatTurn(t, g)
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if _, err := g.Roll([]int{4}); err != nil { // 7-1: A1/D2 (P15)
		t.Fatal(err)
	}
	if _, ok := choiceOf(g, "reserve g21a"); ok {
		t.Fatalf("a seventh stack offered: %s", g.Pending().Prompt)
	}
	refused(t, g, German, "reserve g21a", "14.1")
	apply(t, g, German, "unreserve gi6")
	apply(t, g, German, "reserve g21a")
	apply(t, g, German, "advance-done")
	if !reserved(g, "g21a") || reserved(g, "gi6") || g.s.Combat != nil {
		t.Errorf("g21a %v gi6 %v combat %v", reserved(g, "g21a"), reserved(g, "gi6"), g.s.Combat)
	}
}

// TestReserve_P16 (15.2, 15.3; digest P16, L1784-1786): units in Reserve
// move in the Reserve Movement Phase and attack in the Reserve Combat
// Phase: 12 against 9 is 1-1, the AS makes it 2-1, and a 3 is EX: each side
// loses a step, the Allied player picking the German one and the German
// player the British one; no retreat, no advance.
func TestReserve_P16(t *testing.T) {
	m := reserveMap("g21a 0302", "g21b 0305", "apara 0404", "ainf 0808", "ginf 0101")
	m.units = append(m.units, "apara allied gb 6 paratroop 9-3 5-3")
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve g21a g21b")
	combatTurn(t, g)
	apply(t, g, German, "end") // Combat
	apply(t, g, German, "move g21a 0302 0303")
	apply(t, g, German, "move g21b 0305 0304")
	apply(t, g, German, "end") // Reserve Movement
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if got := g.combat().Odds.Final.String(); got != "2-1" {
		t.Fatalf("odds %s, want 2-1 (P16)", got)
	}
	if _, err := g.Roll([]int{3}); err != nil {
		t.Fatal(err)
	}
	if c := g.combat(); c.Result.Code != ResEX {
		t.Fatalf("result %v, want EX", c.Result.Code)
	}
	apply(t, g, Allied, "losses g21a")
	// The German pick is forced: apara is the only defender (12.2.2).
	for g.s.Combat != nil {
		apply(t, g, German, "advance-done")
	}
	if g.s.Units[g.index["g21a"]].Step != 1 || g.s.Units[g.index["apara"]].Step != 1 || at(g, "apara") != "0404" {
		t.Errorf("after EX: g21a step %d, apara step %d at %s", g.s.Units[g.index["g21a"]].Step, g.s.Units[g.index["apara"]].Step, at(g, "apara"))
	}
	if reserved(g, "g21a") || reserved(g, "g21b") {
		t.Error("15.4: the attackers kept Reserve")
	}
}

// TestReserve_Reinforcement (6.6, 15.1, AMBIG-68): a German reinforcement
// that enters and spends at most 1 MP, its entry hex included, may go into
// Reserve, unless its entry hex is in an enemy ZOC.
func TestReserve_Reinforcement(t *testing.T) {
	for _, c := range []struct {
		ainf string
		ok   bool
	}{{"0808", true}, {"0204", false}} { // 0204 is next to 0103
		m := reserveMap("ainf " + c.ainf)
		m.reinf = []string{"3 g21b 0103"}
		g := m.game(t, German, 3)
		g.enterPhase()
		apply(t, g, German, "move g21b 0103")
		if c.ok {
			apply(t, g, German, "reserve g21b")
		} else {
			refused(t, g, German, "reserve g21b", "15.1")
		}
	}
}

// TestReserve_DisruptedInEnemyTurn (15.4, 13.6): a unit in Reserve that
// retreats in the enemy's Combat Phase is Disrupted and loses the status at
// once, before the combat's event is read.
func TestReserve_DisruptedInEnemyTurn(t *testing.T) {
	m := reserveMap("ginf 0404", "ginf2 0101", "ainf 0504", "ainf2 0503", "amech 0808")
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve ginf")
	apply(t, g, German, "order dd never")
	g.s.Phase, g.s.Side = PhaseCombat, Allied
	g.enterPhase()
	if !reserved(g, "ginf") {
		t.Fatal("ginf lost Reserve before the attack")
	}
	apply(t, g, Allied, "attack 0404 from 0503 0504 maf ainf ainf2")
	if _, err := g.Roll([]int{4}); err != nil { // 2-1: DR
		t.Fatal(err)
	}
	apply(t, g, German, g.combatChoices()[0].Command)
	var ev string
	for g.s.Combat != nil {
		ev += rulestest.EventsText(apply(t, g, Allied, "advance-done"))
	}
	us := g.s.Units[g.index["ginf"]]
	if !us.Disrupted || us.Reserve {
		t.Errorf("after the retreat: Disrupted %v, Reserve %v", us.Disrupted, us.Reserve)
	}
	if !strings.Contains(ev, "Reserve status lost (15.4): ginf (is Disrupted)") {
		t.Errorf("events %s", ev)
	}
}

// TestReserve_HQ_17_2_3: an HQ may not both move more than 1 hex and give
// artillery shifts in one turn (17.2.3, seed L1129-1131). An HQ in Reserve
// that fired in the Combat Phase moves at most 1 hex in the Reserve Movement
// Phase; one that moves 2 hexes there flips to its Moved side and stays on
// it, as in the Movement Phase, until an Initial Phase.
func TestReserve_HQ_17_2_3(t *testing.T) {
	g := reserveHQGame(t, WeatherOvercast2)
	apply(t, g, German, "reserve g21a ghq")
	combatTurn(t, g)
	rm := g.Clone().(*Game) // the HQ that does not fire
	apply(t, g, German, "attack 0404 from 0303 maf g21a art ghq")
	if !g.s.Units[g.index["ghq"]].HQFired || !reserved(g, "ghq") {
		t.Fatalf("after firing: %+v", g.s.Units[g.index["ghq"]])
	}
	// The Reserve Movement Phase of that turn, the HQ still in Reserve.
	g.s.Combat, g.cur = nil, nil
	g.s.Phase = PhaseReserveMovement
	g.startReserveMovement()
	refused(t, g, German, "move ghq 0201 0301 0401", "17.2.3")
	for _, c := range g.Legal("german") {
		if strings.HasPrefix(c.Command, "move ghq ") && strings.Count(c.Command, " ") > 3 {
			t.Errorf("Legal offers %q to an HQ that fired (17.2.3)", c.Command)
		}
	}
	apply(t, g, German, "move ghq 0201 0301")

	apply(t, rm, German, "end") // Combat
	if rm.s.Phase != PhaseReserveMovement {
		t.Fatalf("at %s", rm.Pending().Phase)
	}
	apply(t, rm, German, "move ghq 0201 0301 0401")
	if !rm.s.Units[rm.index["ghq"]].HQMoved {
		t.Error("an HQ that moved 2 hexes in the Reserve Movement Phase is not on its Moved side (17.2.3)")
	}
}

// TestReserve_UnreserveAtAnyTime (15.4: the active player may remove his
// Reserve markers at any time): Legal offers 'unreserve' in the Combat
// Phase and while a combat waits for the attacker, as Apply takes it; it
// used to offer it in the Movement Phase alone. The combat is P15's
// (TestReserve_AfterCombatP15), which waits for the attacker's advance or
// Reserve after its A1/D2.
func TestReserve_UnreserveAtAnyTime(t *testing.T) {
	m := reserveMap("g21a 0303", "g21b 0304", "aweak 0404", "ainf 0707", "ginf 0101")
	g := m.game(t, German, 3)
	apply(t, g, German, "reserve ginf")
	combatTurn(t, g)
	offers := func(when string) {
		t.Helper()
		if _, ok := choiceOf(g, "unreserve ginf"); !ok {
			t.Errorf("%s: Legal does not offer 'unreserve ginf' (15.4)", when)
		}
		c := g.Clone().(*Game)
		apply(t, c, German, "unreserve ginf")
		if reserved(c, "ginf") {
			t.Errorf("%s: ginf is still in Reserve after 'unreserve ginf'", when)
		}
	}
	offers("the Combat Phase")
	apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	if _, ok := choiceOf(g, "reserve g21a"); g.s.Combat == nil || !ok {
		t.Fatalf("want the combat waiting for the attacker's advance or Reserve: %s", g.Pending().Prompt)
	}
	offers("a combat waiting for the attacker")
}

// TestReserve_OwnSideUnreserves (15.4: "the active player may remove
// Reserve markers"): while a German attack on ainf waits on the Allied
// player's decision, the Allied seat may not take the German ginf's
// Reserve marker off; from normandy44/6 Apply refuses it, as Legal never
// offered it. normandy44/5 took it, and its games play on so.
func TestReserve_OwnSideUnreserves(t *testing.T) {
	for _, tc := range []struct {
		version string
		refused bool
	}{{Version, true}, {"normandy44/5", false}} {
		m := reserveMap("g21a 0303", "g21b 0304", "ainf 0404", "aweak 0707", "ginf 0101")
		g := m.gameUnder(t, tc.version, German, 3)
		apply(t, g, German, "reserve ginf")
		combatTurn(t, g)
		apply(t, g, German, "attack 0404 from 0303 0304 maf g21a g21b")
		for die := 1; die <= 6 && !slices.Contains(g.Pending().Seats, rules.Seat(Allied)); die++ {
			x := g.Clone().(*Game)
			if _, err := x.Roll([]int{die}); err != nil {
				t.Fatal(err)
			}
			if x.s.Combat != nil && slices.Contains(x.Pending().Seats, rules.Seat(Allied)) {
				g = x
			}
		}
		if g.s.Combat == nil || !slices.Contains(g.Pending().Seats, rules.Seat(Allied)) {
			t.Fatalf("%s: want the combat waiting on the Allied player: %s", tc.version, g.Pending().Prompt)
		}
		_, err := g.Clone().(*Game).Apply("allied", "unreserve ginf")
		switch {
		case tc.refused:
			refused(t, g, Allied, "unreserve ginf", "15.4")
		case err != nil:
			t.Errorf("%s: 'unreserve ginf' from the Allied seat: %v; want it taken, as it was", tc.version, err)
		}
	}
}
