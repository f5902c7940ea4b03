package hex

import (
	"maps"
	"math/rand/v2"
	"testing"
)

// TestBFSMatchesBruteForce: from several starts at once, each hex's distance
// is the least of the brute-force distances from each start alone, and Step
// is asked only about hexes not yet reached.
func TestBFSMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for trial := range 40 {
		b := randomBoard(rng, 8, 1, 0.3)
		limit := rng.IntN(10)
		hexes := SortedKeys(b)
		starts := []Axial{hexes[rng.IntN(len(hexes))], hexes[rng.IntN(len(hexes))], {}}
		want := map[Axial]int{}
		for _, s := range starts {
			for h, d := range bfs(b, s, limit, nil) {
				if old, seen := want[h]; !seen || d < old {
					want[h] = d
				}
			}
		}
		reached := map[Axial]bool{}
		for _, s := range starts {
			reached[s] = true
		}
		search := BFS[Axial]{Neighbors: Neighbors, Limit: limit, Step: func(from, to Axial) bool {
			if reached[to] {
				t.Fatalf("trial %d: Step asked about %v, already reached", trial, to)
			}
			_, ok := b.cost(from, to)
			if ok {
				reached[to] = true
			}
			return ok
		}}
		got := search.Distances(starts...)
		if !maps.Equal(got, want) {
			t.Fatalf("trial %d: BFS = %v\nbrute force = %v", trial, got, want)
		}
	}
}

func TestBFSNoStepLimit(t *testing.T) {
	dist := BFS[Axial]{Neighbors: Neighbors, Limit: 2}.Distances(Axial{})
	if len(dist) != 19 || dist[Axial{2, -1}] != 2 || dist[Axial{}] != 0 {
		t.Errorf("every hex within 2 steps of the start: got %d hexes: %v", len(dist), dist)
	}
	if dist := (BFS[Axial]{Neighbors: Neighbors, Limit: 0}).Distances(Axial{1, 1}); !maps.Equal(dist, map[Axial]int{{1, 1}: 0}) {
		t.Errorf("limit 0: %v", dist)
	}
}
