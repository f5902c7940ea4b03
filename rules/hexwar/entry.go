package hexwar

import (
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
)

// Reinforcements come onto the map through entry hexes (N44 6.6, A44 13.1,
// S43 21.1.3): a unit due waits off the map, its place in the game's state
// saying where it may come in, and enters with a move whose first hex is an
// entry hex, paying that hex's cost.

// The places of a waiting unit: "entry:ZONE", any entry hex of a zone (N44:
// a colour, 6.6; A44: a letter or sector; S43: an entry area), or "at:HEX",
// one named hex (N44 S3.2: 2506).
const (
	WaitEntry = "entry:"
	WaitAt    = "at:"
)

// Waiting reports whether a unit's place says it waits to enter the map.
func Waiting(at string) bool {
	return strings.HasPrefix(at, WaitEntry) || strings.HasPrefix(at, WaitAt)
}

// WaitingWords says where a waiting unit enters, as a player reads it: "a
// red entry hex", "2506".
func WaitingWords(at string) string {
	if z, ok := strings.CutPrefix(at, WaitEntry); ok {
		return "a " + z + " entry hex"
	}
	return strings.TrimPrefix(at, WaitAt)
}

// Enter prices a unit's coming onto the map at its entry hex a (the mover's
// Start, with Entering set) and searches on from it within the rest of the
// budget, unless the entry stops it there (an enemy zone of control). A
// refused entry is only its Bar; then reach is empty.
func (m *Mover) Enter(a hex.Axial) (first Step, reach Reachable, bar Bar) {
	return m.EnterIn(a, nil)
}

// EnterIn is Enter, its search's result kept in buf (ReachIn).
func (m *Mover) EnterIn(a hex.Axial, buf *ReachBuffer) (first Step, reach Reachable, bar Bar) {
	first, bar = m.Entry(a)
	if !bar.OK() || first.Cost > m.Budget || first.Stop {
		return first, Reachable{}, bar
	}
	m.Budget -= first.Cost
	reach = m.ReachIn(buf)
	m.Budget += first.Cost
	return first, reach, Bar{}
}
