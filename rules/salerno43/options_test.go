package salerno43

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// The optional rules 25.1-25.3 are the invitation's options (25.0): known
// ones are played and kept in the state, an unknown one or one given twice
// is refused by the engine before any game starts.
func TestOptions_25_0(t *testing.T) {
	sc := readShipped(t, "avalanche")
	e := Engine()
	all := []string{OptDisengagement, OptRecon, OptPortSupply}
	if _, err := e.Seats(rules.Setup{Scenario: sc, Options: all}); err != nil {
		t.Fatalf("25.0: the optional rules are options: %v", err)
	}
	for _, bad := range [][]string{{"flank-fire"}, {OptRecon, OptRecon}} {
		_, err := e.Seats(rules.Setup{Scenario: sc, Options: bad})
		if !errors.Is(err, ErrOption) {
			t.Errorf("options %v: want ErrOption, have %v", bad, err)
		}
	}
	if _, err := New(sc, []string{"flank-fire"}); err == nil || !strings.Contains(err.Error(), "limited-port-supply") {
		t.Errorf("an unknown option is refused, naming those known: %v", err)
	}
	g, err := New(sc, all)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*Game)
	if !s.opt.disengagement || !s.opt.recon || !s.opt.portSupply || len(s.s.Options) != 3 {
		t.Fatalf("the options reach the game and its state: %+v %v", s.opt, s.s.Options)
	}
	snap, err := g.(rules.Snapshotter).Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := New(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := plain.(rules.Snapshotter).Restore(snap); err == nil {
		t.Error("a state with options is restored into a game without them")
	}
	back, err := g.(rules.Snapshotter).Restore(snap)
	if err != nil || !back.(*Game).opt.recon || back.Hash() != g.Hash() {
		t.Errorf("a snapshot restores with its options: %v", err)
	}
	if plain.Hash() == g.Hash() {
		t.Error("the options are part of the hashed state")
	}
}

// 'pbem new --help' names every option, so that a player finds them where
// he gives them: docs/cli.md is that help (cmd/pbem's TestCLIDoc keeps it
// so).
func TestOptionsInHelp(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "cli.md"))
	if err != nil {
		t.Fatal(err)
	}
	for name := range Options() {
		if !strings.Contains(string(doc), "\n  "+name+" ") {
			t.Errorf("'pbem new --help' (docs/cli.md) does not list the option %s", name)
		}
	}
}
