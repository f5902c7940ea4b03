package replay

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
)

// TestResumeRecordedLogs: a replay resumed from a snapshot taken after entry
// k of a recorded log, at points spread over the whole game (in the middle of
// dice epochs, takebacks and rotations too), snapshots to the same bytes, and
// goes on verifying the log's next entries into the very state, byte for byte,
// of the replay that folded every entry.
func TestResumeRecordedLogs(t *testing.T) {
	const ahead = 40 // entries verified after each resumption
	for _, rg := range recordedGames {
		t.Run(rg.file, func(t *testing.T) {
			entries := readRecorded(t, rg.file)
			full, err := Start(entries[0], games.Shipped)
			if err != nil {
				t.Fatal(err)
			}
			last := int64(len(entries) - 1)
			// Every entry of a short log; some thirty points of a long one,
			// on a stride that falls on every kind of moment.
			stride := max(1, last/30)
			if testing.Short() {
				stride = max(stride, last/5)
			}
			want := map[int64][]byte{} // the full replay's snapshots
			for _, e := range entries[1:] {
				if err := full.Append(e); err != nil {
					t.Fatal(err)
				}
				if k := e.Seq; k%stride == 0 || (k-ahead)%stride == 0 && k > ahead || k == last {
					if want[k], err = full.Snapshot(); err != nil {
						t.Fatal(err)
					}
				}
			}
			points := 0
			for k := stride; k <= last; k += stride {
				r, err := Resume(entries[0], entries[k], want[k], games.Shipped)
				if err != nil {
					t.Fatalf("resume after entry %d: %v", k, err)
				}
				if again, err := r.Snapshot(); err != nil || !bytes.Equal(again, want[k]) {
					t.Fatalf("after entry %d: the resumed replay snapshots to other bytes (%v)", k, err)
				}
				if r.First() != k || r.Entry(k) != entries[k] || r.Entry(k-1) != nil {
					t.Fatalf("after entry %d: keeps entries from %d", k, r.First())
				}
				to := min(k+ahead, last)
				for _, e := range entries[k+1 : to+1] {
					if err := r.Append(e); err != nil {
						t.Fatalf("resumed after entry %d: %v", k, err)
					}
				}
				if got, err := r.Snapshot(); err != nil || !bytes.Equal(got, want[to]) {
					t.Fatalf("resumed after entry %d, after entry %d the state differs from the full replay's (%v)", k, to, err)
				}
				points++
			}
			sum := sha256.New()
			for _, e := range entries {
				sum.Write(e.Line)
			}
			if want := "sha256:" + hex.EncodeToString(sum.Sum(nil)); full.Digest() != want {
				t.Fatalf("digest %s; the file hashes to %s", full.Digest(), want)
			}
			t.Logf("%d entries, resumed at %d points", len(entries), points)
		})
	}
}

