package scenarios

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// Every shipped scenario reads assembled: self-contained (no map line left),
// the same bytes every time (an invite digests them), and its source as written
// names the map that was inlined.
func TestRead(t *testing.T) {
	names := map[string]bool{}
	for _, s := range List() {
		names[s.Game+"/"+s.Name] = true
		b, err := Read(s.Game, s.Name)
		if err != nil {
			t.Fatalf("%s/%s: %v", s.Game, s.Name, err)
		}
		again, _ := Read(s.Game, s.Name)
		if !bytes.Equal(b, again) {
			t.Errorf("%s/%s: Read is not deterministic", s.Game, s.Name)
		}
		if bytes.Contains(b, []byte("\nmap ")) || bytes.Contains(b, []byte("\nwindow ")) {
			t.Errorf("%s/%s: the assembled text still names a map", s.Game, s.Name)
		}
		src, err := Source(s.Game, s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Game == "normandy44" && !bytes.Contains(src, []byte("\nmap normandy")) {
			t.Errorf("%s/%s: the source does not name the shared map", s.Game, s.Name)
		}
	}
	for _, want := range []string{"normandy44/campaign", "normandy44/seven-turn", "normandy44/cherbourg", "freeplay/allied-german"} {
		if !names[want] {
			t.Errorf("List lacks %s: %v", want, names)
		}
	}
}

// Map files are found by base name in the game's folder only.
func TestEmbedded(t *testing.T) {
	open := Embedded("normandy44")
	if b, err := open("normandy.map"); err != nil || !strings.HasPrefix(string(b), "#") {
		t.Fatalf("normandy.map: %v", err)
	}
	for _, bad := range []string{"../freeplay/allied-german.scn", "cherbourg.scn", "nowhere.map", "/etc/passwd"} {
		if _, err := open(bad); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%q: %v, want not found", bad, err)
		}
	}
	if _, err := Read("normandy44", "../x"); !errors.Is(err, ErrUnknown) {
		t.Errorf("a path as a name: %v", err)
	}
}
