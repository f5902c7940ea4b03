package replay

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
)

// FuzzReplayLog feeds mutated whole logs, signed with the test players' keys so
// that signatures pass, through the import path (Start, then Append entry by
// entry, going on after a refusal) and through Verify, and then asks the
// replay what pbem asks after an import (Waiting, StateAt, Build). No entry,
// signed or not, may make it panic.
//
// The input is a mutation program and a log given as its bodies, one JSON
// object a line (signatures are made here). Bodies are read leniently, so the
// fuzzer's byte mutations of field values count; the program then reorders,
// drops, copies and rewrites entries (ops below). By default each entry is
// renumbered, chained to what the replay accepted so far and given the state
// hash the replay computes for it, so that mutations reach deep into a game;
// flags keep any of these as given. The seeds (testdata/fuzz/FuzzReplayLog)
// are windows of real logs: the recorded games and the takeback script.
func FuzzReplayLog(f *testing.F) {
	memoVerify(f)
	f.Fuzz(func(t *testing.T, prog, text []byte) {
		fuzzLog(t, prog, text)
	})
}

// Limits that keep one iteration cheap.
const (
	fuzzMaxEntries = 48
	fuzzMaxOps     = 24
)

// Per-entry flags set by opFlags.
const (
	keepSeq   = 1 << iota // the seq as given, not the next one
	keepPrev              // prev as given, not the accepted log's head
	keepState             // state as given, not the one the replay computes
	wrongKey              // signed by another seat's key
)

// The mutation ops: three bytes each, the op and two operands.
const (
	opSwap     = iota // entries x and y trade places
	opDrop            // entry x goes
	opCopy            // a copy of entry x is inserted before entry y
	opSeq             // entry x gets seq y, kept
	opKind            // entry x becomes kind y
	opTo              // entry x's to becomes y
	opDraw            // one of entry x's draws is altered, dropped or doubled
	opLink            // entry x's link becomes another entry's, or link y of its seat's chain
	opBy              // entry x is by seat y
	opRequest         // entry x's request or epoch becomes y
	opCommands        // entry x takes entry y's commands
	opClear           // one field of entry x is emptied
	opRotate          // entry x becomes a rotate to a fresh chain head or key
	opFlags           // entry x's flags gain y
	opNote            // entry x becomes a note
	opTakeback        // a takeback or agree to entry y is inserted before entry x
	opSealed          // one of entry x's sealed-draw fields takes entry y's, or is emptied
	opCount
)

var fuzzKinds = []logs.Kind{logs.KindInvite, logs.KindAccept, logs.KindAct, logs.KindReveal, logs.KindNote,
	logs.KindTakeback, logs.KindAgree, logs.KindResign, logs.KindRotate}

// fuzzPlayers are the test players by seat, made once per process: a chain
// costs thousands of hashes.
var (
	fuzzPlayersMu sync.Mutex
	fuzzPlayers   = map[string]*player{}
)

func fuzzPlayer(t testing.TB, seat string) *player {
	fuzzPlayersMu.Lock()
	defer fuzzPlayersMu.Unlock()
	p := fuzzPlayers[seat]
	if p == nil {
		p = newPlayer(t, seat)
		fuzzPlayers[seat] = p
	}
	return p
}

// fuzzLoader finds the duel and the shipped games, and reads each scenario
// once per process: assembling Normandy '44's takes milliseconds.
var fuzzLoader = testLoader{engines: append(games.All(), duelEngine, cardsEngine), scenario: fuzzScenario, past: fuzzPast}

// fuzzPast finds the earlier texts of the shipped scenarios, once per
// process.
func fuzzPast(game, scenario string) ([][]byte, error) {
	fuzzScenariosMu.Lock()
	defer fuzzScenariosMu.Unlock()
	key := game + "/" + scenario
	if p, ok := fuzzPastTexts[key]; ok {
		return p, nil
	}
	p, err := games.PastScenarios(game, scenario)
	if err == nil {
		fuzzPastTexts[key] = p
	}
	return p, err
}

func fuzzScenario(game, scenario string) ([]byte, error) {
	if game == "duel" || game == "cards" {
		return cardsLoader.Scenario(game, scenario)
	}
	fuzzScenariosMu.Lock()
	defer fuzzScenariosMu.Unlock()
	key := game + "/" + scenario
	if s, ok := fuzzScenarios[key]; ok {
		return s.data, s.err
	}
	data, err := games.Shipped.Scenario(game, scenario)
	fuzzScenarios[key] = struct {
		data []byte
		err  error
	}{data, err}
	return data, err
}

