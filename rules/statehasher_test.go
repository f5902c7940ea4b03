package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// record is a plain record, as a game's unit is; army is a state holding
// lists of them among other fields.
type record struct {
	ID    string `json:"id"`
	At    string `json:"at"`
	Step  int    `json:"step,omitempty"`
	Moved bool   `json:"moved,omitempty"`
	Dug   bool   `json:"dug,omitempty"`
	N     int16  `json:"n,omitempty"`
	note  string // unexported: not in the JSON
}

type army struct {
	Turn    int             `json:"turn"`
	Units   []record        `json:"units"`
	Spare   []record        `json:"spare,omitempty"`
	Boxes   []zooInner      `json:"boxes,omitempty"` // not plain: encoded afresh each time
	Control []record        `json:"control"`
	Inner   *zooInner       `json:"inner,omitempty"`
	Named   map[string]bool `json:"named,omitempty"`
}

// mutate changes a few records of a (and now and then the lists
// themselves), as an entry would.
func mutate(rnd *rand.Rand, a *army) {
	words := []string{"2512", "2513", "box", "", "<&>", "\u2028", "é", "2512"}
	pick := func() string {
		w := words[rnd.IntN(len(words))]
		if rnd.IntN(2) == 0 {
			// The same text in a string of its own: other bytes, same JSON.
			w = strings.Clone(w + " ")[:len(w)]
		}
		return w
	}
	for range rnd.IntN(4) {
		if len(a.Units) == 0 {
			break
		}
		u := &a.Units[rnd.IntN(len(a.Units))]
		switch rnd.IntN(6) {
		case 0:
			u.At = pick()
		case 1:
			u.Step = rnd.IntN(3)
		case 2:
			u.Moved = !u.Moved
		case 3:
			u.Dug, u.N = !u.Dug, int16(rnd.IntN(5)-2)
		case 4:
			u.note = pick() // changes the bytes, not the JSON
		case 5:
			u.ID = pick()
		}
	}
	switch rnd.IntN(12) {
	case 0:
		a.Units = append(a.Units, record{ID: pick(), At: pick()})
	case 1:
		if len(a.Units) > 0 {
			a.Units = a.Units[:rnd.IntN(len(a.Units))]
		}
	case 2:
		a.Units = slices.Clone(a.Units) // a clone, as Game.Clone makes
	case 3:
		a.Units = nil
	case 4:
		a.Spare = append(a.Spare, record{ID: pick()})
	case 5:
		a.Spare = nil
	case 6:
		a.Control = []record{}
	case 7:
		if len(a.Units) > 1 {
			i, j := rnd.IntN(len(a.Units)), rnd.IntN(len(a.Units))
			a.Units[i], a.Units[j] = a.Units[j], a.Units[i]
		}
	case 8:
		a.Boxes = append(a.Boxes, zooInnerValue(rnd, 1))
	case 9:
		in := zooInnerValue(rnd, 1)
		a.Inner = &in
	case 10:
		a.Named = map[string]bool{pick(): true}
	}
	a.Turn++
}

// TestStateHasher_SameHash: a hasher kept across the states of a game gives
// each state HashState's hash, as its records change, move, grow in number
// and shrink, and as strings of the same text are made anew.
func TestStateHasher_SameHash(t *testing.T) {
	if tp := planFor(reflect.TypeFor[army]()); tp == nil || !tp.st.fields[1].records || tp.st.fields[3].records {
		t.Fatal("army's units are not planned as a list of records, or its boxes are")
	}
	rnd := rand.New(rand.NewPCG(18, 44))
	var h StateHasher
	a := army{Units: []record{{ID: "1/a", At: "2512"}, {ID: "2/b", At: "box"}}}
	for i := range 5000 {
		mutate(rnd, &a)
		want := HashState(a)
		if got := h.Hash(&a); got != want {
			t.Fatalf("state %d: the hasher gives %s; HashState %s (%+v)", i, got, want, a)
		}
		if i%7 == 0 {
			if got := h.Hash(a); got != want {
				t.Fatalf("state %d by value: the hasher gives %s; HashState %s", i, got, want)
			}
		}
	}
	// Another type through the same hasher starts afresh.
	if got, want := h.Hash(zoo{S: "x"}), HashState(zoo{S: "x"}); got != want {
		t.Fatalf("another state type: %s, want %s", got, want)
	}
	if got, want := h.Hash(42), HashState(42); got != want {
		t.Fatalf("a state that is no struct: %s, want %s", got, want)
	}
}

// bigArmy is an army of 300 units: some 10 KB of JSON, so that the digest
// resumes after kept checkpoints.
func bigArmy() army {
	a := army{Control: []record{{ID: "c", At: "2513"}}}
	for i := range 300 {
		a.Units = append(a.Units, record{ID: fmt.Sprintf("%d/unit", i), At: "2512"})
	}
	return a
}

