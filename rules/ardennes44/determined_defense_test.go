package ardennes44

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// ddAfterFireFightD1 is a game under version where 4/8/2 and the silhouette
// 707tk in a city (+4) take an FF (15 : 5 + 4 = 1-1, whose 4 is FF), the
// Fire Fight's D1 takes 4/8/2, and 707tk leads a Determined Defense that
// rolls a 4: it returns the outcome.
func ddAfterFireFightD1(t *testing.T, version string) *combat.DDOutcome {
	t.Helper()
	f := fixture{version: version, terrain: map[string]Terrain{target: City},
		setup: []string{"4/8/2 " + target, "707tk " + target, "12/27 " + around(0), "12/48 " + around(1), "12/89 " + around(2)}}
	g := f.game(t, 3, PhaseCombat, German)
	attackFrom(t, g, "12/27", "12/48", "12/89")
	roll(t, g, 4)
	if g.combat().Result.Code != "FF" {
		t.Fatalf("result %s at %s, want FF", g.combat().Result.Code, g.combat().Odds)
	}
	decide(t, g, "fire-fight 12/27")
	roll(t, g, 1)
	if g.combat().Result.Code != "D1" {
		t.Fatalf("Fire Fight %s, want D1", g.combat().Result.Code)
	}
	decide(t, g, "losses 4/8/2")
	decide(t, g, "dd 707tk")
	roll(t, g, 4)
	o := g.combat().DDOut
	if o == nil {
		t.Fatal("no Determined Defense rolled")
	}
	return o
}

// 16.7.2 (L956): the Determined Defense subtracts the DCB with every limit
// of 15.1 on, after the D1 and A1/D1 losses (16.7.1, L938). The Fire
// Fight's D1 leaves the silhouette 707tk alone in the city, whose DCB is at
// most 1 (15.1, L747): the DRM is -1 and the 4 is a 3, No.
func TestDeterminedDefense_DCBOfTheDefendersLeft_16_7_2(t *testing.T) {
	o := ddAfterFireFightD1(t, "")
	if o.DRM != -1 || o.Result.Success {
		t.Errorf("DD DRM %d (%s), result %q: 707tk alone, DCB at most 1 (15.1), wants -1 and No (16.7.2)", o.DRM, o.Heading, ddCell(o.Result))
	}
}

// ardennes44/3 subtracted the DCB computed at declaration, the city's 4.
func TestDeterminedDefense_V3DCBAtDeclaration(t *testing.T) {
	if o := ddAfterFireFightD1(t, "ardennes44/3"); o.DRM != -4 {
		t.Errorf("DD DRM %d (%s) under ardennes44/3, want -4, the DCB at declaration", o.DRM, o.Heading)
	}
}
