package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

func unitCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "unit GAME UNIT",
		Short: "show a counter: its values, steps, markers, supply, and where it may go",
		Long: `Show what a unit's counter shows and what the game knows of it: its type and
formation, where it is (a hex, or eliminated, or off the map and when it
comes), its printed values and its step, the markers on it, its supply, and
the commands you may give it now, with their costs (moves, and decisions
that name it: losses, retreats, advances).

A unit id may be written in any case (4-cav is 4-Cav); a near miss is
answered with the ids it may mean. Games that keep no units (freeplay)
say so.

With --json, prints one object: {"version": 1, "game", "unit": {"id",
"side", "owner", "kind", "where", "status", "on_map", "eliminated",
"values": [{"name", "text"}], "step", "steps", "markers", "supply"},
"choices": [{"command", "piece", "cost", "note", "line"}], "now", "private"},
where "now" says why there are no choices, and "private" lists what you
alone see (a card you looked at, which your pbem unseals from its own store).`,
		Example: "  pbem unit cherbourg 505/82\n  pbem unit cher 4-cav --json | jq -r '.unit.values[] | \"\\(.name) \\(.text)\"'",
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
				seat := app.ActingSeat(rec, r)
				g := seenGame(cmd, app, rec, r)
				private := pbem.PrivateLines(r.Game(), g, rec.Seat)
				u, err := pbem.FindUnit(g, seat, args[1])
				if errors.Is(err, pbem.ErrNoCounters) {
					return fmt.Errorf("game %s (%s/%s) keeps no units: %w", rec.ID, rec.Rules, rec.Scenario, err)
				}
				if err != nil {
					return fmt.Errorf("game %s: %w", rec.ID, err)
				}
				choices := pbem.UnitChoices(g, seat, u.ID)
				now := ""
				if len(choices) == 0 {
					now = unitIdle(rec, r, u)
				}
				if asJSON {
					return writeJSON(cmd.OutOrStdout(), &jsonUnitShown{jsonVersion, rec.ID, unitJSON(u), choicesJSON(choices), now, private})
				}
				printUnit(cmd.OutOrStdout(), u)
				out := cmd.OutOrStdout()
				if len(choices) == 0 {
					safetext.Fprintln(out, "  now:", now)
				} else {
					safetext.Fprintf(out, "  you may now (%d):\n", len(choices))
					for _, c := range choices {
						safetext.Fprintln(out, "    "+legalLine(c))
					}
				}
				printPrivate(out, "  ", private)
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (see above)")
	return cmd
}

// printUnit prints a counter readably.
func printUnit(out io.Writer, u rules.Unit) {
	owner := u.Side
	if u.Owner != "" {
		owner += ", commanded by " + string(u.Owner)
	}
	safetext.Fprintf(out, "%s: %s (%s)\n", u.ID, u.Kind, owner)
	where := u.Status
	if u.OnMap {
		where = "on the map at " + u.Where
		if u.Supply != "" {
			where += ", " + u.Supply
		}
	}
	safetext.Fprintln(out, "  "+where)
	var vs []string
	for _, v := range u.Values {
		vs = append(vs, v.Name+" "+v.Text)
	}
	if len(vs) > 0 {
		safetext.Fprintln(out, "  "+strings.Join(vs, "; "))
	}
	if u.Steps > 0 {
		safetext.Fprintf(out, "  step %d of %d\n", u.Step, u.Steps)
	}
	if len(u.Markers) > 0 {
		safetext.Fprintln(out, "  markers: "+strings.Join(u.Markers, ", "))
	}
}

// unitIdle says why a unit has no command now.
func unitIdle(rec pbem.GameRecord, r *replay.Replay, u rules.Unit) string {
	switch {
	case u.Eliminated:
		return "nothing: it is eliminated"
	case len(r.Game().Legal(rules.Seat(rec.Seat))) == 0 && rec.Dice != string(logs.DiceSolo):
		return nothingNow(rec, r)
	}
	return "nothing for this unit now (" + waitingText(r.Waiting()) + ")"
}

// printUnitsAside lists the units the view of the map does not show: those
// eliminated and those off the map, by where they are.
func printUnitsAside(out io.Writer, g rules.Game, seat string) {
	units, ok := pbem.Units(g, seat)
	if !ok {
		return
	}
	var gone []string
	off := map[string][]string{}
	var order []string
	for _, u := range units {
		switch {
		case u.Eliminated:
			gone = append(gone, u.ID)
		case !u.OnMap:
			if off[u.Status] == nil {
				order = append(order, u.Status)
			}
			off[u.Status] = append(off[u.Status], u.ID)
		}
	}
	if len(gone) > 0 {
		safetext.Fprintf(out, "  eliminated (%d): %s\n", len(gone), strings.Join(gone, ", "))
	}
	if len(order) > 0 {
		safetext.Fprintf(out, "  off the map (%d):\n", len(units)-len(gone)-onMap(units))
		for _, s := range order {
			safetext.Fprintf(out, "    %s: %s\n", s, strings.Join(off[s], ", "))
		}
	}
}

func onMap(units []rules.Unit) int {
	n := 0
	for _, u := range units {
		if u.OnMap {
			n++
		}
	}
	return n
}
