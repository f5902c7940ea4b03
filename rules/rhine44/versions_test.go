package rhine44

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays rhine44/1 and replays none yet; any other version is
// refused, naming it. A clone keeps the rules of its game.
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "rhine44/1" || len(e.Replays) != 0 {
		t.Errorf("version %s, replays %v; want rhine44/1, replaying none", e.Version, e.Replays)
	}
	v1 := rulesVersion{name: "rhine44/1"}
	text := read(t, "three-player")
	for _, tc := range []struct {
		version string
		want    rulesVersion
	}{
		{"", v1},
		{"rhine44/1", v1},
	} {
		g, err := e.New(rules.Setup{Scenario: text, Version: tc.version})
		if err != nil {
			t.Fatalf("version %q: %v", tc.version, err)
		}
		if v := *g.(*Game).ver; v != tc.want {
			t.Errorf("version %q: rules %+v; want %+v", tc.version, v, tc.want)
		}
		if v := *g.Clone().(*Game).ver; v != tc.want {
			t.Errorf("version %q: a clone's rules %+v; want %+v", tc.version, v, tc.want)
		}
	}
	_, err := e.New(rules.Setup{Scenario: text, Version: "rhine44/2"})
	if !errors.Is(err, rules.ErrVersion) || !strings.Contains(err.Error(), "rhine44/1") {
		t.Errorf("rhine44/2: %v, want ErrVersion naming the version played", err)
	}
}

// A game restored from a snapshot goes on under the version of the game it
// is restored into, the one its setup names.
func TestVersions_Restore(t *testing.T) {
	g := startUnder(t, "rhine44/1", "three-player")
	if v := rulestest.Restored(t, g, g).(*Game).ver; v == nil || v.name != "rhine44/1" {
		t.Errorf("restored under %+v, want rhine44/1", v)
	}
}
