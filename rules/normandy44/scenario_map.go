package normandy44

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Shared maps (docs/scenario-format.md, "Shared maps"). A scenario may take its
// map from a map file that several scenarios share: the header line `map NAME`
// names the file NAME.map, and `window CCRR-CCRR` keeps only the hexes of that
// rectangle (the Cherbourg scenario, S3, plays the Cotentin corner of the
// campaign map). The engine does no I/O: AssembleScenario receives the map
// through open and returns one self-contained scenario text, the bytes New
// reads and an invite digests, so a game pins the very map it is played on.

// MapExt ends the name of a map file.
const MapExt = ".map"

// mapSections are the sections a map file may hold, in the order they are
// written; a scenario's own lines in these sections follow the map's.
var mapSections = []string{"terrain", "hexsides", "roads", "zones", "places"}

// mapHeaders are the header keywords of a map file.
var mapHeaders = []string{"game", "map", "title", "edition", "provenance", "layout"}

// originMark starts a line of assembled text that says where the next line
// came from: "#@ N" is line N of the scenario itself, "#@ N FILE" line N of a
// map file. It is a comment to every other reader; the parser uses it to name
// the file and line of a problem.
const originMark = "#@ "

// Window is a rectangle of hexes: columns MinCol..MaxCol, rows MinRow..MaxRow.
type Window struct{ MinCol, MaxCol, MinRow, MaxRow int }

// ParseWindow reads "CCRR-CCRR": the lowest column and row, then the highest.
func ParseWindow(w string) (Window, error) {
	a, b, ok := strings.Cut(w, "-")
	if !ok || !validHexID(a) || !validHexID(b) {
		return Window{}, fmt.Errorf("%w: window %q: want CCRR-CCRR, e.g. 2001-3615", ErrSyntax, w)
	}
	ca, ra := colRow(a)
	cb, rb := colRow(b)
	if ca > cb || ra > rb {
		return Window{}, fmt.Errorf("%w: window %s: the first hex has the lower column and row", ErrInvalid, w)
	}
	return Window{MinCol: ca, MaxCol: cb, MinRow: ra, MaxRow: rb}, nil
}

// Has reports whether a valid hex id lies in the window.
func (w Window) Has(id string) bool {
	c, r := colRow(id)
	return c >= w.MinCol && c <= w.MaxCol && r >= w.MinRow && r <= w.MaxRow
}

// clipSpec clips a hex or a run "CCRR-CCRR" to the window: "" when nothing is
// left; ok is false when w is not a hex spec (the parser reports it later).
func (w Window) clipSpec(spec string) (string, bool) {
	a, b, isRun := strings.Cut(spec, "-")
	if !validHexID(a) || (isRun && !validHexID(b)) {
		return spec, false
	}
	if !isRun {
		if w.Has(a) {
			return a, true
		}
		return "", true
	}
	ca, ra := colRow(a)
	cb, rb := colRow(b)
	if ca != cb || rb <= ra {
		return spec, false
	}
	if ca < w.MinCol || ca > w.MaxCol {
		return "", true
	}
	lo, hi := max(ra, w.MinRow), min(rb, w.MaxRow)
	switch {
	case lo > hi:
		return "", true
	case lo == hi:
		return hexID(ca, lo), true
	}
	return hexID(ca, lo) + "-" + hexID(ca, hi), true
}

// srcLine is one raw line and where it came from.
type srcLine struct {
	file  string // "" for the scenario itself, else the map file's name
	n     int
	raw   string
	words []string // nil for blank, comment or unreadable lines
	text  string   // the line without its comment, trimmed
	err   error    // the line does not lex; the parser reports it
}

// value is a header line's value: its text after the keyword.
func (l srcLine) value() string {
	return strings.TrimSpace(strings.TrimPrefix(l.text, l.words[0]))
}

func readSrc(file string, data []byte) []srcLine {
	var out []srcLine
	for i, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		l, err := lexLine(i+1, raw)
		sl := srcLine{file: file, n: i + 1, raw: raw, err: err}
		if err == nil {
			sl.words, sl.text = l.words, l.text
		}
		out = append(out, sl)
	}
	return out
}

