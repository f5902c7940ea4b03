package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// A US Combat Command counts as both infantry and armour for 21.1's
// defender shift only (L1196: "Dla tej zasady"). For replacements it is
// armour: a lone replacement goes to infantry only, and of two, one to
// infantry and the other to armour, recon or FLAK (25.2.1, L1464). So from
// ardennes44/4 a single replacement does not restore a CC, and a CC given
// the second replacement uses up the armour, recon and FLAK one; under
// ardennes44/3 a lone replacement restored it, as infantry.
func TestReplacements_CombatCommandIsArmour_25_2_1(t *testing.T) {
	for _, tc := range []struct {
		version string
		lone    bool // a lone replacement restores the CC
	}{{"", false}, {"ardennes44/3", true}} {
		f := fixture{setup: []string{"7arm/cca 0303", "12/27 1010"}, extra: "\n[replacements]\n2 german=1 allied=1\n", version: tc.version}
		g := f.game(t, 2, PhaseNightRepl, Allied)
		st(g, "7arm/cca").Face = 1
		g.enterForTest()
		if g.s.Repl != 1 {
			t.Fatalf("%q: Allied replacements %d, want the 1 of the fixture's turn card", tc.version, g.s.Repl)
		}
		_, err := g.Apply(rules.Seat(Allied), "replace 7arm/cca")
		if tc.lone {
			if err != nil || st(g, "7arm/cca").Face != 0 {
				t.Errorf("%q: a lone replacement for 7arm/cca: %v, face %d; want it restored as before", tc.version, err, st(g, "7arm/cca").Face)
			}
			continue
		}
		refused(t, err, "25.2.5")
		if len(offered(g, "replace 7arm/cca")) != 0 {
			t.Errorf("%q: 'replace 7arm/cca' offered with a lone replacement (25.2.1)", tc.version)
		}
	}

	// Two replacements: the CC takes the armour one, and the recon unit
	// then finds none left for it.
	f := fixture{setup: []string{"7arm/cca 0303", "14cav/18 0305", "12/27 1010"}, extra: "\n[replacements]\n2 german=1 allied=2\n"}
	g := f.game(t, 2, PhaseNightRepl, Allied)
	st(g, "7arm/cca").Face, st(g, "14cav/18").Face = 1, 1
	g.enterForTest()
	apply(t, g, Allied, "replace 7arm/cca")
	if !g.s.ReplOther {
		t.Error("7arm/cca took a replacement as infantry; a CC is armour for 25.2.1")
	}
	_, err := g.Apply(rules.Seat(Allied), "replace 14cav/18")
	refused(t, err, "25.2.5")
}

// 15.8.2 (L815): "Każda ... jedn. Piechoty" builds Improved Positions; a
// Combat Command is infantry for 21.1 alone (L1196), so from ardennes44/4
// it builds none. Under ardennes44/3 it did.
func TestImprovedPositions_CombatCommandBuildsNone_15_8_2(t *testing.T) {
	for _, tc := range []struct {
		version string
		builds  bool
	}{{"", false}, {"ardennes44/3", true}} {
		f := fixture{setup: []string{"7arm/cca 0303", "12/27 1010"}, version: tc.version}
		g := f.game(t, 3, PhaseMovement, Allied)
		g.enterForTest()
		if got := len(offered(g, "entrench 7arm/cca")) > 0; got != tc.builds {
			t.Errorf("%q: 'entrench 7arm/cca' offered %v, want %v (15.8.2)", tc.version, got, tc.builds)
		}
		_, err := g.Apply(rules.Seat(Allied), "entrench 7arm/cca")
		if tc.builds {
			if err != nil {
				t.Errorf("%q: %v; want the CC to build as before", tc.version, err)
			}
			continue
		}
		refused(t, err, "15.8.2")
	}
}
