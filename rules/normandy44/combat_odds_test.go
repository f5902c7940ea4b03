package normandy44

import (
	"errors"
	"slices"
	"testing"
)

// The odds of the digest's combat examples (§5), rebuilt at the level of
// CombatInput. Where the example names only totals, the unit strengths are
// our own split of them (said per case); the totals, DBs, columns and shifts
// are the book's.

type oddsCase struct {
	name        string
	in          CombatInput
	att, def    int
	raw, final  Column
	shifts      []ShiftSource
	halvedUnits int
}

func overcast(in CombatInput) CombatInput {
	in.Turn, in.Weather = 2, WeatherOvercast2
	return in
}

func oddsCases() []oddsCase {
	ger := func(id string, s int) CombatUnit { u := unit(id, Infantry, s, "709"); u.Nationality = "heer"; return u }
	us := func(id string, s int, f string, maf bool) CombatUnit {
		u := unit(id, Infantry, s, f)
		u.Nationality, u.MAF = "us", maf
		return u
	}
	gb := func(id string, s int, f string, maf bool) CombatUnit {
		u := us(id, s, f, maf)
		u.Nationality = "gb"
		return u
	}
	withNat := func(u CombatUnit, n string) CombatUnit { u.Nationality = n; return u }
	q := func(u CombatUnit, n int) CombatUnit { u.Quality = n; return u }
	landed := func(u CombatUnit) CombatUnit { u.Landed = true; return u }
	sp := CombatUnit{ID: "sp", Type: Strongpoint, Strength: 2, Steps: 1, Nationality: "heer"}
	return []oddsCase{
		{
			// E09 (10.4, L695): City +5, 7+7 infantry and a 3-strength tank
			// silhouette: DB 5, 22 capped to 18. Attack 18 for a 1-1.
			name: "E09_10.4_defender_cap",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: City},
				Attackers: []CombatUnit{us("a", 9, "1", true), us("b", 9, "1", true)},
				Defenders: []CombatUnit{ger("r1", 7), ger("r2", 7), withNat(tank("t", 3, 0, "709", false), "heer")}}),
			att: 18, def: 18, raw: Col1to1, final: Col1to1,
		},
		{
			// E10 (10.4, L697): against 10 the best raw odds are 1-1.
			name: "E10_10.4_attack_cap",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
				Attackers: []CombatUnit{us("a", 9, "1", true), us("b", 9, "1", true), us("c", 9, "1", true)},
				Defenders: []CombatUnit{ger("g", 10)}}),
			att: 18, def: 10, raw: Col1to1, final: Col1to1,
		},
		{
			// E11 (10.5, L705): 15:4 is 3-1.
			name: "E11_10.5_rounding_15_4",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
				Attackers: []CombatUnit{us("a", 15, "1", true)}, Defenders: []CombatUnit{ger("g", 4)}}),
			att: 15, def: 4, raw: Col3to1, final: Col3to1,
		},
		{
			// E11 (10.5, L705): 11:12 is 1-2.
			name: "E11_10.5_rounding_11_12",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
				Attackers: []CombatUnit{us("a", 11, "1", true)}, Defenders: []CombatUnit{ger("g", 12)}}),
			att: 11, def: 12, raw: Col1to2, final: Col1to2,
		},
		{
			// E12 (10.6, L715): 10-1 with two left shifts (a defending
			// Tiger, a hilltop) is 8-1, resolved on 7-1.
			name: "E12_10.6_clamp_after_shifts",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear, Hilltop: true},
				Attackers: []CombatUnit{us("a", 10, "1", true)},
				Defenders: []CombatUnit{func() CombatUnit { u := ger("g", 1); u.Tiger = true; return u }()}}),
			att: 10, def: 1, raw: Col7to1 + 3, final: Col7to1, // 10-1
			shifts: []ShiftSource{ShiftTigerDefender, ShiftHilltop},
		},
		{
			// E12 (10.6): 1-2 with two left shifts is below 1-3: automatic A1.
			name: "E12_10.6_automatic_A1",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear, Hilltop: true},
				Attackers: []CombatUnit{us("a", 5, "1", true)},
				Defenders: []CombatUnit{func() CombatUnit { u := ger("g", 10); u.Tiger = true; return u }()}}),
			att: 5, def: 10, raw: Col1to2, final: BelowCRT,
			shifts: []ShiftSource{ShiftTigerDefender, ShiftHilltop},
		},
		{
			// E13 (10.3-11.4, L723): 5 Allied units against 2 Germans of
			// total strength 4 in a Town: D = 8. MAF 1st Div + the 712th
			// tanks stacked with it; the other three halved. Strengths
			// 6 + 7 + (4+4+4)/2 = 19 are ours; the book gives only 19.
			name: "E13_10.3_11.4_full_combat",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Town},
				Attackers: []CombatUnit{
					func() CombatUnit { u := us("16/1", 6, "1", true); u.FromHex = "0101"; return u }(),
					func() CombatUnit { u := withNat(tank("712", 7, 3, "", true), "us"); u.FromHex = "0101"; return u }(),
					us("115/29", 4, "29", false), us("116/29", 4, "29", false), us("175/29", 4, "29", false)},
				Defenders: []CombatUnit{ger("g1", 2), ger("g2", 2)}}),
			att: 18, def: 8, raw: Col2to1, final: Col3to1, halvedUnits: 3,
			shifts: []ShiftSource{ShiftArmorAttacker},
		},
		{
			// E14 (11.1, L739): two strength-5 units halved give 3 + 3.
			name: "E14_11.1_halving_per_unit",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
				Attackers: []CombatUnit{us("m", 6, "1", true), us("h1", 5, "29", false), us("h2", 5, "29", false)},
				Defenders: []CombatUnit{ger("g", 12)}}),
			att: 12, def: 12, raw: Col1to1, final: Col1to1, halvedUnits: 2,
		},
		{
			// E15 a (11.2, L758): a 2-strength battalion and a 4-strength
			// tank silhouette in bocage: DB at most 2.
			name: "E15a_11.2_DB_cap",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Bocage},
				Attackers: []CombatUnit{us("a", 16, "1", true)},
				Defenders: []CombatUnit{ger("bn", 2), withNat(tank("t", 4, 0, "709", false), "heer")}}),
			att: 16, def: 8, raw: Col2to1, final: Col2to1,
		},
		{
			// E15 b (11.2): two 6-strength regiments in a Town defend with 16.
			name: "E15b_11.2_town",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Town},
				Attackers: []CombatUnit{us("a", 16, "1", true)}, Defenders: []CombatUnit{ger("r1", 6), ger("r2", 6)}}),
			att: 16, def: 16, raw: Col1to1, final: Col1to1,
		},
		{
			// E16 (11.3-11.4, L780): across a major river, British tanks
			// (gray 3) in the MAF against infantry and gray-3 armor in a
			// Town: attacker AS barred, defender AS cancelled, all halved,
			// 1L. 14:17 = 1-2 → 1-3. Our split: 8+6+6+4+4 halved = 14;
			// 7 + 6 + DB 4 = 17.
			name: "E16_11.3_11.4_major_river",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Town},
				Attackers: []CombatUnit{
					across(gb("inf", 8, "50", true), MajorRiver), across(withNat(tank("tk", 6, 3, "50", true), "gb"), MajorRiver),
					across(gb("x", 6, "3", false), MajorRiver), across(gb("y", 4, "3", false), MajorRiver), across(gb("z", 4, "3", false), MajorRiver)},
				Defenders: []CombatUnit{ger("inf", 7), withNat(tank("pz", 6, 3, "21", false), "heer")}}),
			att: 14, def: 17, raw: Col1to2, final: Col1to3, halvedUnits: 5,
			shifts: []ShiftSource{ShiftRiver},
		},
		{
			// E24 (16.2, L1113): infantry and tanks with naval support
			// against a strongpoint: no DB, no AS; 9:2 = 4-1, +1 quality,
			// +1 naval = 6-1.
			name: "E24_16.2_strongpoint",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear}, Support: Support{Naval: 1},
				Attackers: []CombatUnit{q(us("inf", 6, "4", true), 1), withNat(tank("tk", 3, 3, "4", true), "us")},
				Defenders: []CombatUnit{sp}}),
			att: 9, def: 2, raw: Col4to1, final: Col6to1,
			shifts: []ShiftSource{ShiftQualityAttacker, ShiftNaval},
		},
		{
			// P14 (L1770-1776): 91st Air Landing Div with an attached tank
			// battalion against the 82nd's cadre (2) in bocage: DB capped at
			// 2, D = 4; the others halved, one across a flooded hexside.
			// 12:4 = 3-1, +1 Cotentin HQ artillery, +1 AS = 5-1. Split 5+3
			// full, 5 and 2 halved, is ours.
			name: "P14_10.3.3_11.6_german_attack",
			in: func() CombatInput {
				in := overcast(CombatInput{Attacker: German, Target: Hex{Terrain: Bocage},
					Support: Support{Artillery: []Fire{{Source: ShiftHQArtillery, By: "cotentin", Columns: 1}}},
					Attackers: []CombatUnit{
						withNat(mafUnit("1057/91", Infantry, 5, "91"), "heer"),
						withNat(tank("100pz", 3, 2, "", true), "heer"),
						withNat(unit("6fj", Infantry, 5, "6fj"), "heer"),
						across(withNat(mafUnit("1058/91", Infantry, 2, "91"), "heer"), FloodedRiver)},
					Defenders: []CombatUnit{withNat(unit("505/82", Paratroop, 2, "82"), "us")}})
				in.Turn, in.Weather = 1, WeatherOvercast2
				return in
			}(),
			att: 12, def: 4, raw: Col3to1, final: Col5to1, halvedUnits: 2,
			shifts: []ShiftSource{ShiftArmorAttacker, ShiftHQArtillery},
		},
		{
			// P15 (L1778): all 21st Pz at full strength, 12 against a
			// 1-strength para with DB capped at 1: 6-1, +1 AS = 7-1.
			name: "P15_11.4_21pz",
			in: overcast(CombatInput{Attacker: German, Target: Hex{Terrain: Mixed},
				Attackers: []CombatUnit{withNat(mafUnit("125pg", Panzergrenadier, 5, "21pz"), "heer"), withNat(mafUnit("192pg", Panzergrenadier, 4, "21pz"), "heer"), withNat(tank("22pz", 3, 3, "21pz", true), "heer")},
				Defenders: []CombatUnit{withNat(unit("9/6", Paratroop, 1, "6ab"), "gb")}}),
			att: 12, def: 2, raw: Col6to1, final: Col7to1,
			shifts: []ShiftSource{ShiftArmorAttacker},
		},
		{
			// P18 combat A (L1796-1800): an Ost battalion (2) in bocage, DB
			// capped at 2; 4th Div + a 101st unit; 8:4 = 2-1, +1 quality.
			name: "P18_11.5_combat_A",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Bocage},
				Attackers: []CombatUnit{
					func() CombatUnit { u := q(us("8/4", 6, "4", true), 0); u.FromHex = "0403"; return u }(),
					func() CombatUnit { u := q(us("502/101", 2, "101", true), 1); u.FromHex = "0403"; return u }()},
				Defenders: []CombatUnit{func() CombatUnit { u := ger("795ost", 2); u.Type, u.Quality = Ost, -1; return u }()}}),
			att: 8, def: 4, raw: Col2to1, final: Col3to1,
			shifts: []ShiftSource{ShiftQualityAttacker},
		},
		{
			// P20 combat C (L1804-1808): landed units (Regroup), halved,
			// against a strongpoint: 7:2 = 3-1, no AS, +1 quality = 4-1.
			name: "P20_6.5.2_16.2_combat_C",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
				Attackers: []CombatUnit{landed(q(us("12/4", 5, "4", true), 1)), landed(withNat(tank("70", 5, 3, "4", true), "us")), landed(us("22/4", 2, "4", true))},
				Defenders: []CombatUnit{sp}}),
			att: 7, def: 2, raw: Col3to1, final: Col4to1, halvedUnits: 3,
			shifts: []ShiftSource{ShiftQualityAttacker},
		},
		{
			// P19 combat B (L1802): DB 3 capped at 2; 7:4 = 1-1, +1 AS.
			// Split 4 + 3 is ours.
			name: "P19_11.4_combat_B",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Bocage},
				Attackers: []CombatUnit{us("505/82", 4, "82", true), withNat(tank("746", 3, 3, "82", true), "us")},
				Defenders: []CombatUnit{ger("1058/91", 2)}}),
			att: 7, def: 4, raw: Col1to1, final: Col2to1,
			shifts: []ShiftSource{ShiftArmorAttacker},
		},
		{
			// P21 combat D (L1810): DB 2; the 88 Flak's AC 4 beats the
			// attacking tanks' 3, so no AS; 9:9 = 1-1, +1 naval = 2-1.
			name: "P21_11.4_19.2_combat_D",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Mixed}, Support: Support{Naval: 1},
				Attackers: []CombatUnit{us("116/29", 6, "29", true), withNat(tank("743", 3, 3, "29", true), "us")},
				Defenders: []CombatUnit{ger("916/352", 4), func() CombatUnit { u := ger("1/3FK", 3); u.Type, u.AC = Flak88, 4; return u }()}}),
			att: 9, def: 9, raw: Col1to1, final: Col2to1,
			shifts: []ShiftSource{ShiftNaval},
		},
		{
			// P22 combat E (L1820): 11:8, no AS either way, +1 naval.
			name: "P22_19.2_combat_E",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Mixed}, Support: Support{Naval: 1},
				Attackers: []CombatUnit{us("16/1", 6, "1", true), us("18/1", 5, "1", true)},
				Defenders: []CombatUnit{ger("726", 6)}}),
			att: 11, def: 8, raw: Col1to1, final: Col2to1,
			shifts: []ShiftSource{ShiftNaval},
		},
		{
			// P23 combat F (L1822): Town DB 4 capped at 2; 50th Div + a
			// tank unit; 12:4 = 3-1, +1 AS = 4-1.
			name: "P23_11.2_11.4_combat_F",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Town},
				Attackers: []CombatUnit{gb("231/50", 7, "50", true), withNat(tank("8ab", 5, 3, "", true), "gb")},
				Defenders: []CombatUnit{ger("441ost", 2)}}),
			att: 12, def: 4, raw: Col3to1, final: Col4to1,
			shifts: []ShiftSource{ShiftArmorAttacker},
		},
		{
			// P24 combat G (L1830): everyone halved across a minor river
			// (AMBIG-38); 7:6 = 1-1, +1 AS (from the reduced tank), +1 naval.
			name: "P24_11.3_combat_G",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Mixed}, Support: Support{Naval: 1},
				Attackers: []CombatUnit{across(gb("69/50", 6, "50", true), MinorRiver), across(gb("151/50", 5, "50", true), MinorRiver), across(withNat(tank("4/7dg", 2, 3, "50", true), "gb"), MinorRiver)},
				Defenders: []CombatUnit{ger("g23a", 2), ger("g23b", 2)}}),
			att: 7, def: 6, raw: Col1to1, final: Col3to1, halvedUnits: 3,
			shifts: []ShiftSource{ShiftArmorAttacker, ShiftNaval},
		},
		{
			// P25 combat H (L1832): Canadian 3rd Div + tanks halved across
			// a minor river; the 88 AT's red AC cancels the AS; 12:7 = 1-1,
			// +1 naval.
			name: "P25_11.4.3_combat_H",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Mixed}, Support: Support{Naval: 1},
				Attackers: []CombatUnit{across(withNat(gb("7/3c", 6, "3c", true), "ca"), MinorRiver), across(withNat(tank("6ca", 6, 3, "3c", true), "ca"), MinorRiver),
					across(withNat(gb("8/3c", 6, "3c", true), "ca"), MinorRiver), across(withNat(gb("9/3c", 6, "3c", true), "ca"), MinorRiver)},
				Defenders: []CombatUnit{ger("736", 2), func() CombatUnit { u := ger("88at", 3); u.Type, u.AC, u.AntiTank = AT88, 4, true; return u }()}}),
			att: 12, def: 7, raw: Col1to1, final: Col2to1, halvedUnits: 4,
			shifts: []ShiftSource{ShiftNaval},
		},
		{
			// P26 combat I (L1844): three Follow-up units (halved) against
			// the Sword strongpoint: 8:2 = 4-1, no AS.
			name: "P26_6.5.2_combat_I",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
				Attackers: []CombatUnit{landed(gb("8/3", 6, "3", true)), landed(gb("9/3", 6, "3", true)), landed(withNat(tank("13/18h", 4, 3, "3", true), "gb"))},
				Defenders: []CombatUnit{sp}}),
			att: 8, def: 2, raw: Col4to1, final: Col4to1, halvedUnits: 3,
		},
		{
			// P27 combat J (L1846): 1st SS Bde + an attached tank; a 3rd Div
			// unit and tanks under Regroup assist, halved; 14:10 = 1-1, AC
			// equal, no AS.
			name: "P27_10.3.2_combat_J",
			in: overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Mixed},
				Attackers: []CombatUnit{
					func() CombatUnit { u := gb("1ss", 6, "", true); u.FromHex = "0403"; return u }(),
					func() CombatUnit { u := withNat(tank("13h", 4, 3, "", true), "gb"); u.FromHex = "0403"; return u }(),
					landed(gb("185/3", 4, "3", false)), landed(withNat(tank("27ab", 4, 3, "27ab", false), "gb"))},
				Defenders: []CombatUnit{sp, func() CombatUnit { u := ger("192pg", 6); u.Type, u.AC = Panzergrenadier, 3; return u }()}}),
			att: 14, def: 10, raw: Col1to1, final: Col1to1, halvedUnits: 2,
		},
	}
}

