package normandy44

import (
	"fmt"
	"testing"
)

// The summary card (seed L2147-2166) entry by entry, written from the card.
func TestShift_T13_Card(t *testing.T) {
	tests := []struct {
		src      ShiftSource
		for_     Beneficiary
		min, max int
		rule     string
		line     int
	}{
		{ShiftQualityAttacker, ForAttacker, 1, 1, "11.5", 2151},
		{ShiftQualityDefender, ForDefender, 1, 1, "11.5", 2151},
		{ShiftArmorAttacker, ForAttacker, 1, 1, "11.4.1", 2152},
		{ShiftArmorDefender, ForDefender, 1, 1, "11.4.2", 2152},
		{ShiftTigerAttacker, ForAttacker, 1, 1, "11.9", 2153},
		{ShiftTigerDefender, ForDefender, 1, 1, "11.9", 2153},
		{ShiftAir, ForAttacker, 1, 2, "19.1.2", 2157},
		{ShiftNaval, ForAttacker, 1, 1, "19.2", 2158},
		{ShiftStrategicMove, ForAttacker, 1, 1, "9.8.4", 2159},
		{ShiftHQArtillery, ForAttacker, 1, 2, "11.6, 17.2.5", 2160},
		{ShiftRiver, ForDefender, 1, 1, "11.3", 2164},
		{ShiftHilltop, ForDefender, 1, 1, "11.8", 2165},
		{ShiftJabos, ForDefender, 1, 3, "19.1.3", 2166},
		// Not on the card: 11.6.1 and 17.3 (Werfers), 17.2.8 (Caen).
		{ShiftWerfer, ForAttacker, 1, 2, "11.6, 17.3", 0},
		{ShiftCaenArtillery, ForAttacker, 1, 1, "17.2.8", 0},
		// The first edition's optional flank fire (28.2, IT L1590-1596).
		{ShiftFlankFire, ForDefender, 1, 2, "28.2", 0},
	}
	if len(shiftRules) != len(tests) {
		t.Errorf("%d shift rules, the card and text give %d", len(shiftRules), len(tests))
	}
	seen := map[ShiftSource]bool{}
	for _, r := range shiftRules {
		if seen[r.Source] {
			t.Errorf("%s listed twice", r.Source)
		}
		seen[r.Source] = true
		if r.Reason == "" {
			t.Errorf("%s has no reason to narrate", r.Source)
		}
	}
	for _, tt := range tests {
		r, ok := shiftRule(tt.src)
		if !ok {
			t.Errorf("%s missing", tt.src)
			continue
		}
		if r.For != tt.for_ || r.Min != tt.min || r.Max != tt.max || r.Rule != tt.rule || r.Line != tt.line {
			t.Errorf("%s: %v %d-%d %s L%d, want %v %d-%d %s L%d", tt.src,
				r.For, r.Min, r.Max, r.Rule, r.Line, tt.for_, tt.min, tt.max, tt.rule, tt.line)
		}
	}
}

