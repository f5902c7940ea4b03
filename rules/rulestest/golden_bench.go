package rulestest

import (
	"io/fs"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// BenchReplay replays the suite's golden game named file (its File) as
// verifying its log replays it: "hashed", each input applied and the state
// hashed after it and checked against the recorded hash; "unhashed", the
// same inputs without the hash, so that the two figures show what the hash
// costs (issue 18: it was a sixth of verifying Normandy's campaign before
// rules.StateHasher). Each reports the time an input takes. An engine's
// BenchmarkReplayGolden runs it on its longest games.
func (s GoldenSuite) BenchReplay(b *testing.B, dir fs.FS, file string) {
	var gg *Golden
	for k := range s.Games {
		if s.Games[k].File == file {
			gg = &s.Games[k]
		}
	}
	if gg == nil {
		b.Fatalf("%s: no golden game %q in the suite", s.Dir, file)
	}
	path := s.Dir + "/" + file + ".txt"
	f, err := dir.Open(file + ".txt")
	if err != nil {
		b.Fatalf("%s: %v", path, err)
	}
	inputs, err := readGolden(path, f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	base := rules.Setup{Scenario: s.Scenario(b, gg.Scenario)}
	for _, hashed := range []bool{true, false} {
		name := "hashed"
		if !hashed {
			name = "unhashed"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := replayInputs(s.Engine, base, inputs, hashed, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(inputs)), "inputs")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(inputs)), "µs/input")
		})
	}
}