func TestCombatOddsExamples(t *testing.T) {
	for _, c := range oddsCases() {
		t.Run(c.name, func(t *testing.T) {
			o, err := resolveOdds(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if o.Attack != c.att || o.Defense != c.def {
				t.Errorf("strengths %d:%d, want %d:%d", o.Attack, o.Defense, c.att, c.def)
			}
			if o.Raw != c.raw || o.Final != c.final {
				t.Errorf("columns %s → %s, want %s → %s (%s)", o.Raw, o.Final, c.raw, c.final, o)
			}
			if got := shiftSources(o); !slices.Equal(got, c.shifts) {
				t.Errorf("shifts %v, want %v", got, c.shifts)
			}
			if len(o.Halved) != c.halvedUnits {
				t.Errorf("%d units halved, want %d: %v", len(o.Halved), c.halvedUnits, o.Halved)
			}
		})
	}
}

// E12 (10.6): raw odds below 1-3 are no attack at all.
func TestCombatOddsE12TooLow(t *testing.T) {
	in := overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 2, "1")}, Defenders: []CombatUnit{unit("g", Infantry, 8, "7")}})
	if _, err := resolveOdds(in); !errors.Is(err, ErrOddsTooLow) {
		t.Fatalf("1-4: %v, want ErrOddsTooLow", err)
	}
}

