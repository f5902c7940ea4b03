package normandy44

import (
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/scene"
)

// TestScene_SetupOnTheMap (S3.1): at the start of the Cherbourg scenario
// every unit of the set-up is drawn on its hex or in its box, with the values
// of its counter as the scenario file prints them, and the scene is valid.
func TestScene_SetupOnTheMap(t *testing.T) {
	g := cherbourg(t)
	s := g.Scene("")
	if err := scene.Check(s); err != nil {
		t.Fatal(err)
	}
	at := map[string]scene.Piece{}
	for _, p := range s.Pieces {
		at[p.ID] = p
	}
	for _, pl := range g.sc.Setup {
		if p, ok := at[pl.Unit]; !ok || p.At != pl.At {
			t.Errorf("%s: drawn at %q, set up at %s", pl.Unit, p.At, pl.At)
		}
	}
	// cherbourg.scn: "1057/91 german heer 91 infantry 6-4 4-4 (2)-4 cadre=P size=III".
	p := at["1057/91"]
	if p.Values != "6-4" || p.Steps != 3 || p.MaxSteps != 3 || p.Colour != "heer" || p.Type != scene.TypeInfantry || p.Size != "III" {
		t.Errorf("1057/91 drawn as %+v", p)
	}
	if !strings.Contains(p.Note, "steps 6-4 / 4-4 / (2)-4") || !strings.Contains(p.Note, "cadre P") {
		t.Errorf("1057/91 note %q", p.Note)
	}
	// "Pz-100 german heer - tank 3-5 1-5 ac=gray:1": a gray armor class.
	if p := at["Pz-100"]; p.Right != "1" || p.RightTone != scene.ToneNone || p.Type != scene.TypeArmor {
		t.Errorf("Pz-100 drawn as %+v", p)
	}
	// AMBIG-66: north is the growing first pair, so the map turns once.
	if s.Hex.Rotate != 1 || s.Hex.Layout != "flat-top odd-columns-down" {
		t.Errorf("map layout %q rotated %d", s.Hex.Layout, s.Hex.Rotate)
	}
	// 2.2.3: the river hexsides of a hex a river runs through are not drawn
	// as rivers, as the rules do not see them.
	for _, sd := range s.Hex.Sides {
		if (sd.Class == string(MinorRiver) || sd.Class == string(MajorRiver)) && (g.b.hexes[g.b.ids[sd.A]].River || g.b.hexes[g.b.ids[sd.B]].River) {
			t.Errorf("river hexside %s/%s drawn beside a hex the river runs through", sd.A, sd.B)
		}
	}
	if !slices.ContainsFunc(s.Boxes, func(b scene.Box) bool { return b.ID == boxEliminated }) {
		t.Error("no box for the eliminated units")
	}
}

// TestScene_Markers: the markers on a unit are drawn on its counter, and a
// unit out of supply (18.1) is in the supply overlay.
func TestScene_Markers(t *testing.T) {
	g := cherbourg(t)
	i := g.index["919/709"]
	g.s.Units[i].Disrupted, g.s.Units[i].OutOfSupply, g.s.Units[i].Reserve = true, true, true
	s := g.Scene("")
	k := slices.IndexFunc(s.Pieces, func(p scene.Piece) bool { return p.ID == "919/709" })
	var texts []string
	for _, m := range s.Pieces[k].Markers {
		texts = append(texts, m.Text)
	}
	if !slices.Equal(texts, []string{"OOS", "DIS", "RES"}) {
		t.Errorf("markers %v, want OOS DIS RES", texts)
	}
	if !slices.Contains(s.Overlays.Supply[0].Cells, g.s.Units[i].At) {
		t.Errorf("out-of-supply cells %v lack %s", s.Overlays.Supply[0].Cells, g.s.Units[i].At)
	}
}

