package games

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/scenarios"
)

// Every engine is complete and known by its own name, once; an unknown name
// is refused with the names pbem plays.
func TestAll(t *testing.T) {
	all := All()
	if len(all) < 2 {
		t.Fatalf("%d engines", len(all))
	}
	for i, e := range all {
		if e.Name == "" || e.Version == "" || e.Title == "" || e.New == nil || e.Seats == nil {
			t.Errorf("engine %d is incomplete: %+v", i, e)
		}
		if !strings.HasPrefix(e.Version, e.Name+"/") {
			t.Errorf("%s: version %q does not start with the game's name", e.Name, e.Version)
		}
		if i > 0 && all[i-1].Name >= e.Name {
			t.Errorf("engines not sorted by name, or named twice: %s, %s", all[i-1].Name, e.Name)
		}
		got, err := Lookup(e.Name)
		if err != nil || got.Version != e.Version {
			t.Errorf("Lookup(%q): %v", e.Name, err)
		}
	}
	if _, err := Lookup("chess"); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "normandy44") {
		t.Errorf("Lookup(chess): %v", err)
	}
	all[0].Name = "changed"
	if All()[0].Name == "changed" {
		t.Error("All hands out the list itself")
	}
}

// Every shipped scenario is for a game pbem plays, reads assembled and
// self-contained (no map line left), the same bytes every time (an invite
// digests them), and starts a game with the seats its engine reads.
func TestReadScenario(t *testing.T) {
	for _, s := range scenarios.List() {
		e, err := Lookup(s.Game)
		if err != nil {
			t.Fatalf("%s/%s: %v", s.Game, s.Name, err)
		}
		b, err := ReadScenario(s.Game, s.Name)
		if err != nil {
			t.Fatalf("%s/%s: %v", s.Game, s.Name, err)
		}
		fresh, _ := assemble(s.Game, s.Name) // not the text kept for the process
		if !bytes.Equal(b, fresh) {
			t.Errorf("%s/%s: ReadScenario is not deterministic", s.Game, s.Name)
		}
		// The text is kept for the process (the next open assembles
		// nothing), and what a caller does to its copy never reaches it.
		b[0] ^= 0xff
		if again, _ := Shipped.Scenario(s.Game, s.Name); !bytes.Equal(again, fresh) {
			t.Errorf("%s/%s: a caller's change to the text reached the next read", s.Game, s.Name)
		}
		b[0] ^= 0xff
		if bytes.Contains(b, []byte("\nmap ")) || bytes.Contains(b, []byte("\nwindow ")) {
			t.Errorf("%s/%s: the assembled text still names a map", s.Game, s.Name)
		}
		seats, err := e.Seats(rules.Setup{Scenario: b})
		if err != nil || len(seats) == 0 { // one seat: a solo game (rhine44/solo)
			t.Errorf("%s/%s: seats %v, %v", s.Game, s.Name, seats, err)
		}
	}
	if _, err := ReadScenario("normandy44", "nowhere"); !errors.Is(err, scenarios.ErrUnknown) {
		t.Errorf("an unknown scenario: %v", err)
	}
	if _, err := Shipped.Engine("chess"); !errors.Is(err, ErrUnknown) {
		t.Errorf("an unknown game: %v", err)
	}
}

// CheckFile reads side files beside the file first, then the shipped ones,
// and checks a map file on its own.
func TestCheckFile(t *testing.T) {
	dir := t.TempDir()
	src, err := scenarios.Source("normandy44", "cherbourg")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "mine.scn")
	if err := CheckFile("normandy44", path, src); err != nil {
		t.Fatalf("no map beside it: the shipped one serves: %v", err)
	}
	m, err := scenarios.Embedded("normandy44")("normandy.map")
	if err != nil {
		t.Fatal(err)
	}
	broken := bytes.Replace(m, []byte("\n2512 town "), []byte("\n2512 twon "), 1)
	if err := os.WriteFile(filepath.Join(dir, "normandy.map"), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckFile("normandy44", path, src); err == nil || !strings.Contains(err.Error(), "normandy.map line ") {
		t.Errorf("the map beside the file is read first: %v", err)
	}
	if err := CheckFile("normandy44", filepath.Join(dir, "normandy.map"), broken); err == nil || !strings.Contains(err.Error(), `terrain "twon"`) {
		t.Errorf("a map file alone: %v", err)
	}
	if err := CheckFile("normandy44", filepath.Join(dir, "normandy.map"), m); err != nil {
		t.Errorf("the shipped map alone: %v", err)
	}
	if err := CheckFile("freeplay", filepath.Join(dir, "seats.scn"), []byte("seats a b\n")); err != nil {
		t.Errorf("a freeplay scenario: %v", err)
	}
	if err := CheckFile("chess", path, src); !errors.Is(err, ErrUnknown) {
		t.Errorf("an unknown game: %v", err)
	}
}

// Beside opens files by base name only, in the folder, then among the files
// that ship with the game.
func TestBeside(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "local.map"), []byte("here"), 0o644); err != nil {
		t.Fatal(err)
	}
	open := Beside("normandy44", filepath.Join(dir, "mine.scn"))
	if b, err := open("local.map"); err != nil || string(b) != "here" {
		t.Errorf("local.map: %q %v", b, err)
	}
	if b, err := open("normandy.map"); err != nil || !bytes.HasPrefix(b, []byte("#")) {
		t.Errorf("the shipped map: %v", err)
	}
	for _, bad := range []string{"", "../local.map", "/etc/passwd", "sub\\x.map"} {
		if _, err := open(bad); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if _, err := open("nowhere.map"); err == nil || !strings.Contains(err.Error(), "nowhere.map") {
		t.Errorf("a missing file: %v", err)
	}
	if !slices.Contains(Names(), "freeplay") {
		t.Errorf("Names: %v", Names())
	}
}
