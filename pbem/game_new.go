package pbem

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// NewGame describes a game to start.
type NewGame struct {
	Name     string // the player's name for it; the id adds a random suffix
	Rules    string // e.g. "normandy44"
	Scenario string // e.g. "cherbourg"
	// ScenarioFile, when set, is the path of a player's own scenario file
	// (a transcription of a game they own), read with the side files beside
	// it; the invite carries its assembled text, so that anyone can replay
	// the game from the log alone. Scenario is then the file's name.
	ScenarioFile string
	// Variant is the edition of the rules, e.g. "ed1"; "" is the game's
	// default edition. Fixed in the invitation, like Options.
	Variant string
	Seat    string // the seat this player takes
	// OpponentKey, when set, is the only key that may accept the other seat: an
	// authorized_keys line or a file holding one.
	OpponentKey  string
	OpponentMail string
	// Invite reserves other seats, by seat, for the players of a game of any
	// number of seats: the invitation goes to each Mail, and only Key (when
	// set) may join. OpponentKey and OpponentMail say the same for the one
	// other seat of a two-seat game.
	Invite  map[string]Invitee
	Dice    logs.DiceMode
	Options []string
}

// Invitee is the player a seat is reserved for: an address (where the
// invitation goes) and a key (an authorized_keys line or a file holding
// one), either of which may be empty.
type Invitee struct{ Mail, Key string }

// New starts a game: it writes and stores the invite, which the opponent
// imports and joins.
func (a *App) New(ctx context.Context, ng NewGame) (*replay.Replay, GameRecord, error) {
	id, err := a.Identity()
	if err != nil {
		return nil, GameRecord{}, err
	}
	engine, err := a.Load.Engine(ng.Rules)
	if err != nil {
		return nil, GameRecord{}, err
	}
	if err := engine.CheckVariant(ng.Variant); err != nil {
		return nil, GameRecord{}, fmt.Errorf("--variant: %w", err)
	}
	scenario, carried, err := a.newScenario(&ng)
	if err != nil {
		return nil, GameRecord{}, err
	}
	setup := rules.Setup{Scenario: scenario, Variant: ng.Variant, Options: ng.Options}
	g, err := engine.New(setup)
	if err != nil {
		return nil, GameRecord{}, fmt.Errorf("scenario %s/%s: %w", ng.Rules, ng.Scenario, err)
	}
	seats := g.Seats()
	if !slices.Contains(seats, rules.Seat(ng.Seat)) {
		return nil, GameRecord{}, fmt.Errorf("scenario %s/%s has no seat %q: choose one of %v (--side)", ng.Rules, ng.Scenario, ng.Seat, seats)
	}
	if ng.Dice == "" {
		ng.Dice = logs.DiceStrict
	}
	opponentKey, invited, err := readOpponents(ng, seats)
	if err != nil {
		return nil, GameRecord{}, err
	}
	if _, seals := g.(rules.Sealer); seals && ng.Dice == logs.DiceCasual {
		// Casual dice have no round trip in which to seal a draw: a card
		// one player looks at would be drawn in clear, for all to read.
		return nil, GameRecord{}, fmt.Errorf("%s/%s has cards one player looks at and the others may not see, which only strict dice keep sealed: play it with strict dice (the default), or solo dice alone", ng.Rules, ng.Scenario)
	}
	seed, head, err := a.newChain()
	if err != nil {
		return nil, GameRecord{}, err
	}
	gameID, err := a.gameID(ng.Name)
	if err != nil {
		return nil, GameRecord{}, err
	}
	me := logs.Seat{Seat: ng.Seat, Key: id.AuthorizedKey(), Head: head, Name: id.Name, Mail: id.Mail}
	bodySeats := inviteSeats(ng, seats, me, opponentKey, invited)
	b := &logs.Body{
		V: a.protocol(), Game: gameID, Seq: 0, By: ng.Seat, Kind: logs.KindInvite,
		TS:    a.Now().UTC().Format("2006-01-02T15:04:05Z"),
		State: g.Hash(), Rules: ng.Rules, Engine: engine.Version, Variant: ng.Variant, Scenario: ng.Scenario,
		Digest: replay.Digest(scenario), ScenarioData: carried, Options: ng.Options, Dice: ng.Dice, Seats: bodySeats,
	}
	invite, err := a.sign(nil, b)
	if err != nil {
		return nil, GameRecord{}, err
	}
	r, err := replay.Start(invite, a.Load)
	if err != nil {
		return nil, GameRecord{}, fmt.Errorf("the invite made here does not verify (a bug in pbem): %w", err)
	}
	rec := GameRecord{ID: gameID, Rules: ng.Rules, Scenario: ng.Scenario, Seat: ng.Seat, Dice: string(ng.Dice), Opponent: ng.OpponentMail, Status: StatusActive}
	if err := a.store(ctx, rec, r, []*logs.Entry{invite}, "new", seed); err != nil {
		return nil, GameRecord{}, err
	}
	return r, rec, nil
}

