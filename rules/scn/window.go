package scn

import (
	"fmt"
	"strings"
)

// Window is a rectangle of printed hexes: columns MinCol..MaxCol, rows
// MinRow..MaxRow. A scenario plays on the window of a shared map it names
// (the Cherbourg scenario of Normandy '44 on the campaign map's Cotentin
// corner).
type Window struct{ MinCol, MaxCol, MinRow, MaxRow int }

// ParseWindow reads "CCRR-CCRR": the lowest column and row, then the highest.
func ParseWindow(w string) (Window, error) {
	a, b, ok := strings.Cut(w, "-")
	ca, ra, okA := ColRow(a)
	cb, rb, okB := ColRow(b)
	if !ok || !okA || !okB {
		return Window{}, fmt.Errorf("%w: window %q: want CCRR-CCRR, e.g. 2001-3615", ErrSyntax, w)
	}
	if ca > cb || ra > rb {
		return Window{}, fmt.Errorf("%w: window %s: the first hex has the lower column and row", ErrInvalid, w)
	}
	return Window{MinCol: ca, MaxCol: cb, MinRow: ra, MaxRow: rb}, nil
}

// Has reports whether the printed hex id lies in the window; false for
// anything that is not a hex id.
func (w Window) Has(id string) bool {
	c, r, ok := ColRow(id)
	return ok && c >= w.MinCol && c <= w.MaxCol && r >= w.MinRow && r <= w.MaxRow
}

// ClipSpec clips a hex or a run "CCRR-CCRR" to the window: "" when nothing
// of it is left. ok is false when spec is neither (the parser reports it).
func (w Window) ClipSpec(spec string) (clipped string, ok bool) {
	if ValidHexID(spec) {
		if w.Has(spec) {
			return spec, true
		}
		return "", true
	}
	col, first, last, isRun := run(spec)
	if !isRun {
		return spec, false
	}
	if col < w.MinCol || col > w.MaxCol {
		return "", true
	}
	lo, hi := max(first, w.MinRow), min(last, w.MaxRow)
	switch {
	case lo > hi:
		return "", true
	case lo == hi:
		return HexID(col, lo), true
	}
	return HexID(col, lo) + "-" + HexID(col, hi), true
}
