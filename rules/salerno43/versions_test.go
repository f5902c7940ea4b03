package salerno43

import (
	"errors"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// A game plays under the version named, /1 by default; an unknown one is
// refused with rules.ErrVersion; a clone and a restored snapshot keep it.
func TestRulesVersions(t *testing.T) {
	g := emptyGame(t, 3, PhaseMovement, German)
	if g.v.name != "" || g.v.asuMoveDG || g.v.swampCounts2 {
		t.Errorf("a new game plays as salerno43/1: %+v", g.v)
	}
	if err := g.setVersion("salerno43/9"); !errors.Is(err, rules.ErrVersion) {
		t.Errorf("salerno43/9: %v", err)
	}
	if err := g.setVersion(NextVersion); err != nil || !g.v.asuMoveDG || !g.v.swampCounts2 {
		t.Fatalf("%s: %+v (%v)", NextVersion, g.v, err)
	}
	if c := g.Clone().(*Game); c.v != g.v {
		t.Errorf("a clone plays under %q", c.v.name)
	}
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Restore(snap)
	if err != nil {
		t.Fatal(err)
	}
	if r.(*Game).v != g.v {
		t.Errorf("a restored game plays under %q", r.(*Game).v.name)
	}
}
