package salerno43

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// Breakthrough (15.0): the German 2pz/16 (5-3-7, armor 4) against a US or
// British 2-2-3 in clear terrain is 5 against 2, 2-1, 3-1 with armor
// superiority (EX-23's odds); a 4 there is DR2, an advance of 2 (L1720),
// a 1 is EX (L1728).

// btLine finds clear hexes with plain hexsides: f next to tgt, y beyond
// tgt, side next to both tgt and y, and every hex around tgt and y clear,
// so that retreats have room.
type btLine struct{ f, side, tgt, y hex.Axial }

func findBTLine(t *testing.T, g *Game) btLine {
	t.Helper()
	clear := func(a hex.Axial) bool { return g.b.Land(a) && g.b.Terrain(a) == Clear }
	for k := 0; k < g.b.Grid().Len(); k++ {
		tgt := g.b.Grid().Hex(k)
		for d := range hex.DirectionCount {
			l := btLine{f: tgt.Neighbor(d.Opposite()), side: tgt.Neighbor((d + 1) % hex.DirectionCount), tgt: tgt, y: tgt.Neighbor(d)}
			ok := clear(tgt) && clear(l.y)
			for _, c := range []hex.Axial{tgt, l.y} {
				for _, n := range c.Neighbors() {
					ok = ok && clear(n) && g.plainSide(c, n)
				}
			}
			if ok {
				return l
			}
		}
	}
	t.Fatal("no clear hexes for the breakthrough")
	return btLine{}
}

// playCombat plays the combat in progress with die for every roll: the
// defender declines the DD and retreats by the first path that keeps
// away from avoid; the attacker advances as advance picks from the
// choices offered ("" when done). It returns the first advance choices.
func playCombat(t *testing.T, g *Game, die int, avoid string, advance func([]string) string) []string {
	t.Helper()
	offered, _ := playCombatEvents(t, g, die, avoid, advance)
	return offered
}

// playCombatEvents is playCombat that also returns the events.
func playCombatEvents(t *testing.T, g *Game, die int, avoid string, advance func([]string) string) ([]string, []rules.Event) {
	t.Helper()
	var offered []string
	var events []rules.Event
	for g.s.Combat != nil {
		a := g.combat().Await()
		seat := rules.Seat(a.Side)
		switch {
		case a.Roll != "":
			events = append(events, rulestest.Roll(t, g, die)...)
		case a.Decision == combat.DecAdvance:
			if offered == nil {
				offered = a.Choices
			}
			pick := ""
			if advance != nil {
				pick = advance(a.Choices)
			}
			if pick == "" {
				pick = "advance-done"
			}
			events = append(events, rulestest.Apply(t, g, seat, pick)...)
		case a.Decision == combat.DecDD:
			events = append(events, rulestest.Apply(t, g, seat, "no-dd")...)
		case a.Decision == combat.DecRetreat:
			pick := ""
			for _, c := range a.Choices {
				if !strings.Contains(c, avoid) {
					pick = c
					break
				}
			}
			if pick == "" {
				t.Fatalf("every retreat goes through %s: %v", avoid, a.Choices)
			}
			events = append(events, rulestest.Apply(t, g, seat, pick)...)
		case a.Decision == combat.DecAttackerLoss || a.Decision == combat.DecDefenderLoss:
			events = append(events, rulestest.Apply(t, g, seat, "losses "+strings.Join(slices.Repeat(a.Choices[:1], a.Steps), " "))...)
		case len(a.Choices) > 0:
			pick := a.Choices[0]
			for _, c := range a.Choices {
				if strings.HasPrefix(c, "no-") {
					pick = c
				}
			}
			events = append(events, rulestest.Apply(t, g, seat, pick)...)
		default:
			t.Fatalf("the combat waits for %v", a)
		}
	}
	return offered, events
}

// advanceOnce picks, once, the first choice of unit id's advance of n
// hexes that avoids the hex avoid.
func advanceOnce(id string, n int, avoid string) func([]string) string {
	done := false
	return func(choices []string) string {
		if done {
			return ""
		}
		for _, c := range choices {
			w := strings.Fields(c)
			if len(w) == 2+n && w[0] == "advance" && w[1] == id && !slices.Contains(w, avoid) {
				done = true
				return c
			}
		}
		return ""
	}
}

