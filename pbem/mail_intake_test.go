package pbem

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// alias makes the mail world deliver addr to login's INBOX.
func (w *mailWorld) alias(addr, login string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.byAddr[strings.ToLower(addr)] = login
}

// useAddress makes a player send from addr (mail setup --address).
func useAddress(t *testing.T, a *App, addr string) {
	t.Helper()
	cfg, err := a.Home.LoadMailConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Address = addr
	if err := a.Home.SaveMailConfig(cfg); err != nil {
		t.Fatal(err)
	}
}

func warningsOf(t *testing.T, a *App, game string) []AddressWarning {
	t.Helper()
	rec, r, err := a.Status(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := a.AddressWarnings(context.Background(), rec, r)
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// A stranger's invitation that arrives by sync is listed apart from the
// games, with who sent it and from where; it is answered by nothing and
// sends nothing. Declined, it leaves the lists, stays declined when it comes
// again, and its signed entry stays in the store.
func TestSyncStrangersInvitationListedApart(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	bob := mailPlayer(t, w, "Bob", "bob")
	jan := mailPlayer(t, w, "Jan", "jan")
	// Bob knows Jan's address, not his key: the seat is open to anyone.
	id := inviteFreeplay(t, bob, "lure", "", "jan@example.org")
	mustSend(t, ctx, bob, id)
	_, deliveredBefore := w.counts()

	rep := mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || rep.Messages[0].Import == nil || !rep.Messages[0].Import.Invited {
		t.Fatalf("jan's sync: want the invitation imported, got %+v", rep.Messages)
	}
	if len(rep.Messages[0].Queued) != 0 || len(rep.Messages[0].Import.Answered) != 0 {
		t.Errorf("the invitation made jan's pbem answer or queue: %+v", rep.Messages[0])
	}
	if len(rep.Games) != 0 {
		t.Errorf("the stranger's invitation is counted as a game: %+v", rep.Games)
	}
	if len(rep.Invitations) != 1 {
		t.Fatalf("want one invitation listed apart, got %+v", rep.Invitations)
	}
	inv := rep.Invitations[0]
	if inv.Expected() || inv.Reserved || inv.Known || inv.Game.ID != id {
		t.Errorf("the stranger's invitation: %+v", inv)
	}
	if got := inv.Sender(); !strings.HasPrefix(got, "Bob <bob@example.org>, key SHA256:") {
		t.Errorf("Sender() = %q", got)
	}
	if got := inv.Arrival(); got != "by mail from bob@example.org" {
		t.Errorf("Arrival() = %q", got)
	}
	if !strings.Contains(inv.Why(), "names no seat for your key") {
		t.Errorf("Why() = %q", inv.Why())
	}
	if _, d := w.counts(); d != deliveredBefore {
		t.Errorf("jan's sync sent %d messages", d-deliveredBefore)
	}
	if due, err := jan.Store.DueMail(ctx, jan.Now()); err != nil || len(due) != 0 {
		t.Errorf("jan's outbox after the invitation: %d, %v", len(due), err)
	}

	if _, err := jan.Decline(ctx, id); err != nil {
		t.Fatal(err)
	}
	// Bob sends it again: it stays declined, and still nothing goes out.
	w.deliver("jan", "INBOX", w.mailbox("jan", "INBOX")[0])
	rep = mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || len(rep.Games) != 0 || len(rep.Invitations) != 0 {
		t.Errorf("after decline: messages %d, games %+v, invitations %+v", len(rep.Messages), rep.Games, rep.Invitations)
	}
	g, err := jan.Store.Game(ctx, id)
	if err != nil || g.Status != StatusDeclined {
		t.Errorf("the declined invitation came back as %+v, %v", g, err)
	}
	if lines, err := jan.Store.Lines(ctx, id); err != nil || len(lines) != 1 {
		t.Errorf("decline touched the signed history: %d lines, %v", len(lines), err)
	}
	invs, err := jan.Invitations(ctx)
	if err != nil || len(invs) != 1 || !invs[0].Declined() {
		t.Errorf("Invitations after decline: %+v, %v", invs, err)
	}
	// Joining still works, and makes it a game.
	if _, err := jan.Join(ctx, id, ""); err != nil {
		t.Fatal(err)
	}
	if g, _ := jan.Store.Game(ctx, id); g.Status != "active" {
		t.Errorf("after join the status is %q", g.Status)
	}
	if _, err := jan.Decline(ctx, id); err == nil || !strings.Contains(err.Error(), "resign") {
		t.Errorf("declining a joined game: %v", err)
	}
}

// An invitation reserved for this player's key, mailed from the address its
// inviter signed, is a normal game: listed with the games, with no warning.
// One that names no key is a normal game too when its inviter's key has
// played with this player; one whose mail came from another address than
// the one signed is listed apart, saying both.
func TestSyncExpectedInvitations(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan) // checks that the invitation is listed as a game
	rep := mustSync(t, ctx, anna)
	if len(rep.Invitations) != 0 || len(rep.Games) != 1 || len(rep.Games[0].Warnings) != 0 {
		t.Errorf("anna after jan's accept: games %+v, invitations %+v", rep.Games, rep.Invitations)
	}
	if ws := warningsOf(t, jan, game); len(ws) != 0 {
		t.Errorf("jan's warnings: %v", ws)
	}

	// Anna, whose key Jan has played, invites him to an open seat.
	id := inviteFreeplay(t, anna, "again", "", "jan@example.org")
	mustSend(t, ctx, anna, id)
	rep = mustSync(t, ctx, jan)
	if len(rep.Invitations) != 0 {
		t.Errorf("an invitation from a known key is listed apart: %+v", rep.Invitations)
	}
	found := false
	for _, g := range rep.Games {
		found = found || (g.Game.ID == id && g.Hint == "pbem join "+id)
	}
	if !found {
		t.Errorf("the known key's invitation is not among the games: %+v", rep.Games)
	}

	// Anna's mail now comes from another address than her invite signs.
	w.alias("anna.alias@example.org", "anna")
	useAddress(t, anna, "anna.alias@example.org")
	janID, _ := jan.Identity()
	id = inviteFreeplay(t, anna, "third", janID.AuthorizedKey(), "jan@example.org")
	mustSend(t, ctx, anna, id)
	rep = mustSync(t, ctx, jan)
	if len(rep.Invitations) != 1 || rep.Invitations[0].Game.ID != id {
		t.Fatalf("the invitation from another address: want it listed apart, got %+v", rep.Invitations)
	}
	inv := rep.Invitations[0]
	if !inv.Reserved || inv.Expected() ||
		inv.Why() != "its mail came from anna.alias@example.org, not from the address its inviter signed (anna@example.org)" {
		t.Errorf("invitation from another address: %+v, why %q", inv, inv.Why())
	}
}

// A join entry naming another address than the invitation reserved makes
// pbem warn, in the sync's report and before sending, and send nothing until
// the player chooses; the send then names the address.
func TestJoinWithAnotherAddressWarnsAndSendAsks(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	// Anna has an old address of Jan's; it still reaches him.
	w.alias("jan.old@example.org", "jan")
	janID, _ := jan.Identity()
	game := inviteFreeplay(t, anna, "duel", janID.AuthorizedKey(), "jan.old@example.org")
	mustSend(t, ctx, anna, game)
	rep := mustSync(t, ctx, jan)
	if len(rep.Invitations) != 0 || len(rep.Games) != 1 {
		t.Fatalf("jan: the invitation reserved for his key is a game: %+v, %+v", rep.Games, rep.Invitations)
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, jan, game) // his accept names jan@example.org

	rep = mustSync(t, ctx, anna)
	if len(rep.Games) != 1 || len(rep.Games[0].Warnings) != 1 {
		t.Fatalf("anna's sync: want one address warning, got %+v", rep.Games)
	}
	warn := rep.Games[0].Warnings[0].String()
	for _, want := range []string{"hand-overs for german would go to jan@example.org (its join entry)",
		"but the invitation named jan.old@example.org", "'pbem send " + game + " --to jan@example.org' or '--to jan.old@example.org'"} {
		if !strings.Contains(warn, want) {
			t.Errorf("the warning lacks %q:\n%s", want, warn)
		}
	}

	if _, err := anna.Do(ctx, game, []string{"roll 1d6 for the bridge"}); err != nil {
		t.Fatal(err)
	}
	_, deliveredBefore := w.counts()
	q, _, err := anna.Send(ctx, game)
	if !errors.Is(err, ErrAddressUnconfirmed) || len(q) != 0 || !strings.Contains(err.Error(), "jan.old@example.org") {
		t.Fatalf("send to an unconfirmed address: queued %+v, err %v", q, err)
	}
	if _, d := w.counts(); d != deliveredBefore {
		t.Fatal("a refused send delivered mail")
	}
	h, err := anna.ChooseAddress(ctx, game, "", "jan@example.org")
	if err != nil || h.Seat != "german" || h.To != "jan@example.org" || !h.Chosen {
		t.Fatalf("ChooseAddress: %+v, %v", h, err)
	}
	q, fl, err := anna.Send(ctx, game)
	if err != nil || len(q) != 1 || q[0].To != "jan@example.org" || len(fl.Sent) != 1 || fl.Sent[0].To != "jan@example.org" {
		t.Fatalf("send after the choice: queued %+v, flush %+v, err %v", q, fl, err)
	}
	if ws := warningsOf(t, anna, game); len(ws) != 0 {
		t.Errorf("warnings after the choice: %v", ws)
	}
	for _, bad := range []struct{ seat, addr string }{{"", "not an address"}, {"allied", "jan@example.org"}, {"nobody", "jan@example.org"}} {
		if _, err := anna.ChooseAddress(ctx, game, bad.seat, bad.addr); err == nil {
			t.Errorf("ChooseAddress(%q, %q) accepted", bad.seat, bad.addr)
		}
	}
}

// The opponent's first mail comes from an address his entries do not name
// (the invitation came as a file): the dice answer pbem makes on import is
// stored but held, not mailed, until the player chooses where it goes.
func TestDiceAnswerHeldForUnconfirmedAddress(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	w.alias("someone@elsewhere.example", "anna")
	useAddress(t, anna, "someone@elsewhere.example")
	janID, _ := jan.Identity()
	game := inviteFreeplay(t, anna, "duel", janID.AuthorizedKey(), janID.Mail)
	if _, err := jan.Import(ctx, bytes.NewReader(exportLog(t, ctx, anna, game)), "invite.pbem"); err != nil {
		t.Fatal(err)
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, jan, game)
	mustSync(t, ctx, anna)
	if _, err := anna.Do(ctx, game, []string{"roll 1d6 for the bridge"}); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, anna, game)
	_, deliveredBefore := w.counts()

	rep := mustSync(t, ctx, jan)
	if len(rep.Messages) != 1 || len(rep.Messages[0].Import.Answered) != 1 {
		t.Fatalf("jan's pbem answers the request: %+v", rep.Messages)
	}
	m := rep.Messages[0]
	if len(m.Queued) != 0 || len(m.Held) != 1 || m.Held[0].To != "anna@example.org" ||
		!strings.Contains(m.Held[0].String(), "its mail came from someone@elsewhere.example") {
		t.Fatalf("the answer should be held: queued %+v, held %+v", m.Queued, m.Held)
	}
	if _, d := w.counts(); d != deliveredBefore {
		t.Fatal("the held answer was mailed")
	}
	if _, err := jan.ChooseAddress(ctx, game, "", "anna@example.org"); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, jan, game)
}
