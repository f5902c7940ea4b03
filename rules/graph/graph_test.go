package graph

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// lisieux is a corner of the Race to the Rhine board as its rulebook names
// it: Lisieux-Brionne-Rouen by red arrows (E7, L593-615), Lisieux-Yvetot-Le
// Havre (E17, L1117-1167), Amiens a field shared by red and white (L699),
// and a black arrow no player may use (L182-186).
func lisieux(t *testing.T) *Graph {
	t.Helper()
	g, err := New([]string{"rouen", "lisieux", "brionne", "yvetot", "le-havre", "amiens"}, []Edge{
		{A: "lisieux", B: "brionne", Colours: []string{"red"}},
		{A: "brionne", B: "rouen", Colours: []string{"red"}},
		{A: "lisieux", B: "yvetot", Colours: []string{"red"}},
		{A: "yvetot", B: "le-havre", Colours: []string{"red"}},
		{A: "rouen", B: "amiens", Colours: []string{"red", "white"}},
		{A: "le-havre", B: "amiens", Colours: []string{"black"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func colour(c string) func(Edge) bool { return func(e Edge) bool { return e.Has(c) } }

// Adjacency is by an edge of any colour, in either direction (L166-175).
func TestAdjacent(t *testing.T) {
	g := lisieux(t)
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"lisieux", "brionne", true}, {"brionne", "lisieux", true},
		{"le-havre", "amiens", true}, // black: adjacent all the same
		{"lisieux", "rouen", false}, {"lisieux", "lisieux", false}, {"lisieux", "nowhere", false},
	} {
		if got := g.Adjacent(c.a, c.b); got != c.want {
			t.Errorf("Adjacent(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if got := g.Neighbours("amiens", nil); !slices.Equal(got, []string{"le-havre", "rouen"}) {
		t.Errorf("the neighbours of Amiens are %v", got)
	}
	if got := g.Neighbours("amiens", colour("red")); !slices.Equal(got, []string{"rouen"}) {
		t.Errorf("the neighbours of Amiens by red arrows are %v", got)
	}
	if e, ok := g.Edge("amiens", "rouen"); !ok || e.Other("amiens") != "rouen" || !e.Has("white") {
		t.Errorf("the edge Amiens-Rouen is %v, %v", e, ok)
	}
}

func TestNewRefuses(t *testing.T) {
	for _, c := range []struct {
		nodes []string
		edges []Edge
		says  string
	}{
		{[]string{"a", "a"}, nil, `"a" given twice`},
		{[]string{""}, nil, "without an id"},
		{[]string{"a"}, []Edge{{A: "a", B: "b", Colours: []string{"red"}}}, "not both places"},
		{[]string{"a"}, []Edge{{A: "a", B: "a", Colours: []string{"red"}}}, "to itself"},
		{[]string{"a", "b"}, []Edge{{A: "a", B: "b"}}, "no colour"},
		{[]string{"a", "b"}, []Edge{{A: "a", B: "b", Colours: []string{"red"}}, {A: "b", B: "a", Colours: []string{"white"}}}, "already joined"},
	} {
		_, err := New(c.nodes, c.edges)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("New(%v, %v) = %v, want ErrInvalid saying %q", c.nodes, c.edges, err, c.says)
		}
	}
}

// Reach through places that pass: the encirclement of rhine44 (R10.18)
// connects through uncontrolled places by edges of any colour.
func TestReach(t *testing.T) {
	g := lisieux(t)
	controlled := map[string]bool{"rouen": true}
	got := g.Reach([]string{"amiens"}, Rules{Pass: func(id string) bool { return !controlled[id] }})
	want := map[string]bool{"amiens": true, "le-havre": true, "yvetot": true, "lisieux": true, "brionne": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reach from Amiens around Rouen: %v", got)
	}
	got = g.Reach([]string{"amiens"}, Rules{Use: colour("red")})
	if !reflect.DeepEqual(got, map[string]bool{"amiens": true, "rouen": true, "brionne": true, "lisieux": true, "yvetot": true, "le-havre": true}) {
		t.Errorf("reach from Amiens by red arrows: %v", got)
	}
	if g.Reach([]string{"rouen"}, Rules{Pass: func(id string) bool { return !controlled[id] }})["rouen"] {
		t.Error("a start that may not pass is reached")
	}
	if !g.Path("lisieux", "le-havre", Rules{}) || g.Path("lisieux", "amiens", Rules{Use: colour("white")}) {
		t.Error("Path is wrong")
	}
	d := g.Distances([]string{"lisieux"}, Rules{Use: colour("red")})
	if d["amiens"] != 3 || d["le-havre"] != 2 || d["lisieux"] != 0 {
		t.Errorf("distances from Lisieux by red arrows: %v", d)
	}
}

// grid is a w x h grid of places "x.y", each joined to its right and lower
// neighbour by a "red" edge: many equally short paths.
func grid(t testing.TB, w, h int) *Graph {
	var nodes []string
	var edges []Edge
	for x := range w {
		for y := range h {
			id := fmt.Sprintf("%d.%d", x, y)
			nodes = append(nodes, id)
			if x+1 < w {
				edges = append(edges, Edge{A: id, B: fmt.Sprintf("%d.%d", x+1, y), Colours: []string{"red"}})
			}
			if y+1 < h {
				edges = append(edges, Edge{A: id, B: fmt.Sprintf("%d.%d", x, y+1), Colours: []string{"red"}})
			}
		}
	}
	g, err := New(nodes, edges)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// All the shortest paths, in a fixed order: on a 3x3 grid from a corner to
// the opposite corner there are C(4,2) = 6 of 4 edges each.
func TestShortestPathsGrid(t *testing.T) {
	g := grid(t, 3, 3)
	is := func(id string) func(string) bool { return func(x string) bool { return x == id } }
	paths, err := g.ShortestPaths("0.0", is("2.2"), Rules{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 6 {
		t.Fatalf("%d paths: %v", len(paths), paths)
	}
	for i, p := range paths {
		if len(p) != 5 || p[0] != "0.0" || p[4] != "2.2" {
			t.Errorf("path %v", p)
		}
		if i > 0 && slices.Compare(paths[i-1], p) >= 0 {
			t.Errorf("paths out of order: %v before %v", paths[i-1], p)
		}
	}
	if _, err := g.ShortestPaths("0.0", is("2.2"), Rules{}, 5); !errors.Is(err, ErrTooMany) {
		t.Errorf("a limit of 5 paths: %v", err)
	}
	// A blocked middle leaves the paths around it.
	paths, _ = g.ShortestPaths("0.0", is("2.2"), Rules{Pass: func(id string) bool { return id != "1.1" }}, 0)
	if len(paths) != 2 {
		t.Errorf("around the middle: %v", paths)
	}
}

// A path ends at the first target it meets: a target behind another target
// is not reached through it.
func TestPathsStopAtFirstTarget(t *testing.T) {
	g, err := New([]string{"a", "b", "c", "d"}, []Edge{
		{A: "a", B: "b", Colours: []string{"red"}}, {A: "b", B: "c", Colours: []string{"red"}},
		{A: "a", B: "d", Colours: []string{"red"}}, {A: "d", B: "c", Colours: []string{"red"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	target := func(id string) bool { return id == "b" || id == "c" }
	if n := g.Nearest("a", target, Rules{}); n != 1 {
		t.Errorf("nearest = %d", n)
	}
	paths, _ := g.Paths("a", target, 2, Rules{}, 0)
	if !reflect.DeepEqual(paths, [][]string{{"a", "d", "c"}}) {
		t.Errorf("paths of 2: %v", paths)
	}
	if n := g.Nearest("a", func(string) bool { return false }, Rules{}); n != -1 {
		t.Errorf("no target: %d", n)
	}
}

// Paths agrees with a plain exhaustive search on random boards.
func TestPathsAgainstBruteForce(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		n := 3 + rnd.IntN(7)
		var nodes []string
		for i := range n {
			nodes = append(nodes, fmt.Sprintf("n%d", i))
		}
		var edges []Edge
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rnd.IntN(3) == 0 {
					c := []string{"red", "black"}[rnd.IntN(2)]
					edges = append(edges, Edge{A: nodes[i], B: nodes[j], Colours: []string{c}})
				}
			}
		}
		g, err := New(nodes, edges)
		if err != nil {
			t.Fatal(err)
		}
		targets := map[string]bool{nodes[n-1]: true}
		if rnd.IntN(2) == 0 {
			targets[nodes[n-2]] = true
		}
		blocked := nodes[1+rnd.IntN(n-1)]
		r := Rules{Use: colour("red"), Pass: func(id string) bool { return id != blocked }}
		target := func(id string) bool { return targets[id] }
		for length := 1; length < n; length++ {
			got, err := g.Paths("n0", target, length, r, 0)
			if err != nil {
				t.Fatal(err)
			}
			want := brutePaths(g, "n0", target, length, r)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, length %d: %v, want %v", round, length, got, want)
			}
		}
	}
}

func brutePaths(g *Graph, from string, target func(string) bool, length int, r Rules) [][]string {
	var out [][]string
	var walk func(path []string)
	walk = func(path []string) {
		at := path[len(path)-1]
		if len(path)-1 == length {
			if target(at) {
				out = append(out, slices.Clone(path))
			}
			return
		}
		if len(path) > 1 && target(at) {
			return
		}
		for _, y := range g.Neighbours(at, r.Use) {
			if !slices.Contains(path, y) && r.pass(y) {
				walk(append(path, y))
			}
		}
	}
	walk([]string{from})
	return out
}

func BenchmarkShortestPaths(b *testing.B) {
	g := grid(b, 8, 8)
	target := func(id string) bool { return id == "7.7" }
	for b.Loop() {
		if _, err := g.ShortestPaths("0.0", target, Rules{}, 0); err != nil {
			b.Fatal(err)
		}
	}
}