// E27 (19.1.3, L1314): a German attack at 4-1 in Clear weather; Jabos 6
// gives 3L: 1-1. The combat waits for the Jabos die before the CRT.
func TestCombatJabosE27(t *testing.T) {
	in := CombatInput{Attacker: German, Turn: 5, Weather: WeatherClear5, Target: Hex{Terrain: Clear},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 8, "352")}, Defenders: []CombatUnit{unit("u", Infantry, 2, "1")}}
	c, err := NewCombat(in, testLayout(t), "0404", CombatMap{}, CombatMap{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Odds.Final != Col4to1 || !c.In.jabosAwaited() {
		t.Fatalf("before Jabos: %s, due %v", c.Odds.Final, c.In.jabosAwaited())
	}
	p := c.Next(nil)
	if p.Roll != RollJabos || p.Side != string(Allied) {
		t.Fatalf("pending %v, want the Jabos roll, the Allied player's (AMBIG-34)", p)
	}
	if err := c.RollDie(RollCRT, 3); !errors.Is(err, ErrDecision) {
		t.Fatalf("CRT before Jabos: %v", err)
	}
	if err := c.RollDie(RollJabos, 6); err != nil {
		t.Fatal(err)
	}
	if c.Odds.Final != Col1to1 {
		t.Fatalf("after Jabos 6: %s, want 1-1", c.Odds.Final)
	}
	if p := c.Next(nil); p.Roll != RollCRT {
		t.Fatalf("pending %v, want the CRT roll", p)
	}
	// Jabos 1-3 do nothing (T10).
	in.JabosRoll = 3
	o, _ := resolveOdds(in)
	if o.Final != Col4to1 || slices.Contains(shiftSources(o), ShiftJabos) {
		t.Fatalf("Jabos 3: %s %v", o.Final, shiftSources(o))
	}
}

func TestCombatDeclarationRules(t *testing.T) {
	base := func() CombatInput {
		return overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Clear},
			Attackers: []CombatUnit{
				func() CombatUnit {
					u := mafUnit("a", Infantry, 6, "29")
					u.FromHex, u.Nationality = "0101", "us"
					return u
				}(),
				func() CombatUnit {
					u := mafUnit("rgr", Infantry, 2, "")
					u.FromHex, u.Nationality = "0101", "us"
					return u
				}()},
			Defenders: []CombatUnit{unit("g", Infantry, 4, "709")}})
	}
	// E08 (10.3.3, L687): the extra unit must be stacked with the MAF.
	if _, err := resolveOdds(base()); err != nil {
		t.Fatalf("29th + stacked Ranger: %v", err)
	}
	in := base()
	in.Attackers[1].FromHex = "0102"
	if _, err := resolveOdds(in); !errors.Is(err, ErrNoMAF) {
		t.Errorf("extra unit not stacked: %v, want ErrNoMAF", err)
	}
	in = base()
	in.Attackers[1].Nationality = "gb"
	if _, err := resolveOdds(in); !errors.Is(err, ErrCannotAttack) {
		t.Errorf("US and CW together (22.1.1): %v", err)
	}
	in = base()
	in.Attackers[0].Disrupted = true
	if _, err := resolveOdds(in); !errors.Is(err, ErrCannotAttack) {
		t.Errorf("Disrupted attacker (13.6): %v", err)
	}
	in = base()
	in.Support.Air = 2
	if _, err := resolveOdds(in); !errors.Is(err, ErrSupport) {
		t.Errorf("2 air markers before turn 17 (19.1.2): %v", err)
	}
	in.Turn = 17
	if o, err := resolveOdds(in); err != nil || o.Net != 2 {
		t.Errorf("2 air markers on turn 17: %v net %d", err, o.Net)
	}
	in = base()
	in.Support.Artillery = []Fire{{Source: ShiftHQArtillery, By: "v", Columns: 2}, {Source: ShiftHQArtillery, By: "vii", Columns: 1}}
	if _, err := resolveOdds(in); !errors.Is(err, ErrSupport) {
		t.Errorf("3 artillery shifts (AMBIG-16): %v", err)
	}
	in.Weather = WeatherStorm
	in.Support.Artillery = in.Support.Artillery[:1]
	if _, err := resolveOdds(in); !errors.Is(err, ErrSupport) {
		t.Errorf("2 artillery shifts in Storm (4.3): %v", err)
	}
	// 10.3.4: a combat group of strength ≤ 6 attacks at full strength.
	in = base()
	in.Attackers[0].Formation, in.Attackers[0].Strength = "x", 4
	in.Kampfgruppe = true
	if o, err := resolveOdds(in); err != nil || o.Attack != 6 || len(o.Halved) != 0 {
		t.Errorf("combat group: %v %+v", err, o)
	}
	in.Attackers[0].Strength = 5
	if _, err := resolveOdds(in); !errors.Is(err, ErrNoMAF) {
		t.Errorf("combat group of 7: %v", err)
	}
}

