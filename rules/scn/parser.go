package scn

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Grammar is what a game's scenario file may hold and who reads each part:
// the header lines before the first section, then the sections, each at most
// once, in any order.
type Grammar struct {
	// Game is the value the file's "game" line must have, e.g. "normandy44".
	Game string
	// Headers are the header keywords a file may hold, in the order a
	// message lists them; Required those it must hold, in the order missing
	// ones are reported.
	Headers, Required []string
	// Maps is set for a game whose scenarios may name a shared map (Maps):
	// a "map" or "window" line left in the text tells the user to assemble
	// it first.
	Maps bool
	// Header reads a header line once the parser has checked that its key is
	// known and given once and its value is printable text. The "game" line
	// comes here too, after its check. Nil when the game keeps no header.
	Header func(l Line, key, value string)
	// Sections are the sections in the order a message lists them, each with
	// the handler of its records.
	Sections []Section
}

// Section is a "[name]" section of a file and the handler of its records.
type Section struct {
	Name   string
	Record func(l Line)
}

// Parser is the frame of a game's scenario parser: it reads a file through a
// Grammar, collects every problem as a *LineError named by the file and line
// it came from (origin marks included), and offers the checks records share.
// A game's parser embeds it and adds its records and their cross-checks.
type Parser struct {
	errs     []error
	origins  map[int]Origin
	headers  map[string]int
	sections map[string]int
}

// Read lexes data and hands each header line and each record of a known
// section to g's handlers, in file order; unknown, repeated or malformed
// section lines and header lines are reported here. Then it reports the
// required header lines that are missing.
func (p *Parser) Read(data []byte, g Grammar) {
	lines, errs, origins := Lex(data)
	p.errs = append(p.errs, errs...)
	p.origins = origins
	p.headers = map[string]int{}
	p.sections = map[string]int{}
	inHeader := true
	var section *Section // nil in an unknown section
	for _, l := range lines {
		if strings.HasPrefix(l.Words[0], "[") {
			inHeader = false
			section = p.section(l, g.Sections)
			continue
		}
		switch {
		case inHeader:
			p.header(l, g)
		case section != nil:
			section.Record(l)
		}
	}
	for _, key := range g.Required {
		if _, ok := p.headers[key]; !ok {
			p.errs = append(p.errs, Errorf(0, ErrMissing, "header line %q", key))
		}
	}
}

func (p *Parser) section(l Line, sections []Section) *Section {
	name := strings.TrimSuffix(strings.TrimPrefix(l.Words[0], "["), "]")
	if len(l.Words) != 1 || !strings.HasSuffix(l.Words[0], "]") {
		p.Errf(l.N, ErrSyntax, "a section line is just [name]")
		return nil
	}
	i := slices.IndexFunc(sections, func(s Section) bool { return s.Name == name })
	if i < 0 {
		names := make([]string, len(sections))
		for j, s := range sections {
			names[j] = s.Name
		}
		p.Errf(l.N, ErrUnknown, "section [%s] (want one of %s)", name, strings.Join(names, ", "))
		return nil
	}
	if !Once(p, p.sections, name, l.N, "section [%s] already opened", name) {
		return nil
	}
	return &sections[i]
}

func (p *Parser) header(l Line, g Grammar) {
	key, value := l.Words[0], l.Value()
	if g.Maps && (key == "map" || key == "window") {
		p.Errf(l.N, ErrInvalid, "%s: the scenario names a map file, so it is read assembled with it (pbem assembles it when it loads or checks a file)", key)
		return
	}
	if !slices.Contains(g.Headers, key) {
		p.Errf(l.N, ErrUnknown, "header keyword %q (want one of %s, or a [section])", key, strings.Join(g.Headers, ", "))
		return
	}
	if !Once(p, p.headers, key, l.N, "%s already given", key) {
		return
	}
	if !ValidText(value) {
		p.Errf(l.N, ErrSyntax, "%s needs a value of printable text without quotes or '#'", key)
		return
	}
	if key == "game" && value != g.Game {
		p.Errf(l.N, ErrInvalid, "game %q: this parser reads %s scenarios", value, g.Game)
	}
	if g.Header != nil {
		g.Header(l, key, value)
	}
}

// Once records that key is declared at line n. When it already was, it
// reports ErrDuplicate, "what already ... at line N" (format and args say
// what), and returns false.
func Once[K comparable](p *Parser, seen map[K]int, key K, n int, format string, args ...any) bool {
	if prev, dup := seen[key]; dup {
		p.Errf(n, ErrDuplicate, format+" at %s", append(args, p.At(prev))...)
		return false
	}
	seen[key] = n
	return true
}

// Errf reports a problem of class (a sentinel) at line n of the text read.
func (p *Parser) Errf(n int, class error, format string, args ...any) {
	p.errs = append(p.errs, Errorf(n, class, format, args...))
}

