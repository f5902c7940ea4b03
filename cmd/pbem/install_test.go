package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A log saved with CR LF line ends (on Windows, or by a mail client that
// re-encodes text) imports and verifies like the LF original: import used to
// refuse what sync accepted.
func TestCRLFLogImportsAndVerifies(t *testing.T) {
	dir, anna, jan := annaAndJan(t)
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied",
		"--opponent-key", filepath.Join(dir, "jan.pub"))
	id := strings.Fields(out)[1]
	id = strings.TrimSuffix(id, ":")
	crlf := strings.ReplaceAll(pbemOK(t, anna, "", "export", id, "-o", "-"), "\n", "\r\n")
	path := filepath.Join(dir, "invite.pbem")
	if err := os.WriteFile(path, []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	wantIn(t, "import of a CR LF log", pbemOK(t, jan, "", "import", path), "game "+id+": 1 new entries")
	wantIn(t, "verify of a CR LF log", pbemOK(t, jan, "", "verify", path), path+": ok: game "+id)
}

// 'pbem --version' says what 'pbem version' says: pbem's version and the
// rules versions it plays.
func TestVersionFlag(t *testing.T) {
	home := t.TempDir()
	flag, cmd := pbemOK(t, home, "", "--version"), pbemOK(t, home, "", "version")
	if flag != cmd || !strings.HasPrefix(flag, "pbem ") || !strings.Contains(flag, "rules normandy44/") {
		t.Errorf("pbem --version:\n%s\npbem version:\n%s", flag, cmd)
	}
}
