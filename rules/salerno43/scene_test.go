package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// The scene of a new game passes the renderer's checks (rules/scene).
func TestSceneChecks(t *testing.T) {
	g, err := New(readShipped(t, "avalanche"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := scene.CheckGame(g); err != nil {
		t.Fatal(err)
	}
	s := g.(*Game).Scene(rules.Seat(Allied))
	if len(s.Pieces) == 0 || s.Hex == nil {
		t.Fatal("no pieces or no board")
	}
}
