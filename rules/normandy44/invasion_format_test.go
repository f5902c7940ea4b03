package normandy44

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// sectorScenario is the invasion-sectors fuzz seed: Omaha's two hexes, an
// approach box per sector (20.3.1).
const sectorScenario = "game normandy44\nscenario m\ntitle M\nprovenance stand-in: all\nlayout flat-top odd-columns-down\nturns 7\n[terrain]\n0101 clear\n0102 clear\n0201 clear\n0202 clear\n" +
	"[places]\nbeach 0101 omaha sector=dog\nbeach 0201 omaha sector=easy\ndrop 0202 82-ab\n[boxes]\napproach-dog approach omaha sector=dog\napproach-easy approach omaha sector=easy\n" +
	"[units]\nsp german heer - strongpoint 1-0 beach-defense\ninf allied us 29 infantry 6-4 4-4 (2)-4 cadre=A\ntk allied us - tank 4-6 2-6 ac=gray:3 dd\nrgr allied us - commando 3-4 1-4 ranger\npara allied us 82-ab paratroop 6-4 4-4 (2)-4 cadre=B\n" +
	"[setup]\nsp 0101\ninf approach-dog first-assault\ntk approach-dog first-assault\nrgr approach-easy follow-up\npara 0202 airdrop\n[special]\ninvasion omaha\n"

// TestApproachSector_RoundTrip: an approach box names the sector its first
// assault goes in on; Format writes it back (20.3.1).
func TestApproachSector_RoundTrip(t *testing.T) {
	s := mustParse(t, []byte(sectorScenario))
	if s.Boxes[0] != (Box{Name: "approach-dog", Kind: BoxApproach, For: "omaha", Sector: "dog"}) {
		t.Errorf("box %+v", s.Boxes[0])
	}
	out := s.Format()
	if !strings.Contains(string(out), "\napproach-easy approach omaha sector=easy\n") {
		t.Errorf("Format:\n%s", out)
	}
	again := mustParse(t, out)
	if !reflect.DeepEqual(s, again) {
		t.Error("round trip differs")
	}
	seed, err := os.ReadFile("testdata/fuzz/FuzzParseScenario/invasion-sectors")
	if err != nil || !strings.Contains(string(seed), "sector=dog") {
		t.Errorf("fuzz seed: %v", err)
	}
}

// TestApproachSector_Rejects: a sector the beach lacks, a sector on another
// kind of box, and first-assault units in a box that does not say which of
// the beach's hexes they assault (20.3.1: an assault goes in on one beach
// hex; docs/scenario-format.md, approach boxes).
func TestApproachSector_Rejects(t *testing.T) {
	cases := []struct {
		name, from, to string
		want           error
	}{
		{"unknown sector", "approach-dog approach omaha sector=dog", "approach-dog approach omaha sector=fox", ErrMissing},
		{"sector on an in-britain box", "approach-easy approach omaha sector=easy", "approach-easy in-britain sector=easy", ErrSyntax},
		{"bad sector key", "approach-dog approach omaha sector=dog", "approach-dog approach omaha side=dog", ErrUnknown},
		{"first assault with no sector on a 2-hex beach", "approach-dog approach omaha sector=dog", "approach-dog approach omaha", ErrInvalid},
		{"airdrop of a formation with no Scatter column", "82-ab", "82-abn", ErrInvalid}, // the only error: see below
	}
	for _, c := range cases {
		text := strings.ReplaceAll(sectorScenario, c.from, c.to)
		_, err := ParseScenario([]byte(text))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestAirdropColumn_20_2_1: with an invasion, an airdropped unit's formation
// must have a Scatter column.
func TestAirdropColumn_20_2_1(t *testing.T) {
	_, err := ParseScenario([]byte(strings.ReplaceAll(sectorScenario, "82-ab", "82-abn")))
	if les := lineErrors(err); len(les) != 1 || !strings.Contains(les[0].Error(), "no Scatter column (20.2.1") {
		t.Errorf("%v", err)
	}
}

// TestInvasionCommands_RoundTrip: the decisions of the Special Invasion
// Phase are the combat's canonical lines (20.3.2 'losses', 20.3.6 'advance'
// with the beach hex first, 'advance-done'): each parses and prints back to
// the same text; non-canonical text is refused.
func TestInvasionCommands_RoundTrip(t *testing.T) {
	for _, s := range []string{"losses 116/29", "losses 16/1 18/1", "losses 8/4 8/4", "advance 22/4 2814 2713", "advance 8/4 2814", "advance-done", "order losses mike2"} {
		c, err := ParseCombatCommand(s)
		if err != nil || c.String() != s {
			t.Errorf("%q: %v, prints %q", s, err, c.String())
		}
	}
	for _, s := range []string{"losses", "advance 22/4", "advance 22/4 2814 2713 2712", "advance-done now", "losses  8/4", "advance 2814 2713"} {
		if _, err := ParseCombatCommand(s); !errors.Is(err, ErrDecision) {
			t.Errorf("%q: %v, want ErrDecision", s, err)
		}
	}
}