// TestStateHasher_Clone: a clone of a hasher, given a copy of the state its
// original hashed (as a game's clone is), hashes each of that copy's
// successive states as HashState does, and so does the original for its
// own, each encoding its records again where the other's no longer match.
func TestStateHasher_Clone(t *testing.T) {
	rnd := rand.New(rand.NewPCG(27, 11))
	var h StateHasher
	a := bigArmy()
	for round := range 200 {
		for range 1 + rnd.IntN(5) {
			mutate(rnd, &a)
			if got, want := h.Hash(&a), HashState(a); got != want {
				t.Fatalf("round %d, the original: %s, want %s", round, got, want)
			}
		}
		c := h.Clone()
		b := a
		b.Units, b.Spare, b.Control = slices.Clone(a.Units), slices.Clone(a.Spare), slices.Clone(a.Control)
		for k := range 1 + rnd.IntN(5) {
			if got, want := c.Hash(&b), HashState(b); got != want {
				t.Fatalf("round %d, the clone's state %d: %s, want %s", round, k, got, want)
			}
			mutate(rnd, &b)
		}
		if got, want := h.Hash(&a), HashState(a); got != want {
			t.Fatalf("round %d, the original after its clone hashed: %s, want %s", round, got, want)
		}
	}
	var zero StateHasher
	if got, want := zero.Clone().Hash(&a), HashState(a); got != want {
		t.Fatalf("a clone of a hasher that hashed nothing: %s, want %s", got, want)
	}
	var none *StateHasher
	if got, want := none.Clone().Hash(&a), HashState(a); got != want {
		t.Fatalf("a clone of a nil hasher: %s, want %s", got, want)
	}
	if got, want := none.Hash(&a), HashState(a); got != want {
		t.Fatalf("a nil hasher: %s, want %s", got, want)
	}
}

// TestStateHasher_CloneLater: a clone copies its original's memo at its
// first Hash (Clone), by when the original has hashed other states, and a
// clone of a clone that never hashed goes on from the same original: each
// still hashes its own state as HashState does.
func TestStateHasher_CloneLater(t *testing.T) {
	rnd := rand.New(rand.NewPCG(27, 12))
	var h StateHasher
	a := bigArmy()
	copyOf := func(a army) army {
		a.Units, a.Spare, a.Control = slices.Clone(a.Units), slices.Clone(a.Spare), slices.Clone(a.Control)
		return a
	}
	for round := range 100 {
		mutate(rnd, &a)
		h.Hash(&a)
		b := copyOf(a)
		c := h.Clone()
		d := c.Clone() // of a clone that has not hashed
		e := copyOf(a)
		// The original goes on before either clone hashes.
		for range 1 + rnd.IntN(3) {
			mutate(rnd, &a)
			if got, want := h.Hash(&a), HashState(a); got != want {
				t.Fatalf("round %d, the original: %s, want %s", round, got, want)
			}
		}
		mutate(rnd, &b)
		if got, want := c.Hash(&b), HashState(b); got != want {
			t.Fatalf("round %d, the clone: %s, want %s", round, got, want)
		}
		mutate(rnd, &e)
		if got, want := d.Hash(&e), HashState(e); got != want {
			t.Fatalf("round %d, the clone's clone: %s, want %s", round, got, want)
		}
		if c.from != nil || d.from != nil {
			t.Fatalf("round %d: a clone that hashed still reads its original", round)
		}
	}
}

// TestStateHasher_EmbeddingRecords: records that embed a struct are not
// kept by their bytes, as an embedded struct's fields are the record's in
// the JSON: here a list whose elements change where its header does not.
func TestStateHasher_EmbeddingRecords(t *testing.T) {
	type tags struct {
		Tags []string `json:"tags"`
	}
	type tagged struct {
		ID string `json:"id"`
		tags
	}
	type state struct {
		Units []tagged `json:"units"`
	}
	var h StateHasher
	s := state{Units: []tagged{{ID: "a", tags: tags{Tags: []string{"x"}}}, {ID: "b"}}}
	for _, tag := range []string{"y", "z", "x"} {
		s.Units[0].Tags[0] = tag // the same slice header, another element
		if got, want := h.Hash(&s), HashState(s); got != want {
			t.Fatalf("tag %s: %s, want %s", tag, got, want)
		}
	}
}

// TestStateHasher_Concurrent: one hasher used by several goroutines at once
// gives each state its own hash (run with -race).
func TestStateHasher_Concurrent(t *testing.T) {
	var h StateHasher
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(g), 7))
			a := army{Units: []record{{ID: "x", At: "y"}}}
			for range 300 {
				mutate(rnd, &a)
				if got, want := h.Hash(&a), HashState(a); got != want {
					t.Errorf("goroutine %d: %s, want %s", g, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}
