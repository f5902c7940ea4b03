package normandy44

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// ed1In is a combat declared in the first edition in Overcast weather.
func ed1In(in CombatInput) CombatInput {
	in = overcast(in)
	in.ed = editionEd1
	return in
}

// D15, 10.3 (IT L676-690): "a Formation is a Division, Regiment, Brigade or
// Battalion": a battalion of no division is a formation, and may be the MAF
// alone at full strength, the other attackers halved. The book's example
// (IT L690, digest IT-EX-07): the TD battalion alone in hex A could be the
// MAF. (The engine's 2.2 reading makes it so too, 10.3.2 ENGINE NOTE.)
func TestEd1_D15_BattalionIsAFormation(t *testing.T) {
	td := mafUnit("td", SPAntiTank, 4, "")
	td.Nationality = "us"
	inf := unit("i29", Infantry, 6, "29")
	inf.Nationality = "us"
	in := ed1In(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{td, inf}, Defenders: []CombatUnit{unit("g", Infantry, 3, "352")}})
	o, err := resolveOdds(in)
	if err != nil {
		t.Fatalf("the TD battalion as the MAF: %v", err)
	}
	if o.Attack != 4+3 || len(o.Halved) != 1 || o.Halved[0].Unit != "i29" {
		t.Errorf("attack %d, halved %v: the MAF at full strength, the 29th's regiment halved", o.Attack, o.Halved)
	}
}

// D16, TEC (IT L1868): Woods ("Bosco") give a defensive bonus of 2; 2.2's is
// 3 (its change log: "Forest DB raised to +3").
func TestEd1_D16_WoodsBonus(t *testing.T) {
	in := CombatInput{Attacker: Allied, Target: Hex{Terrain: Forest},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 9, "1")}, Defenders: []CombatUnit{unit("g", Infantry, 6, "352")}}
	if _, db := defenseStrength(in); db != 3 {
		t.Errorf("2.2 Forest DB %d, want 3", db)
	}
	if _, db := defenseStrength(ed1In(in)); db != 2 {
		t.Errorf("first edition Woods DB %d, want 2", db)
	}
}

// D17, 16.3 (IT L1101): across the Cherbourg perimeter's anti-tank ditch
// "neither side (attacker or defender) may have the armor column shift";
// 11.4.4 (IT L790) bars the attacker's. 2.2 bars only the Allied attacker's.
func TestEd1_D17_PerimeterBarsBothArmorShifts(t *testing.T) {
	// A German attack across the perimeter with a tank against infantry.
	panzer := across(tank("pz", 6, 3, "2pz", true), CherbourgLine)
	german := CombatInput{Attacker: German, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{panzer}, Defenders: []CombatUnit{unit("us", Infantry, 3, "4")}}
	// An Allied infantry attack across it on infantry with gray armor.
	gi := unit("g", Infantry, 4, "709")
	allied := CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{across(mafUnit("a", Infantry, 9, "4"), CherbourgLine)},
		Defenders: []CombatUnit{gi, tank("gt", 2, 2, "709", false)}}
	for _, c := range []struct {
		name string
		in   CombatInput
		src  ShiftSource
	}{{"German attacker", german, ShiftArmorAttacker}, {"German defender", allied, ShiftArmorDefender}} {
		o22, err := resolveOdds(overcast(c.in))
		if err != nil {
			t.Fatal(err)
		}
		o1, err := resolveOdds(ed1In(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(shiftSources(o22), c.src) {
			t.Errorf("%s: 2.2 gives no %s across the perimeter: %v", c.name, c.src, shiftSources(o22))
		}
		if slices.Contains(shiftSources(o1), c.src) {
			t.Errorf("%s: the first edition gives %s across the perimeter", c.name, c.src)
		}
	}
}

// D18, the CRT (IT L1795-1798): four cells print "-", no effect, where 2.2
// prints A1 (its change log: "no effect changed to A1"). The book's combat E
// (IT L1736, digest EOP-17): 11 against 8 is 1-1, the naval shift 2-1, die
// 1: the CRT reads "-" (the example's text says A1, written before the
// printed table, digest A5).
func TestEd1_D18_NoEffectCells(t *testing.T) {
	for _, c := range []struct {
		col  Column
		roll int
	}{{Col1to3, 4}, {Col1to2, 3}, {Col1to1, 2}, {Col2to1, 1}} {
		if got := crtEd1.Lookup(c.col, c.roll, 0); got.Code != ResNone || got.AttackerSteps != 0 || got.DefenderSteps != 0 || got.Retreat != 0 || got.Advance != NoAdvance {
			t.Errorf("%v, die %d: %+v, want no effect", c.col, c.roll, got)
		}
		if got := crt(c.col, c.roll); got.Code != ResA1 {
			t.Errorf("2.2 %v, die %d: %v, want A1", c.col, c.roll, got)
		}
	}
	in := ed1In(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{mafUnit("1a", Infantry, 6, "1"), mafUnit("1b", Infantry, 5, "1")},
		Defenders: []CombatUnit{unit("g", Infantry, 6, "352")}, Support: Support{Naval: 1}})
	in.Target.Terrain = Mixed // DB 2
	o, err := resolveOdds(in)
	if err != nil {
		t.Fatal(err)
	}
	if o.Attack != 11 || o.Defense != 8 || o.Raw != Col1to1 || o.Final != Col2to1 {
		t.Fatalf("combat E: %d to %d, %v to %v; want 11 to 8, 1-1 to 2-1", o.Attack, o.Defense, o.Raw, o.Final)
	}
	if r := crtEd1.Lookup(o.Final, 1, 0); r.Code != ResNone {
		t.Errorf("combat E, die 1: %v, want -", r)
	}
}

