package hex

import (
	"cmp"
	"fmt"
)

// Axial is a hex in axial coordinates. The cube coordinate s = -Q-R is
// implied. The zero value is the hex printed 0000.
type Axial struct{ Q, R int }

// S is the implied third cube coordinate.
func (a Axial) S() int { return -a.Q - a.R }

// Add returns the vector sum a+b.
func (a Axial) Add(b Axial) Axial { return Axial{a.Q + b.Q, a.R + b.R} }

// Sub returns the vector difference a-b.
func (a Axial) Sub(b Axial) Axial { return Axial{a.Q - b.Q, a.R - b.R} }

// Compare orders hexes by Q, then R. It is the one fixed order used wherever
// this package must choose among hexes. On flat-top maps it is also printed
// column-then-row order, because Q is the column and R grows down a column.
func (a Axial) Compare(b Axial) int {
	if c := cmp.Compare(a.Q, b.Q); c != 0 {
		return c
	}
	return cmp.Compare(a.R, b.R)
}

// String is for diagnostics; players see printed ids (Layout.ID).
func (a Axial) String() string { return fmt.Sprintf("(%d,%d)", a.Q, a.R) }

// Distance is the number of steps between a and b: half the cube Manhattan
// distance (Red Blob, "Distances").
func Distance(a, b Axial) int {
	d := a.Sub(b)
	return (abs(d.Q) + abs(d.R) + abs(d.S())) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