var (
	fuzzPastTexts   = map[string][][]byte{}
	fuzzScenariosMu sync.Mutex
	fuzzScenarios   = map[string]struct {
		data []byte
		err  error
	}{}
)

func fuzzLog(t *testing.T, prog, text []byte) {
	var bodies []*logs.Body
	for line := range bytes.Lines(text) {
		var b logs.Body
		if json.Unmarshal(line, &b) == nil {
			bodies = append(bodies, &b)
		}
		if len(bodies) == fuzzMaxEntries {
			break
		}
	}
	if len(bodies) == 0 {
		return
	}
	var seats []string
	for _, s := range bodies[0].Seats {
		seats = append(seats, s.Seat)
	}
	if len(seats) == 0 {
		seats = []string{bodies[0].By}
	}
	flags := make([]int, len(bodies))
	for i := 0; i+3 <= len(prog) && i < 3*fuzzMaxOps; i += 3 {
		bodies, flags = mutate(t, bodies, flags, seats, prog[i], int(prog[i+1]), int(prog[i+2]))
		if len(bodies) == 0 {
			return
		}
	}

	// The import path: Start at the invite, then Append each entry, going on
	// after any refusal as pbem import goes on after duplicates.
	var r *Replay
	var out []byte
	for i, b := range bodies {
		if r != nil {
			if flags[i]&keepSeq == 0 {
				b.Seq = int64(r.Len())
			}
			if flags[i]&keepPrev == 0 {
				b.Prev = r.Head()
			}
			if flags[i]&keepState == 0 {
				// As Complete does, without letting a writer fill anything in.
				fk := r.fork()
				if _, err := fk.apply(&logs.Entry{Body: *b}, nil); err == nil {
					b.State = fk.game.Hash()
				}
			}
		}
		e, err := fuzzSign(fuzzSigner(t, bodies[0], b, flags[i]&wrongKey != 0), b)
		if err != nil {
			continue // not encodable (a string that is not NFC, say)
		}
		out = append(out, e.Line...)
		if r == nil {
			if r, err = Start(e, fuzzLoader); err != nil {
				r = nil
			}
			continue
		}
		r.Append(e)
	}
	if r != nil {
		askAfterImport(t, r)
	}
	// pbem verify, on the same lines.
	rep := Verify(bytes.NewReader(out), fuzzLoader)
	if rep.Replay != nil {
		askAfterImport(t, rep.Replay)
	}
}

// fuzzSigner is the key that signs b: its seat's test key (in solo the
// inviter's), or with wrong another one.
func fuzzSigner(t testing.TB, invite, b *logs.Body, wrong bool) ssh.Signer {
	seat := b.By
	if invite.Dice == logs.DiceSolo {
		seat = invite.By
	}
	if wrong {
		seat += "-other"
	}
	return fuzzPlayer(t, seat).signer
}

// memoVerify makes the replay remember signature checks until tb ends.
func memoVerify(tb testing.TB) {
	real := verifyEntry
	tb.Cleanup(func() { verifyEntry = real })
	verifyEntry = func(e *logs.Entry, pub ssh.PublicKey) error {
		key := string(pub.Marshal()) + string(e.Line)
		fuzzVerifiedMu.Lock()
		err, ok := fuzzVerified[key]
		fuzzVerifiedMu.Unlock()
		if !ok {
			err = real(e, pub)
			fuzzVerifiedMu.Lock()
			if len(fuzzVerified) > 100000 {
				clear(fuzzVerified)
			}
			fuzzVerified[key] = err
			fuzzVerifiedMu.Unlock()
		}
		return err
	}
}

// fuzzVerified remembers signature checks by key and line.
var (
	fuzzVerifiedMu sync.Mutex
	fuzzVerified   = map[string]error{}
)

// fuzzLines remembers signed lines: most entries of an input are those of
// the inputs before it, and signing is most of the cost of an iteration.
var (
	fuzzLinesMu sync.Mutex
	fuzzLines   = map[string][]byte{}
)

