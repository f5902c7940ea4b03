package main

import (
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

func mailCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mail",
		Short: "set up and test the mail account games travel by",
		Long: `Set up the mail account pbem sends and fetches game mail with, and test it.
The password is never stored: pbem reads it from an environment variable or a
command (a password manager) each time it connects.`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(mailSetupCmd(), mailTestCmd())
	return cmd
}

func mailTestCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "test",
		Short: "connect to both servers, log in, and say exactly what fails",
		Long: `Connect to both servers, log in, and open the folders. A failure names the
server, the step (DNS, TCP, TLS, greeting, auth, folder), how long pbem waited
when the server did not answer, and what to check: a TLS port spoken to in
the clear or the reverse, the IMAP and SMTP settings swapped, a password
refused (and where it came from), a folder missing.`,
		Example: "  pbem mail test",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withApp(func(app *pbem.App) error {
				errs := app.MailTest(cmd.Context())
				for _, err := range errs {
					safetext.Fprintln(cmd.ErrOrStderr(), "FAILED:", err)
					printAdvice(cmd.ErrOrStderr(), err)
				}
				if len(errs) > 0 {
					return errFailed
				}
				safetext.Fprintln(cmd.OutOrStdout(), "IMAP and SMTP: connected, logged in, folders found")
				return nil
			})
		},
	}
}

func sendCmd() *cobra.Command {
	var to []string
	cmd := &cobra.Command{
		Use:   "send GAME",
		Short: "mail the game's log to your opponent",
		Long: `Mail your opponent the game: a summary of what happened since they last
played, and the whole signed log as an attachment. The message goes through an
outbox: a failed send is retried (by the next send, sync or serve) and nothing
is ever sent twice.

Hand-overs go to the address each opponent's own join entry names. pbem sends
nothing, and says why, when that address differs from the one your invitation
named (--opponent-email) or from every address the opponent's mail came from:
ask your opponent by other means, then choose with --to. The choice is kept
for the game, and pbem stops asking about that seat.`,
		Example: `  pbem send cherbourg-3fa9c1
  pbem send cherbourg-3fa9c1 --to jan@example.org
  pbem send cotentin-77aa01 --to cw=ian@example.org     # a game with several opponents`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				for _, spec := range to {
					seat, addr, ok := strings.Cut(spec, "=")
					if !ok {
						seat, addr = "", spec
					}
					h, err := app.ChooseAddress(cmd.Context(), args[0], seat, addr)
					if err != nil {
						return err
					}
					safetext.Fprintf(cmd.OutOrStdout(), "hand-overs for %s now go to %s (your choice, kept for this game)\n", h.Seat, h.To)
				}
				q, rep, err := app.Send(cmd.Context(), args[0])
				printQueued(cmd, q, rep)
				printFlush(cmd, rep)
				return err
			})
		},
	}
	cmd.Flags().StringArrayVar(&to, "to", nil, "send the hand-overs to this address (SEAT=ADDRESS when the game has several opponents); kept for the game")
	return cmd
}

// printQueued says, for each recipient, what send queued, or why there was
// nothing new for it; and when nothing at all was new, says so.
func printQueued(cmd *cobra.Command, q []pbem.Queued, rep *pbem.FlushReport) {
	out := cmd.OutOrStdout()
	fresh := false
	for _, m := range q {
		switch {
		case m.New:
			fresh = true
			safetext.Fprintf(out, "queued game %s up to entry %d for %s\n", m.Game, m.Seq, m.To)
		case m.Theirs:
			safetext.Fprintf(out, "nothing new for %s: the newest entry, #%d, is its own\n", m.To, m.Seq)
		case !m.Sent.IsZero():
			safetext.Fprintf(out, "nothing new for %s: entries up to #%d went to it at %s\n", m.To, m.Seq, m.Sent.Local().Format(time.DateTime))
		case rep != nil && slices.ContainsFunc(rep.Sent, func(s pbem.OutboxMessage) bool { return s.ID == m.ID }):
			fresh = true // queued earlier, sent now: printFlush says so
		default:
			safetext.Fprintf(out, "entries up to #%d for %s were queued before and wait in the outbox\n", m.Seq, m.To)
			fresh = true
		}
	}
	if len(q) > 0 && !fresh {
		safetext.Fprintf(out, "nothing new to send in game %s. To send the log again (a message lost on the way): pbem export %s -o %s.pbem, and attach it\n",
			q[0].Game, q[0].Game, q[0].Game)
	}
}