// D19, 12.1 A1/D2 (IT L840, L1804): the attacker loses a MAF step "chosen by
// the defender" and the defenders two steps, "the attacker choosing the
// first"; the defender chooses the second (digest A6). 2.2's attacker picks
// both.
func TestEd1_D19_A1D2FirstStep(t *testing.T) {
	r, ok := crtEd1.Result(ResA1D2)
	if !ok || !r.OpponentChooses || !r.OpponentFirst {
		t.Fatalf("A1/D2: %+v", r)
	}
	c := &combat.Combat{Attacker: "allied", Defender: "german", Result: r,
		Attackers: []combat.Unit{{ID: "a", Steps: 2, MAF: true}, {ID: "b", Steps: 2, MAF: true}},
		Defenders: []combat.Unit{{ID: "x", Steps: 2}, {ID: "y", Steps: 1}}}
	if lc, _ := lossRules.AttackerLoss(c); lc.Chooser != "german" || lc.Steps != 1 {
		t.Errorf("the MAF's step: %+v, want the defender's pick", lc)
	}
	lc, _ := lossRules.DefenderLoss(c)
	if lc.Chooser != "allied" || lc.Steps != 1 || lc.Rule != "12.1 A1/D2" {
		t.Errorf("the defenders' first step: %+v, want the attacker's pick", lc)
	}
	c.DefLoss = []string{"y"}
	if lc, _ := lossRules.DefenderLoss(c); lc.Chooser != "german" || lc.Steps != 1 {
		t.Errorf("the defenders' second step: %+v, want the defender's pick", lc)
	}
	c.Result, c.DefLoss = legend(ResA1D2), nil
	if lc, _ := lossRules.DefenderLoss(c); lc.Chooser != "allied" || lc.Steps != 2 {
		t.Errorf("2.2: %+v, the attacker picks both", lc)
	}
}

