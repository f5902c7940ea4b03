package ardennes44

import (
	"slices"
)

// An overstacked retreat (17.4, L1007; 8.3): a stack that can reach no hex
// within the stacking limit, even with extra hexes, ends its retreat over it
// (combat_map.go says where), and the steps of the retreating units over the
// limit are eliminated (8.0), the owner of the units picking which, one step
// at a time (CON-6: 8.3 names the active player, but the stack is the
// defender's). Under ardennes44/2 only (versions.go).

// retreatExcess names the hex the retreat ended in and the retreating units
// there whose step would bring it nearer the limit, on the position the
// combat has made so far; no units once it is within it, or when the
// retreat ended off the map (13.7: Off-map Areas have no limit).
func (g *Game) retreatExcess(c *Combat) (string, []string) {
	if len(c.Moves) == 0 || c.Moves[0].Path.Exited {
		return "", nil
	}
	p := c.Moves[0].Path
	end := g.b.id(p.Hexes[len(p.Hexes)-1])
	over := g.excessAfter(c, "")
	if over == 0 {
		return end, nil
	}
	var out []string
	for _, id := range c.Moves[0].Units {
		if g.excessAfter(c, id) < over {
			out = append(out, id)
		}
	}
	return end, out
}

// excessAfter is how far the hex the retreat ended in is over the limit
// (stackExcess) once the combat's outcome so far, and one more step of unit
// id ("" for none), is on the map. The engineers the retreat makes Broken
// do not count: 27.1 eliminates them as the retreat ends, before the limit
// is checked (8.3).
func (g *Game) excessAfter(c *Combat, id string) int {
	cc := *c.Combat
	if id != "" {
		cc.RetreatExcess = append(slices.Clone(c.RetreatExcess), id)
	}
	what := *c
	what.Combat = &cc
	w := g.outcomeGame(&what)
	p := c.Moves[0].Path
	var fs []stackFace
	for _, i := range w.occupancy()[p.Hexes[len(p.Hexes)-1]] {
		u := w.unit(i)
		if u.Type == Engineer && slices.Contains(c.Moves[0].Units, u.ID) && g.retreatBreaks(c, g.s.Units[i].Status) {
			continue
		}
		fs = append(fs, stackFace{unit: u, face: w.face(i)})
	}
	return stackExcess(fs)
}

// retreatBreaks reports whether the retreat makes a unit whose state was
// status Broken (18.2): 3 or 4 hexes, a unit already Disrupted, or hexes
// added against overstacking (17.4).
func (g *Game) retreatBreaks(c *Combat, status string) bool {
	return c.Result.Retreat >= 3 || status != "" || c.Moves[0].Path.Extended > 0
}
