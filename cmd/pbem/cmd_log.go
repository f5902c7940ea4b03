package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
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
{"seats", "dice", "over", "text"}, "problems"}.`,
		Example: "  pbem log cherbourg-3fa9c1.pbem | less\n  pbem log cher            # a game of yours\n  pbem export cher -o - | pbem log -\n  pbem log cher --json | jq -r '.entries[].commands[]?'",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			arg := args[0]
			if _, err := os.Stat(arg); arg != "-" && errors.Is(err, fs.ErrNotExist) {
				// No such file: a game of this player's.
				return withApp(func(app *pbem.App) error {
					rec, r, err := app.Status(cmd.Context(), arg)
					if errors.Is(err, pbem.ErrNoGame) {
						return fmt.Errorf("%q is neither a file nor a game of yours ('pbem games' lists them)", arg)
					}
					if err != nil {
						return err
					}
					return printLog(cmd, rec.ID, "game "+rec.ID, r, nil, asJSON)
				})
			}
			rep, head, err := verifyFile(cmd, arg)
			if err != nil {
				return err
			}
			game := ""
			if rep.Replay != nil {
				game = rep.Replay.Invite().Game
			}
			if err := printLog(cmd, game, arg, rep.Replay, rep.Problems, asJSON); err != nil {
				return err
			}
			if !rep.OK() {
				if !asJSON {
					for _, p := range rep.Problems {
						safetext.Fprintf(cmd.ErrOrStderr(), "  %v\n", p)
					}
					if h := pbem.ExplainBadLog(head); h != "" {
						safetext.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", arg, h)
					}
				}
				return errFailed
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (see above)")
	return cmd
}

// printLog prints the entries of r (nil when even the invitation failed).
func printLog(cmd *cobra.Command, game, source string, r *replay.Replay, problems []error, asJSON bool) error {
	out := cmd.OutOrStdout()
	if asJSON {
		j := &jsonLog{Version: jsonVersion, Game: game, Source: source, OK: r != nil && len(problems) == 0, Entries: []jsonEntry{}, Problems: errorsText(problems)}
		if r != nil {
			for i := range r.Len() {
				j.Entries = append(j.Entries, entryJSON(r.Entry(int64(i)), r.Events(int64(i))))
			}
			w := waitingJSON(r.Waiting())
			j.Waiting = &w
		}
		return writeJSON(out, j)
	}
	if r == nil {
		return nil
	}
	for i := range r.Len() {
		printEntry(out, r.Entry(int64(i)), r.Events(int64(i)))
	}
	safetext.Fprintln(out, r.Waiting().Text)
	return nil
}
