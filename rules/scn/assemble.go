package scn

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Shared maps (docs/scenario-format.md, "Shared maps"). A scenario may take
// its map from a map file that several scenarios share: the header line
// `map NAME` names the file NAME plus the game's extension, and
// `window CCRR-CCRR` keeps only the hexes of that rectangle. The engine does
// no I/O: Assemble receives the map through open and returns one
// self-contained scenario text, the bytes a game reads and an invite digests,
// so a game pins the very map it is played on.

// Maps is what a game's map files hold, and how a window clips them.
//
// A game may have more than one kind of side file (Ardennes '44 keeps its
// charts apart from its map, so that a player who owns the game replaces one
// without the other): it assembles the scenario once with a Maps of each
// kind, each naming its files by its own Keyword. Assembly reads the origin
// marks of a text assembled before, so the passes chain and every line still
// names the file and line it came from.
type Maps struct {
	// Game is the value the map's "game" line must have, e.g. "normandy44".
	Game string
	// Keyword is the header keyword that names the file, in the scenario
	// and in the file itself: "map" when empty. A window belongs to the
	// "map" kind alone; the passes of other kinds leave it to that one.
	Keyword string
	// Ext ends the name of a map file, e.g. ".map".
	Ext string
	// Headers are the header keywords a map file may hold. "game" and the
	// Keyword are required, and "layout" too when Layout is set.
	Headers []string
	// Layout checks the value of a map's "layout" line; nil when the game's
	// maps have none. The scenario takes the map's layout when it gives none,
	// and must agree with it when it does.
	Layout func(value string) error
	// Sections are the sections a map file may hold, in the order assembly
	// writes them, each with how a window clips its lines. A scenario's own
	// lines of these sections follow the map's.
	Sections []MapSection
}

// MapSection is one section of a map file and how a window clips its lines.
type MapSection struct {
	Name string
	Clip Clip // nil: a window keeps every line
}

// keyword is the header keyword of the kind: "map" unless Keyword says.
func (m *Maps) keyword() string {
	if m.Keyword == "" {
		return "map"
	}
	return m.Keyword
}

// windows reports whether the kind reads the scenario's window: the map's.
func (m *Maps) windows() bool { return m.keyword() == "map" }

// srcLine is one raw line of a file and where it came from.
type srcLine struct {
	Line        // no words for blank, comment or unreadable lines
	file string // "" for the scenario itself, else the map file's name
	err  error  // the line does not lex; the parser reports it
}

// readSrc cuts a file into its lines. A text assembled before carries origin
// marks: they are read, not kept, and each line takes the file and line
// they name, so that a second assembly marks it where it truly came from.
func readSrc(file string, data []byte) []srcLine {
	var out []srcLine
	var next *Origin
	for i, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		if o, ok := parseOriginMark(raw); ok {
			next = &o
			continue
		}
		n, from := i+1, file
		if next != nil {
			n, from = next.Line, next.File
			next.Line++
		}
		l, err := LexLine(n, raw)
		sl := srcLine{Line: Line{N: n, Raw: raw}, file: from, err: err}
		if err == nil {
			sl.Line = l
		}
		out = append(out, sl)
	}
	return out
}

// sectionOf reports the section a "[name]" line opens.
func sectionOf(l srcLine) (string, bool) {
	if len(l.Words) != 1 || !strings.HasPrefix(l.Words[0], "[") || !strings.HasSuffix(l.Words[0], "]") {
		return "", false
	}
	return strings.TrimSuffix(strings.TrimPrefix(l.Words[0], "["), "]"), true
}

// dupSection marks a section opened a second time.
const dupSection = "\x00dup"

// srcFile is a scenario or map file cut into its header and sections.
type srcFile struct {
	header   []srcLine
	sections map[string][]srcLine // each starts with its "[name]" line
	order    []string
}

func splitSrc(lines []srcLine) srcFile {
	f := srcFile{sections: map[string][]srcLine{}}
	cur := ""
	for _, l := range lines {
		if name, ok := sectionOf(l); ok {
			if _, dup := f.sections[name]; !dup {
				f.order = append(f.order, name)
			} else {
				name += dupSection // kept apart, so that the duplicate is reported
				f.order = append(f.order, name)
			}
			cur = name
			f.sections[cur] = append(f.sections[cur], l)
			continue
		}
		if cur == "" {
			f.header = append(f.header, l)
		} else {
			f.sections[cur] = append(f.sections[cur], l)
		}
	}
	return f
}

