package normandy44

import (
	"strings"
	"testing"
)

// Units shows each counter of the Cherbourg scenario as S3.2 prints it:
// 1049(-)/77 4-3 with two steps (4-3, 2-3), arriving on turn 6 at 2506
// (S3.2.6, "11 June"); a set-up unit on its hex, in supply; an eliminated
// one as eliminated (2.3.5), with its markers.
func TestUnits_S3_2(t *testing.T) {
	g := cherbourg(t)
	units := g.Units("allied")
	if len(units) != len(g.sc.Units) {
		t.Fatalf("%d units listed, the scenario has %d", len(units), len(g.sc.Units))
	}
	byID := map[string]int{}
	for i, u := range units {
		if u.ID != g.sc.Units[i].ID {
			t.Fatalf("unit %d is %s, the scenario's is %s: not in scenario order", i, u.ID, g.sc.Units[i].ID)
		}
		byID[u.ID] = i
	}
	u := units[byID["1049(-)/77"]]
	values := map[string]string{}
	for _, v := range u.Values {
		values[v.Name] = v.Text
	}
	if u.Side != "german" || u.OnMap || u.Status != "arrives on turn 6 at 2506 (6.5, 6.6)" ||
		values["strength"] != "4" || values["MA"] != "3" || values["steps"] != "4-3, 2-3" || u.Step != 1 || u.Steps != 2 {
		t.Errorf("1049(-)/77: %+v", u)
	}
	if !strings.Contains(u.Kind, "infantry III(-)") || !strings.Contains(u.Kind, "77") {
		t.Errorf("1049(-)/77 kind %q", u.Kind)
	}
	wn := units[byID["WN5"]]
	if !wn.OnMap || wn.Where != "2814" || wn.Status != "on the map" || wn.Supply != "in supply" {
		t.Errorf("WN5, set up on 2814 (S3.1): %+v", wn)
	}
	i := g.index["WN5"]
	g.s.Units[i].Gone, g.s.Units[i].Disrupted = true, true
	wn = g.Units("german")[byID["WN5"]]
	if !wn.Eliminated || wn.OnMap || wn.Where != "" || wn.Status != "eliminated" || wn.Supply != "" {
		t.Errorf("WN5 eliminated: %+v", wn)
	}
	if len(wn.Markers) != 1 || wn.Markers[0] != "Disrupted (13.6)" {
		t.Errorf("WN5's markers: %v", wn.Markers)
	}
}
