package rules

import (
	"fmt"
	"sort"
	"sync"
)

var sprintf = fmt.Sprintf

// Engine is a game as the rest of pbem knows it.
type Engine struct {
	// Name is the game id of DESIGN.md: "normandy44", "freeplay".
	Name string
	// Version is the rules version recorded in an invite. A replay under another
	// version stops rather than silently change a game in progress.
	Version string
	// Title is the game's name for people.
	Title string
	// New starts a game from a scenario file's bytes and the invite's options.
	New func(scenario []byte, options []string) (Game, error)
	// Seats reads the seats a scenario defines, in order, without starting it.
	Seats func(scenario []byte, options []string) ([]Seat, error)
	// Assemble, when set, resolves the files a scenario names (a shared map)
	// into the one self-contained text that New reads and an invite digests.
	// open reads a named file (e.g. "normandy.map"); the engine does no I/O.
	Assemble func(scenario []byte, open func(name string) ([]byte, error)) ([]byte, error)
}

// Assemble resolves a scenario file for a game: through the engine's Assemble
// when it has one, else the bytes are the scenario. An unknown game is an
// error.
func Assemble(game string, scenario []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	e, err := Lookup(game)
	if err != nil {
		return nil, err
	}
	if e.Assemble == nil {
		return scenario, nil
	}
	return e.Assemble(scenario, open)
}

var (
	mu      sync.RWMutex
	engines = map[string]Engine{}
)

// Register makes an engine available by name. It panics on a duplicate name, as
// that is a programming error.
func Register(e Engine) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := engines[e.Name]; dup {
		panic("rules: engine registered twice: " + e.Name)
	}
	engines[e.Name] = e
}

// Lookup finds a registered engine.
func Lookup(name string) (Engine, error) {
	mu.RLock()
	defer mu.RUnlock()
	e, ok := engines[name]
	if !ok {
		return Engine{}, fmt.Errorf("no game %q (known: %v)", name, namesLocked())
	}
	return e, nil
}

// Names lists the registered engines.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	var names []string
	for n := range engines {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
