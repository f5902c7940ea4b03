package pbem

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// filesMatch is the game two players play over files: the rules and the
// scenario, whose seats are "allied" and "german".
type filesMatch struct {
	Rules, Scenario string
}

// filesGame is a whole strict-dice game played over files between two
// players with homes and identities of their own.
type filesGame struct {
	ID        string
	Final     []byte // the final log file, as exported by the player who wrote last
	Commands  int    // commands the players gave
	Handovers int    // files exported by one player and imported by the other
	Result    string // the rules' result (S3.3 I)
	Anna, Jan *App
}

// e2eStuck is the report of a game in which nobody can act: an engine bug.
func e2eStuck(r *replay.Replay, why string, last []string) error {
	p := r.Game().Pending()
	seq := r.Len() - 1
	var dice string
	if p.Dice != nil {
		dice = p.Dice.For
	}
	return fmt.Errorf("the game is stuck at entry %d (%s): phase %q, prompt %q, pending seats %v, dice %q; waiting %q; the last commands %q",
		seq, why, p.Phase, p.Prompt, p.Seats, dice, r.Waiting().Text, last)
}

// playCherbourgOverFiles plays normandy44/cherbourg over files (playOverFiles).
func playCherbourgOverFiles(ctx context.Context, dir string, seed uint64, maxHandovers int) (*filesGame, error) {
	return playOverFiles(ctx, dir, filesMatch{Rules: "normandy44", Scenario: "cherbourg"}, seed, maxHandovers)
}

// playOverFiles plays m in strict dice mode from the invitation to the
// game's end: Anna (allied) invites Jan (german); each
// seat's commands are chosen by the random legal player
// (the engine's random player) on a copy of the game, given with App.Do by the
// seat's owner, and every hand-over is an Export to a file in dir and an
// Import of that file by the other player (whose pbem answers the dice
// protocol at once, as 'pbem import' does). maxHandovers bounds the game so
// that one that goes round in circles fails rather than hangs.
func playOverFiles(ctx context.Context, dir string, m filesMatch, seed uint64, maxHandovers int) (*filesGame, error) {
	rng := rand.New(rand.NewPCG(seed, 44))
	engine, err := games.Lookup(m.Rules)
	if err != nil {
		return nil, err
	}
	mk := func(name, mail string) (*App, error) {
		app, err := demoPlayer(filepath.Join(dir, strings.ToLower(name)), name, mail)
		if err != nil {
			return nil, err
		}
		return app, nil
	}
	anna, err := mk("Anna", "anna@example.org")
	if err != nil {
		return nil, err
	}
	jan, err := mk("Jan", "jan@example.org")
	if err != nil {
		anna.Close()
		return nil, err
	}
	cg := &filesGame{Anna: anna, Jan: jan}
	janID, err := jan.Identity()
	if err != nil {
		return cg, err
	}
	_, rec, err := anna.New(ctx, NewGame{Name: m.Scenario, Rules: m.Rules, Scenario: m.Scenario, Seat: "allied",
		OpponentKey: janID.AuthorizedKey(), OpponentMail: janID.Mail, Dice: logs.DiceStrict})
	if err != nil {
		return cg, fmt.Errorf("new: %w", err)
	}
	cg.ID = rec.ID
	game := rec.ID

	// hand writes from's whole log to a file and imports it at to.
	hand := func(from, to *App) error {
		cg.Handovers++
		path := filepath.Join(dir, fmt.Sprintf("%03d.pbem", cg.Handovers))
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		if _, _, err := from.Export(ctx, game, f); err != nil {
			f.Close()
			return fmt.Errorf("export %d: %w", cg.Handovers, err)
		}
		if err := f.Close(); err != nil {
			return err
		}
		f, err = os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rep, err := to.Import(ctx, f, path)
		if err != nil {
			return fmt.Errorf("import %s: %w", path, err)
		}
		if rep.Failed != nil || len(rep.Equivocations) > 0 {
			return fmt.Errorf("import %s: %v %v", path, rep.Failed, rep.Equivocations)
		}
		return nil
	}

	if err := hand(anna, jan); err != nil {
		return cg, err
	}
	if _, err := jan.Join(ctx, game, ""); err != nil {
		return cg, fmt.Errorf("join: %w", err)
	}
	owner := map[string]*App{"allied": anna, "german": jan}
	other := map[*App]*App{anna: jan, jan: anna}
	holder := jan // the player who wrote last, who holds the whole log
	var last []string
	var after *replay.Replay // the holder's game after its last entry, if it made one
	for cg.Handovers < maxHandovers {
		r := after
		if r == nil {
			if _, r, err = holder.Status(ctx, game); err != nil {
				return cg, err
			}
		}
		after = nil
		w := r.Waiting()
		if w.Over {
			cg.Result = r.Game().Pending().Result
			break
		}
		if len(w.Seats) == 0 {
			return cg, e2eStuck(r, "nobody may act", last)
		}
		next := owner[w.Seats[0]]
		if next != holder {
			// The dice protocol awaits the other player, or it is their
			// turn or decision: a file goes over.
			if err := hand(holder, next); err != nil {
				return cg, err
			}
			holder = next
			continue
		}
		if w.Dice {
			// The holder's own pbem answers the protocol on import; a
			// dice step awaited from the holder itself is a stall.
			return cg, e2eStuck(r, "the dice protocol awaits the player who holds the log", last)
		}
		seat := rules.Seat(w.Seats[0])
		g := r.Game().Clone()
		cmds, err := randomTurn(engine, g, seat, rng, 60)
		if err != nil {
			return cg, e2eStuck(r, err.Error(), append(last, cmds...))
		}
		if len(cmds) == 0 {
			return cg, e2eStuck(r, string(seat)+" must act and the random player has no legal command", last)
		}
		p, err := holder.Do(ctx, game, cmds)
		if err != nil {
			return cg, fmt.Errorf("%s gives %q: %w", seat, cmds, err)
		}
		after = p.Replay
		cg.Commands += len(cmds)
		last = cmds
	}
	if cg.Result == "" {
		_, r, _ := holder.Status(ctx, game)
		return cg, e2eStuck(r, fmt.Sprintf("no result after %d hand-overs", cg.Handovers), last)
	}
	// The last writer sends the final log, so that both hold it.
	if err := hand(holder, other[holder]); err != nil {
		return cg, err
	}
	var buf bytes.Buffer
	if _, _, err := holder.Export(ctx, game, &buf); err != nil {
		return cg, err
	}
	cg.Final = buf.Bytes()
	return cg, nil
}

