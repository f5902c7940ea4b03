package combat

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// A combat of a game of our own making on the test board around 0505: the
// test CRT, a determined-defense table of two columns, the series' stages.

var testDDTable = Table[DDResult]{Name: "test DD", Lo: 1, Cols: []string{"Clear", "Town"},
	Rows: [][]DDResult{
		{{}, {}}, {{}, {}}, {{}, {Success: true, LeadSteps: 1}},
		{{LeadSteps: 1}, {Success: true}}, {{Success: true, MAFSteps: 1, LeadSteps: 1}, {Success: true, MAFSteps: 1, LeadSteps: 1}},
		{{Success: true, AttackerSteps: 1}, {Success: true, AttackerSteps: 1}},
	}}

func cell(r DDResult) string {
	s := "-"
	if r.Success {
		s = "hold"
	}
	if r.LeadSteps > 0 {
		s += " -1"
	}
	return s
}

var testDD = &Determined{Support: true, Cell: cell, Rule: "T.4", RollRule: "T.4.1", EXRule: "T.4.2 EX", ALRule: "T.4.2 AL",
	Resolve: func(c *Combat, lead Unit, support bool, die int) DDOutcome {
		col, drm := 0, 0
		if c.Terrain == "town" {
			col = 1
		}
		if support {
			drm = 1
		}
		return DDOutcome{Lead: lead.ID, Column: col, Heading: testDDTable.Column(col), DRM: drm, Roll: die,
			Modified: die + drm, Result: testDDTable.Roll(col, die, drm)}
	}}

var testGrammar = NewGrammar(func(s string) bool { return s != "" && !strings.ContainsAny(s, " =") })

type flow struct {
	c     *Combat
	b     *board
	steps []string // the record
}