// TestCombatReport_Exchange: the report of a combat holds the odds, the
// results table's column for every face of the die, the die, the retreat and
// the advance. The attack is a1 (6, the MAF) with a2 (6, halved to 3 outside
// the MAF, 10.3.1) on g1 (4) in clear: 9:4 is 2-1 (10.5); on 2-1 the CRT
// (T1, L2091-2096) reads A1, A1/DR, EX, DR, DR, A1/D1 for dice 1 to 6.
func TestCombatReport_Exchange(t *testing.T) {
	g := alliedCombatPhase(t, "order dd never", "order retreat toward-supply")
	apply(t, g, Allied, "if-retreat advance a1")
	apply(t, g, Allied, "attack 0404 from 0304 0403 maf a1 with a2")
	if _, err := g.Roll([]int{4}); err != nil {
		t.Fatal(err)
	}
	if g.s.Combat != nil {
		t.Fatalf("the combat waits: %s", g.Pending().Prompt)
	}
	reports := g.Combats()
	if len(reports) != 1 {
		t.Fatalf("%d reports", len(reports))
	}
	r := reports[0]
	if r.Attacker != "allied" || r.Defender != "german" || r.Cell != "0404" || !slices.Equal(r.From, []string{"0403", "0304"}) {
		t.Errorf("sides and hexes: %+v", r)
	}
	if r.Attack != 9 || r.Defense != 4 || r.Odds != "2-1" || r.Column != "2-1" || len(r.Shifts) != 0 {
		t.Errorf("odds %d:%d %s → %s %v, want 9:4 2-1 → 2-1", r.Attack, r.Defense, r.Odds, r.Column, r.Shifts)
	}
	if a2 := r.Attackers[1]; a2.ID != "a2" || a2.Strength != 6 || a2.Counted != 3 || !strings.Contains(strings.Join(a2.Notes, ";"), "10.3.1") {
		t.Errorf("a2 in the report: %+v", a2)
	}
	var faces []string
	for _, f := range r.Faces {
		faces = append(faces, f.Result)
	}
	if !slices.Equal(faces, []string{"A1", "A1/DR", "EX", "DR", "DR", "A1/D1"}) {
		t.Errorf("faces %v", faces)
	}
	if r.Die != 4 || r.Result != "DR" || len(r.Losses) != 0 {
		t.Errorf("die %d result %s losses %v", r.Die, r.Result, r.Losses)
	}
	if len(r.Retreats) != 1 || !slices.Equal(r.Retreats[0].Pieces, []string{"g1"}) || len(r.Retreats[0].Path) != 3 || r.Retreats[0].Path[0] != "0404" {
		t.Errorf("retreat %+v: want g1 two hexes from 0404 (DR, 12.1)", r.Retreats)
	}
	if len(r.Advances) != 1 || !slices.Equal(r.Advances[0].Path, []string{"0403", "0404"}) {
		t.Errorf("advance %+v: want a1 from 0403 into 0404", r.Advances)
	}
	if got := r.Retreats[0].Path[2]; g.s.Units[g.index["g1"]].At != got {
		t.Errorf("the report's retreat ends in %s; g1 stands in %s", got, g.s.Units[g.index["g1"]].At)
	}
	// The report is not part of the state: a clone made before the combat
	// reports nothing and hashes as it did.
	if s := g.Scene(""); s.Overlays.Combat == nil || s.Overlays.Combat.N != 1 {
		t.Errorf("the scene's overlay lacks the combat just resolved: %+v", s.Overlays.Combat)
	}
}

// TestAttackerScore_FollowsTheCRT: the order of results the luck statistics
// use never contradicts T1: on every column a higher die, and on every row a
// higher column, gives a result at least as good for the attacker.
func TestAttackerScore_FollowsTheCRT(t *testing.T) {
	for col := Col1to3; col <= Col7to1; col++ {
		for die := 1; die <= 6; die++ {
			s := attackerScore(crt(col, die).Code)
			if die > 1 && s < attackerScore(crt(col, die-1).Code) {
				t.Errorf("%s: die %d gives %s, worse than die %d's %s", col, die, crt(col, die), die-1, crt(col, die-1))
			}
			if col > Col1to3 && s < attackerScore(crt(col-1, die).Code) {
				t.Errorf("die %d: %s gives %s, worse than %s's %s", die, col, crt(col, die), col-1, crt(col-1, die))
			}
		}
	}
}

// TestMoves_ReadsTheCommand: a move's path is the command's (9.1), a
// relocation starts from where the HQ stands (17.4).
func TestMoves_ReadsTheCommand(t *testing.T) {
	g := cherbourg(t)
	m := g.Moves("move 919/709 3011 2910")
	if len(m) != 1 || !slices.Equal(m[0].Pieces, []string{"919/709"}) || !slices.Equal(m[0].Path, []string{"3011", "2910"}) {
		t.Errorf("moves %+v", m)
	}
	if m := g.Moves("end"); m != nil {
		t.Errorf("'end' moves %+v", m)
	}
}

// TestDicePurpose names what the dice awaited decide.
func TestDicePurpose(t *testing.T) {
	g := cherbourg(t)
	if got := g.DicePurpose(); got != "airborne scatter (20.2.1)" {
		t.Errorf("turn 1 opens with %q", got)
	}
	c := alliedCombatPhase(t)
	apply(t, c, Allied, "attack 0404 from 0304 0403 maf a1 a2")
	if got := c.DicePurpose(); got != "combat results (10.5)" {
		t.Errorf("after an attack: %q", got)
	}
}
