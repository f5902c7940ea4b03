package hex

import (
	"fmt"
	"strings"
)

// Direction is one of the six neighbour directions, numbered 0..5 in Red
// Blob's order of axial vectors:
//
//	0 (+1, 0)   SE on flat-top maps, E  on pointy-top maps
//	1 (+1,-1)   NE                   NE
//	2 ( 0,-1)   N                    NW
//	3 (-1, 0)   NW                   W
//	4 (-1,+1)   SW                   SW
//	5 ( 0,+1)   S                    SE
//
// Successive directions turn counter-clockwise on the printed map. Compass
// names depend on the orientation, so they live on Orientation.
type Direction uint8

// DirectionCount is the number of directions; `for d := range DirectionCount`
// visits them in order.
const DirectionCount Direction = 6

var directionVectors = [DirectionCount]Axial{
	{+1, 0}, {+1, -1}, {0, -1}, {-1, 0}, {-1, +1}, {0, +1},
}

// Valid reports whether d is one of the six directions.
func (d Direction) Valid() bool { return d < DirectionCount }

// Opposite is the direction pointing back.
func (d Direction) Opposite() Direction { return (d + 3) % DirectionCount }

// Vector is the axial offset of one step in direction d.
func (d Direction) Vector() Axial { return directionVectors[d%DirectionCount] }

// Neighbor is the adjacent hex in direction d.
func (a Axial) Neighbor(d Direction) Axial { return a.Add(d.Vector()) }

// Neighbors lists the six adjacent hexes, indexed by Direction.
func (a Axial) Neighbors() [6]Axial {
	var n [6]Axial
	for d := range DirectionCount {
		n[d] = a.Neighbor(d)
	}
	return n
}

// DirectionTo returns the direction from a to b when they are adjacent.
func DirectionTo(a, b Axial) (Direction, bool) {
	// Read off a table of the offsets -1..+1 rather than searched for:
	// every hexside and step of every search asks (issue 18).
	q, r := b.Q-a.Q+1, b.R-a.R+1
	if uint(q) > 2 || uint(r) > 2 {
		return 0, false
	}
	d := directionOf[q*3+r]
	return Direction(d), d >= 0
}

// directionOf is the direction of each offset (dq, dr), both -1..+1, at
// (dq+1)*3 + dr+1; -1 for the three that are none.
var directionOf = func() (t [9]int8) {
	for i := range t {
		t[i] = -1
	}
	for d, v := range directionVectors {
		t[(v.Q+1)*3+v.R+1] = int8(d)
	}
	return t
}()

var compassNames = map[Orientation][DirectionCount]string{
	FlatTop:   {"SE", "NE", "N", "NW", "SW", "S"},
	PointyTop: {"E", "NE", "NW", "W", "SW", "SE"},
}

// DirectionName is the compass name of d on maps of orientation o, e.g. "N"
// or "SE"; "" if o or d is invalid.
func (o Orientation) DirectionName(d Direction) string {
	names, ok := compassNames[o]
	if !ok || !d.Valid() {
		return ""
	}
	return names[d]
}

// ParseDirection reads a compass name (as DirectionName prints it, any case).
func (o Orientation) ParseDirection(name string) (Direction, error) {
	names, ok := compassNames[o]
	if !ok {
		return 0, fmt.Errorf("direction %q: %w", name, ErrBadLayout)
	}
	for d, n := range names {
		if strings.EqualFold(n, name) {
			return Direction(d), nil
		}
	}
	return 0, fmt.Errorf("direction %q on %s map: want one of %s: %w",
		name, o, strings.Join(names[:], " "), ErrBadDirection)
}
