// Package scratch keeps working memory between calls that need a lot of it
// for a short time, such as the movement searches Legal runs by the
// hundred.
package scratch

import "sync"

// Shelf keeps a few values for reuse. Unlike a sync.Pool, whose contents
// the collector drops at every second cycle, a shelf keeps what it holds:
// a search's memory over a whole map is some hundred kilobytes, which a
// pool emptied by the collector has to allocate and clear again, and Legal
// allocates enough to start a cycle every few calls. It holds at most
// Keep values; the zero Shelf is empty and ready for use, by many
// goroutines at once.
type Shelf[T any] struct {
	mu   sync.Mutex
	free []*T
}

// Keep is how many values a shelf holds: one for each of the goroutines
// that may search at once on a machine of a few cores, and some to spare.
const Keep = 16

// Get takes a value off the shelf, or returns nil if it is empty.
func (s *Shelf[T]) Get() *T {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.free); n > 0 {
		x := s.free[n-1]
		s.free[n-1] = nil
		s.free = s.free[:n-1]
		return x
	}
	return nil
}

// Put puts x on the shelf for a later Get, or drops it if the shelf is
// full. x must not be used after.
func (s *Shelf[T]) Put(x *T) {
	if x == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) < Keep {
		s.free = append(s.free, x)
	}
}

// Empty reports whether the shelf holds nothing: no value has been put back
// since the process began, or every one has been taken.
func (s *Shelf[T]) Empty() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.free) == 0
}
