package rhine44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// E27 (L1625-1627): with the numeric markers 8, 10, 12, 13 and 14 off the
// board, a roll of 14 (the high band) looks at 13, then 12, both gone, and
// flips 11; a roll of 8 (the low band) flips 9 (R17.3.3, T7).
func TestE27SoloFallback(t *testing.T) {
	off := map[int]bool{8: true, 10: true, 12: true, 13: true, 14: true}
	on := func(v int) bool { return v >= 3 && v <= 18 && !off[v] }
	for roll, want := range map[int]int{14: 11, 8: 9, 3: 3, 18: 18} {
		if got, ok := soloPick(roll, on); !ok || got != want {
			t.Errorf("roll %d flips %d, want %d", roll, got, want)
		}
	}
	// Nothing higher left: a low roll looks lower; nothing lower: a high
	// roll looks higher.
	if got, _ := soloPick(9, func(v int) bool { return v == 4 }); got != 4 {
		t.Errorf("roll 9 with only 4 left flips %d", got)
	}
	if got, _ := soloPick(12, func(v int) bool { return v == 17 }); got != 17 {
		t.Errorf("roll 12 with only 17 left flips %d", got)
	}
	if _, ok := soloPick(12, func(int) bool { return false }); ok {
		t.Error("a marker flips with none on the board")
	}
	// Through the game: the dice turn marker 11 to its Axis side where it
	// lies, and the other numeric markers there move off it (R17.4.4).
	g := start(t, "solo")
	for v := range off {
		removeNumeric(g, v)
	}
	do(t, g, "bradley", "end")
	if d := g.Pending().Dice; d == nil || !slices.Equal(d.Sides, []int{6, 6, 6}) {
		t.Fatalf("dice %+v", g.Pending().Dice)
	}
	rulestest.Roll(t, g, 6, 4, 4)
	if !g.hasAxis("sedan") || slices.Contains(g.s.Numeric["sedan"], 11) || g.s.Round != 2 {
		t.Errorf("Sedan (marker 11): Axis %v, numeric %v; turn %d", g.hasAxis("sedan"), g.s.Numeric["sedan"], g.s.Round)
	}
}

func removeNumeric(g *Game, v int) {
	for id, vals := range g.s.Numeric {
		g.s.Numeric[id] = slices.DeleteFunc(vals, func(x int) bool { return x == v })
		if len(g.s.Numeric[id]) == 0 {
			delete(g.s.Numeric, id)
		}
	}
}

// soloAt puts solo Bradley's VII where the examples have it, with a card
// that beats what the examples draw.
func soloAt(t *testing.T, g *Game, field string) {
	put(t, g, "VII", field, "FFFAAA")
}

// E28 (L1656-1686): VII takes Givet and Marche and stops in Marche; their
// markers 18 and 14 go to Liège, on the shortest path to a victory field
// (Marche-Liège-Aachen-Köln); with an Axis marker on Liège, to Aachen; with
// one on Aachen too, to Bastogne, on the next shortest path (R17.4).
func TestE28SoloFrontShift(t *testing.T) {
	for _, c := range []struct {
		axis []string
		to   string
	}{{nil, "liege"}, {[]string{"liege"}, "aachen"}, {[]string{"liege", "aachen"}, "bastogne"}} {
		g := start(t, "solo")
		mark(g, "bradley", "sedan")
		soloAt(t, g, "sedan")
		for _, f := range c.axis {
			g.addAxis(f)
		}
		before := slices.Clone(g.s.Numeric[c.to])
		do(t, g, "bradley", "move VII givet")
		rollCard(t, g, "b22")
		do(t, g, "bradley", "step marche")
		rollCard(t, g, "b21")
		do(t, g, "bradley", "stop")
		ev := do(t, g, "bradley", "end")
		want := append(before, 14, 18)
		slices.Sort(want)
		if got := g.s.Numeric[c.to]; !slices.Equal(got, want) {
			t.Errorf("Axis markers on %v: %s holds %v, want %v: %s", c.axis, c.to, got, want, rulestest.EventsText(ev))
		}
		if len(g.s.Numeric["givet"]) > 0 || len(g.s.Numeric["marche"]) > 0 {
			t.Error("markers are left on the fields taken")
		}
	}
}

