// Package scenarios holds the scenario files that ship with pbem, embedded in the
// binary, and an index of them. Files live in one folder per game:
// <game>/<name>.scn, with the side files they share beside them (maps:
// <game>/<name>.map, charts: <game>/<name>.chart). The files are data and this package knows no game:
// each game's engine parses its own, and games.ReadScenario assembles a
// scenario with the files it names into the self-contained text that a game
// starts from and its invite digests.
package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed */*.scn */*.map */*.chart
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
// by base name, for an engine's Assemble.
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