// newFlow opens a combat on 0505: the attackers come from 0405 (west).
func newFlow(t *testing.T, terrain string, attack, defense int, attackers, defenders []Unit) *flow {
	t.Helper()
	l, err := hex.ParseLayout("flat-top odd-columns-down")
	if err != nil {
		t.Fatal(err)
	}
	center, _ := l.Parse("0505")
	b := newBoard(4)
	b.center = center
	odds, err := testCRT.Ladder.Compute(attack, defense, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range attackers {
		attackers[i].FromHex = "0405"
	}
	stages := []Stage{CRTStage(&testCRT, "T.1")}
	stages = append(stages, LossStages(LossRules{Opponent: "T.2 opp", Owner: "T.2 own", Defender: "T.2 def"})...)
	stages = append(stages, DDStages(testDD)...)
	stages = append(stages, RetreatStage(RetreatRules{Rule: "T.3", OneHex: "T.3.1", Step: "T.3.2"}), AdvanceStage("T.5", nil))
	c := &Combat{Attacker: "red", Defender: "blue", Attackers: attackers, Defenders: defenders, Terrain: terrain,
		Layout: l, Origin: "0505", RetreatMap: b.Map(), AdvanceMap: b.Map(), Stages: stages, Grammar: testGrammar, Odds: odds}
	return &flow{c: c, b: b}
}

func (f *flow) roll(t *testing.T, p RollPurpose, die int, o Orders) Await {
	t.Helper()
	if a := f.c.Next(o); a.Roll != p {
		t.Fatalf("awaiting %v, want the %s die", a, p)
	}
	if err := f.c.RollDie(p, die); err != nil {
		t.Fatal(err)
	}
	f.steps = append(f.steps, RollStep(p, die))
	return f.next(o)
}

// next applies the orders as a game does, recording what they decide.
func (f *flow) next(o Orders) Await {
	for {
		a := f.c.Await()
		if a.Done || a.Roll != "" {
			return a
		}
		cmd, ok := f.c.ByOrder(a, o)
		if !ok || f.c.Decide(a.Side, cmd) != nil {
			return a
		}
		f.steps = append(f.steps, DecisionStep(a.Side, cmd))
	}
}

func (f *flow) decide(t *testing.T, side, text string, o Orders) Await {
	t.Helper()
	cmd, err := f.c.Grammar.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.c.Decide(side, cmd); err != nil {
		t.Fatalf("%s: %v (awaiting %v)", text, err, f.c.Await())
	}
	f.steps = append(f.steps, DecisionStep(side, cmd))
	return f.next(o)
}

func want(t *testing.T, a Await, d DecisionKind, side string) {
	t.Helper()
	if a.Decision != d || a.Side != side || a.Done || a.Roll != "" {
		t.Fatalf("awaiting %v, want %s by %s", a, d, side)
	}
}

func inf(id string, strength, steps int, maf bool) Unit {
	return Unit{ID: id, Strength: strength, Steps: steps, MA: 4, MAF: maf}
}

// A DR the defender refuses to stand against: the owner picks the retreat,
// which Disrupts, and the attacker advances into the vacated hex and on.
func TestFlow_RetreatAndAdvance(t *testing.T) {
	f := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	a := f.roll(t, RollCRT, 3, nil) // 2-1, die 3: DR
	if f.c.Result.Code != "DR" {
		t.Fatalf("result %s", f.c.Result)
	}
	want(t, a, DecDD, "blue")
	if !slices.Equal(a.Choices, []string{"dd b1", "dd b1 support", "no-dd"}) {
		t.Errorf("DD choices %v", a.Choices)
	}
	a = f.decide(t, "blue", "no-dd", nil)
	want(t, a, DecRetreat, "blue")
	if len(a.Choices) != 18 {
		t.Errorf("%d retreats on an open map, want 18", len(a.Choices))
	}
	a = f.decide(t, "blue", a.Choices[0], nil)
	want(t, a, DecAdvance, "red")
	if !slices.Contains(a.Choices, "advance r1 0505") || !slices.Contains(a.Choices, "advance-done") {
		t.Errorf("advance choices %v", a.Choices)
	}
	a = f.decide(t, "red", "advance r1 0505", nil)
	if !a.Done {
		t.Fatalf("awaiting %v after the only unit advanced", a)
	}
	ev := f.c.Event()
	for _, w := range []string{"red attack 0505: r1(8)* vs b1(4): 8:4 = 2-1; die 3: DR; no DD; retreat ", ", Disrupted; advance r1 0505"} {
		if !strings.Contains(ev, w) {
			t.Errorf("event %q lacks %q", ev, w)
		}
	}
}

// A Determined Defense that holds: the Lead loses a step, the stack stays,
// no advance; a failed one leaves the retreat to be made.
func TestFlow_DeterminedDefense(t *testing.T) {
	f := newFlow(t, "town", 8, 4, []Unit{inf("r1", 8, 2, true)}, []Unit{inf("b1", 4, 2, false), inf("b2", 2, 1, false)})
	f.roll(t, RollCRT, 3, nil)
	a := f.decide(t, "blue", "dd b1", nil)
	if a.Roll != RollDD || a.Side != "blue" {
		t.Fatalf("awaiting %v, want the DD die", a)
	}
	a = f.roll(t, RollDD, 3, nil) // Town, 3: hold -1
	if !a.Done || !f.c.Held() || f.c.Retreated() || len(f.c.Advances) != 0 {
		t.Fatalf("awaiting %v, held %v", a, f.c.Held())
	}
	if got := IDs(f.c.Survivors()); !slices.Equal(got, []string{"b1", "b2"}) || f.c.UnitSteps()["b1"] != 1 {
		t.Errorf("survivors %v, steps %v", got, f.c.UnitSteps())
	}
	if ev := f.c.Event(); !strings.Contains(ev, "; DD lead b1, Town column, die 3+0 = 3: hold -1, b1 -1") {
		t.Errorf("event %q", ev)
	}
	// EX from the table: the defender picks the MAF unit's step.
	f = newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true), inf("r2", 4, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	f.roll(t, RollCRT, 3, nil)
	f.decide(t, "blue", "dd b1", nil)
	a = f.roll(t, RollDD, 5, nil)
	want(t, a, DecDDLoss, "blue")
	if a.Rule != "T.4.2 EX" || !slices.Equal(a.Choices, []string{"r1", "r2"}) {
		t.Errorf("EX loss %v", a)
	}
	if a = f.decide(t, "blue", "losses r2", nil); !a.Done {
		t.Fatalf("awaiting %v", a)
	}
	if got := f.c.AttackersLeft(); len(got) != 2 || got[1].Steps != 1 {
		t.Errorf("attackers left %+v", got)
	}
}

// Standing and conditional orders resolve a whole combat in one exchange:
// the defender always stands (and the table fails), retreats toward supply;
// the attacker advances with a named unit into the vacated hex.
func TestFlow_OrdersOneExchange(t *testing.T) {
	f := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true), inf("r2", 2, 1, false)}, []Unit{inf("b1", 4, 2, false)})
	south, _ := f.c.Layout.Parse("0509")
	f.c.SupplyDistance = func(a hex.Axial) int { return hex.Distance(a, south) }
	o := Orders{
		"blue": {{Kind: CmdOrderDD, Mode: ModeAlways}, {Kind: CmdOrderRetreat, Mode: ModeTowardSupply}},
		"red":  {{Kind: CmdIfRetreat, Units: []string{"r2"}}},
	}
	a := f.roll(t, RollCRT, 3, o)
	if a.Roll != RollDD {
		t.Fatalf("awaiting %v: the DD order leads straight to the die", a)
	}
	if a = f.roll(t, RollDD, 1, o); !a.Done {
		t.Fatalf("awaiting %v, want done by orders", a)
	}
	if end := f.c.PathText(f.c.Moves[0].Path); len(f.c.Moves) != 1 || end[1] != "0507" {
		t.Errorf("retreat toward supply %v, want it to end at 0507", end)
	}
	if len(f.c.Advances) != 1 || f.c.Advances[0].String() != "advance r2 0505" {
		t.Errorf("advances %v", f.c.Advances)
	}
	// The record rebuilds the same combat.
	g := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true), inf("r2", 2, 1, false)}, []Unit{inf("b1", 4, 2, false)})
	g.c.SupplyDistance = f.c.SupplyDistance
	for _, st := range f.steps {
		if err := g.c.Replay(st); err != nil {
			t.Fatalf("%q: %v", st, err)
		}
	}
	if g.c.Event() != f.c.Event() || !g.c.Await().Done {
		t.Errorf("replayed %q\nplayed   %q", g.c.Event(), f.c.Event())
	}
	if !slices.Contains(f.steps, "red: advance r2 0505") || !slices.Contains(f.steps, "blue: dd b1") {
		t.Errorf("the record lacks the decisions taken by order: %v", f.steps)
	}
}