// fuzzSign is logs.SignBody, remembered. Ed25519 signatures are
// deterministic, so a remembered line is the one SignBody would make.
func fuzzSign(s ssh.Signer, b *logs.Body) (*logs.Entry, error) {
	body, err := logs.EncodeBody(b)
	if err != nil {
		return nil, err
	}
	key := string(s.PublicKey().Marshal()) + string(body)
	fuzzLinesMu.Lock()
	line, ok := fuzzLines[key]
	fuzzLinesMu.Unlock()
	if ok {
		return logs.ParseLine(line)
	}
	e, err := logs.SignBody(s, b)
	if err != nil {
		return nil, err
	}
	fuzzLinesMu.Lock()
	if len(fuzzLines) > 100000 {
		clear(fuzzLines)
	}
	fuzzLines[key] = e.Line
	fuzzLinesMu.Unlock()
	return e, nil
}

// askAfterImport asks r what pbem asks after an import or a verify.
func askAfterImport(t testing.TB, r *Replay) {
	w := r.Waiting()
	r.Foreseeable()
	r.Seats()
	r.Epochs()
	// One state back in time, chosen by the log: each costs a replay.
	seq := int64(len(r.Entry(int64(r.Len()-1)).Line)) % int64(r.Len())
	if _, err := r.StateAt(seq); err != nil {
		t.Fatalf("StateAt(%d) of a log of %d entries: %v", seq, r.Len(), err)
	}
	r.Events(seq)
	if len(w.Seats) > 0 {
		// What pbem do and the automatic dice answers build next.
		seat := w.Seats[0]
		owner := seat
		if r.DiceMode() == logs.DiceSolo {
			owner = r.Seats()[0].Seat
		}
		p := fuzzPlayer(t, owner)
		own := Own{
			NextLink: func() (string, error) { return p.chain.Link(r.NextLinkIndex(seat)) },
			Seeds:    func() ([][]byte, error) { return [][]byte{p.seed}, nil },
		}
		if w.Dice {
			r.BuildWith(seat, nil, own, fuzzClock)
		} else {
			r.BuildWith(seat, []string{"end"}, own, fuzzClock)
		}
		// What each seat's own machine shows it of its sealed draws.
		r.Peek(seat, [][]byte{p.seed})
		r.SealedDraws()
	}
}

var fuzzClock = time.Date(2026, 6, 6, 12, 0, 0, 0, time.UTC)

