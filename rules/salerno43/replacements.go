package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Replacements (20.0): the turn track gives each side its replacements by
// type for the turn (20.1.1), spent in its Preparation Phase and lost if
// unspent. One restores a step to a reduced unit, in supply and in Good
// Order if on the map, at most one a unit a turn (20.2), or brings an
// eliminated unit back at its lowest step (20.3): to a friendly entry area
// (the Germans and the 8th Army), the Floating Reserve (the 5th Army), or
// a hex in supply with a friendly corps ASU or an ASU of its division,
// never next to an enemy combat unit (20.3.1). A Special replacement may
// serve as an Infantry one (20.1.2). Units eliminated by isolation
// (16.5.6) and BH units (18.1.3) never return. A unit that receives one
// carries a Replacement marker until the reorganization phase (20.4).

// replTypes are the replacement types, in the state's order.
var replTypes = []Replacement{ReplArmor, ReplInfantry, ReplSpecial}

// turnRepl is side's replacements of the turn by type (20.1.1).
func (g *Game) turnRepl(side Side) [3]int {
	var out [3]int
	for _, b := range g.sc.Track {
		if b.Turn == g.s.Turn {
			for k, r := range replTypes {
				out[k] = b.Repl[side][r]
			}
		}
	}
	return out
}

// replSource is the replacement that serves unit i: its own type, or
// Special for Infantry (20.1.2); -1 for none left.
func (g *Game) replSource(i int) int {
	want := g.sc.Units[i].Info().Repl
	for k, r := range replTypes {
		if g.s.Repl[k] > 0 && (r == want || (want == ReplInfantry && r == ReplSpecial)) {
			return k
		}
	}
	return -1
}

// replace gives a replacement to a reduced unit on the map, in the
// Floating Reserve or in an entry area (20.2) or brings an eliminated one
// back (20.3).
func (g *Game) replace(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || g.sc.Units[i].Side != g.s.Side {
		return nil, rules.Refuse("20.1.1", "%s is no unit of yours", c.Args[0])
	}
	u, us := g.sc.Units[i], g.s.Units[i]
	k := g.replSource(i)
	switch {
	case u.Info().Repl == ReplNone:
		return nil, rules.Refuse("18.1.3", "%s is never rebuilt", u.ID)
	case slices.Contains(g.s.Replaced, u.ID):
		return nil, rules.Refuse("20.2", "%s has had its replacement this turn", u.ID)
	case k < 0:
		return nil, rules.Refuse("20.1.2", "no %s replacement is left this turn", u.Info().Repl)
	}
	var text string
	if us.Box == BoxEliminated {
		if len(c.Args) < 2 {
			return nil, rules.Refuse("20.3.1", "say where %s returns: 'replace %s WHERE'", u.ID, u.ID)
		}
		if err := g.returnAllowed(i, c.Args[1]); err != nil {
			return nil, err
		}
		st := unitState{ID: u.ID, Lost: u.Steps() - 1, Used: u.ASU(), Repl: true} // 20.3.3, 20.3.4
		if a, ok := g.b.Hex(c.Args[1]); ok {
			st.Hex = g.b.ID(a)
		} else {
			st.Box = c.Args[1]
			if slices.Contains(entryAreas, c.Args[1]) {
				st.Box = boxEntry + c.Args[1]
			}
		}
		g.s.Units[i] = st
		text = fmt.Sprintf("%s returns in %s at its lowest step (20.3)", u.ID, c.Args[1])
	} else {
		if len(c.Args) > 1 {
			return nil, rules.Refuse("20.2", "%s is in play: 'replace %s' restores a step", u.ID, u.ID)
		}
		switch {
		case us.Lost == 0:
			return nil, rules.Refuse("20.1.1", "%s has lost no step", u.ID)
		case us.Hex == "":
			if !g.replOffMapBox(i) {
				return nil, rules.Refuse("20.2", "%s is not on the map", u.ID)
			}
		case us.Status != GoodOrder:
			return nil, rules.Refuse("20.2", "%s is not in Good Order", u.ID)
		case !g.supplyStatuses(g.s.Side).inSupply(g, i):
			return nil, rules.Refuse("20.2", "%s cannot trace supply now", u.ID)
		}
		g.s.Units[i].Lost--
		g.s.Units[i].Repl = true
		text = fmt.Sprintf("%s gains a step (20.2)", u.ID)
	}
	g.s.Repl[k]--
	g.s.Replaced = append(g.s.Replaced, u.ID)
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s, a %s replacement; %v left (20.1)", text, replTypes[k], g.s.Repl)}}, nil
}

