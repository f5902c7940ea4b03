package main

import (
	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

func repairCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "repair GAME",
		Short: "put right a game an older pbem forked when two players wrote at once",
		Long: `Put right a game's log that an older pbem forked. When two players write at
once (a note crossing a move), the log decides which entry stands: the entry of
the seat the game waited for. Older versions of pbem called this an
equivocation instead, kept each player's own entry, and stopped.

'pbem status' names the game as FORKED when this store holds the entry that
lost. Repair puts the entry that stands in its place, keeps the one it
replaces apart in the store, and makes your entries again after it (same
content, new place in the log, signed again), then says what became of each.
Send the game afterwards. Both players may run it: where the entry that stands
is already in the log, there is nothing to do. 'pbem sync' and importing the
other player's log do the same by themselves.`,
		Example: "  pbem repair cherbourg-3fa9c1\n  pbem send cherbourg-3fa9c1",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				rec, err := app.Find(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				reps, err := app.Repair(cmd.Context(), rec.ID)
				for _, rep := range reps {
					printImport(cmd, app, rep)
				}
				if err != nil {
					return err
				}
				if len(reps) == 0 {
					safetext.Fprintf(cmd.OutOrStdout(), "game %s: nothing to repair: the log here holds every entry that stands\n", rec.ID)
					printWaitingFor(cmd, app, rec.ID)
				}
				return nil
			})
		},
	}
}
