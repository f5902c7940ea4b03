package rules

import (
	"fmt"
	"slices"
)

// Versions are an engine's rules versions, the current one first. A game is
// played to its end under the version its invite names (Setup.Version), so
// that every log verifies as it was played: an engine keeps each version a
// log may name, as the value V its rules read (never a version's name
// compared in the rules themselves).
type Versions[V any] struct {
	Game string          // the engine's name, for the refusal
	List []V             // the current version first, then the older ones, newest first
	Name func(*V) string // a version's name ("normandy44/5")
}

// Replays are the names of the older versions, newest first (Engine.Replays).
func (vs Versions[V]) Replays() []string {
	var out []string
	for k := 1; k < len(vs.List); k++ {
		out = append(out, vs.Name(&vs.List[k]))
	}
	return out
}

// Rules are the rules of the version named, "" for the current one; a
// version the engine does not play is refused with ErrVersion, naming
// those it plays.
func (vs Versions[V]) Rules(name string) (*V, error) {
	if len(vs.List) == 0 {
		return nil, fmt.Errorf("%w: %s has no rules versions", ErrVersion, vs.Game)
	}
	if name == "" {
		return &vs.List[0], nil
	}
	k := slices.IndexFunc(vs.List, func(v V) bool { return vs.Name(&v) == name })
	if k < 0 {
		return nil, fmt.Errorf("%w %q: this pbem plays %s under rules %s and replays %v", ErrVersion, name, vs.Game, vs.Name(&vs.List[0]), vs.Replays())
	}
	return &vs.List[k], nil
}
