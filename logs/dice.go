package logs

// The dice primitives of docs/dice.md: each seat's private SHA-256 hash chain,
// the epoch key that mixes the seats' links, and the stream of uniform draws
// derived from it. The protocol that decides which links and which request line
// go into a key is applied by package replay.

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"strings"
	"sync"
)

// DefaultChainLength is the number of links in a new dice chain: enough for
// every epoch of a long game, cheap to build (one hash per link).
const DefaultChainLength = 1 << 16

// diceSeedSize is the size of a chain seed and of every link.
const diceSeedSize = sha256.Size

// chainCheckpoint is the spacing of the links a Chain keeps, so that any link
// costs at most that many hashes and links taken in order cost about one.
const chainCheckpoint = 1024

// diceHeadPrefix marks a committed chain head, as in "sha256:<hex>".
const diceHeadPrefix = "sha256:"

// ErrBadLink is wrapped by every error about a chain link or head that is
// malformed or does not hash to its predecessor.
var ErrBadLink = errors.New("bad dice chain link")

// ErrChainExhausted is returned when a link beyond the chain's length is asked
// for: the seat must rotate to a new chain.
var ErrChainExhausted = errors.New("dice chain exhausted")

// Chain is one seat's private hash chain: x_L = seed, x_{i-1} = SHA-256(x_i).
// x_0 is the committed head; links are revealed as x_1, x_2, ... A Chain is safe
// for concurrent use.
type Chain struct {
	length int
	head   [diceSeedSize]byte
	// checkpoints[k] is x_{k*chainCheckpoint}; the seed is x_length.
	checkpoints [][diceSeedSize]byte
	seed        [diceSeedSize]byte

	mu sync.Mutex
	// segment caches x_lo .. x_lo+len(segment)-1 of the last segment used.
	segLo   int
	segment [][diceSeedSize]byte
}

// NewChain builds a chain of length links from a 32-byte secret seed. It hashes
// length times; keep the seed, not the Chain, to resume later.
func NewChain(seed []byte, length int) (*Chain, error) {
	if len(seed) != diceSeedSize {
		return nil, fmt.Errorf("dice chain seed is %d bytes, want %d", len(seed), diceSeedSize)
	}
	if length < 1 {
		return nil, fmt.Errorf("dice chain length %d, want at least 1", length)
	}
	c := &Chain{length: length, segLo: -1}
	copy(c.seed[:], seed)
	c.checkpoints = make([][diceSeedSize]byte, length/chainCheckpoint+1)
	x := c.seed
	for i := length; ; i-- {
		if i%chainCheckpoint == 0 {
			c.checkpoints[i/chainCheckpoint] = x
		}
		if i == 0 {
			break
		}
		x = sha256.Sum256(x[:])
	}
	c.head = x
	return c, nil
}

// Len is the number of links, L.
func (c *Chain) Len() int { return c.length }

// Head is the commitment to the chain, "sha256:" and the hex of x_0.
func (c *Chain) Head() string { return diceHeadPrefix + hex.EncodeToString(c.head[:]) }

// Link returns link x_i (1 <= i <= Len()) as 64 lowercase hex digits. A link past
// the end wraps ErrChainExhausted.
func (c *Chain) Link(i int) (string, error) {
	if i < 1 {
		return "", fmt.Errorf("dice chain link %d: links are numbered from 1", i)
	}
	if i > c.length {
		return "", fmt.Errorf("dice chain link %d of %d: %w", i, c.length, ErrChainExhausted)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	lo := i / chainCheckpoint * chainCheckpoint
	if c.segLo != lo {
		c.fillSegment(lo)
	}
	x := c.segment[i-lo]
	return hex.EncodeToString(x[:]), nil
}

// fillSegment computes x_lo .. x_hi, hi being the next checkpoint or the seed,
// from x_hi down.
func (c *Chain) fillSegment(lo int) {
	hi := min(lo+chainCheckpoint, c.length)
	x := c.seed
	if hi < c.length {
		x = c.checkpoints[hi/chainCheckpoint]
	}
	if cap(c.segment) < hi-lo+1 {
		c.segment = make([][diceSeedSize]byte, hi-lo+1)
	}
	c.segment = c.segment[:hi-lo+1]
	for i := hi; i >= lo; i-- {
		c.segment[i-lo] = x
		x = sha256.Sum256(x[:])
	}
	c.segLo = lo
}

// ParseLink decodes a link written as exactly 64 lowercase hex digits. Errors
// wrap ErrBadLink.
func ParseLink(s string) ([]byte, error) {
	if len(s) != 2*diceSeedSize {
		return nil, fmt.Errorf("link %q: %d characters, want %d: %w", diceQuote(s), len(s), 2*diceSeedSize, ErrBadLink)
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return nil, fmt.Errorf("link %q: character %d is not a lowercase hex digit: %w", diceQuote(s), i, ErrBadLink)
		}
	}
	b, err := hex.DecodeString(s)
	if err != nil { // unreachable after the checks above, kept for safety
		return nil, fmt.Errorf("link %q: %v: %w", diceQuote(s), err, ErrBadLink)
	}
	return b, nil
}

