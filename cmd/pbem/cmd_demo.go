package main

import (
	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
)

func demoCmd() *cobra.Command {
	var o pbem.DemoOptions
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "watch players play a game by mail, with nothing set up",
		Long: `Play a short game between two to four players on this machine, with nothing
set up and no network: pbem starts a mail system in its own process on
loopback (IMAP and SMTP), gives each player a temporary home, identity and
mail account, and they play by 'pbem send' and 'pbem sync' alone, in strict
dice mode (every roll a request, an answer from each other player and a
reveal). The scenario's seats make the players: Anna invites the others. A
card one player looks at (Air Support in 1944: Race to the Rhine) is a
sealed draw: the demo shows it to that player's pbem alone. Each hand-over is
printed as it happens; the final log is verified on its own at the end.`,
		Example: "  pbem demo\n  pbem demo --turns 4 --keep /tmp/pbem-demo\n  pbem demo --scenario freeplay/allied-german\n  pbem demo --scenario rhine44/three-player",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.Out = cmd.OutOrStdout()
			_, err := pbem.MailDemo(cmd.Context(), o)
			return err
		},
	}
	cmd.Flags().IntVar(&o.Turns, "turns", 2, "game turns to play")
	cmd.Flags().StringVar(&o.Scenario, "scenario", "normandy44/cherbourg", "the scenario to play, of two to four seats ('pbem scenarios' lists them, e.g. normandy44/cherbourg, freeplay/allied-german or rhine44/three-player)")
	cmd.Flags().StringVar(&o.Dir, "keep", "", "keep the players' homes in this directory (it is a temporary one otherwise)")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "seed of the demo players' choices (the dice come from the protocol)")
	return cmd
}
