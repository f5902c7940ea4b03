package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/safetext"
)

func verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE",
		Short: "check a game log on its own",
		Long: `Check a game log alone, with no store and no identity: the form of every line,
the hash chain, every signature, the dice protocol and every die, every command
against the rules, and every state hash. A sealed draw (a card one player
looked at) is checked when its secret is revealed: the secret against the
request's commitment, the values against the key, and every box that showed
it to another player; draws still sealed when the log ends are listed, not
counted as problems. Exit 0 with a summary when everything holds; exit 1
listing every problem otherwise. FILE "-" is standard
input. A file that is no log (a key, a whole mail) or that a mail client
re-wrapped, re-encoded or quoted is named as such. A log whose casual dice
were made under protocol v1 (an older pbem) verifies under the rules it was
made under, with a warning: under v1 a player could choose his own rolls by
trying chain heads, and the warning names the entries that drew dice as only
v1 allows.`,
		Example: "  pbem verify cherbourg-3fa9c1.pbem\n  pbem export cher -o - | pbem verify -",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, head, err := verifyFile(cmd, args[0])
			if err != nil {
				return err
			}
			if rep.OK() {
				safetext.Fprintf(cmd.OutOrStdout(), "%s: ok: %s\n", args[0], summary(rep.Replay))
				printProtocolWarning(cmd.OutOrStdout(), args[0]+": ", rep.Replay)
				for _, l := range sealedSummary(rep.Replay) {
					safetext.Fprintf(cmd.OutOrStdout(), "  %s\n", l)
				}
				return nil
			}
			errOut := cmd.ErrOrStderr()
			safetext.Fprintf(errOut, "%s: %d problem(s); %d of %d entries verified\n", args[0], len(rep.Problems), rep.Verified, rep.Read)
			for _, p := range rep.Problems {
				safetext.Fprintf(errOut, "  %v\n", p)
			}
			printProtocolWarning(errOut, args[0]+": ", rep.Replay)
			if h := pbem.ExplainBadLog(head); h != "" {
				safetext.Fprintf(errOut, "%s: %s\n", args[0], h)
			}
			return errFailed
		},
	}
}

// verifyFile verifies a log file on its own, with the shipped scenarios;
// "-" is standard input. It returns the start of the file too, to explain
// a file that is no log.
func verifyFile(cmd *cobra.Command, path string) (*replay.Report, []byte, error) {
	src, err := openLogFile(cmd, path)
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	rec := &pbem.HeadRecorder{R: src}
	return replay.Verify(rec, games.Shipped), rec.Head(), nil
}

// printProtocolWarning prints, for a game of casual dice under protocol v1,
// what they do not prove (replay.ProtocolWarning); r may be nil.
func printProtocolWarning(out io.Writer, prefix string, r *replay.Replay) {
	if r == nil {
		return
	}
	if w := r.ProtocolWarning(); w != "" {
		safetext.Fprintf(out, "%swarning: %s\n", prefix, w)
	}
}

// sealedSummary says what became of the sealed draws of a verified log:
// how many were revealed and checked, and each one still sealed.
func sealedSummary(r *replay.Replay) []string {
	draws := r.SealedDraws()
	if len(draws) == 0 {
		return nil
	}
	revealed := 0
	var still []string
	for _, d := range draws {
		if d.RevealedAt != 0 {
			revealed++
			continue
		}
		who := d.Drawer
		if len(d.Shown) > 0 {
			who += " (shown to " + strings.Join(d.Shown, ", ") + ")"
		}
		still = append(still, fmt.Sprintf("sealed draw %d (entry %d) is still sealed: %s, known to %s", d.Epoch, d.At, d.For, who))
	}
	lines := []string{fmt.Sprintf("%d sealed draw(s): %d revealed and checked (secret, values, boxes), %d still sealed, as the rules allow", len(draws), revealed, len(still))}
	return append(lines, still...)
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
