package main

import (
	"strings"
	"testing"
)

// toGermanTurn1 plays a solo Cherbourg game through the invasion, taking
// the last choice 'pbem legal' lists each time, pasted as printed, until
// the German Movement Phase of turn 1 (20.1, 20.4).
func toGermanTurn1(t *testing.T) (home, id string) {
	t.Helper()
	home, id = soloCherbourg(t)
	for range 10 {
		st := pbemOK(t, home, "", "status", id)
		if strings.Contains(st, "German Movement Phase") {
			return home, id
		}
		legal := strings.Split(strings.TrimSpace(pbemOK(t, home, "", "legal", id)), "\n")
		last := legal[len(legal)-1]
		if strings.HasPrefix(last, "nothing to choose") {
			pbemOK(t, home, "", "do", id) // the dice
			continue
		}
		pbemOK(t, home, "", "do", id, last)
	}
	t.Fatalf("no German turn 1 after ten steps:\n%s", pbemOK(t, home, "", "status", id))
	return
}

// entries is how many entries the game's log holds.
func entries(t *testing.T, home, id string) int {
	t.Helper()
	return strings.Count(pbemOK(t, home, "", "export", id, "-o", "-"), "\n")
}

// Commands as players write them: a line of 'pbem legal' pasted whole, a
// verb in capitals, a unit id in another case, words without quotes. Each
// is read and said so; a near-miss unit id is answered with what it may
// mean.
func TestDoForgives(t *testing.T) {
	home, id := toGermanTurn1(t)
	out := pbemOK(t, home, "", "do", id, "MOVE 919/709 3011 2910   # 2 of 3 MP")
	wantIn(t, "a pasted legal line", out, `read "MOVE 919/709 3011 2910   # 2 of 3 MP" as "move 919/709 3011 2910"`, "> move 919/709 3011 2910")
	out = pbemOK(t, home, "", "do", id, "move", "920/243", "2903", "2904")
	wantIn(t, "words without quotes", out, `read the 4 words as one command "move 920/243 2903 2904": quote each command`, "> move 920/243 2903 2904")
	out = pbemOK(t, home, "", "do", id, "move chr-1 3504 3404")
	wantIn(t, "a unit id in lower case", out, `as "move Chr-1 3504 3404"`, "> move Chr-1 3504 3404")

	n := entries(t, home, id)
	out, err := pbemIn(t, home, "", "do", id, "move 921/234 3102 3101")
	if err == nil || !strings.Contains(out+err.Error(), `no unit "921/234": did you mean '921/243'?`) {
		t.Errorf("a misspelt unit: %v\n%s", err, out)
	}
	out, err = pbemIn(t, home, "", "do", id, "move", "921/243", "3102", "3101", "end")
	if err == nil || !strings.Contains(out+err.Error(), "each command is one argument: quote") {
		t.Errorf("words that make no command: %v\n%s", err, out)
	}
	if m := entries(t, home, id); m != n {
		t.Errorf("refused commands stored entries: %d, then %d", n, m)
	}
}

// 'end end' would end the Movement Phase, then the Combat Phase the player
// has not seen: refused, nothing stored, unless --yes.
func TestDoRefusesUnseenPhase(t *testing.T) {
	home, id := toGermanTurn1(t)
	n := entries(t, home, id)
	_, err := pbemIn(t, home, "", "do", id, "end", "end")
	if err == nil || !strings.Contains(err.Error(), `command 2 "end" would be given in Turn 1, German Combat Phase (10.0), after "end" ended Turn 1, German Movement Phase (9.0)`) ||
		!strings.Contains(err.Error(), "--yes") {
		t.Errorf("end end: %v", err)
	}
	if m := entries(t, home, id); m != n {
		t.Errorf("the refused list stored entries: %d, then %d", n, m)
	}
	wantIn(t, "end end --yes", pbemOK(t, home, "", "do", id, "end", "end", "--yes"), "German Combat Phase (10.0) ends")
}

// --dry-run shows what commands would do and stores nothing.
func TestDoDryRun(t *testing.T) {
	home, id := toGermanTurn1(t)
	n := entries(t, home, id)
	out := pbemOK(t, home, "", "do", id, "--dry-run", "move 919/709 3011 2910", "end")
	wantIn(t, "dry run", out, "> move 919/709 3011 2910\n    = 919/709 moves 3011-2910 (2 of 3 MP)", "> end\n    = Turn 1, German Movement Phase (9.0) ends",
		"dry run: nothing was signed or stored")
	out, err := pbemIn(t, home, "", "do", id, "--dry-run", "move 919/709 3011 3010 3009 2908 2808")
	if err == nil || !strings.Contains(out, "refused: 9.1") {
		t.Errorf("a dry run of a refused move: %v\n%s", err, out)
	}
	if m := entries(t, home, id); m != n {
		t.Errorf("a dry run stored entries: %d, then %d", n, m)
	}
}

// 'pbem legal GAME UNIT' names a unit that does not exist and lists a
// unit's commands; --to lists what ends on a hex.
func TestLegalUnitAndTo(t *testing.T) {
	home, id := toGermanTurn1(t)
	_, err := pbemIn(t, home, "", "legal", id, "919/790")
	if err == nil || !strings.Contains(err.Error(), `no such unit "919/790": did you mean '919/709'?`) {
		t.Errorf("legal of a misspelt unit: %v", err)
	}
	out := pbemOK(t, home, "", "legal", id, "919/709")
	wantIn(t, "legal 919/709", out, "reserve 919/709   # mark Reserve (15.1)", "move 919/709 3011 2910   # 2 of 3 MP")
	if strings.Contains(out, "920/243") {
		t.Errorf("legal 919/709 lists another unit:\n%s", out)
	}
	out = pbemOK(t, home, "", "legal", id, "--to", "2910")
	wantIn(t, "legal --to 2910", out, "move 919/709 3011 2910   # 2 of 3 MP")
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.Contains(l, " 2910   #") {
			t.Errorf("legal --to 2910 lists %q", l)
		}
	}
	wantIn(t, "legal of an idle unit", pbemOK(t, home, "", "legal", id, "505/82"), "nothing for 505/82 now")
}