// firstCombat plays 2pz/16's attack on 1-141/36 at 3-1 with a 4, a DR2
// (L1720), 2pz/16 advancing n hexes, 5h/46 waiting beyond.
func firstCombat(t *testing.T, n int) (*Game, btLine) {
	t.Helper()
	g := emptyGame(t, 2, PhaseCombat, German)
	l := findBTLine(t, g)
	T, Y := g.b.ID(l.tgt), g.b.ID(l.y)
	g.put(t, "2pz/16", g.b.ID(l.f))
	g.put(t, "1-141/36", T)
	g.put(t, "5h/46", Y)
	rulestest.Apply(t, g, rules.Seat(German), "attack "+T+" with 2pz/16 maf 2pz/16")
	if f := g.combat().Odds.Final; f != combat.At(3, 1) {
		t.Fatalf("odds %v, want 3-1 (5 against 2, armor)", f)
	}
	var adv func([]string) string
	if n > 0 {
		adv = advanceOnce("2pz/16", n, Y)
	}
	playCombat(t, g, 4, Y, adv)
	if want := g.b.ID(l.f); n > 0 && g.s.Units[g.index("2pz/16")].Hex == want {
		t.Fatalf("2pz/16 did not advance %d hexes", n)
	}
	return g, l
}

// EX-24 (15.2.5, L907): an advance of 2 lets the armor move 1 hex (into
// the vacated hex) and attack; the second combat's own advance (DR2: 2)
// is ignored: the group enters the hex it vacated, free (15.2.4), and
// stops there.
func TestBreakthroughNoNewAdvance_EX24_15_2_5(t *testing.T) {
	g, l := firstCombat(t, 1)
	T, Y := g.b.ID(l.tgt), g.b.ID(l.y)
	if at := g.s.Units[g.index("2pz/16")].Hex; at != T {
		t.Fatalf("2pz/16 in %s, want %s", at, T)
	}
	if g.s.Breakthrough == nil || g.s.Breakthrough.Reach != 2 {
		t.Fatalf("15.1: a DR2 (advance 2) allows a breakthrough: %+v", g.s.Breakthrough)
	}
	bt := "attack " + Y + " with 2pz/16 maf 2pz/16 breakthrough"
	if !slices.ContainsFunc(g.Legal(rules.Seat(German)), func(c rules.Choice) bool { return c.Command == bt }) {
		t.Errorf("Legal lists no %q", bt)
	}
	rulestest.Apply(t, g, rules.Seat(German), bt)
	if f := g.combat().Odds.Final; f != combat.At(3, 1) {
		t.Fatalf("odds %v, want 3-1 (5 against 2, armor: EX-23)", f)
	}
	offered := playCombat(t, g, 4, T, advanceOnce("2pz/16", 1, ""))
	if !slices.Contains(offered, "advance 2pz/16 "+Y) {
		t.Errorf("15.2.4: the group enters the hex its breakthrough vacated: %v", offered)
	}
	for _, c := range offered {
		if w := strings.Fields(c); len(w) > 3 {
			t.Errorf("15.2.5: the breakthrough's advance is ignored, yet %q is offered", c)
		}
	}
	if at := g.s.Units[g.index("2pz/16")].Hex; at != Y {
		t.Errorf("2pz/16 in %s, want %s", at, Y)
	}
	if g.s.Breakthrough != nil {
		t.Errorf("15.2.1: after a DR2 the group stops: %+v", g.s.Breakthrough)
	}
}

// EX-23 (15.2.4, T13, L901-903): every action costs an advance hex: a unit
// that has spent both hexes of an advance of 2 may not attack again.
func TestBreakthroughCosts_EX23_15_2_4(t *testing.T) {
	g, l := firstCombat(t, 2)
	if g.s.Breakthrough != nil {
		t.Errorf("15.2.4: 2pz/16 spent its 2 advance hexes: no breakthrough: %+v", g.s.Breakthrough)
	}
	Y := g.b.ID(l.y)
	at, _ := g.hexOf("2pz/16")
	if hex.Distance(at, l.y) == 1 {
		rulestest.Refused(t, g, rules.Seat(German), "attack "+Y+" with 2pz/16 maf 2pz/16 breakthrough", "15.1")
	}
	// Declining the vacated hex costs 1 too: the unit that stayed put may
	// still attack, with an advance of 2 (decline 1, attack 1).
	g, l = firstCombat(t, 0)
	b := g.s.Breakthrough
	if b == nil || len(b.Units) != 1 || b.Units[0] != (btUnit{ID: "2pz/16", Spent: 1}) {
		t.Errorf("15.2.4: declining to enter costs 1 of the 2: %+v", b)
	}
}

