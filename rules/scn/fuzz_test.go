package scn

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The fuzz targets keep each input small and each iteration cheap; their
// seeds are in testdata/fuzz.

// FuzzLexLine: a line lexes or fails with a syntax LineError at its number;
// what lexes holds no control character, and writing its words back (quoted
// where they were) lexes to the same words.
func FuzzLexLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw string) {
		l, err := LexLine(3, raw)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) || le.Line != 3 || !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v is not a syntax LineError at line 3", err)
			}
			return
		}
		if len(l.Words) != len(l.Quoted) || l.Raw != raw {
			t.Fatalf("line %+v", l)
		}
		var out []string
		for i, w := range l.Words {
			if strings.ContainsFunc(w, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Fatalf("word %q holds a control character", w)
			}
			if l.Quoted[i] {
				w = `"` + w + `"`
			} else if w == "" || strings.ContainsAny(w, " \t\"") || w[0] == '#' {
				t.Fatalf("bare word %q", w)
			}
			out = append(out, w)
		}
		again, err := LexLine(3, strings.Join(out, " "))
		if err != nil || !reflect.DeepEqual(again.Words, l.Words) || !reflect.DeepEqual(again.Quoted, l.Quoted) {
			t.Fatalf("%q does not lex back: %+v, %v", strings.Join(out, " "), again, err)
		}
	})
}

// FuzzClipSpec: a window keeps exactly the hexes of a run or hex that lie in
// it, as a hex or a run.
func FuzzClipSpec(f *testing.F) {
	f.Fuzz(func(t *testing.T, window, spec string) {
		w, err := ParseWindow(window)
		if err != nil {
			return
		}
		clipped, ok := w.ClipSpec(spec)
		if !ok {
			if clipped != spec {
				t.Fatalf("a spec that is not one changed: %q", clipped)
			}
			return
		}
		var p Parser
		ids, specOK := p.HexSpec(1, spec)
		if !specOK {
			t.Fatalf("ClipSpec read %q, HexSpec refused it: %v", spec, p.Err())
		}
		var inside []string
		for _, id := range ids {
			if w.Has(id) {
				inside = append(inside, id)
			}
		}
		var kept []string
		if clipped != "" {
			if kept, specOK = p.HexSpec(1, clipped); !specOK {
				t.Fatalf("clipped %q to %q, which does not read", spec, clipped)
			}
		}
		if !reflect.DeepEqual(kept, inside) {
			t.Fatalf("%s clipped to %s keeps %v, want %v", spec, window, kept, inside)
		}
	})
}

// FuzzParse: any text reads without a panic, and every problem is a
// LineError at a line of the text (or 0).
func FuzzParse(f *testing.F) {
	f.Add([]byte(pondSpring))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := parsePond(data)
		if err == nil {
			return
		}
		les := LineErrors(err)
		if len(les) == 0 {
			t.Fatalf("error without a LineError: %v", err)
		}
		if strings.Contains(string(data), originMark) {
			return // lines are named by the marks
		}
		n := strings.Count(string(data), "\n") + 1
		for _, le := range les {
			if le.File != "" || le.Line < 0 || le.Line > n {
				t.Fatalf("%v: not a line of the %d-line text", le, n)
			}
		}
	})
}

// FuzzAssemble: assembly never panics, fails only with LineErrors, is
// deterministic, and marks every record it writes with where it came from:
// a scenario's record, and a map's record when no window clips it, is the
// very line its origin names.
func FuzzAssemble(f *testing.F) {
	f.Add([]byte(pondScenario), []byte(pondMap))
	f.Fuzz(func(t *testing.T, scenario, mapText []byte) {
		open := pondOpen(map[string]string{"big.pond": string(mapText)})
		out, err := pondMaps.Assemble(scenario, open)
		if err != nil {
			if len(LineErrors(err)) == 0 {
				t.Fatalf("error without a LineError: %v", err)
			}
			return
		}
		again, _ := pondMaps.Assemble(scenario, open)
		if string(again) != string(out) {
			t.Fatal("assembly is not deterministic")
		}
		if _, err := parsePond(out); err != nil && len(LineErrors(err)) == 0 {
			t.Fatalf("parse error without a LineError: %v", err)
		}
		if string(out) == string(scenario) || strings.Contains(string(scenario), originMark) {
			return // no map to inline; or a mark in the scenario, taken as one
		}
		sources := map[string][]string{"": rawLines(scenario), "big.pond": rawLines(mapText)}
		windowed := strings.Contains(string(out), "\n# window ")
		lines, _, origins := Lex(out)
		for _, l := range lines {
			o, ok := origins[l.N]
			if !ok {
				t.Fatalf("line %d %q has no origin", l.N, l.Raw)
			}
			src := sources[o.File]
			if o.Line < 1 || o.Line > len(src) {
				t.Fatalf("line %d %q: origin %v is not a line of its file", l.N, l.Raw, o)
			}
			if (o.File == "" || !windowed) && src[o.Line-1] != l.Raw {
				t.Fatalf("line %d %q: its origin %v is %q", l.N, l.Raw, o, src[o.Line-1])
			}
		}
	})
}

func rawLines(data []byte) []string {
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
