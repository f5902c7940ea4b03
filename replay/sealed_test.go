package replay

import (
	"bytes"
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// Sealed draws (docs/dice.md part 4), on the cards test game: ann, bob and
// cy in strict dice.

func cardsTable(t testing.TB, scenario string) *table {
	seats := []string{"ann", "bob", "cy"}
	if scenario == "two" {
		seats = seats[:2]
	}
	return newTable(t, "cards", scenario, logs.DiceStrict, cardsLoader, seats...)
}

// peekTop is what seat's own machine shows of the top card (Peek with its
// seed), as its View line.
func peekTop(t *testing.T, tb *table, seat string) string {
	t.Helper()
	seeds, _ := tb.own(seat).Seeds()
	g, problems := tb.r.Peek(seat, seeds)
	if len(problems) > 0 {
		t.Fatalf("%s's peek: %v", seat, problems)
	}
	return g.View(rules.Seat(seat)).Lines[0]
}

func cardsOf(tb *table) *cards { return tb.r.Game().(*cards) }

// raw is seat's next entry as fill makes it, signed, with nothing checked
// or filled in: what a modified client could send.
func (tb *table) raw(seat string, kind logs.Kind, fill func(b *logs.Body)) *logs.Entry {
	b := tb.r.NextBody(seat, kind, tb.now())
	fill(b)
	return tb.sign(b)
}

// A look, a second look and the card taken: the request commits, the others
// answer, the drawer's next entry seals it; only the drawer, then the seat it
// shares with, sees the card; when the card is taken, the drawer's entry
// reveals the secret and every machine checks it.
func TestSealedLookShareAndTake(t *testing.T) {
	tb := cardsTable(t, "three")
	req := tb.do("ann", "look")
	if req.Request != 1 || logs.CheckCommit(req.Seal) != nil {
		t.Fatalf("the look's entry: request %d, seal %q", req.Request, req.Seal)
	}
	if w := tb.r.Waiting(); !w.Dice || !slices.Equal(w.Seats, []string{"bob"}) {
		t.Fatalf("after the request: %+v", w)
	}
	tb.settle(5)
	entries := tb.r.Entries()
	take := entries[len(entries)-1]
	if take.By != "ann" || take.Link != "" || len(take.Draws) != 1 || len(take.Draws[0].Values) != 0 || take.Draws[0].Epoch != 1 {
		t.Fatalf("the entry that takes the sealed draw: %s", take.Line)
	}
	c := cardsOf(tb)
	if c.Sealed != SealToken(1) || c.Top != 0 || c.Need != "" {
		t.Fatalf("the game after the seal: %+v", c)
	}
	annSees := peekTop(t, tb, "ann")
	if !strings.HasPrefix(annSees, "top: card ") {
		t.Fatalf("ann's own machine shows %q", annSees)
	}
	for _, seat := range []string{"bob", "cy"} {
		if got := peekTop(t, tb, seat); got != "top: sealed, seen by ann" {
			t.Errorf("%s's machine shows %q", seat, got)
		}
	}
	tb.do("ann", "end")

	// bob looks too: his entry carries his box key; ann's box follows.
	look := tb.do("bob", "look")
	if look.BoxKey == "" || look.Request != 0 || look.Seal != "" {
		t.Fatalf("bob's second look: %s", look.Line)
	}
	if w := tb.r.Waiting(); !slices.Equal(w.Seats, []string{"ann"}) || !strings.Contains(w.Text, "shows sealed draw 1 to bob") {
		t.Fatalf("after bob's key: %+v", w)
	}
	tb.settle(3)
	box := tb.r.Last()
	if box.By != "ann" || box.Box == "" || box.BoxKey == "" || len(box.Draws) != 1 || len(box.Draws[0].Values) != 0 {
		t.Fatalf("ann's box: %s", box.Line)
	}
	if got := peekTop(t, tb, "bob"); got != annSees {
		t.Errorf("bob is shown %q; ann saw %q", got, annSees)
	}
	if got := peekTop(t, tb, "cy"); got != "top: sealed, seen by ann bob" {
		t.Errorf("cy's machine shows %q", got)
	}

	// bob takes the card: ann must reveal her secret, and does.
	tb.do("bob", "take")
	if w := tb.r.Waiting(); !w.Dice || !slices.Equal(w.Seats, []string{"ann"}) || !strings.Contains(w.Text, "reveals the secret of sealed draw 1") {
		t.Fatalf("after the take: %+v", w)
	}
	tb.settle(3)
	reveal := tb.r.Last()
	if reveal.By != "ann" || reveal.Secret == "" || len(reveal.Draws) != 1 || reveal.Draws[0].Epoch != 1 {
		t.Fatalf("ann's reveal: %s", reveal.Line)
	}
	if got, want := "top: card "+strconv.Itoa(reveal.Draws[0].Values[0]), annSees; got != want {
		t.Errorf("the revealed card is %q; ann had seen %q", got, want)
	}
	c = cardsOf(tb)
	if c.Taken != 1 || c.Score[1] != reveal.Draws[0].Values[0] || c.Sealed != "" {
		t.Errorf("after the reveal: %+v", c)
	}
	sd := tb.r.SealedDraws()
	if len(sd) != 1 || sd[0].RevealedAt != reveal.Seq || !slices.Equal(sd[0].Shown, []string{"bob"}) || sd[0].Drawer != "ann" {
		t.Errorf("SealedDraws: %+v", sd)
	}
	rep := Verify(bytes.NewReader(tb.lines()), cardsLoader)
	if !rep.OK() {
		t.Fatalf("the log does not verify: %v", rep.Problems)
	}
	if got := rep.Replay.SealedDraws(); len(got) != 1 || !slices.Equal(got[0].Values, reveal.Draws[0].Values) {
		t.Errorf("verify's sealed draws: %+v", got)
	}
}

// lookAndPlay is a game in which ann looks at the top card, then rolls in
// public twice (each roll reveals the next link of her chain), and bob and
// cy roll in their turns, with ann's secrets made from secretSeed. It
// returns the table and the entry after which the first public roll after
// the look is requested.
func lookAndPlay(t *testing.T, secretSeed []byte) (*table, int64) {
	tb := cardsTable(t, "three")
	tb.secretSeeds = map[string][]byte{"ann": secretSeed}
	tb.do("ann", "look")
	tb.settle(5)
	quiet := tb.r.Last().Seq
	for _, turn := range []struct {
		seat  string
		rolls int
	}{{"ann", 2}, {"bob", 1}, {"cy", 1}, {"ann", 1}} {
		for range turn.rolls {
			tb.do(turn.seat, "roll")
			tb.settle(5)
		}
		tb.do(turn.seat, "end")
	}
	return tb, quiet
}

// Nothing that bob and cy receive tells them the card ann looked at: two
// games in which only ann's secret differs, and so the card she saw, give
// bob and cy the same entries but for the commitment (and the line hashes
// after it), the same state hash after every entry, the same events, the
// same views and the same rules state, up to the next public roll (whose
// key hashes the request line, and so the commitment before it).
func TestSealedCardLeaksNothing(t *testing.T) {
	one, quiet := lookAndPlay(t, []byte("ann's first secret seed, 32 byte"))
	card := peekTop(t, one, "ann")
	var two *table
	for i := range 40 {
		two, _ = lookAndPlay(t, []byte("ann's other secret seed, try "+strconv.Itoa(10+i)))
		if peekTop(t, two, "ann") != card {
			break
		}
	}
	if got := peekTop(t, two, "ann"); got == card {
		t.Fatalf("no other secret gave another card than %s", card)
	}
	a, b := one.r.Entries(), two.r.Entries()
	for i := range quiet + 1 {
		ba, bb := a[i].Body, b[i].Body
		if ba.Seal != bb.Seal {
			if ba.Request == 0 {
				t.Errorf("entry %d: the commitments differ outside a request", i)
			}
			ba.Seal, bb.Seal = "", ""
		}
		ba.Prev, bb.Prev = "", ""
		ea, _ := logs.EncodeBody(&ba)
		eb, _ := logs.EncodeBody(&bb)
		if !bytes.Equal(ea, eb) {
			t.Errorf("entry %d differs beyond the commitment:\n%s\n%s", i, ea, eb)
		}
		ga, _ := one.r.StateAt(i)
		gb, _ := two.r.StateAt(i)
		for _, seat := range []rules.Seat{"bob", "cy"} {
			if va, vb := strings.Join(ga.View(seat).Lines, "\n"), strings.Join(gb.View(seat).Lines, "\n"); va != vb {
				t.Errorf("entry %d: %s's view differs: %q against %q", i, seat, va, vb)
			}
		}
		sa, _ := ga.(rules.Snapshotter).Snapshot()
		sb, _ := gb.(rules.Snapshotter).Snapshot()
		if !bytes.Equal(sa, sb) {
			t.Errorf("entry %d: the rules states differ: %s against %s", i, sa, sb)
		}
		if ea, eb := one.r.Events(i), two.r.Events(i); !slices.Equal(ea, eb) {
			t.Errorf("entry %d: the events differ: %v against %v", i, ea, eb)
		}
	}
}

// A sealed draw is never keyed by a chain link (DESIGN.md, Dice): after
// ann's later public rolls have revealed the next links of her chain, none
// of them, nor her head, keys her sealed draw in place of her secret, and
// her look spent no link of her chain.
func TestSealedDrawIsNotKeyedByLinks(t *testing.T) {
	tb, quiet := lookAndPlay(t, []byte("ann's first secret seed, 32 byte"))
	sd := tb.r.dice.sealed[0]
	secret := logs.SealSecret([]byte("ann's first secret seed, 32 byte"), "g-test", "ann", sd.epoch)
	key := logs.SealedKey(sd.inputs(tb.r, secret), "g-test", "ann", sd.epoch, sd.request)
	revealed := [][]byte{mustLink(tb.players["ann"].chain.Head())}
	for _, e := range tb.r.Entries() {
		if e.By == "ann" && e.Link != "" {
			if e.Seq <= quiet {
				t.Errorf("entry %d: ann revealed a link by her look", e.Seq)
			}
			revealed = append(revealed, mustLink(e.Link))
		}
	}
	if len(revealed) < 4 {
		t.Fatalf("ann revealed %d links after her look; the test wants her later rolls", len(revealed)-1)
	}
	for i, l := range revealed {
		in := sd.inputs(tb.r, l)
		if logs.SealedKey(in, "g-test", "ann", sd.epoch, sd.request) == key || logs.EpochKey(in, "g-test", "ann", sd.epoch, sd.request) == key {
			t.Errorf("link %d of ann's chain keys her sealed draw", i)
		}
	}
	if got := tb.r.NextLinkIndex("ann"); got != len(revealed) {
		t.Errorf("ann's next link is %d after revealing %d: her look spent one", got, len(revealed)-1)
	}
}

// The drawer cannot choose the card nor change it: the request commits to
// the secret before anyone's answer is known, so the drawer cannot compute
// any candidate value before it is bound (grinding is useless); once bound,
// a second request, a link in place of the secret, a takeback, and a
// forged secret or value at the reveal are refused, each naming its entry.
func TestSealedDrawerCannotChooseTheCard(t *testing.T) {
	tb := cardsTable(t, "three")
	req := tb.do("ann", "look")
	// Before the answers, ann cannot make a second request for the draw.
	again := tb.raw("ann", logs.KindReveal, func(b *logs.Body) { b.Request, b.Seal = 1, logs.SealCommit([]byte("another secret, another request.")) })
	if err := tb.r.Append(again); !errors.Is(err, ErrDice) {
		t.Errorf("a second request before the answers: %v", err)
	}
	tb.do("bob")
	tb.do("cy")
	// Now ann could compute the card: she may not request it again with
	// another secret, nor take it keyed by her chain link.
	for name, change := range map[string]func(b *logs.Body){
		"a second request with another secret": func(b *logs.Body) {
			b.Draws, b.Request, b.Seal = nil, 2, logs.SealCommit([]byte("a secret chosen after the answers"))
		},
		"a link in place of the secret": func(b *logs.Body) { b.Link, _ = tb.players["ann"].chain.Link(1) },
	} {
		e := tb.forge("ann", nil, change)
		err := tb.r.Append(e)
		if !errors.Is(err, ErrDice) || !strings.Contains(err.Error(), "entry "+strconv.FormatInt(e.Seq, 10)) {
			t.Errorf("%s: %v", name, err)
		}
	}
	tb.do("ann") // takes the sealed draw
	prop := tb.raw("ann", logs.KindTakeback, func(b *logs.Body) { b.To = req.Seq - 1 })
	if err := tb.r.Append(prop); !errors.Is(err, ErrDice) {
		t.Errorf("a takeback to before the sealed draw: %v", err)
	}
	tb.do("ann", "end")
	tb.do("bob", "take")
	honest := tb.forge("ann", nil, func(*logs.Body) {})
	forged := map[string]func(b *logs.Body){
		"another secret": func(b *logs.Body) { b.Secret = strings.Repeat("ab", 32) },
		"another value": func(b *logs.Body) {
			b.Draws[0].Values = []int{b.Draws[0].Values[0]%10 + 1}
		},
		"the values withheld": func(b *logs.Body) { b.Draws[0].Values = nil },
	}
	for name, change := range forged {
		e := tb.forge("ann", nil, change)
		err := tb.r.Append(e)
		if !errors.Is(err, ErrDice) || !strings.Contains(err.Error(), "entry "+strconv.FormatInt(e.Seq, 10)) {
			t.Errorf("a reveal with %s: %v", name, err)
		}
	}
	tb.mustAppend(honest)
	if rep := Verify(bytes.NewReader(tb.lines()), cardsLoader); !rep.OK() {
		t.Fatalf("the honest log does not verify: %v", rep.Problems)
	}
}

// A drawer that withholds its secret when its card is revealed stalls the
// game, and everyone is told who stalls it and what it owes; no one else can
// act meanwhile.
func TestSealedWithheldSecretStallsTheGame(t *testing.T) {
	tb := cardsTable(t, "three")
	tb.do("ann", "look")
	tb.settle(5)
	tb.do("ann", "end")
	tb.do("bob", "take")
	w := tb.r.Waiting()
	if !w.Dice || !slices.Equal(w.Seats, []string{"ann"}) || !strings.Contains(w.Text, "ann reveals the secret of sealed draw 1") || !strings.Contains(w.Text, "no one acts until then") {
		t.Fatalf("Waiting: %+v", w)
	}
	for _, seat := range []string{"bob", "cy"} {
		if _, err := tb.r.BuildWith(seat, []string{"end"}, tb.own(seat), tb.now()); err == nil {
			t.Errorf("%s acts while ann's secret is due", seat)
		}
		if _, err := tb.r.BuildWith(seat, nil, tb.own(seat), tb.now()); err == nil {
			t.Errorf("%s sends something while ann's secret is due", seat)
		}
	}
	// A note still goes; the game still waits.
	tb.mustAppend(tb.post("bob", logs.KindNote, func(b *logs.Body) { b.Text = "ann?" }))
	if w2 := tb.r.Waiting(); w2.Text != w.Text {
		t.Errorf("after a note: %q", w2.Text)
	}
	// Without ann's store (her seed), no one can make her entry.
	if _, err := tb.r.BuildWith("ann", nil, Own{NextLink: tb.next("ann")}, tb.now()); !errors.Is(err, ErrDice) {
		t.Errorf("ann's reveal without her seed: %v", err)
	}
}

// A box that does not hold the committed secret is accepted by those who
// cannot open it, reported by the seat it was given to, and proved false by
// the secret when it is revealed: that reveal is refused, naming the box.
func TestSealedFalseBox(t *testing.T) {
	tb := cardsTable(t, "three")
	tb.do("ann", "look")
	tb.settle(5)
	tb.do("ann", "end")
	look := tb.do("bob", "look")
	box := tb.forge("ann", nil, func(b *logs.Body) {
		bx, err := logs.SealBox([]byte("not the secret ann committed to!"), look.BoxKey, "g-test", "bob", 1)
		if err != nil {
			t.Fatal(err)
		}
		b.Box, b.BoxKey = bx.Box, bx.Key
	})
	tb.mustAppend(box)
	_, problems := tb.r.Peek("bob", [][]byte{tb.players["bob"].seed})
	if len(problems) != 1 || !errors.Is(problems[0], ErrBadBox) || !strings.Contains(problems[0].Error(), "entry "+strconv.FormatInt(box.Seq, 10)) {
		t.Errorf("bob's peek at a false box: %v", problems)
	}
	tb.do("bob", "take")
	// ann reveals the secret she committed to.
	reveal := tb.raw("ann", logs.KindReveal, func(b *logs.Body) {
		b.Secret = hex.EncodeToString(logs.SealSecret(tb.players["ann"].seed, "g-test", "ann", 1))
		b.Draws = []logs.Draw{{Epoch: 1, For: "the top card, taken", Sides: []int{10}, Values: []int{1}}}
	})
	err := tb.r.Append(reveal)
	if !errors.Is(err, ErrDice) || !strings.Contains(err.Error(), "box entry "+strconv.FormatInt(box.Seq, 10)) {
		t.Errorf("the reveal after a false box: %v", err)
	}
}

// A card shuffled back is no longer on top: its draw stays sealed to the end
// of the log, which verifies, and the report lists it as sealed.
func TestSealedDrawShuffledBackStaysSealed(t *testing.T) {
	tb := cardsTable(t, "two")
	tb.do("ann", "look")
	tb.settle(5)
	tb.do("ann", "shuffle", "end")
	tb.do("bob", "look")
	tb.settle(5)
	rep := Verify(bytes.NewReader(tb.lines()), cardsLoader)
	if !rep.OK() {
		t.Fatal(rep.Problems)
	}
	sd := rep.Replay.SealedDraws()
	if len(sd) != 2 || sd[0].RevealedAt != 0 || sd[0].Drawer != "ann" || sd[1].Drawer != "bob" {
		t.Fatalf("sealed draws: %+v", sd)
	}
	if _, problems := tb.r.Peek("ann", [][]byte{tb.players["ann"].seed}); len(problems) > 0 {
		t.Errorf("ann's peek at a draw shuffled back: %v", problems)
	}
}

// Solo and casual dice draw a private need in clear (docs/dice.md 4): a
// sealed draw needs the round trip of strict dice.
func TestSoloAndCasualDrawPrivateInClear(t *testing.T) {
	for _, mode := range []logs.DiceMode{logs.DiceSolo, logs.DiceCasual} {
		tb := newTable(t, "cards", "two", mode, cardsLoader, "ann", "bob")
		if mode == logs.DiceCasual {
			tb.settle(2) // bob acknowledges ann's head
		}
		e := tb.do("ann", "look")
		if e.Seal != "" || len(e.Draws) != 1 || len(e.Draws[0].Values) != 1 || cardsOf(tb).Top == 0 {
			t.Errorf("a %s look: %s", mode, e.Line)
		}
	}
}

// A drawer who reveals its own sealed card in play reveals the secret in
// the same entry: no round trip.
func TestSealedRevealInTheDrawersEntry(t *testing.T) {
	tb := cardsTable(t, "two")
	tb.do("ann", "look")
	tb.settle(3)
	e := tb.do("ann", "take", "end")
	if e.Secret == "" || len(e.Draws) != 1 || len(e.Draws[0].Values) != 1 || cardsOf(tb).Taken != 1 || cardsOf(tb).Actor != 1 {
		t.Errorf("ann's take: %s", e.Line)
	}
}

// A snapshot taken at any point of a game with sealed draws resumes into a
// replay that goes on exactly as the original.
func TestSealedSnapshotResumes(t *testing.T) {
	tb := cardsTable(t, "three")
	var steps []func()
	steps = append(steps,
		func() { tb.do("ann", "look") },
		func() { tb.do("bob") },
		func() { tb.do("cy") },
		func() { tb.do("ann") },
		func() { tb.do("ann", "end") },
		func() { tb.do("bob", "look") },
		func() { tb.do("ann") },
		func() { tb.do("bob", "take") },
		func() { tb.do("ann") },
	)
	for i, step := range steps {
		step()
		data, err := tb.r.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		r, err := Resume(tb.r.Invite(), tb.r.Last(), data, cardsLoader)
		if err != nil {
			t.Fatalf("after step %d: %v", i, err)
		}
		if r.Waiting().Text != tb.r.Waiting().Text {
			t.Errorf("after step %d: the resumed replay waits for %q, the original for %q", i, r.Waiting().Text, tb.r.Waiting().Text)
		}
		if len(r.SealedDraws()) != len(tb.r.SealedDraws()) {
			t.Errorf("after step %d: %d sealed draws resumed of %d", i, len(r.SealedDraws()), len(tb.r.SealedDraws()))
		}
		// The resumed replay accepts what the original accepts next.
		if i+1 < len(steps) {
			orig := tb.r
			tb.r = r
			steps[i+1]()
			tb.r = orig
			steps[i+1] = func() { tb.mustAppend(r.Last()) }
		}
	}
	if got := tb.r.SealedDraws(); len(got) != 1 || got[0].RevealedAt == 0 {
		t.Errorf("at the end: %+v", got)
	}
}

// Walk (pbem replay, pbem dice) retraces sealed draws as the replay folds
// them: a draw taken or shown has no values to show; its reveal does.
func TestWalkRetracesSealedDraws(t *testing.T) {
	tb := cardsTable(t, "three")
	tb.do("ann", "look")
	tb.settle(5)
	tb.do("ann", "end")
	tb.do("bob", "look")
	tb.settle(3)
	tb.do("bob", "take")
	tb.settle(3)
	var rolls []Roll
	err := Walk(tb.r.Entries(), cardsLoader, func(f Frame) error {
		rolls = append(rolls, f.Rolls...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rolls) != 1 || rolls[0].For != "the top card, taken" || len(rolls[0].Values) != 1 || rolls[0].Seat != "ann" {
		t.Errorf("rolls: %+v", rolls)
	}
}

// No entry of casual or solo dice carries a field of sealed draws: not even
// an accept, which the dice of those modes never look into otherwise.
func TestCasualRefusesSealFields(t *testing.T) {
	tb := inviteTable(t, "cards", "two", "", nil, logs.DiceCasual, cardsLoader, "ann", "ann", "bob")
	e := tb.raw("bob", logs.KindAccept, func(b *logs.Body) {
		b.Key, b.Head = tb.players["bob"].key(), tb.players["bob"].chain.Head()
		b.Seal = logs.SealCommit([]byte("a secret no casual game uses...."))
	})
	if err := tb.r.Append(e); !errors.Is(err, ErrDice) {
		t.Errorf("a casual accept with a seal: %v", err)
	}
}

// FuzzResumeSealed feeds mutated snapshots of a game with sealed draws (one
// shown to a second seat, one taken, neither revealed) to Resume, and
// appends the entries that follow, the reveal among them: no snapshot may
// make it panic, and one that resumes must keep the replay whole.
func FuzzResumeSealed(f *testing.F) {
	tb := cardsTable(f, "three")
	tb.do("ann", "look")
	tb.settle(5)
	tb.do("ann", "end")
	tb.do("bob", "look")
	tb.settle(3)
	at := tb.r.Last()
	snap, err := tb.r.Snapshot()
	if err != nil {
		f.Fatal(err)
	}
	tb.do("bob", "take")
	tb.settle(3)
	tb.do("bob", "look")
	tb.settle(5)
	var next []*logs.Entry
	for _, e := range tb.r.Entries() {
		if e.Seq > at.Seq {
			next = append(next, e)
		}
	}
	f.Add(snap)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Resume(tb.r.Invite(), at, data, cardsLoader)
		if err != nil {
			return
		}
		for _, e := range next {
			if r.Append(e) != nil {
				break
			}
		}
		r.Waiting()
		r.SealedDraws()
		r.Peek("bob", [][]byte{tb.players["bob"].seed})
		if _, err := r.StateAt(at.Seq); err != nil {
			t.Fatal(err)
		}
	})
}

// The entry that takes a sealed draw is a reveal with no commands, or an
// act with them: a reveal with commands is refused, as any reveal's is.
func TestSealedTakingRevealHasNoCommands(t *testing.T) {
	tb := cardsTable(t, "two")
	tb.do("ann", "look")
	tb.do("bob")
	e := tb.raw("ann", logs.KindReveal, func(b *logs.Body) {
		b.Draws = []logs.Draw{{Epoch: 1, For: "ann's look at the top card", Sides: []int{10}}}
		b.Commands = []string{"end"}
	})
	if err := tb.r.Append(e); !errors.Is(err, ErrProtocol) {
		t.Errorf("a reveal with commands takes the draw: %v", err)
	}
	tb.do("ann", "end") // an act does
	if c := cardsOf(tb); c.Sealed != SealToken(1) || c.Actor != 1 {
		t.Errorf("after ann's act: %+v", c)
	}
}