// EX-22 (15.2.3, L886-888): units from different hexes form the group on
// the vacated hex (1st advance hex) and spend the 2nd on a breakthrough
// combat; the group picks up no unit after, and may leave units (15.2.9).
// Only one stack breaks through (15.2.2): two that stayed where they
// stood do not attack together.
func TestBreakthroughGroup_EX22_15_2_3(t *testing.T) {
	g := emptyGame(t, 2, PhaseCombat, German)
	l := findBTLine(t, g)
	T, Y := g.b.ID(l.tgt), g.b.ID(l.y)
	g.put(t, "2pz/16", g.b.ID(l.side)) // next to T and Y
	g.put(t, "kgd/16", g.b.ID(l.f))
	g.put(t, "1-141/36", T)
	g.put(t, "5h/46", T)
	g.put(t, "143/36", Y)
	de := rules.Seat(German)
	rulestest.Apply(t, g, de, "attack "+T+" with 2pz/16 kgd/16 maf 16pz")
	if f := g.combat().Odds.Final; f != combat.At(3, 1) {
		t.Fatalf("odds %v, want 3-1 (9 against 4, armor)", f)
	}
	playCombat(t, g, 4, Y, func(ch []string) string {
		for _, c := range ch {
			if w := strings.Fields(c); len(w) == 3 && w[2] == T {
				return c
			}
		}
		return ""
	})
	b := g.s.Breakthrough
	if b == nil || len(b.Units) != 2 || b.Units[0].Spent != 1 || b.Units[1].Spent != 1 {
		t.Fatalf("15.2.3: both form the group on the vacated hex, for 1 hex: %+v", b)
	}
	if _, err := g.Apply(de, "attack "+Y+" with kgd/16 maf kgd/16 air breakthrough"); !errors.Is(err, ErrCommand) || !strings.Contains(err.Error(), "15.2.7") {
		t.Errorf("15.2.7: a breakthrough has no air support: %v", err)
	}
	rulestest.Apply(t, g, de, "attack "+Y+" with kgd/16 maf kgd/16 breakthrough")
	if b := g.s.Breakthrough; b == nil || !b.Group || len(b.Units) != 1 || b.Units[0].ID != "kgd/16" {
		t.Errorf("15.2.9: kgd/16 alone is the group now, 2pz/16 left in %s: %+v", T, b)
	}

	// Z is next to T and to both attackers' hexes.
	var Z string
	for _, n := range l.tgt.Neighbors() {
		if hex.Distance(n, l.f) == 1 && hex.Distance(n, l.side) == 1 {
			Z = g.b.ID(n)
		}
	}
	g = emptyGame(t, 2, PhaseCombat, German)
	g.put(t, "2pz/16", g.b.ID(l.side))
	g.put(t, "kgd/16", g.b.ID(l.f))
	g.put(t, "1-141/36", T)
	g.put(t, "5h/46", T)
	g.put(t, "143/36", Z)
	rulestest.Apply(t, g, de, "attack "+T+" with 2pz/16 kgd/16 maf 16pz")
	playCombat(t, g, 4, Z, nil)
	if b := g.s.Breakthrough; b == nil || len(b.Units) != 2 {
		t.Fatalf("15.2.4: either may decline the vacated hex and break through: %+v", b)
	}
	rulestest.Refused(t, g, de, "attack "+Z+" with 2pz/16 kgd/16 maf 16pz breakthrough", "15.2.2", "one stack")
}

// A breakthrough follows its combat at once: any other attack ends it
// (15.2.2: the group finishes before the other attackers go on).
func TestBreakthroughEndsWithOtherAttack_15_1(t *testing.T) {
	g, l := firstCombat(t, 1)
	Y := g.b.ID(l.y)
	g.put(t, "kgd/16", g.b.ID(l.side))
	de := rules.Seat(German)
	rulestest.Refused(t, g, de, "attack "+Y+" with kgd/16 maf kgd/16 breakthrough", "15.2.2")
	rulestest.Apply(t, g, de, "attack "+Y+" with kgd/16 maf kgd/16")
	if g.s.Breakthrough != nil {
		t.Errorf("15.2.2: another attack ends the breakthrough: %+v", g.s.Breakthrough)
	}
}

