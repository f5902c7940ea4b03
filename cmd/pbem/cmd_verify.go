package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE",
		Short: "check a game log on its own",
		Long: `Check a game log alone, with no store and no identity: the form of every line,
the hash chain, every signature, the dice protocol and every die, every command
against the rules, and every state hash. Exit 0 with a one-line summary when
everything holds; exit 1 listing every problem otherwise.`,
		Example: "  pbem verify cherbourg-3fa9c1.pbem",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := verifyFile(args[0])
			if err != nil {
				return err
			}
			if rep.OK() {
				safetext.Fprintf(cmd.OutOrStdout(), "%s: ok: %s\n", args[0], summary(rep.Replay))
				return nil
			}
			errOut := cmd.ErrOrStderr()
			safetext.Fprintf(errOut, "%s: %d problem(s); %d of %d entries verified\n", args[0], len(rep.Problems), rep.Verified, rep.Read)
			for _, p := range rep.Problems {
				safetext.Fprintf(errOut, "  %v\n", p)
			}
			return errFailed
		},
	}
}

// verifyFile verifies a log file on its own, with the shipped scenarios.
func verifyFile(path string) (*replay.Report, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return replay.Verify(f, games.Shipped), nil
}

// summary is one line about a verified log.
func summary(r *replay.Replay) string {
	inv := r.Invite()
	var seats []string
	for _, s := range r.Seats() {
		who := s.Mail
		if who == "" {
			who = "not joined"
		}
		seats = append(seats, s.Seat+" "+who)
	}
	return fmt.Sprintf("game %s, %s/%s (%s), %s dice, %d entries, %d dice epochs; %s; %s",
		inv.Game, inv.Rules, inv.Scenario, inv.Engine, inv.Dice, r.Len(), r.Epochs(),
		strings.Join(seats, ", "), r.Waiting().Text)
}

func logCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "log FILE",
		Short: "print a game log readably",
		Long: `Print a game log entry by entry: seq, time, seat, the commands, the dice drawn
and what they decided, and what happened. The log is verified as it is read;
printing stops at the first entry that does not verify.`,
		Example: "  pbem log cherbourg-3fa9c1.pbem | less",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			out := cmd.OutOrStdout()
			// Each entry is printed as soon as it verifies, so that a log of
			// any length is printed without holding it.
			rep := replay.VerifyEach(f, games.Shipped, func(e *logs.Entry, events []rules.Event) {
				printEntry(out, e, events)
			})
			if r := rep.Replay; r != nil {
				safetext.Fprintln(out, r.Waiting().Text)
			}
			if !rep.OK() {
				for _, p := range rep.Problems {
					safetext.Fprintf(cmd.ErrOrStderr(), "  %v\n", p)
				}
				return errFailed
			}
			return nil
		},
	}
}