// checkReplay folds a log from its invitation, with no store, and checks
// that every entry's recorded state hash is the one this engine computes.
func checkReplay(log []byte) (*replay.Replay, error) {
	entries, err := logs.ReadAll(bytes.NewReader(log))
	if err != nil {
		return nil, err
	}
	r, err := replay.Start(entries[0], games.Shipped)
	if err != nil {
		return nil, err
	}
	for _, e := range entries[1:] {
		if err := r.Append(e); err != nil {
			return nil, err
		}
		if h := r.Game().Hash(); h != e.State {
			return nil, fmt.Errorf("entry %d records %s, the replay computes %s", e.Seq, e.State, h)
		}
	}
	return r, nil
}

// checkFinalLog checks a finished game over files: both stores hold the
// final log byte for byte; the file verifies on its own, as 'pbem verify
// FILE' checks it (no store, no identity, the shipped scenarios), with the
// game's result and strict dice; and a replay reproduces every recorded
// state hash, which it returns.
func checkFinalLog(t *testing.T, ctx context.Context, cg *filesGame) *replay.Replay {
	t.Helper()
	var a, j bytes.Buffer
	if _, _, err := cg.Anna.Export(ctx, cg.ID, &a); err != nil {
		t.Fatal(err)
	}
	if _, _, err := cg.Jan.Export(ctx, cg.ID, &j); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), j.Bytes()) || !bytes.Equal(a.Bytes(), cg.Final) {
		t.Fatal("both players hold the same final log")
	}
	rep := replay.Verify(bytes.NewReader(cg.Final), games.Shipped)
	if !rep.OK() {
		t.Fatalf("the final log verifies: %v (%d of %d entries)", rep.Problems, rep.Verified, rep.Read)
	}
	if got := rep.Replay.Game().Pending().Result; got != cg.Result {
		t.Fatalf("the verified log ends on %q, the game on %q", got, cg.Result)
	}
	if rep.Replay.DiceMode() != logs.DiceStrict {
		t.Fatalf("dice mode %s", rep.Replay.DiceMode())
	}
	r, err := checkReplay(cg.Final)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkSeriesGame checks a finished game of the series over files: both
// homes hold the final log, it verifies alone and replays every state hash
// (checkFinalLog); the game went through moves, combats and strict dice.
func checkSeriesGame(t *testing.T, ctx context.Context, cg *filesGame, start time.Time) {
	t.Helper()
	r := checkFinalLog(t, ctx, cg)
	seen := map[string]int{}
	for seq := range int64(r.Len()) {
		e := r.Entry(seq)
		for _, c := range e.Commands {
			verb, _, _ := strings.Cut(c, " ")
			seen[verb]++
		}
		seen["draws"] += len(e.Draws)
	}
	if seen["attack"] == 0 || seen["move"] == 0 || seen["draws"] == 0 {
		t.Errorf("the game played moves, attacks and dice: %v", seen)
	}
	t.Logf("%s: %d entries, %d dice epochs, %d commands, %d files handed over, %v; %s (%.1fs)",
		cg.ID, r.Len(), r.Epochs(), cg.Commands, cg.Handovers, seen, cg.Result, time.Since(start).Seconds())
}