// replOffMapBox: unit i, off the map, stands in the Floating Reserve or
// an entry area, where a reduced unit receives a step with no check of
// supply or status: 20.2 (L1180) binds "jednostka na mapie" only, and 20.1.1
// restores a step to any reduced unit (salerno43/3 and older: none off the
// map).
func (g *Game) replOffMapBox(i int) bool {
	box := g.s.Units[i].Box
	return g.ver.replOffMap && (box == BoxFloating || strings.HasPrefix(box, boxEntry))
}

// returnAllowed says whether eliminated unit i may return at where (20.3.1).
func (g *Game) returnAllowed(i int, where string) error {
	u, us := g.sc.Units[i], g.s.Units[i]
	side := u.Side
	if us.NoReturn {
		return rules.Refuse("16.5.6", "%s was eliminated by isolation and never returns", u.ID)
	}
	fifth := side == Allied && !u.Eighth
	switch {
	case where == BoxFloating:
		if !fifth {
			return rules.Refuse("20.3.1", "only the 5th Army returns to the Floating Reserve")
		}
		return nil
	case slices.Contains(entryAreas, where):
		if fifth {
			return rules.Refuse("20.3.1", "the 5th Army returns to the Floating Reserve, not an entry area")
		}
		if !g.friendlyArea(side, where) {
			return rules.Refuse("20.3.1", "%s is not friendly to the %s side", where, side)
		}
		return nil
	}
	a, ok := g.b.Hex(where)
	if !ok {
		return rules.Refuse("20.3.1", "%s is neither a hex, an entry area nor the Floating Reserve", where)
	}
	if g.nextToEnemy(a, side) {
		return rules.Refuse("20.3.1", "never next to an enemy combat unit: %s is", where)
	}
	st := g.supplyStatuses(side)
	for _, j := range g.pos().at(a) {
		o := g.sc.Units[j]
		if o.Side == side && o.ASU() && (o.Level == "corps" || o.Formation == u.Formation) && st.inSupply(g, j) {
			return nil
		}
	}
	return rules.Refuse("20.3.1", "%s holds no friendly corps ASU nor one of %s's division in supply", where, u.ID)
}

// replaceChoices lists the replacements the phasing side may give.
func (g *Game) replaceChoices() []rules.Choice {
	if g.s.Repl == [3]int{} {
		return nil
	}
	var out []rules.Choice
	var st *supplyMap
	for i, u := range g.sc.Units {
		us := g.s.Units[i]
		if u.Side != g.s.Side || u.Info().Repl == ReplNone || slices.Contains(g.s.Replaced, u.ID) || g.replSource(i) < 0 {
			continue
		}
		if us.Box == BoxEliminated {
			for _, w := range g.returnPlaces(i) {
				out = append(out, rules.Choice{Command: "replace " + u.ID + " " + w, Piece: u.ID, Note: "20.3"})
			}
			continue
		}
		if us.Lost == 0 {
			continue
		}
		if us.Hex == "" {
			if g.replOffMapBox(i) {
				out = append(out, rules.Choice{Command: "replace " + u.ID, Piece: u.ID, Note: "20.2"})
			}
			continue
		}
		if us.Status != GoodOrder {
			continue
		}
		if st == nil {
			s := g.supplyStatuses(g.s.Side)
			st = &s
		}
		if st.inSupply(g, i) {
			out = append(out, rules.Choice{Command: "replace " + u.ID, Piece: u.ID, Note: "20.2"})
		}
	}
	return out
}

// returnPlaces are where eliminated unit i may return.
func (g *Game) returnPlaces(i int) []string {
	var out []string
	cands := append([]string{BoxFloating}, entryAreas...)
	for j, o := range g.sc.Units {
		if a, ok := g.axial(j); ok && o.Side == g.sc.Units[i].Side && o.ASU() && !slices.Contains(cands, g.b.ID(a)) {
			cands = append(cands, g.b.ID(a))
		}
	}
	for _, w := range cands {
		if g.returnAllowed(i, w) == nil {
			out = append(out, w)
		}
	}
	return out
}

// replMoveLimit: a unit with a Replacement marker moves at most 1 hex and
// never by sea (20.4).
func (g *Game) replMoveLimit(i int, hexes int) error {
	if g.s.Units[i].Repl && hexes > 1 {
		return rules.Refuse("20.4", "%s has a Replacement marker: it moves at most 1 hex", g.sc.Units[i].ID)
	}
	return nil
}

// replHex: a unit with a Replacement marker stands in a; no attack of any
// kind is made from its hex (20.4).
func (g *Game) replHex(a hex.Axial) bool {
	return slices.ContainsFunc(g.pos().at(a), func(j int) bool { return g.s.Units[j].Repl })
}
