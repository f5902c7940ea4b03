package salerno43

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 17.3: an ASU that moves one hex may still support; one that moves more
// becomes DG and gives no support in this Combat Phase (17.6.3); a DG ASU
// DG'd again by a move of two hexes is Shattered (13.1.3).
func TestASUMovingMoreThanOneHexIsDG_17_3(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, German)
	one := g.put(t, "hq/16", "2504")
	two := g.put(t, "hq/xiv", "3213")
	dg := g.put(t, "nw71", "2600")
	g.s.Units[dg].Status = Disorganized
	far := 0
	for _, ch := range g.Legal(rules.Seat(German)) {
		w := strings.Fields(ch.Command)
		if ch.Piece != "hq/xiv" || w[0] != "move" || slices.Contains([]string{"tm", "ext"}, w[len(w)-1]) {
			continue // not a move of hq/xiv by its MA
		}
		if warned := strings.Contains(ch.Note, "DG (17.3)"); warned != (len(w) > 4) {
			t.Errorf("17.3: %q: %q warns of DG only for more than one hex", ch.Command, ch.Note)
		}
		if len(w) > 4 {
			far++
		}
	}
	if far == 0 {
		t.Error("17.3: hq/xiv may move more than one hex")
	}
	rulestest.Apply(t, g, rules.Seat(German), "move hq/16 2504 2505")
	if g.s.Units[one].Status != GoodOrder {
		t.Errorf("17.3: hq/16 moved one hex and stays in Good Order: %s", g.s.Units[one].Status)
	}
	ev := rulestest.Apply(t, g, rules.Seat(German), "move hq/xiv 3213 3313 3413")
	if g.s.Units[two].Status != Disorganized || !rulestest.HasEvent(ev, "17.3") {
		t.Errorf("17.3: hq/xiv moved two hexes and is DG: %s, %v", g.s.Units[two].Status, ev)
	}
	target, _ := g.b.Hex("3414")
	if err := g.asuCanSupport(two, target, "de"); err == nil || !rulestest.IsRefusal(err, "17.6.3") {
		t.Errorf("17.3, 17.6.3: the DG hq/xiv gives no support: %v", err)
	}
	if err := g.asuCanSupport(one, target, "de"); err != nil && rulestest.IsRefusal(err, "17.6.3") {
		t.Errorf("17.3: hq/16, moved one hex, may support: %v", err)
	}
	rulestest.Apply(t, g, rules.Seat(German), "move nw71 2600 2601 2602 tm")
	if g.s.Units[dg].Status != Shattered {
		t.Errorf("17.3, 13.1.3: the DG nw71 moved two hexes and is Shattered: %s", g.s.Units[dg].Status)
	}
}

// 17.3, 21.1.2: an ASU that lands and goes on inland has entered two
// hexes: it is DG; one that stays on the beach is not (PLAY-17: the 36th
// Division ASU landed that turn supports). Under /2.
func TestASULandingInland_17_3(t *testing.T) {
	g := emptyGame(t, 2, PhaseMovement, Allied)
	var blue string
	for id, b := range g.b.beaches {
		if b.Name == "blue" {
			blue = id
		}
	}
	g.put(t, "bh-blue", blue)
	at, _ := g.b.Hex(blue)
	var inland string
	for _, n := range at.Neighbors() {
		if g.b.Land(n) && !g.b.mountainNoRoad(at, n) && !g.b.Feature(at, n, River) {
			inland = g.b.ID(n)
			break
		}
	}
	stay := g.index("hq/36")
	goes := g.index("hq/vi")
	g.s.Units[stay].Box, g.s.Units[goes].Box = BoxFloating, BoxFloating
	rulestest.Apply(t, g, rules.Seat(Allied), "land hq/36 "+blue)
	rulestest.Apply(t, g, rules.Seat(Allied), "land hq/vi "+blue+" "+inland)
	if g.s.Units[stay].Status != GoodOrder || g.s.Units[goes].Status != Disorganized {
		t.Errorf("17.3: hq/36 on the beach %s, hq/vi inland %s", g.s.Units[stay].Status, g.s.Units[goes].Status)
	}
}

// 17.5, L218: an ASU is readied in the Preparation Phase and again in the
// Supply Phase of the same player turn, 1 SP each: twice a game turn; never
// twice in one phase, for it is ready after the first.
func TestASUReadiedTwiceATurn_17_5(t *testing.T) {
	g := emptyGame(t, 3, PhasePrep, German)
	hq := g.put(t, "hq/16", "3113")
	g.s.Units[hq].Used = true
	g.s.SP[sideIndex(German)] = 3
	rulestest.Apply(t, g, rules.Seat(German), "ready hq/16")
	rulestest.Refused(t, g, rules.Seat(German), "ready hq/16", "17.5", "ready already")
	for g.s.Phase != PhaseSupply {
		if g.s.Phase == PhaseCombat {
			g.s.Units[hq].Used = true // spent in a combat of the phase (17.5)
		}
		rulestest.Apply(t, g, rules.Seat(German), "end")
	}
	rulestest.Apply(t, g, rules.Seat(German), "ready hq/16")
	if g.s.Units[hq].Used || g.s.SP[sideIndex(German)] != 1 {
		t.Errorf("17.5: hq/16 readied twice in the turn for 2 SP: used %v, %d SP left", g.s.Units[hq].Used, g.s.SP[sideIndex(German)])
	}
}

// usedInE1 is hq/xiv, USED, in Good Order in E1, a German source before
// turn 11 (16.2.1), in the German Preparation Phase with 3 SP, under
// version.
func usedInE1(t *testing.T, version string) (*Game, int) {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhasePrep, German)
	g.s.SP[sideIndex(German)] = 3
	i := g.index("hq/xiv")
	g.s.Units[i] = unitState{ID: "hq/xiv", Box: boxEntry + "E1", Used: true}
	if !g.supplyStatuses(German).inSupply(g, i) {
		t.Fatal("setup: hq/xiv in E1 should be in supply")
	}
	return g, i
}

// 17.5 (L1041): "Tylko pełnosprawne ASU, które posiada zaopatrzenie w tym
// momencie, może zostać przygotowane." hq/xiv in E1 is in supply and in
// Good Order, and supports from there (21.3.4): it is offered and readied
// for 1 SP. salerno43/2 readied ASU on the map only.
func TestASUReadiedInEntryArea_17_5(t *testing.T) {
	g, i := usedInE1(t, "")
	de := rules.Seat(German)
	if !slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == "ready hq/xiv" }) {
		t.Errorf("17.5: Legal does not offer 'ready hq/xiv': %v", g.Legal(de))
	}
	rulestest.Apply(t, g, de, "ready hq/xiv")
	if g.s.Units[i].Used || g.s.SP[sideIndex(German)] != 2 {
		t.Errorf("17.5: hq/xiv readied for 1 SP: used %v, %d SP left", g.s.Units[i].Used, g.s.SP[sideIndex(German)])
	}
	g, _ = usedInE1(t, "salerno43/2")
	rulestest.Refused(t, g, de, "ready hq/xiv", "17.5", "not on the map")
	if slices.ContainsFunc(g.Legal(de), func(c rules.Choice) bool { return c.Command == "ready hq/xiv" }) {
		t.Errorf("salerno43/2 replays as played: Legal offers 'ready hq/xiv'")
	}
}