// newScenario reads the scenario of a new game: the player's own file, whose
// text the invite then carries (carried) and whose name becomes
// ng.Scenario, or one of the game's.
func (a *App) newScenario(ng *NewGame) (scenario []byte, carried string, err error) {
	if ng.ScenarioFile == "" {
		scenario, err = a.Load.Scenario(ng.Rules, ng.Scenario)
		return scenario, "", err
	}
	if scenario, err = games.ReadFile(ng.Rules, ng.ScenarioFile); err != nil {
		return nil, "", err
	}
	if carried, err = replay.EncodeScenario(scenario); err != nil {
		return nil, "", fmt.Errorf("%s: %w", ng.ScenarioFile, err)
	}
	ng.Scenario = filepath.Base(ng.ScenarioFile)
	return scenario, carried, nil
}

// readOpponents checks whom a new game is for and reads their keys: the one
// opponent of a two-seat game (--opponent-key, --opponent-email), or the
// invitees of any seats (--invite); a solo game has none.
func readOpponents(ng NewGame, seats []rules.Seat) (opponentKey string, invited map[string]logs.Seat, err error) {
	if ng.OpponentMail != "" {
		if err := checkAddress(ng.OpponentMail); err != nil {
			return "", nil, fmt.Errorf("--opponent-email %w", err)
		}
	}
	if opponentKey, err = readKeyArg(ng.OpponentKey); err != nil {
		return "", nil, err
	}
	if ng.Dice == logs.DiceSolo && (opponentKey != "" || ng.OpponentMail != "" || len(ng.Invite) > 0) {
		return "", nil, fmt.Errorf("a solo game has no opponent: drop --opponent-key, --opponent-email and --invite")
	}
	if invited, err = readInvitees(ng, seats); err != nil {
		return "", nil, err
	}
	if ng.Dice != logs.DiceSolo && (opponentKey != "" || ng.OpponentMail != "") && len(seats) != 2 {
		// The address would be reserved for every other seat, and each
		// player's own would then look like a changed address.
		return "", nil, fmt.Errorf("--opponent-key and --opponent-email name one opponent, but scenario %s/%s has %d seats: reserve each seat with --invite SEAT=ADDRESS, or leave them out and each player joins with 'pbem join GAME --side SEAT'", ng.Rules, ng.Scenario, len(seats))
	}
	return opponentKey, invited, nil
}

// inviteSeats lists the invite's seats in the scenario's order: this
// player's (every seat, in a solo game), those reserved by --invite, and
// the rest for the one opponent, whose key and address may be empty.
func inviteSeats(ng NewGame, seats []rules.Seat, me logs.Seat, opponentKey string, invited map[string]logs.Seat) []logs.Seat {
	var out []logs.Seat
	for _, s := range seats {
		switch {
		case string(s) == ng.Seat || ng.Dice == logs.DiceSolo:
			m := me
			m.Seat = string(s)
			out = append(out, m)
		case invited[string(s)] != (logs.Seat{}):
			out = append(out, invited[string(s)])
		default:
			out = append(out, logs.Seat{Seat: string(s), Key: opponentKey, Mail: ng.OpponentMail})
		}
	}
	return out
}