// Report reports err, which wraps a sentinel, at line n.
func (p *Parser) Report(n int, err error) {
	p.errs = append(p.errs, &LineError{Line: n, Err: err})
}

// Origin is where line n of the text read came from: its file and line there
// for assembled text, else line n of the scenario itself.
func (p *Parser) Origin(n int) Origin {
	if o, ok := p.origins[n]; ok {
		return o
	}
	return Origin{Line: n}
}

// At names line n for a message: "line 12", or "normandy.map line 40" for a
// line of assembled text that came from a map file.
func (p *Parser) At(n int) string {
	o := p.Origin(n)
	if o.File != "" {
		return fmt.Sprintf("%s line %d", o.File, o.Line)
	}
	return fmt.Sprintf("line %d", o.Line)
}

// Err returns every problem reported, joined with errors.Join and sorted by
// file and line, each *LineError naming the file and line it came from; nil
// when there is none.
func (p *Parser) Err() error {
	if len(p.errs) == 0 {
		return nil
	}
	for _, err := range p.errs {
		var le *LineError
		if errors.As(err, &le) && le.File == "" {
			if o, ok := p.origins[le.Line]; ok {
				le.File, le.Line = o.File, o.Line
			}
		}
	}
	slices.SortStableFunc(p.errs, func(a, b error) int {
		return cmp.Or(cmp.Compare(errFile(a), errFile(b)), cmp.Compare(errLine(a), errLine(b)))
	})
	return errors.Join(p.errs...)
}

func errFile(err error) string {
	var le *LineError
	if errors.As(err, &le) {
		return le.File
	}
	return ""
}

func errLine(err error) int {
	var le *LineError
	if errors.As(err, &le) {
		return le.Line
	}
	return 0
}

// Int reads a decimal integer within [lo, hi]; what names it in messages.
func (p *Parser) Int(n int, what, v string, lo, hi int) (int, bool) {
	i, err := strconv.Atoi(v)
	if err != nil || len(v) > 4 {
		p.Errf(n, ErrSyntax, "%s %q is not a number", what, v)
		return 0, false
	}
	if i < lo || i > hi {
		p.Errf(n, ErrInvalid, "%s %d out of range %d..%d", what, i, lo, hi)
		return 0, false
	}
	return i, true
}

// HexRef checks a hex id's form; whether the map has it is the game's check,
// once the whole file is read.
func (p *Parser) HexRef(n int, id string) bool {
	if !ValidHexID(id) {
		p.Errf(n, ErrBadHex, "%q is not a four-digit hex number", id)
		return false
	}
	return true
}

// HexSpec reads a hex "CCRR" or a run "CCRR-CCRR" down one column into its
// hex ids.
func (p *Parser) HexSpec(n int, w string) ([]string, bool) {
	a, b, isRun := strings.Cut(w, "-")
	if !isRun {
		return []string{w}, p.HexRef(n, w)
	}
	if !p.HexRef(n, a) || !p.HexRef(n, b) {
		return nil, false
	}
	col, first, last, ok := run(w)
	if !ok {
		p.Errf(n, ErrBadHex, "run %s: a run goes down one column, from a lower to a higher row", w)
		return nil, false
	}
	ids := make([]string, 0, last-first+1)
	for r := first; r <= last; r++ {
		ids = append(ids, HexID(col, r))
	}
	return ids, true
}

// Fields reads the key=value and flag words of a record, refusing a key or
// flag given twice, and hands each to field (w is the word, key its key or
// the flag, value its value, kv whether it had '='). It returns false once
// field does, or on a repeat; the problem is then reported.
func (p *Parser) Fields(n int, words []string, field func(w, key, value string, kv bool) bool) bool {
	seen := map[string]bool{}
	for _, w := range words {
		k, v, kv := KeyValue(w)
		if !kv {
			k = w
		}
		if seen[k] {
			p.Errf(n, ErrDuplicate, "%s given twice", k)
			return false
		}
		seen[k] = true
		if !field(w, k, v, kv) {
			return false
		}
	}
	return true
}

// KeyValues reads words that must be exactly the given keys, each once and
// with a value; nil when they are not (the problem is reported).
func (p *Parser) KeyValues(n int, words []string, keys ...string) map[string]string {
	out := map[string]string{}
	for _, w := range words {
		k, v, ok := KeyValue(w)
		if !ok || !slices.Contains(keys, k) || v == "" {
			p.Errf(n, ErrUnknown, "%q (want %s=...)", w, strings.Join(keys, "=..., "))
			return nil
		}
		if _, dup := out[k]; dup {
			p.Errf(n, ErrDuplicate, "%s given twice", k)
			return nil
		}
		out[k] = v
	}
	if len(out) != len(keys) {
		p.Errf(n, ErrMissing, "want all of %s", strings.Join(keys, ", "))
		return nil
	}
	return out
}