// Odds below the ladder: the automatic result, without a die; a single
// MAF unit takes the loss by the rules alone.
func TestFlow_AutomaticResult(t *testing.T) {
	f := newFlow(t, "clear", 4, 4, []Unit{inf("r1", 4, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	f.c.Odds.Final = f.c.Odds.Final - 1
	if a := f.next(nil); !a.Done || f.c.Roll != 0 || f.c.Result.Code != "A1" || !slices.Equal(f.c.AttLoss, []string{"r1"}) {
		t.Fatalf("awaiting %v, %s, losses %v", a, f.c.Result, f.c.AttLoss)
	}
	if ev := f.c.Event(); !strings.HasSuffix(ev, "(automatic A1, T): A1; attacker loses r1 -1") {
		t.Errorf("event %q", ev)
	}
}

// A decision by the wrong side, one not among the choices, one when a die
// is due: refused, nothing changed.
func TestFlow_Refusals(t *testing.T) {
	f := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	if err := f.c.Decide("blue", Command{Kind: CmdNoDD}); !errors.Is(err, ErrDecision) {
		t.Errorf("a decision before the CRT die: %v", err)
	}
	if err := f.c.RollDie(RollDD, 3); !errors.Is(err, ErrDecision) {
		t.Errorf("the DD die before the CRT's: %v", err)
	}
	f.roll(t, RollCRT, 3, nil)
	for _, c := range []struct {
		side string
		cmd  Command
	}{
		{"red", Command{Kind: CmdNoDD}},
		{"blue", Command{Kind: CmdDD, Units: []string{"r1"}}},
		{"blue", Command{Kind: CmdLosses, Units: []string{"b1"}}},
	} {
		if err := f.c.Decide(c.side, c.cmd); !errors.Is(err, ErrDecision) {
			t.Errorf("%s %q: %v", c.side, c.cmd, err)
		}
	}
	if f.c.DD != nil {
		t.Error("a refused decision changed the combat")
	}
	if err := f.c.RollDie(RollCRT, 7); !errors.Is(err, ErrDecision) {
		t.Errorf("a 7: %v", err)
	}
}

// Losses: the chooser, the eligible units, the count; every way of taking
// them is a choice.
func TestLosses(t *testing.T) {
	lc := LossChoice{Steps: 2, Units: []string{"a", "b"}, Rule: "T"}
	units := []Unit{{ID: "a", Steps: 1}, {ID: "b", Steps: 2}, {ID: "c", Steps: 2}}
	for _, c := range []struct {
		losses []string
		ok     bool
	}{{[]string{"a", "b"}, true}, {[]string{"b", "b"}, true}, {[]string{"a", "a"}, false}, {[]string{"c", "b"}, false}, {[]string{"b"}, false}} {
		if err := CheckLosses(lc, c.losses, units); (err == nil) != c.ok {
			t.Errorf("%v: %v", c.losses, err)
		}
	}
	steps := map[string]int{"a": 1, "b": 2}
	if got := LossSets([]string{"a", "b"}, steps, 2); len(got) != 2 || !slices.Equal(got[0], []string{"a", "b"}) || !slices.Equal(got[1], []string{"b", "b"}) {
		t.Errorf("loss sets %v", got)
	}
	if got, ok := ByPreference([]string{"a", "b"}, 2, []string{"b", "a"}, steps); !ok || !slices.Equal(got, []string{"b", "b"}) {
		t.Errorf("by preference %v %v", got, ok)
	}
	if _, ok := ByPreference([]string{"a", "b"}, 2, []string{"a"}, steps); ok {
		t.Error("an order that names too few steps covers the loss")
	}
	frag := AfterLosses([]Unit{{ID: "o", Steps: 2, Fragile: true}, {ID: "p", Steps: 2}}, []string{"o", "p"})
	if len(frag) != 1 || frag[0].ID != "p" || frag[0].Steps != 1 {
		t.Errorf("a fragile unit survives a step loss: %+v", frag)
	}
}

// Normandy '44's first edition, 12.1 A1/D2: the attacker picks the first
// of the defenders' two steps, the defender the second.
func TestFlow_OpponentPicksTheFirstStep(t *testing.T) {
	f := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true)}, []Unit{inf("b1", 2, 2, false), inf("b2", 1, 1, false), inf("b3", 1, 1, false)})
	crt := testCRT
	crt.Legend = append(slices.Clone(testCRT.Legend), Result{Code: "D2", DefenderSteps: 2, OpponentFirst: true})
	crt.Table.Rows = slices.Clone(testCRT.Table.Rows)
	crt.Table.Rows[0] = []ResultCode{"A1", "D2", "EX"}
	f.c.Stages[0] = CRTStage(&crt, "T.1")
	f.c.Stages[2] = LossStages(LossRules{Defender: "T.2 def", First: "T.2 first"})[1]
	a := f.roll(t, RollCRT, 1, nil)
	want(t, a, DecDefenderLoss, "red")
	if a.Steps != 1 || a.Rule != "T.2 first" || !slices.Equal(a.Choices, []string{"b1", "b2", "b3"}) {
		t.Fatalf("first step: %v", a)
	}
	a = f.decide(t, "red", "losses b2", nil)
	want(t, a, DecDefenderLoss, "blue")
	if a.Steps != 1 || !slices.Equal(a.Choices, []string{"b1", "b3"}) {
		t.Fatalf("second step: %v", a)
	}
	if a = f.decide(t, "blue", "losses b3", nil); !a.Done || !slices.Equal(f.c.DefLoss, []string{"b2", "b3"}) {
		t.Fatalf("awaiting %v, losses %v", a, f.c.DefLoss)
	}
}

