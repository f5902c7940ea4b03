package pbem

import (
	"context"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// A casual game whose inviter does not move first: the seat that joins
// committed its chain head knowing the invite, so its first roll waits for
// an entry of the inviter's (docs/dice.md 3.3). The inviter's pbem writes it
// on import of the accept, as it answers strict dice: no one has to act.
func TestCasualAcceptAcknowledgedOnImport(t *testing.T) {
	ctx := context.Background()
	anna := newTestApp(t, "anna", "anna@example.org")
	jan := newTestApp(t, "jan", "jan@example.org")
	janID, _ := jan.Identity()
	_, rec, err := anna.New(ctx, NewGame{Name: "casual", Rules: "freeplay", Scenario: "allied-german", Seat: "german",
		OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceCasual})
	if err != nil {
		t.Fatal(err)
	}
	game := rec.ID
	send(t, anna, jan, game)
	if _, err := jan.Join(ctx, game, ""); err != nil {
		t.Fatal(err)
	}
	// Jan's own pbem will not roll yet, and says why.
	if _, err := jan.Do(ctx, game, []string{"roll 2d6 for the bridge"}); err == nil || !strings.Contains(err.Error(), "no other seat has written since") {
		t.Fatalf("jan's roll before anna's acknowledgement: %v", err)
	}
	rep := send(t, jan, anna, game)
	if len(rep.Answered) != 1 || rep.Answered[0].Entry.Kind != logs.KindReveal || rep.Answered[0].Entry.Link != "" {
		t.Fatalf("anna's pbem acknowledges jan's chain at once: %+v", rep.Answered)
	}
	send(t, anna, jan, game)
	p, err := jan.Do(ctx, game, []string{"roll 2d6 for the bridge"})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Entry.Draws) != 1 {
		t.Fatalf("jan's roll draws at once: %+v", p.Entry.Body)
	}
}
