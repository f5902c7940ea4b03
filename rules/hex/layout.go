package hex

import (
	"fmt"
	"strings"
)

// Orientation is how the hexes of a map stand.
type Orientation uint8

const (
	// FlatTop hexes have a flat top edge and stand in vertical columns;
	// alternate columns are shifted down half a hex.
	FlatTop Orientation = iota + 1
	// PointyTop hexes have a corner at the top and lie in horizontal rows;
	// alternate rows are shifted right half a hex.
	PointyTop
)

func (o Orientation) String() string {
	switch o {
	case FlatTop:
		return "flat-top"
	case PointyTop:
		return "pointy-top"
	}
	return fmt.Sprintf("Orientation(%d)", uint8(o))
}

// Parity says which printed columns (flat-top) or rows (pointy-top) are the
// shifted ones.
type Parity uint8

const (
	// OddShifted: odd-numbered columns are shifted down (flat-top), or
	// odd-numbered rows shifted right (pointy-top). Red Blob's "odd-q" and
	// "odd-r".
	OddShifted Parity = iota + 1
	// EvenShifted: even-numbered columns down or rows right; "even-q" and
	// "even-r".
	EvenShifted
)

func (p Parity) String() string {
	switch p {
	case OddShifted:
		return "odd"
	case EvenShifted:
		return "even"
	}
	return fmt.Sprintf("Parity(%d)", uint8(p))
}

// Layout is what a map must state for its printed ids to mean hexes. The zero
// Layout is invalid, so a scenario that forgets it fails loudly.
//
// A map whose alternate columns are described as shifted "up" is the other
// parity shifted down: "odd columns up" is EvenShifted.
type Layout struct {
	Orientation Orientation
	Parity      Parity
}

// Common layouts.
var (
	FlatOddColumnsDown  = Layout{FlatTop, OddShifted}
	FlatEvenColumnsDown = Layout{FlatTop, EvenShifted}
	PointyOddRowsRight  = Layout{PointyTop, OddShifted}
	PointyEvenRowsRight = Layout{PointyTop, EvenShifted}
)

var layoutNames = map[Layout]string{
	FlatOddColumnsDown:  "flat-top odd-columns-down",
	FlatEvenColumnsDown: "flat-top even-columns-down",
	PointyOddRowsRight:  "pointy-top odd-rows-right",
	PointyEvenRowsRight: "pointy-top even-rows-right",
}

// String is the scenario-file form, e.g. "flat-top odd-columns-down".
func (l Layout) String() string {
	if s, ok := layoutNames[l]; ok {
		return s
	}
	return fmt.Sprintf("Layout(%v, %v)", l.Orientation, l.Parity)
}

// Valid reports an error unless l is one of the four layouts.
func (l Layout) Valid() error {
	if _, ok := layoutNames[l]; !ok {
		return fmt.Errorf("%v: %w", l, ErrBadLayout)
	}
	return nil
}

// ParseLayout reads the scenario-file form that String prints. The two words
// may be separated by any run of spaces; nothing else is accepted.
func ParseLayout(s string) (Layout, error) {
	norm := strings.Join(strings.Fields(s), " ")
	for l, name := range layoutNames {
		if name == norm {
			return l, nil
		}
	}
	return Layout{}, fmt.Errorf("layout %q: want one of %q, %q, %q, %q: %w", s,
		layoutNames[FlatOddColumnsDown], layoutNames[FlatEvenColumnsDown],
		layoutNames[PointyOddRowsRight], layoutNames[PointyEvenRowsRight], ErrBadLayout)
}

// Offset converts a to printed column and row, by Red Blob's axial-to-offset
// formulas ("Coordinate conversion"). x&1 is 0 or 1 also for negative x in
// two's complement, and the divisions are of even numbers, so they are exact.
// An invalid layout gives (0, 0, false).
func (l Layout) Offset(a Axial) (col, row int, ok bool) {
	switch l {
	case FlatOddColumnsDown: // odd-q
		return a.Q, a.R + (a.Q-(a.Q&1))/2, true
	case FlatEvenColumnsDown: // even-q
		return a.Q, a.R + (a.Q+(a.Q&1))/2, true
	case PointyOddRowsRight: // odd-r
		return a.Q + (a.R-(a.R&1))/2, a.R, true
	case PointyEvenRowsRight: // even-r
		return a.Q + (a.R+(a.R&1))/2, a.R, true
	}
	return 0, 0, false
}

// FromOffset converts a printed column and row to axial, the inverse of
// Offset.
func (l Layout) FromOffset(col, row int) (Axial, bool) {
	switch l {
	case FlatOddColumnsDown:
		return Axial{col, row - (col-(col&1))/2}, true
	case FlatEvenColumnsDown:
		return Axial{col, row - (col+(col&1))/2}, true
	case PointyOddRowsRight:
		return Axial{col - (row-(row&1))/2, row}, true
	case PointyEvenRowsRight:
		return Axial{col - (row+(row&1))/2, row}, true
	}
	return Axial{}, false
}

// Parse reads a printed id "CCRR": exactly four ASCII digits, column then
// row. Every such id is a hex; whether the map has it is the map's business.
func (l Layout) Parse(id string) (Axial, error) {
	if err := l.Valid(); err != nil {
		return Axial{}, fmt.Errorf("hex id %q: %w", id, err)
	}
	if len(id) != 4 {
		return Axial{}, fmt.Errorf("hex id %q: %w", id, ErrBadID)
	}
	var n [4]int
	for i := range 4 {
		c := id[i]
		if c < '0' || c > '9' {
			return Axial{}, fmt.Errorf("hex id %q: %w", id, ErrBadID)
		}
		n[i] = int(c - '0')
	}
	a, _ := l.FromOffset(n[0]*10+n[1], n[2]*10+n[3])
	return a, nil
}

// ID is the printed id of a, "" if its column or row is outside 00..99 or
// the layout is invalid. l.Parse(l.ID(a)) == a whenever ID is not "".
func (l Layout) ID(a Axial) string {
	col, row, ok := l.Offset(a)
	if !ok || col < 0 || col > 99 || row < 0 || row > 99 {
		return ""
	}
	// Written out rather than with fmt: searches print ids of hexes often.
	return string([]byte{byte('0' + col/10), byte('0' + col%10), byte('0' + row/10), byte('0' + row%10)})
}

// SideID is the scenario-file form of a hexside, "CCRR/CCRR", the two hexes
// in the order Side.Hexes gives them; "" if either has no id.
func (l Layout) SideID(s Side) string {
	a, b := s.Hexes()
	ia, ib := l.ID(a), l.ID(b)
	if ia == "" || ib == "" {
		return ""
	}
	return ia + "/" + ib
}

// ParseSide reads a hexside "CCRR/CCRR" naming two adjacent hexes, in either
// order.
func (l Layout) ParseSide(text string) (Side, error) {
	x, y, found := strings.Cut(text, "/")
	if !found {
		return Side{}, fmt.Errorf("hexside %q: %w", text, ErrBadSide)
	}
	a, err := l.Parse(x)
	if err != nil {
		return Side{}, fmt.Errorf("hexside %q: %w", text, err)
	}
	b, err := l.Parse(y)
	if err != nil {
		return Side{}, fmt.Errorf("hexside %q: %w", text, err)
	}
	s, ok := SideBetween(a, b)
	if !ok {
		return Side{}, fmt.Errorf("hexside %q: hexes not adjacent: %w", text, ErrBadSide)
	}
	return s, nil
}