// 11.4.2, 11.5, 11.9, 9.8.4: the defender's AS, negative quality, Tigers
// and the SM shift.
func TestCombatOddsDefenderShifts(t *testing.T) {
	inf := func(id string, q int) CombatUnit { u := mafUnit(id, Infantry, 8, "709"); u.Quality = q; return u }
	pz := tank("pz", 4, 3, "21", false)
	pz.Tiger = true
	in := overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Forest},
		Attackers: []CombatUnit{inf("a", -1), inf("b", -2)},
		Defenders: []CombatUnit{unit("g", Infantry, 3, "21"), pz}})
	o, err := resolveOdds(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []ShiftSource{ShiftQualityDefender, ShiftArmorDefender, ShiftTigerDefender}
	if got := shiftSources(o); !slices.Equal(got, want) {
		t.Errorf("shifts %v, want %v", got, want)
	}
	// An armored unit in the MAF cancels the defender's AS even where it
	// cannot earn its own (11.4.4: Forest).
	in.Attackers = append(in.Attackers, tank("sh", 4, 4, "709", true))
	o, _ = resolveOdds(in)
	if slices.Contains(shiftSources(o), ShiftArmorDefender) || slices.Contains(shiftSources(o), ShiftArmorAttacker) {
		t.Errorf("with MAF armor into a Forest: %v", shiftSources(o))
	}
	// 9.8.4: a defender in strategic movement gives 1R and no DB.
	d := unit("sm", Infantry, 4, "21")
	d.SM = true
	in = overcast(CombatInput{Attacker: Allied, Target: Hex{Terrain: Bocage},
		Attackers: []CombatUnit{mafUnit("a", Infantry, 8, "1")}, Defenders: []CombatUnit{d}})
	o, _ = resolveOdds(in)
	if o.DB != 0 || !slices.Equal(shiftSources(o), []ShiftSource{ShiftStrategicMove}) {
		t.Errorf("SM defender: DB %d shifts %v", o.DB, shiftSources(o))
	}
	// 11.9: a Tiger in the MAF gives 1R and counts for AS as well; not
	// across a major river.
	tg := tank("tiger", 6, 5, "101ss", true)
	tg.Tiger = true
	in = overcast(CombatInput{Attacker: German, Target: Hex{Terrain: City},
		Attackers: []CombatUnit{tg}, Defenders: []CombatUnit{unit("u", Infantry, 1, "1")}})
	o, _ = resolveOdds(in)
	if !slices.Equal(shiftSources(o), []ShiftSource{ShiftTigerAttacker}) {
		t.Errorf("Tiger into a City (no AS, Tiger yes): %v", shiftSources(o))
	}
	in.Target.Terrain = Clear
	o, _ = resolveOdds(in)
	if !slices.Equal(shiftSources(o), []ShiftSource{ShiftArmorAttacker, ShiftTigerAttacker}) {
		t.Errorf("Tiger in the open: %v", shiftSources(o))
	}
	in.Attackers[0] = across(tg, MajorRiver)
	o, _ = resolveOdds(in)
	if !slices.Equal(shiftSources(o), []ShiftSource{ShiftRiver}) {
		t.Errorf("Tiger across a major river: %v", shiftSources(o))
	}
}

