package replay

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// verifyInOrder is Verify as it was before signatures were checked ahead:
// one entry read, checked and replayed at a time. Verify must report what it
// reports, in the same order.
func verifyInOrder(log []byte) (problems []string, read, verified int) {
	rd := logs.NewReader(bytes.NewReader(log))
	var errs []error
	next := func() *logs.Entry {
		e, err := rd.Next()
		if err == nil {
			read++
			return e
		}
		if err != io.EOF {
			errs = append(errs, err)
		}
		return nil
	}
	first := next()
	r, err := Start(first, duelLoader)
	if err != nil {
		return []string{err.Error()}, read, 0
	}
	verified = 1
	for e := next(); e != nil; e = next() {
		if err := r.Append(e); err != nil {
			errs = append(errs, err)
			errs = append(errs, checkRest(r, e, next)...)
			break
		}
		verified++
	}
	for _, err := range errs {
		problems = append(problems, err.Error())
	}
	return problems, read, verified
}

// TestVerify_SignaturesAhead: Verify, which checks signatures ahead of the
// replay on other cores, finds the same problems as a check one entry at a
// time, at the same entries and in the same order, in logs signed by the
// wrong key, by a key rotated away, with a signature altered, with lines that
// do not parse, and with entries missing; and a log whose seat rotated its key
// still verifies.
func TestVerify_SignaturesAhead(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	playRound(tb)
	old := tb.players["red"]
	fresh := newPlayer(t, "red-2")
	b := tb.r.NextBody("red", logs.KindRotate, tb.now())
	b.Key, b.Head = fresh.key(), fresh.chain.Head()
	tb.complete(b)
	tb.mustAppend(tb.sign(b))
	rotated := tb.r.Len() - 1
	tb.players["red"] = fresh
	for range 3 {
		playRound(tb)
	}
	lines := bytes.SplitAfter(tb.lines(), []byte("\n"))
	lines = lines[:len(lines)-1] // the empty rest after the last LF
	if rep := Verify(bytes.NewReader(tb.lines()), duelLoader); !rep.OK() || rep.Verified != len(lines) {
		t.Fatalf("the log with a rotated key: %d of %d verified: %v", rep.Verified, len(lines), rep.Problems)
	}

	// resign re-signs entry i's body with p's key.
	resign := func(ls [][]byte, i int, p *player) {
		e, err := logs.ParseLine(ls[i])
		if err != nil {
			t.Fatal(err)
		}
		s, err := logs.SignBody(p.signer, &e.Body)
		if err != nil {
			t.Fatal(err)
		}
		ls[i] = s.Line
	}
	seatOf := func(ls [][]byte, i int) string {
		e, err := logs.ParseLine(ls[i])
		if err != nil {
			t.Fatal(err)
		}
		return e.By
	}
	byRed := func(from int) int {
		for i := from; i < len(lines); i++ {
			if seatOf(lines, i) == "red" {
				return i
			}
		}
		t.Fatalf("no entry by red from %d", from)
		return 0
	}
	cases := map[string]func(ls [][]byte) [][]byte{
		"signed by the other seat": func(ls [][]byte) [][]byte {
			resign(ls, 5, tb.players[map[string]string{"red": "blue", "blue": "red"}[seatOf(ls, 5)]])
			return ls
		},
		"signed by the key red rotated away": func(ls [][]byte) [][]byte {
			resign(ls, byRed(rotated+1), old)
			return ls
		},
		"signed by red's new key before the rotate": func(ls [][]byte) [][]byte {
			resign(ls, byRed(1), fresh)
			return ls
		},
		"a signature altered, and another later": func(ls [][]byte) [][]byte {
			for _, i := range []int{7, len(ls) - 2} {
				l := bytes.Clone(ls[i])
				l[len(l)-10] ^= 'A' ^ 'B'
				ls[i] = l
			}
			return ls
		},
		"a line that does not parse": func(ls [][]byte) [][]byte {
			ls[9] = []byte("not an entry\n")
			return ls
		},
		"entries missing": func(ls [][]byte) [][]byte {
			return append(ls[:6:6], ls[9:]...)
		},
		"the invite alone": func(ls [][]byte) [][]byte { return ls[:1] },
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			log := bytes.Join(change(slices.Clone(lines)), nil)
			want, read, verified := verifyInOrder(log)
			rep := Verify(bytes.NewReader(log), duelLoader)
			var got []string
			for _, err := range rep.Problems {
				got = append(got, err.Error())
			}
			if !slices.Equal(got, want) || rep.Read != read || rep.Verified != verified {
				t.Fatalf("Verify: %d read, %d verified, problems:\n%s\none entry at a time: %d read, %d verified, problems:\n%s",
					rep.Read, rep.Verified, fmt.Sprint(got), read, verified, fmt.Sprint(want))
			}
			if name != "the invite alone" && len(want) == 0 {
				t.Fatal("the tampered log has no problem")
			}
			for _, err := range rep.Problems {
				if name == "signed by the other seat" && !errors.Is(err, ErrSignature) && !errors.Is(err, ErrChain) {
					t.Errorf("a problem that is not the signature's nor the chain's: %v", err)
				}
			}
		})
	}
}
