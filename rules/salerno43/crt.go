package salerno43

import (
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The CRT's ladder (8.3, 8.6): columns 1-3 to 7-1, odds rounded down, no
// 3-2 (6:4 is 1-1); odds below 1-3 are read 1-3 (8.6.1, A-07), 8-1 and
// 9-1 are read 7-1, and 10-1 or more after all shifts is an automatic DS
// (8.6.1, 8.6.2). Neither side counts more than 20 points (8.4.5).
var ladder = combat.Ladder{Lo: combat.At(1, 3), Hi: combat.At(7, 1), Cap: 20, Virtual: true, Floor: true,
	Top: combat.At(10, 1), TopCode: "DS", Rule: "8.6"}

// Result tags: what Salerno's results do beyond the series' fields.
const (
	// TagDis: Dis, the defenders become DG; those already DG become
	// Shattered and retreat 2 (10.1).
	TagDis combat.Tags = 1 << iota
	// TagShatter: the retreating defenders are Shattered, not DG (10.1:
	// DS, DR4).
	TagShatter
	// TagOrange: an orange cell, -1 on the DD roll (11.2.2).
	TagOrange
)

// legend is 10.1's results (digest T3), from the worst for the attacker to
// the best, each result that allows a DD followed by its orange and red
// cells (11.2.2): CODE:o takes -1 on the DD roll, CODE:r allows no DD at
// all. Reach is the mechanized advance; a non-mechanized unit never
// advances more than 2 (14.2.1).
var legend = withColours(baseLegend)

var baseLegend = []combat.Result{
	{Code: "A1", AttackerSteps: 1},
	{Code: "EX", AttackerSteps: 1, DefenderSteps: 1, OpponentChooses: true, Advance: combat.LimitedIfWiped},
	{Code: "A1/DR2", AttackerSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "DG", Advance: combat.AdvanceIfVacated, Reach: 2},
	{Code: "A1/D1", AttackerSteps: 1, DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "DG", Advance: combat.AdvanceIfVacated, Reach: 2},
	{Code: "DRX", AttackerSteps: 1, DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "DG", OpponentChooses: true, Advance: combat.AdvanceIfVacated, Reach: 2},
	{Code: "Dis", Tags: TagDis},
	{Code: "DR2", Retreat: 2, DeterminedDefense: true, Mark: "DG", Advance: combat.AdvanceIfVacated, Reach: 2},
	{Code: "D1", DefenderSteps: 1, Retreat: 3, DeterminedDefense: true, Mark: "DG", Advance: combat.AdvanceIfVacated, Reach: 3},
	{Code: "DR4", Retreat: 4, Mark: "SH", Advance: combat.AdvanceIfVacated, Reach: 3, Tags: TagShatter},
	// DS: the attacker picks the defender's step (10.2.1).
	{Code: "DS", DefenderSteps: 1, Retreat: 4, Mark: "SH", OpponentChooses: true, Advance: combat.AdvanceIfVacated, Reach: 4, Tags: TagShatter},
}

// withColours adds the orange and red cells of each result that allows a
// DD (11.2.2).
func withColours(base []combat.Result) []combat.Result {
	var out []combat.Result
	for _, r := range base {
		out = append(out, r)
		if !r.DeterminedDefense {
			continue
		}
		o, red := r, r
		o.Code, o.Tags = r.Code+":o", r.Tags|TagOrange
		red.Code, red.DeterminedDefense = r.Code+":r", false
		out = append(out, o, red)
	}
	return out
}

// baseCode is a cell's result without its colour.
func baseCode(c combat.ResultCode) combat.ResultCode {
	s, _, _ := strings.Cut(string(c), ":")
	return combat.ResultCode(s)
}

// advanceLength is how far a unit advances after a result (10.1, 14.2.1):
// the result's reach for a mechanized unit, at most 2 for any other; at
// most 2 out of supply (16.4), 1 with ½ Eff (5.7).
func advanceLength(r combat.Result, mech, oos, halfEff bool) int {
	n := r.Reach
	if !mech || oos {
		n = min(n, 2)
	}
	if halfEff {
		n = min(n, 1)
	}
	return n
}
