package hexwar

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Stacking is a game's stacking limit (N44 7.1: 4 points by strength, T16;
// A44 8.1-8.2: 3 steps, 2 silhouette steps and 1 artillery unit; S43 4.1-4.3:
// 6 printed points, one tank silhouette free). It is nil when the units of
// a hex and unit join (-1 for none; one already among units counts once)
// fit together; otherwise a refusal that names the rule, with a reason that
// follows the hex's id ("would hold 5 stacking points; the limit is 4"). It
// is asked for every hex a move may end in, so it builds no error, nor a
// list of units, for a stack that fits.
type Stacking func(units []int, join int) *rules.Refusal

// Overstacked lists the hexes where side's units are over the limit, in
// Axial order: a game checks them where its rules say (N44 7.2: at the end
// of the Movement Phase; A44 8.3, S43 4.4).
func Overstacked(pos Position, side Side, limit Stacking) []hex.Axial {
	occ := Occupants(pos)
	var out []hex.Axial
	for _, a := range hex.SortedKeys(occ) {
		if us := occ[a]; pos.Side(us[0]) == side {
			if limit(us, -1) != nil {
				out = append(out, a)
			}
		}
	}
	return out
}

// StackRefusal is the refusal of unit i ending a move in a hex, named by its
// printed id, where others stand (i among them or not); nil when the stack
// fits.
func StackRefusal(others []int, i int, id string, limit Stacking) error {
	if r := limit(others, i); r != nil {
		return rules.Refuse(r.Rule, "%s %s", id, r.Reason)
	}
	return nil
}

// StackCheck is when a game holds its stacking limit: a per-game choice of
// the series, which the game reads where moves and advances end.
type StackCheck uint8

const (
	// StackEachMove: no move, and no advance after combat, may end over
	// the limit (normandy44/4's reading of N44 7.2).
	StackEachMove StackCheck = iota
	// StackPhaseEnd: moves and advances may end over the limit, which
	// holds at the end of each Movement Phase and after each advance;
	// there the owner eliminates the units he chooses until every hex is
	// within it (N44 7.2, L491-493; Excess).
	StackPhaseEnd
)

// Excess is the first of side's hexes over the limit (Overstacked) and its
// units, in index order, among which the owner picks one to eliminate at a
// time until it is within the limit (N44 7.2); ok is false when none is
// over it.
func Excess(pos Position, side Side, limit Stacking) (a hex.Axial, units []int, ok bool) {
	occ := Occupants(pos)
	for _, a := range hex.SortedKeys(occ) {
		if us := occ[a]; pos.Side(us[0]) == side && limit(us, -1) != nil {
			return a, us, true
		}
	}
	return hex.Axial{}, nil, false
}
