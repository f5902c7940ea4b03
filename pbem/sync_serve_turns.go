package pbem

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/safetext"
)

// turnWatch tells, round after round of serve, which games have started
// waiting for this player. A game is announced when it waits for the player
// and either serve has just started (or first sees it), or mail for it has
// just been imported and its log has changed since it was last seen waiting.
// So a game is announced once per change that mail brings, never again at
// an IDLE wake-up or a poll, and not after the player's own command in
// another terminal left it his turn. Solo games wait for no one else and
// are never announced.
type turnWatch struct {
	seen map[string]string // game -> head when last seen waiting for the player
}

// changes returns the games of rep to announce, and remembers rep.
func (w *turnWatch) changes(rep *SyncReport) []GameWaiting {
	if w.seen == nil {
		w.seen = map[string]string{}
	}
	arrived := map[string]bool{}
	for _, m := range rep.Messages {
		if m.Import != nil && (len(m.Import.Added) > 0 || len(m.Import.Answered) > 0) {
			arrived[m.Import.Game] = true
		}
	}
	var out []GameWaiting
	for _, gw := range rep.Games {
		id := gw.Game.ID
		if !gw.Yours || gw.Game.Dice == string(logs.DiceSolo) {
			delete(w.seen, id)
			continue
		}
		head, known := w.seen[id]
		w.seen[id] = gw.Head
		if known && (head == gw.Head || !arrived[id]) {
			continue
		}
		out = append(out, gw)
	}
	return out
}

// TurnHookTimeout is how long an on-turn command may run before it is
// stopped.
const TurnHookTimeout = 30 * time.Second

// TurnHook is the player's command run when a game starts waiting for him
// ('pbem serve --on-turn CMD'). The line follows the rules of a password
// command (parseCommandLine): run directly when it needs no shell, else by
// /bin/sh -c or cmd.exe /c. What the game says travels only in environment
// variables and on standard input, escaped, never inside the command line,
// so no text of an opponent's can become a command.
type TurnHook struct {
	line commandLine
	// Timeout stops a command that runs longer (TurnHookTimeout when zero).
	Timeout time.Duration
}

// NewTurnHook checks the command line and returns its hook.
func NewTurnHook(line string) (*TurnHook, error) {
	c, err := parseCommandLine(line)
	if err != nil {
		return nil, fmt.Errorf("--on-turn: %w", err)
	}
	return &TurnHook{line: c}, nil
}

// TurnEvent is what the hook is told of a game, as environment variables
// (PBEM_EVENT, PBEM_GAME, PBEM_SCENARIO, PBEM_SEAT, PBEM_WAITING, PBEM_HINT,
// PBEM_MESSAGE) and as JSON on standard input. Every field is escaped
// (safetext): no control or bidi character reaches the command.
type TurnEvent struct {
	Event    string `json:"event"` // "turn", or "invitation" for a game to join
	Game     string `json:"game"`
	Scenario string `json:"scenario"`
	Seat     string `json:"seat"`
	Waiting  string `json:"waiting"` // what the game waits for
	Hint     string `json:"hint"`    // what to run, e.g. "pbem join GAME"
	// Message says it all in a line, for a notification; Text is the same,
	// for the chat webhooks that read a JSON "text" (Slack, Mattermost).
	Message string `json:"message"`
	Text    string `json:"text"`
}

// NewTurnEvent describes a game that waits for the player.
func NewTurnEvent(gw GameWaiting) TurnEvent {
	e := TurnEvent{Event: "turn", Game: gw.Game.ID, Scenario: gw.Game.Rules + "/" + gw.Game.Scenario,
		Seat: gw.Game.Seat, Waiting: gw.Waiting.Text, Hint: gw.Hint}
	if strings.HasPrefix(gw.Hint, "pbem join ") {
		e.Event = "invitation"
		e.Message = fmt.Sprintf("pbem: an invitation to %s (%s): %s", e.Game, e.Scenario, e.Hint)
	} else {
		e.Message = fmt.Sprintf("pbem: your turn in %s (%s, %s): %s", e.Game, e.Scenario, e.Seat, e.Waiting)
	}
	for _, f := range []*string{&e.Game, &e.Scenario, &e.Seat, &e.Waiting, &e.Hint, &e.Message} {
		*f = safetext.Escape(*f)
	}
	e.Text = e.Message
	return e
}

// env is the event as environment variables.
func (e TurnEvent) env() []string {
	return []string{"PBEM_EVENT=" + e.Event, "PBEM_GAME=" + e.Game, "PBEM_SCENARIO=" + e.Scenario, "PBEM_SEAT=" + e.Seat,
		"PBEM_WAITING=" + e.Waiting, "PBEM_HINT=" + e.Hint, "PBEM_MESSAGE=" + e.Message}
}

// Run runs the command for one event and returns what it printed (standard
// output and error, at most 4 KiB), and how it failed: a missing program, an
// exit status, or the timeout.
func (h *TurnHook) Run(ctx context.Context, e TurnEvent) (string, error) {
	limit := h.Timeout
	if limit <= 0 {
		limit = TurnHookTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	stdin, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	cmd := h.line.command(ctx)
	cmd.Env = append(os.Environ(), e.env()...)
	cmd.Stdin = bytes.NewReader(append(stdin, '\n'))
	out := &cappedBuffer{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	err = cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("stopped after %s", limit)
	} else if err != nil {
		err = runError(err, nil)
	}
	return strings.TrimRight(out.String(), "\n"), err
}
