package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// The German SupP split with two German players (24.0): the player facing
// the US uses the 7th Army and Cherbourg Fortress markers, the player facing
// the CW the Panzergruppe West marker. Each turn the two split the available
// SupP; the player facing the CW has the last word in disputes and decides
// the split of the initial SupP at the start of the scenario.
//
// ENGINE NOTE (24.0 reading): "the available SupP" of a turn are that turn's
// income, as in 5.2: they arrive on the 7th Army, and in the German
// Replacement Phase the player facing the CW, who takes his part of the phase
// first (players.go), moves what he takes with 'allot pz-west N'. SupP once
// on a marker stay there (5.2). The scenario's starting 7th Army SupP are
// split the same way in the German Replacement Phase of turn 1, which then
// waits for the German players (initialSplit). A german-cw HQ fires with Pz
// West SupP, a german-us HQ with 7th Army SupP (artilleryPool).
const pzWestPool = "pz-west"

// initialSplit reports whether the German Replacement Phase of turn 1 waits
// for the split of the starting 7th Army SupP (24.0).
func (g *Game) initialSplit() bool {
	return g.opt.germanSplit && g.s.Turn == 1 && g.s.Side == German && g.s.SupPNew > 0
}

// startingSplit makes the scenario's starting 7th Army SupP available to the
// initial split (24.0), in a game with two German players.
func (g *Game) startingSplit() {
	if k := poolIndex(g.s.SupP, germanSupPPool); g.opt.germanSplit && k >= 0 {
		g.s.SupPNew = g.s.SupP[k].N
	}
}

// checkPzWest checks the move of n of the turn's SupP to Pz West.
func (g *Game) checkPzWest(n int) error {
	switch {
	case !g.opt.germanSplit:
		return rules.Refuse("24.0", "the Pz West SupP marker is used only when two players play the Germans")
	case g.s.Side != German:
		return rules.Refuse("24.0", "the German SupP are split in the German Replacement Phase")
	case n > g.s.SupPNew:
		return rules.Refuse("24.0, 5.2", "%d SupP of this turn are left to split; SupP already on a marker never move", g.s.SupPNew)
	}
	return nil
}

func (g *Game) allotPzWest(c Command) ([]rules.Event, error) {
	if err := g.checkPzWest(c.N); err != nil {
		return nil, err
	}
	g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N -= c.N
	lost := g.addSupP(pzWestPool, c.N)
	g.s.SupPNew -= c.N
	return []rules.Event{{Seat: SeatGermanCW, Text: fmt.Sprintf("%d SupP go to Pz West instead of the 7th Army%s (24.0)", c.N, lostWords(lost))}}, nil
}

func (g *Game) pzWestChoices() []rules.Choice {
	var out []rules.Choice
	for n := 1; n <= g.s.SupPNew; n++ {
		if g.checkPzWest(n) == nil {
			c := Command{Verb: "allot", Path: []string{pzWestPool}, N: n}
			out = append(out, rules.Choice{Command: c.String(), Note: "SupP to Pz West, the player facing the CW (24.0)"})
		}
	}
	return out
}
