package replay

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
)

func readRecorded(t testing.TB, file string) []*logs.Entry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(recordedDir, file))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := logs.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// TestWalk_RecordedLogs: walking a recorded log gives one frame per entry
// with the state hash the entry records, every draw attributed to a seat of
// the game with a purpose, and the path of every move command.
func TestWalk_RecordedLogs(t *testing.T) {
	files := []string{"normandy44-4-cherbourg-strict.pbem", "normandy44-4-seven-turn-solo.pbem", "freeplay-allied-german-strict.pbem"}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			entries := readRecorded(t, file)
			frames, rolls, moves := 0, 0, 0
			err := Walk(entries, games.Shipped, func(f Frame) error {
				e := entries[frames]
				frames++
				if f.Entry != e || f.Game.Hash() != e.State {
					t.Fatalf("frame %d: entry %d, hash %s; the log records %s", frames-1, f.Entry.Seq, f.Game.Hash(), e.State)
				}
				if len(f.Rolls) != len(e.Draws) {
					t.Fatalf("entry %d: %d rolls for %d draws", e.Seq, len(f.Rolls), len(e.Draws))
				}
				for k, r := range f.Rolls {
					d := e.Draws[k]
					if r.For != d.For || !slices.Equal(r.Values, d.Values) || r.Seq != e.Seq {
						t.Errorf("entry %d: roll %+v for draw %+v", e.Seq, r, d)
					}
					if !slices.Contains(f.Game.Seats(), r.Seat) || r.Purpose == "" || r.Purpose == "other" {
						t.Errorf("entry %d: roll by %q for %q", e.Seq, r.Seat, r.Purpose)
					}
					rolls++
				}
				var wantMoves []string
				for _, c := range e.Commands {
					if strings.HasPrefix(c, "move ") {
						wantMoves = append(wantMoves, c)
					}
				}
				for _, c := range wantMoves {
					words := strings.Fields(c)
					found := false
					for _, m := range f.Moves {
						found = found || (m.Pieces[0] == words[1] && slices.Equal(m.Path, words[2:2+len(m.Path)]))
					}
					if !found {
						t.Errorf("entry %d: %q not among the moves %+v", e.Seq, c, f.Moves)
					}
					moves++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if frames != len(entries) || rolls == 0 {
				t.Fatalf("%d frames of %d entries, %d rolls", frames, len(entries), rolls)
			}
			if strings.HasPrefix(file, "normandy44") && moves == 0 {
				t.Error("no move in a whole game")
			}
		})
	}
}

// TestWalk_StopsAtABadEntry: the walk gives the entries that verify and
// returns the error of the first that does not.
func TestWalk_StopsAtABadEntry(t *testing.T) {
	entries := readRecorded(t, "freeplay-allied-german-strict.pbem")
	bad := *entries[5]
	bad.State = "sha256:" + strings.Repeat("0", 64)
	entries[5] = &bad
	frames := 0
	err := Walk(entries, games.Shipped, func(Frame) error { frames++; return nil })
	var ee *EntryError
	if !errors.As(err, &ee) || ee.Seq != 5 || frames != 5 {
		t.Fatalf("Walk = %v after %d frames; want entry 5's error after 5", err, frames)
	}
}
