package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/replay/render"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
	"github.com/pbem-referee/pbem/safetext"
)

// writeOutput writes what make produces to the -o file ("-" for standard
// output). With no -o it writes to standard output when that is a pipe or a
// file, and on a terminal to def in the current folder, saying so. The file
// is written beside its final name and renamed, so a failure leaves no
// half-written picture where a good one was.
func writeOutput(cmd *cobra.Command, output, def string, make func(io.Writer) error) error {
	if output == "" {
		if isTerminal(cmd.OutOrStdout()) {
			output = def
		} else {
			output = "-"
		}
	}
	if output == "-" {
		return make(cmd.OutOrStdout())
	}
	if err := replaceFile(output, 0o644, make); err != nil { // a picture to share, not a secret
		return err
	}
	abs, _ := filepath.Abs(output)
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", abs)
	return nil
}

// replaceFile writes what write produces to path, with mode perm: to a file
// beside it first, then renamed, so that a failure never leaves a
// half-written file where a good one was. An error names path, not the
// file beside it.
func replaceFile(path string, perm fs.FileMode, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".pbem-"+filepath.Base(path)+"-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: cannot write in folder %s: %w", path, filepath.Dir(path), err)
	}
	defer os.Remove(tmp.Name())
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	return err
}

// errStop ends a walk early once it has what it needs.
var errStop = errors.New("stop")

func showCmd() *cobra.Command {
	var at int64
	var seat, output string
	var zoc bool
	cmd := &cobra.Command{
		Use:   "show GAME|FILE [--at SEQ] [--seat SEAT] -o FILE.svg",
		Short: "draw the map of a game at any point, as an SVG picture",
		Long: `Draw the position after an entry of a game as an SVG picture: the map with
its terrain, rivers, roads and zones; every unit as a counter (NATO symbol,
values, steps, markers), stacks fanned so each can be read; the boxes off the
map (In Britain, approach boxes, reinforcements waiting, eliminated units); the
last moves, the last combat with its odds and result, control of towns and
supply. Open the file in any web browser and zoom in to read hex numbers.

GAME is a game of yours (its id or a unique prefix); FILE is any log file
("-" for standard input), verified as it is read. Without --at the picture is of the last entry. Without
-o, pbem writes GAME-SEQ.svg in this folder when run on a terminal, and the
SVG itself to standard output otherwise.`,
		Example: `  pbem show cherbourg-3fa9c1
  pbem show game.pbem --at 120 -o turn3.svg
  pbem show game.pbem --zoc -o - | rsvg-convert -o position.png`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			gl, err := openLog(cmd, args[0])
			if err != nil {
				return err
			}
			last := int64(len(gl.entries) - 1)
			if at < 0 {
				at = last
			}
			if at > last {
				return fmt.Errorf("--at %d: the log holds entries 0 to %d", at, last)
			}
			if seat == "" {
				seat = gl.seat
			}
			if err := gl.checkSeat(seat); err != nil {
				return err
			}
			var s scene.Scene
			var found bool
			err = replay.Walk(gl.entries, games.Shipped, func(f replay.Frame) error {
				if f.Entry.Seq < at {
					return nil
				}
				d, ok := f.Game.(scene.Drawer)
				if !ok {
					return fmt.Errorf("%s cannot draw its positions yet", gl.entries[0].Rules)
				}
				s = d.Scene(rules.Seat(seat))
				s.Overlays.Moves = f.Moves
				found = true
				return errStop
			})
			if err != nil && !errors.Is(err, errStop) {
				return err
			}
			if !found {
				return fmt.Errorf("entry %d was not reached", at)
			}
			e := gl.entries[at]
			caption := fmt.Sprintf("after entry %d of %d, by %s (%s)", at, last, safetext.Escape(e.By), e.Kind)
			if seat != "" {
				caption += ", as " + seat + " sees it"
			}
			def := fmt.Sprintf("%s-%d.svg", gl.name, at)
			return writeOutput(cmd, output, def, func(w io.Writer) error {
				return render.SVG(w, s, render.Options{Caption: caption, ZOC: zoc})
			})
		},
	}
	cmd.Flags().Int64Var(&at, "at", -1, "draw the position after this entry (default: the last)")
	cmd.Flags().StringVar(&seat, "seat", "", "draw what this seat may see (default: your seat, or what any onlooker sees for a file)")
	cmd.Flags().StringVarP(&output, "output", "o", "", "the SVG file to write, or - for standard output")
	cmd.Flags().BoolVar(&zoc, "zoc", false, "hatch each side's zones of control")
	return cmd
}

// checkSeat refuses a --seat the game does not have; "" is any onlooker.
func (gl *gameLog) checkSeat(seat string) error {
	var names []string
	for _, s := range gl.entries[0].Seats {
		if s.Seat == seat || seat == "" {
			return nil
		}
		names = append(names, safetext.Escape(s.Seat))
	}
	return fmt.Errorf("--seat %q: the seats of this game are %s", safetext.Escape(seat), strings.Join(names, ", "))
}
