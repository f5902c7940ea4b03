// Package games is the one list of the games pbem plays, and the only package
// that imports game packages: the rest of pbem knows a game by its
// rules.Engine alone. Adding a game touches its own package and one line of
// engines below.
package games

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/ardennes44"
	"github.com/pbem-referee/pbem/rules/freeplay"
	"github.com/pbem-referee/pbem/rules/normandy44"
	"github.com/pbem-referee/pbem/rules/rhine44"
	"github.com/pbem-referee/pbem/rules/salerno43"
	"github.com/pbem-referee/pbem/scenarios"
)

// plain are the games pbem plays, sorted by name, as their packages make
// them.
var plain = []rules.Engine{
	ardennes44.Engine(),
	freeplay.Engine(),
	normandy44.Engine(),
	rhine44.Engine(),
	salerno43.Engine(),
}

// engines are the plain engines, each keeping the games it started last
// (started.go).
var engines = keepingStarts(plain)

func keepingStarts(plain []rules.Engine) []rules.Engine {
	es := slices.Clone(plain)
	for i := range es {
		es[i].New = startKept(es[i].New)
	}
	return es
}

// ErrUnknown is wrapped when a name is not a game pbem plays.
var ErrUnknown = errors.New("unknown game")

// All returns every engine, sorted by name.
func All() []rules.Engine { return slices.Clone(engines) }

// Names returns the names of the games, sorted.
func Names() []string {
	names := make([]string, len(engines))
	for i, e := range engines {
		names[i] = e.Name
	}
	return names
}

// Lookup finds a game's engine by name.
func Lookup(name string) (rules.Engine, error) { return lookupIn(engines, name) }

func lookupIn(engines []rules.Engine, name string) (rules.Engine, error) {
	for _, e := range engines {
		if e.Name == name {
			return e, nil
		}
	}
	return rules.Engine{}, fmt.Errorf("%w %q (pbem plays %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}

// ReadScenario returns a shipped scenario as a game reads it: the file
// assembled with the side files it names (a shared map, clipped to its
// window). These are the bytes an invite digests.
//
// Each is assembled once a process: the embedded files never change while
// pbem runs, and a process that opens games again and again (the demo,
// 'pbem serve') would assemble the same text at every open.
func ReadScenario(game, name string) ([]byte, error) {
	key := game + "/" + name
	if text, ok := assembled.Load(key); ok {
		return bytes.Clone(text.([]byte)), nil
	}
	out, err := assemble(game, name)
	if err != nil {
		return nil, err
	}
	assembled.Store(key, bytes.Clone(out))
	return out, nil
}

// assembled are the shipped scenarios ReadScenario assembled, by
// "game/name".
var assembled sync.Map

// assemble is ReadScenario's work.
func assemble(game, name string) ([]byte, error) {
	e, err := Lookup(game)
	if err != nil {
		return nil, err
	}
	b, err := scenarios.Source(game, name)
	if err != nil {
		return nil, err
	}
	out, err := e.Assemble(b, scenarios.Embedded(game))
	if err != nil {
		return nil, fmt.Errorf("scenario %s/%s: %w", game, name, err)
	}
	return out, nil
}

// PastScenarios returns the earlier texts of a shipped scenario
// (scenarios.Past), each assembled as ReadScenario assembles the current
// one, newest first: an invite made before a shipped scenario changed names
// one of them by its digest.
func PastScenarios(game, name string) ([][]byte, error) {
	e, err := Lookup(game)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, b := range scenarios.Past(game, name) {
		a, err := e.Assemble(b, scenarios.Embedded(game))
		if err != nil {
			return nil, fmt.Errorf("an earlier text of scenario %s/%s: %w", game, name, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// Library finds what an invitation names: a game's engine and a scenario's
// assembled bytes (replay.Loader).
type Library struct {
	// Afresh, when set, gives the engines that start every game afresh,
	// keeping none (started.go): as a process that opens one game does,
	// for a benchmark of a command line's work.
	Afresh bool
}

// Shipped is the library of the games and scenarios that ship with pbem.
var Shipped Library

// Engine implements replay.Loader.
func (l Library) Engine(name string) (rules.Engine, error) {
	if l.Afresh {
		return lookupIn(plain, name)
	}
	return Lookup(name)
}

// Scenario implements replay.Loader.
func (Library) Scenario(game, name string) ([]byte, error) { return ReadScenario(game, name) }

// PastScenarios implements replay.PastLoader.
func (Library) PastScenarios(game, name string) ([][]byte, error) { return PastScenarios(game, name) }
