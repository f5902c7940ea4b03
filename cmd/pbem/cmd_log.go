package main

import (
	"bytes"
	"io"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

func logCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "log FILE|GAME|-",
		Short: "print a game log readably",
		Long: `Print a game log entry by entry: seq, time, seat, the commands, the dice drawn
and what they decided, and what happened. The log is a file (verified as it
is read; printing stops at the first entry that does not verify), "-" for
standard input, or a game of yours (its id or a unique prefix), as stored.

With --json, prints one object: {"version": 1, "game", "source", "ok",
"entries": [{"seq", "ts", "by", "kind", "commands", "text", "to", "epoch",
"request", "draws": [{"epoch", "for", "sides", "values"}], "events", and
for the invitation "rules", "engine", "scenario", "dice"}], "waiting":
{"seats", "dice", "over", "text"}, "problems", "protocol" (the log's
protocol version, 1 or 2), "protocol_warning"}.

A game whose casual dice were made under protocol v1 (an older pbem), under
which a player could choose his own rolls by trying chain heads, is shown
with a warning that says so, naming the entries that drew dice as only v1
allows.`,
		Example: "  pbem log cherbourg-3fa9c1.pbem | less\n  pbem log cher            # a game of yours\n  pbem export cher -o - | pbem log -\n  pbem log cher --json | jq -r '.entries[].commands[]?'",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			arg := args[0]
			if !isLogFile(arg) {
				// A game of this player's, read as stored.
				return withApp(func(app *pbem.App) error {
					rec, err := findGame(cmd, app, arg)
					if err != nil {
						return err
					}
					var stored bytes.Buffer
					if _, _, err := app.Export(cmd.Context(), rec.ID, &stored); err != nil {
						return err
					}
					return printLog(cmd, "game "+rec.ID, &stored, asJSON)
				})
			}
			src, err := openLogFile(cmd, arg)
			if err != nil {
				return err
			}
			defer src.Close()
			return printLog(cmd, arg, src, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (see above)")
	return cmd
}

// printLog verifies a log as it reads it and prints each entry as soon as it
// verifies, so that a log of any length is printed without holding it (the
// JSON document, one object, holds its entries). It fails after printing
// what verified when the log does not verify to its end.
func printLog(cmd *cobra.Command, source string, src io.Reader, asJSON bool) error {
	out := cmd.OutOrStdout()
	head := &pbem.HeadRecorder{R: src}
	j := &jsonLog{Version: jsonVersion, Source: source, Entries: []jsonEntry{}}
	rep := replay.VerifyEach(head, games.Shipped, func(e *logs.Entry, events []rules.Event) {
		if asJSON {
			j.Entries = append(j.Entries, entryJSON(e, events))
		} else {
			printEntry(out, e, events)
		}
	})
	r := rep.Replay
	if asJSON {
		j.OK, j.Problems = rep.OK(), errorsText(rep.Problems)
		if r != nil {
			j.Game = r.Invite().Game
			w := waitingJSON(r.Waiting())
			j.Waiting = &w
			j.Protocol, j.ProtocolWarning = r.Protocol(), r.ProtocolWarning()
		}
		if err := writeJSON(out, j); err != nil {
			return err
		}
	} else if r != nil {
		safetext.Fprintln(out, r.Waiting().Text)
		printProtocolWarning(out, "", r)
	}
	if rep.OK() {
		return nil
	}
	if !asJSON {
		for _, p := range rep.Problems {
			safetext.Fprintf(cmd.ErrOrStderr(), "  %v\n", p)
		}
		if h := pbem.ExplainBadLog(head.Head()); h != "" {
			safetext.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", source, h)
		}
	}
	return errFailed
}
