package pbem

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// ErrNoUnit means a command or a question names a unit the game does not
// have.
var ErrNoUnit = errors.New("no such unit")

// ErrNoCounters means the game keeps no units pbem can show (freeplay
// records moves as free text).
var ErrNoCounters = errors.New("this game keeps no units")

// Units returns the game's units as seat sees them (rules.Counters), and
// false when the engine does not describe its units.
func Units(g rules.Game, seat string) ([]rules.Unit, bool) {
	c, ok := g.(rules.Counters)
	if !ok {
		return nil, false
	}
	return c.Units(rules.Seat(seat)), true
}

// FindUnit finds the unit id names, whatever its case ("4-cav" is 4-Cav).
// A unit that does not exist is an ErrNoUnit that names the nearest ids.
func FindUnit(g rules.Game, seat, id string) (rules.Unit, error) {
	units, ok := Units(g, seat)
	if !ok || len(units) == 0 {
		return rules.Unit{}, ErrNoCounters
	}
	var ids []string
	var folded []rules.Unit
	for _, u := range units {
		if u.ID == id {
			return u, nil
		}
		if strings.EqualFold(u.ID, id) {
			folded = append(folded, u)
		}
		ids = append(ids, u.ID)
	}
	if len(folded) == 1 {
		return folded[0], nil
	}
	return rules.Unit{}, noUnitError(id, ids)
}

// noUnitError says that id is no unit, with the nearest ids.
func noUnitError(id string, ids []string) error {
	if near := Suggest(id, ids); len(near) > 0 {
		return fmt.Errorf("%w %q: did you mean %s?", ErrNoUnit, id, quoteOr(near))
	}
	return fmt.Errorf("%w %q in this game ('pbem status' shows where each unit is)", ErrNoUnit, id)
}

// quoteOr writes words as 'a', 'b' or 'c'.
func quoteOr(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + w + "'"
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// Suggest returns at most three candidates close to word, nearest first: a
// candidate that word begins or is a part of ("505" for "505/82"), then
// those within a few typing mistakes (edit distance, letters in any case).
func Suggest(word string, candidates []string) []string {
	w := strings.ToLower(word)
	if w == "" {
		return nil
	}
	type near struct {
		c    string
		dist int
	}
	var found []near
	limit := max(1, len([]rune(w))/3)
	for _, c := range candidates {
		l := strings.ToLower(c)
		switch {
		case strings.HasPrefix(l, w) || slices.Contains(strings.FieldsFunc(l, func(r rune) bool { return r == '/' || r == '-' }), w):
			found = append(found, near{c, 0})
		default:
			if d := editDistance(w, l); d <= limit {
				found = append(found, near{c, d})
			}
		}
	}
	slices.SortStableFunc(found, func(a, b near) int { return a.dist - b.dist })
	var out []string
	for _, f := range found {
		if !slices.Contains(out, f.c) {
			out = append(out, f.c)
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// UnitChoices are the legal choices of seat that concern unit id: its
// moves, and the decisions that name it (losses, retreats, advances).
func UnitChoices(g rules.Game, seat, id string) []rules.Choice {
	var out []rules.Choice
	for _, c := range g.Legal(rules.Seat(seat)) {
		if c.Piece == id || slices.Contains(strings.Fields(c.Command)[1:], id) {
			out = append(out, c)
		}
	}
	return out
}
