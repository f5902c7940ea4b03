package ardennes44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// An overstacked retreat (17.4, L1007; 8.3): a stack, or a part of one that
// split (17.1), that can reach no hex within the stacking limit, even with
// extra hexes, ends its retreat over it (combat_map.go says where), and the
// steps of the retreating units over the limit are eliminated (8.0), the
// owner of the units picking which, one step at a time (CON-6: 8.3 names
// the active player, but the stack is the defender's). From ardennes44/2 on
// (versions.go).

// retreatExcess names a hex a part of the retreat ended in over the limit,
// the first in the retreat's order, and the retreating units there whose
// step would bring it nearer the limit, in the stack's order, on the
// position the combat has made so far; no units once no such hex is left
// that their steps would bring nearer it. A part that ended off the map has
// no limit (13.7: Off-map Areas).
func (g *Game) retreatExcess(c *Combat) (string, []string) {
	for k, mv := range c.Moves {
		if mv.Path.Exited || slices.ContainsFunc(c.Moves[:k], func(m combat.RetreatMove) bool { return retreatEnd(m) == retreatEnd(mv) }) {
			continue
		}
		end := retreatEnd(mv)
		over := g.excessAfter(c, end, "")
		if over == 0 {
			continue
		}
		var out []string
		for _, u := range c.Defenders {
			m, ok := c.RetreatOf(u.ID)
			if ok && !m.Path.Exited && retreatEnd(m) == end && g.excessAfter(c, end, u.ID) < over {
				out = append(out, u.ID)
			}
		}
		if len(out) > 0 {
			return g.b.id(end), out
		}
	}
	return "", nil
}

// retreatEnd is the last hex of a part of the retreat.
func retreatEnd(mv combat.RetreatMove) hex.Axial { return mv.Path.Hexes[len(mv.Path.Hexes)-1] }

// excessAfter is how far hex end, where a part of the retreat ended, is
// over the limit (stackExcess) once the combat's outcome so far, and one
// more step of unit id ("" for none), is on the map. The engineers the
// retreat makes Broken do not count: 27.1 eliminates them as the retreat
// ends, before the limit is checked (8.3).
func (g *Game) excessAfter(c *Combat, end hex.Axial, id string) int {
	cc := *c.Combat
	if id != "" {
		cc.RetreatExcess = append(slices.Clone(c.RetreatExcess), id)
	}
	what := *c
	what.Combat = &cc
	w := g.outcomeGame(&what)
	var fs []stackFace
	for _, i := range w.occupancy()[end] {
		u := w.unit(i)
		if mv, ok := c.RetreatOf(u.ID); ok && u.Type == Engineer && g.retreatBreaks(c, mv.Path, g.s.Units[i].Status) {
			continue
		}
		fs = append(fs, stackFace{unit: u, face: w.face(i)})
	}
	return stackExcess(fs)
}

// retreatBreaks reports whether a retreat along p makes a unit whose state
// was status Broken (18.2): 3 or 4 hexes, a unit already Disrupted, or
// hexes the path took against overstacking (17.4).
func (g *Game) retreatBreaks(c *Combat, p combat.RetreatPath, status string) bool {
	return c.Result.Retreat >= 3 || status != "" || p.Extended > 0
}

// retreatBrings words, for a retreat's note in Legal, the state a path
// brings the units that take it (retreatBreaks): Broken, for its extra
// hexes (17.4) or by 18.2; Disrupted (18.2); a US engineer made Broken is
// eliminated (27.1). The units the path itself eliminates are left out.
func (g *Game) retreatBrings(c *Combat) func([]combat.RetreatUnit, combat.RetreatPath) string {
	return func(units []combat.RetreatUnit, p combat.RetreatPath) string {
		brokenBy := "18.2"
		if p.Extended > 0 {
			brokenBy = "17.4"
		}
		groups := []struct {
			words string
			ids   []string
		}{{"Broken (" + brokenBy + ")", nil}, {"Disrupted (18.2)", nil}, {"eliminated, an engineer made Broken (27.1)", nil}}
		for _, u := range units {
			if slices.Contains(p.MechLost, u.ID) {
				continue
			}
			i := g.index[u.ID]
			switch {
			case !g.retreatBreaks(c, p, g.s.Units[i].Status):
				groups[1].ids = append(groups[1].ids, u.ID)
			case g.unit(i).Type == Engineer:
				groups[2].ids = append(groups[2].ids, u.ID)
			default:
				groups[0].ids = append(groups[0].ids, u.ID)
			}
		}
		var out []string
		for _, gr := range groups {
			switch {
			case len(gr.ids) == 0:
			case len(gr.ids) == len(units)-len(p.MechLost):
				return gr.words // every unit alike
			default:
				out = append(out, strings.Join(gr.ids, ", ")+" "+gr.words)
			}
		}
		return strings.Join(out, "; ")
	}
}
