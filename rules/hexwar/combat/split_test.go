package combat

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// The choices of a game that lets a stack split (RetreatRules.Split, Normandy
// '44 13.1.3, 13.1.5), against one that does not.

// splitFlow is newFlow with the retreat of a game whose stacks may split.
func splitFlow(t *testing.T, terrain string, defenders []Unit) *flow {
	t.Helper()
	f := newFlow(t, terrain, 12, 4, []Unit{inf("r1", 12, 2, true)}, defenders)
	for k, st := range f.c.Stages {
		if st.Name == "retreat" {
			f.c.Stages[k] = RetreatStage(RetreatRules{Rule: "T.3", OneHex: "T.3.1", Step: "T.3.2", Split: true})
		}
	}
	return f
}

// A stack may split: beside its paths together, each unit has its own; a
// unit that went alone is followed by the rest, together or one by one, and
// a later part counts the earlier ones where they stand (Room).
func TestRetreat_Split(t *testing.T) {
	two := []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)}
	f := splitFlow(t, "clear", two)
	a := f.roll(t, RollCRT, 3, nil) // 3-1, die 3: DR
	a = f.decide(t, "blue", "no-dd", nil)
	want(t, a, DecRetreat, "blue")
	var whole, b1, b2 int
	for _, ch := range a.Choices {
		switch {
		case strings.HasPrefix(ch, "retreat b1 "):
			b1++
		case strings.HasPrefix(ch, "retreat b2 "):
			b2++
		default:
			whole++
		}
	}
	if whole != 18 || b1 != 18 || b2 != 18 {
		t.Fatalf("%d paths together, %d of b1, %d of b2; want 18 of each", whole, b1, b2)
	}
	// A hex holds one unit (a test Room): once b1 stands in 0704, b2's
	// paths go elsewhere, or on beyond it (13.1.5).
	m := f.c.RetreatMap
	m.Room = func(_ hex.Axial, units []string) bool { return len(units) <= 1 }
	f.c.RetreatMap = m
	a = f.decide(t, "blue", "retreat b1 0605 0704", nil)
	want(t, a, DecRetreat, "blue")
	for _, ch := range a.Choices {
		if strings.Contains(ch, "b1") || strings.Contains(ch, "b2") || strings.HasSuffix(ch, " 0704") {
			t.Errorf("after b1 left for 0704: %q", ch)
		}
	}
	a = f.decide(t, "blue", a.Choices[0], nil)
	want(t, a, DecAdvance, "red")
	if len(f.c.Moves) != 2 || !f.c.Moves[0].Part || f.c.Moves[1].Part || len(f.c.Eliminated) != 0 {
		t.Errorf("moves %+v, eliminated %v", f.c.Moves, f.c.Eliminated)
	}
	if ev := f.c.Event(); !strings.Contains(ev, "; b1 retreat 0605 0704; b2 retreat ") {
		t.Errorf("event %q", ev)
	}
	// A game that does not split lists the stack's paths alone.
	f = newFlow(t, "clear", 12, 4, []Unit{inf("r1", 12, 2, true)}, two)
	f.roll(t, RollCRT, 3, nil)
	if a := f.decide(t, "blue", "no-dd", nil); len(a.Choices) != 18 {
		t.Errorf("%d choices without splitting, want 18", len(a.Choices))
	}
}

// When the stack cannot avoid overstacking, only the units the owner leaves
// without a path are eliminated (13.1.5); without splitting, the whole stack.
func TestRetreat_ExcessOnly(t *testing.T) {
	two := []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)}
	room := func(f *flow) {
		// Room for one unit only, anywhere two hexes off.
		m := f.c.RetreatMap
		m.Room = func(_ hex.Axial, units []string) bool { return len(units) <= 1 }
		f.c.RetreatMap = m
	}
	f := splitFlow(t, "clear", two)
	room(f)
	f.roll(t, RollCRT, 3, nil)
	a := f.decide(t, "blue", "no-dd", nil)
	if slices.ContainsFunc(a.Choices, func(ch string) bool { return !strings.HasPrefix(ch, "retreat b") }) {
		t.Fatalf("the stack may not retreat together, yet %v", a.Choices)
	}
	a = f.decide(t, "blue", "retreat b2 0605 0704", nil)
	want(t, a, DecRetreat, "blue")
	f.decide(t, "blue", "retreat 0506 0507", nil) // b1, the one unit left
	if len(f.c.Eliminated) != 0 || len(f.c.Moves) != 2 {
		t.Errorf("each unit to a hex of its own: eliminated %v", f.c.Eliminated)
	}
	// Without splitting the stack has no path: all of it is eliminated.
	f = newFlow(t, "clear", 12, 4, []Unit{inf("r1", 12, 2, true)}, two)
	room(f)
	f.roll(t, RollCRT, 3, nil)
	f.decide(t, "blue", "no-dd", nil)
	if !slices.Equal(f.c.Eliminated, []string{"b1", "b2"}) {
		t.Errorf("eliminated %v, want the whole stack", f.c.Eliminated)
	}
}

