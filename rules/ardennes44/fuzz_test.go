package ardennes44

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
	"github.com/pbem-referee/pbem/rules/scn"
)

// FuzzCanonical: whatever any of the engine's grammars accepts (the main
// commands, attacks, combat orders and decisions) prints back as the same
// text and parses again; every refusal is a syntax error (ErrCommand).
func FuzzCanonical(f *testing.F) {
	rulestest.FuzzRoundTrip(f, canonicalCommand, ErrCommand,
		"move 12/27 0606 0607", "move 1ss/1pg 0606 0607 sm", "place 12/27 0606", "go 4/8/2 se", "load 4/8/2",
		"blow 0606/0607", "traffic 0606", "roadblock 0606 0607", "withdraw 12/27 0606 0505", "fuel 2pz",
		"breakdown 99/394 two", "attack 0606 from 0706 0707 with 12/27 12/48 zero 12/89 art 6pza/art-iss air",
		"attack 0606 from 0706 with 150pz surprise breakthrough", "retreat 0506 0406 0305 0205",
		"advance 1ss/1pg 0606 0505 0405", "advance-done", "dd 707tk", "no-dd", "losses 12/27 12/48",
		"order def-art always", "if-blown press", "support art v/187 air", "def-art 28/art", "fire-fight 12/27",
		"aa 0606", "greif 0606/0607", "no-greif", "order greif never", "move 4/8/2 0301 sm exit",
		"move 4/8/2 0402 0401 tactical exit", "move 6pza/art-iss 0505 0404 0304 tactical mover", "end")
}

// FuzzChart: the chart reader never panics on any file, and every error
// it gives names its line (scn.LineError).
func FuzzChart(f *testing.F) {
	data, err := os.ReadFile(filepath.Join(scenarioDir, "standard"+ChartExt))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		err := readChartFile("standard"+ChartExt, data)
		if err != nil && len(scn.LineErrors(err)) == 0 {
			t.Fatalf("an error without its line: %v", err)
		}
	})
}

// FuzzParseScenario: the scenario parser never panics on a mutated
// assembled scenario; every error it gives names its line (scn.LineError),
// and a scenario it accepts has its head and its chart. The seed is the
// tiny game (a shipped scenario's 50 KB slow the mutator to a few inputs a
// minute), and a head with every field wrong.
func FuzzParseScenario(f *testing.F) {
	f.Add(readTiny(f))
	f.Add([]byte("game ardennes44\nscenario x\nedition 2\nturns 31\nfirst-turn 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseScenario(data)
		if err != nil {
			if len(scn.LineErrors(err)) == 0 {
				t.Fatalf("an error without its line: %v", err)
			}
			return
		}
		if s.Chart == nil || s.Name == "" || s.LastTurn < 1 {
			t.Fatalf("accepted without its head or chart: %+v", s.ScenarioHead)
		}
	})
}
