// Package hex is the hex-grid arithmetic shared by the hex-and-counter games:
// coordinates, neighbours, distances, rings, lines, hexsides, the printed
// four-digit hex ids, a dense numbering of a map's hexes (Grid), and the
// searches every game shares: Dijkstra's least-cost search and a
// breadth-first search over any node type, with Search as the hex case.
//
// # Coordinates
//
// Inside the engine a hex is an Axial coordinate (q, r), after Red Blob Games'
// "Hexagonal Grids" guide (https://www.redblobgames.com/grids/hexagons/). The
// third cube coordinate s = -q-r is implied, so every cube formula (distance,
// lines, rings) applies unchanged. Axial coordinates make neighbours a fixed
// vector per direction, whatever the hex's column or row, which is why rules
// code should never compute with printed ids.
//
// # Printed ids
//
// Board-game maps print a four-digit id "CCRR" in each hex: column then row,
// each zero-padded, so 2512 is column 25, row 12. Printed columns and rows are
// "offset" coordinates in Red Blob's terms: on a flat-top map the hexes of a
// column stand in a vertical line and alternate columns are shifted down by
// half a hex; on a pointy-top map the rows are horizontal and alternate rows
// are shifted right. Which alternate columns (or rows) are shifted, odd or
// even printed numbers, is a fact of each map, stated in its scenario file as a
// Layout such as "flat-top odd-columns-down".
//
// The conversion uses the printed numbers directly as Red Blob's offset
// column and row (q = column on flat-top maps, r = row on pointy-top maps), so
// printed hex 0000 is axial (0, 0) on every map and no first-column or
// first-row setting is needed: the parity is stated for the printed numbers
// themselves, whatever number a map's first column carries.
//
// # Determinism
//
// Replays must reproduce every decision bit for bit, so nothing here depends
// on Go's map iteration order or on floating point: lines are drawn with exact
// integer arithmetic, searches break ties by a fixed order, and Set and
// SortedKeys give hexes in the fixed order of Axial.Compare.
package hex