// Issue 5, "Done when": two players play the Cherbourg scenario from the
// airborne drops to the turn-12 victory check (S3.3 I) in strict dice mode by
// exchanging files.
func TestCherbourgStrictGameOverFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game: several seconds")
	}
	ctx := context.Background()
	start := time.Now()
	cg, err := playCherbourgOverFiles(ctx, t.TempDir(), 1, 4000)
	if cg != nil && cg.Anna != nil {
		defer cg.Anna.Close()
		defer cg.Jan.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	// S1.3, S3.3 I: after the last turn the victory check names a winner.
	if !strings.Contains(cg.Result, " win after turn 12 (S3.3 I): ") ||
		!(strings.HasPrefix(cg.Result, "the Allies win") || strings.HasPrefix(cg.Result, "the Germans win")) {
		t.Fatalf("the game ends with the turn-12 victory check: %q", cg.Result)
	}

	r := checkFinalLog(t, ctx, cg)

	// The game opened with the Special Invasion Phase: the airborne Scatter
	// (20.2) and the Utah assault (20.3), drawn from the strict dice stream;
	// the turn went on with attacks and decisions of the defender.
	var seen = map[string]int{}
	for seq := range int64(r.Len()) {
		e := r.Entry(seq)
		for _, ev := range r.Events(seq) {
			switch {
			case strings.HasPrefix(ev.Text, "Scatter "):
				seen["scatter"]++
			case strings.HasPrefix(ev.Text, "Beach assault on utah"):
				seen["utah"]++
			case strings.HasPrefix(ev.Text, "End of turn "):
				seen["turns"]++
			}
		}
		for _, c := range e.Commands {
			verb, _, _ := strings.Cut(c, " ")
			seen[verb]++
		}
		seen["draws"] += len(e.Draws)
	}
	if seen["scatter"] != 6 || seen["utah"] == 0 || seen["turns"] != 11 || seen["attack"] == 0 || seen["draws"] == 0 {
		t.Errorf("the game played the drops, the assault, 12 turns and combats: %v", seen)
	}
	t.Logf("%s: %d entries, %d dice epochs, %d commands, %d files handed over, %v; %s (%.1fs)",
		cg.ID, r.Len(), r.Epochs(), cg.Commands, cg.Handovers, seen, cg.Result, time.Since(start).Seconds())
}

// BenchmarkCherbourgStrictOverFiles plays a whole strict Cherbourg game over
// files once, then times what anyone holding the final file does: verify it
// alone (as 'pbem verify') and fold it again checking every state hash.
func BenchmarkCherbourgStrictOverFiles(b *testing.B) {
	ctx := context.Background()
	start := time.Now()
	cg, err := playCherbourgOverFiles(ctx, b.TempDir(), 1, 4000)
	if cg != nil && cg.Anna != nil {
		defer cg.Anna.Close()
		defer cg.Jan.Close()
	}
	if err != nil {
		b.Fatal(err)
	}
	played := time.Since(start)
	entries := bytes.Count(cg.Final, []byte("\n"))
	b.ResetTimer()
	for b.Loop() {
		if rep := replay.Verify(bytes.NewReader(cg.Final), games.Shipped); !rep.OK() {
			b.Fatal(rep.Problems)
		}
		if _, err := checkReplay(cg.Final); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cg.Commands), "commands")
	b.ReportMetric(float64(entries), "entries")
	b.ReportMetric(float64(cg.Handovers), "files")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(entries), "ns/entry")
	b.ReportMetric(played.Seconds(), "s-to-play")
}

// A game that does not end within its bound is reported with where it
// stands (entry, phase, prompt, pending seats, the last commands), not hung.
func TestCherbourgOverFilesReportsStall(t *testing.T) {
	cg, err := playCherbourgOverFiles(context.Background(), t.TempDir(), 1, 4)
	if cg != nil && cg.Anna != nil {
		defer cg.Anna.Close()
		defer cg.Jan.Close()
	}
	if err == nil {
		t.Fatal("a whole game in 4 hand-overs")
	}
	for _, want := range []string{"stuck at entry", "no result after 4 hand-overs", `phase "Turn 1, `, "pending seats", "the last commands"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the report lacks %q: %v", want, err)
		}
	}
}

// normandy is Normandy '44 as pbem finds it.
func normandy() rules.Engine {
	e, err := games.Lookup("normandy44")
	if err != nil {
		panic(err)
	}
	return e
}
