package salerno43

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// ringedHex is a hex of terrain t with at least three land neighbours
// across plain hexsides (the attackers'), and its other land neighbours.
func ringedHex(t *testing.T, g *Game, terrain Terrain) (hex.Axial, []string, []string) {
	t.Helper()
	for k := 0; k < g.b.Grid().Len(); k++ {
		a := g.b.Grid().Hex(k)
		if !g.b.Land(a) || g.b.Terrain(a) != terrain || g.b.ID(a) == "" || g.areaOf(a) != "" {
			continue
		}
		var plain, others []string
		for _, n := range a.Neighbors() {
			switch {
			case !g.b.Land(n) || g.b.ID(n) == "":
			case g.plainSide(a, n):
				plain = append(plain, g.b.ID(n))
			default:
				others = append(others, g.b.ID(n))
			}
		}
		if len(plain) >= 3 {
			return a, plain, others
		}
	}
	t.Fatalf("no %s hex with three plain land neighbours", terrain)
	return hex.Axial{}, nil, nil
}

// despAttack sets EX-16's stack, 5h/46, 2cdo (elite) and the 3-step 128/46,
// in a town, of the Other column (11.2.1), and a German unit in every land
// hex next to it, so that it has no retreat path (12.2); three 16 Pz units
// attack it across plain hexsides with their ASU: 12 against 11 is 1-1,
// armor superiority and the ASU make 3-1 (in the example's hills the
// British would double to the cap of 20, and no German attack of the
// stand-in could then reach a D1). free leaves the other neighbours empty,
// so that the stack may retreat. It rolls the first CRT die that gives D1
// and returns the game at the defender's loss.
func despAttack(t *testing.T, free bool, orders ...string) (*Game, string) {
	t.Helper()
	g := emptyGame(t, 2, PhaseCombat, German)
	a, plain, others := ringedHex(t, g, Town)
	H := g.b.ID(a)
	for _, id := range []string{"5h/46", "2cdo", "128/46"} {
		g.put(t, id, H)
	}
	attackers := []string{"2pz/16", "kgd/16", "1-79/16"}
	blockers := []string{"9pg/26", "26pz/26", "104pg/15", "115pg/15", "stug/16", "1-64/16"}
	for k, id := range attackers {
		g.put(t, id, plain[k])
	}
	g.put(t, "hq/16", plain[0])
	if !free {
		for k, n := range append(slices.Clone(plain[3:]), others...) {
			g.put(t, blockers[k], n)
		}
	}
	al, de := rules.Seat(Allied), rules.Seat(German)
	for _, o := range orders {
		if _, err := orderHandler(g, al, o); err != nil {
			t.Fatal(err)
		}
	}
	rulestest.Apply(t, g, de, "attack "+H+" with "+strings.Join(attackers, " ")+" maf 16pz art hq/16")
	if g.combat().Await().Decision == DecDefAir {
		rulestest.Apply(t, g, al, "no-def-air")
	}
	if got := g.combat().Odds; got.Attack != 12 || got.Defense != 11 || got.Column() != "3-1" {
		t.Fatalf("12 against 11 with armor and the ASU: %s", got)
	}
	if !rollFor(t, g, func(try *Game) bool { return try.s.Combat != nil && baseCode(try.combat().Result.Code) == "D1" }) {
		t.Fatal("no CRT die gives D1 at 3-1")
	}
	return g, H
}

// rollFor rolls the first die that brings the combat where want says, as
// tried on a copy of the game (the stand-in CRT's cells are not all the
// book's); false when none does.
func rollFor(t *testing.T, g *Game, want func(try *Game) bool) bool {
	t.Helper()
	for die := 1; die <= 6; die++ {
		try := g.Clone().(*Game)
		if _, err := try.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
		if want(try) {
			rulestest.Roll(t, g, die)
			return true
		}
	}
	return false
}