// sectionOf reports the section a "[name]" line opens.
func sectionOf(l srcLine) (string, bool) {
	if len(l.words) != 1 || !strings.HasPrefix(l.words[0], "[") || !strings.HasSuffix(l.words[0], "]") {
		return "", false
	}
	return strings.TrimSuffix(strings.TrimPrefix(l.words[0], "["), "]"), true
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

// AssembleScenario resolves a scenario's `map` and `window` header lines: it
// reads the map file through open (given "NAME.map"), clips the map to the
// window and writes one scenario text with the map's sections inlined, each
// line preceded where needed by an origin mark so that problems name the file
// and line they come from. A scenario without a `map` line is returned as it is.
func AssembleScenario(data []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	sc := splitSrc(readSrc("", data))
	var mapLine, windowLine *srcLine
	var errs []error
	for i := range sc.header {
		l := &sc.header[i]
		if len(l.words) == 0 {
			continue
		}
		switch l.words[0] {
		case "map":
			if mapLine != nil {
				errs = append(errs, lineErr(l.n, ErrDuplicate, "map already given at line %d", mapLine.n))
			}
			mapLine = l
		case "window":
			if windowLine != nil {
				errs = append(errs, lineErr(l.n, ErrDuplicate, "window already given at line %d", windowLine.n))
			}
			windowLine = l
		}
	}
	if mapLine == nil {
		if windowLine != nil {
			errs = append(errs, lineErr(windowLine.n, ErrMissing, "a window needs a map line"))
		}
		return data, errors.Join(errs...)
	}
	if len(mapLine.words) != 2 || !validMapName(mapLine.words[1]) {
		errs = append(errs, lineErr(mapLine.n, ErrSyntax, "want: map NAME (lower-case letters, digits and '-'; the file is NAME%s)", MapExt))
		return nil, errors.Join(errs...)
	}
	mapName := mapLine.words[1]
	file := mapName + MapExt
	var win *Window
	if windowLine != nil {
		if len(windowLine.words) != 2 {
			errs = append(errs, lineErr(windowLine.n, ErrSyntax, "want: window CCRR-CCRR"))
		} else if w, err := ParseWindow(windowLine.words[1]); err != nil {
			errs = append(errs, &LineError{Line: windowLine.n, Err: err})
		} else {
			win = &w
		}
	}
	mapData, err := open(file)
	if err != nil {
		errs = append(errs, lineErr(mapLine.n, ErrMissing, "map %s: %v", file, err))
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	mf := splitSrc(readSrc(file, mapData))
	layout, mapErrs := checkMapHeader(file, mapName, mf)
	errs = append(errs, mapErrs...)
	for _, name := range mf.order {
		first := mf.sections[name][0]
		switch {
		case strings.HasSuffix(name, dupSection):
			errs = append(errs, &LineError{File: file, Line: first.n,
				Err: fmt.Errorf("%w: section %s given twice", ErrDuplicate, first.words[0])})
		case !slices.Contains(mapSections, name):
			errs = append(errs, &LineError{File: file, Line: first.n,
				Err: fmt.Errorf("%w: section %s in a map file (want %s)", ErrUnknown, first.words[0], strings.Join(mapSections, ", "))})
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	var out assembly
	var myLayout *srcLine // the scenario's own layout line, if any
	for _, l := range sc.header {
		switch {
		case l.n == mapLine.n:
			out.comment(fmt.Sprintf("# map %s (%s)", mapName, file))
			// The map's title and provenance travel with it, as comments.
			for _, key := range []string{"title", "provenance"} {
				if v := headerValue(mf.header, key); v != "" {
					out.comment(fmt.Sprintf("# %s %s: %s", file, key, v))
				}
			}
		case windowLine != nil && l.n == windowLine.n:
			out.comment("# window " + windowLine.words[1])
		default:
			if len(l.words) > 0 && l.words[0] == "layout" && myLayout == nil {
				myLayout = &l
			}
			out.line(l)
		}
	}
	if myLayout == nil {
		out.line(layout)
	} else if myLayout.value() != layout.value() {
		return nil, lineErr(myLayout.n, ErrInvalid, "layout differs from map %s (line %d: %s)", file, layout.n, layout.raw)
	}
	for _, name := range mapSections {
		mine, theirs := mf.sections[name], sc.sections[name]
		if len(mine) == 0 && len(theirs) == 0 {
			continue
		}
		if len(mine) > 0 {
			out.line(mine[0])
			for _, l := range mine[1:] {
				out.clipped(name, l, win)
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
		if slices.Contains(mapSections, name) {
			continue
		}
		for _, l := range sc.sections[name] {
			out.line(l)
		}
	}
	return []byte(out.b.String()), nil
}

// validMapName: lower-case letters, digits and '-', so a name never leaves the
// folder it is looked up in.
func validMapName(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// checkMapHeader checks a map file's header lines and returns its layout line.
func checkMapHeader(file, name string, mf srcFile) (srcLine, []error) {
	var errs []error
	var layout srcLine
	seen := map[string]int{}
	bad := func(l srcLine, class error, format string, args ...any) {
		errs = append(errs, &LineError{File: file, Line: l.n, Err: fmt.Errorf("%w: %s", class, fmt.Sprintf(format, args...))})
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
		if len(l.words) == 0 {
			continue
		}
		key := l.words[0]
		if !slices.Contains(mapHeaders, key) {
			bad(l, ErrUnknown, "header keyword %q in a map file (want one of %s, or a [section])", key, strings.Join(mapHeaders, ", "))
			continue
		}
		if prev, dup := seen[key]; dup {
			bad(l, ErrDuplicate, "%s already given at line %d", key, prev)
			continue
		}
		seen[key] = l.n
		value := l.value()
		switch key {
		case "game":
			if value != "normandy44" {
				bad(l, ErrInvalid, "game %q: this parser reads normandy44 maps", value)
			}
		case "map":
			if value != name {
				bad(l, ErrInvalid, "map %q, but the scenario asks for %q", value, name)
			}
		case "layout":
			if _, err := parseGridLayout(value); err != nil {
				errs = append(errs, &LineError{File: file, Line: l.n, Err: err})
			}
			layout = l
		}
	}
	for _, key := range []string{"game", "map", "layout"} {
		if _, ok := seen[key]; !ok {
			errs = append(errs, &LineError{File: file, Err: fmt.Errorf("%w: header line %q", ErrMissing, key)})
		}
	}
	return layout, errs
}

// headerValue is the value of a header line, "" when there is none.
func headerValue(header []srcLine, key string) string {
	for _, l := range header {
		if len(l.words) > 0 && l.words[0] == key {
			return l.value()
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

func (a *assembly) line(l srcLine) { a.text(l, l.raw) }

func (a *assembly) text(l srcLine, text string) {
	if l.file != a.nextFile || l.n != a.nextN {
		a.b.WriteString(originMark + strconv.Itoa(l.n))
		if l.file != "" {
			a.b.WriteString(" " + l.file)
		}
		a.b.WriteString("\n")
	}
	a.b.WriteString(text + "\n")
	a.nextFile, a.nextN = l.file, l.n+1
}

// clipped writes a map line clipped to the window (9.3 roads keep only their
// in-window stretches; zones, terrain runs, hexsides and places their
// in-window hexes). Lines that are not well formed pass through unchanged, for
// the parser to report at their origin.
func (a *assembly) clipped(section string, l srcLine, w *Window) {
	if l.err != nil || (w == nil && len(l.words) > 0) {
		a.line(l)
		return
	}
	if len(l.words) == 0 {
		return // the map's comments stay in the map file
	}
	switch section {
	case "terrain":
		spec, ok := w.clipSpec(l.words[0])
		switch {
		case !ok:
			a.line(l)
		case spec == "":
		case spec == l.words[0]:
			a.line(l)
		default:
			a.text(l, spec+strings.TrimPrefix(strings.TrimLeft(l.raw, " \t"), l.words[0]))
		}
	case "hexsides":
		x, y, ok := strings.Cut(l.words[0], "/")
		if !ok || !validHexID(x) || !validHexID(y) {
			a.line(l)
		} else if w.Has(x) && w.Has(y) {
			a.line(l)
		}
	case "roads":
		var run []string
		flush := func() {
			if len(run) >= 2 {
				a.text(l, l.words[0]+" "+strings.Join(run, " "))
			}
			run = nil
		}
		for _, id := range l.words[1:] {
			if !validHexID(id) {
				a.line(l)
				return
			}
		}
		all := true
		for _, id := range l.words[1:] {
			if w.Has(id) {
				run = append(run, id)
			} else {
				all = false
				flush()
			}
		}
		if all {
			a.line(l)
			return
		}
		flush()
	case "zones":
		var keep []string
		for _, spec := range l.words[1:] {
			c, ok := w.clipSpec(spec)
			if !ok {
				a.line(l)
				return
			}
			if c != "" {
				keep = append(keep, c)
			}
		}
		if len(keep) == len(l.words)-1 && strings.Join(keep, " ") == strings.Join(l.words[1:], " ") {
			a.line(l)
		} else if len(keep) > 0 {
			a.text(l, l.words[0]+" "+strings.Join(keep, " "))
		}
	case "places":
		if len(l.words) < 2 || !validHexID(l.words[1]) || w.Has(l.words[1]) {
			a.line(l)
		}
	default:
		a.line(l)
	}
}
