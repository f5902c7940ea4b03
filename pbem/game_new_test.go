package pbem

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/rules"
)

// A game is started in a variant its engine does not play only to be
// refused, naming the flag and the variant, with nothing stored: it must
// never start as the default edition.
func TestNewUnknownVariant(t *testing.T) {
	anna := newTestApp(t, "anna", "anna@example.org")
	_, _, err := anna.New(context.Background(), NewGame{Name: "ed3", Rules: "normandy44", Scenario: "cherbourg", Seat: "allied", Variant: "ed3"})
	if !errors.Is(err, rules.ErrVariant) || !strings.Contains(err.Error(), `--variant: unknown variant "ed3"`) {
		t.Fatalf("want the variant refused, have %v", err)
	}
	if recs, err := anna.Store.Games(context.Background()); err != nil || len(recs) != 0 {
		t.Fatalf("a refused game is stored: %v %v", recs, err)
	}
}

// A Normandy '44 game in its first edition: the invitation names ed1 and the
// stored game replays in it.
func TestNewFirstEdition(t *testing.T) {
	ctx := context.Background()
	anna := newTestApp(t, "anna", "anna@example.org")
	r, rec, err := anna.New(ctx, NewGame{Name: "primo", Rules: "normandy44", Scenario: "cherbourg", Seat: "allied", Variant: "ed1", Dice: "solo"})
	if err != nil {
		t.Fatal(err)
	}
	if v := r.Invite().Body.Variant; v != "ed1" {
		t.Fatalf("the invite names variant %q", v)
	}
	_, again, err := anna.Status(ctx, rec.ID)
	if err != nil || again.Invite().Body.Variant != "ed1" || again.Game().Hash() != r.Game().Hash() {
		t.Fatalf("the stored game: %v", err)
	}
}

// tournamentLoader is the shipped library with one more edition of free
// play, "tournament", that starts like the default one.
type tournamentLoader struct{ games.Library }

func (tournamentLoader) Engine(name string) (rules.Engine, error) {
	e, err := games.Lookup(name)
	if err != nil {
		return e, err
	}
	e.Variants = append(e.Variants, rules.Variant{Name: "tournament", Title: "free play, tournament edition"})
	newGame, seats := e.New, e.Seats
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckVariant(s.Variant); err != nil {
			return nil, err
		}
		s.Variant = ""
		return newGame(s)
	}
	e.Seats = func(s rules.Setup) ([]rules.Seat, error) {
		s.Variant = ""
		return seats(s)
	}
	return e, nil
}

// The variant given to pbem new is written into the invitation, which
// verifies and replays in that variant.
func TestNewVariant(t *testing.T) {
	anna := newTestApp(t, "anna", "anna@example.org")
	anna.Load = tournamentLoader{}
	ctx := context.Background()
	r, rec, err := anna.New(ctx, NewGame{Name: "cup", Rules: "freeplay", Scenario: "allied-german", Seat: "allied", Variant: "tournament"})
	if err != nil {
		t.Fatal(err)
	}
	if v := r.Invite().Body.Variant; v != "tournament" {
		t.Fatalf("the invite names variant %q", v)
	}
	if _, r, err = anna.Status(ctx, rec.ID); err != nil || r.Invite().Body.Variant != "tournament" {
		t.Fatalf("the stored game replays: %v", err)
	}
	anna.Load = games.Shipped
	if _, _, err := anna.Status(ctx, rec.ID); !errors.Is(err, rules.ErrVariant) {
		t.Fatalf("a pbem without the tournament edition replays the game: %v", err)
	}
}

// --opponent-email names one opponent: in a game of three seats it is
// refused, naming the scenario whole (game and scenario) and the flag that
// reserves each seat, with nothing stored.
func TestNewOneOpponentForThreeSeats(t *testing.T) {
	anna := newTestApp(t, "anna", "anna@example.org")
	ctx := context.Background()
	_, _, err := anna.New(ctx, NewGame{Name: "three", Rules: "freeplay", Scenario: "three-player", Seat: "british", OpponentMail: "jan@example.org"})
	if err == nil || !strings.Contains(err.Error(), "scenario freeplay/three-player has 3 seats") || !strings.Contains(err.Error(), "--invite SEAT=ADDRESS") {
		t.Fatalf("want one opponent refused for three seats, have %v", err)
	}
	if recs, err := anna.Store.Games(ctx); err != nil || len(recs) != 0 {
		t.Fatalf("a refused game is stored: %v %v", recs, err)
	}
}
