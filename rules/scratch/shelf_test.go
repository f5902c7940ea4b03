package scratch

import (
	"runtime"
	"testing"
)

// TestShelf: a shelf gives back what was put on it, keeps it through
// collections (which empty a sync.Pool), holds at most Keep values, and
// says whether it is empty.
func TestShelf(t *testing.T) {
	var s Shelf[int]
	if s.Get() != nil || !s.Empty() {
		t.Fatal("an empty shelf gave a value, or says it holds one")
	}
	x := new(int)
	s.Put(x)
	if s.Empty() {
		t.Fatal("a shelf holding a value says it is empty")
	}
	runtime.GC()
	runtime.GC()
	if got := s.Get(); got != x {
		t.Fatalf("got %p, want %p, the value put", got, x)
	}
	for range Keep + 3 {
		s.Put(new(int))
	}
	n := 0
	for s.Get() != nil {
		n++
	}
	if n != Keep || !s.Empty() {
		t.Fatalf("held %d values, want %d, or is not empty once they are taken", n, Keep)
	}
	s.Put(nil)
	if s.Get() != nil {
		t.Fatal("nil was kept")
	}
}
