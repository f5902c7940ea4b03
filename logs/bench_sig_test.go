package logs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"golang.org/x/crypto/ssh"
)

// benchEntries signs n act entries shaped like a real game's: a few commands,
// dice draws, hash-chain fields of full length (about 600 bytes a line).
func benchEntries(b *testing.B, n int) (ssh.PublicKey, []*Entry) {
	b.Helper()
	s := newEd25519Signer(b)
	hash := func(i int, what string) string {
		h := sha256.Sum256(fmt.Appendf(nil, "%s %d", what, i))
		return hex.EncodeToString(h[:])
	}
	entries := make([]*Entry, n)
	prev := ""
	for i := range n {
		body := &Body{
			V: Version, Game: "g-5f2a9c", Seq: int64(i + 1), Prev: prev,
			By: []string{"allies", "axis"}[i%2], TS: "2024-06-06T06:30:00Z", Kind: KindAct,
			State: "sha256:" + hash(i, "state"),
			Commands: []string{
				fmt.Sprintf("move 5/%d 25%02d 25%02d", 300+i%50, i%30, i%30+1),
				fmt.Sprintf("attack 26%02d from 2512 2612 air 1", i%40),
				"end phase",
			},
			Link:  hash(i, "link"),
			Draws: []Draw{{Epoch: int64(i / 3), For: "combat 2613", Sides: []int{6, 6}, Values: []int{i%6 + 1, (i/6)%6 + 1}}},
		}
		e, err := SignBody(s, body)
		if err != nil {
			b.Fatal(err)
		}
		entries[i] = e
		prev = LineHash(e.Line)
	}
	return s.PublicKey(), entries
}

// BenchmarkVerifySignatures times Entry.Verify alone: the floor under any
// replay of a log, which must check every signature.
func BenchmarkVerifySignatures(b *testing.B) {
	pub, entries := benchEntries(b, 10000)
	n := 0
	for b.Loop() {
		if err := entries[n%len(entries)].Verify(pub); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "entries/s")
}

// BenchmarkParseLine times splitting and decoding lines (canonical check
// included, signature not verified).
func BenchmarkParseLine(b *testing.B) {
	_, entries := benchEntries(b, 10000)
	n, size := 0, 0
	for b.Loop() {
		e := entries[n%len(entries)]
		if _, err := ParseLine(e.Line); err != nil {
			b.Fatal(err)
		}
		size += len(e.Line)
		n++
	}
	b.SetBytes(int64(size / max(n, 1)))
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "entries/s")
}
