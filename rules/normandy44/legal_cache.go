package normandy44

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Legal in a Movement Phase lists every move of every unit of the side, and
// a player (or the random player) asks for it again after each move, which
// changes the position around one unit. So Legal keeps each unit's moves
// with the hexes its searches reached, and lists again only the units whose
// searches came near something that changed (issue 18).
//
// What a unit's moves depend on: its own state; the state outside the
// units, control and IPs (the turn, phase and weather, markers in use,
// released units...), and the Strategic Move markers in use (9.8.3), which
// count over all the units; and the units, control and IPs near the hexes
// its searches reached. A search reads nothing further than two hexes from a
// hex it reached: a step checks the hex it enters, next to that hex (enemy
// units, stacking), its zone of control (units next to it) and the ZOC Lines
// through or along it (units next to it, and the hexes on either side). So
// a unit keeps its moves while no unit, control or IP has changed within
// moveMargin hexes of a hex its searches reached.
//
// The units of the side listed (the only ones that move in its Movement
// Phase) are read nearer. Friendly units never give a zone of control
// against their own side nor form its enemy's ZOC Lines; a search reads them
// only in the hex a step enters, where they stack and negate an enemy ZOC
// Line through that hex (8.5.3), on either side of a hexside an enemy ZOC
// Line runs along, which they negate standing on both (8.5.3), and in the
// hex a move ends (7.1, 9.8.2). Each of these is a hex a step leaves or
// enters: within one hex of a hex the search reached. So a change of the
// side's own units is read within friendMargin hexes.

// moveMargin is how far from a hex a search reached a change may matter: two
// hexes, and one more to spare.
const moveMargin = 3

// friendMargin is moveMargin for a change of a unit of the side whose moves
// are listed: one hex. With none, the kept moves of the campaign's random
// games differ from those listed afresh by turn 4
// (TestLegal_KeptMovesAsListedAfresh).
const friendMargin = 1

// moveCache is the moves Legal listed last, with what they were listed for.
type moveCache struct {
	global  string      // the hash of the state outside the units, control and IPs, with the markers in use
	units   []unitState // the units as they were
	control []control
	ips     []ipMarker
	moves   []unitMoveList // by unit
}

// unitMoveList is one unit's moves and the hexes the searches that found
// them reached.
type unitMoveList struct {
	ok    bool
	entry bool // entryMoves's, not unitMoves's
	moves moveList
	reach extent
}

// extent is the hexes a unit's move searches reached, by grid number.
type extent struct {
	b     *board
	cells []uint64
}

func (e *extent) reached(a hex.Axial) {
	if i, ok := e.b.cell(a); ok {
		e.reachedCell(i)
	}
}

// reachedCell is reached of the hex numbered i.
func (e *extent) reachedCell(i int) {
	if e.cells == nil {
		e.cells = make([]uint64, (e.b.grid.Len()+63)/64)
	}
	e.cells[i/64] |= 1 << (i % 64)
}

// meets reports whether the extent holds a hex of the set (by grid number).
func (e *extent) meets(set []uint64) bool {
	for k, w := range e.cells {
		if w&set[k] != 0 {
			return true
		}
	}
	return false
}

// moveCacheFor returns the cache of the moves still good for the state, the
// others dropped, and takes the state as the one it is for.
func (g *Game) moveCacheFor() *moveCache {
	global := g.moveGlobalKey()
	c := g.moves
	if c == nil || c.global != global || len(c.units) != len(g.s.Units) {
		c = &moveCache{moves: make([]unitMoveList, len(g.s.Units))}
	} else if changed, friends, everywhere := g.changedHexes(c); everywhere {
		clear(c.moves)
	} else if len(changed) > 0 || len(friends) > 0 {
		near := g.nearHexes(changed, moveMargin)
		g.addNearHexes(near, friends, friendMargin)
		for i := range c.moves {
			l := &c.moves[i]
			if l.ok && (c.units[i] != g.s.Units[i] || l.reach.meets(near)) {
				*l = unitMoveList{}
			}
		}
	}
	c.global = global
	c.units = append(c.units[:0], g.s.Units...)
	c.control = append(c.control[:0], g.s.Control...)
	c.ips = append(c.ips[:0], g.s.IPs...)
	g.moves = c
	return c
}

// nearHexes is the set of the grid's hexes within margin of a changed hex,
// by grid number.
func (g *Game) nearHexes(changed []hex.Axial, margin int) []uint64 {
	set := make([]uint64, (g.b.grid.Len()+63)/64)
	g.addNearHexes(set, changed, margin)
	return set
}

// addNearHexes adds to set the hexes within margin of a changed hex.
func (g *Game) addNearHexes(set []uint64, changed []hex.Axial, margin int) {
	for _, c := range changed {
		for dq := -margin; dq <= margin; dq++ {
			for dr := max(-margin, -dq-margin); dr <= min(margin, -dq+margin); dr++ {
				if i, ok := g.b.cell(hex.Axial{Q: c.Q + dq, R: c.R + dr}); ok {
					set[i/64] |= 1 << (i % 64)
				}
			}
		}
	}
}

// moveGlobalKey is the hash of the state without its units, control and
// IPs, and of the Strategic Move markers in use by each side.
func (g *Game) moveGlobalKey() string {
	s := g.s
	s.Units, s.Control, s.IPs = nil, nil, nil
	sm := map[Side]int{}
	for i := range g.s.Units {
		if g.s.Units[i].SM {
			sm[g.unit(i).Side]++
		}
	}
	return rules.HashState(struct {
		S  state        `json:"s"`
		SM map[Side]int `json:"sm"`
	}{s, sm})
}

// changedHexes lists the hexes where a unit, control or an IP differs from
// the cache's: those of the units of the side listed apart, in friends;
// everywhere is true when a unit off the map changed, or the control or IP
// lists changed other than hex by hex.
func (g *Game) changedHexes(c *moveCache) (changed, friends []hex.Axial, everywhere bool) {
	at := func(list *[]hex.Axial, id string) {
		if a, ok := g.b.Hex(id); ok {
			*list = append(*list, a)
		}
	}
	for i := range g.s.Units {
		was, is := c.units[i], g.s.Units[i]
		if was == is {
			continue
		}
		_, wasOn := g.b.Hex(was.At)
		_, isOn := g.b.Hex(is.At)
		if !wasOn && !isOn {
			return nil, nil, true
		}
		list := &changed
		if g.unit(i).Side == g.s.Side {
			list = &friends
		}
		at(list, was.At)
		at(list, is.At)
	}
	if len(c.control) != len(g.s.Control) {
		return nil, nil, true
	}
	for k, ct := range g.s.Control {
		if ct != c.control[k] {
			at(&changed, ct.Hex)
			at(&changed, c.control[k].Hex)
		}
	}
	if len(c.ips) != len(g.s.IPs) {
		for _, m := range c.ips {
			at(&changed, m.Hex)
		}
		for _, m := range g.s.IPs {
			at(&changed, m.Hex)
		}
		return changed, friends, false
	}
	for k, m := range g.s.IPs {
		if m != c.ips[k] {
			at(&changed, m.Hex)
			at(&changed, c.ips[k].Hex)
		}
	}
	return changed, friends, false
}

// cachedMoves is unit i's moves from the cache, or list's, kept.
func (g *Game) cachedMoves(c *moveCache, i int, entry bool, list func(*extent) moveList) moveList {
	l := &c.moves[i]
	if !l.ok || l.entry != entry {
		*l = unitMoveList{ok: true, entry: entry, reach: extent{b: g.b}}
		l.moves = list(&l.reach)
	}
	return l.moves
}
