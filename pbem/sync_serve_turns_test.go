package pbem

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pbem-referee/pbem/replay"
)

// A game is announced when it starts waiting for the player: at the first
// round, and after mail changed it; never again for the same change, not
// after the player's own command, never for solo games.
func TestTurnWatch(t *testing.T) {
	game := func(id, head string, yours bool) GameWaiting {
		return GameWaiting{Game: GameRecord{ID: id, Dice: "strict"}, Head: head, Yours: yours}
	}
	arrived := func(id string) SyncedMessage {
		return SyncedMessage{Import: &ImportReport{Game: id, Added: []Played{{}}}}
	}
	var w turnWatch
	for i, round := range []struct {
		msgs  []SyncedMessage
		games []GameWaiting
		want  []string
	}{
		{nil, []GameWaiting{game("a", "h1", true), game("b", "h1", false), {Game: GameRecord{ID: "solo", Dice: "solo"}, Yours: true}}, []string{"a"}},
		{nil, []GameWaiting{game("a", "h1", true), game("b", "h1", false)}, nil},                                    // a wake-up: nothing new
		{nil, []GameWaiting{game("a", "h2", true), game("b", "h1", false)}, nil},                                    // the player's own command
		{[]SyncedMessage{arrived("b")}, []GameWaiting{game("a", "h2", true), game("b", "h2", true)}, []string{"b"}}, // mail made b his
		{[]SyncedMessage{arrived("a")}, []GameWaiting{game("a", "h2", true), game("b", "h2", true)}, nil},           // a duplicate: no change
		{nil, []GameWaiting{game("a", "h3", false), game("b", "h2", true)}, nil},                                    // he moved and sent in a
		{[]SyncedMessage{arrived("a")}, []GameWaiting{game("a", "h4", true), game("b", "h2", true)}, []string{"a"}}, // the answer came
		{[]SyncedMessage{arrived("a")}, []GameWaiting{game("a", "h5", true), game("b", "h2", true)}, []string{"a"}}, // dice came back: a new decision
	} {
		var got []string
		for _, gw := range w.changes(&SyncReport{Messages: round.msgs, Games: round.games}) {
			got = append(got, gw.Game.ID)
		}
		if !slices.Equal(got, round.want) {
			t.Errorf("round %d: announced %v, want %v", i, got, round.want)
		}
	}
}

// The on-turn command gets the game in its environment and as JSON on its
// standard input, escaped; it runs with no shell; its failures and its
// timeout are reported.
func TestTurnHook(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(helperEnv, "1")
	t.Setenv("PATH", t.TempDir()) // no shell
	gw := GameWaiting{Game: GameRecord{ID: "duel-5c2e01", Rules: "freeplay", Scenario: "allied-german", Seat: "german", Dice: "strict"},
		Waiting: replay.Waiting{Text: "german to act\n\x1b[2Jverified ok"}, Hint: "pbem do duel-5c2e01 ..., then pbem send duel-5c2e01", Yours: true}
	e := NewTurnEvent(gw)
	wantMsg := `pbem: your turn in duel-5c2e01 (freeplay/allied-german, german): german to act\n\x1b[2Jverified ok`
	if e.Event != "turn" || e.Message != wantMsg || e.Text != wantMsg {
		t.Fatalf("event %+v\nwant the message %s", e, wantMsg)
	}

	hook, err := NewTurnHook(fmt.Sprintf("'%s' -- 'a $PBEM_GAME'", exe))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PBEM_TEST_HELPER_PRINT", "PBEM_MESSAGE")
	t.Setenv("PBEM_TEST_HELPER_STDIN", "1")
	out, err := hook.Run(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(out, "\n", 3)
	if len(lines) != 3 || lines[0] != "a $PBEM_GAME" || lines[1] != wantMsg {
		t.Fatalf("the command printed:\n%s\nwant its argument as written, then $PBEM_MESSAGE escaped", out)
	}
	var got TurnEvent
	if err := json.Unmarshal([]byte(lines[2]), &got); err != nil || got != e {
		t.Fatalf("standard input: %q (%v), want the event as JSON", lines[2], err)
	}
	for _, bad := range []string{"\x1b", "\n" + "\x1b"} {
		if strings.Contains(out, bad) {
			t.Fatalf("a control character reached the command: %q", out)
		}
	}

	t.Setenv("PBEM_TEST_HELPER_STDIN", "")
	t.Setenv("PBEM_TEST_HELPER_EXIT", "3")
	if out, err := hook.Run(context.Background(), e); err == nil || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(out, "helper failing") {
		t.Fatalf("a failing command: %v, printed %q", err, out)
	}
	t.Setenv("PBEM_TEST_HELPER_EXIT", "")
	t.Setenv("PBEM_TEST_HELPER_SLEEP", "10s")
	hook.Timeout = 200 * time.Millisecond
	start := time.Now()
	if _, err := hook.Run(context.Background(), e); err == nil || !strings.Contains(err.Error(), "stopped after 200ms") || time.Since(start) > 5*time.Second {
		t.Fatalf("a command that hangs: %v after %s", err, time.Since(start))
	}
	if _, err := NewTurnHook(`notify-send "unclosed`); err == nil || !strings.Contains(err.Error(), `--on-turn: unclosed "`) {
		t.Fatalf("a command that does not split: %v", err)
	}
	inv := NewTurnEvent(GameWaiting{Game: GameRecord{ID: "duel-1", Rules: "freeplay", Scenario: "x"}, Hint: "pbem join duel-1", Yours: true})
	if inv.Event != "invitation" || !strings.Contains(inv.Message, "an invitation to duel-1") {
		t.Fatalf("an invitation: %+v", inv)
	}
}

// Serve calls OnTurn once when the opponent's move makes it the player's
// turn, and not again at the wake-ups after it.
func TestServeAnnouncesTurnOnce(t *testing.T) {
	ctx := testCtx(t)
	w := newMailWorld(t)
	anna := mailPlayer(t, w, "Anna", "anna")
	jan := mailPlayer(t, w, "Jan", "jan")
	game := startMailGame(t, ctx, w, anna, jan)

	var mu sync.Mutex
	var turns []GameWaiting
	rounds := make(chan *SyncReport, 64)
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- jan.Serve(sctx, ServeOptions{
			Poll:    20 * time.Millisecond, // wake up often
			OnSync:  func(r *SyncReport) { rounds <- r },
			OnTurn:  func(gw GameWaiting) { mu.Lock(); turns = append(turns, gw); mu.Unlock() },
			OnError: func(err error, _ time.Duration) { t.Errorf("serve: %v", err) },
		})
	}()
	<-rounds // the first round: anna's turn, nothing to announce
	if _, err := anna.Do(ctx, game, []string{"pass"}); err != nil {
		t.Fatal(err)
	}
	mustSend(t, ctx, anna, game)
	for {
		if r := <-rounds; len(r.Messages) > 0 {
			break
		}
	}
	for range 5 { // wake-ups with nothing new
		<-rounds
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(turns) != 1 || turns[0].Game.ID != game || !turns[0].Yours {
		t.Fatalf("announced %+v, want game %s once", turns, game)
	}
}