// With OpponentChooses too (the first edition's A1/D2: the defender picks
// the attacker's step), the defenders' loss is still split: the attacker
// picks the first, the defender the rest; the attacker's step is the
// defender's pick.
func TestLosses_OpponentChoosesAndFirst(t *testing.T) {
	r := Result{Code: "A1/D2", AttackerSteps: 1, DefenderSteps: 2, OpponentChooses: true, OpponentFirst: true}
	c := &Combat{Attacker: "red", Defender: "blue", Result: r,
		Attackers: []Unit{{ID: "r1", Steps: 2, MAF: true}}, Defenders: []Unit{{ID: "b1", Steps: 2}, {ID: "b2", Steps: 1}}}
	lr := LossRules{Opponent: "opp", Defender: "def", First: "first"}
	if lc, _ := lr.AttackerLoss(c); lc.Chooser != "blue" || lc.Rule != "opp" {
		t.Errorf("the attacker's step: %+v", lc)
	}
	if lc, _ := lr.DefenderLoss(c); lc.Chooser != "red" || lc.Steps != 1 || lc.Rule != "first" || !lr.split(c) {
		t.Errorf("the first step: %+v", lc)
	}
	c.DefLoss = []string{"b2"}
	if lc, _ := lr.DefenderLoss(c); lc.Chooser != "blue" || lc.Steps != 1 || lr.split(c) {
		t.Errorf("the second step: %+v", lc)
	}
}

