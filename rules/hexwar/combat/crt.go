package combat

import (
	"fmt"
	"slices"
)

// ResultCode is a combat result as the rulebook prints it: "A1/DR", "DS",
// "FF(+1)". The codes are data: each game's legend says what they mean.
type ResultCode string

func (r ResultCode) String() string { return string(r) }

// AdvanceKind is the advance after combat a result grants the attacker.
type AdvanceKind uint8

const (
	// NoAdvance: the result gives no advance.
	NoAdvance AdvanceKind = iota
	// AdvanceIfVacated: up to the result's Reach in hexes, in any
	// direction, once the defenders have retreated or been eliminated; a
	// successful Determined Defense leaves only a Limited Advance.
	AdvanceIfVacated
	// LimitedIfWiped: no advance, except into the defender's hex when the
	// defenders were all eliminated there (Normandy '44 14.1 on EX,
	// Ardennes '44 19.1.2, Salerno '43 14.2.2).
	LimitedIfWiped
)

// Result is one result of a game's legend, with every effect the series'
// procedure reads; what only one game does with it rides in Tags.
type Result struct {
	Code ResultCode
	// AttackerSteps is the attacker's step loss, taken from the MAF.
	AttackerSteps int
	// DefenderSteps is the defenders' step loss as a whole; on a halving
	// result DefenderHalf replaces it.
	DefenderSteps int
	// DefenderHalf: the defenders lose half their steps, rounded up.
	DefenderHalf bool
	// Retreat is how far the surviving defenders retreat, in hexes; 0 when
	// they stay.
	Retreat int
	// DeterminedDefense: the defenders may try a Determined Defense instead
	// of retreating.
	DeterminedDefense bool
	// Mark is the state the defenders take when they retreat ("Disrupted",
	// "Broken", "Shattered"); "" for none.
	Mark string
	// Advance is the attacker's advance after combat, Reach its length in
	// hexes.
	Advance AdvanceKind
	Reach   int
	// OpponentChooses: each side's lost steps are picked by the other
	// player.
	OpponentChooses bool
	// OpponentFirst: the attacker picks the first step of the defenders'
	// loss and the defender the rest (Normandy '44, first edition, 12.1
	// A1/D2: "the attacker chooses the first step").
	OpponentFirst bool
	// SparedByOneStep: the attacker loses nothing when the defenders had a
	// single step.
	SparedByOneStep bool
	// Tags are the game's own effects (Normandy '44: Reserve, 15.1 b).
	Tags Tags
}

// String gives the result in the rulebook's notation.
func (r Result) String() string { return string(r.Code) }

// DefenderLoss is how many steps the defenders lose when they hold steps
// steps: half rounded up on a halving result, never more than they have.
func (r Result) DefenderLoss(steps int) int {
	if r.DefenderHalf {
		return (steps + 1) / 2
	}
	return min(r.DefenderSteps, max(steps, 0))
}

// AttackerLoss is the attacker's step loss when the defenders held
// defenderSteps steps before the result.
func (r Result) AttackerLoss(defenderSteps int) int {
	if r.SparedByOneStep && defenderSteps <= 1 {
		return 0
	}
	return r.AttackerSteps
}

// CRT is a game's Combat Results Table as data: the odds ladder, the grid
// (rows by die roll, one column per printed column of the ladder from Lo)
// and the legend of its codes.
type CRT struct {
	Ladder Ladder
	Table  Table[ResultCode]
	// Legend lists every code the grid and the ladder give, and any other
	// the game reads the same way, from the worst for the attacker to the
	// best.
	Legend []Result
}

// Check reports a grid that does not fit the ladder or a code missing from
// the legend: the faults of a transcribed CRT.
func (c *CRT) Check() error {
	cols := int(c.Ladder.Hi-c.Ladder.Lo) + 1
	if len(c.Table.Cols) != cols {
		return fmt.Errorf("%s: %d columns, the ladder %v to %v has %d", c.Table.Name, len(c.Table.Cols), c.Ladder.Lo, c.Ladder.Hi, cols)
	}
	for i, row := range c.Table.Rows {
		if len(row) != cols {
			return fmt.Errorf("%s: row %d has %d cells, want %d", c.Table.Name, c.Table.Lo+i, len(row), cols)
		}
		for _, code := range row {
			if _, ok := c.Result(code); !ok {
				return fmt.Errorf("%s: row %d: %q is not in the legend", c.Table.Name, c.Table.Lo+i, code)
			}
		}
	}
	for _, code := range []ResultCode{c.Ladder.Below, c.Ladder.TopCode} {
		if _, ok := c.Result(code); code != "" && !ok {
			return fmt.Errorf("%s: the automatic result %q is not in the legend", c.Table.Name, code)
		}
	}
	return nil
}

// Result gives the legend's entry for a code.
func (c *CRT) Result(code ResultCode) (Result, bool) {
	i := slices.IndexFunc(c.Legend, func(r Result) bool { return r.Code == code })
	if i < 0 {
		return Result{}, false
	}
	return c.Legend[i], true
}

// Score orders the codes for the attacker, by their place in the legend: a
// higher score is a better result for the attacker; -1 for a code the
// legend lacks.
func (c *CRT) Score(code ResultCode) int {
	return slices.IndexFunc(c.Legend, func(r Result) bool { return r.Code == code })
}

// Lookup reads a final column with a die (1-6) and its modifier. A column
// with an automatic result gives it whatever the die; past Hi the grid
// reads Hi. A die outside 1-6 is a bug and panics.
func (c *CRT) Lookup(col Column, die, drm int) Result {
	code, auto := c.Ladder.Automatic(col)
	if !auto {
		code = c.Table.Roll(int(min(col, c.Ladder.Hi)-c.Ladder.Lo), die, drm)
	}
	r, ok := c.Result(code)
	if !ok {
		panic(fmt.Sprintf("combat: %s: %q is not in the legend", c.Table.Name, code))
	}
	return r
}