// Assemble resolves a scenario's `map` and `window` header lines: it reads
// the map file through open (given NAME plus Ext), clips the map to the
// window and writes one scenario text with the map's sections inlined, each
// line preceded where needed by an origin mark so that problems name the
// file and line they come from. A scenario without a `map` line is returned
// as it is. Every error is a *LineError, joined with errors.Join.
func (m *Maps) Assemble(data []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	sc := splitSrc(readSrc("", data))
	ref, errs := m.mapRef(sc.header)
	switch {
	case ref.line == nil:
		return data, errors.Join(errs...)
	case ref.file == "":
		return nil, errors.Join(errs...)
	}
	mapData, err := open(ref.file)
	if err != nil {
		errs = append(errs, Errorf(ref.line.N, ErrMissing, "%s %s: %v", m.keyword(), ref.file, err))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	mf := splitSrc(readSrc(ref.file, mapData))
	layout, errs := m.checkMap(ref, mf)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return m.write(sc, mf, ref, layout)
}

// mapRef is what a scenario's header says of its map.
type mapRef struct {
	line, window *srcLine // the map and window lines; nil when absent
	name, file   string   // the map's name and file; "" when the line is bad
	win          *Window  // nil without a window, or a bad one
}

// mapRef reads the map and window lines of a scenario's header.
func (m *Maps) mapRef(header []srcLine) (mapRef, []error) {
	var ref mapRef
	var errs []error
	for i := range header {
		l := &header[i]
		if len(l.Words) == 0 {
			continue
		}
		switch word := l.Words[0]; {
		case word == m.keyword():
			if ref.line != nil {
				errs = append(errs, Errorf(l.N, ErrDuplicate, "%s already given at line %d", word, ref.line.N))
			}
			ref.line = l
		case word == "window" && m.windows():
			if ref.window != nil {
				errs = append(errs, Errorf(l.N, ErrDuplicate, "window already given at line %d", ref.window.N))
			}
			ref.window = l
		}
	}
	if ref.line == nil {
		if ref.window != nil {
			errs = append(errs, Errorf(ref.window.N, ErrMissing, "a window needs a map line"))
		}
		return ref, errs
	}
	if len(ref.line.Words) != 2 || !ValidName(ref.line.Words[1]) {
		errs = append(errs, Errorf(ref.line.N, ErrSyntax, "want: %s NAME (lower-case letters, digits and '-'; the file is NAME%s)", m.keyword(), m.Ext))
		return ref, errs
	}
	ref.name = ref.line.Words[1]
	ref.file = ref.name + m.Ext
	if ref.window != nil {
		if len(ref.window.Words) != 2 {
			errs = append(errs, Errorf(ref.window.N, ErrSyntax, "want: window CCRR-CCRR"))
		} else if w, err := ParseWindow(ref.window.Words[1]); err != nil {
			errs = append(errs, &LineError{Line: ref.window.N, Err: err})
		} else {
			ref.win = &w
		}
	}
	return ref, errs
}

// checkMap checks a map file's header and sections, and returns its layout
// line.
func (m *Maps) checkMap(ref mapRef, mf srcFile) (srcLine, []error) {
	layout, errs := m.checkHeader(ref.file, ref.name, mf)
	for _, name := range mf.order {
		first := mf.sections[name][0]
		switch {
		case strings.HasSuffix(name, dupSection):
			errs = append(errs, fileErrorf(ref.file, first.N, ErrDuplicate, "section %s given twice", first.Words[0]))
		case m.section(name) == nil:
			errs = append(errs, fileErrorf(ref.file, first.N, ErrUnknown, "section %s in a map file (want %s)", first.Words[0], strings.Join(m.sectionNames(), ", ")))
		}
	}
	return layout, errs
}

// write writes the assembled text: the scenario's header with the map and
// window lines as comments, the map's layout when the scenario has none,
// each map section (the map's lines clipped, then the scenario's), then the
// scenario's other sections.
func (m *Maps) write(sc, mf srcFile, ref mapRef, layout srcLine) ([]byte, error) {
	var out assembly
	var myLayout *srcLine // the scenario's own layout line, if any
	// Lines are told apart by place, not number: the comments of an
	// earlier pass carry no number of their own.
	for i := range sc.header {
		l := sc.header[i]
		switch {
		case &sc.header[i] == ref.line:
			out.comment(fmt.Sprintf("# %s %s (%s)", m.keyword(), ref.name, ref.file))
			// The map's title and provenance travel with it, as comments.
			for _, key := range []string{"title", "provenance"} {
				if v := headerValue(mf.header, key); v != "" {
					out.comment(fmt.Sprintf("# %s %s: %s", ref.file, key, v))
				}
			}
		case &sc.header[i] == ref.window:
			out.comment("# window " + ref.window.Words[1])
		default:
			if m.Layout != nil && len(l.Words) > 0 && l.Words[0] == "layout" && myLayout == nil {
				myLayout = &l
			}
			out.line(l)
		}
	}
	switch {
	case m.Layout == nil:
	case myLayout == nil:
		out.line(layout)
	case myLayout.Value() != layout.Value():
		return nil, Errorf(myLayout.N, ErrInvalid, "layout differs from map %s (line %d: %s)", ref.file, layout.N, layout.Raw)
	}
	for _, ms := range m.Sections {
		mine, theirs := mf.sections[ms.Name], sc.sections[ms.Name]
		if len(mine) > 0 {
			out.line(mine[0])
			for _, l := range mine[1:] {
				out.clipped(ms.Clip, l, ref.win)
			}
		}
		if len(theirs) > 0 {
			if len(mine) == 0 {
				out.line(theirs[0])
			}
			for _, l := range theirs[1:] {
				out.line(l)
			}
		}
	}
	for _, name := range sc.order {
		if m.section(name) != nil {
			continue
		}
		for _, l := range sc.sections[name] {
			out.line(l)
		}
	}
	return []byte(out.b.String()), nil
}

// section is the map section called name, nil if maps have none.
func (m *Maps) section(name string) *MapSection {
	i := slices.IndexFunc(m.Sections, func(s MapSection) bool { return s.Name == name })
	if i < 0 {
		return nil
	}
	return &m.Sections[i]
}

func (m *Maps) sectionNames() []string {
	names := make([]string, len(m.Sections))
	for i, s := range m.Sections {
		names[i] = s.Name
	}
	return names
}

// checkHeader checks a map file's header lines and returns its layout line.
func (m *Maps) checkHeader(file, name string, mf srcFile) (srcLine, []error) {
	var errs []error
	var layout srcLine
	seen := map[string]int{}
	bad := func(l srcLine, class error, format string, args ...any) {
		errs = append(errs, fileErrorf(file, l.N, class, format, args...))
	}
	for _, l := range mf.header {
		if l.err != nil {
			var le *LineError
			if errors.As(l.err, &le) {
				le.File = file
			}
			errs = append(errs, l.err)
			continue
		}
		if len(l.Words) == 0 {
			continue
		}
		key := l.Words[0]
		if !slices.Contains(m.Headers, key) {
			bad(l, ErrUnknown, "header keyword %q in a map file (want one of %s, or a [section])", key, strings.Join(m.Headers, ", "))
			continue
		}
		if prev, dup := seen[key]; dup {
			bad(l, ErrDuplicate, "%s already given at line %d", key, prev)
			continue
		}
		seen[key] = l.N
		value := l.Value()
		switch key {
		case "game":
			if value != m.Game {
				bad(l, ErrInvalid, "game %q: this parser reads %s maps", value, m.Game)
			}
		case m.keyword():
			if value != name {
				bad(l, ErrInvalid, "%s %q, but the scenario asks for %q", key, value, name)
			}
		case "layout":
			if m.Layout == nil {
				break
			}
			if err := m.Layout(value); err != nil {
				errs = append(errs, &LineError{File: file, Line: l.N, Err: err})
			}
			layout = l
		}
	}
	required := []string{"game", m.keyword(), "layout"}
	if m.Layout == nil {
		required = required[:2]
	}
	for _, key := range required {
		if _, ok := seen[key]; !ok {
			errs = append(errs, fileErrorf(file, 0, ErrMissing, "header line %q", key))
		}
	}
	return layout, errs
}

// headerValue is the value of a header line, "" when there is none.
func headerValue(header []srcLine, key string) string {
	for _, l := range header {
		if len(l.Words) > 0 && l.Words[0] == key {
			return l.Value()
		}
	}
	return ""
}

// assembly writes assembled text with origin marks.
type assembly struct {
	b        strings.Builder
	nextFile string
	nextN    int
}

func (a *assembly) comment(text string) {
	a.b.WriteString(text + "\n")
	a.nextN = -1
}

func (a *assembly) line(l srcLine) { a.text(l, l.Raw) }

func (a *assembly) text(l srcLine, text string) {
	if l.file != a.nextFile || l.N != a.nextN {
		a.b.WriteString(originMark + strconv.Itoa(l.N))
		if l.file != "" {
			a.b.WriteString(" " + l.file)
		}
		a.b.WriteString("\n")
	}
	a.b.WriteString(text + "\n")
	a.nextFile, a.nextN = l.file, l.N+1
}

// clipped writes a line of a map section clipped to the window. Lines that
// are not well formed pass through unchanged, for the parser to report at
// their origin; the map's blank and comment lines stay in the map file.
func (a *assembly) clipped(clip Clip, l srcLine, w *Window) {
	if l.err != nil || (w == nil && len(l.Words) > 0) {
		a.line(l)
		return
	}
	if len(l.Words) == 0 {
		return
	}
	if clip == nil {
		a.line(l)
		return
	}
	texts, keep := clip(*w, l.Line)
	if keep {
		a.line(l)
		return
	}
	for _, t := range texts {
		a.text(l, t)
	}
}
