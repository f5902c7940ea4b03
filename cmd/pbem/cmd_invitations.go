package main

import (
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

func declineCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "decline GAME",
		Short: "drop an invitation you do not want from your lists",
		Long: `Drop an invitation you have not joined from 'pbem games' and 'pbem sync'.
Nothing is signed or sent: the inviter is not told (a stranger learns nothing
of your address), and nothing stored is removed. If the invitation comes
again it stays declined; 'pbem join GAME' still accepts it.`,
		Example: "  pbem games            # lists the invitations you did not expect\n  pbem decline lure-9b1e44",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				rec, err := app.Decline(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				safetext.Fprintf(cmd.OutOrStdout(), "declined game %s: no longer listed; nothing was sent ('pbem join %s' still accepts it)\n", rec.ID, rec.ID)
				return nil
			})
		},
	}
}

// printUnexpected lists invitations that are not games: who sent them, how
// they came, and why they are not listed with the games.
func printUnexpected(out io.Writer, invs []pbem.Invitation) {
	if len(invs) == 0 {
		return
	}
	safetext.Fprintf(out, "\ninvitations you did not expect (not games until you join: 'pbem join GAME' plays one, 'pbem decline GAME' drops it):\n")
	for _, inv := range invs {
		printInvitation(out, inv)
	}
}

func printInvitation(out io.Writer, inv pbem.Invitation) {
	g := inv.Game
	safetext.Fprintf(out, "  %-24s %-26s received %s\n", g.ID, g.Rules+"/"+g.Scenario, g.Created.Local().Format(time.DateTime))
	safetext.Fprintf(out, "      from %s, %s\n", inv.Sender(), inv.Arrival())
	if why := inv.Why(); why != "" {
		safetext.Fprintf(out, "      %s\n", why)
	}
}

// printAddressWarnings prints each unconfirmed hand-over address with what to do.
func printAddressWarnings(out io.Writer, indent string, ws []pbem.AddressWarning) {
	for _, w := range ws {
		safetext.Fprintf(out, "%swarning: %s\n", indent, w.String())
	}
}
