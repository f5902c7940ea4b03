package rulestest

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// GoldenSuite is an engine's golden games as its tests replay and record
// them, one file each, GAME.txt, in the engine's testdata/golden. The
// engine's test opens that directory and writes to it (rules/** does no
// I/O): the suite reads through the fs.FS it is given and writes through
// a function.
type GoldenSuite struct {
	Engine rules.Engine
	Games  []Golden
	// Dir is the games' directory as the engine's test names it
	// ("testdata/golden"), for messages.
	Dir string
	// Scenario is the assembled text of the shipped scenario named.
	Scenario func(t testing.TB, name string) []byte
	// Skip, if set, says why a game is not replayed in this run, "" to
	// replay it (a long game under -short).
	Skip func(Golden) string
}

// ReplayAll replays every game read from dir, a subtest each, and fails at
// the first state hash that differs from the recorded one (an engine's
// TestGoldenHashes).
func (s GoldenSuite) ReplayAll(t *testing.T, dir fs.FS) {
	for _, gg := range s.Games {
		t.Run(gg.File, func(t *testing.T) {
			if s.Skip != nil {
				if why := s.Skip(gg); why != "" {
					t.Skip(why)
				}
			}
			name := gg.File + ".txt"
			f, err := dir.Open(name)
			if err != nil {
				t.Fatalf("%s/%s: %v (record it with PBEM_GOLDEN_RECORD=1 go test -run TestGoldenRecord)", s.Dir, name, err)
			}
			defer f.Close()
			ReplayGolden(t, s.Engine, s.Scenario(t, gg.Scenario), s.Dir+"/"+name, f)
		})
	}
}

// RecordMissing records, with the random players, the games dir does not
// hold, and hands each file's name and text to write; it never records a
// game again (an engine's TestGoldenRecord, which runs only when asked).
func (s GoldenSuite) RecordMissing(t *testing.T, dir fs.FS, write func(name string, text []byte) error) {
	for _, gg := range s.Games {
		name := gg.File + ".txt"
		switch _, err := fs.Stat(dir, name); {
		case err == nil:
			t.Logf("%s/%s exists; not recorded again", s.Dir, name)
			continue
		case !errors.Is(err, fs.ErrNotExist):
			t.Fatal(err)
		}
		if err := write(name, RecordGolden(t, s.Engine, s.Scenario(t, gg.Scenario), gg)); err != nil {
			t.Fatal(err)
		}
	}
}