// E29 (L1688-1714): VII takes Givet, Marche and Bastogne and stops in
// Bastogne; the markers 18, 14 and 5 go to the two equally short paths'
// fields, St. Vith (13) and Prüm (12): St. Vith gets 18, Prüm 14 and 5, 31
// each. With a second corps in Marche, Liège (8) joins them: Liège +18
// (26), St. Vith +5 (18), Prüm +14 (26), the one least spread (R17.4.2).
func TestE29SoloFrontShiftSpread(t *testing.T) {
	g := start(t, "solo")
	mark(g, "bradley", "sedan")
	soloAt(t, g, "sedan")
	do(t, g, "bradley", "move VII givet")
	rollCard(t, g, "b22")
	do(t, g, "bradley", "step marche")
	rollCard(t, g, "b21")
	do(t, g, "bradley", "step bastogne")
	rollCard(t, g, "b20")
	do(t, g, "bradley", "end")
	if a, b := g.s.Numeric["st-vith"], g.s.Numeric["prum"]; !slices.Equal(a, []int{13, 18}) || !slices.Equal(b, []int{5, 12, 14}) {
		t.Errorf("St. Vith %v, Prüm %v", a, b)
	}
	// The variant: VII in Bastogne, XIX in Marche.
	h := start(t, "solo")
	mark(h, "bradley", "givet", "marche", "bastogne")
	put(t, h, "VII", "bastogne", "FA")
	put(t, h, "XIX", "marche", "FA")
	for _, f := range []string{"givet", "marche", "bastogne"} {
		delete(h.s.Numeric, f)
	}
	h.shift("bradley", []int{18, 14, 5}, []string{"VII", "XIX"}, "E29")
	for f, want := range map[string][]int{"liege": {8, 18}, "st-vith": {5, 13}, "prum": {12, 14}} {
		if got := h.s.Numeric[f]; !slices.Equal(got, want) {
			t.Errorf("the variant: %s holds %v, want %v", f, got, want)
		}
	}
}

// distribute finds the least spread; its first such assignment wins ties.
func TestDistribute(t *testing.T) {
	got := distribute([]int{18, 14, 5}, []int{8, 13, 12})
	if !slices.Equal(got, []int{0, 2, 1}) {
		t.Errorf("E29 variant: %v", got)
	}
	if got := distribute([]int{4}, []int{0, 0}); !slices.Equal(got, []int{0}) {
		t.Errorf("a tie: %v", got)
	}
	// Many markers: the greedy fill, largest on the smallest.
	many := []int{18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7}
	if got := distribute(many, []int{0, 0, 0, 0, 0}); len(got) != len(many) {
		t.Errorf("greedy: %v", got)
	}
}

// R17.3.1: the solo German Reaction counterattacks wherever it can (A-16.1:
// the fields found at once); R17.7: solo Bradley finds Bruxelles and
// Maastricht under Monty's markers; R17.8: no Airborne Drop.
func TestSoloReaction(t *testing.T) {
	g := start(t, "solo")
	if g.controller("bruxelles") != "monty" || g.controller("maastricht") != "monty" || g.controller("amiens") != "" {
		t.Errorf("Bruxelles %q, Maastricht %q, Amiens %q", g.controller("bruxelles"), g.controller("maastricht"), g.controller("amiens"))
	}
	g.player("bradley").Medals = 1
	g.s.MedalPool--
	rulestest.Refused(t, g, "bradley", "drop koln pay medal", "R12.8")
	mark(g, "bradley", "namur", "givet", "laon")
	do(t, g, "bradley", "end")
	for _, f := range []string{"namur", "givet", "laon"} {
		if g.controller(f) != "" {
			t.Errorf("%s was not counterattacked", f)
		}
	}
}

// R17.5: the solo player takes back his commands one by one, up to the last
// card revealed or looked at.
func TestSoloUndo(t *testing.T) {
	g := start(t, "solo")
	mark(g, "bradley", "beauvais")
	h0 := g.Hash()
	rulestest.Refused(t, g, "bradley", "undo", "R17.5", "nothing to take back")
	do(t, g, "bradley", "supply chartres")
	h1 := g.Hash()
	do(t, g, "bradley", "move V beauvais")
	do(t, g, "bradley", "stop")
	do(t, g, "bradley", "undo")
	do(t, g, "bradley", "undo")
	if g.Hash() != h1 {
		t.Fatal("two undos do not come back to the state after the supply")
	}
	do(t, g, "bradley", "undo")
	if g.Hash() != h0 {
		t.Fatal("undo does not come back to the start of the turn")
	}
	do(t, g, "bradley", "supply chartres")
	do(t, g, "bradley", "move V compiegne")
	rollCard(t, g, "b22")
	rulestest.Refused(t, g, "bradley", "undo", "R17.5")
	// Not in a game of two or three.
	m := start(t, "two-player")
	turnOf(t, m, "monty")
	do(t, m, "monty", "supply lisieux")
	rulestest.Refused(t, m, "monty", "undo", "R17.5", "solo")
}

// R17.6: the third Starving civilians of a solo game must be fed.
func TestSoloThirdStarvingCivilians(t *testing.T) {
	g := start(t, "solo")
	put(t, g, "V", "paris", "FFFAAR")
	g.s.Solo.Civilians = 2
	do(t, g, "bradley", "move V compiegne")
	ev := rollCard(t, g, "b08")
	if g.s.Ask != nil || card(g, "V") != "FFAA" || g.player("bradley").Medals != 1 {
		t.Errorf("ask %+v, V %s: %s", g.s.Ask, card(g, "V"), rulestest.EventsText(ev))
	}
}