// PLAY-12 (15.2.8, 15.3, L1726-1732): the units that retreated in this
// phase defend in the breakthrough, halved when DG and not eliminated by a
// second retreat; an EX leaves the defenders in place, so the group's
// advance ends.
func TestBreakthroughEX_PLAY12_15_2_8(t *testing.T) {
	g, l := firstCombat(t, 1)
	Y := g.b.ID(l.y)
	y := g.index("5h/46")
	g.s.Units[y].Status = Disorganized
	g.s.Retreated = append(g.s.Retreated, "5h/46")
	g.put(t, "1-141/36", Y) // it retreated there, DG (12.1)
	g.s.Units[g.index("1-141/36")].Status = Disorganized
	rulestest.Apply(t, g, rules.Seat(German), "attack "+Y+" with 2pz/16 maf 2pz/16 breakthrough")
	for _, u := range g.combat().Defenders {
		if u.RetreatedIn || u.Strength != 1 {
			t.Errorf("15.3: %s defends in a breakthrough at half strength: %+v", u.ID, u)
		}
	}
	offered := playCombat(t, g, 1, "", nil)
	if g.combat() != nil || len(offered) != 0 {
		t.Errorf("15.2.8: no retreat, no advance: %v", offered)
	}
	if g.s.Breakthrough != nil {
		t.Errorf("15.2.8: the group's advance ends: %+v", g.s.Breakthrough)
	}
}

// PLAY-02 (24.2.4, L1636-1642): the Commandos' landing rolls 4, an advance
// of 2: Vietri is the 1st hex, the 2nd a breakthrough combat on the
// Salerno garrison, with no shift but the elite one: 4 against 2 is 2-1,
// 3-1; a 3 is DR2, the DD fails and the MA 0 garrison is eliminated by
// its retreat; both Commandos enter Salerno, free, and stop.
func TestCommandoBreakthrough_PLAY02_24_2_4(t *testing.T) {
	g := emptyGame(t, 1, PhaseInvasion, Allied)
	g.s.Landings = []string{"vietri"}
	g.put(t, "gar-salerno", "2608")
	for _, id := range []string{"2cdo", "41cdo"} {
		g.s.Units[g.index(id)].Box = boxAssault + "vietri"
	}
	al, de := rules.Seat(Allied), rules.Seat(German)
	rulestest.Roll(t, g, 4)
	if l := g.s.Landing; l == nil || l.Advance != 2 || l.Hex != "2507" {
		t.Fatalf("PLAY-02: the Commandos land at Vietri (2507) with an advance of 2: %+v", l)
	}
	rulestest.Refused(t, g, al, "attack 2608 with 2cdo 41cdo maf commandos", "24.2.4")
	bt := "attack 2608 with 2cdo 41cdo maf commandos breakthrough"
	if !slices.ContainsFunc(g.Legal(al), func(c rules.Choice) bool { return c.Command == bt }) {
		t.Errorf("Legal lists no %q: %v", bt, g.Legal(al))
	}
	rulestest.Apply(t, g, al, bt)
	rulestest.Roll(t, g, 6) // the variable strength: 2 (19.3)
	c := g.combat()
	if c.Odds.Attack != 4 || c.Odds.Defense != 2 || c.Odds.Column() != "3-1" || len(c.Odds.Shifts) != 1 {
		t.Fatalf("PLAY-02: %s; want 4:2 = 2-1, 3-1 with the elite shift alone", c.Odds)
	}
	rulestest.Roll(t, g, 3)
	rulestest.Apply(t, g, de, "dd gar-salerno")
	// The MA 0 garrison could stand desperately (11.5.2); the example's
	// German does not.
	rulestest.Apply(t, g, de, "no-despd")
	rulestest.Roll(t, g, 3) // a failure in the City column
	var offered []string
	for g.s.Combat != nil {
		a := g.combat().Await()
		if a.Decision != combat.DecAdvance {
			t.Fatalf("PLAY-02: the combat waits for %s", a)
		}
		offered = append(offered, a.Choices...)
		pick := "advance-done"
		for _, ch := range a.Choices {
			if strings.HasSuffix(ch, " 2608") {
				pick = ch
				break
			}
		}
		rulestest.Apply(t, g, al, pick)
	}
	for _, ch := range offered {
		if len(strings.Fields(ch)) > 3 {
			t.Errorf("15.2.5: the breakthrough gives no new advance hexes, yet %q", ch)
		}
	}
	for _, id := range []string{"2cdo", "41cdo"} {
		if at := g.s.Units[g.index(id)].Hex; at != "2608" {
			t.Errorf("PLAY-02: %s enters Salerno (15.2.4): in %q", id, at)
		}
	}
	if us := g.s.Units[g.index("gar-salerno")]; us.Box != BoxEliminated {
		t.Errorf("PLAY-02: the MA 0 garrison is eliminated by its retreat (19.3): %+v", us)
	}
	if g.s.Landing == nil || !g.s.Landing.Broke {
		t.Fatalf("24.2.4: the landing goes on after its breakthrough: %+v", g.s.Landing)
	}
	rulestest.Refused(t, g, al, "inland 2cdo 2608", "24.2.3")
}