// D20, 12.6 (2.2 only): a single one-step MAF lost to A1/DR, A1/D1 or A1/D2
// lets the defender ignore the retreat. The first edition has no such rule:
// its combat has no such stage.
func TestEd1_D20_NoIgnoreRetreat(t *testing.T) {
	in := CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 6, "1")}, Defenders: []CombatUnit{unit("g", Infantry, 3, "352")}}
	for _, c := range []struct {
		in   CombatInput
		want bool
	}{{overcast(in), true}, {ed1In(in), false}} {
		cb, err := NewCombat(c.in, testLayout(t), "0404", CombatMap{}, CombatMap{})
		if err != nil {
			t.Fatal(err)
		}
		has := slices.ContainsFunc(cb.Stages, func(s combat.Stage) bool { return s.Name == "ignore-retreat" })
		if has != c.want {
			t.Errorf("edition %q: the 12.6 stage %v, want %v", c.in.edition().name, has, c.want)
		}
	}
}

// D21, 12.4.1 (IT L880-886): the DD column is the terrain's "unless the hex
// holds an IP or a Strongpoint", whose column it then is, whoever leads. In
// 2.2 a strongpoint gives its column only as the Lead.
func TestEd1_D21_StrongpointColumn(t *testing.T) {
	lead := unit("g", Infantry, 6, "352")
	sp := CombatUnit{ID: "sp", Type: Strongpoint, Strength: 1, Steps: 1}
	in := CombatInput{Attacker: Allied, Target: Hex{Terrain: Bocage},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 9, "1")}, Defenders: []CombatUnit{lead, sp}}
	if o := resolveDD(overcast(in), lead, false, 3); o.Column != int(DDOther) {
		t.Errorf("2.2: column %s, want Other", o.Heading)
	}
	if o := resolveDD(ed1In(in), lead, false, 3); o.Column != int(DDStrongpoint) || !o.Result.Success {
		t.Errorf("first edition: column %s, %+v; want the strongpoint's, held on 3", o.Heading, o.Result)
	}
}

// D22, 12.4.2 (IT L892-900): the armor comparison gives +1 when the Lead's
// value beats the MAF's best or the MAF has none, -1 when the MAF's is
// better, 0 when equal; the Lead's player takes it or the quality (digest
// A37). An anti-tank Lead compares only if an armored unit attacks, in the
// MAF or not. 2.2 has only the +1, and a red Lead needs armor in the MAF.
func TestEd1_D22_ArmorComparison(t *testing.T) {
	maf := tank("t", 5, 4, "2", true)
	lead := unit("flak", Flak88, 2, "")
	lead.AC, lead.Quality = 3, -2
	in := CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear}, Attackers: []CombatUnit{maf}}
	if d := ddMods(ed1In(in), lead, false).DRM(); d != -1 {
		t.Errorf("AC 3 against 4, quality -2: DRM %d, want -1 (the comparison's -1 beats -2)", d)
	}
	if d := ddMods(in, lead, false).DRM(); d != -2 {
		t.Errorf("2.2: DRM %d, want the quality's -2", d)
	}
	// An AT Lead against a MAF of infantry, a tank attacking outside it.
	at := unit("at", AT88, 3, "")
	at.AC, at.AntiTank = 4, true
	side := tank("t2", 3, 2, "2", false)
	in = CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear}, Attackers: []CombatUnit{mafUnit("i", Infantry, 6, "1"), side}}
	if d := ddMods(ed1In(in), at, false).DRM(); d != 1 {
		t.Errorf("first edition AT Lead, armor outside the MAF: DRM %d, want +1", d)
	}
	if d := ddMods(in, at, false).DRM(); d != 0 {
		t.Errorf("2.2 AT Lead, no armor in the MAF: DRM %d, want 0", d)
	}
	in.Attackers = in.Attackers[:1]
	if d := ddMods(ed1In(in), at, false).DRM(); d != 0 {
		t.Errorf("first edition AT Lead, no armor in the attack: DRM %d, want 0", d)
	}
}

// D24, 12.5 (IT L926): a Desperate Defense needs "at least two steps" in the
// unit or stack, any units; 2.2 counts only units that may lead a DD. A
// stack of an HQ and a Disrupted unit, a step each:
func TestEd1_D24_DesperateDefenseSteps(t *testing.T) {
	stack := []combat.Unit{{ID: "hq", Steps: 1, NoLead: true}, {ID: "d", Steps: 1, Disrupted: true}}
	if despAllowed(editionDefault, stack, true) {
		t.Error("2.2: no unit may lead, yet a Desperate Defense")
	}
	if !despAllowed(editionEd1, stack, true) {
		t.Error("first edition: two steps, no Desperate Defense")
	}
	if despAllowed(editionEd1, stack, false) {
		t.Error("a Desperate Defense where a retreat would not eliminate the stack")
	}
}

