package salerno43

import (
	"math/rand/v2"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// A game restored from a snapshot hashes as the original and plays on as
// it would; a snapshot of another state is refused.
func TestSnapshotRestore(t *testing.T) {
	g, err := New(readShipped(t, "avalanche"), nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh := g.Clone()
	rulestest.Play(t, g, RandomCommand, rand.New(rand.NewPCG(5, 43)), 60, nil)
	r := rulestest.Restored(t, fresh, g)
	if r.Hash() != g.Hash() {
		t.Fatal("the restored game hashes otherwise")
	}
	rnd1, rnd2 := rand.New(rand.NewPCG(6, 43)), rand.New(rand.NewPCG(6, 43))
	a := rulestest.Play(t, g, RandomCommand, rnd1, 40, nil)
	b := rulestest.Play(t, r, RandomCommand, rnd2, 40, nil)
	if len(a) != len(b) || g.Hash() != r.Hash() {
		t.Fatal("the restored game plays on otherwise")
	}
	for _, bad := range []string{`{"scenario":"campaign"}`, `{"units":[]}`, `not json`, `{"turn":1,"bogus":2}`} {
		if _, err := fresh.(*Game).Restore([]byte(bad)); err == nil {
			t.Errorf("Restore(%s) is accepted", bad)
		}
	}
	var _ rules.Snapshotter = g.(*Game)
}
