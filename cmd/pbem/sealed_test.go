package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A look at a card over files (Race to the Rhine, Air Support, R11.1): the
// looker's 'pbem status', 'legal' and 'unit' show it the card from its own
// store; the other player's show that it was looked at, and not the card;
// 'pbem log' shows the draw sealed; 'pbem verify' checks the log and lists
// the draw as still sealed, which is no problem.
func TestSealedLookOverFiles(t *testing.T) {
	dir, anna, jan := annaAndJan(t)
	out := pbemOK(t, anna, "", "new", "race", "--scenario", "rhine44/two-player", "--side", "monty",
		"--opponent-key", filepath.Join(dir, "jan.pub"), "--opponent-email", "jan@example.org")
	id := regexp.MustCompile(`race-[0-9a-f]+`).FindString(out)
	hand := func(from, to string) {
		t.Helper()
		pbemOK(t, to, pbemOK(t, from, "", "export", id, "-o", "-"), "import", "-")
	}
	hand(anna, jan)
	pbemOK(t, jan, "", "join", id)
	for range 2 { // the turn order (R5.1): a request, an answer, a reveal
		hand(jan, anna)
		hand(anna, jan)
	}
	var st struct {
		Waiting struct{ Seats []string } `json:"waiting"`
	}
	if err := json.Unmarshal([]byte(pbemOK(t, anna, "", "status", id, "--json")), &st); err != nil || len(st.Waiting.Seats) != 1 {
		t.Fatalf("status --json: %v %+v", err, st)
	}
	looker, other := anna, jan
	if st.Waiting.Seats[0] == "bradley" {
		looker, other = jan, anna
	}
	pbemOK(t, looker, "", "do", id, "air axis")
	hand(looker, other) // the other answers the request
	hand(other, looker) // the looker's pbem takes the draw sealed
	hand(looker, other)

	mine := pbemOK(t, looker, "", "status", id)
	wantIn(t, "the looker's status", mine, "you saw ", "your pbem shows you 1 line(s) above from the cards you looked at")
	theirs := pbemOK(t, other, "", "status", id)
	wantIn(t, "the other's status", theirs, "top card looked at by "+st.Waiting.Seats[0])
	if strings.Contains(theirs, "you saw") || strings.Contains(theirs, "known to you alone") {
		t.Errorf("the other player's status shows the card:\n%s", theirs)
	}
	card := regexp.MustCompile(`you saw ([^;(]+)`).FindStringSubmatch(mine)
	if card == nil {
		t.Fatalf("no card in %s", mine)
	}
	wantIn(t, "the looker's legal", pbemOK(t, looker, "", "legal", id), "# known to you alone", "you saw "+card[1])
	if l := pbemOK(t, other, "", "legal", id, "--json"); strings.Contains(l, `"private"`) {
		t.Errorf("the other player's legal --json has private lines:\n%s", l)
	}
	log := pbemOK(t, other, "", "log", id)
	wantIn(t, "the log", log, "requests a sealed draw", "takes a sealed draw", "only "+st.Waiting.Seats[0]+" knows it until it is revealed")
	file := filepath.Join(dir, "race.pbem")
	pbemOK(t, other, "", "export", id, "-o", file)
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), strings.TrimSpace(card[1])) {
		t.Errorf("the log names the card %q", card[1])
	}
	wantIn(t, "verify", pbemOK(t, other, "", "verify", file), ": ok: ",
		"1 sealed draw(s): 0 revealed and checked (secret, values, boxes), 1 still sealed",
		"is still sealed: "+st.Waiting.Seats[0]+"'s look at the top card of the Axis deck (R11.1), known to "+st.Waiting.Seats[0])
}
