// Package scenarios holds the scenario files that ship with pbem, embedded in the
// binary, and an index of them. Files live in one folder per game:
// <game>/<name>.scn, with the map files they share beside them
// (<game>/<name>.map). The files are data; each game's engine parses its own,
// and assembles a scenario with the files it names (rules.Assemble), so Read
// returns the self-contained text that a game starts from and its invite
// digests.
package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	// The engines of the shipped files, so that Read can assemble them.
	_ "github.com/pbem-referee/pbem/rules/freeplay"
	_ "github.com/pbem-referee/pbem/rules/normandy44"
)

//go:embed */*.scn */*.map
var files embed.FS

// ErrUnknown is returned for a scenario that does not ship.
var ErrUnknown = errors.New("unknown scenario")

// Info names one shipped scenario.
type Info struct {
	Game string // the engine's name, e.g. "normandy44"
	Name string // e.g. "cherbourg"
}

// List returns every shipped scenario, sorted by game then name.
func List() []Info {
	var out []Info
	matches, _ := fs.Glob(files, "*/*.scn")
	for _, m := range matches {
		out = append(out, Info{Game: path.Dir(m), Name: strings.TrimSuffix(path.Base(m), ".scn")})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Game != out[j].Game {
			return out[i].Game < out[j].Game
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Read returns a shipped scenario as the game reads it: the file assembled
// with the map file it names (rules.Assemble). These are the bytes an invite
// digests.
func Read(game, name string) ([]byte, error) {
	b, err := Source(game, name)
	if err != nil {
		return nil, err
	}
	out, err := rules.Assemble(game, b, Embedded(game))
	if err != nil {
		return nil, fmt.Errorf("scenario %s/%s: %w", game, name, err)
	}
	return out, nil
}

// Source returns a shipped scenario file as it is written, before assembly:
// to read, or to start a transcription from.
func Source(game, name string) ([]byte, error) {
	if strings.ContainsAny(game+name, "/\\") {
		return nil, fmt.Errorf("%w: %s/%s", ErrUnknown, game, name)
	}
	b, err := files.ReadFile(game + "/" + name + ".scn")
	if err != nil {
		return nil, fmt.Errorf("%w: %s has no scenario %q", ErrUnknown, game, name)
	}
	return b, nil
}

// Embedded opens the files that ship beside a game's scenarios (its map files),
// by base name, for rules.Assemble.
func Embedded(game string) func(name string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if strings.ContainsAny(game+name, "/\\") || strings.HasSuffix(name, ".scn") {
			return nil, fmt.Errorf("%w: %s/%s", fs.ErrNotExist, game, name)
		}
		b, err := files.ReadFile(game + "/" + name)
		if err != nil {
			return nil, fmt.Errorf("no file %s ships with %s: %w", name, game, fs.ErrNotExist)
		}
		return b, nil
	}
}

// Beside opens the files a scenario file at path names: first in the
// scenario's own folder, then among the files that ship with the game. A
// transcribed scenario may so use a transcribed map, or a shipped one.
func Beside(game, path string) func(name string) ([]byte, error) {
	embedded := Embedded(game)
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
