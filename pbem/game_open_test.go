package pbem

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"github.com/pbem-referee/pbem/replay"
)

// debugLog collects an app's debug messages.
func debugLog(a *App) *[]string {
	var msgs []string
	a.Debugf = func(format string, args ...any) { msgs = append(msgs, fmt.Sprintf(format, args...)) }
	return &msgs
}

// sameReplay fails unless two replays of one log are in the same state.
func sameReplay(t *testing.T, got, want *replay.Replay) {
	t.Helper()
	g, err := got.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	w, err := want.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if string(g) != string(w) || got.Digest() != want.Digest() || got.Len() != want.Len() {
		t.Fatalf("the replays differ: %d entries, digest %s; want %d, %s", got.Len(), got.Digest(), want.Len(), want.Digest())
	}
}

// A command opens a game from the state kept after its last entry, folding
// nothing, into the state a whole replay reaches.
func TestOpenResumesFromKeptState(t *testing.T) {
	ctx := context.Background()
	_, jan, game := started(t)
	for _, c := range []string{"play 352nd Division holds at 2711", "play 91st Division counters at 2812"} {
		if _, err := jan.Do(ctx, game, []string{c}); err != nil {
			t.Fatal(err)
		}
	}
	o, err := jan.loadReplay(ctx, jan.Store.storeReader, game, -1)
	if err != nil {
		t.Fatal(err)
	}
	if o.from == nil || o.from.Seq != int64(o.r.Len()-1) || o.folded != 0 || o.misfit {
		t.Fatalf("opened from %+v, folding %d", o.from, o.folded)
	}
	whole, err := jan.replayWhole(ctx, jan.Store.storeReader, game, -1, -1)
	if err != nil {
		t.Fatal(err)
	}
	sameReplay(t, o.r, whole.r)
	// An older one serves a replay that must keep older entries, and those
	// after it are folded.
	o, err = jan.loadReplay(ctx, jan.Store.storeReader, game, 6)
	if err != nil {
		t.Fatal(err)
	}
	if o.from == nil || o.from.Seq >= 6 || o.folded == 0 || o.r.First() > 6 || o.r.Entry(6) == nil {
		t.Fatalf("opened from %+v, keeping entries from %d", o.from, o.r.First())
	}
	sameReplay(t, o.r, whole.r)
}

// editSnapshot changes the newest kept snapshot of a game in place: its JSON,
// then its sum (or not, to corrupt its bytes unnoticed by their sum).
func editSnapshot(t *testing.T, a *App, game string, resum bool, change func(s map[string]any)) {
	t.Helper()
	ctx := context.Background()
	snap, ok, err := a.Store.LatestSnapshot(ctx, game, math.MaxInt64)
	if err != nil || !ok {
		t.Fatalf("no snapshot: %v", err)
	}
	var s map[string]any
	if err := json.Unmarshal(snap.Data, &s); err != nil {
		t.Fatal(err)
	}
	change(s)
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	sum := snap.Sum
	if resum {
		sum = snapshotSum(data)
	}
	if _, err := a.Store.db.ExecContext(ctx, `UPDATE snapshots SET data = ?, sum = ? WHERE game = ? AND seq = ?`, data, sum, game, snap.Seq); err != nil {
		t.Fatal(err)
	}
}

// rulesState edits the rules engine's own snapshot inside a replay snapshot.
func rulesState(t *testing.T, s map[string]any, change func(st map[string]any)) {
	t.Helper()
	var raw []byte
	if err := json.Unmarshal([]byte(`"`+s["state"].(string)+`"`), &raw); err != nil {
		t.Fatal(err)
	}
	var st map[string]any
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	change(st)
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	s["state"] = b
}

