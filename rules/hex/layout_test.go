package hex

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Each case below was worked out on paper from a sketch of the map, not from
// the conversion formulas.
//
// Flat-top, odd columns shifted down: in a shifted (odd) column the hex at row
// R sits half a hex lower than row R of the columns beside it, so its side
// neighbours are rows R and R+1 there; in an unshifted (even) column the hex
// at row R sits half a hex higher than row R beside it, so its side
// neighbours are rows R-1 and R. Within a column N is R-1 and S is R+1.
//
// Flat-top, even columns shifted down: the same with the roles of odd and
// even columns swapped.
//
// Pointy-top, odd rows shifted right: a hex at column C of a shifted (odd)
// row lies between columns C and C+1 of the rows above and below; in an
// unshifted (even) row it lies between columns C-1 and C. Within a row W is
// C-1 and E is C+1.
//
// Pointy-top, even rows shifted right: the same with odd and even rows
// swapped.
var adjacencyCases = []struct {
	layout    Layout
	hex       string
	neighbors map[string]string // compass name -> printed id
}{
	// Column 25 is odd, so shifted: rows 12 and 13 beside it.
	{FlatOddColumnsDown, "2512", map[string]string{
		"N": "2511", "S": "2513", "NW": "2412", "SW": "2413", "NE": "2612", "SE": "2613"}},
	// Column 26 is even, unshifted: rows 11 and 12 beside it.
	{FlatOddColumnsDown, "2612", map[string]string{
		"N": "2611", "S": "2613", "NW": "2511", "SW": "2512", "NE": "2711", "SE": "2712"}},
	// Column 1 is odd, shifted: rows 0 and 1 beside it; column 0 exists.
	{FlatOddColumnsDown, "0100", map[string]string{
		"S": "0101", "NW": "0000", "SW": "0001", "NE": "0200", "SE": "0201"}},
	// Column 26 is even, so now shifted: rows 12 and 13 beside it.
	{FlatEvenColumnsDown, "2612", map[string]string{
		"N": "2611", "S": "2613", "NW": "2512", "SW": "2513", "NE": "2712", "SE": "2713"}},
	// Column 25 is odd, unshifted: rows 11 and 12 beside it.
	{FlatEvenColumnsDown, "2512", map[string]string{
		"N": "2511", "S": "2513", "NW": "2411", "SW": "2412", "NE": "2611", "SE": "2612"}},
	// Row 5 is odd, shifted right: columns 12 and 13 above and below.
	{PointyOddRowsRight, "1205", map[string]string{
		"W": "1105", "E": "1305", "NW": "1204", "NE": "1304", "SW": "1206", "SE": "1306"}},
	// Row 4 is even, unshifted: columns 11 and 12 above and below.
	{PointyOddRowsRight, "1204", map[string]string{
		"W": "1104", "E": "1304", "NW": "1103", "NE": "1203", "SW": "1105", "SE": "1205"}},
	// Row 4 is even, so now shifted: columns 12 and 13.
	{PointyEvenRowsRight, "1204", map[string]string{
		"W": "1104", "E": "1304", "NW": "1203", "NE": "1303", "SW": "1205", "SE": "1305"}},
	// Row 5 is odd, unshifted: columns 11 and 12.
	{PointyEvenRowsRight, "1205", map[string]string{
		"W": "1105", "E": "1305", "NW": "1104", "NE": "1204", "SW": "1106", "SE": "1206"}},
}

func TestNeighborsByPrintedID(t *testing.T) {
	for _, c := range adjacencyCases {
		t.Run(c.layout.String()+"/"+c.hex, func(t *testing.T) {
			a, err := c.layout.Parse(c.hex)
			if err != nil {
				t.Fatal(err)
			}
			names := 0
			for d := range DirectionCount {
				name := c.layout.Orientation.DirectionName(d)
				back, err := c.layout.Orientation.ParseDirection(name)
				if err != nil || back != d {
					t.Fatalf("ParseDirection(%q) = %v, %v; want %v", name, back, err, d)
				}
				want, listed := c.neighbors[name]
				got := c.layout.ID(a.Neighbor(d))
				if !listed {
					// Off the printable map (row or column -1).
					if got != "" {
						t.Errorf("%s neighbour: got %q, want no id", name, got)
					}
					continue
				}
				names++
				if got != want {
					t.Errorf("%s neighbour: got %s, want %s", name, got, want)
				}
			}
			if names != len(c.neighbors) {
				t.Errorf("case lists %d neighbours, only %d compass names matched", len(c.neighbors), names)
			}
		})
	}
}

