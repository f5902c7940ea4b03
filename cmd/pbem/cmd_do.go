package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/safetext"
)

func doCmd() *cobra.Command {
	var dryRun, yes bool
	cmd := &cobra.Command{
		Use:   "do GAME 'COMMAND'...",
		Short: "give commands in a game",
		Long: `Give commands in a game, each one argument (quoted when it has spaces), in
the game's text. Each is checked by the rules (a refusal names the rule that
forbids it and changes nothing), then the entry is signed and stored. When
the rules need dice, pbem requests them from your opponent (strict dice) or
draws them at once (casual and solo). With no commands, sends what the dice
protocol awaits from you. 'pbem legal GAME' lists what you may do now.

pbem reads commands as you may write them: a line of 'pbem legal' pasted
whole, with its cost and note ('move 4-Cav 2814 2713   (cost 2)'), a unit
id in another case (4-cav), a verb in capitals, and it says how it read
them. A command typed without quotes (pbem do GAME move 4-Cav 2814 2713) is
read as one command when its words make one and no more.

Commands after the one that ends a phase would be given in a phase you have
not seen ('end end' ends the Movement Phase, then the Combat Phase): pbem
refuses them, or asks on a terminal, unless --yes is given.

--dry-run plays the commands on a copy of the game and prints what each
would do, up to the first refusal or the first dice (which are drawn only
when the entry is made); nothing is signed, stored or sent.`,
		Example: `  pbem do duel-5c2e01 'play 5/352 2512 to 2513' 'roll 2d6 for attack on 2613'
  pbem do duel-5c2e01 pass
  pbem do cher 'move 4-Cav 2814 2713'
  pbem do cher --dry-run 'move 4-Cav 2814 2713' 'attack 2613 from 2713'
  pbem do cher end --yes
  pbem do duel-5c2e01`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				rec, r, err := app.Status(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				seat := app.ActingSeat(rec, r)
				commands, notes := understandArgs(r, seat, args[1:])
				for _, n := range notes {
					safetext.Fprintln(cmd.OutOrStdout(), "pbem:", n)
				}
				if dryRun {
					return printDryRun(cmd.OutOrStdout(), rec.ID, r, seat, commands)
				}
				if !yes {
					if err := pbem.CheckPhases(r.Game(), seat, commands); err != nil && !confirm(cmd, err) {
						return fmt.Errorf("game %s: %w", rec.ID, err)
					}
				}
				p, err := app.DoOn(cmd.Context(), rec, r, commands)
				if err != nil {
					return doHints(rec, r, seat, args[1:], commands, err)
				}
				printPlayed(cmd, p)
				printWaiting(cmd, app, p.Game, p.Replay)
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "show what the commands would do, without signing or storing anything")
	cmd.Flags().BoolVarP(&yes, "yes", "y", false, "give commands past the end of a phase without asking (for scripts)")
	return cmd
}

// understandArgs reads the command arguments as pbem.Understand does, and
// words typed without quotes as one command when they make one and each
// word alone does not.
func understandArgs(r *replay.Replay, seat string, args []string) ([]string, []string) {
	commands, notes := pbem.Understand(r, seat, args)
	canonical := r.Engine().Canonical
	if len(args) < 2 || canonical == nil || allParse(canonical, commands) {
		return commands, notes
	}
	one, oneNotes := pbem.Understand(r, seat, []string{strings.Join(args, " ")})
	if _, err := canonical(one[0]); err != nil {
		return commands, notes
	}
	return one, append(oneNotes, fmt.Sprintf("read the %d words as one command %q: quote each command, e.g. pbem do GAME '%s'", len(args), one[0], one[0]))
}

func allParse(canonical func(string) (string, error), commands []string) bool {
	for _, c := range commands {
		if _, err := canonical(c); err != nil {
			return false
		}
	}
	return true
}

// confirm asks on a terminal whether to go on past the end of a phase.
func confirm(cmd *cobra.Command, why error) bool {
	return ask(cmd, why.Error(), "Give them all the same?")
}

// doHints adds to a refused command list what helps most: whose turn it is,
// the unit a misspelt id may mean, and that each command is one argument.
func doHints(rec pbem.GameRecord, r *replay.Replay, seat string, args, commands []string, err error) error {
	if h := notYourTurn(rec, r, err); h != err {
		return h
	}
	var hints []string
	if errors.Is(err, replay.ErrRules) {
		for _, c := range commands {
			if h := pbem.UnitHint(r.Game(), seat, c); h != "" {
				hints = append(hints, h)
			}
		}
	}
	if canonical := r.Engine().Canonical; len(args) > 1 && canonical != nil && !allParse(canonical, commands) {
		hints = append(hints, "each command is one argument: quote a command with spaces, e.g. pbem do "+rec.ID+" 'move UNIT HEX HEX'")
	}
	if len(hints) == 0 {
		return err
	}
	return &hintError{err, strings.Join(hints, "\n")}
}

// printDryRun prints what each command would do, and says that nothing was
// signed; it fails when the rules refuse one.
func printDryRun(out io.Writer, game string, r *replay.Replay, seat string, commands []string) error {
	if len(commands) == 0 {
		safetext.Fprintf(out, "dry run: no commands; 'pbem do %s' alone sends what the dice protocol awaits from you\n", game)
		return nil
	}
	var refused error
	for i, st := range pbem.DryRun(r.Game(), seat, commands) {
		safetext.Fprintf(out, "> %s\n", st.Command)
		if st.Err != nil {
			refused = fmt.Errorf("dry run: command %d %q: %w", i+1, st.Command, st.Err)
			if h := pbem.UnitHint(r.Game(), seat, st.Command); h != "" {
				refused = &hintError{refused, h}
			}
			safetext.Fprintf(out, "    refused: %v\n", st.Err)
			break
		}
		for _, ev := range st.Events {
			safetext.Fprintf(out, "    = %s\n", ev.Text)
		}
		if st.Dice != nil {
			safetext.Fprintf(out, "    then dice: %s (drawn only when the entry is made)\n", st.Dice.For)
			if i+1 < len(commands) {
				safetext.Fprintf(out, "    (the %d command(s) after it depend on those dice and are not tried)\n", len(commands)-i-1)
			}
			break
		}
	}
	if err := pbem.CheckPhases(r.Game(), seat, commands); err != nil {
		safetext.Fprintf(out, "note: %v\n", err)
	}
	safetext.Fprintln(out, "dry run: nothing was signed or stored")
	return refused
}
