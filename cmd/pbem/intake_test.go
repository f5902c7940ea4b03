package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
)

// newPlayer makes a home with an identity and returns it with its public key.
func newPlayer(t *testing.T, dir, name, mail string) (home, pub string) {
	t.Helper()
	home = filepath.Join(dir, strings.ToLower(name))
	pbemOK(t, home, "", "id", "new", "--name", name, "--email", mail)
	pub = filepath.Join(dir, strings.ToLower(name)+".pub")
	key := strings.Split(pbemOK(t, home, "", "id", "show"), "\n")[1]
	if err := os.WriteFile(pub, []byte(key+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return home, pub
}

// strangerInvitesJan has Bob, whom Jan has never played, invite anyone to a
// game; Jan imports it. It returns Jan's home, the game and the import's output.
func strangerInvitesJan(t *testing.T) (jan, id, imported string) {
	t.Helper()
	dir := t.TempDir()
	bob, _ := newPlayer(t, dir, "Bob", "bob@example.org")
	jan, _ = newPlayer(t, dir, "Jan", "jan@example.org")
	out := pbemOK(t, bob, "", "new", "lure", "--scenario", "freeplay/allied-german", "--side", "allied")
	id = regexp.MustCompile(`lure-[0-9a-f]+`).FindString(out)
	return jan, id, pbemOK(t, jan, pbemOK(t, bob, "", "export", id, "-o", "-"), "import", "-")
}

// A stranger's invitation is listed apart by 'pbem games', with who sent it
// and why it is not a game; 'pbem decline' hides it and 'games --all' shows it.
func TestGamesListsStrangersInvitationApart(t *testing.T) {
	jan, id, imp := strangerInvitesJan(t)
	wantIn(t, "import", imp, "this is an invitation you did not expect, from Bob <bob@example.org>, key SHA256:",
		"imported from a file: it names no seat for your key, and you have not played its inviter's key.",
		"nothing is answered or sent: 'pbem join "+id+"' plays it, 'pbem decline "+id+"' drops it")
	games := pbemOK(t, jan, "", "games")
	wantIn(t, "games", games, "no games yet", "invitations you did not expect", id, "from Bob <bob@example.org>")
	if i := strings.Index(games, "invitations you did not expect"); strings.Contains(games[:i], id) {
		t.Errorf("the invitation is listed among the games:\n%s", games)
	}
	wantIn(t, "status", pbemOK(t, jan, "", "status", id), "this is an invitation you did not expect")
	wantIn(t, "decline", pbemOK(t, jan, "", "decline", id), "declined game "+id, "nothing was sent")
	games = pbemOK(t, jan, "", "games")
	wantIn(t, "games after decline", games, "1 declined invitation(s) not shown: pbem games --all")
	if strings.Contains(games, id) {
		t.Errorf("the declined invitation is still listed:\n%s", games)
	}
	wantIn(t, "games --all", pbemOK(t, jan, "", "games", "--all"), "invitations you declined", id)
	wantIn(t, "status after decline", pbemOK(t, jan, "", "status", id), "you declined this invitation from Bob")
}

// A join entry naming another address than the invitation reserved: import,
// status and games warn with both addresses and what to do; send refuses
// until --to chooses, then names the address.
func TestJoinAddressWarningAndSendTo(t *testing.T) {
	dir := t.TempDir()
	anna, _ := newPlayer(t, dir, "Anna", "anna@example.org")
	jan, janPub := newPlayer(t, dir, "Jan", "jan@example.org")
	out := pbemOK(t, anna, "", "new", "duel", "--scenario", "freeplay/allied-german", "--side", "allied",
		"--opponent-key", janPub, "--opponent-email", "jan.old@example.org")
	id := regexp.MustCompile(`duel-[0-9a-f]+`).FindString(out)
	imp := pbemOK(t, jan, pbemOK(t, anna, "", "export", id, "-o", "-"), "import", "-")
	wantIn(t, "jan's import", imp, "this is an invitation from Anna <anna@example.org>", "accept it with 'pbem join "+id+"'")
	wantIn(t, "jan's games", pbemOK(t, jan, "", "games"), id)
	pbemOK(t, jan, "", "join", id)

	warning := "warning: game " + id + ": hand-overs for german would go to jan@example.org (its join entry), but the invitation named jan.old@example.org."
	advice := "then 'pbem send " + id + " --to jan@example.org' or '--to jan.old@example.org'"
	imp = pbemOK(t, anna, pbemOK(t, jan, "", "export", id, "-o", "-"), "import", "-")
	wantIn(t, "anna's import", imp, warning, advice)
	wantIn(t, "anna's status", pbemOK(t, anna, "", "status", id), warning)
	wantIn(t, "anna's games", pbemOK(t, anna, "", "games"), warning)

	// Anna moves: Jan's join is no longer the newest entry, so there is
	// something to send him.
	pbemOK(t, anna, "", "do", id, "pass")
	out, err := pbemIn(t, anna, "", "send", id)
	if err == nil || !strings.Contains(err.Error(), "not sent: game "+id+": hand-overs for german would go to jan@example.org") {
		t.Fatalf("send to the unconfirmed address: %v\n%s", err, out)
	}
	// No mail account here: the message is queued for the chosen address,
	// then sending fails for want of an account.
	out, err = pbemIn(t, anna, "", "send", id, "--to", "jan@example.org")
	if err == nil {
		t.Fatalf("send without a mail account succeeded:\n%s", out)
	}
	wantIn(t, "send --to", out, "hand-overs for german now go to jan@example.org (your choice, kept for this game)",
		"queued game "+id+" up to entry 2 for jan@example.org")
	if st := pbemOK(t, anna, "", "status", id); strings.Contains(st, "warning:") {
		t.Errorf("a warning after the choice:\n%s", st)
	}
	out, err = pbemIn(t, anna, "", "send", id, "--to", "german=not-an-address")
	if err == nil || !strings.Contains(err.Error(), "want a plain address") {
		t.Errorf("send --to a bad address: %v\n%s", err, out)
	}
}

// sync and serve say that a dice answer was held, why and what to do, and
// list the invitations that are not games.
func TestSyncReportPrintsHeldAnswersAndInvitations(t *testing.T) {
	jan, id, _ := strangerInvitesJan(t)
	t.Setenv("PBEM_HOME", jan)
	err := withApp(func(app *pbem.App) error {
		invs, err := app.Invitations(t.Context())
		if err != nil {
			return err
		}
		held := pbem.AddressWarning{Game: "duel-1", Seats: 1, HandOverAddress: pbem.HandOverAddress{
			Seat: "allied", To: "anna@example.org", Source: "the invitation", From: []string{"someone@elsewhere.example"}}}
		rep := &pbem.SyncReport{Mailbox: "INBOX", Invitations: invs,
			Messages: []pbem.SyncedMessage{{UID: 3, Game: "duel-1", Held: []pbem.AddressWarning{held}}}}
		var buf bytes.Buffer
		cmd := &cobra.Command{}
		cmd.SetContext(t.Context())
		cmd.SetOut(&buf)
		cmd.SetErr(&buf)
		printSync(cmd, app, rep)
		wantIn(t, "sync", buf.String(),
			"your dice answer in game duel-1 is stored but not mailed: game duel-1: hand-overs for allied would go to anna@example.org (the invitation), but its mail came from someone@elsewhere.example.",
			"'pbem send duel-1 --to anna@example.org' or '--to someone@elsewhere.example'",
			"invitations you did not expect", id, "from Bob <bob@example.org>")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