// A game's Pick narrows who takes a side's loss (Ardennes '44 16.3: the
// armour unit that earned the shift on EX); Eliminates removes survivors
// the game's rules do not let retreat (18.5: a Broken unit).
func TestFlow_PickAndEliminates(t *testing.T) {
	att := []Unit{{ID: "a1", Strength: 6, Steps: 2, MA: 4, MAF: true}, {ID: "a2", Strength: 6, Steps: 2, MA: 4, MAF: true}}
	def := []Unit{{ID: "d1", Strength: 3, Steps: 2, MA: 4}, {ID: "d2", Strength: 3, Steps: 2, MA: 4}}
	f := newFlow(t, "", 12, 6, att, def)
	lr := LossRules{Owner: "T.2 own", Defender: "T.2 def",
		Pick: func(c *Combat, defender bool) ([]string, string, bool) {
			if defender {
				return []string{"d2"}, "T.6 def", true
			}
			return []string{"a2"}, "T.6 att", true
		}}
	f.c.Stages = slices.Concat([]Stage{CRTStage(&testCRT, "T.1")}, LossStages(lr), f.c.Stages[3:])
	f.c.Eliminates = func(u Unit, hexes int) bool { return u.ID == "d1" }
	// 2-1, die 2: EX. The attacker's loss falls on a2, the defender's on
	// d2, each the only unit that may take it, so taken at once (the test
	// CRT's EX lets each side pick the other's loss).
	if a := f.roll(t, RollCRT, 2, nil); !a.Done {
		t.Fatalf("after EX: %v", a)
	}
	if !slices.Equal(f.steps, []string{"roll crt 2", "red: losses a2", "red: losses d2"}) {
		t.Errorf("the record %q", f.steps)
	}
	// A retreat: d1 is eliminated, d2 retreats.
	g := newFlow(t, "", 12, 6, slices.Clone(att), slices.Clone(def))
	g.c.Eliminates = func(u Unit, hexes int) bool { return u.ID == "d1" && hexes >= 2 }
	g.roll(t, RollCRT, 4, nil) // 2-1, die 4: DR
	g.decide(t, "blue", "no-dd", nil)
	movers, lost := g.c.RetreatUnits()
	if len(movers) != 1 || movers[0].ID != "d2" || !slices.Equal(lost, []string{"d1"}) {
		t.Errorf("the retreat's units %v, eliminated %v", movers, lost)
	}
}

