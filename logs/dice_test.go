package logs

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// seedFrom returns 32 bytes first, first+1, ...
func seedFrom(first byte) []byte {
	s := make([]byte, 32)
	for i := range s {
		s[i] = first + byte(i)
	}
	return s
}

// naiveChain computes x_0..x_L straight from the definition.
func naiveChain(seed []byte, length int) []string {
	xs := make([]string, length+1)
	x := [32]byte(seed)
	for i := length; i >= 0; i-- {
		xs[i] = hex.EncodeToString(x[:])
		x = sha256.Sum256(x[:])
	}
	return xs
}

func mustChain(t testing.TB, seed []byte, length int) *Chain {
	t.Helper()
	c, err := NewChain(seed, length)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestChainMatchesDefinition(t *testing.T) {
	// Lengths around the checkpoint spacing, where an off-by-one would show.
	for _, length := range []int{1, 2, 1023, 1024, 1025, 2048, 3000} {
		want := naiveChain(seedFrom(7), length)
		c := mustChain(t, seedFrom(7), length)
		if c.Head() != "sha256:"+want[0] {
			t.Fatalf("L=%d: head %s, want sha256:%s", length, c.Head(), want[0])
		}
		// In order, in reverse and jumping about: the cache must not matter.
		order := make([]int, 0, 3*length)
		for i := 1; i <= length; i++ {
			order = append(order, i)
		}
		for i := length; i >= 1; i-- {
			order = append(order, i)
		}
		for i := 1; i <= length; i += 517 {
			order = append(order, length+1-i, i)
		}
		for _, i := range order {
			got, err := c.Link(i)
			if err != nil {
				t.Fatalf("L=%d: Link(%d): %v", length, i, err)
			}
			if got != want[i] {
				t.Fatalf("L=%d: Link(%d) = %s, want %s", length, i, got, want[i])
			}
		}
	}
}

func TestChainLinksCheckInOrder(t *testing.T) {
	c := mustChain(t, seedFrom(1), 50)
	prev := c.Head()
	for i := 1; i <= c.Len(); i++ {
		link, err := c.Link(i)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckLink(prev, link); err != nil {
			t.Fatalf("link %d: %v", i, err)
		}
		prev = link
	}
}

func TestChainErrors(t *testing.T) {
	if _, err := NewChain(make([]byte, 31), 8); err == nil {
		t.Error("31-byte seed accepted")
	}
	if _, err := NewChain(make([]byte, 33), 8); err == nil {
		t.Error("33-byte seed accepted")
	}
	if _, err := NewChain(make([]byte, 32), 0); err == nil {
		t.Error("length 0 accepted")
	}
	c := mustChain(t, seedFrom(0), 8)
	if _, err := c.Link(0); err == nil || errors.Is(err, ErrChainExhausted) {
		t.Errorf("Link(0): %v, want a numbering error", err)
	}
	if _, err := c.Link(9); !errors.Is(err, ErrChainExhausted) {
		t.Errorf("Link(9) of 8: %v, want ErrChainExhausted", err)
	}
	// The chain keeps its own copy of the seed.
	seed := seedFrom(0)
	c2 := mustChain(t, seed, 8)
	seed[0] ^= 0xff
	if l, _ := c2.Link(8); l != hex.EncodeToString(seedFrom(0)) {
		t.Error("changing the caller's seed changed the chain")
	}
}

func TestCheckLink(t *testing.T) {
	a := naiveChain(seedFrom(0x00), 8)
	b := naiveChain(seedFrom(0x20), 8)
	head := "sha256:" + a[0]
	cases := []struct {
		name, prev, link string
		ok               bool
	}{
		{"first link against head", head, a[1], true},
		{"next link against previous", a[1], a[2], true},
		{"the head itself as link", head, a[0], false},
		{"skipped a link", head, a[2], false},
		{"out of order", a[2], a[1], false},
		{"same link twice", a[1], a[1], false},
		{"link of another chain", head, b[1], false},
		{"other chain's head", "sha256:" + b[0], a[1], false},
		{"uppercase link", head, strings.ToUpper(a[1]), false},
		{"short link", head, a[1][:62], false},
		{"long link", head, a[1] + "00", false},
		{"non-hex link", head, "g" + a[1][1:], false},
		{"prefixed link", head, "sha256:" + a[1], false},
		{"empty link", head, "", false},
		{"link with space", head, " " + a[1][1:], false},
		{"malformed head", "sha256:" + a[0][:10], a[1], false},
		{"uppercase head", "sha256:" + strings.ToUpper(a[0]), a[1], false},
		{"head with other prefix", "sha512:" + a[0], a[1], false},
	}
	for _, tc := range cases {
		err := CheckLink(tc.prev, tc.link)
		if tc.ok && err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		if !tc.ok && !errors.Is(err, ErrBadLink) {
			t.Errorf("%s: error %v, want ErrBadLink", tc.name, err)
		}
	}
	// A wrong link's error says what was expected.
	err := CheckLink(head, b[1])
	if err == nil || !strings.Contains(err.Error(), a[0]) || !strings.Contains(err.Error(), "head") {
		t.Errorf("error %q does not name the expected head %s", err, a[0])
	}
}

func TestParseLink(t *testing.T) {
	want := seedFrom(0xe0)
	got, err := ParseLink(hex.EncodeToString(want))
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("ParseLink = %x, %v; want %x", got, err, want)
	}
	for _, bad := range []string{"", "00", strings.Repeat("0", 63), strings.Repeat("0", 65),
		strings.Repeat("A", 64), strings.Repeat("0", 63) + "G", strings.Repeat("0", 62) + "é"} {
		if _, err := ParseLink(bad); !errors.Is(err, ErrBadLink) {
			t.Errorf("ParseLink(%q): %v, want ErrBadLink", bad, err)
		}
	}
}

