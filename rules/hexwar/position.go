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
