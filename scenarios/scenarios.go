// Package scenarios holds the scenario files that ship with pbem, embedded in the
// binary, and an index of them. Files live in one folder per game:
// <game>/<name>.scn. The files are data; each game's engine parses its own.
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

//go:embed */*.scn
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

// Read returns the bytes of a shipped scenario.
func Read(game, name string) ([]byte, error) {
	if strings.ContainsAny(game+name, "/\\") {
		return nil, fmt.Errorf("%w: %s/%s", ErrUnknown, game, name)
	}
	b, err := files.ReadFile(game + "/" + name + ".scn")
	if err != nil {
		return nil, fmt.Errorf("%w: %s has no scenario %q", ErrUnknown, game, name)
	}
	return b, nil
}
