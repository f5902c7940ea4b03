package hexwar

import "testing"

// TestControlRules: towns keep their controller, clear hexes do not, unless
// named (N44 2.2.5); under the first edition's rule every hex does.
func TestControlRules(t *testing.T) {
	b := testMap{terrain: map[string]string{"0202": "town/clear", "0303": "woods"}}.board(t)
	keeps := KeepTerrains(b, []Terrain{"town"}, []string{"0404", "9999"})
	for id, want := range map[string]bool{"0202": true, "0404": true, "0303": false, "0101": false} {
		if got := keeps(mustCell(t, b, id)); got != want {
			t.Errorf("%s keeps control: %v, want %v", id, got, want)
		}
	}
	if keeps(-1) || !AllHexes(mustCell(t, b, "0303")) {
		t.Error("a hex off the map keeps control, or the first edition's rule leaves one out")
	}
	if Controller(Allied, German) != Allied || Controller("", German) != German || Controller("", "") != "" {
		t.Error("the occupant controls a hex, else the side recorded")
	}
}
