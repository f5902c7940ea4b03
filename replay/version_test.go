package replay

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// TestRulesVersions: a game goes on under the rules version its invite
// names (DESIGN.md, The log), and on the text of the shipped scenario it
// began on. A log signed under normandy44/4 verifies with
// an engine whose current version is newer, a game made today is made under
// the current version and verifies, and a version the engine does not play
// is refused at the invite, entry 0, naming it.
func TestRulesVersions(t *testing.T) {
	e, err := games.Lookup("normandy44")
	if err != nil {
		t.Fatal(err)
	}
	if e.Version == "normandy44/4" || !slices.Contains(e.Replays, "normandy44/4") {
		t.Fatalf("normandy44 is %s and replays %v: this test wants it newer than normandy44/4, replaying it", e.Version, e.Replays)
	}

	data, err := os.ReadFile(filepath.Join(recordedDir, "normandy44-4-cherbourg-strict.pbem"))
	if err != nil {
		t.Fatal(err)
	}
	rep := Verify(bytes.NewReader(data), games.Shipped)
	if !rep.OK() {
		t.Fatalf("the normandy44/4 log: %d of %d entries verified: %v", rep.Verified, rep.Read, rep.Problems)
	}
	if v := rep.Replay.Version(); v != "normandy44/4" || rep.Replay.Setup().Version != v {
		t.Fatalf("the normandy44/4 log replays under %q", v)
	}
	// It began on the Cherbourg scenario's first text, which has changed
	// since (scenarios.Past): the game goes on on the text it began on.
	now, err := games.ReadScenario("normandy44", "cherbourg")
	if err != nil {
		t.Fatal(err)
	}
	if Digest(now) == rep.Replay.Invite().Body.Digest || Digest(rep.Replay.Setup().Scenario) != rep.Replay.Invite().Body.Digest {
		t.Fatal("the normandy44/4 log does not replay on the earlier text of the scenario it names")
	}

	tb := newTable(t, "normandy44", "cherbourg", logs.DiceStrict, games.Shipped, "allied", "german")
	if inv := tb.r.Invite().Body; inv.Engine != e.Version {
		t.Fatalf("a new game's invite names rules %q, not the current %s", inv.Engine, e.Version)
	}
	rnd := rand.New(rand.NewPCG(5, 44))
	for n := 0; n < 60; n++ {
		tb.settle(100)
		p := tb.r.Game().Pending()
		if p.Over {
			break
		}
		seat := p.Seats[0]
		tb.do(string(seat), e.RandomCommand(tb.r.Game(), seat, rnd))
	}
	rep = Verify(bytes.NewReader(tb.lines()), games.Shipped)
	if !rep.OK() || rep.Verified < 20 {
		t.Fatalf("the %s log: %d of %d entries verified: %v", e.Version, rep.Verified, rep.Read, rep.Problems)
	}
	if v := rep.Replay.Version(); v != e.Version {
		t.Fatalf("the %s log replays under %q", e.Version, v)
	}

	inv := tb.r.Invite().Body
	inv.Engine = "normandy44/3"
	_, err = Start(tb.sign(&inv), games.Shipped)
	var ee *EntryError
	if !errors.Is(err, ErrVersion) || !errors.As(err, &ee) || ee.Seq != 0 ||
		!strings.Contains(err.Error(), "entry 0") || !strings.Contains(err.Error(), `"normandy44/3"`) || !strings.Contains(err.Error(), e.Version) {
		t.Fatalf("an invite under normandy44/3: %v, want entry 0 refused naming normandy44/3 and what this pbem plays", err)
	}
	if _, err := e.New(rules.Setup{Scenario: tb.r.Setup().Scenario, Version: "normandy44/3"}); !errors.Is(err, rules.ErrVersion) {
		t.Fatalf("New under normandy44/3: %v, want rules.ErrVersion", err)
	}
}

// The first edition (variant ed1) came with normandy44/5 and was never
// played under normandy44/4: an ed1 invite under /4 is refused at entry 0,
// naming the version and the variant, and neither New nor Seats makes such a
// game; under the current version the same invite starts.
func TestVariantNewerThanVersionRefused(t *testing.T) {
	e, err := games.Lookup("normandy44")
	if err != nil {
		t.Fatal(err)
	}
	tb := newTableVariant(t, "normandy44", "cherbourg", "ed1", nil, logs.DiceStrict, games.Shipped, "allied", "german")
	inv := tb.r.Invite().Body
	if inv.Engine != e.Version || inv.Variant != "ed1" {
		t.Fatalf("an ed1 game is made under %q, variant %q; want %s, ed1", inv.Engine, inv.Variant, e.Version)
	}
	inv.Engine = "normandy44/4"
	_, err = Start(tb.sign(&inv), games.Shipped)
	wantEntryErr(t, err, 0, ErrVersion, "normandy44/4")
	if !errors.Is(err, rules.ErrVersion) || !strings.Contains(err.Error(), "ed1") || !strings.Contains(err.Error(), e.Version) {
		t.Fatalf("an ed1 invite under normandy44/4: %v; want rules.ErrVersion naming ed1 and %s", err, e.Version)
	}
	old := rules.Setup{Scenario: tb.r.Setup().Scenario, Variant: "ed1", Version: "normandy44/4"}
	if _, err := e.New(old); !errors.Is(err, rules.ErrVersion) {
		t.Errorf("New of ed1 under normandy44/4: %v, want rules.ErrVersion", err)
	}
	if _, err := e.Seats(old); !errors.Is(err, rules.ErrVersion) {
		t.Errorf("Seats of ed1 under normandy44/4: %v, want rules.ErrVersion", err)
	}
	inv.Engine = e.Version
	if _, err := Start(tb.sign(&inv), games.Shipped); err != nil {
		t.Fatalf("the ed1 invite under %s: %v", e.Version, err)
	}
}
