package salerno43

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Airdrops (21.6): the 82nd Airborne's drops of turns 5 and 6 land in the
// Allied Preparation Phase and cannot be delayed (21.6.1): 504/82 and
// 505/82 within 3 hexes of a BH unit, 2/509 anywhere in the 5th Army's
// sector; never in a city, an all-sea hex, an enemy-held hex nor an enemy
// hex bond's hex. Each rolls on the airdrop table (T10): -2 in a
// full-mountain hex or swamp, -2 in an enemy ZOC (21.6.2); weather has no
// effect (21.6.4).

// airdropTable is T10 by modified roll from -3: eliminated (≤-2), a step
// lost and DG (-1, 0), DG (1, 2), ½ Eff (3, 4), safe (5, 6).
var airdropTable = combat.Table[string]{Name: "Airdrop", Rule: "21.6.1", Lo: -3,
	Rows: [][]string{{"eliminated"}, {"eliminated"}, {"step"}, {"step"}, {"DG"}, {"DG"}, {"half"}, {"half"}, {"safe"}, {"safe"}}}

// waitingDrop is an airborne unit of the phasing side still to drop, ""
// for none.
func (g *Game) waitingDrop() string {
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side == g.s.Side && strings.HasPrefix(us.Box, "airdrop:") {
			return us.ID
		}
	}
	return ""
}

// dropAllowed says whether unit i may drop on a.
func (g *Game) dropAllowed(i int, a hex.Axial) error {
	u := g.sc.Units[i]
	kind := strings.TrimPrefix(g.s.Units[i].Box, "airdrop:")
	t := g.b.Terrain(a)
	switch {
	case !g.b.Land(a) || t == City:
		return rules.Refuse("21.6.1", "no drop in a city or an all-sea hex")
	case g.held(a) == German:
		return rules.Refuse("21.6.1", "no drop in an enemy-held hex")
	case g.pos().bonds(German, func(x string) bool { return g.friendlyArea(German, x) }).Hex(a):
		return rules.Refuse("21.6.1", "no drop in an enemy hex bond's hex")
	case kind == "5th-army" && g.b.Zone(ZoneEighthArmy, a):
		return rules.Refuse("21.6.1", "%s drops in the 5th Army's sector", u.ID)
	case kind == "bh":
		for j, o := range g.sc.Units {
			if b, ok := g.axial(j); ok && o.Beachhead() && hex.Distance(a, b) <= 3 {
				return nil
			}
		}
		return rules.Refuse("21.6.1", "%s drops within 3 hexes of a BH unit", u.ID)
	}
	return nil
}

// drop places an airborne unit and asks for its die.
func (g *Game) drop(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || !strings.HasPrefix(g.s.Units[i].Box, "airdrop:") || g.sc.Units[i].Side != g.s.Side {
		return nil, rules.Refuse("21.6.1", "%s has no drop due now", c.Args[0])
	}
	a, ok := g.b.Hex(c.Args[1])
	if !ok {
		return nil, rules.Refuse("21.6.1", "%s is not a hex of the map", c.Args[1])
	}
	if err := g.dropAllowed(i, a); err != nil {
		return nil, err
	}
	g.s.Units[i].Box, g.s.Units[i].Hex = "", c.Args[1]
	g.s.Drop = c.Args[0]
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s drops on %s (21.6)", c.Args[0], c.Args[1])}}, nil
}

// rollDrop takes the airdrop die.
func (g *Game) rollDrop(die int) []rules.Event {
	i := g.index(g.s.Drop)
	g.s.Drop = ""
	a, _ := g.axial(i)
	drm := 0
	if g.b.fullMountain(a) || g.b.Terrain(a) == Swamp {
		drm -= 2
	}
	if g.pos().zoc(German).Has(a) {
		drm -= 2
	}
	res := airdropTable.Roll(0, die, drm)
	us := &g.s.Units[i]
	text := fmt.Sprintf("Airdrop of %s: die %d%+d, ", us.ID, die, drm)
	switch res {
	case "eliminated":
		g.eliminate(i)
		text += "eliminated"
	case "step":
		text += strings.Join(g.loseSteps(i, 1), ", ") + ", DG"
		if g.alive(i) {
			us.Status = Disorganized
		}
	case "DG":
		us.Status = Disorganized
		text += "DG"
	case "half":
		us.HalfEff = true
		text += "½ Eff"
	default:
		text += "landed safely"
	}
	if g.ver.dropSupply && g.alive(i) {
		us.Dropped = g.s.Turn // 21.6.3: in supply this turn
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text + " (21.6.1)"}}
}

// dropChoices lists the hexes the waiting unit may drop on.
func (g *Game) dropChoices() []rules.Choice {
	id := g.waitingDrop()
	if id == "" || g.s.Drop != "" {
		return nil
	}
	i := g.index(id)
	var out []rules.Choice
	for _, a := range g.b.LandHexes() {
		if g.dropAllowed(i, a) == nil {
			out = append(out, rules.Choice{Command: "drop " + id + " " + g.b.ID(a), Piece: id, Note: "21.6"})
		}
	}
	return out
}