// mutate applies one op of the program.
func mutate(t testing.TB, bodies []*logs.Body, flags []int, seats []string, op byte, x, y int) ([]*logs.Body, []int) {
	n := len(bodies)
	i, j := x%n, y%n
	b := bodies[i]
	switch op % opCount {
	case opSwap:
		bodies[i], bodies[j] = bodies[j], bodies[i]
		flags[i], flags[j] = flags[j], flags[i]
	case opDrop:
		bodies = append(bodies[:i:i], bodies[i+1:]...)
		flags = append(flags[:i:i], flags[i+1:]...)
	case opCopy:
		c := *b
		c.Draws = cloneDraws(b.Draws)
		bodies = append(bodies[:j:j], append([]*logs.Body{&c}, bodies[j:]...)...)
		flags = append(flags[:j:j], append([]int{flags[i]}, flags[j:]...)...)
	case opSeq:
		b.Seq = int64(y) - 16
		flags[i] |= keepSeq
	case opKind:
		b.Kind = fuzzKinds[y%len(fuzzKinds)]
	case opTo:
		b.To = int64(y % (n + 2))
	case opDraw:
		if len(b.Draws) == 0 {
			break
		}
		b.Draws = cloneDraws(b.Draws)
		k := (y >> 2) % len(b.Draws)
		switch y & 3 {
		case 0:
			if len(b.Draws[k].Values) > 0 {
				b.Draws[k].Values[0]++
			}
		case 1:
			b.Draws[k].Epoch++
		case 2:
			b.Draws = append(b.Draws[:k:k], b.Draws[k+1:]...)
		case 3:
			b.Draws = append(b.Draws, b.Draws[k])
		}
	case opLink:
		if y&1 == 0 {
			b.Link = bodies[(y>>1)%n].Link
		} else {
			b.Link, _ = fuzzPlayer(t, b.By).chain.Link(y >> 1)
		}
	case opBy:
		b.By = seats[y%len(seats)]
	case opRequest:
		if y&8 == 0 {
			b.Request = int64(y & 7)
		} else {
			b.Epoch = int64(y & 7)
		}
	case opCommands:
		b.Commands = bodies[j].Commands
	case opClear:
		switch y % 8 {
		case 0:
			b.Link = ""
		case 1:
			b.Draws = nil
		case 2:
			b.Request, b.Epoch = 0, 0
		case 3:
			b.Commands = nil
		case 4:
			b.To = 0
		case 5:
			b.Head = ""
		case 6:
			b.Key = ""
		case 7:
			b.Text = ""
		}
	case opRotate:
		*b = logs.Body{V: b.V, Game: b.Game, Seq: b.Seq, By: b.By, TS: b.TS, Kind: logs.KindRotate}
		fresh := fuzzPlayer(t, fmt.Sprintf("fresh-%d", y%4))
		if y&4 == 0 {
			b.Head = fresh.chain.Head()
		}
		if y&8 != 0 {
			b.Key = fresh.key()
		}
	case opFlags:
		flags[i] |= y
	case opNote:
		*b = logs.Body{V: b.V, Game: b.Game, Seq: b.Seq, By: b.By, TS: b.TS, Kind: logs.KindNote, Text: "n"}
	case opTakeback:
		kind := logs.KindTakeback
		if y&1 != 0 {
			kind = logs.KindAgree
		}
		c := &logs.Body{V: b.V, Game: b.Game, By: seats[(y>>1)%len(seats)], TS: b.TS, Kind: kind, To: int64((y >> 2) % n)}
		bodies = append(bodies[:i:i], append([]*logs.Body{c}, bodies[i:]...)...)
		flags = append(flags[:i:i], append([]int{0}, flags[i:]...)...)
	case opSealed:
		from := bodies[(y>>3)%n]
		switch y & 7 {
		case 0:
			b.Seal = from.Seal
		case 1:
			b.Secret = from.Secret
		case 2:
			b.Box, b.BoxKey = from.Box, from.BoxKey
		case 3:
			b.BoxKey = from.BoxKey
		case 4:
			b.Seal, b.Secret = "", ""
		case 5:
			b.Box, b.BoxKey = "", ""
		case 6:
			// The secret a seat's seed makes for epoch y>>3: a secret
			// revealed for the wrong draw, or by the wrong seat.
			b.Secret = hex.EncodeToString(logs.SealSecret(fuzzPlayer(t, b.By).seed, b.Game, b.By, int64(y>>3)))
		case 7:
			b.Secret = from.Box
		}
	}
	return bodies, flags
}

func cloneDraws(ds []logs.Draw) []logs.Draw {
	out := make([]logs.Draw, len(ds))
	for i, d := range ds {
		out[i] = logs.Draw{Epoch: d.Epoch, For: d.For, Sides: append([]int(nil), d.Sides...), Values: append([]int(nil), d.Values...)}
	}
	return out
}

