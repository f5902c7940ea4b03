package hex

import "errors"

// Sentinel errors, wrapped with the offending text; test with errors.Is.
var (
	// ErrBadID: a printed hex id that is not exactly four ASCII digits.
	ErrBadID = errors.New("hex id must be four digits CCRR")
	// ErrBadLayout: an unknown or incomplete map layout.
	ErrBadLayout = errors.New("bad map layout")
	// ErrBadDirection: an unknown compass direction name.
	ErrBadDirection = errors.New("bad direction")
	// ErrBadSide: a hexside that is not two adjacent hex ids.
	ErrBadSide = errors.New("hexside must be two adjacent hex ids CCRR/CCRR")
)