// CheckLink checks that link is the successor of prev: SHA-256(link) == prev.
// prev is a committed head ("sha256:<hex>") or the previously revealed link
// (plain hex). Errors wrap ErrBadLink and say what was expected.
func CheckLink(prev, link string) error {
	what, hexPrev := "previous link", prev
	if rest, ok := strings.CutPrefix(prev, diceHeadPrefix); ok {
		what, hexPrev = "committed head", rest
	}
	want, err := ParseLink(hexPrev)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	x, err := ParseLink(link)
	if err != nil {
		return err
	}
	got := sha256.Sum256(x)
	if !bytes.Equal(got[:], want) {
		return fmt.Errorf("link %s: its SHA-256 is %x, but the %s is %x: %w",
			link, got, what, want, ErrBadLink)
	}
	return nil
}

// diceQuote shortens outside input quoted in an error.
func diceQuote(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// diceDomain separates pbem dice keys from any other use of the same links.
const diceDomain = "pbem-dice-v1"

// EpochKey derives the key of an epoch: HMAC-SHA256 keyed by SHA-256 of the
// participating seats' links (32 raw bytes each, in the game's seat order) over
// "pbem-dice-v1" 0 game 0 requester 0 uint64_be(epoch) SHA-256(requestLine).
// requestLine is the whole signed line, LF included.
func EpochKey(links [][]byte, game, requester string, epoch int64, requestLine []byte) [32]byte {
	return deriveKey(diceDomain, links, game, requester, epoch, requestLine)
}

// deriveKey is EpochKey under any domain (SealedKey's too).
func deriveKey(domain string, links [][]byte, game, requester string, epoch int64, requestLine []byte) [32]byte {
	h := sha256.New()
	for _, l := range links {
		h.Write(l)
	}
	mac := hmac.New(sha256.New, h.Sum(nil))
	mac.Write([]byte(domain))
	mac.Write([]byte{0})
	mac.Write([]byte(game))
	mac.Write([]byte{0})
	mac.Write([]byte(requester))
	mac.Write([]byte{0})
	var e [8]byte
	binary.BigEndian.PutUint64(e[:], uint64(epoch))
	mac.Write(e[:])
	q := sha256.Sum256(requestLine)
	mac.Write(q[:])
	var k [32]byte
	mac.Sum(k[:0])
	return k
}

// Stream is the sequence of draws of one epoch. Candidate j is the first 8
// bytes, big-endian, of HMAC-SHA256(key, "roll" || uint64_be(j)). A Stream is
// not safe for concurrent use: draws are meaningful only in order. Make one
// with NewStream.
type Stream struct {
	mac  hash.Hash // HMAC-SHA256 keyed by the epoch key, reset per candidate
	next uint64
}

// NewStream starts the stream of an epoch key at candidate 0.
func NewStream(key [32]byte) *Stream { return &Stream{mac: hmac.New(sha256.New, key[:])} }

// Used is the number of candidates consumed so far, rejected ones included.
func (s *Stream) Used() uint64 { return s.next }

// candidate consumes and returns the next candidate.
func (s *Stream) candidate() uint64 {
	var msg [4 + 8]byte
	copy(msg[:], "roll")
	binary.BigEndian.PutUint64(msg[4:], s.next)
	s.next++
	s.mac.Reset()
	s.mac.Write(msg[:])
	var block [32]byte
	return binary.BigEndian.Uint64(s.mac.Sum(block[:0])[:8])
}

// uniformFrom maps candidate x to 0..n-1 without modulo bias: with
// lim = 2^64 - (2^64 mod n), x is rejected (ok false) iff x >= lim.
func uniformFrom(x, n uint64) (v uint64, ok bool) {
	rem := -n % n // 2^64 mod n, as 2^64 - n ≡ 2^64 (mod n)
	if rem != 0 && x >= -rem {
		return 0, false
	}
	return x % n, true
}

// rollUint64 draws uniformly from 0..n-1 (n >= 1), consuming candidates until
// one is accepted.
func (s *Stream) rollUint64(n uint64) uint64 {
	for {
		if v, ok := uniformFrom(s.candidate(), n); ok {
			return v
		}
	}
}

// Roll draws uniformly from 1..n. n < 1 is a programming error and panics.
func (s *Stream) Roll(n int) int {
	if n < 1 {
		panic(fmt.Sprintf("logs: dice roll of %d sides", n))
	}
	return int(s.rollUint64(uint64(n))) + 1
}

// Draw rolls one die per entry of sides, in order.
func (s *Stream) Draw(sides []int) []int {
	values := make([]int, len(sides))
	for i, n := range sides {
		values[i] = s.Roll(n)
	}
	return values
}

// Shuffle returns a uniformly random permutation of 0..n-1 (empty for n <= 0)
// by Fisher–Yates from the identity: for i = n-1 down to 1, swap a[i] with
// a[Roll(i+1)-1]. It draws exactly as Draw of sides {n, n-1, ..., 2} would.
func (s *Stream) Shuffle(n int) []int {
	a := make([]int, max(n, 0))
	for i := range a {
		a[i] = i
	}
	for i := n - 1; i >= 1; i-- {
		j := s.Roll(i+1) - 1
		a[i], a[j] = a[j], a[i]
	}
	return a
}