// readInvitees checks ng.Invite against the scenario's seats and reads its
// keys: every seat it names is another player's, and each invitee has an
// address or a key.
func readInvitees(ng NewGame, seats []rules.Seat) (map[string]logs.Seat, error) {
	out := map[string]logs.Seat{}
	for seat, inv := range ng.Invite {
		switch {
		case seat == ng.Seat:
			return nil, fmt.Errorf("--invite %s: that is your own seat", seat)
		case !slices.Contains(seats, rules.Seat(seat)):
			return nil, fmt.Errorf("--invite %s: scenario %s/%s has no such seat: choose among %v", seat, ng.Rules, ng.Scenario, seats)
		case inv.Mail == "" && inv.Key == "":
			return nil, fmt.Errorf("--invite %s: give the player's mail address (or key)", seat)
		case (ng.OpponentKey != "" || ng.OpponentMail != "") && len(seats) == 2:
			return nil, fmt.Errorf("--invite %s: --opponent-key and --opponent-email already name the other seat's player", seat)
		}
		if inv.Mail != "" {
			if err := checkAddress(inv.Mail); err != nil {
				return nil, fmt.Errorf("--invite %s: %w", seat, err)
			}
		}
		key, err := readKeyArg(inv.Key)
		if err != nil {
			return nil, fmt.Errorf("--invite %s: key: %s", seat, strings.TrimPrefix(err.Error(), "--opponent-key: "))
		}
		out[seat] = logs.Seat{Seat: seat, Key: key, Mail: inv.Mail}
	}
	return out, nil
}

// gameID makes an id from the player's name for the game and 48 random bits,
// so that two players' games never collide in a store.
func (a *App) gameID(name string) (string, error) {
	var slug strings.Builder
	for _, c := range strings.ToLower(name) {
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			slug.WriteRune(c)
		case slug.Len() > 0 && !strings.HasSuffix(slug.String(), "-"):
			slug.WriteByte('-')
		}
	}
	s := strings.Trim(slug.String(), "-")
	if s == "" {
		return "", fmt.Errorf("game name %q: use letters and digits", name)
	}
	if len(s) > 40 {
		s = s[:40]
	}
	suffix := make([]byte, 3)
	if _, err := io.ReadFull(a.Rand, suffix); err != nil {
		return "", err
	}
	return s + "-" + hex.EncodeToString(suffix), nil
}

// readKeyArg takes an authorized_keys line, or the path of a file holding one.
func readKeyArg(arg string) (string, error) {
	if arg == "" {
		return "", nil
	}
	line := arg
	if !strings.HasPrefix(arg, "ssh-") {
		b, err := os.ReadFile(arg)
		if err != nil {
			return "", fmt.Errorf("--opponent-key: neither a key (ssh-ed25519 AAAA...) nor a readable file: %w", err)
		}
		line = strings.TrimSpace(string(b))
	}
	pub, err := logs.ParseAuthorizedKey(line)
	if err != nil {
		return "", fmt.Errorf("--opponent-key: %w", err)
	}
	_, comment, _ := strings.Cut(strings.TrimSpace(line), " ")
	_, comment, _ = strings.Cut(comment, " ")
	return logs.AuthorizedKey(pub, comment), nil
}

// sameKey reports whether two authorized_keys lines hold the same key.
func sameKey(a, b string) bool {
	ka, err1 := logs.ParseAuthorizedKey(a)
	kb, err2 := logs.ParseAuthorizedKey(b)
	return err1 == nil && err2 == nil && bytes.Equal(ka.Marshal(), kb.Marshal())
}
