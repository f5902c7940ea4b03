package scn

import (
	"errors"
	"fmt"
	"testing"
)

func TestLineErrorText(t *testing.T) {
	cases := []struct {
		err  *LineError
		want string
	}{
		{Errorf(12, ErrBadHex, "%q is not a four-digit hex number", "01x1"), `line 12: bad hex id: "01x1" is not a four-digit hex number`},
		{Errorf(0, ErrMissing, "header line %q", "turns"), `missing: header line "turns"`},
		{fileErrorf("normandy.map", 73, ErrUnknown, "terrain %q", "twon"), `normandy.map line 73: unknown keyword or value: terrain "twon"`},
		{fileErrorf("normandy.map", 0, ErrMissing, "header line %q", "layout"), `normandy.map: missing: header line "layout"`},
	}
	for _, c := range cases {
		if c.err.Error() != c.want {
			t.Errorf("%q, want %q", c.err.Error(), c.want)
		}
	}
	if !errors.Is(cases[0].err, ErrBadHex) || errors.Is(cases[0].err, ErrSyntax) {
		t.Error("a LineError is its class and no other")
	}
}

func TestLineErrors(t *testing.T) {
	a, b, c := Errorf(1, ErrSyntax, "a"), Errorf(2, ErrSyntax, "b"), Errorf(3, ErrSyntax, "c")
	joined := errors.Join(a, errors.Join(b, errors.New("no line")), fmt.Errorf("wrapped: %w", c))
	got := LineErrors(joined)
	if len(got) != 3 || got[0] != a || got[1] != b || got[2] != c {
		t.Errorf("LineErrors = %v, want a, b, c in order", got)
	}
	if LineErrors(nil) != nil || LineErrors(errors.New("x")) != nil {
		t.Error("no LineError in nil or a plain error")
	}
}
