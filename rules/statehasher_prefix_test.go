package rules

import (
	"crypto/sha256"
	"math/rand/v2"
	"testing"
)

// TestPrefixHasher_SameSum: over successive encodings changed as a game's
// state is (bytes changed in the middle or at the start, the encoding grown
// or shrunk, across and exactly on the checkpoints), the resumed sum is
// SHA-256 of the whole encoding.
func TestPrefixHasher_SameSum(t *testing.T) {
	rnd := rand.New(rand.NewPCG(18, 2026))
	var p prefixHasher
	enc := make([]byte, 20*checkpointSize+17)
	for i := range enc {
		enc[i] = byte(rnd.IntN(256))
	}
	for step := range 400 {
		op := rnd.IntN(5)
		if len(enc) < checkpointSize && op < 2 {
			op = 2
		}
		switch op {
		case 0: // a byte changed anywhere
			enc[rnd.IntN(len(enc))]++
		case 1: // one at a checkpoint or just before it
			k := rnd.IntN(len(enc)/checkpointSize) * checkpointSize
			enc[max(k-rnd.IntN(2), 0)] ^= 1
		case 2: // grown
			for range rnd.IntN(3 * checkpointSize) {
				enc = append(enc, byte(rnd.IntN(256)))
			}
		case 3: // shrunk, sometimes to a checkpoint exactly
			n := rnd.IntN(len(enc) + 1)
			if rnd.IntN(2) == 0 {
				n -= n % checkpointSize
			}
			enc = enc[:n]
		case 4: // unchanged
		}
		if got, want := p.sum(enc), sha256.Sum256(enc); got != want {
			t.Fatalf("step %d, %d bytes: %x, want %x", step, len(enc), got, want)
		}
	}
}
