package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/replay/render"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

func replayCmd() *cobra.Command {
	var seat, output string
	cmd := &cobra.Command{
		Use:   "replay GAME|FILE -o FILE.html",
		Short: "write a whole game as one web page that steps through every entry",
		Long: `Write a game as one self-contained HTML file that works offline, with no
outside resource: the map with its counters, and for every entry of the log
what it did (commands, dice and what they decided, events), the turn and phase.
Step forward and back with the buttons or the arrow keys, jump to a turn, play
the game through, zoom in to read hex numbers, click a counter to read its
stack, and show or hide zones of control, control, supply, moves and combats.

GAME is a game of yours (its id or a unique prefix); FILE is any log file
("-" for standard input). The log is verified as it is read; a log that stops verifying is shown up to
the last good entry, and the page says why it stops. Without -o, pbem writes
GAME.html in this folder when run on a terminal, and the page to standard
output otherwise.`,
		Example: `  pbem replay cherbourg-3fa9c1 -o cherbourg.html
  pbem replay game.pbem -o game.html --seat german`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			gl, err := openLog(cmd, args[0])
			if err != nil {
				return err
			}
			if seat == "" {
				seat = gl.seat
			}
			if err := gl.checkSeat(seat); err != nil {
				return err
			}
			var res render.ReplayResult
			err = writeOutput(cmd, output, gl.name+".html", func(w io.Writer) error {
				res, err = render.Replay(w, gl.entries, games.Shipped, render.ReplayOptions{Seat: rules.Seat(seat)})
				return err
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%d entries, %.1f MB\n", res.Entries, float64(res.Bytes)/1e6)
			if res.Stopped != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "the log stops verifying: %s\n", safetext.Escape(res.Stopped.Error()))
				return errFailed
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&seat, "seat", "", "show what this seat may see (default: your seat, or what any onlooker sees for a file)")
	cmd.Flags().StringVarP(&output, "output", "o", "", "the HTML file to write, or - for standard output")
	return cmd
}