// D34, 17.7 (IT L1180): FLAK units "may not attack"; 2.2 sets no such bar.
func TestEd1_D34_FlakDoesNotAttack(t *testing.T) {
	flak := mafUnit("flak", Flak88, 4, "")
	in := CombatInput{Attacker: German, Target: Hex{Terrain: Clear}, Attackers: []CombatUnit{flak},
		Defenders: []CombatUnit{unit("us", Infantry, 2, "4")}}
	if _, err := resolveOdds(overcast(in)); err != nil {
		t.Errorf("2.2: %v", err)
	}
	if _, err := resolveOdds(ed1In(in)); !errors.Is(err, ErrCannotAttack) || !errors.Is(err, ErrFlakAttack) {
		t.Errorf("first edition: %v, want ErrCannotAttack", err)
	}
	// In a game the refusal names 17.7.
	m := testMap{units: []string{"gflak german heer - flak88 4-4", allInf}, setup: []string{"gflak 0404", "ainf 0405"}}
	g := germanCombatIn(t, "ed1", m)
	refused(t, g, German, "attack 0405 from 0404 maf gflak", "17.7")
}

// retreatMap is the book's example to 13.2 (IT L973, digest IT-EX-18) on the
// test map: a German tank and infantry at 0404, every hex next to it in an
// Allied ZOC but the flooded 0405.
func retreatMap() testMap {
	return testMap{terrain: map[string]string{"0405": "flooded"},
		units: []string{gerInf, gerMech, allInf, allInf2, "ainf3 allied us 4 infantry 6-4 4-4"},
		setup: []string{"ginf 0404", "gpz 0404", "ainf 0604", "ainf2 0302", "ainf3 0204"}}
}

// D25, 13.2 (IT L936, L950): a retreat whose first hex is a vacant hex in an
// enemy ZOC costs the stack one step, its owner's pick; 2.2 (13.2, its
// change log: "units no longer lose a step retreating through an EZOC") costs
// nothing. The example (IT L973): through the flooded hex the tank is lost
// and the infantry loses a step; through an EZOC hex one step only, so the
// German takes either EZOC hex. In 2.2 the EZOC hexes cost nothing.
func TestEd1_D25_EZOCRetreatCostsAStep(t *testing.T) {
	bothEditions(t, retreatMap(), Allied, 2, func(t *testing.T, g *Game, ed1 bool) {
		stack := []combat.RetreatUnit{{ID: "ginf", Strength: 6, Steps: 2, MA: 4}, {ID: "gpz", Strength: 6, Steps: 2, MA: 5, Mechanized: true}}
		paths := combat.RetreatPaths(g.b.ids["0404"], 2, stack, combatMapOf(g, German, "ginf", "gpz"))
		if len(paths) == 0 {
			t.Fatal("no retreat")
		}
		want := 0
		if ed1 {
			want = 1
		}
		for _, p := range paths {
			if !p.EZOC || p.Losses != want || (p.Steps == 1) != ed1 || len(p.MechLost) > 0 || g.b.id(p.Hexes[0]) == "0405" {
				t.Errorf("path %v: EZOC %v, %d losses, %d steps, mech lost %v; want an EZOC hex first for %d", p.Hexes, p.EZOC, p.Losses, p.Steps, p.MechLost, want)
			}
		}
	})
}

