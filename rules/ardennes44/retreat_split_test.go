package ardennes44

import (
	"maps"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// 17.1 (L976): "the stack of retreating units may retreat into different
// hexes"; 17.4 (L1007): the owner prevents an overstack by retreating "the
// stack (or the units over the limit)" extra hexes, and those units become
// Broken. Under ardennes44/3; ardennes44/1 and /2 retreated the stack whole.

// roomFor1 is the corridor (retreat_excess_test.go) with 0601 emptied: a DR2
// of 4/8(-) (2 steps) and 4/8/2 (1) ends in 0501, where 106/424(-) holds 2
// of the limit's 3 (8.1). 4/8/2 fits there; 4/8(-) does not, and neither
// does the whole stack, which fit in 0601, one extra hex on.
func roomFor1(t *testing.T, version string) *Game {
	f := corridor(version, "4/8(-)", "4/8/2")
	f.setup = slices.DeleteFunc(f.setup, func(s string) bool { return s == "99/394 0601" })
	return f.afterDR2(t)
}

// The owner may retreat the stack whole, or one unit on its own path: the
// whole stack's one path takes the extra hex to 0601, 4/8/2 alone stops in
// 0501, and 4/8(-) alone goes on to 0601 (17.1, 17.4).
func TestRetreatSplit_EachUnitMayGoAlone_17_1(t *testing.T) {
	g := roomFor1(t, "")
	want := []string{"retreat 0401 0501 0601", "retreat 4/8(-) 0401 0501 0601", "retreat 4/8/2 0401 0501"}
	if got := offered(g, "retreat "); !slices.Equal(got, want) {
		t.Errorf("retreats offered %q, want %q (17.1, 17.4)", got, want)
	}
}

// Legal's note on each retreat says what it brings the units that take it:
// the extra hex against overstacking makes them Broken (17.4); 2 hexes
// make them Disrupted (18.2).
func TestRetreatSplit_NotesSayWhatEachPartBecomes_17_4_18_2(t *testing.T) {
	g := roomFor1(t, "")
	want := map[string]string{
		"retreat 0401 0501 0601":        "retreat (17.1): the stack, 3 hexes, 1 extra hex against overstacking: Broken (17.4)",
		"retreat 4/8(-) 0401 0501 0601": "retreat (17.1): 4/8(-) alone, 3 hexes, 1 extra hex against overstacking: Broken (17.4)",
		"retreat 4/8/2 0401 0501":       "retreat (17.1): 4/8/2 alone, 2 hexes: Disrupted (18.2)",
	}
	for _, c := range g.Legal(g.Pending().Seats[0]) {
		if w, ok := want[c.Command]; ok && c.Note != w {
			t.Errorf("%s: note %q, want %q", c.Command, c.Note, w)
		}
		delete(want, c.Command)
	}
	if len(want) > 0 {
		t.Errorf("not offered: %v", want)
	}
	// A unit already Disrupted is Broken by any retreat (18.2), and a stack
	// of both kinds is worded unit by unit.
	c := g.combat()
	st(g, "4/8/2").Status = statusDisrupted
	brings := g.retreatBrings(c)
	p := combat.RetreatPath{Hexes: []hex.Axial{mustHex("0401"), mustHex("0501")}}
	if got, want := brings([]combat.RetreatUnit{{ID: "4/8/2"}}, p), "Broken (18.2)"; got != want {
		t.Errorf("4/8/2, Disrupted, 2 hexes: %q, want %q", got, want)
	}
	if got, want := brings([]combat.RetreatUnit{{ID: "4/8(-)"}, {ID: "4/8/2"}}, p), "4/8/2 Broken (18.2); 4/8(-) Disrupted (18.2)"; got != want {
		t.Errorf("the stack, 2 hexes: %q, want %q", got, want)
	}
}

// The units over the limit take the extra hex: 4/8/2 goes first and stops
// in 0501, Disrupted for its 2 hexes (18.2); 4/8(-), left alone with the one
// path beyond it, which the engine takes, ends in 0601 Broken (17.4). No
// step is lost, and the report shows each part's path.
func TestRetreatSplit_OnlyTheUnitsOverTheLimitGoOn_17_4(t *testing.T) {
	g := roomFor1(t, "")
	before := stepsOf(g, "4/8(-)", "4/8/2", "106/424(-)")
	decide(t, g, "retreat 4/8/2 0401 0501")
	if rs := offered(g, "retreat "); len(rs) != 0 {
		t.Fatalf("retreats still offered %q, want 4/8(-)'s one path taken for its owner", rs)
	}
	decide(t, g, "advance-done")
	if g.s.Combat != nil {
		t.Fatalf("combat still waits: %s", g.Pending().Prompt)
	}
	for _, w := range []struct{ id, at, status string }{
		{"4/8/2", "0501", statusDisrupted},
		{"4/8(-)", "0601", statusBroken},
		{"106/424(-)", "0501", ""},
	} {
		if at(g, w.id) != w.at || st(g, w.id).Status != w.status {
			t.Errorf("%s in %s, %q; want in %s, %q (17.4, 18.2)", w.id, at(g, w.id), st(g, w.id).Status, w.at, w.status)
		}
	}
	if after := stepsOf(g, "4/8(-)", "4/8/2", "106/424(-)"); !maps.Equal(before, after) {
		t.Errorf("steps %v after the retreat, want %v: none lost (17.4)", after, before)
	}
	r := lastReport(t, g)
	want := []scene.Move{
		{Pieces: []string{"4/8/2"}, Path: []string{"0301", "0401", "0501"}, Kind: scene.MoveRetreat},
		{Pieces: []string{"4/8(-)"}, Path: []string{"0301", "0401", "0501", "0601"}, Kind: scene.MoveRetreat},
	}
	if !slices.EqualFunc(r.Retreats, want, func(a, b scene.Move) bool {
		return slices.Equal(a.Pieces, b.Pieces) && slices.Equal(a.Path, b.Path) && a.Kind == b.Kind
	}) {
		t.Errorf("report's retreats %+v, want %+v", r.Retreats, want)
	}
	if len(r.Losses) != 0 {
		t.Errorf("losses %+v, want none", r.Losses)
	}
}

// ardennes44/2 retreats the stack whole: its one path takes the extra hex,
// which the engine takes for the owner, and both units end Broken in 0601.
func TestRetreatSplit_Version2RetreatsTheStackWhole_17_4(t *testing.T) {
	g := roomFor1(t, "ardennes44/2")
	if rs := offered(g, "retreat "); len(rs) != 0 {
		t.Fatalf("retreats offered %q under ardennes44/2, want the stack's one path taken", rs)
	}
	decide(t, g, "advance-done")
	for _, id := range []string{"4/8(-)", "4/8/2"} {
		if at(g, id) != "0601" || st(g, id).Status != statusBroken {
			t.Errorf("%s in %s, %q under ardennes44/2; want in 0601, Broken (17.4)", id, at(g, id), st(g, id).Status)
		}
	}
}

// The stack may end over the limit only when none of its units can retreat
// within it (17.4: the units over the limit go on if they can reach a hex
// within it; only when none can are the steps over it lost). In the full
// corridor the whole stack reaches no such hex, but 4/8/2 alone fits in
// 0501: the engine retreats it there, its only choice, then 4/8(-), which
// reaches no hex with room and ends over the limit in 0501 too. The steps
// over it are the owner's pick among every retreating unit there, in the
// stack's order.
func TestRetreatSplit_OverTheLimitOnlyWhenNoUnitFits_17_4(t *testing.T) {
	g := corridor("", "4/8(-)", "4/8/2").afterDR2(t)
	c := g.combat()
	if len(c.Moves) != 2 || !slices.Equal(c.Moves[0].Units, []string{"4/8/2"}) || c.Moves[0].Path.OverLimit ||
		!slices.Equal(c.Moves[1].Units, []string{"4/8(-)"}) || !c.Moves[1].Path.OverLimit {
		t.Fatalf("retreat %+v, want 4/8/2 alone within the limit, then 4/8(-) over it", c.Moves)
	}
	for _, mv := range c.Moves {
		if got := c.PathText(mv.Path); !slices.Equal(got, []string{"0401", "0501"}) {
			t.Errorf("%v along %v, want 0401 0501", mv.Units, got)
		}
	}
	if ls := offered(g, "losses "); !slices.Equal(ls, []string{"losses 4/8(-)", "losses 4/8/2"}) {
		t.Fatalf("offered %q, want a step of either retreating unit in 0501 (17.4)", ls)
	}
	decide(t, g, "losses 4/8(-)")
	decide(t, g, "losses 4/8(-)")
	decide(t, g, "advance-done")
	if stepsNow(g, "4/8(-)") != 0 || at(g, "4/8/2") != "0501" || st(g, "4/8/2").Status != statusDisrupted || stepsNow(g, "106/424(-)") != 2 {
		t.Errorf("4/8(-) %d steps, 4/8/2 in %s %q, 106/424(-) %d steps; want 4/8(-) gone, 4/8/2 Disrupted in 0501, 106/424(-) whole",
			stepsNow(g, "4/8(-)"), at(g, "4/8/2"), st(g, "4/8/2").Status, stepsNow(g, "106/424(-)"))
	}
}
