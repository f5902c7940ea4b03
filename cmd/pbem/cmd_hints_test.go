package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// pbemIn runs pbem in this process with PBEM_HOME=home and stdin, and
// returns what it printed (stdout and stderr).
func pbemIn(t *testing.T, home, stdin string, args ...string) (string, error) {
	t.Helper()
	t.Setenv("PBEM_HOME", home)
	root := newRoot()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetIn(strings.NewReader(stdin))
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	return out.String(), err
}

// pbemOK runs pbem as pbemIn does and fails the test on an error; an exit
// status that is not an error ('pbem status' of a game waiting for another
// player) is not one.
func pbemOK(t *testing.T, home, stdin string, args ...string) string {
	t.Helper()
	out, err := pbemIn(t, home, stdin, args...)
	var es *exitStatus
	if err != nil && !errors.As(err, &es) {
		t.Fatalf("pbem %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func wantIn(t *testing.T, what, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, out)
		}
	}
}

// A new user's first steps in a strict Cherbourg game over files, piped
// ('pbem export -o -' into 'pbem import -'): the invitee is told to join, by
// status and by legal, and a player who waits is told who must act.
func TestNewUserHintsStrict(t *testing.T) {
	dir, anna, jan := annaAndJan(t)
	out := pbemOK(t, anna, "", "new", "cherbourg", "--scenario", "normandy44/cherbourg", "--side", "allied",
		"--opponent-key", filepath.Join(dir, "jan.pub"), "--opponent-email", "jan@example.org", "--dice", "strict")
	id := regexp.MustCompile(`cherbourg-[0-9a-f]+`).FindString(out)
	if id == "" {
		t.Fatalf("no game id in %q", out)
	}
	// hand exports from's log to standard output and imports it at to from
	// standard input.
	hand := func(from, to string) string {
		t.Helper()
		return pbemOK(t, to, pbemOK(t, from, "", "export", id, "-o", "-"), "import", "-")
	}
	wantIn(t, "import -", hand(anna, jan), "1 new entries", "accept it with 'pbem join "+id+"'")
	wantIn(t, "the invitee's status", pbemOK(t, jan, "", "status", id), "your turn: accept the invitation with 'pbem join "+id+"'")
	wantIn(t, "the invitee's legal", pbemOK(t, jan, "", "legal", id), "nothing yet: accept the invitation first with 'pbem join "+id+"'")
	pbemOK(t, jan, "", "join", id)
	hand(jan, anna) // Anna's pbem answers the Scatter dice request (20.2.1)
	// Anna, impatient, gives a command before Jan's reveal has come.
	out, err := pbemIn(t, anna, "", "do", id, "advance-done")
	if err == nil {
		t.Fatal("anna acts while the dice await jan")
	}
	wantIn(t, "do out of turn", out+err.Error(), "not your turn: waiting for german (german reveals its link", "'pbem import FILE'")
	hand(anna, jan) // Jan's reveals: the drops and the Utah assault are rolled (20.2, 20.3)
	hand(jan, anna)
	// 20.1: the invasion phase is the Allies'; whatever the dice, Jan waits
	// for allied (a decision of the assault, 20.3.6), or decides himself (an
	// EX's losses, 20.3.2), or moves (9.0).
	st := pbemOK(t, jan, "", "status", id)
	if !strings.Contains(st, "waiting: allied to act: Turn 1, Allied Special Invasion Phase (20.1)") &&
		!strings.Contains(st, "your turn: Turn 1, ") {
		t.Errorf("Jan is told who acts:\n%s", st)
	}
	if strings.Contains(st, "waiting: allied to act:") {
		wantIn(t, "Jan's legal", pbemOK(t, jan, "", "legal", id), "nothing now: allied to act: Turn 1, Allied Special Invasion Phase")
	}
}

// In solo and casual games the invasion's dice (20.2, 20.3) are awaited before
// anyone may choose; 'pbem do GAME' with no command draws them, and pbem says
// so instead of a prompt with nothing to do.
func TestNewUserHintsSoloDice(t *testing.T) {
	home := filepath.Join(t.TempDir(), "anna")
	pbemOK(t, home, "", "id", "new", "--name", "Anna", "--email", "anna@example.org")
	out := pbemOK(t, home, "", "new", "cherbourg", "--scenario", "normandy44/cherbourg", "--side", "allied", "--dice", "solo")
	id := regexp.MustCompile(`cherbourg-[0-9a-f]+`).FindString(out)
	wantIn(t, "new", out, "your turn: draw the dice with 'pbem do "+id+"' (no command): Scatter (20.2.1)")
	wantIn(t, "legal", pbemOK(t, home, "", "legal", id), "nothing to choose: draw the dice with 'pbem do "+id+"'")
	wantIn(t, "do", pbemOK(t, home, "", "do", id), "dice Scatter (20.2.1)", "Beach assault on utah 2814")
	if st := pbemOK(t, home, "", "status", id); strings.Contains(st, "draw the dice") {
		t.Errorf("the dice are drawn:\n%s", st)
	}
	if l := pbemOK(t, home, "", "legal", id); strings.Contains(l, "nothing") {
		t.Errorf("after the dice the Allies decide (20.3):\n%s", l)
	}
}

func TestWaitingText(t *testing.T) {
	for _, c := range []struct {
		w    replay.Waiting
		want string
	}{
		{replay.Waiting{Seats: []string{"german"}, Text: "Turn 1, German Movement Phase (9.0): move units"},
			"german to act: Turn 1, German Movement Phase (9.0): move units"},
		// The protocol's and the join's texts name the seat already.
		{replay.Waiting{Seats: []string{"allied"}, Dice: true, Text: "allied answers dice request 2 from german"},
			"allied answers dice request 2 from german"},
		{replay.Waiting{Seats: []string{"german"}, Text: "waiting for german to join (pbem join)"},
			"waiting for german to join (pbem join)"},
		{replay.Waiting{Over: true, Text: "the game is over: the Germans win"}, "the game is over: the Germans win"},
	} {
		if got := waitingText(c.w); got != c.want {
			t.Errorf("waitingText(%+v) = %q, want %q", c.w, got, c.want)
		}
	}
}

// 9.1: movement costs come in half MPs; the note says them exactly, and the
// whole-number cost is left out rather than contradict it.
func TestLegalLine(t *testing.T) {
	for _, c := range []struct {
		c    rules.Choice
		want string
	}{
		{rules.Choice{Command: "move 919/709 3011 3010", Cost: 2, Note: "1 1/2 of 3 MP"}, "move 919/709 3011 3010   # 1 1/2 of 3 MP"},
		{rules.Choice{Command: "move a 0101 0102", Cost: 2}, "move a 0101 0102   (cost 2)"},
		{rules.Choice{Command: "end", Note: "end the Movement Phase"}, "end   # end the Movement Phase"},
	} {
		if got := legalLine(c.c); got != c.want {
			t.Errorf("legalLine(%+v) = %q, want %q", c.c, got, c.want)
		}
	}
}