// D27, 13.3 (IT L977): a hex of friendly non-Disrupted units stops a
// two-hex retreat after one hex, up to their strength; 2.2 leaves out units
// under a Strategic Move marker (and units using a DD).
func TestEd1_D27_StrategicMoveUnitsStopARetreat(t *testing.T) {
	m := testMap{units: []string{gerInf, gerInf2, allInf}, setup: []string{"ginf 0404", "ginf2 0504", "ainf 0204"}}
	bothEditions(t, m, Allied, 2, func(t *testing.T, g *Game, ed1 bool) {
		g.s.Units[g.index["ginf2"]].SM = true
		_, hold := combatMapOf(g, German, "ginf").Friends(g.b.ids["0504"])
		want := 0
		if ed1 {
			want = 6
		}
		if hold != want {
			t.Errorf("a strength-6 unit under SM holds %d, want %d", hold, want)
		}
	})
}

// D28, 14.3 (the book's second 14.3, read 14.4; IT L1038): "the attacker
// must stop its advance when it enters a Bocage hex unless it follows a
// road". 2.2 (14.4.1) lets it go on from the vacated hex along a road out of
// it: entering the vacated bocage hex off road does not stop it there.
func TestEd1_D28_BocageStopsTheAdvance(t *testing.T) {
	m := testMap{terrain: map[string]string{"0404": "bocage"}, roads: []string{"minor 0404 0405 0406"},
		units: []string{allInf}, setup: []string{"ainf 0304"}}
	bothEditions(t, m, Allied, 2, func(t *testing.T, g *Game, ed1 bool) {
		gr := g.ground(Allied, nil)
		u := combat.AdvanceUnit{ID: "ainf", From: g.b.ids["0304"]}
		vacated := g.b.ids["0404"]
		if got := gr.stops(u, u.From, vacated, vacated); got != ed1 {
			t.Errorf("entering the vacated bocage hex off road stops the advance: %v, want %v", got, ed1)
		}
		if !gr.leaves(u, vacated, g.b.ids["0405"]) {
			t.Error("out of bocage along the road: barred")
		}
	})
}

// The book's combat H (IT L1746; digest EOP-20), whose numbers differ from
// 2.2's example: the 3rd Canadian Division (the book says 2nd) with its tank
// battalion attached, all halved across a minor river, 12 against 6 (a bonus
// of 2): 2-1, the naval shift 3-1; the 88's AC cancels the attacker's armor
// shift; die 3, DR. The 88 leads a Determined Defense: 5, +1 for its AC
// against the tanks', 6 on the Other column: ♦ EX, the retreat cancelled,
// the Lead and a MAF unit each a step.
func TestEd1_CombatH(t *testing.T) {
	cdn := func(id string) CombatUnit {
		u := across(mafUnit(id, Infantry, 8, "3cdn"), MinorRiver)
		u.Nationality = "ca"
		return u
	}
	tk := across(tank("tk", 8, 3, "", true), MinorRiver)
	tk.Nationality = "ca"
	at := unit("88", AT88, 2, "")
	at.AC, at.AntiTank, at.Nationality = 4, true, "luftwaffe"
	in := ed1In(CombatInput{Attacker: Allied, Target: Hex{Terrain: Mixed}, Support: Support{Naval: 1},
		Attackers: []CombatUnit{cdn("c1"), cdn("c2"), tk}, Defenders: []CombatUnit{at, unit("g", Infantry, 2, "716")}})
	o, err := resolveOdds(in)
	if err != nil {
		t.Fatal(err)
	}
	if o.Attack != 12 || o.Defense != 6 || o.Raw != Col2to1 || o.Final != Col3to1 || slices.Contains(shiftSources(o), ShiftArmorAttacker) {
		t.Fatalf("combat H: %s, shifts %v; want 12:6, 2-1 to 3-1, no armor shift", o, shiftSources(o))
	}
	if r := crtEd1.Lookup(o.Final, 3, 0); r.Code != ResDR {
		t.Fatalf("3-1, die 3: %v, want DR", r)
	}
	dd := resolveDD(in, at, false, 5)
	if dd.Column != int(DDOther) || dd.Modified != 6 || !dd.Result.Success || dd.Result.LeadSteps != 1 || dd.Result.MAFSteps != 1 {
		t.Errorf("the 88's DD: %+v, want Other, 6, ♦ EX", dd)
	}
}
