package replay

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/rules"
)

// enginesOnly knows every game pbem plays and no scenario at all: a third
// machine that never saw the players' own scenario file.
type enginesOnly struct{}

func (enginesOnly) Engine(name string) (rules.Engine, error) { return games.Lookup(name) }
func (enginesOnly) Scenario(game, name string) ([]byte, error) {
	return nil, errors.New("no scenario " + game + "/" + name + " here")
}

// ownScenario is a freeplay scenario file that ships with nothing.
const ownScenario = "# our own\ntitle North against South\nseats north south\n"

// ownInvite signs north's invite of a game that carries its scenario;
// change may alter the body before it is signed.
func ownInvite(t *testing.T, north *player, scenario []byte, change func(b *logs.Body)) *logs.Entry {
	t.Helper()
	e, _ := games.Lookup("freeplay")
	g, err := e.New(rules.Setup{Scenario: scenario})
	if err != nil {
		t.Fatal(err)
	}
	data, err := EncodeScenario(scenario)
	if err != nil {
		t.Fatal(err)
	}
	b := &logs.Body{V: logs.Version, Game: "own-1", By: "north", TS: "2026-06-06T06:00:00Z", Kind: logs.KindInvite,
		State: g.Hash(), Rules: "freeplay", Engine: e.Version, Scenario: "ours.scn", Digest: Digest(scenario),
		ScenarioData: data, Dice: logs.DiceStrict,
		Seats: []logs.Seat{{Seat: "north", Key: north.key(), Head: north.chain.Head()}, {Seat: "south"}}}
	if change != nil {
		change(b)
	}
	inv, err := logs.SignBody(north.signer, b)
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

// A game started from a player's own scenario replays and verifies where
// that file never was: the invite carries it, pinned by its digest.
func TestOwnScenarioVerifiesAnywhere(t *testing.T) {
	north, south := newPlayer(t, "north"), newPlayer(t, "south")
	r, err := Start(ownInvite(t, north, []byte(ownScenario), nil), enginesOnly{})
	if err != nil {
		t.Fatalf("start from the scenario the invite carries: %v", err)
	}
	if !r.CarriesScenario() {
		t.Error("CarriesScenario is false")
	}
	tb := &table{t: t, r: r, players: map[string]*player{"north": north, "south": south}}
	ab := tb.r.NextBody("south", logs.KindAccept, tb.now())
	ab.Key, ab.Head = south.key(), south.chain.Head()
	tb.complete(ab)
	tb.mustAppend(tb.sign(ab))
	tb.do("north", "play 1st Army crosses the river", "pass")
	rep := Verify(bytes.NewReader(tb.lines()), enginesOnly{})
	if !rep.OK() || rep.Verified != 3 {
		t.Fatalf("verify on a machine without the scenario: %d verified, problems %v", rep.Verified, rep.Problems)
	}
	if got := rep.Replay.Game().View("north").Lines; !strings.Contains(strings.Join(got, "\n"), "North against South") {
		t.Errorf("the game does not play the carried scenario: %v", got)
	}
}

// A carried scenario whose text differs from the digest, whose base64 is
// broken or that is too big is refused at entry 0, naming what is wrong; so
// is a scenario altered after signing, by its signature.
func TestOwnScenarioTampered(t *testing.T) {
	north := newPlayer(t, "north")
	other := base64.StdEncoding.EncodeToString([]byte(strings.Replace(ownScenario, "South", "Souht", 1)))
	for _, c := range []struct {
		name     string
		change   func(b *logs.Body)
		fragment string
	}{
		{"text altered", func(b *logs.Body) { b.ScenarioData = other }, "its text was altered"},
		{"not base64", func(b *logs.Body) { b.ScenarioData = "not base64!" }, "not standard base64"},
		{"too big", func(b *logs.Body) {
			b.ScenarioData = base64.StdEncoding.EncodeToString(bytes.Repeat([]byte("#\n"), MaxScenarioBytes/2+1))
		}, "at most 524288"},
	} {
		_, err := Start(ownInvite(t, north, []byte(ownScenario), c.change), enginesOnly{})
		var ee *EntryError
		if !errors.As(err, &ee) || ee.Seq != 0 || !errors.Is(err, ErrScenario) || !strings.Contains(err.Error(), c.fragment) {
			t.Errorf("%s: want a scenario error at entry 0 saying %q, have %v", c.name, c.fragment, err)
		}
	}
	// Altered in the file, after signing: the signature no longer holds.
	line := ownInvite(t, north, []byte(ownScenario), nil).Line
	i := bytes.Index(line, []byte(`"scenario_data":"`)) + len(`"scenario_data":"`)
	line[i+4] ^= 'A' ^ 'B'
	rep := Verify(bytes.NewReader(line), enginesOnly{})
	if rep.OK() || len(rep.Problems) == 0 || !strings.Contains(rep.Problems[0].Error(), "entry 0") {
		t.Errorf("a scenario altered after signing: problems %v", rep.Problems)
	}
	if _, err := EncodeScenario(make([]byte, MaxScenarioBytes+1)); err == nil {
		t.Error("EncodeScenario of a scenario too big: no error")
	}
}

// Only an invite carries a scenario: on any other entry the field is an
// error, never silently ignored.
func TestScenarioDataOnlyInInvite(t *testing.T) {
	tb := newTable(t, "duel", "standard", logs.DiceStrict, duelLoader, "red", "blue")
	e := tb.forge("red", []string{"end"}, func(b *logs.Body) { b.ScenarioData = "ZHVlbAo=" })
	wantEntryErr(t, tb.r.Append(e), e.Seq, ErrProtocol, `no field "scenario_data"`)
}