// EX-16 (11.5, L671-675): the three British units have no retreat path and
// the CRT gives D1. The defender takes the step from 5h/46, which is
// eliminated, and declares a Desperate Defense led by the elite commandos
// in the Other column: 2+1 = 3, a failure, the commandos lose their step
// and are eliminated; the brigade, the only unit left, leads: 3, a
// failure, it loses a step; 5: "-/1 H", the retreat is cancelled and it
// loses one more. Four steps lost in all; the brigade's remnant holds.
func TestEX16_DesperateDefense(t *testing.T) {
	g, H := despAttack(t, false)
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, al, "losses 5h/46")
	rulestest.Apply(t, g, al, "dd 2cdo")
	a := g.combat().Await()
	if a.Decision != DecDespD || a.Side != string(Allied) || !slices.Equal(a.Choices, []string{"despd", "no-despd"}) {
		t.Fatalf("11.5.2: the stack with no retreat path may declare a Desperate Defense: %s", a)
	}
	if !slices.ContainsFunc(g.Legal(al), func(c rules.Choice) bool { return c.Command == "despd" }) {
		t.Errorf("Legal offers no despd: %v", g.Legal(al))
	}
	rulestest.Apply(t, g, al, "despd")
	rulestest.Roll(t, g, 2) // 2 + 1 elite = 3, Other: "-/-", a failure
	if c := g.combat(); len(c.desp.failed) != 1 || c.desp.failed[0].Modified != 3 || c.desp.failed[0].Heading != "Other" {
		t.Fatalf("EX-16: the commandos' roll reads Other 2+1 = 3 and fails: %+v", c.desp.failed)
	}
	// The brigade is the only unit left to lead: no decision, the die.
	if a := g.combat().Await(); a.Roll != combat.RollDD {
		t.Fatalf("11.5.3: the only lead left leads; the combat waits for %s", a)
	}
	rulestest.Roll(t, g, 3) // a failure: the brigade loses a step
	rulestest.Roll(t, g, 5) // "-/1 H": it holds, losing another
	if g.s.Combat != nil {
		t.Fatalf("EX-16: the defenders hold; the combat waits for %s", g.combat().Await())
	}
	for _, id := range []string{"5h/46", "2cdo"} {
		if us := g.s.Units[g.index(id)]; us.Box != BoxEliminated {
			t.Errorf("EX-16: %s is eliminated: %+v", id, us)
		}
	}
	us := g.s.Units[g.index("128/46")]
	if us.Hex != H || us.Lost != 2 || us.Status != GoodOrder {
		t.Errorf("EX-16: the brigade's remnant (two steps lost, 10.4.1) holds in %s, good order: %+v", H, us)
	}
	lost := 0
	for _, id := range []string{"5h/46", "2cdo", "128/46"} {
		u := g.s.Units[g.index(id)]
		switch {
		case u.Box == BoxEliminated:
			lost += len(g.sc.Units[g.index(id)].Faces) - (u.Lost)
		default:
			lost += u.Lost
		}
	}
	if lost != 4 {
		t.Errorf("EX-16: 4 steps lost in all, got %d", lost)
	}
	// The report lists the four, each with its rule: the D1's, a step of
	// each failed attempt's lead (11.5.3 step 2), the hold's.
	rs := g.Combats()
	var got []string
	for _, l := range rs[len(rs)-1].Losses {
		got = append(got, fmt.Sprintf("%s %d %s", l.Unit, l.Steps, l.Why))
	}
	want := []string{"5h/46 1 combat result (10.2)", "128/46 1 Determined Defense (11.4.1)",
		"2cdo 1 Desperate Defense (11.5.3)", "128/46 1 Desperate Defense (11.5.3)"}
	if !slices.Equal(got, want) {
		t.Errorf("EX-16: the report's losses %q, want %q", got, want)
	}
}

// 11.5.3 step 3: after a failure the defender chooses the next lead among
// those who may lead; the standing 'order despd always' declares and
// chooses the best.
func TestDesperateDefenseNextLead_11_5_3(t *testing.T) {
	g, _ := despAttack(t, false)
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, al, "losses 5h/46")
	rulestest.Apply(t, g, al, "dd 128/46")
	rulestest.Apply(t, g, al, "despd")
	rulestest.Roll(t, g, 1) // 1: "-/1", ignored: the lead loses one step (11.5.3 step 2)
	a := g.combat().Await()
	if a.Decision != DecDespDLead || !slices.Equal(slices.Sorted(slices.Values(a.Choices)), []string{"dd 128/46", "dd 2cdo"}) {
		t.Fatalf("11.5.3: a new lead may be chosen after each attempt: %s", a)
	}
	if got := g.combat().DespLoss(); !slices.Equal(got, []string{"128/46"}) {
		t.Errorf("11.5.3: the failure costs the lead one step, the table's own loss ignored: %v", got)
	}
	rulestest.Refused(t, g, al, "dd 5h/46", "11.5.3")
	rulestest.Apply(t, g, al, "dd 2cdo")
	rulestest.Roll(t, g, 6) // 6 + 1 elite = 7: "1/dis H", holds
	if g.s.Combat != nil && g.combat().Await().Decision != combat.DecDDLoss {
		t.Fatalf("the DD holds: %s", g.combat().Await())
	}
}

// 11.5.2 with a standing order: 'order despd always' declares, and the
// combat goes on to the die.
func TestDesperateDefenseByOrder_11_5_2(t *testing.T) {
	g, _ := despAttack(t, false, "order despd always")
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, al, "losses 5h/46")
	rulestest.Apply(t, g, al, "dd 2cdo")
	c := g.combat()
	if a := c.Await(); a.Roll != combat.RollDD || !c.desp.declared {
		t.Fatalf("11.5.2: the order declares the Desperate Defense: %s", a)
	}
}

// 11.5.2: a stack that can retreat, from a hex that is neither a port nor
// a BH, is not offered a Desperate Defense.
func TestNoDesperateDefenseWithRetreat_11_5_2(t *testing.T) {
	g, _ := despAttack(t, true)
	al := rules.Seat(Allied)
	rulestest.Apply(t, g, al, "losses 5h/46")
	rulestest.Apply(t, g, al, "dd 2cdo")
	if a := g.combat().Await(); a.Roll != combat.RollDD {
		t.Fatalf("11.5.2: no Desperate Defense with a retreat path; the combat waits for %s", a)
	}
}