// A path that ends in a last-resort hex is legal only when no other is
// (Map.LastResort, Normandy '44 13.7).
func TestRetreatPaths_LastResort(t *testing.T) {
	b := newBoard(5)
	m := b.Map()
	m.LastResort = func(a hex.Axial) bool { return hex.Distance(origin, a) == 2 && a.Q >= 0 }
	for _, p := range RetreatPaths(origin, 2, unitsOf(4), m) {
		if m.LastResort(p.Hexes[1]) {
			t.Fatalf("a path to a last-resort hex while others exist: %v", p.Hexes)
		}
	}
	m.LastResort = func(hex.Axial) bool { return true }
	if got := RetreatPaths(origin, 2, unitsOf(4), m); len(got) != 18 {
		t.Errorf("%d paths when every hex is a last resort, want all 18", len(got))
	}
}

// Paths whose steps are several (13.2.1 as AMBIG-24's reading charges each
// crossing) list every way of taking them.
func TestRetreat_StepsOfAPath(t *testing.T) {
	f := newFlow(t, "clear", 12, 4, []Unit{inf("r1", 12, 2, true)}, []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)})
	cmds, _ := f.c.choicesOf([]RetreatUnit{{ID: "b1", Steps: 2}, {ID: "b2", Steps: 1}}, []RetreatPath{{Hexes: []hex.Axial{hexOf(t, f, "0605")}, Steps: 2}}, nil)
	var got []string
	for _, c := range cmds {
		got = append(got, c.String())
	}
	if want := []string{"retreat 0605 loss b1 b1", "retreat 0605 loss b1 b2"}; !slices.Equal(got, want) {
		t.Errorf("choices %v, want %v", got, want)
	}
}

// After the advance, the attacker eliminates a unit of his pick from each
// hex over the limit, one at a time (ExcessStage, Normandy '44 7.2); an
// 'order losses' picks for him.
func TestExcessStage(t *testing.T) {
	over := map[string][]string{}
	f := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true), inf("r2", 4, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	f.c.Stages = append(f.c.Stages, ExcessStage("T.7", func(c *Combat) []string {
		for _, id := range c.Excess {
			delete(over, id)
		}
		if len(over) == 0 {
			return nil
		}
		return []string{"r1", "r2"}
	}))
	f.roll(t, RollCRT, 3, nil)
	f.decide(t, "blue", "no-dd", nil)
	f.decide(t, "blue", "retreat 0605 0704", nil)
	over["r1"] = []string{"0505"}
	a := f.decide(t, "red", "advance-done", nil)
	want(t, a, DecExcess, "red")
	if !slices.Equal(a.Choices, []string{"eliminate r1", "eliminate r2"}) {
		t.Fatalf("choices %v", a.Choices)
	}
	a = f.decide(t, "red", "eliminate r1", nil)
	if !a.Done || !slices.Equal(f.c.Excess, []string{"r1"}) || !strings.Contains(f.c.Event(), "over the stacking limit (T.7) eliminated r1") {
		t.Errorf("awaiting %v, excess %v, event %q", a, f.c.Excess, f.c.Event())
	}
	cmd, ok := f.c.Stages[len(f.c.Stages)-1].ByOrder(f.c, Await{Side: "red", Choices: []string{"eliminate r1", "eliminate r2"}},
		Orders{"red": {{Kind: CmdOrderLosses, Units: []string{"r2", "r1"}}}})
	if !ok || cmd.String() != "eliminate r2" {
		t.Errorf("by order: %v %v, want eliminate r2", cmd, ok)
	}
}

func hexOf(t *testing.T, f *flow, id string) hex.Axial {
	t.Helper()
	a, err := f.c.Layout.Parse(id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// overLimitFlow is splitFlow's stack of b1 (2 steps) and b2 (1) after a
// DR2, on a map where only hex x has room, for one unit, and a stack that
// finds none ends over the limit (Map.OverLimit).
func overLimitFlow(t *testing.T, x string) *flow {
	t.Helper()
	f := splitFlow(t, "clear", []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)})
	room := hexOf(t, f, x)
	m := f.c.RetreatMap
	m.Room = func(a hex.Axial, units []string) bool { return a == room && len(units) <= 1 }
	m.OverLimit = true
	f.c.RetreatMap = m
	f.roll(t, RollCRT, 3, nil)
	return f
}

