package pbem

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// oldCasualLog is a casual game that release a238ee3 (protocol v1) recorded:
// Jan invites as german, and the allied seat, which moves first, draws
// straight after its accept.
const oldCasualLog = "../replay/testdata/recorded/normandy44-4-cherbourg-casual-v1-german-invites.pbem"

// pbem joins no casual game of protocol v1: its invitation, as an older pbem
// wrote it, is imported and shown, but the join is refused, saying why and
// what to do, and nothing is signed or stored.
func TestJoinRefusesOldCasualInvitation(t *testing.T) {
	ctx := context.Background()
	data, err := os.ReadFile(oldCasualLog)
	if err != nil {
		t.Fatal(err)
	}
	invite, _, _ := bytes.Cut(data, []byte("\n"))
	anna := newTestApp(t, "anna", "anna@example.org")
	rep, err := anna.Import(ctx, bytes.NewReader(append(invite, '\n')), "invite.pbem")
	if err != nil || rep.Failed != nil || !rep.Invited {
		t.Fatalf("the old invitation imports: %v %v %+v", err, rep.Failed, rep)
	}
	_, err = anna.Join(ctx, rep.Game, "allied")
	if !errors.Is(err, ErrOldCasual) {
		t.Fatalf("join: %v", err)
	}
	for _, want := range []string{"casual dice of protocol v1", "choose his own casual rolls by trying chain heads", "Ask Jan to upgrade pbem and invite you again", "pbem decline " + rep.Game} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not say %q: %v", want, err)
		}
	}
	var out bytes.Buffer
	if _, n, err := anna.Export(ctx, rep.Game, &out); err != nil || n != 1 {
		t.Fatalf("a refused join stores nothing: %d lines, %v", n, err)
	}
}

// A strict invitation of protocol v1 is joined: strict dice are the same
// under both versions. The game goes on under v1.
func TestOldStrictInvitationJoined(t *testing.T) {
	ctx := context.Background()
	anna := newTestApp(t, "anna", "anna@example.org")
	jan := newTestApp(t, "jan", "jan@example.org")
	anna.olderProtocol = 1
	game := inviteFreeplay(t, anna, "old", "", "")
	send(t, anna, jan, game)
	p, err := jan.Join(ctx, game, "german")
	if err != nil {
		t.Fatal(err)
	}
	if p.Entry.V != 1 || p.Replay.ProtocolWarning() != "" {
		t.Fatalf("the accept of a v1 game is v1 (%d), and strict dice warn of nothing: %q", p.Entry.V, p.Replay.ProtocolWarning())
	}
}

// A casual game that older pbems started and joined goes on under v1 once
// both players have upgraded: its entries are v1, the seat that joined rolls
// straight after its accept as v1 allows (no acknowledgement), and the
// warning says what its dice do not prove, in status and in the mail.
func TestOldCasualGameGoesOnUnderV1(t *testing.T) {
	ctx := context.Background()
	anna := newTestApp(t, "anna", "anna@example.org")
	jan := newTestApp(t, "jan", "jan@example.org")
	anna.olderProtocol, jan.olderProtocol = 1, 1
	_, rec, err := anna.New(ctx, NewGame{Name: "old", Rules: "freeplay", Scenario: "allied-german", Seat: "german", Dice: logs.DiceCasual})
	if err != nil {
		t.Fatal(err)
	}
	game := rec.ID
	send(t, anna, jan, game)
	if _, err := jan.Join(ctx, game, "allied"); err != nil {
		t.Fatal(err)
	}
	anna.olderProtocol, jan.olderProtocol = 0, 0 // both upgrade
	if rep := send(t, jan, anna, game); len(rep.Answered) != 0 {
		t.Fatalf("v1 has no acknowledgement: %+v", rep.Answered)
	}
	p, err := jan.Do(ctx, game, []string{"roll 2d6 for the bridge"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Entry.V != 1 || len(p.Entry.Draws) != 1 {
		t.Fatalf("jan's roll is v1 and draws at once: %+v", p.Entry.Body)
	}
	send(t, jan, anna, game)
	srec, r, err := anna.Status(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	w := r.ProtocolWarning()
	if !strings.Contains(w, "protocol v1") || !strings.Contains(w, "entry 2 drew dice as only v1 allows") {
		t.Fatalf("status warning: %q", w)
	}
	if m := handOverSummary(srec, r, 2); !strings.Contains(m, "Warning: "+w) {
		t.Fatalf("the mail does not warn:\n%s", m)
	}
	if _, err := anna.Do(ctx, game, []string{"pass"}); err == nil {
		t.Fatal("anna plays on jan's turn")
	}
}
