package hexwar

import "github.com/pbem-referee/pbem/rules/hex"

// Position is a game's units as the core reads them. The game keeps its own
// state (the hashed schema) and answers through this small interface, so the
// core never sees its state struct.
type Position interface {
	// Units is how many units the scenario has; a unit is its index.
	Units() int
	// Hex is where unit i stands on the map; ok is false when it is not on
	// it (waiting to enter, in a box, eliminated).
	Hex(i int) (a hex.Axial, ok bool)
	// Side is unit i's side.
	Side(i int) Side
}

// readPosition reads where each unit of pos stands, and its side, once: a
// game's Position may work each out afresh (from a printed id), and a move's
// Context reads them five times over.
func readPosition(pos Position) readPos {
	n := pos.Units()
	r := readPos{hexes: make([]hex.Axial, n), on: make([]bool, n), sides: make([]Side, n)}
	for i := range n {
		r.hexes[i], r.on[i] = pos.Hex(i)
		r.sides[i] = pos.Side(i)
	}
	return r
}

type readPos struct {
	hexes []hex.Axial
	on    []bool
	sides []Side
}

func (p readPos) Units() int                  { return len(p.hexes) }
func (p readPos) Hex(i int) (hex.Axial, bool) { return p.hexes[i], p.on[i] }
func (p readPos) Side(i int) Side             { return p.sides[i] }

// Held is the side whose units stand in each hex of the board, by number,
// "" for none; units of both sides never share a hex (N44 9.1, A44 11.1, S43
// 5.1), and with a game's state that says otherwise the first unit in index
// order decides.
func Held(b *Board, pos Position) []Side {
	held := make([]Side, b.grid.Len())
	for i := range pos.Units() {
		if a, ok := pos.Hex(i); ok {
			if c, on := b.Cell(a); on && held[c] == "" {
				held[c] = pos.Side(i)
			}
		}
	}
	return held
}

// Occupants lists the units standing on each hex of the map, in index order.
func Occupants(pos Position) map[hex.Axial][]int {
	occ := map[hex.Axial][]int{}
	for i := range pos.Units() {
		if a, ok := pos.Hex(i); ok {
			occ[a] = append(occ[a], i)
		}
	}
	return occ
}

// OccupantsOf is OccupantsOn of where pos's units stand, each read once.
func OccupantsOf(b *Board, pos Position) map[hex.Axial][]int {
	n := pos.Units()
	hexes, on := make([]hex.Axial, n), make([]bool, n)
	for i := range n {
		hexes[i], on[i] = pos.Hex(i)
	}
	return OccupantsOn(b, hexes, on)
}

// OccupantsOn is Occupants of the units standing on hexes[i] where on[i],
// on board b, made with two allocations instead of one per hex: the lists share one array (each capped at its length, so that
// appending to one copies it). The rules ask for it many times an entry
// (issue 18).
func OccupantsOn(b *Board, hexes []hex.Axial, on []bool) map[hex.Axial][]int {
	count := make([]int32, b.grid.Len())
	placed, held := 0, 0
	for i, a := range hexes {
		if !on[i] {
			continue
		}
		c, ok := b.grid.Index(a)
		if !ok { // no game places one so; read it as Occupants would
			return Occupants(readPos{hexes: hexes, on: on, sides: make([]Side, len(hexes))})
		}
		if count[c] == 0 {
			held++
		}
		count[c]++
		placed++
	}
	all := make([]int, placed)
	occ := make(map[hex.Axial][]int, held)
	next := int32(0)
	for i, a := range hexes {
		if !on[i] {
			continue
		}
		c, _ := b.grid.Index(a)
		if k := count[c]; k > 0 {
			// The hex's first unit: its list takes the next k places.
			occ[a] = all[next : next+1 : next+k]
			all[next] = i
			next += k
			count[c] = -1
			continue
		}
		l := occ[a]
		occ[a] = append(l, i)
	}
	return occ
}

// NextTo is the set of hexes adjacent to a unit of side (N44 9.8.2, A44
// 12.2, S43 5.3).
func NextTo(b *Board, pos Position, side Side) HexSet {
	set := b.NewHexSet()
	for i := range pos.Units() {
		if a, ok := pos.Hex(i); ok && pos.Side(i) == side {
			for _, n := range a.Neighbors() {
				set.Add(n)
			}
		}
	}
	return set
}
