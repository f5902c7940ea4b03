package replay

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
)

// Recorded logs are whole signed logs as pbem export writes them, made by an
// earlier release and kept in testdata/recorded. Every later pbem must verify
// them as they are: a log signed today is played for months. A recorded log is
// written only by TestRecordLogs, with PBEM_RECORD_LOGS=1, and never over an
// existing file.

const recordedDir = "testdata/recorded"

// recordedGames are the logs kept, each played to its end by the random legal
// players of their engines (freeplay's with a fixed script first).
var recordedGames = []struct {
	file            string
	rules, scenario string
	options         []string
	mode            logs.DiceMode
	seats           []string // in the scenario's order; in TestRecordLogs the first invites
	seed            uint64
	// older, when set, says that an older release recorded the log, and
	// how: TestRecordLogs plays with the current code, which would make
	// another log (another protocol version), so it never records these.
	older string
	// variant is the edition the invite names, "" for the default.
	variant string
}{
	{"normandy44-4-cherbourg-strict.pbem", "normandy44", "cherbourg", nil, logs.DiceStrict, []string{"allied", "german"}, 11, "", ""},
	{"normandy44-4-cherbourg-casual.pbem", "normandy44", "cherbourg", nil, logs.DiceCasual, []string{"allied", "german"}, 12, "", ""},
	{"normandy44-4-cherbourg-4p-strict.pbem", "normandy44", "cherbourg", []string{"players=4"}, logs.DiceStrict, []string{"us", "cw", "german-cw", "german-us"}, 13, "", ""},
	{"normandy44-4-seven-turn-solo.pbem", "normandy44", "seven-turn", nil, logs.DiceSolo, []string{"allied", "german"}, 14, "", ""},
	{"normandy44-4-campaign-strict.pbem", "normandy44", "campaign", nil, logs.DiceStrict, []string{"allied", "german"}, 15, "", ""},
	{"freeplay-allied-german-strict.pbem", "freeplay", "allied-german", nil, logs.DiceStrict, []string{"allied", "german"}, 16, "", ""},
	// normandy44/5, the audit of edition 2.2, on the current Cherbourg text.
	{"normandy44-5-cherbourg-strict.pbem", "normandy44", "cherbourg", nil, logs.DiceStrict, []string{"allied", "german"}, 31, "", ""},
	// The first edition (variant ed1), which came with normandy44/5.
	{"normandy44-5-ed1-cherbourg-strict.pbem", "normandy44", "cherbourg", nil, logs.DiceStrict, []string{"allied", "german"}, 32, "", "ed1"},
	{"salerno43-1-avalanche-strict.pbem", "salerno43", "avalanche", nil, logs.DiceStrict, []string{"german", "allied"}, 31, "", ""},
	// Protocol v1 casual games that v2's rules refuse (docs/dice.md 3.7).
	// The first: german invites, and allied, who moves first, draws the
	// invasion's dice in the entry after its accept (entry 2), keyed by the
	// invite, older than allied's chain head.
	{"normandy44-4-cherbourg-casual-v1-german-invites.pbem", "normandy44", "cherbourg", nil, logs.DiceCasual, []string{"allied", "german"}, 21,
		"recorded by release a238ee3 (protocol v1): each player's pbem.App over files, the random legal player choosing the commands; not re-recordable", ""},
	// Three seats (players=3-allied) with casual dice, which v2 refuses at
	// the invite.
	{"normandy44-4-cherbourg-3p-casual-v1.pbem", "normandy44", "cherbourg", []string{"players=3-allied"}, logs.DiceCasual, []string{"us", "cw", "german"}, 22,
		"recorded by release a238ee3 (protocol v1), as the one above; not re-recordable", ""},
}

