package normandy44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat/combattest"
)

// T2 as the seed prints it, L2126-2132, rows "≤ 1" to "7+", columns Flooded
// river or Clear | Other | IP | Strongpoint or City; "●" is success.
func TestDetermined_T2_EveryCell(t *testing.T) {
	combattest.CheckTable(t, &determinedTable, ddCell,
		"- | - | - | -",              // L2126 "≤ 1"
		"- | - | - | -",              // L2127
		"- | - | - | ● -1",           // L2128
		"- | - | ● -1 | ● EX",        // L2129
		"-1 | ● -1 | ● EX | ● EX",    // L2130
		"● EX | ● EX | ● AL* | ● AL", // L2131
		"● AL | ● AL | ● AL | ● AL",  // L2132 "7+"
	)
	// The modifiers move the row: 3 with +2 reads row 5.
	if got := determined(DDOther, 3, DeterminedMods{Quality: 2}); got != ddHoldLoss {
		t.Errorf("Other, 3+2: %v, want ● -1", got)
	}
}

// modsFor gives a roll and modifiers that add up to a modified roll.
func modsFor(modified int) (int, DeterminedMods) {
	switch {
	case modified < 1:
		return 1, DeterminedMods{Quality: modified - 1}
	case modified > 6:
		return 6, DeterminedMods{Quality: modified - 6}
	}
	return modified, DeterminedMods{}
}

