package ardennes44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// 27.2 (digest §27.2): von der Heydte drops on turn 3 into a Clear or Light
// Woods hex with no enemy unit and in no enemy ZOC, then rolls its die.
// Legal lists exactly the hexes Apply takes: a hex next to the Allied 4/8/2
// (its ZOC) is refused and not listed, as are 0707 (Allied-held) and 0303
// (Forest); 0304, Light Woods, is listed and taken.
func TestAirdrop_VonDerHeydteDropsOnlyWhereTheBookAllows_27_2(t *testing.T) {
	f := fixture{terrain: map[string]Terrain{"0303": Forest, "0304": LightWoods},
		setup: []string{"4/8/2 0707"}, extra: "\n[reinforcements]\n3 vdh airdrop\n"}
	g := f.game(t, 3, PhaseMovement, German)
	g.enterForTest()
	if at(g, "vdh") != waitAirdrop {
		t.Fatalf("vdh at %q on turn 3, want it waiting for its drop (27.2)", at(g, "vdh"))
	}
	var listed []string
	for _, c := range g.Legal(rules.Seat(German)) {
		if len(c.Command) > 9 && c.Command[:9] == "drop vdh " {
			listed = append(listed, c.Command[9:])
		}
	}
	for _, h := range []string{nb("0707", 0), "0707", "0303"} {
		if slices.Contains(listed, h) {
			t.Errorf("Legal offers the drop into %s (27.2)", h)
		}
		_, err := g.Clone().Apply(rules.Seat(German), "drop vdh "+h)
		refused(t, err, "27.2")
	}
	if !slices.Contains(listed, "0304") || !slices.Contains(listed, "0101") {
		t.Errorf("Legal offers drops into %v, want 0304 (Light Woods) and 0101 among them (27.2)", listed)
	}
	apply(t, g, German, "drop vdh 0304")
	if at(g, "vdh") != "0304" || g.Pending().Dice == nil {
		t.Errorf("after the drop: vdh at %s, dice %v; want 0304 and its die awaited (27.2)", at(g, "vdh"), g.Pending().Dice)
	}
}
