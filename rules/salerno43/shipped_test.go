package salerno43

import (
	"bytes"
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

// campaignAllTurns is the shipped Campaign without its automatic victory
// (23.2): the random players rarely keep the Allies within 5 VP of the
// benchmark, and without it they play all 23 turns, the 8th Army's arrival
// (turn 11) and what follows among them.
func campaignAllTurns(t testing.TB) []byte {
	t.Helper()
	return bytes.Replace(readShipped(t, "campaign"), []byte("\nautomatic\n"), []byte("\n"), 1)
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
