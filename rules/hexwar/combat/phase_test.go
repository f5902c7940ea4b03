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

// TestSetOrder: a side's new order replaces its order of the same kind
// (digest 6.3 in Ardennes '44, 6.2 in Salerno '43), not the other side's
// nor its other kinds; OrdersOf gives them by side as the combat reads them.
func TestSetOrder(t *testing.T) {
	type side string
	parse := func(text string) Command {
		c, err := testGrammar.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	var recs []OrderRecord[side]
	recs = SetOrder(recs, "german", parse("order dd always"), testGrammar)
	recs = SetOrder(recs, "allied", parse("order dd never"), testGrammar)
	recs = SetOrder(recs, "german", parse("order retreat toward-supply"), testGrammar)
	recs = SetOrder(recs, "german", parse("order dd never"), testGrammar)
	want := []OrderRecord[side]{{"allied", "order dd never"}, {"german", "order retreat toward-supply"}, {"german", "order dd never"}}
	if len(recs) != len(want) {
		t.Fatalf("records %v, want %v", recs, want)
	}
	for i := range want {
		if recs[i] != want[i] {
			t.Errorf("record %d: %v, want %v", i, recs[i], want[i])
		}
	}
	o := OrdersOf(recs, testGrammar)
	if len(o["german"]) != 2 || len(o["allied"]) != 1 || o["allied"][0].String() != "order dd never" {
		t.Errorf("orders %v", o)
	}
}
