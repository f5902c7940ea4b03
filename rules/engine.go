package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path"
	"slices"
	"strings"
)

// Setup is what an invitation fixes before the first move: the scenario, the
// edition of the rules and the options. A game is started from it, and
// started again from it at every replay.
type Setup struct {
	// Scenario is the assembled scenario text, the bytes the invite digests.
	Scenario []byte
	// Variant is the edition of the rules the invite names, e.g. "ed1"; ""
	// is the engine's default edition.
	Variant string
	// Options are the rules options the invite fixes, e.g. "players=4".
	Options []string
	// Version is the rules version the invite names: the engine's Version,
	// or one of the older ones it Replays, under which a game goes on to its
	// end; "" is the engine's current Version.
	Version string
}

// Variant is an edition of a game's rules that an engine plays besides its
// default one.
type Variant struct {
	Name  string // as an invite writes it: "ed1"
	Title string // for people: "Normandy '44, first edition (Italian)"
	// Versions are the rules versions that play the variant, when not all
	// the engine plays do: a variant added with a version is never played
	// under an older one, so a setup that asks for it is refused
	// (CheckSetup, ErrVersion).
	Versions []string
}

// Engine is a game as the rest of pbem knows it. Everything pbem needs to
// know of a game is here, so that no other package names one (games lists
// them all).
type Engine struct {
	// Name is the game id of DESIGN.md: "normandy44", "freeplay".
	Name string
	// Version is the rules version recorded in the invite of every game the
	// engine starts. A replay under another version stops rather than
	// silently change a game in progress.
	Version string
	// Replays lists the older rules versions whose games the engine still
	// plays, newest first: a game keeps the version its invite names, and
	// its Setup passes it to New, so that an upgrade changes no game in
	// progress and every log verifies as it was played. New games are made
	// under Version only.
	Replays []string
	// Title is the game's name for people, with its default edition.
	Title string
	// Variants are the editions the engine plays besides its default one.
	// A setup naming any other is refused, never played as the default.
	Variants []Variant
	// New starts a game. It refuses a variant the engine does not play
	// (ErrVariant) and an option it does not know.
	New func(Setup) (Game, error)
	// Seats reads the seats a setup defines, in order, without starting it.
	Seats func(Setup) ([]Seat, error)
	// Files, when set, are the side files a scenario may name (shared maps,
	// card lists); nil when scenarios are self-contained.
	Files *Files
	// Player is a random legal player, for the demo, tests and benchmarks:
	// a command for seat drawn from rnd, or "" when seat has nothing to do.
	// Nil means RandomPlayer. The engine itself never draws.
	Player func(g Game, seat Seat, rnd *rand.Rand) string
	// Canonical, when set, parses a command on its own (without a position)
	// and prints it in canonical form. Every command a game lists or accepts
	// is canonical, so Canonical returns it unchanged; rulestest checks that.
	Canonical func(command string) (string, error)
}

// Files are a game's side files: files that scenarios name and that are
// inlined into the scenario text before a game reads it. The engine does no
// I/O: open reads a named file (e.g. "normandy.map") for it.
type Files struct {
	// Ext are the endings of side file names, e.g. ".map".
	Ext []string
	// Assemble resolves the files a scenario names into the one
	// self-contained text that New reads and an invite digests.
	Assemble func(scenario []byte, open func(name string) ([]byte, error)) ([]byte, error)
	// Check validates a side file on its own, name being its base name
	// ("my-normandy.map"); open reads the files it names in turn. Problems
	// name the file and line.
	Check func(name string, data []byte, open func(name string) ([]byte, error)) error
}

// ErrVariant is wrapped when a setup names a variant its engine does not play.
var ErrVariant = errors.New("unknown variant")

// ErrVersion is wrapped when a setup names a rules version its engine does
// not play.
var ErrVersion = errors.New("unknown rules version")

// CheckVersion refuses a rules version the engine does not play: "" and
// Version (the current one), and the older ones in Replays, are played.
func (e Engine) CheckVersion(v string) error {
	if v == "" || v == e.Version || slices.Contains(e.Replays, v) {
		return nil
	}
	if len(e.Replays) == 0 {
		return fmt.Errorf("%w %q: this pbem plays %s under rules %s only", ErrVersion, v, e.Name, e.Version)
	}
	return fmt.Errorf("%w %q: this pbem plays %s under rules %s, and replays the games of %s", ErrVersion, v, e.Name, e.Version, strings.Join(e.Replays, ", "))
}

// GameVersion is the rules version a setup's game is played under: its own,
// or the engine's current one when it names none.
func (e Engine) GameVersion(s Setup) string {
	if s.Version == "" {
		return e.Version
	}
	return s.Version
}

// CheckSetup refuses a setup whose edition (CheckVariant) or rules version
// (CheckVersion) the engine does not play. New and Seats begin with it.
func (e Engine) CheckSetup(s Setup) error {
	if err := e.CheckVariant(s.Variant); err != nil {
		return err
	}
	if err := e.CheckVersion(s.Version); err != nil {
		return err
	}
	if v := e.GameVersion(s); !e.PlaysVariant(v, s.Variant) {
		k := slices.IndexFunc(e.Variants, func(x Variant) bool { return x.Name == s.Variant })
		return fmt.Errorf("%w %s for variant %s (%s): it is played under rules %s only",
			ErrVersion, v, s.Variant, e.Variants[k].Title, strings.Join(e.Variants[k].Versions, ", "))
	}
	return nil
}

// PlaysVariant reports whether rules version v plays the variant name ("":
// the default edition, which every version plays).
func (e Engine) PlaysVariant(v, name string) bool {
	k := slices.IndexFunc(e.Variants, func(x Variant) bool { return x.Name == name })
	return k < 0 || e.Variants[k].Versions == nil || slices.Contains(e.Variants[k].Versions, v)
}

// CheckVariant refuses a variant the engine does not play: "" (the default
// edition) and the names in Variants are played.
func (e Engine) CheckVariant(name string) error {
	if name == "" || slices.ContainsFunc(e.Variants, func(v Variant) bool { return v.Name == name }) {
		return nil
	}
	if len(e.Variants) == 0 {
		return fmt.Errorf("%w %q: %s plays only its default edition, %s", ErrVariant, name, e.Name, e.Title)
	}
	var names []string
	for _, v := range e.Variants {
		names = append(names, fmt.Sprintf("%s (%s)", v.Name, v.Title))
	}
	return fmt.Errorf("%w %q: %s plays its default edition, %s, and %s", ErrVariant, name, e.Name, e.Title, strings.Join(names, ", "))
}

// Assemble resolves a scenario file through the engine's side files; without
// them the bytes are the scenario.
func (e Engine) Assemble(scenario []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	if e.Files == nil || e.Files.Assemble == nil {
		return scenario, nil
	}
	return e.Files.Assemble(scenario, open)
}

// SideFile reports whether name (a path or a base name) is one of the
// engine's side files, by its ending.
func (e Engine) SideFile(name string) bool {
	return e.Files != nil && slices.Contains(e.Files.Ext, path.Ext(name))
}

// RandomCommand is a random legal command for seat from the engine's Player,
// or RandomPlayer when it has none; "" when seat has nothing to do.
func (e Engine) RandomCommand(g Game, seat Seat, rnd *rand.Rand) string {
	if e.Player != nil {
		return e.Player(g, seat, rnd)
	}
	return RandomPlayer(g, seat, rnd)
}
