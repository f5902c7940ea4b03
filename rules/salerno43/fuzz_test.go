package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// FuzzChartFile: the chart reader never panics, and whatever it accepts it
// accepts again (outside input: a player's transcription of the cards).
func FuzzChartFile(f *testing.F) {
	f.Add(shippedChart(f))
	f.Add([]byte("game salerno43\nchart standard\n[dd]\ncolumns city clear other\n-1 -/1|-/-P -/- 1*/1H\n"))
	f.Add([]byte("game salerno43\nchart standard\n[weather]\nbox A clear air=us,cw naval=- sp-german=1 sp-allied=1\nroll 1 move=2 star\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if readChartFile("standard.chart", data) == nil {
			if err := readChartFile("standard.chart", data); err != nil {
				t.Fatalf("accepted once, refused again: %v", err)
			}
		}
	})
}

// FuzzParseScenario: the scenario parser never panics on a mutated
// assembled scenario, and a scenario it accepts has its chart.
func FuzzParseScenario(f *testing.F) {
	f.Add(readShipped(f, "avalanche"))
	f.Add(readShipped(f, "campaign"))
	f.Add([]byte("game salerno43\nscenario x\n[units]\na allied us - hq 0-(1)-6 sp=0 range=3 level=corps\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseScenario(data)
		if err == nil && s.Chart == nil {
			t.Fatal("a scenario without its chart was accepted")
		}
	})
}

// FuzzCommand: every command the grammar accepts prints back as itself
// (DESIGN.md, The log), and every refusal wraps ErrCommand.
func FuzzCommand(f *testing.F) {
	rulestest.FuzzRoundTrip(f, canonicalCommand, ErrCommand,
		"end", "move 141/36 2616 2617 2618", "move 2pz/16 3012 3013 ext", "move 1rgr 2406 2306 tm",
		"land 143/36 2616 2617", "place pz/hg N2", "drop 504/82 2714", "ready hq/36", "lose bh-red", "inland 1rgr 2406",
		"attack 2617 with 2pz/16 stug/16 maf 16pz addon kgd/16 air art hq/16", "attack 2608 with 2cdo maf commandos naval",
		"def-air", "no-def-air", "order def-air always", "dd 1-141/36 support", "dd 1-141/36 support us-naval", "no-dd", "advance-done",
		"losses 141/36", "order dd never", "autods 2617 with 2pz/16 stug/16 maf 16pz", "autods-advance 2pz/16 2617 2616",
		"enter 141/36 N1", "shatter 1-141/36", "replace 141/36 floating-reserve", "move 1-1fj 3013 3012 ext truck", "move 2pz/16 3012 3013 N1", "move 1rgr 2406 E5 tm",
		"attack 2608 with 2cdo 41cdo maf commandos breakthrough", "eliminate 1-64/16", "dd-result hold", "order dd-result partial",
		"withdraw kgd/16", "keep 13/5", "abandon", "advance-after kgd/16 2617 2618",
		"over-limit 141/36 1-143/36")
}