// A kept state that does not fit its log is never used: bytes that do not
// match their sum, a rules state that does not hash to what the log records,
// lines that are not those it was made from, a snapshot of another format.
// The whole log is replayed instead, said only in a debug message, and a
// snapshot that fits takes the misfit's place.
func TestOpenCorruptedSnapshotReplaysWhole(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		resum  bool
		change func(t *testing.T, s map[string]any)
		want   string
	}{
		{"bytes changed behind their sum", false, func(t *testing.T, s map[string]any) { s["resigned"] = "german" }, "do not match their sum"},
		{"a rules state the log does not record", true, func(t *testing.T, s map[string]any) {
			rulesState(t, s, func(st map[string]any) { st["moves"] = st["moves"].(float64) + 1 })
		}, "hashes to"},
		{"made from other lines", true, func(t *testing.T, s map[string]any) {
			s["head"] = "sha256:" + strings.Repeat("0", 64)
		}, "not after the stored entry"},
		{"another format", true, func(t *testing.T, s map[string]any) { s["v"] = 9 }, "format 9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			anna, _, game := started(t)
			editSnapshot(t, anna, game, c.resum, func(s map[string]any) { c.change(t, s) })
			msgs := debugLog(anna)
			r, err := anna.Replay(ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			if len(*msgs) == 0 || !strings.Contains((*msgs)[0], c.want) || !strings.Contains((*msgs)[0], "replaying the whole log") {
				t.Fatalf("debug messages %q; want one saying %q and that the whole log is replayed", *msgs, c.want)
			}
			whole, err := anna.replayWhole(ctx, anna.Store.storeReader, game, -1, -1)
			if err != nil {
				t.Fatal(err)
			}
			sameReplay(t, r, whole.r)
			o, err := anna.loadReplay(ctx, anna.Store.storeReader, game, -1)
			if err != nil || o.from == nil || o.misfit {
				t.Fatalf("after the misfit, a kept state that fits: %+v, %v", o.from, err)
			}
		})
	}
}

// A kept state is never trusted over the log. Here jan's kept state has a
// wrong link for anna's dice chain (its rules state, which the log's hashes
// check, is right): anna's answer to his dice request does not follow from
// that link, but the whole log accepts it, so the import takes it, and the
// wrong state goes.
func TestImportRechecksAgainstWholeLog(t *testing.T) {
	ctx := context.Background()
	anna, jan, game := started(t)
	editSnapshot(t, jan, game, true, func(s map[string]any) {
		anna := s["seats"].([]any)[0].(map[string]any)
		anna["last"] = strings.Repeat("ab", 32)
	})
	msgs := debugLog(jan)
	if _, err := jan.Do(ctx, game, []string{"roll 2d6 for the counter-attack"}); err != nil {
		t.Fatal(err)
	}
	if rep := send(t, jan, anna, game); len(rep.Answered) != 1 {
		t.Fatalf("anna's pbem answers the request: %+v", rep)
	}
	rep := send(t, anna, jan, game)
	if rep.AddedCount() != 1 || len(rep.Answered) != 1 || len(rep.Answered[0].Entry.Draws) != 1 {
		t.Fatalf("jan takes anna's answer and draws: added %d, answered %+v", rep.AddedCount(), rep.Answered)
	}
	if !strings.Contains(strings.Join(*msgs, "\n"), "the kept state refused entry") {
		t.Fatalf("debug messages %q", *msgs)
	}
	r, err := jan.Replay(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := jan.replayWhole(ctx, jan.Store.storeReader, game, -1, -1)
	if err != nil {
		t.Fatal(err)
	}
	sameReplay(t, r, whole.r)
}

// A hand-over tells the entries its receiver has not seen even when the
// newest kept state is after them: it opens the game from an older one.
func TestHandOverSummaryFromOlderState(t *testing.T) {
	ctx := context.Background()
	_, jan, game := started(t)
	moves := []string{"play 352nd Division holds at 2711", "play 91st Division counters at 2812", "pass"}
	for _, c := range moves {
		if _, err := jan.Do(ctx, game, []string{c}); err != nil {
			t.Fatal(err)
		}
	}
	if o, err := jan.loadReplay(ctx, jan.Store.storeReader, game, -1); err != nil || o.r.First() != 8 {
		t.Fatalf("the newest kept state: %v", err)
	}
	q, err := jan.QueueHandOver(ctx, game)
	if err != nil || len(q) != 1 {
		t.Fatalf("queue: %v, %v", q, err)
	}
	due, err := jan.Store.DueMail(ctx, time.Now().Add(time.Hour))
	if err != nil || len(due) != 1 {
		t.Fatalf("due: %v, %v", due, err)
	}
	e, err := message.Read(bytes.NewReader(due[0].Message))
	if err != nil {
		t.Fatal(err)
	}
	part, err := e.MultipartReader().NextPart()
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(part.Body)
	if err != nil {
		t.Fatal(err)
	}
	summary := string(text)
	if !strings.Contains(summary, "you are receiving entries 6 to 8") {
		t.Fatalf("the summary does not name entries 6 to 8:\n%s", summary)
	}
	for i, c := range moves {
		if want := fmt.Sprintf("#%d german act: %s", 6+i, c); !strings.Contains(summary, want) {
			t.Errorf("the summary does not say %q", want)
		}
	}
}
