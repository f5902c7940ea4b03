package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

// printPlayed prints an entry and what it made happen.
func printPlayed(cmd *cobra.Command, p pbem.Played) {
	printEntry(cmd.OutOrStdout(), p.Entry, p.Events)
}

// printEntry prints one entry readably: seq, seat, time, what it carries, and
// the events it caused.
func printEntry(out io.Writer, e *logs.Entry, events []rules.Event) {
	safetext.Fprintf(out, "#%d %s %s %s", e.Seq, e.TS, e.By, e.Kind)
	switch {
	case e.Kind == logs.KindInvite:
		safetext.Fprintf(out, " %s/%s (%s), %s dice", e.Rules, e.Scenario, e.Engine, e.Dice)
	case e.Kind == logs.KindReveal && e.Epoch != 0:
		safetext.Fprintf(out, ": answers dice request %d", e.Epoch)
	case e.Kind == logs.KindReveal && e.Secret != "":
		safetext.Fprintf(out, ": reveals the secret of a sealed draw")
	case e.Kind == logs.KindReveal && e.Box != "":
		safetext.Fprintf(out, ": shows a sealed card to the seat that looks")
	case e.Kind == logs.KindReveal && e.BoxKey != "":
		safetext.Fprintf(out, ": sends its key to be shown a sealed card")
	case e.Kind == logs.KindReveal && e.Seal != "":
		safetext.Fprintf(out, ": requests a sealed draw")
	case e.Kind == logs.KindReveal && len(e.Draws) > 0 && e.Link == "":
		safetext.Fprintf(out, ": takes a sealed draw")
	case e.Kind == logs.KindReveal && e.Link == "":
		safetext.Fprintf(out, ": acknowledges another seat's dice chain")
	case e.Kind == logs.KindReveal:
		safetext.Fprintf(out, ": reveals its link")
	case e.Kind == logs.KindTakeback || e.Kind == logs.KindAgree:
		safetext.Fprintf(out, " to entry %d", e.To)
	}
	safetext.Fprintln(out)
	for _, c := range e.Commands {
		safetext.Fprintf(out, "    > %s\n", c)
	}
	for _, d := range e.Draws {
		if len(d.Values) == 0 || e.Secret != "" {
			safetext.Fprintf(out, "    %s\n", pbem.DrawLine(d, e))
			continue
		}
		safetext.Fprintf(out, "    dice %s: %s (epoch %d)\n", d.For, joinInts(d.Values), d.Epoch)
	}
	if l := pbem.RequestLine(e); l != "" {
		safetext.Fprintf(out, "    %s\n", l)
	}
	for _, ev := range events {
		safetext.Fprintf(out, "    = %s\n", ev.Text)
	}
}

func joinInts(v []int) string {
	var s []string
	for _, x := range v {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, " ")
}

// printWaitingFor reads a game and says what it waits for.
func printWaitingFor(cmd *cobra.Command, app *pbem.App, game string) {
	rec, r, err := app.Status(cmd.Context(), game)
	if err != nil {
		safetext.Fprintln(cmd.ErrOrStderr(), "pbem:", err)
		return
	}
	printWaiting(cmd, app, rec, r)
}

// printWaiting says what the game waits for, and whether it is this player.
func printWaiting(cmd *cobra.Command, app *pbem.App, rec pbem.GameRecord, r *replay.Replay) {
	w := r.Waiting()
	out := cmd.OutOrStdout()
	// A game stuck on an equivocation or a fork is nobody's turn.
	if issues, err := app.Issues(cmd.Context(), rec, r); err == nil && pbem.Stuck(issues) {
		for _, is := range issues {
			if is.Stuck {
				safetext.Fprintln(out, "stuck:", is.Short)
			}
		}
		return
	}
	switch {
	case w.Over:
		safetext.Fprintln(out, w.Text)
	case !seatJoined(r, rec.Seat):
		safetext.Fprintf(out, "your turn: accept the invitation with 'pbem join %s'\n", rec.ID)
	case slices.Contains(w.Seats, rec.Seat) || rec.Dice == string(logs.DiceSolo):
		if h := drawHint(rec, r); h != "" {
			safetext.Fprintf(out, "your turn: %s\n", h)
			return
		}
		safetext.Fprintf(out, "your turn: %s\n", w.Text)
	default:
		safetext.Fprintf(out, "waiting: %s\n", waitingText(w))
		// Only the author of the last entry has something the others lack.
		if r.Last().By == rec.Seat {
			if h := sendHint(cmd, app, rec, r); h != "" {
				safetext.Fprintln(out, h)
			}
		}
	}
}