// A stack that may split and may end over the stacking limit (Map.OverLimit,
// Ardennes '44 17.4) is offered the paths over the limit only when no unit
// left can retreat within it: here one hex, 0704, has room for one unit,
// and none for two. Each unit is offered 0704 alone; once b2 stands there,
// b1 has no hex with room, and its paths over the limit are offered.
func TestRetreat_OverLimitOnlyWhenNoUnitFits(t *testing.T) {
	f := overLimitFlow(t, "0704")
	a := f.decide(t, "blue", "no-dd", nil)
	for _, ch := range a.Choices {
		if !strings.HasPrefix(ch, "retreat b") || !strings.HasSuffix(ch, " 0704") {
			t.Errorf("offered %q: a path over the limit while a unit alone can reach 0704", ch)
		}
	}
	if !slices.Contains(a.Choices, "retreat b1 0605 0704") || !slices.Contains(a.Choices, "retreat b2 0605 0704") {
		t.Fatalf("choices %v, want each unit's way to 0704", a.Choices)
	}
	a = f.decide(t, "blue", "retreat b2 0605 0704", nil)
	want(t, a, DecRetreat, "blue")
	if mv, ok := f.c.RetreatOf("b2"); !ok || !slices.Equal(mv.Units, []string{"b2"}) || !mv.Part {
		t.Errorf("b2's part of the retreat: %+v, %v", mv, ok)
	}
	if _, ok := f.c.RetreatOf("b1"); ok {
		t.Error("b1 has a part of the retreat before it retreated")
	}
	if len(a.Choices) != 18 || slices.ContainsFunc(a.Choices, func(ch string) bool { return strings.HasPrefix(ch, "retreat b") }) {
		t.Fatalf("b1's choices %v, want its 18 paths over the limit, as the one unit left", a.Choices)
	}
	for _, p := range f.c.RetreatOptions() {
		if !p.OverLimit {
			t.Errorf("b1's path %v within the limit, want none", p.Hexes)
		}
	}
	// Without splitting, the stack's paths over the limit are its only ones.
	g := newFlow(t, "clear", 12, 4, []Unit{inf("r1", 12, 2, true)}, []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)})
	g.c.RetreatMap = f.c.RetreatMap
	g.roll(t, RollCRT, 3, nil)
	if a := g.decide(t, "blue", "no-dd", nil); len(a.Choices) != 18 {
		t.Errorf("%d choices without splitting, want the stack's 18 over the limit", len(a.Choices))
	}
}

// Legal's note on each retreat says whose it is and what the path does: a
// unit alone, or the stack; how many hexes; the extra hex against
// overstacking; the limit it ends over. Here only 0804, three hexes off,
// has room, for one unit.
func TestRetreat_ChoicesSayWhatTheyDo(t *testing.T) {
	f := overLimitFlow(t, "0804")
	f.decide(t, "blue", "no-dd", nil)
	chosen := ""
	for _, ch := range Choices(f.c) {
		if !strings.HasPrefix(ch.Command, "retreat b1 ") {
			continue
		}
		if want := "retreat (T.3): b1 alone, 3 hexes, 1 extra hex against overstacking"; ch.Note != want {
			t.Errorf("%s: note %q, want %q", ch.Command, ch.Note, want)
		}
		chosen = ch.Command
	}
	if chosen == "" {
		t.Fatal("no retreat of b1 alone")
	}
	f.decide(t, "blue", chosen, nil)
	for _, ch := range Choices(f.c) {
		if want := "retreat (T.3): b2, 2 hexes, ending over the stacking limit"; ch.Note != want {
			t.Errorf("%s: note %q, want %q", ch.Command, ch.Note, want)
		}
	}
}

// The words of a retreat's note, each path's feature with the rule the game
// names for it (RetreatRules).
func TestRetreatNote(t *testing.T) {
	rr := RetreatRules{Rule: "13.1.4", OneHex: "13.3", Step: "13.2.1"}
	h := []hex.Axial{{}, {Q: 1}}
	for _, tc := range []struct {
		p    RetreatPath
		want string
	}{
		{RetreatPath{Hexes: h[:1], OneHex: true}, "retreat (13.1.4): the stack, 1 hex, stopping after one (13.3)"},
		{RetreatPath{Hexes: h, Exited: true}, "retreat (13.1.4): the stack, 2 hexes, the last off the map"},
		{RetreatPath{Hexes: h, EZOC: true, Steps: 2}, "retreat (13.1.4): the stack, 2 hexes, through a vacant hex in an enemy ZOC, costing 2 steps (13.2.1)"},
		{RetreatPath{Hexes: h, Extended: 2, MechLost: []string{"tk"}}, "retreat (13.1.4): the stack, 2 hexes, 2 extra hexes against overstacking, eliminating tk (13.2.1)"},
	} {
		if got := retreatNote(rr, "the stack", nil, tc.p); got != tc.want {
			t.Errorf("note %q, want %q", got, tc.want)
		}
	}
	// The game's words for what the path brings close the note.
	rr.Brings = func(units []RetreatUnit, p RetreatPath) string {
		return fmt.Sprintf("%s after %d", units[0].ID, len(p.Hexes))
	}
	if got, want := retreatNote(rr, "b1 alone", []RetreatUnit{{ID: "b1"}}, RetreatPath{Hexes: h}), "retreat (13.1.4): b1 alone, 2 hexes: b1 after 2"; got != want {
		t.Errorf("note %q, want %q", got, want)
	}
}
