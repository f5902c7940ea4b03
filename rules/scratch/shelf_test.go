package scratch

import (
	"runtime"
	"testing"
)

// TestShelf: a shelf gives back what was put on it, keeps it through
// collections (which empty a sync.Pool), and holds at most Keep values.
func TestShelf(t *testing.T) {
	var s Shelf[int]
	if s.Get() != nil {
		t.Fatal("an empty shelf gave a value")
	}
	x := new(int)
	s.Put(x)
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
	if n != Keep {
		t.Fatalf("held %d values, want %d", n, Keep)
	}
	s.Put(nil)
	if s.Get() != nil {
		t.Fatal("nil was kept")
	}
}