// TestWriteFuzzSeeds writes FuzzReplayLog's seed corpus from the recorded logs
// and a duel played here: windows of a few dozen entries, so that each
// iteration stays cheap. Run with PBEM_WRITE_FUZZ_SEEDS=1.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("PBEM_WRITE_FUZZ_SEEDS") != "1" {
		t.Skip("writes the seed corpus only with PBEM_WRITE_FUZZ_SEEDS=1")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzReplayLog")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, prog []byte, lines [][]byte) {
		var text strings.Builder
		for _, l := range lines {
			body, _, _ := bytes.Cut(l, []byte("\t"))
			text.Write(body)
			text.WriteByte('\n')
		}
		data := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n[]byte(%q)\n", prog, text.String())
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range []struct {
		file string
		n    int
	}{
		// Every entry of Normandy '44's invasion costs milliseconds of rules:
		// its windows end soon after the first dice.
		{"freeplay-allied-german-strict.pbem", 24},
		{"normandy44-4-cherbourg-casual.pbem", 5},
		{"normandy44-4-cherbourg-4p-strict.pbem", 10},
	} {
		data, err := os.ReadFile(filepath.Join(recordedDir, w.file))
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		write(strings.TrimSuffix(w.file, ".pbem"), nil, lines[:min(w.n, len(lines))])
	}
	// Sealed draws: a look, a second look and the card taken by three
	// seats; and a card shuffled back, sealed to the end.
	for name, play := range map[string]func(tb *table){
		"cards-three-strict": func(tb *table) {
			tb.do("ann", "look")
			tb.settle(5)
			tb.do("ann", "roll")
			tb.settle(5)
			tb.do("ann", "end")
			tb.do("bob", "look")
			tb.settle(3)
			tb.do("bob", "take")
			tb.settle(3)
			tb.do("bob", "end")
			tb.do("cy", "look")
			tb.settle(5)
			tb.do("cy", "take")
		},
		"cards-two-strict": func(tb *table) {
			tb.do("ann", "look")
			tb.settle(5)
			tb.do("ann", "shuffle", "end")
			tb.do("bob", "look")
			tb.settle(5)
			tb.do("bob", "end")
			tb.do("ann", "take")
			tb.settle(5)
		},
	} {
		tb := cardsTable(t, strings.TrimSuffix(strings.TrimPrefix(name, "cards-"), "-strict"))
		play(tb)
		var lines [][]byte
		for _, e := range tb.r.Entries() {
			lines = append(lines, e.Line)
		}
		write(name, nil, lines)
	}
	// Duels in every dice mode, with a takeback agreed; and a casual one of
	// protocol v1, whose rules differ (the recorded windows are of v1 too).
	duels := map[string]*table{"duel-casual-v1": v1Table(t, "duel", "standard", nil, logs.DiceCasual, duelLoader, "red", "red", "blue")}
	for _, mode := range []logs.DiceMode{logs.DiceStrict, logs.DiceCasual, logs.DiceSolo} {
		duels["duel-"+string(mode)] = duelTable(t, mode)
	}
	for name, tb := range duels {
		playDuelWithTakeback(tb)
		var lines [][]byte
		for _, e := range tb.r.Entries() {
			lines = append(lines, e.Line)
		}
		write(name, nil, lines)
	}
}

// playDuelWithTakeback plays a short duel with every kind of entry a game
// between two players makes: attacks and their dice, a standing order, a
// note, and a takeback agreed.
func playDuelWithTakeback(tb *table) {
	attack := func(seat, other string) {
		tb.do(seat, "attack")
		tb.settle(10)
		if tb.r.Game().(*duel).Need == "choice" {
			tb.do(other, "hold")
			tb.settle(10)
		}
	}
	attack("red", "blue")
	tb.do("red", "end")
	mark := int64(tb.r.Len() - 1)
	tb.do("blue", "order hold")
	tb.mustAppend(tb.post("red", logs.KindNote, func(b *logs.Body) { b.Text = "sure?" }))
	tb.mustAppend(tb.post("blue", logs.KindTakeback, func(b *logs.Body) { b.To = mark }))
	tb.mustAppend(tb.post("red", logs.KindAgree, func(b *logs.Body) { b.To = mark }))
	attack("blue", "red")
	tb.do("blue", "end")
	attack("red", "blue")
}

// TestFuzzSeedsReplayWhole checks the harness: with no mutation, every entry
// of every seed is accepted again, so mutations start from a whole game.
func TestFuzzSeedsReplayWhole(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzReplayLog", "*"))
	seeds := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.SplitN(string(data), "\n", 4)
		if len(parts) < 3 || parts[1] != `[]byte("")` {
			continue // a program: a case the fuzzer found
		}
		var text string
		if _, err := fmt.Sscanf(strings.TrimSuffix(strings.TrimPrefix(parts[2], "[]byte("), ")"), "%q", &text); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		want := strings.Count(text, "\n")
		var bodies []*logs.Body
		for line := range strings.Lines(text) {
			var b logs.Body
			if err := json.Unmarshal([]byte(line), &b); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			bodies = append(bodies, &b)
		}
		r, err := Start(mustSign(t, bodies[0], bodies[0]), fuzzLoader)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, b := range bodies[1:] {
			if err := r.Append(mustSign(t, bodies[0], b)); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
		}
		if r.Len() != want {
			t.Fatalf("%s: %d of %d entries", file, r.Len(), want)
		}
		seeds++
	}
	if seeds < 5 {
		t.Fatalf("only %d seeds in testdata/fuzz/FuzzReplayLog", seeds)
	}
}

func mustSign(t *testing.T, invite, b *logs.Body) *logs.Entry {
	t.Helper()
	e, err := logs.SignBody(fuzzSigner(t, invite, b, false), b)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
