package scene

import (
	"slices"
	"testing"
)

// TestReports: reports come back oldest first, the newest is Last, and a
// clone that adds its own leaves the reports it shares unchanged.
func TestReports(t *testing.T) {
	var r *Reports
	if _, ok := r.Last(); ok || r.List() != nil {
		t.Fatal("no reports: Last or List gave one")
	}
	r = r.Add(Combat{N: 1}).Add(Combat{N: 2})
	clone := r.Add(Combat{N: 3})
	n := func(cs []Combat) (out []int) {
		for _, c := range cs {
			out = append(out, c.N)
		}
		return out
	}
	if got := n(r.List()); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("list %v, want [1 2]", got)
	}
	if got := n(clone.List()); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("clone's list %v, want [1 2 3]", got)
	}
	if last, ok := r.Last(); !ok || last.N != 2 {
		t.Errorf("last %+v, want combat 2", last)
	}
}
