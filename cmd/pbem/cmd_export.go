package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

func exportCmd() *cobra.Command {
	var output string
	var force bool
	cmd := &cobra.Command{
		Use:   "export GAME -o FILE",
		Short: "write a game's whole log to a file",
		Long: `Write a game's whole log, to send to your opponent. The file is plain text, one
signed entry a line; anyone can check it with 'pbem verify FILE'.

A file that holds the same game's log is replaced (with the newer log). A file
that holds another game's log, or anything else, is not: pbem asks on a
terminal, and otherwise refuses unless --force is given.`,
		Example: "  pbem export cherbourg-3fa9c1 -o turn3.pbem\n  pbem export cher -o -    # to standard output\n  pbem export cher -o old.pbem --force",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				if output == "-" {
					_, _, err := app.Export(cmd.Context(), args[0], cmd.OutOrStdout())
					return err
				}
				rec, err := app.Find(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				if why := overwrites(output, rec.ID); why != "" && !force && !ask(cmd, output+": "+why, "Replace it?") {
					return fmt.Errorf("%s: %s; nothing was written: choose another file, or add --force", output, why)
				}
				var n int
				if err := replaceFile(output, 0o600, func(w io.Writer) (err error) {
					rec, n, err = app.Export(cmd.Context(), rec.ID, w)
					return err
				}); err != nil {
					return err
				}
				safetext.Fprintf(cmd.OutOrStdout(), "game %s: %d entries written to %s\n", rec.ID, n, output)
				return nil
			})
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "the file to write, or - for standard output")
	cmd.Flags().BoolVar(&force, "force", false, "replace FILE even when it holds another game's log or no log")
	_ = cmd.MarkFlagRequired("output")
	return cmd
}

// overwrites says why writing game's log to path would lose something: the
// file holds another game's log, or something that is no log. "" when path
// does not exist, is empty, or holds this game's log.
func overwrites(path, game string) string {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return "it is a folder"
	} else if err == nil && st.Size() == 0 {
		return ""
	}
	e, err := logs.NewReader(io.LimitReader(f, logs.MaxLineLen)).Next()
	if err != nil {
		return "it exists and holds no pbem log"
	}
	if e.Game != game {
		return fmt.Sprintf("it holds the log of another game, %s", e.Game)
	}
	return ""
}

// ask says why and asks a yes-or-no question on a terminal; false when
// there is none.
func ask(cmd *cobra.Command, why, question string) bool {
	if !isTerminal(cmd.InOrStdin()) || !isTerminal(cmd.ErrOrStderr()) {
		return false
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "pbem: %s\n%s [y/N] ", safetext.Escape(why), question)
	var answer string
	fmt.Fscanln(cmd.InOrStdin(), &answer)
	a := strings.ToLower(strings.TrimSpace(answer))
	return a == "y" || a == "yes"
}