func printFlush(cmd *cobra.Command, rep *pbem.FlushReport) {
	if rep == nil {
		return
	}
	for _, m := range rep.Sent {
		safetext.Fprintf(cmd.OutOrStdout(), "sent game %s up to entry %d to %s\n", m.Game, m.Seq, m.To)
	}
	for _, m := range rep.Failed {
		safetext.Fprintf(cmd.ErrOrStderr(), "not sent yet (retry after %s): game %s entry %d to %s: %s\n",
			m.NextAttempt.Local().Format(time.DateTime), m.Game, m.Seq, m.To, m.LastError)
	}
}

func syncCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "sync",
		Short: "fetch and verify new game mail, send the outbox, and say what waits for you",
		Long: `Fetch the new game messages (only those: the server finds them by their
X-PBEM headers), verify and import each log, answer dice requests (no choice of
yours is needed), send the outbox, and list what waits in each game. A message
that does not verify is reported and left where it is; nothing stored changes.
Invitations you did not expect are listed apart, and nothing is answered or
sent for them. A dice answer whose hand-over address is unconfirmed (see
'pbem send --help') is stored, not mailed, and sync says what to do. A message
larger than max_message_size (32MiB unless set: see 'pbem mail setup --help')
is not downloaded at all: it stays on the server and is reported, and a sync
after the limit is raised fetches it.`,
		Example: "  pbem sync",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withApp(func(app *pbem.App) error {
				rep, err := app.Sync(cmd.Context())
				if rep != nil && printSync(cmd, app, rep) && err == nil {
					return errFailed
				}
				return err
			})
		},
	}
}

// printSync prints a sync's report; it returns whether a message failed.
func printSync(cmd *cobra.Command, app *pbem.App, rep *pbem.SyncReport) (failed bool) {
	out := cmd.OutOrStdout()
	if rep.Reset {
		safetext.Fprintf(out, "%s was renumbered by the server (UIDVALIDITY changed): read again from the start\n", rep.Mailbox)
	}
	imported := map[string]bool{}
	for _, m := range rep.Messages {
		if m.Import != nil {
			printImport(cmd, app, m.Import)
			imported[m.Import.Game] = true
		}
		for _, w := range m.Held {
			safetext.Fprintf(out, "your dice answer in game %s is stored but not mailed: %s\n", w.Game, w.String())
		}
		if m.Problem != nil {
			failed = true
			safetext.Fprintf(cmd.ErrOrStderr(), "message %s (UID %d) left in %s: %v\n", m.MessageID, m.UID, rep.Mailbox, m.Problem)
		}
	}
	if len(rep.Messages) == 0 {
		safetext.Fprintln(out, "no new game mail")
	}
	if rep.Moved > 0 {
		safetext.Fprintf(out, "moved %d imported messages to the processed folder\n", rep.Moved)
	}
	printFlush(cmd, rep.Flush)
	if rep.FlushError != nil {
		safetext.Fprintln(cmd.ErrOrStderr(), "sending:", rep.FlushError)
		printAdvice(cmd.ErrOrStderr(), rep.FlushError)
	}
	for _, ir := range rep.Repaired {
		printImport(cmd, app, ir)
	}
	for _, g := range rep.Games {
		mark := "  "
		if g.Yours {
			mark = "* "
		}
		for _, is := range g.Issues {
			safetext.Fprintf(out, "! %s: %s\n", g.Game.ID, is.Short)
		}
		safetext.Fprintf(out, "%s%s: %s", mark, g.Game.ID, g.Waiting.Text)
		if g.Hint != "" {
			safetext.Fprintf(out, " (%s)", g.Hint)
		}
		safetext.Fprintln(out)
		if !imported[g.Game.ID] { // printImport has said it already
			printAddressWarnings(out, "    ", g.Warnings)
		}
	}
	var older []pbem.Invitation
	for _, inv := range rep.Invitations {
		if !imported[inv.Game.ID] {
			older = append(older, inv)
		}
	}
	printUnexpected(out, older)
	return failed
}

