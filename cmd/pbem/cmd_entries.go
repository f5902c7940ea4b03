package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"

	"github.com/pbem-referee/pbem/logs"
)

// postCmd makes a command that appends one entry of a kind other than act.
func postCmd(use, short, example string, args cobra.PositionalArgs, kind logs.Kind, fill func(args []string, b *logs.Body) error) *cobra.Command {
	return &cobra.Command{
		Use: use, Short: short, Example: example, Args: args,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				var fillErr error
				p, err := app.Post(cmd.Context(), args[0], kind, func(b *logs.Body) { fillErr = fill(args[1:], b) })
				if fillErr != nil {
					return fillErr
				}
				if err != nil {
					return err
				}
				printPlayed(cmd, p)
				printWaiting(cmd, app, p.Game, p.Replay)
				return nil
			})
		},
	}
}

func noteCmd() *cobra.Command {
	return postCmd("note GAME TEXT", "add a signed note to a game's log",
		fmt.Sprintf(`  pbem note cher "Good luck, and mind the bocage."

A note is at most %d bytes (docs/log.md, Limits): for a longer letter, use
ordinary mail.`, replay.MaxNote), cobra.MinimumNArgs(2), logs.KindNote,
		func(args []string, b *logs.Body) error {
			b.Text = strings.Join(args, " ")
			if len(b.Text) > replay.MaxNote {
				return fmt.Errorf("entry %d: the note is %d bytes; a note is at most %d (docs/log.md, Limits): for a longer letter, use ordinary mail", b.Seq, len(b.Text), replay.MaxNote)
			}
			return nil
		})
}

func resignCmd() *cobra.Command {
	return postCmd("resign GAME", "concede a game", "  pbem resign cher", cobra.ExactArgs(1), logs.KindResign,
		func([]string, *logs.Body) error { return nil })
}

func takebackCmd() *cobra.Command {
	return postCmd("takeback GAME SEQ", "propose to undo everything after entry SEQ",
		`  pbem takeback cher 41     # your opponent agrees with 'pbem agree cher 41'

Dice are never re-rolled: entries that drew or requested dice cannot be taken back.`,
		cobra.ExactArgs(2), logs.KindTakeback, seqArg)
}

func agreeCmd() *cobra.Command {
	return postCmd("agree GAME SEQ", "agree to the takeback your opponent proposed",
		"  pbem agree cher 41", cobra.ExactArgs(2), logs.KindAgree, seqArg)
}

func seqArg(args []string, b *logs.Body) error {
	n, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("%q is not an entry number", args[0])
	}
	b.To = n
	return nil
}