// 11.5.2, second case: a stack in a port hex whose loss leaves every
// retreat out of supply may stand desperately though it can retreat. On
// the empty board the Allies' only source is the port 141/36 holds (16.2.2:
// no BH stands), so once the Germans take it no retreat ends in supply.
func TestDesperateDefenseInPort_11_5_2(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	var port, from string
	for _, id := range []string{"2507", "2306", "2207", "2608"} {
		p, _ := g.b.Hex(id)
		for _, n := range p.Neighbors() {
			if g.b.Land(n) && g.b.ID(n) != "" && g.plainSide(p, n) && port == "" {
				port, from = id, g.b.ID(n)
			}
		}
	}
	if port == "" {
		t.Fatal("no port with a plain land hexside")
	}
	g.setControl(port, Allied)
	g.put(t, "141/36", port)
	g.put(t, "2pz/16", from)
	g.put(t, "kgd/16", from)
	al, de := rules.Seat(Allied), rules.Seat(German)
	rulestest.Apply(t, g, de, "attack "+port+" with 2pz/16 kgd/16 maf 16pz")
	if g.combat().Await().Decision == DecDefAir {
		rulestest.Apply(t, g, al, "no-def-air")
	}
	if !rollFor(t, g, func(try *Game) bool {
		return try.s.Combat != nil && try.combat().Await().Decision == combat.DecDD && len(try.combat().RetreatOptions()) > 0
	}) {
		t.Fatalf("no CRT die gives a DD with a retreat path at %s", g.combat().Odds)
	}
	rulestest.Apply(t, g, al, "dd 141/36")
	if a := g.combat().Await(); a.Decision != DecDespD {
		t.Fatalf("11.5.2: the port's loss leaves every retreat out of supply: a Desperate Defense is offered; waits for %s", a)
	}
}

// 11.5.4: the MA 0 Salerno garrison cannot retreat, the paratroopers with
// it can: the garrison makes the Desperate Defense and the paratroopers
// must retreat. In the city the garrison's 6 - 1 (low quality) = 5 is
// "-/1 H or P"; P holds with no loss (11.6.2), and the paratroopers then
// retreat on their own, DG, while the garrison stays.
func TestDesperateDefenseSplit_11_5_4(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, Allied)
	city, _ := g.b.Hex("2608")
	var plain []string
	for _, n := range city.Neighbors() {
		if g.b.Land(n) && g.b.ID(n) != "" && g.plainSide(city, n) && g.areaOf(n) == "" {
			plain = append(plain, g.b.ID(n))
		}
	}
	if len(plain) < 1 {
		t.Fatal("Salerno has no plain land hexside")
	}
	g.put(t, "gar-salerno", "2608")
	g.put(t, "1-1fj", "2608")
	for _, id := range []string{"141/36", "142/36", "143/36"} {
		g.put(t, id, plain[0])
	}
	al, de := rules.Seat(Allied), rules.Seat(German)
	rulestest.Apply(t, g, al, "attack 2608 with 141/36 142/36 143/36 maf 36")
	rulestest.Roll(t, g, 6) // the garrison's strength: 2 (19.3)
	if !rollFor(t, g, func(try *Game) bool { return try.s.Combat != nil && try.combat().Await().Decision == combat.DecDD }) {
		t.Fatalf("no CRT die gives a DD at %s", g.combat().Odds)
	}
	rulestest.Apply(t, g, de, "dd gar-salerno")
	if a := g.combat().Await(); a.Decision != DecDespD {
		t.Fatalf("11.5.2, 11.5.4: the garrison would be eliminated by retreating: a Desperate Defense is offered; waits for %s", a)
	}
	rulestest.Apply(t, g, de, "despd")
	rulestest.Roll(t, g, 6) // 6 - 1 = 5, City: "-/1 H or P"
	rulestest.Apply(t, g, de, "dd-result partial")
	a := g.combat().Await()
	if a.Decision != DecPartRetreat || a.Side != string(German) || a.Rule != "11.5.4" {
		t.Fatalf("11.5.4: the paratroopers must retreat: %s", a)
	}
	rulestest.Apply(t, g, de, a.Choices[0])
	if g.s.Combat != nil {
		t.Fatalf("the garrison holds: no advance; the combat waits for %s", g.combat().Await())
	}
	if us := g.s.Units[g.index("gar-salerno")]; us.Hex != "2608" || us.Lost != 0 {
		t.Errorf("11.5.4: the garrison holds Salerno: %+v", us)
	}
	if us := g.s.Units[g.index("1-1fj")]; us.Hex == "2608" || us.Hex == "" || us.Status != Disorganized {
		t.Errorf("11.5.4: the paratroopers retreat, DG: %+v", us)
	}
	if !g.urbanAt("2608") {
		t.Error("11.6.2: P in the city places the urban-combat marker")
	}
}
