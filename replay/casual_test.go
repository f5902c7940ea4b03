package replay

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// casualEntry is seat's next entry in a casual game, computed here from
// docs/dice.md 3.3 rather than by the replay, as a modified client would make
// it: link is the link it reveals; the epoch key hashes it with the other
// seats' latest links (their heads, while they have revealed none) and the
// last line written by another seat; the dice the rules need, before and
// after each command, come from that one stream.
func (tb *table) casualEntry(seat, link string, commands ...string) *logs.Body {
	tb.t.Helper()
	r := tb.r
	var q []byte
	for i := r.Len() - 1; i >= 0; i-- {
		if e := r.Entry(int64(i)); e.By != seat {
			q = e.Line
			break
		}
	}
	var links [][]byte
	for _, s := range r.Seats() {
		if s.Seat == seat {
			links = append(links, mustLink(link))
		} else {
			links = append(links, mustLink(tb.lastLink(s)))
		}
	}
	epoch := r.Epochs() + 1
	stream := logs.NewStream(logs.EpochKey(links, "g-test", seat, epoch, q))
	b := r.NextBody(seat, logs.KindAct, tb.clock)
	if len(commands) == 0 {
		b.Kind = logs.KindReveal
	}
	b.Link, b.Commands = link, commands
	g := r.Game().Clone()
	draw := func() {
		for need := g.Pending().Dice; need != nil; need = g.Pending().Dice {
			v := stream.Draw(need.Sides)
			b.Draws = append(b.Draws, logs.Draw{Epoch: epoch, For: need.For, Sides: slices.Clone(need.Sides), Values: v})
			if _, err := g.Roll(v); err != nil {
				tb.t.Fatal(err)
			}
		}
	}
	draw()
	for _, c := range commands {
		if _, err := g.Apply(rules.Seat(seat), c); err != nil {
			tb.t.Fatal(err)
		}
		draw()
	}
	b.State = g.Hash()
	return b
}

// lastLink is a seat's latest revealed link, or its head before any.
func (tb *table) lastLink(s logs.Seat) string {
	i := tb.r.NextLinkIndex(s.Seat) - 1
	if i == 0 {
		return s.Head
	}
	return mustHex(tb.players[s.Seat].chain.Link(i))
}

// grind tries chain seeds, as the attack of issue 11 did, until seat's next
// casual entry with commands, revealing link 1 of a new one-link chain, draws
// want. It returns the chain and the number of seeds tried.
func (tb *table) grind(seat string, want []int, commands ...string) (*logs.Chain, int) {
	tb.t.Helper()
	for i := 1; i <= 10000; i++ {
		seed := sha256.Sum256(fmt.Appendf(nil, "grind %d", i))
		c, err := logs.NewChain(seed[:], 1)
		if err != nil {
			tb.t.Fatal(err)
		}
		b := tb.casualEntry(seat, mustHex(c.Link(1)), commands...)
		if slices.Equal(b.Draws[0].Values, want) {
			return c, i
		}
	}
	tb.t.Fatalf("no seed in 10000 draws %v", want)
	return nil, 0
}

const bridgeRoll = "roll 2d6 for the bridge at 2512"

// The attack of issue 11: a rotate to a chain head ground until the next
// casual roll is two sixes. The roll is refused, naming the entry and the
// rotate; it is drawn once the other seat has written after the rotate, and
// then from that seat's line, which the grinder could not know.
func TestCasualGroundRotatedHeadIsRefused(t *testing.T) {
	tb := newTable(t, "freeplay", "allied-german", logs.DiceCasual, games.Shipped, "allied", "german")
	tb.do("allied", "play 82nd Airborne drops at 2710")
	chain, tries := tb.grind("allied", []int{6, 6}, bridgeRoll)
	t.Logf("two sixes after %d seeds", tries)
	rot := tb.post("allied", logs.KindRotate, func(b *logs.Body) { b.Head = chain.Head() })
	tb.mustAppend(rot)
	attack := tb.casualEntry("allied", mustHex(chain.Link(1)), bridgeRoll)
	if !slices.Equal(attack.Draws[0].Values, []int{6, 6}) {
		t.Fatalf("the ground chain should give two sixes after the rotate too, gives %v", attack.Draws[0].Values)
	}
	e := tb.sign(attack)
	wantDiceErr(t, tb.r.Append(e), e.Seq, fmt.Sprintf("committed at entry %d, and no other seat has written since", rot.Seq))

	// Honest play: pbem will not make the entry either, and waits for german.
	tb.players["allied"].chain = chain
	if _, err := tb.r.Build("allied", []string{bridgeRoll}, tb.next("allied"), tb.now()); err == nil {
		t.Fatal("pbem made a casual roll from a chain no other seat has seen")
	}
	if w := tb.r.Waiting(); !w.Dice || len(w.Seats) != 1 || w.Seats[0] != "german" {
		t.Fatalf("the game should wait for german's acknowledgement, which needs no choice: %+v", w)
	}
	ack := tb.do("german")
	if ack.Kind != logs.KindReveal || ack.Link != "" || len(ack.Draws) != 0 {
		t.Fatalf("the acknowledgement is an empty reveal: %+v", ack.Body)
	}
	if w := tb.r.Waiting(); w.Dice || w.Seats[0] != "allied" {
		t.Fatalf("after the acknowledgement allied plays on: %+v", w)
	}
	drawn := tb.do("allied", bridgeRoll)
	key := logs.EpochKey([][]byte{mustLink(drawn.Link), mustLink(tb.players["german"].chain.Head())}, "g-test", "allied", 1, ack.Line)
	if got, want := drawn.Draws[0].Values, logs.NewStream(key).Draw([]int{6, 6}); !slices.Equal(got, want) {
		t.Fatalf("drawn %v; the key over german's acknowledgement gives %v", got, want)
	}
}