func serveCmd() *cobra.Command {
	var poll time.Duration
	var onTurn string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "stay connected: import game mail as it arrives and answer dice requests",
		Long: `Stay connected to the IMAP server (IDLE, or polling where the server lacks
it): import and verify game mail as it arrives, answer dice requests and mail
the answers (they need no choice of yours; not to an unconfirmed address, see
'pbem send --help'), send the outbox, and report what needs you. It
reconnects after network failures and stops on Ctrl-C or SIGTERM.

--on-turn CMD runs a command each time a game starts waiting for you: when
serve starts, for each game that already does, and then whenever mail makes
a game yours (a move, dice that came back, an invitation); never twice for
the same change. The command is split like a password command (see 'pbem
mail setup --help'): run directly when it needs no shell, by /bin/sh -c (on
Windows cmd.exe /c) when it uses $VARIABLES, pipes or redirections. What the
game says is never put into the command line: the command finds it in the
environment, escaped,

  PBEM_EVENT     turn, or invitation
  PBEM_GAME      the game's id
  PBEM_SCENARIO  e.g. normandy44/cherbourg
  PBEM_SEAT      your seat
  PBEM_WAITING   what the game waits for
  PBEM_HINT      what to run, e.g. 'pbem join GAME'
  PBEM_MESSAGE   all of it in one line, for a notification

and as one JSON object on standard input with the same fields in lower case
(event, game, scenario, seat, waiting, hint, message) and "text", the message
again, the field that Slack-style chat webhooks read. Its output is printed;
a command that fails, or runs longer than 30s and is stopped, is reported, and
serve goes on.`,
		Example: `  pbem serve
  pbem serve --poll 30s
  pbem serve --on-turn 'notify-send "pbem" "$PBEM_MESSAGE"'          # Linux desktop
  pbem serve --on-turn 'osascript -e "display notification (system attribute \"PBEM_MESSAGE\") with title \"pbem\""'   # macOS
  pbem serve --on-turn 'curl -fsS -H "Content-Type: application/json" --data-binary @- https://hooks.slack.com/services/T0/B0/XXXX'
  pbem serve --on-turn 'curl -fsS -d "$PBEM_MESSAGE" https://ntfy.sh/my-pbem-topic'
  pbem serve --on-turn "powershell -NoProfile -File C:\Users\anna\pbem-turn.ps1"   # Windows: the script reads $env:PBEM_MESSAGE`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var hook *pbem.TurnHook
			if onTurn != "" {
				var err error
				if hook, err = pbem.NewTurnHook(onTurn); err != nil {
					return err
				}
			}
			return withApp(func(app *pbem.App) error {
				err := app.Serve(cmd.Context(), pbem.ServeOptions{
					Poll: poll,
					OnSync: func(rep *pbem.SyncReport) {
						if len(rep.Messages) > 0 || (rep.Flush != nil && len(rep.Flush.Sent)+len(rep.Flush.Failed) > 0) {
							safetext.Fprintln(cmd.OutOrStdout(), time.Now().Format(time.DateTime))
							printSync(cmd, app, rep)
						}
					},
					OnError: func(err error, retry time.Duration) {
						safetext.Fprintf(cmd.ErrOrStderr(), "%s: %v (reconnecting in %s)\n", time.Now().Format(time.DateTime), err, retry)
						printAdvice(cmd.ErrOrStderr(), err)
					},
					OnTurn: func(gw pbem.GameWaiting) {
						if hook != nil {
							runTurnHook(cmd, hook, gw)
						}
					},
				})
				if err == nil {
					safetext.Fprintln(cmd.ErrOrStderr(), "stopped")
				}
				return err
			})
		},
	}
	cmd.Flags().DurationVar(&poll, "poll", time.Minute, "how often to check without IDLE, and to retry the outbox")
	cmd.Flags().StringVar(&onTurn, "on-turn", "", "command to run when a game starts waiting for you (see above)")
	return cmd
}

// runTurnHook runs the on-turn command for a game and prints what it said,
// or how it failed; serve goes on either way.
func runTurnHook(cmd *cobra.Command, hook *pbem.TurnHook, gw pbem.GameWaiting) {
	out, err := hook.Run(cmd.Context(), pbem.NewTurnEvent(gw))
	w := cmd.OutOrStdout()
	if err != nil {
		w = cmd.ErrOrStderr()
		safetext.Fprintf(w, "on-turn command for game %s failed: %v\n", gw.Game.ID, err)
	}
	for _, line := range strings.Split(out, "\n") {
		if line != "" {
			safetext.Fprintf(w, "on-turn %s: %s\n", gw.Game.ID, line)
		}
	}
}
