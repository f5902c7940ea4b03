package combat

import (
	"errors"
	"strings"
	"testing"
)

// replayed is a combat reduced to the steps replayed on it.
type replayed struct{ steps []string }

func (r *replayed) Replay(step string) error {
	if step == "bad" {
		return errors.New("no such step")
	}
	r.steps = append(r.steps, step)
	return nil
}

// TestRebuild: the combat is built from the declaration and every recorded
// step replayed in order; a record that does not rebuild panics, naming it.
func TestRebuild(t *testing.T) {
	rec := &Record{N: 2, Attack: "attack 0405 with 1a", Steps: []string{"roll crt 4", "german: dd 8ab"}}
	var built string
	c := Rebuild(rec, func(attack string) (*replayed, error) { built = attack; return &replayed{}, nil })
	if built != rec.Attack || strings.Join(c.steps, ";") != "roll crt 4;german: dd 8ab" {
		t.Errorf("built from %q, replayed %q", built, c.steps)
	}
	for _, bad := range []*Record{{Attack: "x", Steps: []string{"bad"}}, {Attack: "refused"}} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(p.(string), "combat record") {
					t.Errorf("%+v: panic %v, want one naming the combat record", bad, p)
				}
			}()
			Rebuild(bad, func(attack string) (*replayed, error) {
				if attack == "refused" {
					return nil, errors.New("refused")
				}
				return &replayed{}, nil
			})
		}()
	}
}