// The same grinding through the accept: the seat that joins chooses its head
// knowing the invite, which keys its first casual roll if the inviter has
// written nothing since. pbem has the inviter acknowledge the accept first.
func TestCasualGroundAcceptHeadIsRefused(t *testing.T) {
	tb := inviteTable(t, "freeplay", "allied-german", "", nil, logs.DiceCasual, games.Shipped, "german", "allied", "german")
	chain, tries := tb.grind("allied", []int{6, 6}, bridgeRoll)
	t.Logf("two sixes after %d seeds", tries)
	tb.players["allied"].chain = chain
	tb.acceptAll()
	e := tb.sign(tb.casualEntry("allied", mustHex(chain.Link(1)), bridgeRoll))
	if !slices.Equal(e.Draws[0].Values, []int{6, 6}) {
		t.Fatalf("the ground chain should give two sixes, gives %v", e.Draws[0].Values)
	}
	wantDiceErr(t, tb.r.Append(e), e.Seq, "committed at entry 1, and no other seat has written since")
	if w := tb.r.Waiting(); !w.Dice || w.Seats[0] != "german" {
		t.Fatalf("the game should wait for german's acknowledgement: %+v", w)
	}
	tb.do("german")
	tb.do("allied", bridgeRoll)
}

// In casual mode the dice the rules await before anyone decides (a first
// turn's rolls) are drawn by the seat whose action needs them. Another seat
// could compute them with its own link and draw them only when they suit it.
func TestCasualPendingDiceDrawnByTheirSeat(t *testing.T) {
	tb := newTable(t, "normandy44", "cherbourg", logs.DiceCasual, games.Shipped, "allied", "german")
	need := tb.r.Game().Pending().Dice
	if need == nil || need.By != "allied" {
		t.Fatalf("Cherbourg starts with the allied invasion's dice: %+v", need)
	}
	e := tb.sign(tb.casualEntry("german", mustHex(tb.players["german"].chain.Link(1))))
	wantDiceErr(t, tb.r.Append(e), e.Seq, "are allied's to draw")
	if w := tb.r.Waiting(); w.Seats[0] != "allied" {
		t.Fatalf("allied draws the invasion's dice: %+v", w)
	}
	tb.do("allied")
}

// Casual dice need exactly two seats: with more, a seat's dice may be keyed by
// its partner's line, which the partner could choose.
func TestCasualNeedsTwoSeats(t *testing.T) {
	load := testLoader{engines: games.All(), scenario: func(game, name string) ([]byte, error) { return []byte("seats a b c\n"), nil }}
	p := newPlayer(t, "a")
	b := &logs.Body{V: logs.Version, Game: "g-test", By: "a", TS: "2026-06-06T06:00:00Z", Kind: logs.KindInvite,
		Rules: "freeplay", Scenario: "three", Dice: logs.DiceCasual,
		Seats: []logs.Seat{{Seat: "a", Key: p.key(), Head: p.chain.Head()}, {Seat: "b"}, {Seat: "c"}}}
	s, _ := load.Scenario("freeplay", "three")
	b.Digest = Digest(s)
	e, err := games.Lookup("freeplay")
	if err != nil {
		t.Fatal(err)
	}
	g, err := e.New(rules.Setup{Scenario: s})
	if err != nil {
		t.Fatal(err)
	}
	b.Engine, b.State = e.Version, g.Hash()
	invite, err := logs.SignBody(p.signer, b)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Start(invite, load)
	wantDiceErr(t, err, 0, "casual dice are for two seats")
}

// An empty reveal acknowledges another seat's new chain, in casual mode, when
// the game waits for that; anywhere else it says nothing and is refused.
func TestEmptyRevealOnlyAsAcknowledgement(t *testing.T) {
	for _, mode := range []logs.DiceMode{logs.DiceStrict, logs.DiceCasual} {
		tb := duelTable(t, mode)
		b := tb.r.NextBody("red", logs.KindReveal, tb.now())
		wantDiceErr(t, tb.r.Append(tb.sign(b)), b.Seq, "a reveal carries a link")
		b = tb.r.NextBody("blue", logs.KindReveal, tb.now())
		wantDiceErr(t, tb.r.Append(tb.sign(b)), b.Seq, "a reveal carries a link")
	}
}