// E18 (12.4.6, L902): the Lead sets the DD modifier. Stack A: a quality +1
// Lead, AC 3 against 3 is a tie: +1 from quality only. Stack B: a gray-AC
// armored Lead against a MAF without AC: +1. A red-AC Lead against such a
// MAF gets nothing; support adds 1, and the total stops at +2 (12.4.5).
func TestCombatDDModsE18(t *testing.T) {
	mafAC3 := []CombatUnit{tank("us-tk", 5, 3, "2", true), mafUnit("us-inf", Infantry, 6, "2")}
	mafNoAC := []CombatUnit{mafUnit("us-inf", Infantry, 6, "2")}
	leadA := unit("a", Infantry, 5, "352")
	leadA.Quality, leadA.AC = 1, 3
	if d := ddMods(CombatInput{Attackers: mafAC3}, leadA, false).DRM(); d != 1 {
		t.Errorf("stack A: DRM %d, want 1", d)
	}
	leadB := tank("b", 4, 2, "21pz", false)
	if d := ddMods(CombatInput{Attackers: mafNoAC}, leadB, false).DRM(); d != 1 {
		t.Errorf("stack B: DRM %d, want 1", d)
	}
	at := unit("at", AT88, 3, "")
	at.AC, at.AntiTank = 4, true
	if d := ddMods(CombatInput{Attackers: mafNoAC}, at, false).DRM(); d != 0 {
		t.Errorf("red AC against no AC: DRM %d, want 0", d)
	}
	if d := ddMods(CombatInput{Attackers: mafAC3}, at, true).DRM(); d != 2 {
		t.Errorf("red AC 4 > 3 with support: DRM %d, want 2", d)
	}
	leadA.Quality = 2
	if d := ddMods(CombatInput{Attackers: mafAC3}, leadA, true).DRM(); d != 2 {
		t.Errorf("quality 2 with support: DRM %d, want the +2 cap", d)
	}
}
