package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Casual games that release a238ee3 recorded under protocol v1: the second
// is of three seats.
const (
	v1CasualLog   = "../../replay/testdata/recorded/normandy44-4-cherbourg-casual-v1-german-invites.pbem"
	v1ThreeSeats  = "../../replay/testdata/recorded/normandy44-4-cherbourg-3p-casual-v1.pbem"
	v1Warning     = "warning: this game's casual dice were made under protocol v1 (an older pbem), under which a player could choose his own rolls by trying chain heads"
	v1WarningDraw = "entry 2 drew dice as only v1 allows: allied drew with the dice chain it committed at entry 1, keyed by entry 0"
)

// Every command that verifies a log says, of a game with casual dice of
// protocol v1, what its dice do not prove; of other games, nothing.
func TestV1CasualWarnedByVerifiers(t *testing.T) {
	out, _, err := runPbem(t, "verify", v1CasualLog)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "verify", out, ": ok: ", v1Warning, v1WarningDraw)
	out, _, err = runPbem(t, "verify", v1ThreeSeats)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "verify of three seats", out, v1Warning+", and with 3 seats a partner could choose them")
	if out, _, err = runPbem(t, "verify", cherbourgLog); err != nil || strings.Contains(out, "warning") {
		t.Fatalf("a strict game warns: %v\n%s", err, out)
	}

	out, _, err = runPbem(t, "log", v1CasualLog)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "log", out, v1Warning, v1WarningDraw)
	out, _, err = runPbem(t, "log", "--json", v1CasualLog)
	if err != nil {
		t.Fatal(err)
	}
	var j jsonLog
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Protocol != 1 || !strings.Contains(j.ProtocolWarning, v1WarningDraw) {
		t.Fatalf("log --json: protocol %d, warning %q", j.Protocol, j.ProtocolWarning)
	}

	out, _, err = runPbem(t, "dice", v1CasualLog)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "dice", out, "each could foresee its own rolls, and this game's casual dice were made under protocol v1")
	if strings.Contains(out, "could fake or re-roll") {
		t.Errorf("dice says no one could re-roll:\n%s", out)
	}
}

// A player's store: the invitation an older pbem wrote is imported and
// shown as one pbem will not join, with what to do; join refuses it. The
// whole game, imported, is shown with the warning by import, status and
// games.
func TestV1CasualInTheStore(t *testing.T) {
	dir := t.TempDir()
	home, _ := newPlayer(t, dir, "Anna", "anna@example.org")
	data, err := os.ReadFile(v1CasualLog)
	if err != nil {
		t.Fatal(err)
	}
	invite := filepath.Join(dir, "invite.pbem")
	if err := os.WriteFile(invite, data[:strings.IndexByte(string(data), '\n')+1], 0o644); err != nil {
		t.Fatal(err)
	}
	out := pbemOK(t, home, "", "import", invite)
	wantIn(t, "import of the invitation", out, "which pbem will not join: casual dice of protocol v1",
		"Ask Jan to upgrade pbem and invite you again", "'pbem decline casual-ab6bff'")
	out, err = pbemIn(t, home, "", "join", "casual", "--side", "allied")
	if err == nil {
		t.Fatalf("join of a v1 casual invitation:\n%s", out)
	}
	wantIn(t, "join", err.Error(), "casual dice of protocol v1", "Ask Jan to upgrade pbem")

	wantIn(t, "import of the game", pbemOK(t, home, "", "import", v1CasualLog), v1Warning, v1WarningDraw)
	wantIn(t, "status", pbemOK(t, home, "", "status", "casual"), v1Warning, v1WarningDraw)
	var st jsonStatus
	if err := json.Unmarshal([]byte(pbemOK(t, home, "", "status", "casual", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	if st.Protocol != 1 || !strings.Contains(st.ProtocolWarning, v1WarningDraw) {
		t.Fatalf("status --json: protocol %d, warning %q", st.Protocol, st.ProtocolWarning)
	}
	wantIn(t, "games", pbemOK(t, home, "", "games"), "    "+v1Warning)
}