// A Split (Ardennes '44 26.2, L1523: a unit breaks down before it
// advances) is offered beside a unit's advances; its parts take the unit's
// place among the advancers, each advancing on its own from the unit's hex,
// and the narration and the report tell it.
func TestFlow_SplitBeforeAdvance(t *testing.T) {
	f := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	const kind CommandKind = "split"
	f.c.Grammar = testGrammar.With(map[CommandKind]Form{kind: {Syntax: Units}})
	split := &Split{Kind: kind,
		Choices: func(_ *Combat, u Unit) []Command {
			if u.Steps < 2 {
				return nil
			}
			return []Command{{Kind: kind, Units: []string{u.ID}}}
		},
		Parts: func(_ *Combat, cmd Command) []Unit {
			half := inf(cmd.Units[0], 4, 1, true)
			part := inf(cmd.Units[0]+"b", 4, 1, true)
			half.FromHex, part.FromHex = "0405", "0405"
			return []Unit{half, part}
		}}
	f.c.Stages[len(f.c.Stages)-1] = AdvanceStageSplit("T.5", nil, split)
	f.roll(t, RollCRT, 3, nil) // 2-1, die 3: DR
	f.decide(t, "blue", "no-dd", nil)
	a := f.decide(t, "blue", f.c.Await().Choices[0], nil)
	want(t, a, DecAdvance, "red")
	if !slices.Contains(a.Choices, "split r1") {
		t.Fatalf("advance choices %v lack the split", a.Choices)
	}
	a = f.decide(t, "red", "split r1", nil)
	if slices.Contains(a.Choices, "split r1") || !slices.Contains(a.Choices, "advance r1b 0505") || !slices.Contains(a.Choices, "advance r1 0505") {
		t.Fatalf("after the split, choices %v: want each part's advances and no second split", a.Choices)
	}
	if ids := IDs(f.c.Advancers()); !slices.Equal(ids, []string{"r1", "r1b"}) || len(f.c.AttackersLeft()) != 1 {
		t.Errorf("advancers %v, attackers left %v: want the parts, the attackers unchanged", ids, IDs(f.c.AttackersLeft()))
	}
	a = f.decide(t, "red", "advance r1b 0505", nil)
	a = f.decide(t, "red", "advance-done", nil)
	if !a.Done {
		t.Fatalf("awaiting %v", a)
	}
	if ev := f.c.Event(); !strings.Contains(ev, "; split r1; advance r1b 0505") {
		t.Errorf("event %q lacks the split and the part's advance", ev)
	}
	if _, adv := f.c.ReportMoves(); len(adv) != 1 || !slices.Equal(adv[0].Path, []string{"0405", "0505"}) {
		t.Errorf("advances reported %+v, want r1b's from 0405", adv)
	}
	// The record rebuilds the combat, the split's parts made again.
	g := newFlow(t, "clear", 8, 4, []Unit{inf("r1", 8, 2, true)}, []Unit{inf("b1", 4, 2, false)})
	g.c.Grammar = f.c.Grammar
	g.c.Stages[len(g.c.Stages)-1] = AdvanceStageSplit("T.5", nil, split)
	for _, st := range f.steps {
		if err := g.c.Replay(st); err != nil {
			t.Fatalf("replay %q: %v", st, err)
		}
	}
	if !g.c.Await().Done || g.c.Event() != f.c.Event() {
		t.Errorf("replayed %q, want %q", g.c.Event(), f.c.Event())
	}
}
