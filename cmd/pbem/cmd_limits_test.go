package main

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/replay"
)

// pbem note refuses a note longer than the log format allows (docs/log.md,
// Limits), naming the entry, the size and the limit, and stores nothing;
// a note at the limit is taken.
func TestNoteLimit(t *testing.T) {
	home, _ := soloGame(t, "notes", "freeplay/allied-german", "allied")
	out, err := pbemIn(t, home, "", "note", "notes", strings.Repeat("x", replay.MaxNote+1))
	if err == nil {
		t.Fatalf("a note of %d bytes was taken:\n%s", replay.MaxNote+1, out)
	}
	wantIn(t, "the refusal", err.Error(), "entry 1:", "16385 bytes", "at most 16384")
	pbemOK(t, home, "", "note", "notes", strings.Repeat("x", replay.MaxNote))
	wantIn(t, "the status", pbemOK(t, home, "", "status", "notes"), "2 entries")
}
