package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

func legalCmd() *cobra.Command {
	var to string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "legal GAME [UNIT]",
		Short: "list the commands you may give now",
		Long: `List the commands you may give now, one a line, each with its cost and a
note: movement lists every hex a unit may reach and what it costs. A line may
be pasted to 'pbem do' as it is printed.

With UNIT, only the commands that concern that unit: its moves and the
decisions that name it (losses, retreats, advances). The id may be written in
any case; a unit that does not exist is named, with the ids it may mean.
With --to HEX, only the commands that end on HEX (where a unit may go, from
where, at what cost).

With --json, prints one object: {"version": 1, "game", "seat", "choices":
[{"command", "piece", "cost", "note", "line"}], "nothing", "private"}, where
"nothing" says why there is no choice, and "private" lists what you alone
see (a card you looked at, which your pbem unseals from its own store).`,
		Example: "  pbem legal cherbourg-3fa9c1\n  pbem legal cherbourg-3fa9c1 919/709\n  pbem legal cher --to 2910\n  pbem legal cher --json | jq -r '.choices[].command'",
		Args:    cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
				seat := app.ActingSeat(rec, r)
				// The rules never let a legal move depend on a sealed card;
				// its notes may name one the player looked at.
				g := seenGame(cmd, app, rec, r)
				private := pbem.PrivateLines(r.Game(), g, rec.Seat)
				choices := g.Legal(rules.Seat(seat))
				unit := ""
				if len(args) == 2 {
					u, err := pbem.FindUnit(g, seat, args[1])
					switch {
					case errors.Is(err, pbem.ErrNoCounters):
						// A game without units (freeplay): filter by the word.
						unit = args[1]
					case err != nil:
						return fmt.Errorf("game %s: %w", rec.ID, err)
					default:
						unit = u.ID
					}
					choices = pbem.UnitChoices(g, seat, unit)
				}
				if to != "" {
					choices = endingOn(choices, to)
				}
				nothing := ""
				if len(choices) == 0 {
					nothing = noChoices(rec, r, seat, unit, to)
				}
				out := cmd.OutOrStdout()
				if asJSON {
					return writeJSON(out, &jsonLegal{jsonVersion, rec.ID, seat, choicesJSON(choices), nothing, private})
				}
				for _, c := range choices {
					safetext.Fprintln(out, legalLine(c))
				}
				if nothing != "" {
					safetext.Fprintln(out, nothing)
				}
				printPrivate(out, "# ", private)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&to, "to", "", "only the commands that end on this hex (or location)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (see above)")
	return cmd
}

// endingOn keeps the choices whose last word is where: the moves, advances
// and retreats that end there.
func endingOn(choices []rules.Choice, where string) []rules.Choice {
	var out []rules.Choice
	for _, c := range choices {
		if w := strings.Fields(c.Command); len(w) > 1 && w[len(w)-1] == where {
			out = append(out, c)
		}
	}
	return out
}

// noChoices says why a filtered list of choices is empty.
func noChoices(rec pbem.GameRecord, r *replay.Replay, seat, unit, to string) string {
	all := r.Game().Legal(rules.Seat(seat))
	switch {
	case len(all) == 0:
		return nothingNow(rec, r)
	case unit != "" && to != "":
		return fmt.Sprintf("nothing for %s ends on %s now (%d commands in all: 'pbem legal %s %s')", unit, to, len(all), rec.ID, unit)
	case unit != "":
		return fmt.Sprintf("nothing for %s now (%d commands in all: 'pbem legal %s')", unit, len(all), rec.ID)
	}
	return fmt.Sprintf("no command ends on %s now (%d in all: 'pbem legal %s')", to, len(all), rec.ID)
}

// legalLine is one line of 'pbem legal': the command, its cost and its note.
func legalLine(c rules.Choice) string {
	line := c.Command
	// A note that gives the movement points already says the cost exactly
	// (half MPs, 9.1); the whole-number Cost beside it would contradict it
	// ("(cost 2)   # 1 1/2 of 3 MP").
	if c.Cost > 0 && !strings.Contains(c.Note, " MP") {
		line += fmt.Sprintf("   (cost %d)", c.Cost)
	}
	if c.Note != "" {
		line += "   # " + c.Note
	}
	return line
}