// A snapshot resumed on another head, one whose rules state does not hash to
// what the head records, a corrupted one and one of another format are all
// refused with ErrSnapshot; a rules engine without snapshots makes none.
func TestResumeRefusesWhatDoesNotFit(t *testing.T) {
	entries := readRecorded(t, "freeplay-allied-german-strict.pbem")
	r, err := Start(entries[0], games.Shipped)
	if err != nil {
		t.Fatal(err)
	}
	const at = 12
	for _, e := range entries[1 : at+1] {
		if err := r.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := r.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(change func(s map[string]any)) []byte {
		var s map[string]any
		if err := json.Unmarshal(snap, &s); err != nil {
			t.Fatal(err)
		}
		change(s)
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	otherState := edit(func(s map[string]any) {
		// The rules' own snapshot, with one more move than was made.
		var st map[string]any
		raw, _ := hexOrB64(s["state"].(string))
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		st["moves"] = st["moves"].(float64) + 1
		b, _ := json.Marshal(st)
		s["state"] = b
	})
	cases := []struct {
		name string
		head *logs.Entry
		data []byte
		want string
	}{
		{"another head", entries[at+1], snap, "not after the stored entry"},
		{"a state the head does not record", entries[at], otherState, "hashes to"},
		// Version 1 cut the steps at a takeback, and knew no chain head's entry.
		{"an older format", entries[at], edit(func(s map[string]any) { s["v"] = 1 }), "format 1"},
		{"a seat's chain out of form", entries[at], edit(func(s map[string]any) {
			s["seats"].([]any)[0].(map[string]any)["last"] = "sha256:zz"
		}), "out of form"},
		{"marks that do not end at the steps", entries[at], edit(func(s map[string]any) {
			m := s["marks"].([]any)
			m[len(m)-1] = m[len(m)-1].(float64) + 1
		}), "run from 0"},
		{"a takeback to a state after it", entries[at], edit(func(s map[string]any) {
			// A rewind to a later step would rebuild the state forever.
			st := s["steps"].([]any)
			st[len(st)-1] = map[string]any{"rewind": true, "to": len(st), "to_seq": 1, "at_seq": 2}
		}), "takeback out of range"},
		{"a signer beyond the keys", entries[at], edit(func(s map[string]any) {
			s["signers"].([]any)[3] = float64(len(s["keys"].([]any)))
		}), "a signer"},
		{"the head under another key", entries[at], edit(func(s map[string]any) {
			sg := s["signers"].([]any)
			sg[at] = float64(1 - int(sg[at].(float64)))
		}), "not signed by the key"},
		{"truncated", entries[at], snap[:len(snap)/2], "snapshot"},
		{"trailing bytes", entries[at], append(bytes.Clone(snap), '1'), "after the snapshot"},
		{"an unknown field", entries[at], edit(func(s map[string]any) { s["more"] = true }), "unknown field"},
		// Version 2 knew nothing of a v1 game's draws that v2 refuses.
		{"the format before v1 draws", entries[at], edit(func(s map[string]any) { s["v"] = 2 }), "format 2"},
		{"v1 draws after the head", entries[at], edit(func(s map[string]any) {
			s["v1_draws"] = map[string]any{"n": 1, "first": at + 1, "last": at + 1, "why": "x"}
		}), "protocol v1 draws out of range"},
	}
	for _, c := range cases {
		_, err := Resume(entries[0], c.head, c.data, games.Shipped)
		if !errors.Is(err, ErrSnapshot) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want ErrSnapshot saying %q, have %v", c.name, c.want, err)
		}
	}
	if _, err := Resume(entries[0], entries[at], snap, games.Shipped); err != nil {
		t.Fatalf("the snapshot itself: %v", err)
	}
	// The test game of these tests keeps no snapshots.
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	if _, err := tb.r.Snapshot(); !errors.Is(err, ErrSnapshot) {
		t.Fatalf("a snapshot of rules without snapshots: %v", err)
	}
}

// hexOrB64 decodes a []byte field of the snapshot's JSON (base64).
func hexOrB64(s string) ([]byte, error) {
	var b []byte
	err := json.Unmarshal([]byte(`"`+s+`"`), &b)
	return b, err
}

// FuzzResume: no snapshot bytes make Resume, or folding the next entries of
// the log after it, panic. The log is the recorded free-play game, resumed
// after its invite, so that the snapshot is small (the fuzzer minimises
// inputs fast) and each input costs little.
func FuzzResume(f *testing.F) {
	entries := readRecorded(f, "freeplay-allied-german-strict.pbem")
	r, err := Start(entries[0], games.Shipped)
	if err != nil {
		f.Fatal(err)
	}
	const at = 0
	snap, err := r.Snapshot()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(snap)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Resume(entries[0], entries[at], data, games.Shipped)
		if err != nil {
			return
		}
		for _, e := range entries[at+1 : at+4] {
			if r.Append(e) != nil {
				break
			}
		}
		r.Waiting()
		if _, err := r.StateAt(0); err != nil {
			t.Fatal(err)
		}
	})
}

