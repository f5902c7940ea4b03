package scn

import (
	"errors"
	"fmt"
)

// Sentinel errors classify scenario problems; every one reaches the caller as
// a *LineError that wraps one of them.
var (
	ErrSyntax    = errors.New("syntax")
	ErrUnknown   = errors.New("unknown keyword or value")
	ErrBadHex    = errors.New("bad hex id")
	ErrOffMap    = errors.New("hex not on the map")
	ErrAdjacent  = errors.New("hexes not adjacent")
	ErrDuplicate = errors.New("duplicate")
	ErrMissing   = errors.New("missing")
	ErrTurn      = errors.New("turn out of range")
	ErrInvalid   = errors.New("invalid")
)

// LineError is one problem in a scenario file, at a line (0 if the problem
// concerns the file as a whole).
type LineError struct {
	File string // "" for the scenario itself, else the file it came from (a map)
	Line int
	Err  error // wraps one of the sentinel errors
}

func (e *LineError) Error() string {
	where := "line"
	if e.File != "" {
		where = e.File + " line"
		if e.Line == 0 {
			return fmt.Sprintf("%s: %v", e.File, e.Err)
		}
	}
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("%s %d: %v", where, e.Line, e.Err)
}

func (e *LineError) Unwrap() error { return e.Err }

// LineErrors lists the *LineErrors in err, in order: err itself, or those
// joined in it (errors.Join), as a parser returns them.
func LineErrors(err error) []*LineError {
	var out []*LineError
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			out = append(out, LineErrors(e)...)
		}
		return out
	}
	var le *LineError
	if errors.As(err, &le) {
		out = append(out, le)
	}
	return out
}

// Errorf is the LineError of line n (0 for the whole file) in class, one of
// the sentinels: "line n: class: what".
func Errorf(n int, class error, format string, args ...any) *LineError {
	return fileErrorf("", n, class, format, args...)
}

func fileErrorf(file string, n int, class error, format string, args ...any) *LineError {
	return &LineError{File: file, Line: n, Err: fmt.Errorf("%w: %s", class, fmt.Sprintf(format, args...))}
}