func TestShift_SignedNetAndString(t *testing.T) {
	shifts := []Shift{shift(ShiftHQArtillery, 2), shift(ShiftArmorAttacker, 1), shift(ShiftJabos, 3), shift(ShiftHilltop, 1)}
	if got := netShift(shifts); got != 2+1-3-1 {
		t.Errorf("net %d, want -1", got)
	}
	if got := netShift(nil); got != 0 {
		t.Errorf("no shifts: %d", got)
	}
	if got, want := shifts[0].String(), "2R HQ artillery (11.6, 17.2.5)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := shifts[2].String(), "3L Jabos (19.1.3)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestShift_Halving_11_1(t *testing.T) {
	// E14 (L739): two strength-5 units halved are 3 + 3 = 6; 1 stays 1.
	if got := halveStrength(5) + halveStrength(5); got != 6 {
		t.Errorf("E14: %d, want 6", got)
	}
	for s, want := range map[int]int{1: 1, 2: 1, 4: 2, 7: 4} {
		if got := halveStrength(s); got != want {
			t.Errorf("halve %d = %d, want %d", s, got, want)
		}
	}
	tests := []struct {
		name   string
		a      approach
		allied bool
		want   bool
	}{
		{"clear, no hexside", approach{From: Clear}, true, false},
		{"minor river", approach{From: Clear, Hexside: []HexsideFeature{MinorRiver}}, false, true},
		{"major river", approach{From: Clear, Hexside: []HexsideFeature{MajorRiver}}, false, true},
		{"flooded-river hexside", approach{From: Flooded, Hexside: []HexsideFeature{FloodedRiver}}, false, true},
		{"causeway, AMBIG-14", approach{From: Flooded, Hexside: []HexsideFeature{Causeway}}, false, true},
		{"from a flooded hex", approach{From: Flooded}, false, true},
		{"Carpiquet hexside, 11.7", approach{From: Clear, Hexside: []HexsideFeature{Carpiquet}}, false, true},
		{"Cherbourg line, Allied, 16.3", approach{From: Clear, Hexside: []HexsideFeature{CherbourgLine}}, true, true},
		{"Cherbourg line, German", approach{From: Clear, Hexside: []HexsideFeature{CherbourgLine}}, false, false},
	}
	for _, tt := range tests {
		if got := halvedByTerrain(tt.a, tt.allied); got != tt.want {
			t.Errorf("%s: halved %v, want %v", tt.name, got, tt.want)
		}
	}
	if len(halvingRules) != 4 || halvingRules[0].Line != 2170 || halvingRules[3].Line != 2173 {
		t.Errorf("halving reasons do not follow the card, L2170-2173: %+v", halvingRules)
	}
}

// attacking builds an attack on target by MAF units, one per approach.
func attacking(target Hex, maf ...approach) CombatInput {
	in := CombatInput{Attacker: Allied, Target: target, Defenders: []CombatUnit{unit("g", Infantry, 4, "709")}}
	for i, a := range maf {
		u := mafUnit(fmt.Sprintf("m%d", i), Infantry, 4, "1")
		u.From, u.Across = a.From, a.Hexside
		in.Attackers = append(in.Attackers, u)
	}
	return in
}

func TestShift_River_11_3(t *testing.T) {
	major := approach{From: Clear, Hexside: []HexsideFeature{MajorRiver}}
	minor := approach{From: Clear, Hexside: []HexsideFeature{MinorRiver}}
	fromFlood := approach{From: Flooded}
	dry := approach{From: Bocage}
	tests := []struct {
		name string
		maf  []approach
		want bool
	}{
		{"E16 L780: every MAF unit across a major river", []approach{major, major}, true},
		{"major river and from a flooded hex mixed", []approach{major, fromFlood}, true},
		{"one MAF unit on dry ground", []approach{major, dry}, false},
		{"minor river gives no shift", []approach{minor, minor}, false},
		{"into a flooded hex is no penalty (TEC L2063)", []approach{dry}, false},
		{"no MAF", nil, false},
	}
	for _, tt := range tests {
		if n, _ := riverShift(attacking(Hex{Terrain: Clear}, tt.maf...)); (n == 1) != tt.want {
			t.Errorf("%s: %d columns, want shift=%v", tt.name, n, tt.want)
		}
	}
	// AMBIG-13: only the MAF counts; a unit outside it on dry ground
	// changes nothing.
	in := attacking(Hex{Terrain: Clear}, major)
	in.Attackers = append(in.Attackers, unit("x", Infantry, 4, "29"))
	if n, _ := riverShift(in); n != 1 {
		t.Errorf("a non-MAF unit on dry ground cancelled the river shift")
	}
}

func TestShift_Terrain_11_3_11_8(t *testing.T) {
	major := approach{From: Clear, Hexside: []HexsideFeature{MajorRiver}}
	got := shiftRules.Apply(attacking(Hex{Terrain: Mixed, Hilltop: true}, major))
	if len(got) != 2 || netShift(got) != -2 || got[0].Source != ShiftRiver || got[1].Source != ShiftHilltop {
		t.Errorf("hilltop behind a major river: %v, want 2L", got)
	}
	if got := shiftRules.Apply(attacking(Hex{Terrain: City}, approach{From: Clear})); len(got) != 0 {
		t.Errorf("city, open approach: %v, want none", got)
	}
}

func TestShift_ArmorAndTigerTerrain_11_4_4_11_9(t *testing.T) {
	open := approach{From: Clear}
	minor := approach{From: Clear, Hexside: []HexsideFeature{MinorRiver}}
	major := approach{From: Clear, Hexside: []HexsideFeature{MajorRiver}}
	line := approach{From: Clear, Hexside: []HexsideFeature{CherbourgLine}}
	tests := []struct {
		name      string
		a         approach
		target    Terrain
		fortified bool
		allied    bool
		armor     bool // barred from attacker AS
		tiger     bool // barred from the Tiger shift
	}{
		{"open ground into bocage", open, Bocage, false, true, false, false},
		{"across a minor river", minor, Clear, false, true, false, false},
		{"across a major river", major, Clear, false, false, true, true},
		{"into a City", open, City, false, false, true, false},
		{"into a Forest", open, Forest, false, false, true, false},
		{"into a Town", open, Town, false, false, false, false},
		{"into a flooded hex", open, Flooded, false, false, true, true},
		{"from a flooded hex", approach{From: Flooded}, Clear, false, false, true, true},
		{"against an IP or strongpoint", open, Clear, true, false, true, false},
		{"Allied across the Cherbourg line", line, Clear, false, true, true, false},
		{"German across the Cherbourg line", line, Clear, false, false, false, false},
	}
	for _, tt := range tests {
		if got := armorBarredByTerrain(tt.a, tt.target, tt.fortified, tt.allied); got != tt.armor {
			t.Errorf("%s: AS barred %v, want %v", tt.name, got, tt.armor)
		}
		if got := tigerBarredByTerrain(tt.a, tt.target); got != tt.tiger {
			t.Errorf("%s: Tiger barred %v, want %v", tt.name, got, tt.tiger)
		}
	}
}