// Distances counted by hand on the flat-top odd-columns-down sketch.
func TestDistanceByPrintedID(t *testing.T) {
	l := FlatOddColumnsDown
	cases := []struct {
		a, b string
		want int
	}{
		{"2512", "2512", 0},
		{"2512", "2515", 3}, // straight down the column
		// NE to 2612, SE to 2712, NE to 2812: three column steps, same row.
		{"2512", "2812", 3},
		// SE 2613, SE 2713, SE 2814, then S 2815.
		{"2512", "2815", 4},
		// Three column steps can climb at most one row from a shifted
		// column (2612, 2711, 2811), so rows 10 and 9 cost two more.
		{"2512", "2809", 5},
		{"0101", "0301", 2}, // 0101 NE 0201 SE 0301
	}
	for _, c := range cases {
		a, _ := l.Parse(c.a)
		b, _ := l.Parse(c.b)
		if got := Distance(a, b); got != c.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// Red Blob's conversion with odd-q puts printed (col, row) = (25, 12) at
// axial (25, 12 - (25-1)/2) = (25, 0); this pins the axial origin convention
// (printed 0000 is axial (0,0)) that other packages may store.
func TestParseAxialValues(t *testing.T) {
	cases := []struct {
		l    Layout
		id   string
		want Axial
	}{
		{FlatOddColumnsDown, "0000", Axial{0, 0}},
		{FlatOddColumnsDown, "2512", Axial{25, 0}},
		{FlatEvenColumnsDown, "2512", Axial{25, -1}}, // 12 - (25+1)/2
		{FlatEvenColumnsDown, "2612", Axial{26, -1}}, // 12 - (26+0)/2
		{PointyOddRowsRight, "1205", Axial{10, 5}},   // 12 - (5-1)/2
		{PointyEvenRowsRight, "1205", Axial{9, 5}},   // 12 - (5+1)/2
		{PointyEvenRowsRight, "1204", Axial{10, 4}},  // 12 - (4+0)/2
	}
	for _, c := range cases {
		got, err := c.l.Parse(c.id)
		if err != nil || got != c.want {
			t.Errorf("%v Parse(%s) = %v, %v; want %v", c.l, c.id, got, err, c.want)
		}
	}
}

var allLayouts = []Layout{FlatOddColumnsDown, FlatEvenColumnsDown, PointyOddRowsRight, PointyEvenRowsRight}

func TestIDRoundTripEveryID(t *testing.T) {
	for _, l := range allLayouts {
		seen := map[Axial]string{}
		for n := range 10000 {
			id := fmt.Sprintf("%04d", n)
			a, err := l.Parse(id)
			if err != nil {
				t.Fatalf("%v Parse(%s): %v", l, id, err)
			}
			if other, dup := seen[a]; dup {
				t.Fatalf("%v: %s and %s both parse to %v", l, other, id, a)
			}
			seen[a] = id
			if got := l.ID(a); got != id {
				t.Fatalf("%v: ID(Parse(%s)) = %q", l, id, got)
			}
		}
	}
}

func TestParseIDRoundTripAxials(t *testing.T) {
	for _, l := range allLayouts {
		printable := 0
		for _, a := range Range(Axial{50, 0}, 120) {
			id := l.ID(a)
			if id == "" {
				continue
			}
			printable++
			got, err := l.Parse(id)
			if err != nil || got != a {
				t.Fatalf("%v: Parse(ID(%v)=%s) = %v, %v", l, a, id, got, err)
			}
		}
		// The range covers the whole 100x100 printed square, so every id
		// must have come up exactly once.
		if printable != 10000 {
			t.Errorf("%v: %d printable hexes in range, want 10000", l, printable)
		}
	}
}

func TestIDOutOfRange(t *testing.T) {
	l := FlatOddColumnsDown
	for _, a := range []Axial{{-1, 0}, {100, 0}, {0, -1}, {0, 100}} {
		if id := l.ID(a); id != "" {
			t.Errorf("ID(%v) = %q, want \"\"", a, id)
		}
	}
	if id := (Layout{}).ID(Axial{}); id != "" {
		t.Errorf("zero Layout ID = %q, want \"\"", id)
	}
}

func TestParseBadIDs(t *testing.T) {
	bad := []string{"", "251", "25120", "25a2", "+512", "-512", " 251", "2512 ", "２５１２", "25.2", "0x12"}
	for _, id := range bad {
		_, err := FlatOddColumnsDown.Parse(id)
		if !errors.Is(err, ErrBadID) {
			t.Errorf("Parse(%q) error = %v, want ErrBadID", id, err)
			continue
		}
		if !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Errorf("Parse(%q) error %q does not name the id", id, err)
		}
	}
	if _, err := (Layout{}).Parse("2512"); !errors.Is(err, ErrBadLayout) {
		t.Errorf("zero Layout Parse error = %v, want ErrBadLayout", err)
	}
}

func TestParseLayout(t *testing.T) {
	good := map[string]Layout{
		"flat-top odd-columns-down":      FlatOddColumnsDown,
		"flat-top even-columns-down":     FlatEvenColumnsDown,
		"pointy-top odd-rows-right":      PointyOddRowsRight,
		"pointy-top even-rows-right":     PointyEvenRowsRight,
		"  flat-top   odd-columns-down ": FlatOddColumnsDown,
	}
	for s, want := range good {
		got, err := ParseLayout(s)
		if err != nil || got != want {
			t.Errorf("ParseLayout(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, l := range allLayouts {
		if got, err := ParseLayout(l.String()); err != nil || got != l {
			t.Errorf("ParseLayout(%q) = %v, %v", l.String(), got, err)
		}
		if err := l.Valid(); err != nil {
			t.Errorf("%v.Valid() = %v", l, err)
		}
	}
	bad := []string{"", "flat-top", "flat-top odd-rows-right", "pointy-top odd-columns-down",
		"Flat-Top odd-columns-down", "flat-top odd-columns-up", "flat-top odd-columns-down x"}
	for _, s := range bad {
		if _, err := ParseLayout(s); !errors.Is(err, ErrBadLayout) {
			t.Errorf("ParseLayout(%q) error = %v, want ErrBadLayout", s, err)
		}
	}
	if err := (Layout{}).Valid(); !errors.Is(err, ErrBadLayout) {
		t.Errorf("zero Layout Valid() = %v, want ErrBadLayout", err)
	}
	if err := (Layout{PointyTop, 7}).Valid(); !errors.Is(err, ErrBadLayout) {
		t.Errorf("bad parity Valid() = %v, want ErrBadLayout", err)
	}
}

func TestParseDirectionErrors(t *testing.T) {
	if d, err := FlatTop.ParseDirection("se"); err != nil || d != 0 {
		t.Errorf(`FlatTop.ParseDirection("se") = %v, %v; want 0`, d, err)
	}
	// E is no direction on flat-top maps (there is no side facing east).
	if _, err := FlatTop.ParseDirection("E"); !errors.Is(err, ErrBadDirection) {
		t.Errorf(`FlatTop.ParseDirection("E") error = %v, want ErrBadDirection`, err)
	}
	if _, err := PointyTop.ParseDirection("N"); !errors.Is(err, ErrBadDirection) {
		t.Errorf(`PointyTop.ParseDirection("N") error = %v, want ErrBadDirection`, err)
	}
	if _, err := Orientation(0).ParseDirection("N"); !errors.Is(err, ErrBadLayout) {
		t.Errorf("zero Orientation ParseDirection error = %v, want ErrBadLayout", err)
	}
	if name := FlatTop.DirectionName(6); name != "" {
		t.Errorf("DirectionName(6) = %q, want \"\"", name)
	}
}

func TestSideIDs(t *testing.T) {
	l := FlatOddColumnsDown
	// 2512 and 2613 are adjacent (2613 is SE of the shifted 2512); either
	// order names the same side, printed lower id first.
	s1, err := l.ParseSide("2512/2613")
	if err != nil {
		t.Fatal(err)
	}
	s2, err := l.ParseSide("2613/2512")
	if err != nil {
		t.Fatal(err)
	}
	if s1 != s2 {
		t.Errorf("sides differ: %v, %v", s1, s2)
	}
	if got := l.SideID(s1); got != "2512/2613" {
		t.Errorf("SideID = %q, want 2512/2613", got)
	}
	// 2612 is NE of 2512 (rows 12 and 13 of column 26 touch the shifted
	// 2512); 2611 is not, as the unshifted 2611 touches 2510 and 2511 only.
	if _, err := l.ParseSide("2612/2512"); err != nil {
		t.Errorf("2612/2512: %v", err)
	}
	for _, bad := range []string{"2512/2611", "2512/2614", "2512/2512", "2512", "2512-2513", "2512/251x", "/2513", "2512/2513/2514"} {
		if _, err := l.ParseSide(bad); !errors.Is(err, ErrBadSide) && !errors.Is(err, ErrBadID) {
			t.Errorf("ParseSide(%q) error = %v, want ErrBadSide or ErrBadID", bad, err)
		}
	}
	// A side along the edge of the printed square has no id.
	if got := l.SideID(Axial{0, 0}.Side(3)); got != "" {
		t.Errorf("SideID off the map = %q, want \"\"", got)
	}
}
