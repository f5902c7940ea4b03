package rhine44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The engine plays rhine44/2 and replays rhine44/1; any other version is
// refused, naming them both. A clone keeps the rules of its game.
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "rhine44/2" || !slices.Equal(e.Replays, []string{"rhine44/1"}) {
		t.Errorf("version %s, replays %v; want rhine44/2, replaying rhine44/1", e.Version, e.Replays)
	}
	v2 := rulesVersion{name: "rhine44/2", mainBaseHeld: true}
	text := read(t, "three-player")
	for _, tc := range []struct {
		version string
		want    rulesVersion
	}{
		{"", v2},
		{"rhine44/2", v2},
		{"rhine44/1", rulesVersion{name: "rhine44/1"}},
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
	_, err := e.New(rules.Setup{Scenario: text, Version: "rhine44/3"})
	if !errors.Is(err, rules.ErrVersion) || !strings.Contains(err.Error(), "rhine44/2") || !strings.Contains(err.Error(), "rhine44/1") {
		t.Errorf("rhine44/3: %v, want ErrVersion naming the versions played", err)
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
