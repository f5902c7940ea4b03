package main

// The log a command reads: 'pbem log', 'show', 'replay', 'combats' and
// 'dice' take GAME|FILE, a log file or a game of this player's; 'verify'
// a file alone.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
)

// isLogFile says whether a GAME|FILE argument names a log file: "-"
// (standard input), or anything that exists and is not a folder (a file, or
// a pipe such as <(pbem export cher -o -)). Anything else names a game.
func isLogFile(arg string) bool {
	if arg == "-" {
		return true
	}
	st, err := os.Stat(arg)
	return err == nil && !st.IsDir()
}

// openLogFile opens a log file argument; "-" is standard input.
func openLogFile(cmd *cobra.Command, path string) (io.ReadCloser, error) {
	if path == "-" {
		return io.NopCloser(cmd.InOrStdin()), nil
	}
	return os.Open(path)
}

// findGame finds the game of this player's that a GAME|FILE argument names,
// when it names no file.
func findGame(cmd *cobra.Command, app *pbem.App, arg string) (pbem.GameRecord, error) {
	rec, err := app.Find(cmd.Context(), arg)
	if errors.Is(err, pbem.ErrNoGame) {
		if st, serr := os.Stat(arg); serr == nil && st.IsDir() {
			return rec, fmt.Errorf("%q is a folder, not a log file, and no game of yours has that name: name a log file in it, or a game ('pbem games' lists yours)", arg)
		}
		return rec, fmt.Errorf("%q is neither a file nor a game of yours: there is no file of that name, and 'pbem games' lists your games", arg)
	}
	return rec, err
}

// gameLog is a log to look at: a file's entries, or a stored game's.
type gameLog struct {
	entries []*logs.Entry
	name    string // for default file names: the file's base name or the game id
	seat    string // the seat of this store's player; "" for a file
}

// openLog reads the whole log GAME|FILE names. A file that holds no entry,
// or that is no log, is refused with what it seems to be (ExplainBadLog).
func openLog(cmd *cobra.Command, arg string) (*gameLog, error) {
	if isLogFile(arg) {
		src, err := openLogFile(cmd, arg)
		if err != nil {
			return nil, err
		}
		defer src.Close()
		head := &pbem.HeadRecorder{R: src}
		entries, err := logs.ReadAll(head)
		if err == nil && len(entries) == 0 {
			err = errors.New("no log entries")
		}
		if err != nil {
			err = fmt.Errorf("%s: %w", arg, err)
			if h := pbem.ExplainBadLog(head.Head()); h != "" {
				return nil, &hintError{err, arg + ": " + h}
			}
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(arg), filepath.Ext(arg))
		if arg == "-" {
			name = "log"
		}
		return &gameLog{entries: entries, name: name}, nil
	}
	var gl *gameLog
	err := withApp(func(app *pbem.App) error {
		rec, err := findGame(cmd, app, arg)
		if err != nil {
			return err
		}
		lines, err := app.Store.Lines(cmd.Context(), rec.ID)
		if err != nil {
			return err
		}
		gl = &gameLog{name: rec.ID, seat: rec.Seat}
		for i, l := range lines {
			e, err := logs.ParseLine(l)
			if err != nil {
				return fmt.Errorf("game %s: stored entry %d: %w", rec.ID, i, err)
			}
			gl.entries = append(gl.entries, e)
		}
		return nil
	})
	return gl, err
}
