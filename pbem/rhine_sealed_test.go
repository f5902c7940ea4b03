package pbem

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// TestThreePlayersRhineSealedPeeks: three homes play Race to the Rhine by
// files in strict dice, with the shared pursuit deck (§15C), and every Air
// Support look is a sealed draw (docs/dice.md 4; §11, R11.1, and a second
// look at a card looked at, R11.4). While a card is sealed, its looker's
// pbem (and that of a seat it was shown to) shows it to its player and no
// other pbem does; the others' views, the mail their pbem would send and
// the log never name it. When the card is revealed in play, the looker's
// pbem reveals its secret, every pbem checks it, and the card revealed is
// the one the looker was shown. The one log all three hold verifies on its
// own.
func TestThreePlayersRhineSealedPeeks(t *testing.T) {
	ctx := context.Background()
	// The shared pursuit deck (§15C) is the one a second commander looks at
	// most, and the one most moves reveal (R10.6).
	apps, bySeat, game := rhineHomes(t, []string{"shared-deck"})
	rnd := rand.New(rand.NewPCG(19, 2))
	// What each looker's pbem showed it of each sealed draw, by epoch, with
	// the public game it was shown in.
	shown := map[int64]sight{}
	var revealed, shared int
	for handovers := 0; ; handovers++ {
		if handovers > 400 {
			t.Fatalf("after 400 hand-overs: %d sealed draws revealed, %d shown to a second looker", revealed, shared)
		}
		_, r, err := apps[0].Status(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		draws := r.SealedDraws()
		revealed, shared = 0, 0
		for _, d := range draws {
			if d.RevealedAt != 0 {
				revealed++
			}
			shared += len(d.Shown)
			if d.RevealedAt == 0 {
				checkSealedSight(t, bySeat, game, d, shown)
			}
		}
		p := r.Game().Pending()
		if revealed >= 2 && shared >= 1 {
			break
		}
		if p.Over {
			t.Fatalf("the game ended (%s) with %d sealed draws revealed, %d shown to a second looker", p.Result, revealed, shared)
		}
		if w := r.Waiting(); w.Dice {
			t.Fatalf("%s: %s after the players synced", p.Phase, w.Text)
		}
		seat := string(p.Seats[0])
		g := r.Game().Clone()
		var cmds []string
		for _, c := range g.Legal(rules.Seat(seat)) {
			// A commander looks at the shared pursuit deck when no card
			// lies sealed, or at a card another looked at (a second look)
			// until one has been shown.
			air := c.Command == "air pursuit" || c.Command == "commander air pursuit"
			if air && (!anyHeld(g, draws) || shared == 0 && sealedByOther(draws, seat)) {
				cmds = []string{c.Command}
				break
			}
		}
		if len(cmds) == 0 && shared > 0 {
			// Once a card has been shown, a corps enters a field whose card
			// is sealed.
			if c := revealing(g, seat); c != "" {
				cmds = []string{c}
			}
		}
		if len(cmds) == 0 {
			// Else a random command, one a hand-over; the random player's
			// own looks would only add sealed draws on the pursuit decks.
			c := rhine().RandomCommand(g, rules.Seat(seat), rnd)
			if c == "" || strings.Contains(c, "air ") || strings.HasPrefix(c, "recon") {
				c = "end"
			}
			cmds = []string{c}
		}
		if _, err := bySeat[seat].Do(ctx, game, cmds); err != nil {
			t.Fatalf("%s: %s gives %q: %v", p.Phase, seat, cmds, err)
		}
		syncAll(t, apps, game)
	}
	rep := replay.Verify(bytes.NewReader(heldLog(t, game, apps...)), games.Shipped)
	if !rep.OK() {
		t.Fatalf("the log does not verify: %v", rep.Problems)
	}
	t.Logf("%d entries, %d sealed draws, %d revealed, %d second looks", rep.Replay.Len(), len(rep.Replay.SealedDraws()), revealed, shared)
	for _, d := range rep.Replay.SealedDraws() {
		if d.RevealedAt == 0 {
			continue
		}
		// The card revealed is the card its looker was shown: the values
		// revealed, given to the game in which the looker was shown it,
		// show the looker the same line.
		sh, ok := shown[d.Epoch]
		if !ok {
			t.Errorf("sealed draw %d was revealed before its looker's pbem was seen to show it", d.Epoch)
			continue
		}
		g := sh.game.Clone()
		if _, err := g.(rules.Sealer).Unseal(d.Token, d.Values); err != nil {
			t.Fatal(err)
		}
		if got := PrivateLines(sh.game, g, d.Drawer); !slices.Equal(got, sh.lines) {
			t.Errorf("sealed draw %d: %s was shown %q; the values revealed, %v, show %q", d.Epoch, d.Drawer, sh.lines, d.Values, got)
		}
		t.Logf("sealed draw %d by %s, shown to %v, revealed at entry %d: %q", d.Epoch, d.Drawer, d.Shown, d.RevealedAt, sh.lines)
	}
}

// sight is what a looker's pbem showed it: the lines, and the public game.
type sight struct {
	lines []string
	game  rules.Game
}

// revealing is a move of seat's that reveals a sealed card in play, or "".
func revealing(g rules.Game, seat string) string {
	for _, c := range g.Legal(rules.Seat(seat)) {
		try := g.Clone()
		if _, err := try.Apply(rules.Seat(seat), c.Command); err == nil {
			if d := try.Pending().Dice; d != nil && d.Unseal != "" {
				return c.Command
			}
		}
	}
	return ""
}

// anyHeld reports whether the game still holds a sealed draw: not revealed,
// nor shuffled back into its deck.
func anyHeld(g rules.Game, draws []replay.SealedDraw) bool {
	return slices.ContainsFunc(draws, func(d replay.SealedDraw) bool {
		_, err := g.Clone().(rules.Sealer).Unseal(d.Token, []int{1})
		return d.RevealedAt == 0 && !errors.Is(err, rules.ErrNotPending)
	})
}

// sealedByOther reports whether a card another seat looked at lies sealed,
// and seat has not seen it.
func sealedByOther(draws []replay.SealedDraw, seat string) bool {
	for _, d := range draws {
		if d.RevealedAt == 0 && d.Drawer != seat && !slices.Contains(d.Shown, seat) {
			return true
		}
	}
	return false
}

// checkSealedSight checks who sees sealed draw d: its looker's pbem (and
// the pbem of a seat it was shown to) shows it a line the public view lacks;
// every other pbem shows exactly the public view, and so does the mail
// summary each would send.
func checkSealedSight(t *testing.T, bySeat map[string]*App, game string, d replay.SealedDraw, shown map[int64]sight) {
	t.Helper()
	ctx := context.Background()
	for seat, a := range bySeat {
		rec, r, err := a.Status(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		seen, problems := a.Seen(ctx, rec, r)
		if len(problems) > 0 {
			t.Fatalf("%s's pbem: %v", seat, problems)
		}
		private := PrivateLines(r.Game(), seen, seat)
		knows := seat == d.Drawer || slices.Contains(d.Shown, seat)
		switch {
		case knows && len(private) == 0:
			t.Errorf("sealed draw %d: %s's pbem does not show it the card it looked at", d.Epoch, seat)
		case !knows && len(private) > 0:
			t.Errorf("sealed draw %d: %s's pbem shows it %q", d.Epoch, seat, private)
		case seat == d.Drawer:
			shown[d.Epoch] = sight{private, r.Game().Clone()}
		}
		if seat != d.Drawer || len(private) == 0 {
			continue
		}
		// What the others receive never names the card: their view, the mail
		// their pbem would send, and the log (which names no card at all).
		line := private[len(private)-1]
		card := line
		if i := strings.Index(line, "you saw "); i >= 0 {
			card, _, _ = strings.Cut(line[i+len("you saw "):], ";")
		}
		for other, oa := range bySeat {
			if other == d.Drawer || slices.Contains(d.Shown, other) {
				continue
			}
			orec, or, err := oa.Status(ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			var log bytes.Buffer
			if _, _, err := oa.Export(ctx, game, &log); err != nil {
				t.Fatal(err)
			}
			for what, text := range map[string]string{
				"view": strings.Join(or.Game().View(rules.Seat(other)).Lines, "\n"),
				"mail": handOverSummary(orec, or, or.First()),
			} {
				if strings.Contains(text, "you saw") {
					t.Errorf("sealed draw %d: %s's %s shows a card: %q", d.Epoch, other, what, text)
				}
			}
			if strings.Contains(log.String(), card) {
				t.Errorf("sealed draw %d: the log names the card %s saw, %q", d.Epoch, d.Drawer, card)
			}
		}
	}
}

// Casual dice have no round trip in which to seal a draw: a game whose
// cards one player looks at alone is refused with them, and says why.
func TestCasualRefusedForSealedDraws(t *testing.T) {
	a := newTestApp(t, "anna", "anna@example.org")
	_, _, err := a.New(context.Background(), NewGame{Name: "Race", Rules: "rhine44", Scenario: "two-player", Seat: "monty", Dice: "casual"})
	if err == nil || !strings.Contains(err.Error(), "strict dice") {
		t.Errorf("a casual game of rhine44: %v", err)
	}
}

// --invite reserves the other seats of a game of three for their players:
// the invitation names each address (where pbem send mails it) and key.
func TestInviteReservesSeats(t *testing.T) {
	ctx := context.Background()
	a := newTestApp(t, "anna", "anna@example.org")
	jan := newTestApp(t, "jan", "jan@example.org")
	janID, err := jan.Identity()
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []map[string]Invitee{
		{"monty": {Mail: "x@example.org"}},
		{"eisenhower": {Mail: "x@example.org"}},
		{"bradley": {}},
		{"bradley": {Mail: "not an address"}},
	} {
		if _, _, err := a.New(ctx, NewGame{Name: "Race", Rules: "rhine44", Scenario: "three-player", Seat: "monty", Invite: bad}); err == nil || !strings.Contains(err.Error(), "--invite") {
			t.Errorf("invite %v: %v", bad, err)
		}
	}
	r, _, err := a.New(ctx, NewGame{Name: "Race", Rules: "rhine44", Scenario: "three-player", Seat: "monty",
		Invite: map[string]Invitee{"bradley": {Mail: "jan@example.org", Key: janID.AuthorizedKey()}, "patton": {Mail: "olga@example.org"}}})
	if err != nil {
		t.Fatal(err)
	}
	seats := r.Invite().Seats
	if seats[1].Mail != "jan@example.org" || !sameKey(seats[1].Key, janID.AuthorizedKey()) || seats[2].Mail != "olga@example.org" || seats[2].Key != "" {
		t.Errorf("the invitation's seats: %+v", seats)
	}
}
