package scenarios

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
)

// List names every shipped scenario, and each reads as written: Normandy's
// name the shared map they are cut from. (games.ReadScenario assembles them;
// its tests check the assembled text.)
func TestListAndSource(t *testing.T) {
	names := map[string]bool{}
	for _, s := range List() {
		names[s.Game+"/"+s.Name] = true
		src, err := Source(s.Game, s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Game == "normandy44" && !strings.Contains(string(src), "\nmap normandy") {
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
	for _, bad := range [][2]string{{"normandy44", "../x"}, {"normandy44", "nowhere"}, {"chess", "cherbourg"}} {
		if _, err := Source(bad[0], bad[1]); !errors.Is(err, ErrUnknown) {
			t.Errorf("Source(%q, %q): %v, want ErrUnknown", bad[0], bad[1], err)
		}
	}
}

// Past finds the earlier texts of a shipped scenario, newest first, and
// nothing for one that never changed or a name that is not a scenario's.
func TestPast(t *testing.T) {
	past := Past("normandy44", "cherbourg")
	now, err := Source("normandy44", "cherbourg")
	if err != nil {
		t.Fatal(err)
	}
	if len(past) == 0 || string(past[0]) == string(now) || !strings.Contains(string(past[0]), "\nscenario cherbourg\n") {
		t.Fatalf("Past(normandy44, cherbourg): %d texts, want an earlier text of cherbourg", len(past))
	}
	for _, s := range []struct{ game, name string }{{"normandy44", "campaign"}, {"normandy44", "*"}, {"normandy44", "../cherbourg"}, {"chess", "cherbourg"}} {
		if p := Past(s.game, s.name); len(p) != 0 {
			t.Errorf("Past(%q, %q): %d texts, want none", s.game, s.name, len(p))
		}
	}
	for _, s := range List() {
		if strings.Contains(s.Name, "/") || s.Name == "past" {
			t.Errorf("List names a past text: %v", s)
		}
	}
}
