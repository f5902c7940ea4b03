package logs

import (
	"slices"
	"testing"
)

// A stream taken up at Used draws what the original draws next.
func TestStreamSeek(t *testing.T) {
	var key [32]byte
	key[0] = 7
	s := NewStream(key)
	s.Draw([]int{6, 6, 3, 1000})
	at := NewStream(key)
	at.Seek(s.Used())
	if got, want := at.Draw([]int{6, 20, 6}), s.Draw([]int{6, 20, 6}); !slices.Equal(got, want) {
		t.Fatalf("taken up at %d: %v; the original draws %v", at.Used(), got, want)
	}
}