// TestRecordedLogs verifies every recorded log as pbem verify does: with no
// store, the shipped scenarios, every signature, draw, command and state hash.
func TestRecordedLogs(t *testing.T) {
	for _, rg := range recordedGames {
		t.Run(rg.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(recordedDir, rg.file))
			if err != nil {
				t.Fatalf("%v (record it with PBEM_RECORD_LOGS=1 go test -run TestRecordLogs)", err)
			}
			rep := Verify(bytes.NewReader(data), games.Shipped)
			if !rep.OK() {
				t.Fatalf("%d of %d entries verified: %v", rep.Verified, rep.Read, rep.Problems)
			}
			if v := rep.Replay.Invite().Body.Variant; v != rg.variant {
				t.Fatalf("the log's invite names variant %q, want %q", v, rg.variant)
			}
			if rep.Verified < 20 {
				t.Fatalf("only %d entries: not a whole game", rep.Verified)
			}
			// A v1 casual game verifies, and says what its dice do not prove.
			w := rep.Replay.ProtocolWarning()
			if v1 := rep.Replay.Protocol() == 1 && rg.mode == logs.DiceCasual; v1 != (w != "") || v1 && !strings.Contains(w, "protocol v1") {
				t.Fatalf("protocol v%d, %s dice: warning %q", rep.Replay.Protocol(), rg.mode, w)
			}
		})
	}
}

// TestRecordLogs plays and writes the recorded logs that are missing.
func TestRecordLogs(t *testing.T) {
	if os.Getenv("PBEM_RECORD_LOGS") != "1" {
		t.Skip("records missing logs only with PBEM_RECORD_LOGS=1")
	}
	if err := os.MkdirAll(recordedDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, rg := range recordedGames {
		path := filepath.Join(recordedDir, rg.file)
		if rg.older != "" {
			t.Logf("%s: %s", path, rg.older)
			continue
		}
		if _, err := os.Stat(path); err == nil {
			t.Logf("%s exists; not recorded again", path)
			continue
		}
		engine, err := games.Lookup(rg.rules)
		if err != nil {
			t.Fatal(err)
		}
		tb := newTableVariant(t, rg.rules, rg.scenario, rg.variant, rg.options, rg.mode, games.Shipped, rg.seats...)
		rnd := rand.New(rand.NewPCG(rg.seed, 1944))
		if rg.rules == "freeplay" {
			playFreeplayScript(tb)
		}
		for n := 0; ; n++ {
			tb.settle(10000)
			p := tb.r.Game().Pending()
			if p.Over || tb.r.Resigned() != "" {
				break
			}
			if n > 50000 {
				t.Fatalf("%s: no end", rg.file)
			}
			if p.Dice != nil {
				// Casual and solo dice: the seat whose action needs them
				// draws them with a reveal of its own next link.
				tb.do(string(p.Dice.By))
				continue
			}
			seat := p.Seats[0]
			cmd := engine.RandomCommand(tb.r.Game(), seat, rnd)
			if cmd == "" {
				t.Fatalf("%s: nothing to do for %s at %s", rg.file, seat, p.Phase)
			}
			tb.do(string(seat), cmd)
			if rg.rules == "freeplay" && n == 30 {
				// Free play has no end of its own: a player resigns.
				tb.settle(10)
				b := tb.r.NextBody("german", logs.KindResign, tb.now())
				tb.complete(b)
				tb.mustAppend(tb.sign(b))
			}
		}
		if err := os.WriteFile(path, tb.lines(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d entries, %d bytes", path, tb.r.Len(), len(tb.lines()))
	}
}

// playFreeplayScript adds the entries a game of random commands never makes:
// notes, a takeback that both agree to, and a rotated dice chain.
func playFreeplayScript(tb *table) {
	tb.t.Helper()
	note := func(seat, text string) {
		b := tb.r.NextBody(seat, logs.KindNote, tb.now())
		b.Text = text
		tb.complete(b)
		tb.mustAppend(tb.sign(b))
	}
	note("allied", "Good luck, and have fun.")
	tb.do("allied", "play 82nd Airborne drops at 2710")
	to := int64(tb.r.Len() - 1)
	tb.do("allied", "play 101st Airborne drops at 2814")
	b := tb.r.NextBody("allied", logs.KindTakeback, tb.now())
	b.To = to
	tb.complete(b)
	tb.mustAppend(tb.sign(b))
	b = tb.r.NextBody("german", logs.KindAgree, tb.now())
	b.To = to
	tb.complete(b)
	tb.mustAppend(tb.sign(b))
	note("german", "Taken back, as you asked.")
}
