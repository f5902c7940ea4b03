package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestVersions: the current version first, the older ones replayed newest
// first; "" is the current one; a version not played is refused with
// ErrVersion, the refusal naming the versions played.
func TestVersions(t *testing.T) {
	type ver struct {
		name string
		n    int
	}
	vs := Versions[ver]{Game: "g", List: []ver{{"g/3", 3}, {"g/2", 2}, {"g/1", 1}}, Name: func(v *ver) string { return v.name }}
	if got := vs.Replays(); !slices.Equal(got, []string{"g/2", "g/1"}) {
		t.Errorf("replays %v, want [g/2 g/1]", got)
	}
	for name, want := range map[string]int{"": 3, "g/3": 3, "g/1": 1} {
		if v, err := vs.Rules(name); err != nil || v.n != want {
			t.Errorf("Rules(%q) = %+v, %v; want version %d", name, v, err, want)
		}
	}
	_, err := vs.Rules("g/9")
	if !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), `"g/9": this pbem plays g under rules g/3 and replays [g/2 g/1]`) {
		t.Errorf("Rules(g/9): %v", err)
	}
}
