package games

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/scenarios"
)

// CheckFile checks a scenario file, or one of its side files, that a player
// wrote (a transcription of the components of a game they own). path is
// where it lies: the files it names are read beside it first, then among
// those that ship with the game. A side file (a map) is checked on its own
// by its engine; a scenario is assembled and started in the default edition
// without options, which parses and validates it whole. Engines name the
// file and line of every problem.
func CheckFile(game, path string, data []byte) error {
	e, err := Lookup(game)
	if err != nil {
		return err
	}
	open := Beside(game, path)
	if e.SideFile(path) {
		if e.Files.Check == nil {
			return fmt.Errorf("%s cannot check its %s files on their own: check a scenario that names it", game, filepath.Ext(path))
		}
		return e.Files.Check(filepath.Base(path), data, open)
	}
	data, err = e.Assemble(data, open)
	if err != nil {
		return err
	}
	_, err = e.New(rules.Setup{Scenario: data})
	return err
}

// Beside opens the files a scenario file at path names: first in the
// scenario's own folder, then among the files that ship with the game. A
// transcribed scenario may so use a transcribed map, or a shipped one.
func Beside(game, path string) func(name string) ([]byte, error) {
	embedded := scenarios.Embedded(game)
	return func(name string) ([]byte, error) {
		if strings.ContainsAny(name, "/\\") || name == "" {
			return nil, fmt.Errorf("%w: %s", fs.ErrNotExist, name)
		}
		local := filepath.Join(filepath.Dir(path), name)
		b, err := os.ReadFile(local)
		if err == nil {
			return b, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		b, err2 := embedded(name)
		if err2 != nil {
			return nil, fmt.Errorf("neither %s nor a shipped %s/%s exists", local, game, name)
		}
		return b, nil
	}
}

// ReadFile reads a player's scenario file at path for game, assembled with
// the side files it names (Beside), and checks that it starts a game in the
// default edition without options: these are the bytes an invite carries
// and digests. Problems name the file and line.
func ReadFile(game, path string) ([]byte, error) {
	e, err := Lookup(game)
	if err != nil {
		return nil, err
	}
	if e.SideFile(path) {
		return nil, fmt.Errorf("%s is a %s file, which a scenario names: start the game from the scenario", path, filepath.Ext(path))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := CheckFile(game, path, data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return e.Assemble(data, Beside(game, path))
}
