package replay

import (
	"crypto/ed25519"
	"crypto/sha256"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// player is a test player: a key and a dice chain, made from a fixed seed so
// that every run builds the same logs.
type player struct {
	seat   string
	signer ssh.Signer
	chain  *logs.Chain
	seed   []byte // the chain's: sealed draws' secrets and box keys come from it
}

func newPlayer(t testing.TB, seat string) *player {
	t.Helper()
	seed := sha256.Sum256([]byte("key " + seat))
	signer, err := ssh.NewSignerFromKey(ed25519.NewKeyFromSeed(seed[:]))
	if err != nil {
		t.Fatal(err)
	}
	chainSeed := sha256.Sum256([]byte("chain " + seat))
	chain, err := logs.NewChain(chainSeed[:], 8192)
	if err != nil {
		t.Fatal(err)
	}
	return &player{seat: seat, signer: signer, chain: chain, seed: chainSeed[:]}
}

func (p *player) key() string { return logs.AuthorizedKey(p.signer.PublicKey(), p.seat+"@example.org") }

// table holds a game between test players and the replay of its log.
type table struct {
	t       testing.TB
	r       *Replay
	players map[string]*player
	clock   time.Time
	// secretSeeds, when set for a seat, is the seed its sealed draws' secrets
	// come from instead of its chain's: the same game with another secret.
	secretSeeds map[string][]byte
}

// newTable starts a game of rules/scenario with the players' seats, everyone
// joined; the first player invites.
func newTable(t testing.TB, rulesName, scenario string, mode logs.DiceMode, load Loader, seats ...string) *table {
	t.Helper()
	return newTableWith(t, rulesName, scenario, nil, mode, load, seats...)
}

// newTableWith is newTable with the invite's rules options.
func newTableWith(t testing.TB, rulesName, scenario string, options []string, mode logs.DiceMode, load Loader, seats ...string) *table {
	t.Helper()
	return newTableVariant(t, rulesName, scenario, "", options, mode, load, seats...)
}

// newTableVariant is newTableWith with the invite's variant.
func newTableVariant(t testing.TB, rulesName, scenario, variant string, options []string, mode logs.DiceMode, load Loader, seats ...string) *table {
	t.Helper()
	tb := inviteTable(t, rulesName, scenario, variant, options, mode, load, seats[0], seats...)
	tb.acceptAll()
	return tb
}

// inviteTable is newTableInvitedBy with a variant, before anyone accepts.
func inviteTable(t testing.TB, rulesName, scenario, variant string, options []string, mode logs.DiceMode, load Loader, by string, seats ...string) *table {
	t.Helper()
	return inviteTableV(t, logs.Version, rulesName, scenario, variant, options, mode, load, by, seats...)
}

// v1Table is newTableInvitedBy for a game of protocol v1, as an older pbem
// made them.
func v1Table(t testing.TB, rulesName, scenario string, options []string, mode logs.DiceMode, load Loader, by string, seats ...string) *table {
	t.Helper()
	tb := inviteTableV(t, 1, rulesName, scenario, "", options, mode, load, by, seats...)
	tb.acceptAll()
	return tb
}

// inviteTableV is inviteTable with the invite's protocol version.
func inviteTableV(t testing.TB, v int, rulesName, scenario, variant string, options []string, mode logs.DiceMode, load Loader, by string, seats ...string) *table {
	t.Helper()
	tb := &table{t: t, players: map[string]*player{}, clock: time.Date(2026, 6, 6, 6, 0, 0, 0, time.UTC)}
	var bodySeats []logs.Seat
	for _, s := range seats {
		tb.players[s] = newPlayer(t, s)
	}
	inviter := tb.players[by]
	for _, s := range seats {
		bs := logs.Seat{Seat: s}
		if s == by || mode == logs.DiceSolo {
			bs.Key, bs.Head = inviter.key(), inviter.chain.Head()
		}
		bodySeats = append(bodySeats, bs)
	}
	scen, err := load.Scenario(rulesName, scenario)
	if err != nil {
		t.Fatal(err)
	}
	engine, err := load.Engine(rulesName)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(rules.Setup{Scenario: scen, Variant: variant, Options: options})
	if err != nil {
		t.Fatal(err)
	}
	b := &logs.Body{V: v, Game: "g-test", By: by, TS: tb.ts(), Kind: logs.KindInvite, State: g.Hash(),
		Rules: rulesName, Engine: engine.Version, Variant: variant, Scenario: scenario, Digest: Digest(scen), Options: options, Dice: mode, Seats: bodySeats}
	invite, err := logs.SignBody(inviter.signer, b)
	if err != nil {
		t.Fatal(err)
	}
	if tb.r, err = Start(invite, load); err != nil {
		t.Fatal(err)
	}
	return tb
}

// acceptAll has every seat that has not joined accept, in seat order, with
// its player's key and chain.
func (tb *table) acceptAll() {
	tb.t.Helper()
	for _, s := range tb.r.Seats() {
		if s.Head != "" {
			continue
		}
		p := tb.players[s.Seat]
		ab := tb.r.NextBody(s.Seat, logs.KindAccept, tb.now())
		ab.Key, ab.Head = p.key(), p.chain.Head()
		tb.complete(ab)
		tb.mustAppend(tb.sign(ab))
	}
}

func (tb *table) now() time.Time { tb.clock = tb.clock.Add(time.Minute); return tb.clock }
func (tb *table) ts() string     { return tb.now().Format(time.RFC3339) }

// next returns the function giving a seat's next chain link.
func (tb *table) next(seat string) func() (string, error) {
	return func() (string, error) {
		owner := seat
		if tb.r.DiceMode() == logs.DiceSolo {
			owner = tb.r.Seats()[0].Seat
		}
		return tb.players[owner].chain.Link(tb.r.NextLinkIndex(seat))
	}
}

// own is what seat's store holds: its next link and its chain seed.
func (tb *table) own(seat string) Own {
	return Own{NextLink: tb.next(seat), Seeds: func() ([][]byte, error) {
		owner := seat
		if tb.r.DiceMode() == logs.DiceSolo {
			owner = tb.r.Seats()[0].Seat
		}
		if s, ok := tb.secretSeeds[owner]; ok {
			return [][]byte{s}, nil
		}
		return [][]byte{tb.players[owner].seed}, nil
	}}
}

func (tb *table) complete(b *logs.Body) {
	tb.t.Helper()
	if err := tb.r.CompleteWith(b, tb.own(b.By)); err != nil {
		tb.t.Fatalf("complete entry %d by %s: %v", b.Seq, b.By, err)
	}
}

// sign signs a body with its seat's key (in solo, the one player's).
func (tb *table) sign(b *logs.Body) *logs.Entry {
	tb.t.Helper()
	p := tb.players[b.By]
	if tb.r.DiceMode() == logs.DiceSolo {
		p = tb.players[tb.r.Seats()[0].Seat]
	}
	e, err := logs.SignBody(p.signer, b)
	if err != nil {
		tb.t.Fatal(err)
	}
	return e
}

func (tb *table) mustAppend(e *logs.Entry) {
	tb.t.Helper()
	if err := tb.r.Append(e); err != nil {
		tb.t.Fatalf("append: %v", err)
	}
}

// do builds, signs and appends seat's next entry, as pbem do does.
func (tb *table) do(seat string, commands ...string) *logs.Entry {
	tb.t.Helper()
	b, err := tb.r.BuildWith(seat, commands, tb.own(seat), tb.now())
	if err != nil {
		tb.t.Fatalf("%s %v: %v", seat, commands, err)
	}
	e := tb.sign(b)
	tb.mustAppend(e)
	return e
}

// settle appends the dice answers and reveals the protocol awaits, as pbem
// serve would, until the rules await a decision again; it fails after limit
// entries, so that a game whose dice never settle is reported, not looped.
func (tb *table) settle(limit int) {
	tb.t.Helper()
	for n := 0; tb.r.Waiting().Dice; n++ {
		if n >= limit {
			tb.t.Fatalf("the dice do not settle after %d entries: %s", n, tb.r.Waiting().Text)
		}
		tb.do(tb.r.Waiting().Seats[0])
	}
}

// forge builds seat's next entry honestly, lets change alter it, and re-signs it
// with seat's own key: the signature is good, whatever else is not.
func (tb *table) forge(seat string, commands []string, change func(b *logs.Body)) *logs.Entry {
	tb.t.Helper()
	b, err := tb.r.BuildWith(seat, commands, tb.own(seat), tb.now())
	if err != nil {
		tb.t.Fatalf("%s %v: %v", seat, commands, err)
	}
	change(b)
	return tb.sign(b)
}

// lines is the log so far, as a file.
func (tb *table) lines() []byte {
	var out []byte
	for _, e := range tb.r.Entries() {
		out = append(out, e.Line...)
	}
	return out
}
