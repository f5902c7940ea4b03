// Package scenarios holds the scenario files that ship with pbem, embedded in the
// binary, and an index of them. Files live in one folder per game:
// <game>/<name>.scn, with the side files they share beside them (maps:
// <game>/<name>.map, charts: <game>/<name>.chart). The files are data and this package knows no game:
// each game's engine parses its own, and games.ReadScenario assembles a
// scenario with the files it names into the self-contained text that a game
// starts from and its invite digests.
//
// A shipped scenario whose text changes keeps its earlier texts, byte for
// byte, in <game>/past/<name>-<n>.scn (n from 1, the oldest): an invite
// names a shipped scenario by name and digest, and a game begun on an
// earlier text is verified and played on to its end on that text (Past).
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

//go:embed */*.scn */*.map */*.chart */past/*.scn
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

// Past returns the earlier texts of a shipped scenario, as written, newest
// first; none when its text never changed. A game whose invite digests one
// of them goes on on it.
func Past(game, name string) [][]byte {
	if strings.ContainsAny(game+name, "/\\*?[") {
		return nil
	}
	matches, _ := fs.Glob(files, game+"/past/"+name+"-*.scn")
	sort.Slice(matches, func(i, j int) bool { return pastNumber(matches[i]) > pastNumber(matches[j]) })
	var out [][]byte
	for _, m := range matches {
		if pastNumber(m) < 1 {
			continue
		}
		if b, err := files.ReadFile(m); err == nil {
			out = append(out, b)
		}
	}
	return out
}

// pastNumber is n of a file <name>-<n>.scn, 0 when it has none.
func pastNumber(file string) int {
	base := strings.TrimSuffix(path.Base(file), ".scn")
	k := strings.LastIndexByte(base, '-')
	n := 0
	for _, r := range base[k+1:] {
		if r < '0' || r > '9' {
			return 0
		}
		n = 10*n + int(r-'0')
	}
	return n
}
