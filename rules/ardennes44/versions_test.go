package ardennes44

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The engine plays ardennes44/2 and replays ardennes44/1; any other
// version is refused, naming both.
func TestVersions(t *testing.T) {
	e := Engine()
	if e.Version != "ardennes44/2" || !slices.Equal(e.Replays, []string{"ardennes44/1"}) {
		t.Errorf("version %s, replays %v; want ardennes44/2, replaying ardennes44/1", e.Version, e.Replays)
	}
	text := readScenario(t, "six-turn")
	for _, v := range []string{"", "ardennes44/2", "ardennes44/1"} {
		g, err := e.New(rules.Setup{Scenario: text, Version: v})
		if err != nil {
			t.Fatalf("version %q: %v", v, err)
		}
		if want := v != "ardennes44/1"; g.(*Game).ver.excessSteps != want {
			t.Errorf("version %q: 17.4's excess steps %v, want %v", v, !want, want)
		}
	}
	_, err := e.New(rules.Setup{Scenario: text, Version: "ardennes44/3"})
	if !errors.Is(err, rules.ErrVersion) || !strings.Contains(err.Error(), "ardennes44/2") || !strings.Contains(err.Error(), "ardennes44/1") {
		t.Errorf("ardennes44/3: %v, want ErrVersion naming the versions played", err)
	}
}

// A game restored from a snapshot goes on under the version of the game it
// is restored into, the one its setup names.
func TestVersions_Restore(t *testing.T) {
	g, err := Engine().New(rules.Setup{Scenario: readScenario(t, "six-turn"), Version: "ardennes44/1"})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := g.(*Game).Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.(*Game).Restore(snap)
	if err != nil {
		t.Fatal(err)
	}
	if v := r.(*Game).ver; v == nil || v.name != "ardennes44/1" {
		t.Errorf("restored under %+v, want ardennes44/1", v)
	}
}