func TestEpochKeyInputsMatter(t *testing.T) {
	l1, l2 := seedFrom(1), seedFrom(2)
	line := []byte("line\n")
	base := EpochKey([][]byte{l1, l2}, "g", "allied", 1, line)
	variants := map[string][32]byte{
		"seat order":         EpochKey([][]byte{l2, l1}, "g", "allied", 1, line),
		"one link":           EpochKey([][]byte{l1}, "g", "allied", 1, line),
		"game":               EpochKey([][]byte{l1, l2}, "h", "allied", 1, line),
		"requester":          EpochKey([][]byte{l1, l2}, "g", "german", 1, line),
		"epoch":              EpochKey([][]byte{l1, l2}, "g", "allied", 2, line),
		"request line":       EpochKey([][]byte{l1, l2}, "g", "allied", 1, []byte("line")),
		"game/requester cut": EpochKey([][]byte{l1, l2}, "ga", "llied", 1, line),
	}
	for name, k := range variants {
		if k == base {
			t.Errorf("changing the %s left the key unchanged", name)
		}
	}
	if EpochKey([][]byte{l1, l2}, "g", "allied", 1, line) != base {
		t.Error("EpochKey is not deterministic")
	}
}

// TestUniformFromBoundaries checks the rejection limit against values worked
// out by hand: 2^64 mod 6 = 4 and 2^64 mod 7 = 2 (2^3 ≡ 1 mod 7, 64 = 3·21+1).
func TestUniformFromBoundaries(t *testing.T) {
	const top = math.MaxUint64 // 2^64 - 1
	cases := []struct {
		x, n, v uint64
		ok      bool
	}{
		{0, 6, 0, true},
		{5, 6, 5, true},
		{6, 6, 0, true},
		{top - 4, 6, 5, true}, // lim-1 = 2^64-5 ≡ 4-5 ≡ 5 (mod 6)
		{top - 3, 6, 0, false},
		{top, 6, 0, false},
		{top - 2, 7, 6, true}, // 2^64-3 ≡ 2-3 ≡ 6 (mod 7)
		{top - 1, 7, 0, false},
		{top, 7, 0, false},
		{top, 1, 0, true},
		{top, 8, 7, true}, // powers of two never reject
		{1 << 63, 1<<63 + 1, 1 << 63, true},
		{1<<63 + 1, 1<<63 + 1, 0, false},
		{top, 1<<63 + 1, 0, false},
	}
	for _, tc := range cases {
		v, ok := uniformFrom(tc.x, tc.n)
		if ok != tc.ok || (ok && v != tc.v) {
			t.Errorf("uniformFrom(%d, %d) = %d, %v; want %d, %v", tc.x, tc.n, v, ok, tc.v, tc.ok)
		}
	}
}

