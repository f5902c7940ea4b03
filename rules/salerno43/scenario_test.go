package salerno43

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The map holds every place the rulebook names (digest 1.2, 1.4).
func TestAvalancheMapNamesTheBooksPlaces(t *testing.T) {
	s := avalanche(t)
	name := map[string]string{}
	for _, h := range s.Hexes {
		name[h.ID] = h.Name
	}
	for id, want := range map[string]string{"2202": "Torre Annunziata", "2811": "Montecorvino"} {
		if name[id] != want {
			t.Errorf("%s is %q, want %q (19.2, 22.2.3)", id, name[id], want)
		}
	}
	if !slices.Contains(s.Airfields, "2811") {
		t.Error("22.2.3: Montecorvino 2811 is an airfield")
	}
	if _, ok := name["3113"]; !ok {
		t.Error("L1700: hex 3113 is on the map")
	}
	for _, p := range s.Ports {
		if (p.Hex == "1804" || p.Hex == "2202") != p.Unusable {
			t.Errorf("18.2.2: port %s unusable=%v; only Sorrento and Torre Annunziata are", p.Hex, p.Unusable)
		}
		if name[p.Hex] == "Amalfi" && p.LP != 1 {
			t.Errorf("25.3: Amalfi's LP is 1, not %d", p.LP)
		}
	}
	var eighth []string
	for _, z := range s.Zones {
		if z.Name == ZoneEighthArmy {
			eighth = append(eighth, z.Hexes...)
		}
	}
	vp := 0
	for _, v := range s.VP {
		if slices.Contains(eighth, v.Hex) {
			vp++
		}
	}
	if vp != 3 {
		t.Errorf("S2.3.7: the 8th Army sector holds %d VP hexes, want 3", vp)
	}
}

func parseWith(t *testing.T, from, to string) error {
	t.Helper()
	data := string(readShipped(t, "avalanche"))
	if !strings.Contains(data, from) {
		t.Fatalf("%q not in the scenario", from)
	}
	_, err := ParseScenario([]byte(strings.Replace(data, from, to, 1)))
	return err
}

func TestScenarioErrors(t *testing.T) {
	for _, c := range []struct {
		from, to string
		class    error
		want     string
	}{
		{"1-64/16 2912\n2-64/16 2814\n1-79/16 2717\n2-79/16 2618\n2pz/16 3012\nstug/16 3112\nkgd/16 2705\n",
			"1-64/16 2202\n2-64/16 2202\n1-79/16 2202\n2-79/16 2202\n2pz/16 2202\nstug/16 2202\nkgd/16 2202\n", ErrStacking, "holds 7 stacking points"},
		{"141/36 assault:blue\n", "141/36 assault:omaha\n", ErrUnknown, "24.2"},
		{"hq/36 allied us 36 hq 0-(1)-6 sp=0 range=3 level=division", "hq/36 allied us 36 hq 0-(1)-6 sp=0", ErrInvalid, "17.1"},
		{"bh-red allied us - beachhead 0-0-0 sp=0", "bh-red allied us - beachhead 0-0-0 sp=1", ErrInvalid, "18.1.1"},
		{"gar-salerno german heer - garrison 0-*-0", "gar-salerno german heer - infantry 0-*-0", ErrInvalid, "19.3"},
		{"1 recon/hg entry:N1", "1 recon/hg floating-reserve", ErrInvalid, "21.1.1"},
		{"6 2-509 airdrop:5th-army", "6 hq/45 airdrop:5th-army", ErrDuplicate, "already"},
		{"141/36 allied us 36", "141/36 allied heer 36", ErrInvalid, "2.3.4"},
		{"replacements 7 allied armor=1 infantry=1", "replacements 7 allied armor=9 infantry=9", ErrInvalid, "18"},
		{"beach 2712 roger cw", "beach 2712 blue cw", ErrMissing, "roger"},
		{"areas N2 E5", "areas E1 E5", ErrMissing, "21.5"},
	} {
		err := parseWith(t, c.from, c.to)
		if err == nil || !errors.Is(err, c.class) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %v citing %s", c.to, err, c.class, c.want)
		}
	}
}

// S2.3.3: the boundary runs between 2425 and 2426 and between 4100 and 4201.
func TestArmyBoundary_S2_3_3(t *testing.T) {
	err := parseWith(t, "8th-army 2426", "8th-army 2425-2426")
	if err == nil || !strings.Contains(err.Error(), "S2.3.3") {
		t.Errorf("got %v, want the boundary refused (S2.3.3)", err)
	}
}

// EX-01 (4.3, L242-244): a stack of 6 points with one free tank is legal; a
// second tank adds 1 and breaks the limit.
func TestStackingFreeTank_EX01_4_3(t *testing.T) {
	s := avalanche(t)
	reg, bn, tank, td := s.unit("141/36"), s.unit("1-141/36"), s.unit("751tk"), s.unit("601td")
	stack := []*Unit{reg, bn, bn, bn, tank}
	if got := stackingPoints(stack); got != 6 {
		t.Errorf("4.3: 3+1+1+1 and a free tank = %d, want 6", got)
	}
	if got := stackingPoints(append(stack, td)); got != 7 || got <= StackingLimit {
		t.Errorf("4.3: a second tank counts 1: %d, want 7 over the limit", got)
	}
}

func TestUnitFaces_2_3_2(t *testing.T) {
	s := avalanche(t)
	if u := s.unit("141/36"); u.Steps() != 3 || u.Faces[0] != (Face{Attack: 5, Defense: 6, MA: 3, Quality: Normal}) {
		t.Errorf("2.3.5: 141/36 = %+v, %d steps; want 5-6-3 and a REM third step", u.Faces[0], u.Steps())
	}
	if u := s.unit("hq/36"); !u.ASU() || !u.Faces[0].Bracketed || u.Stacking != 0 {
		t.Errorf("17.2, 17.7: hq/36 = %+v", u)
	}
	if u := s.unit("gar-salerno"); !u.Faces[0].Variable || u.Faces[0].Quality != Low || u.Faces[0].MA != 0 {
		t.Errorf("19.3, L1638: gar-salerno = %+v", u.Faces[0])
	}
	if u := s.unit("201g/56"); u.Faces[0].Quality != Elite || u.Faces[1].Quality != Normal {
		t.Errorf("2.3.2: tq per face: %+v", u.Faces)
	}
}
