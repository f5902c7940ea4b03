package salerno43

import (
	"os"
	"path/filepath"
	"testing"
)

// readShipped assembles a shipped scenario with its map and chart, as pbem
// does (games.ReadScenario).
func readShipped(t testing.TB, name string) []byte {
	t.Helper()
	dir := filepath.Join("..", "..", "scenarios", "salerno43")
	data, err := os.ReadFile(filepath.Join(dir, name+".scn"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Assemble(data, func(f string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, f)) })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestShippedAvalanche(t *testing.T) {
	s, err := ParseScenario(readShipped(t, "avalanche"))
	if err != nil {
		t.Fatal(err)
	}
	if s.LastTurn != 8 || s.Win.VP != 8 || !s.Win.BHPenalty {
		t.Errorf("S1.1-S1.2: turns %d vp %d bh-penalty %v; want 8, 8, true", s.LastTurn, s.Win.VP, s.Win.BHPenalty)
	}
}
