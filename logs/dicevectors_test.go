package logs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// diceVectors is testdata/dice-vectors.json, written by docs/dice-vectors.py from
// the specification alone (Python hashlib and hmac), not by this package.
type diceVectors struct {
	Chains []struct {
		Seed   string `json:"seed"`
		Length int    `json:"length"`
		Head   string `json:"head"`
		Links  []struct {
			I    int    `json:"i"`
			Link string `json:"link"`
		} `json:"links"`
	} `json:"chains"`
	Epoch struct {
		Game        string   `json:"game"`
		Requester   string   `json:"requester"`
		Epoch       int64    `json:"epoch"`
		Links       []string `json:"links"`
		RequestLine string   `json:"request_line"`
		HMACKey     string   `json:"hmac_key"`
		RequestHash string   `json:"request_line_sha256"`
		Key         string   `json:"key"`
	} `json:"epoch"`
	// Big numbers are decimal strings, so that any JSON reader keeps them exact.
	Draws []struct {
		Name   string   `json:"name"`
		Sides  []string `json:"sides"`
		Values []string `json:"values"`
		Used   uint64   `json:"used"`
	} `json:"draws"`
	Candidates []string `json:"candidates"`
	Shuffle    struct {
		N    int    `json:"n"`
		Perm []int  `json:"perm"`
		Used uint64 `json:"used"`
	} `json:"shuffle"`
}

func loadDiceVectors(t *testing.T) diceVectors {
	t.Helper()
	data, err := os.ReadFile("testdata/dice-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v diceVectors
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("dice-vectors.json: %v", err)
	}
	if len(v.Chains) == 0 || len(v.Draws) == 0 || len(v.Candidates) == 0 {
		t.Fatal("dice-vectors.json is missing vectors")
	}
	return v
}

func vectorKey(t *testing.T, v diceVectors) [32]byte {
	t.Helper()
	b, err := hex.DecodeString(v.Epoch.Key)
	if err != nil || len(b) != 32 {
		t.Fatalf("vector key %q: %v", v.Epoch.Key, err)
	}
	return [32]byte(b)
}

func parseUints(t *testing.T, ss []string) []uint64 {
	t.Helper()
	out := make([]uint64, len(ss))
	for i, s := range ss {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = n
	}
	return out
}

func TestDiceVectorsChains(t *testing.T) {
	v := loadDiceVectors(t)
	for _, vc := range v.Chains {
		seed, err := hex.DecodeString(vc.Seed)
		if err != nil {
			t.Fatal(err)
		}
		c, err := NewChain(seed, vc.Length)
		if err != nil {
			t.Fatal(err)
		}
		if c.Len() != vc.Length {
			t.Errorf("Len() = %d, want %d", c.Len(), vc.Length)
		}
		if got := c.Head(); got != vc.Head {
			t.Errorf("chain %s/%d: Head() = %s, want %s", vc.Seed[:8], vc.Length, got, vc.Head)
		}
		prev := vc.Head
		for _, l := range vc.Links {
			got, err := c.Link(l.I)
			if err != nil {
				t.Fatal(err)
			}
			if got != l.Link {
				t.Errorf("chain %s/%d: Link(%d) = %s, want %s", vc.Seed[:8], vc.Length, l.I, got, l.Link)
			}
			if l.I == 1 {
				if err := CheckLink(prev, l.Link); err != nil {
					t.Errorf("first vector link against head: %v", err)
				}
			}
		}
	}
}

func TestDiceVectorsEpochKey(t *testing.T) {
	v := loadDiceVectors(t)
	var links [][]byte
	for _, s := range v.Epoch.Links {
		b, err := ParseLink(s)
		if err != nil {
			t.Fatal(err)
		}
		links = append(links, b)
	}
	got := EpochKey(links, v.Epoch.Game, v.Epoch.Requester, v.Epoch.Epoch, []byte(v.Epoch.RequestLine))
	if hex.EncodeToString(got[:]) != v.Epoch.Key {
		t.Errorf("EpochKey = %x, want %s", got, v.Epoch.Key)
	}
}