// The legend (12.4.8, L906-912) read into fields.
func TestDetermined_Legend_12_4_8(t *testing.T) {
	tests := []struct {
		name string
		c    DeterminedColumn
		mod  int
		want DeterminedResult
	}{
		{"no effect: the stack retreats", DDOther, 2, DeterminedResult{}},
		{"-1 without ●: the Lead loses a step and the stack still retreats", DDClear, 5, DeterminedResult{LeadSteps: 1}},
		{"● -1", DDOther, 5, DeterminedResult{Success: true, LeadSteps: 1}},
		{"● EX: the Lead and a MAF unit", DDStrongpoint, 4, DeterminedResult{Success: true, LeadSteps: 1, MAFSteps: 1}},
		{"● AL: any attacking unit", DDStrongpoint, 6, DeterminedResult{Success: true, AttackerSteps: 1}},
		{"● AL*: the IP is destroyed", DDImproved, 6, DeterminedResult{Success: true, AttackerSteps: 1, Tags: TagIPDestroyed}},
	}
	for _, tt := range tests {
		roll, mods := modsFor(tt.mod)
		if got := determined(tt.c, roll, mods); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestDetermined_DRM_12_4_5(t *testing.T) {
	tests := []struct {
		name string
		m    DeterminedMods
		want int
	}{
		{"nothing", DeterminedMods{}, 0},
		{"quality +1", DeterminedMods{Quality: 1}, 1},
		{"quality -2, no better AC", DeterminedMods{Quality: -2}, -2},
		{"AC only", DeterminedMods{ArmorClass: true}, 1},
		{"quality -1 or AC: the better, AMBIG-60", DeterminedMods{Quality: -1, ArmorClass: true}, 1},
		{"quality +1 and AC do not add", DeterminedMods{Quality: 1, ArmorClass: true}, 1},
		{"quality +2 or AC: quality", DeterminedMods{Quality: 2, ArmorClass: true}, 2},
		{"quality -1 and support", DeterminedMods{Quality: -1, Support: true}, 0},
		{"AC and support", DeterminedMods{ArmorClass: true, Support: true}, 2},
		{"quality +2 and support: capped at +2", DeterminedMods{Quality: 2, Support: true}, 2},
	}
	for _, tt := range tests {
		if got := tt.m.DRM(); got != tt.want {
			t.Errorf("%s: DRM %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestDetermined_Column_12_4_4(t *testing.T) {
	tests := []struct {
		name       string
		terrain    Terrain
		ip, spLead bool
		want       DeterminedColumn
	}{
		{"clear", Clear, false, false, DDClear},
		{"flooded-river hex", Flooded, false, false, DDClear},
		{"forest", Forest, false, false, DDOther},
		{"bocage", Bocage, false, false, DDOther},
		{"mixed", Mixed, false, false, DDOther},
		{"town", Town, false, false, DDOther},
		{"city", City, false, false, DDStrongpoint},
		{"IP on clear", Clear, true, false, DDImproved},
		{"IP in bocage", Bocage, true, false, DDImproved},
		{"strongpoint Lead on clear", Clear, false, true, DDStrongpoint},
		{"strongpoint Lead with an IP, AMBIG-20", Bocage, true, true, DDStrongpoint},
		{"IP in a city", City, true, false, DDStrongpoint},
	}
	for _, tt := range tests {
		if got := determinedColumn(tt.terrain, tt.ip, tt.spLead); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// AMBIG-20 takes the strongpoint column when an IP is also present, because
// it holds wherever the IP column holds, at no greater cost to the defender
// and no smaller cost to the attacker. Check that claim on the table itself.
func TestDetermined_StrongpointColumnBeatsIP(t *testing.T) {
	for row, cells := range determinedTable.Rows {
		ip, sp := cells[DDImproved], cells[DDStrongpoint]
		switch {
		case ip.Success && !sp.Success:
			t.Errorf("row %d: IP holds, strongpoint does not", row)
		case ip.Success == sp.Success:
			if sp.LeadSteps > ip.LeadSteps || (sp.Tags.Has(TagIPDestroyed) && !ip.Tags.Has(TagIPDestroyed)) ||
				sp.MAFSteps+sp.AttackerSteps < ip.MAFSteps+ip.AttackerSteps {
				t.Errorf("row %d: strongpoint %v is worse for the defender than IP %v", row, sp, ip)
			}
		}
	}
}

// Examples of 12.4: E18 (Lead choice), P21 (Combat D), P25 (Combat H),
// P27 (Combat J).
func TestDetermined_Examples(t *testing.T) {
	t.Run("E18_12.4.6_L902_stackA", func(t *testing.T) {
		// Quality +1 Lead; the AC comparison is a 3:3 tie.
		if got := (DeterminedMods{Quality: 1}).DRM(); got != 1 {
			t.Errorf("DRM %d, want 1", got)
		}
	})
	t.Run("E18_12.4.6_L902_stackB", func(t *testing.T) {
		// A gray-AC Lead against a MAF with no AC.
		if got := (DeterminedMods{ArmorClass: true}).DRM(); got != 1 {
			t.Errorf("DRM %d, want 1", got)
		}
	})
	t.Run("P21_CombatD_12.4_L1816", func(t *testing.T) {
		// 88 Flak Lead, AC 4 against 3: +1; roll 4 on Other = 5: ● -1.
		got := determined(determinedColumn(Mixed, false, false), 4, DeterminedMods{ArmorClass: true})
		if got != (DeterminedResult{Success: true, LeadSteps: 1}) {
			t.Errorf("%v, want ● -1", got)
		}
	})
	t.Run("P25_CombatH_12.4_L1834", func(t *testing.T) {
		// 88 AT Lead with the better AC: +1; roll 5 on Other = 6: ● EX.
		got := determined(DDOther, 5, DeterminedMods{ArmorClass: true})
		if got != (DeterminedResult{Success: true, LeadSteps: 1, MAFSteps: 1}) {
			t.Errorf("%v, want ● EX", got)
		}
	})
	t.Run("P27_CombatJ_12.4_L1846", func(t *testing.T) {
		// Strongpoint Lead, roll 2 on the strongpoint column: no effect, so
		// the stack must retreat.
		got := determined(determinedColumn(Clear, false, true), 2, DeterminedMods{})
		if got.Success || ddCell(got) != "-" {
			t.Errorf("%v, want - (failure)", got)
		}
	})
}

func TestDetermined_BadRollPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("roll 7 did not panic")
		}
	}()
	determined(DDOther, 7, DeterminedMods{})
}