func TestRollRange(t *testing.T) {
	s := NewStream(EpochKey([][]byte{seedFrom(3)}, "g", "s", 1, nil))
	for _, n := range []int{1, 2, 3, 6, 7, 10, 100, 1 << 40} {
		for range 200 {
			if v := s.Roll(n); v < 1 || v > n {
				t.Fatalf("Roll(%d) = %d", n, v)
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Roll(0) did not panic")
		}
	}()
	s.Roll(0)
}

// TestShuffleIsDraw checks the documented equivalence: a shuffle of n draws
// sides {n, ..., 2} and applies the swaps.
func TestShuffleIsDraw(t *testing.T) {
	key := EpochKey([][]byte{seedFrom(4)}, "g", "s", 9, []byte("x\n"))
	for _, n := range []int{0, 1, 2, 5, 52} {
		a, b := NewStream(key), NewStream(key)
		got := a.Shuffle(n)
		var sides []int
		for k := n; k >= 2; k-- {
			sides = append(sides, k)
		}
		values := b.Draw(sides)
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		for k, v := range values {
			i := n - 1 - k
			want[i], want[v-1] = want[v-1], want[i]
		}
		if !slices.Equal(got, want) {
			t.Errorf("Shuffle(%d) = %v, draws give %v", n, got, want)
		}
		if a.Used() != b.Used() {
			t.Errorf("Shuffle(%d) used %d candidates, Draw %d", n, a.Used(), b.Used())
		}
		sorted := slices.Sorted(slices.Values(got))
		for i, x := range sorted {
			if x != i {
				t.Fatalf("Shuffle(%d) = %v is not a permutation", n, got)
			}
		}
	}
}

// TestRollDistribution is a chi-square test of 60,000 d6 from a fixed key; 20.515
// is the 0.999 quantile of chi-square with 5 degrees of freedom.
func TestRollDistribution(t *testing.T) {
	s := NewStream(EpochKey([][]byte{seedFrom(5)}, "g-chi", "s", 1, []byte("chi\n")))
	const draws, sides = 60000, 6
	var counts [sides]int
	for range draws {
		counts[s.Roll(sides)-1]++
	}
	expected := float64(draws) / sides
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - expected
		chi2 += d * d / expected
	}
	if chi2 > 20.515 {
		t.Errorf("chi-square %.2f > 20.515 (p < 0.001): counts %v", chi2, counts)
	}
	if s.Used() != draws {
		t.Errorf("Used() = %d, want %d (a d6 rejection is a 2^-62 event)", s.Used(), draws)
	}
}

func FuzzCheckLink(f *testing.F) {
	a := naiveChain(seedFrom(0), 2)
	f.Add("sha256:"+a[0], a[1])
	f.Add(a[1], a[2])
	f.Add(a[1], strings.ToUpper(a[2]))
	f.Add("sha256:", "")
	f.Fuzz(func(t *testing.T, prev, link string) {
		err := CheckLink(prev, link)
		if err != nil {
			if !errors.Is(err, ErrBadLink) {
				t.Fatalf("error %v does not wrap ErrBadLink", err)
			}
			return
		}
		x, err := ParseLink(link)
		if err != nil {
			t.Fatalf("CheckLink accepted %q that ParseLink rejects: %v", link, err)
		}
		sum := sha256.Sum256(x)
		if want := hex.EncodeToString(sum[:]); strings.TrimPrefix(prev, "sha256:") != want {
			t.Fatalf("CheckLink(%q, %q) accepted a link hashing to %s", prev, link, want)
		}
	})
}

func FuzzParseLink(f *testing.F) {
	f.Add(strings.Repeat("0", 64))
	f.Add(strings.Repeat("F", 64))
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseLink(s)
		if err != nil {
			if !errors.Is(err, ErrBadLink) {
				t.Fatalf("error %v does not wrap ErrBadLink", err)
			}
			return
		}
		if len(b) != 32 || hex.EncodeToString(b) != s {
			t.Fatalf("ParseLink(%q) = %x, not its canonical decoding", s, b)
		}
	})
}

func BenchmarkStreamRoll(b *testing.B) {
	s := NewStream(EpochKey([][]byte{seedFrom(6)}, "g", "s", 1, nil))
	for b.Loop() {
		s.Roll(6)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/roll")
}

// BenchmarkChainLink takes links in order, as a game reveals them.
func BenchmarkChainLink(b *testing.B) {
	c := mustChain(b, seedFrom(8), DefaultChainLength)
	i := 0
	for b.Loop() {
		i = i%DefaultChainLength + 1
		if _, err := c.Link(i); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/link")
}

func BenchmarkNewChain(b *testing.B) {
	for b.Loop() {
		mustChain(b, seedFrom(9), DefaultChainLength)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/chain")
}