// waitingText is what a game waits for, naming the seat that must act: the
// dice protocol's and the join's texts name it already, the rules' phase and
// prompt do not ("Turn 1, German Combat Phase (10.0): combat 1 on 2810: dd").
func waitingText(w replay.Waiting) string {
	if w.Dice || w.Over || len(w.Seats) == 0 || strings.HasPrefix(w.Text, "waiting for ") {
		return w.Text
	}
	return fmt.Sprintf("%s to act: %s", strings.Join(w.Seats, ", "), w.Text)
}

// seatJoined says whether seat has joined the game (a seat this player does
// not hold, or an unknown one, counts as joined).
func seatJoined(r *replay.Replay, seat string) bool {
	for _, s := range r.Seats() {
		if s.Seat == seat {
			return s.Head != ""
		}
	}
	return true
}

// drawHint says how to draw dice the rules await before anyone may choose,
// outside strict mode (where the protocol's request and answer do it): an
// entry with no command draws them, e.g. the Normandy '44 invasion's Scatter
// and beach assault dice (20.2, 20.3) right after the game starts. Empty when
// no such dice are awaited.
func drawHint(rec pbem.GameRecord, r *replay.Replay) string {
	if r.DiceMode() == logs.DiceStrict {
		return ""
	}
	d := r.Game().Pending().Dice
	if d == nil || len(r.Game().Legal(rules.Seat(rec.Seat))) > 0 {
		return ""
	}
	return fmt.Sprintf("draw the dice with 'pbem do %s' (no command): %s", rec.ID, d.For)
}

// nothingNow is what 'pbem legal' says when this player has no command to
// give: why, and what to do instead.
func nothingNow(rec pbem.GameRecord, r *replay.Replay) string {
	w := r.Waiting()
	if w.Over {
		return "nothing now: " + w.Text
	}
	if !seatJoined(r, rec.Seat) {
		return fmt.Sprintf("nothing yet: accept the invitation first with 'pbem join %s'", rec.ID)
	}
	if slices.Contains(w.Seats, rec.Seat) || rec.Dice == string(logs.DiceSolo) {
		// drawHint asks the rules for every legal choice: once is enough.
		if h := drawHint(rec, r); h != "" {
			return "nothing to choose: " + h
		}
	}
	if w.Dice && slices.Contains(w.Seats, rec.Seat) {
		// pbem answers the protocol itself on import; this store cannot
		// (a log restored from a file, without this seat's dice chain).
		return "nothing to choose: the dice protocol awaits your pbem (" + w.Text + "); 'pbem import' answers it when it holds your dice chain"
	}
	return "nothing now: " + waitingText(w)
}

// seatLine describes a seat: who holds it and whether it has joined.
func seatLine(s logs.Seat) string {
	who := strings.TrimSpace(s.Name + " <" + s.Mail + ">")
	if s.Mail == "" {
		who = s.Name
	}
	if s.Head == "" {
		if who == "" {
			return "open: waiting for a player to join"
		}
		return who + ", invited, not joined yet"
	}
	return who
}

// sendHint says how to send a game to the opponent: by mail once it is set
// up, and then only while something is unsent ("" when all went out).
func sendHint(cmd *cobra.Command, app *pbem.App, rec pbem.GameRecord, r *replay.Replay) string {
	game := rec.ID
	export := fmt.Sprintf("send it: pbem export %s -o %s.pbem", game, game)
	if _, err := app.Home.LoadMailConfig(); err != nil {
		return export + " (or set up mail: pbem mail setup)"
	}
	unsent, err := app.Unsent(cmd.Context(), rec, r)
	if err != nil {
		return "send it: pbem send " + game
	}
	for _, q := range unsent {
		switch {
		case q.To == "":
			return export + " (the invitation names no mail address for your opponent)"
		case q.ID == 0:
			return "send it: pbem send " + game
		}
	}
	if len(unsent) > 0 {
		q := unsent[0]
		return safetext.Sprintf("not sent yet: entries up to #%d wait in the outbox for %s (%s); pbem send, sync and serve retry from %s",
			q.Seq, q.To, q.LastError, q.NextAttempt.Local().Format(time.DateTime))
	}
	return ""
}
