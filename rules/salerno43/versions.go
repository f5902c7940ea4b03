package salerno43

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// Rules versions (as normandy44/versions.go): a game is played to its end
// under the version its invite names, so that every log verifies as it was
// played (replay/testdata/recorded holds a salerno43/1 game). What changed
// between versions is one value, chosen here from the version and read
// where the behaviour is. Each field is a rule /1 played otherwise.
type rulesVersion struct {
	name string
	// swampCounts2: a swamp hex entered off a road counts 2 of the
	// overland part's 5 hexes of a line of supply (16.3.2); /1 counted 1.
	swampCounts2 bool
	// asuMoveDG: an ASU that moves, or lands and goes inland, more than one
	// hex becomes DG (17.3); /1 left it in Good Order.
	asuMoveDG bool
}

// versions are the rules versions the package plays, oldest first. The
// zero rulesVersion plays as /1, so a Game made by New alone is a /1 game.
var versions = []rulesVersion{
	{name: "salerno43/1"},
	{name: NextVersion, swampCounts2: true, asuMoveDG: true},
}

// NextVersion has the fixes above. engine.go (Version, the Engine's
// Replays and its New) is being reworked on another branch; until it plays
// NextVersion with setVersion, games are made under /1.
const NextVersion = "salerno43/2"

// setVersion makes g play under the rules version named, "" for /1.
func (g *Game) setVersion(name string) error {
	if name == "" {
		name = versions[0].name
	}
	for _, v := range versions {
		if v.name == name {
			g.v = v
			return nil
		}
	}
	return fmt.Errorf("%w %q: salerno43 plays %s and %s", rules.ErrVersion, name, versions[0].name, NextVersion)
}
