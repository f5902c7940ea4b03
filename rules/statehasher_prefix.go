package rules

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"hash"
)

// prefixHasher is SHA-256 of successive encodings of one game's state,
// resumed after the longest prefix the encoding shares with the one before:
// an entry changes a few records in the middle of the state (a unit moved,
// a combat's record), and the bytes before them, hashed again, give the
// digest's same inner state. It keeps that state at every checkpointSize
// bytes of the last encoding, and the encoding itself to compare with.
type prefixHasher struct {
	last   []byte
	states [][]byte // states[k], k > 0: the digest after last[:k*checkpointSize]
	h      hash.Hash
}

// checkpointSize is a multiple of SHA-256's 64-byte block, so that a kept
// state has no part of a block waiting; 2 KiB keeps some 30 for a
// campaign's state.
const checkpointSize = 2048

// sum is sha256.Sum256(enc).
func (p *prefixHasher) sum(enc []byte) [sha256.Size]byte {
	if p.h == nil {
		p.h = sha256.New()
	}
	if len(p.states) == 0 {
		p.states = [][]byte{nil} // the state before any byte is Reset's
	}
	k := min(commonPrefix(p.last, enc)/checkpointSize, len(p.states)-1)
	p.h.Reset()
	if k > 0 {
		if err := p.h.(encoding.BinaryUnmarshaler).UnmarshalBinary(p.states[k]); err != nil {
			p.h.Reset()
			k = 0
		}
	}
	p.states = p.states[:k+1]
	for off := k * checkpointSize; off < len(enc); off += checkpointSize {
		end := min(off+checkpointSize, len(enc))
		p.h.Write(enc[off:end])
		if end-off == checkpointSize && end < len(enc) {
			// Reuse the buffer a state dropped above held.
			n := len(p.states)
			if n < cap(p.states) {
				p.states = p.states[:n+1]
			} else {
				p.states = append(p.states, nil)
			}
			p.states[n] = p.appendState(p.states[n][:0])
		}
	}
	var out [sha256.Size]byte
	p.h.Sum(out[:0])
	p.last = append(p.last[:0], enc...)
	return out
}

// clone is a prefixHasher that goes on from p's last encoding.
func (p *prefixHasher) clone() prefixHasher {
	c := prefixHasher{last: bytes.Clone(p.last), states: make([][]byte, len(p.states))}
	for k, st := range p.states {
		c.states[k] = bytes.Clone(st)
	}
	return c
}

// appendState appends the digest's inner state to dst.
func (p *prefixHasher) appendState(dst []byte) []byte {
	b, err := p.h.(encoding.BinaryAppender).AppendBinary(dst)
	if err != nil {
		return nil
	}
	return b
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	// Compare in chunks: bytes.Equal is the fast path.
	i := 0
	for ; i+256 <= n && bytes.Equal(a[i:i+256], b[i:i+256]); i += 256 {
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}