// TestDiceVectorsIntermediates checks the two hashes the vectors give to help
// debug another implementation: the HMAC key and the request line's hash.
func TestDiceVectorsIntermediates(t *testing.T) {
	v := loadDiceVectors(t)
	var links []byte
	for _, s := range v.Epoch.Links {
		b, err := ParseLink(s)
		if err != nil {
			t.Fatal(err)
		}
		links = append(links, b...)
	}
	if h := sha256.Sum256(links); hex.EncodeToString(h[:]) != v.Epoch.HMACKey {
		t.Errorf("hmac_key is %s; SHA-256 of the links is %x", v.Epoch.HMACKey, h)
	}
	if h := sha256.Sum256([]byte(v.Epoch.RequestLine)); hex.EncodeToString(h[:]) != v.Epoch.RequestHash {
		t.Errorf("request_line_sha256 is %s; SHA-256 of the line is %x", v.Epoch.RequestHash, h)
	}
}

// TestDiceDocEpochVectors checks the epoch key block of docs/dice.md, part 2,
// against the vectors, label by label: a reader takes the text, not the JSON.
func TestDiceDocEpochVectors(t *testing.T) {
	v := loadDiceVectors(t)
	doc, err := os.ReadFile("../docs/dice.md")
	if err != nil {
		t.Fatal(err)
	}
	for label, want := range map[string]string{
		"SHA-256(L_1 || L_2)": v.Epoch.HMACKey,
		"SHA-256(Q)":          v.Epoch.RequestHash,
		"K":                   v.Epoch.Key,
	} {
		found := false
		for line := range bytes.Lines(doc) {
			if f := strings.Fields(strings.TrimPrefix(string(line), label)); strings.HasPrefix(string(line), label+" ") && len(f) == 1 {
				found = true
				if f[0] != want {
					t.Errorf("docs/dice.md gives %s = %s; the vectors say %s", label, f[0], want)
				}
			}
		}
		if !found {
			t.Errorf("docs/dice.md has no line for %s", label)
		}
	}
}

func TestDiceVectorsCandidates(t *testing.T) {
	v := loadDiceVectors(t)
	s := NewStream(vectorKey(t, v))
	for j, want := range parseUints(t, v.Candidates) {
		if got := s.candidate(); got != want {
			t.Errorf("candidate %d = %d, want %d", j, got, want)
		}
	}
}

func TestDiceVectorsDraws(t *testing.T) {
	v := loadDiceVectors(t)
	key := vectorKey(t, v)
	rejections := 0
	for _, d := range v.Draws {
		sides, want := parseUints(t, d.Sides), parseUints(t, d.Values)
		s := NewStream(key)
		var got []uint64
		if slices.ContainsFunc(sides, func(n uint64) bool { return n > uint64(int(^uint(0)>>1)) }) {
			// Beyond int: the internal 0-based helper, so rejection is likely.
			for _, n := range sides {
				got = append(got, s.rollUint64(n)+1)
			}
		} else {
			ints := make([]int, len(sides))
			for i, n := range sides {
				ints[i] = int(n)
			}
			for _, x := range s.Draw(ints) {
				got = append(got, uint64(x))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", d.Name, got, want)
		}
		if s.Used() != d.Used {
			t.Errorf("%s: Used() = %d, want %d", d.Name, s.Used(), d.Used)
		}
		rejections += int(d.Used) - len(sides)
	}
	if rejections == 0 {
		t.Error("no vector exercises rejection")
	}
}

func TestDiceVectorsShuffle(t *testing.T) {
	v := loadDiceVectors(t)
	s := NewStream(vectorKey(t, v))
	if got := s.Shuffle(v.Shuffle.N); !slices.Equal(got, v.Shuffle.Perm) {
		t.Errorf("Shuffle(%d) = %v, want %v", v.Shuffle.N, got, v.Shuffle.Perm)
	}
	if s.Used() != v.Shuffle.Used {
		t.Errorf("Used() = %d, want %d", s.Used(), v.Shuffle.Used)
	}
}
