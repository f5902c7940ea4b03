package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// cherbourgHexes are the Cherbourg city hexes (17.4): City hexes named
// "Cherbourg", in Axial order.
func (g *Game) cherbourgHexes() []hex.Axial { return g.sup.cherbourg }

// relocateTargets lists where the Cotentin HQ may be placed now (17.4): once
// per game, in the German Movement Phase, from anywhere on the map onto a
// German-controlled Cherbourg hex. The HQ must not have moved this phase:
// the relocation is its move.
func (g *Game) relocateTargets(ctx *moveContext, i int) ([]hex.Axial, error) {
	u := g.unit(i)
	from, onMap := g.onMap(i)
	switch {
	case !slices.Contains(u.Marks, MarkCotentin):
		return nil, rules.Refuse("17.4", "only the Cotentin HQ may be relocated, not %s", u.ID)
	case g.s.Side != German:
		return nil, rules.Refuse("17.4", "the Cotentin HQ is relocated in the German Movement Phase")
	case g.s.Relocated:
		return nil, rules.Refuse("17.4", "the Cotentin HQ has already been relocated once this game")
	case !onMap:
		return nil, rules.Refuse("17.4", "%s is not on the map", u.ID)
	case g.s.Units[i].Moved:
		return nil, rules.Refuse("9.1", "%s has already moved this phase", u.ID)
	}
	control := g.controlMap()
	var out []hex.Axial
	for _, a := range g.cherbourgHexes() {
		if a != from && control[g.b.id(a)] == German && g.landCheck(ctx, i, a) == nil {
			out = append(out, a)
		}
	}
	return out, nil
}

// relocate applies 'relocate UNIT HEX'.
func (g *Game) relocate(c Command) ([]rules.Event, error) {
	i, ok := g.index[c.Unit]
	if !ok {
		return nil, rules.Refuse("2.3", "no unit %s in this scenario", c.Unit)
	}
	ctx := g.moveContext(German)
	targets, err := g.relocateTargets(ctx, i)
	if err != nil {
		return nil, err
	}
	to := c.Path[0]
	a, isHex := g.b.ids[to]
	if !isHex || !slices.Contains(targets, a) {
		if isHex {
			if err := g.landCheck(ctx, i, a); err != nil {
				return nil, err
			}
		}
		return nil, rules.Refuse("17.4", "%s is not a German-controlled Cherbourg hex the HQ can be placed on", to)
	}
	us := &g.s.Units[i]
	from := us.At
	us.At, us.Moved, g.s.Relocated = to, true, true
	us.Spent, us.Hexes = 0, hex.Distance(g.b.ids[from], a)
	us.HQMoved = us.HQMoved || us.Hexes > 1 // 17.2.3
	text := fmt.Sprintf("%s is relocated from %s to Cherbourg %s (17.4, once per game)", c.Unit, from, to)
	return []rules.Event{{Seat: rules.Seat(German), Text: text}}, nil
}

// relocateChoices lists the relocations Legal offers.
func (g *Game) relocateChoices(ctx *moveContext, i int) []rules.Choice {
	targets, err := g.relocateTargets(ctx, i)
	if err != nil {
		return nil
	}
	var out []rules.Choice
	for _, a := range targets {
		c := Command{Verb: "relocate", Unit: g.unit(i).ID, Path: []string{g.b.id(a)}}
		out = append(out, rules.Choice{Command: c.String(), Piece: c.Unit, Note: "relocate the Cotentin HQ to Cherbourg (17.4, once per game)"})
	}
	return out
}