// resume replaces the table's replay by one resumed from its snapshot, which
// must snapshot to the very same bytes.
func (tb *table) resume() {
	tb.t.Helper()
	snap, err := tb.r.Snapshot()
	if err != nil {
		tb.t.Fatal(err)
	}
	r, err := Resume(tb.r.Invite(), tb.r.Last(), snap, games.Shipped)
	if err != nil {
		tb.t.Fatalf("resume after entry %d: %v", tb.r.Last().Seq, err)
	}
	if again, err := r.Snapshot(); err != nil || !bytes.Equal(again, snap) {
		tb.t.Fatalf("after entry %d: the resumed replay snapshots to other bytes (%v)", tb.r.Last().Seq, err)
	}
	tb.r = r
}

// A resumed casual replay knows which entry committed each seat's chain
// head: a draw from a head no other seat has written after is refused, and
// the other seat's acknowledgement awaited, as by the replay that folded
// every entry (docs/dice.md 3.3; TestCasualGroundRotatedHeadIsRefused).
func TestResumeKeepsChainHeadEntries(t *testing.T) {
	tb := newTable(t, "freeplay", "allied-german", logs.DiceCasual, games.Shipped, "allied", "german")
	tb.do("allied", "play 82nd Airborne drops at 2710")
	seed := sha256.Sum256([]byte("a new chain"))
	chain, err := logs.NewChain(seed[:], 8)
	if err != nil {
		t.Fatal(err)
	}
	rot := tb.post("allied", logs.KindRotate, func(b *logs.Body) { b.Head = chain.Head() })
	tb.mustAppend(rot)
	tb.players["allied"].chain = chain
	early := tb.sign(tb.casualEntry("allied", mustHex(chain.Link(1)), bridgeRoll))
	tb.resume()
	wantDiceErr(t, tb.r.Append(early), early.Seq, fmt.Sprintf("committed at entry %d, and no other seat has written since", rot.Seq))
	if w := tb.r.Waiting(); !w.Dice || len(w.Seats) != 1 || w.Seats[0] != "german" {
		t.Fatalf("the resumed game should wait for german's acknowledgement: %+v", w)
	}
	tb.do("german")
	tb.resume()
	if w := tb.r.Waiting(); w.Dice || w.Seats[0] != "allied" {
		t.Fatalf("after the acknowledgement allied plays on: %+v", w)
	}
	if e := tb.do("allied", bridgeRoll); len(e.Draws) != 1 {
		t.Fatalf("allied's roll draws at once: %+v", e.Body)
	}
}

// A resumed replay keeps agreed takebacks among its steps: the state after
// an entry one of them undid is still the one that entry records, and no
// takeback may return to that entry (TestTakebackToUndoneEntry).
func TestResumeKeepsTakebacks(t *testing.T) {
	tb := newTable(t, "freeplay", "allied-german", logs.DiceStrict, games.Shipped, "allied", "german")
	first := tb.do("allied", "play 82nd Airborne drops at 2710")
	undone := tb.do("allied", "play 101st Airborne drops at 2810")
	tb.do("allied", "pass")
	tb.mustAppend(tb.post("german", logs.KindTakeback, func(b *logs.Body) { b.To = first.Seq }))
	tb.mustAppend(tb.post("allied", logs.KindAgree, func(b *logs.Body) { b.To = first.Seq }))
	if tb.r.Game().Hash() != first.State {
		t.Fatal("the agreed takeback did not return to entry", first.Seq)
	}
	tb.resume()
	if g, err := tb.r.StateAt(undone.Seq); err != nil || g.Hash() != undone.State {
		t.Fatalf("StateAt(%d) after resuming: %v", undone.Seq, err)
	}
	b := tb.r.NextBody("german", logs.KindTakeback, tb.now())
	b.To, b.State = undone.Seq, tb.r.Game().Hash()
	wantEntryErr(t, tb.r.Append(tb.sign(b)), b.Seq, ErrProtocol, "taken back")
	tb.do("allied", "play 82nd Airborne drops at 2711")
}
