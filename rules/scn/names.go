package scn

import (
	"strings"
	"unicode"
)

// ValidName reports whether s is a plain name: 1 to 40 lower-case letters,
// digits and '-'. File names built from it (a map's "NAME.map") never leave
// the folder they are looked up in.
func ValidName(s string) bool {
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

// ValidID reports whether s may be an id written without quotes: 1 to 40
// lower-case letters, digits and - / ( ) + . _ (unit ids, formations, zone
// names: "922(-)/243", "21pz", "north-of-27june").
func ValidID(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case strings.ContainsRune("-/()+._", r):
		default:
			return false
		}
	}
	return true
}

// ValidText reports whether s can be written back as a header value or a
// quoted name: 1 to 1000 bytes of printable text, single spaces allowed, no
// quote, no '#', nothing to trim.
func ValidText(s string) bool {
	if s == "" || len(s) > 1000 || strings.TrimSpace(s) != s {
		return false
	}
	for _, r := range s {
		if r == '"' || r == '#' || unicode.IsControl(r) || (unicode.IsSpace(r) && r != ' ') {
			return false
		}
	}
	return true
}

// OneOf lists the words a message offers: "a", "a or b", "a, b or c".
func OneOf(words ...string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
