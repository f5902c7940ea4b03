package scn

import "strings"

// Clip cuts one line of a map section to a window: keep reports that the line
// stays as written; otherwise texts replace it (none: the line is dropped).
// A line that is not well formed is kept, for the parser to report at its
// origin. Each Clip below serves one shape of record.
type Clip func(w Window, l Line) (texts []string, keep bool)

// ClipHexFirst clips a record that starts with a hex or a run ("0101-0106
// clear"): a run is cut to its rows inside the window, the rest of the line
// kept as written.
func ClipHexFirst(w Window, l Line) ([]string, bool) {
	spec, ok := w.ClipSpec(l.Words[0])
	switch {
	case !ok || spec == l.Words[0]:
		return nil, true
	case spec == "":
		return nil, false
	}
	return []string{spec + strings.TrimPrefix(strings.TrimLeft(l.Raw, " \t"), l.Words[0])}, false
}

// ClipHexside keeps a record that starts with a hexside "CCRR/CCRR" whose two
// hexes are inside the window.
func ClipHexside(w Window, l Line) ([]string, bool) {
	x, y, ok := strings.Cut(l.Words[0], "/")
	if !ok || !ValidHexID(x) || !ValidHexID(y) {
		return nil, true
	}
	return nil, w.Has(x) && w.Has(y)
}

// ClipPath cuts a path of hexes after the record's first word ("major 0101
// 0102 0103", a road) into its stretches of consecutive hexes inside the
// window, dropping stretches of one hex: a road that leaves the window and
// comes back becomes two roads.
func ClipPath(w Window, l Line) ([]string, bool) {
	for _, id := range l.Words[1:] {
		if !ValidHexID(id) {
			return nil, true
		}
	}
	var texts, stretch []string
	all := true
	flush := func() {
		if len(stretch) >= 2 {
			texts = append(texts, l.Words[0]+" "+strings.Join(stretch, " "))
		}
		stretch = nil
	}
	for _, id := range l.Words[1:] {
		if w.Has(id) {
			stretch = append(stretch, id)
		} else {
			all = false
			flush()
		}
	}
	if all {
		return nil, true
	}
	flush()
	return texts, false
}

// ClipHexesAfter keeps the hexes and runs after the record's first word
// ("nbz 0101-0106 0204", a zone) that lie inside the window, cutting runs;
// the record goes when none is left.
func ClipHexesAfter(w Window, l Line) ([]string, bool) {
	var keep []string
	for _, spec := range l.Words[1:] {
		c, ok := w.ClipSpec(spec)
		if !ok {
			return nil, true
		}
		if c != "" {
			keep = append(keep, c)
		}
	}
	switch {
	case len(keep) == len(l.Words)-1 && strings.Join(keep, " ") == strings.Join(l.Words[1:], " "):
		return nil, true
	case len(keep) > 0:
		return []string{l.Words[0] + " " + strings.Join(keep, " ")}, false
	}
	return nil, false
}

// ClipHexSecond keeps a record whose second word is a hex inside the window
// ("battery 0102", a place).
func ClipHexSecond(w Window, l Line) ([]string, bool) {
	return nil, len(l.Words) < 2 || !ValidHexID(l.Words[1]) || w.Has(l.Words[1])
}
