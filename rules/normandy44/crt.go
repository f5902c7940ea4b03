package normandy44

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Odds and the Combat Results Table (10.4-10.6, 12.1, T1).

// Sentinel errors of the odds computation.
var (
	// ErrOddsTooLow: the odds before any shift are below 1-3, so the attack
	// may not be made (10.6).
	ErrOddsTooLow = errors.New("odds below 1-3 before shifts (10.6)")
	// ErrStrength: a combat strength that no legal combat can have.
	ErrStrength = errors.New("impossible combat strength")
)

// strengthLimit is the most strength either side may use in one combat, the
// defender's DB included, counted after halving (10.4, seed L693, L2118-2120).
const strengthLimit = 18

// capStrength applies the 18-point limit of 10.4: points above it are ignored.
func capStrength(n int) int { return min(n, strengthLimit) }

// Column is a column of the CRT, counted from 1-3: 1-3 is 0, 1-2 is 1, 1-1
// is 2, 2-1 is 3 ... 7-1 is 8. Odds above 7-1 go on as 8-1, 9-1 ... so that
// shifts are counted from the true odds (10.5 step 1, seed L703); BelowCRT is
// the column left of 1-3, reached only by shifts (10.6).
type Column int

const (
	BelowCRT Column = iota - 1 // below 1-3 after shifts: automatic A1 (10.6)
	Col1to3
	Col1to2
	Col1to1
	Col2to1
	Col3to1
	Col4to1
	Col5to1
	Col6to1
	Col7to1 // the last printed column, "7-1+" (T1, seed L2090)
)

// String gives the odds as the rulebook prints them: "1-3", "1-2", "1-1",
// "2-1" ... "7-1", and "8-1" and up for raw odds above the table; "<1-3" for
// the automatic-A1 column.
func (c Column) String() string {
	switch {
	case c < Col1to3:
		return "<1-3"
	case c == Col1to3:
		return "1-3"
	case c == Col1to2:
		return "1-2"
	default:
		return strconv.Itoa(int(c-Col1to1)+1) + "-1"
	}
}

// Automatic reports whether the column gives A1 without a die roll: odds
// below 1-3 after all shifts, Jabos included (10.6, seed L713).
func (c Column) Automatic() bool { return c < Col1to3 }

// oddsColumn is step 1 of the combat procedure (10.5): attack strength
// against defense strength (the DB included, 11.2), each capped at 18 (10.4),
// rounded down in the defender's favour to a CRT column. Examples 15:4 = 3-1,
// 11:12 = 1-2 (seed L705). Odds above 7-1 are returned as they are (8-1,
// 9-1 ...) because the shifts count from them; shiftColumn clamps. Odds below
// 1-3 are not an attack at all: ErrOddsTooLow (10.6).
func oddsColumn(attack, defense int) (Column, error) {
	if attack < 0 || defense <= 0 {
		return 0, fmt.Errorf("odds %d:%d: %w", attack, defense, ErrStrength)
	}
	a, d := capStrength(attack), capStrength(defense)
	switch {
	case a >= d:
		return Col1to1 + Column(a/d-1), nil
	case 2*a >= d:
		return Col1to2, nil
	case 3*a >= d:
		return Col1to3, nil
	}
	return 0, fmt.Errorf("odds %d:%d: %w", a, d, ErrOddsTooLow)
}

// shiftColumn applies the net column shift (right positive, for the
// attacker; left negative) to the odds column and only then the limits, as
// 10.6 requires (seed L713-715: 10-1 with two left shifts is 8-1, resolved on
// 7-1): above 7-1 the combat uses 7-1, below 1-3 it is an automatic A1
// (BelowCRT). There is no cap on the number of shifts (designer's note L1878).
func shiftColumn(c Column, shifts int) Column {
	s := c + Column(shifts)
	switch {
	case s < Col1to3:
		return BelowCRT
	case s > Col7to1:
		return Col7to1
	}
	return s
}

// ResultCode is one result of the CRT legend (12.1, seed L839-857 and
// L2098-2116), or the beach-assault A2/D1 (20.3.2, seed L1392).
type ResultCode uint8

const (
	ResA1   ResultCode = iota + 1 // A1
	ResA1DR                       // A1/DR
	ResEX                         // EX
	ResDR                         // DR
	ResA1D1                       // A1/D1
	ResD1                         // D1
	ResA1D2                       // A1/D2
	ResDH                         // DH
	ResA2D1                       // A2/D1, Beach Assault table only (T7)
)

var resultNames = map[ResultCode]string{
	ResA1: "A1", ResA1DR: "A1/DR", ResEX: "EX", ResDR: "DR", ResA1D1: "A1/D1",
	ResD1: "D1", ResA1D2: "A1/D2", ResDH: "DH", ResA2D1: "A2/D1",
}

// String gives the code in the rulebook's notation, e.g. "A1/DR".
func (r ResultCode) String() string {
	if s, ok := resultNames[r]; ok {
		return s
	}
	return "result(" + strconv.Itoa(int(r)) + ")"
}

// AdvanceKind is the advance after combat a result grants the attacker (14.1).
type AdvanceKind uint8

const (
	// NoAdvance: the result gives no advance (A1, 12.1).
	NoAdvance AdvanceKind = iota
	// AdvanceIfVacated: up to advanceHexes in any direction once the defenders
	// retreat; a successful DD or DespD cancels it (12.4.1, 12.5, 14.1).
	AdvanceIfVacated
	// LimitedIfWiped: EX. No advance, except a Limited Advance into the
	// defender's hex when the defenders had exactly 1 step, now lost (14.1).
	LimitedIfWiped
)

// advanceHexes is the length of a normal advance after combat (14.1, seed
// L1012); a Limited Advance enters the vacated hex only (seed L1016).
const advanceHexes = 2

// Result is one CRT result with every effect its legend gives (12.1, seed
// L839-857; the table's own legend, L2098-2116, says the same).
type Result struct {
	Code ResultCode
	// AttackerSteps is the step loss of one MAF unit (12.2.1).
	AttackerSteps int
	// DefenderSteps is the step loss of the defenders as a whole; on DH,
	// DefenderHalf replaces it. See DefenderLoss.
	DefenderSteps int
	// DefenderHalf: DH, the defenders lose half their total steps, rounded up.
	DefenderHalf bool
	// Retreat is how far the surviving defenders retreat, in hexes (13.1.1);
	// 0 when they stay.
	Retreat int
	// DeterminedDefense: the defenders may roll DD instead of retreating
	// (12.4.1); never on DH or A1/D2.
	DeterminedDefense bool
	// Disrupted: defenders that retreat become Disrupted (13.6).
	Disrupted bool
	// Advance is the attacker's advance after combat (14.1).
	Advance AdvanceKind
	// Reserve: the attacker may instead mark attacking units Reserve, chosen
	// unit by unit (DH, A1/D2; 15.1).
	Reserve bool
	// OpponentChooses: each side's lost unit is picked by the other player,
	// the attacker's from the MAF (EX, A1/D2; 12.2.1 step 2, 12.2.2).
	OpponentChooses bool
	// SparedByOneStep: the attacker loses nothing if the defenders had only
	// 1 step (A1/D2).
	SparedByOneStep bool
}

// String gives the result in the rulebook's notation, e.g. "A1/D1".
func (r Result) String() string { return r.Code.String() }

// DefenderLoss is how many steps the defenders lose when they have steps
// steps (counting only units that may absorb losses, AMBIG-19/AMBIG-28):
// half rounded up on DH (example L841: 3 steps lose 2), never more than
// they have.
func (r Result) DefenderLoss(steps int) int {
	if r.DefenderHalf {
		return (steps + 1) / 2
	}
	return min(r.DefenderSteps, max(steps, 0))
}

// AttackerLoss is the MAF's step loss when the defenders had defenderSteps
// steps before the result: A1/D2 against a lone step costs the attacker
// nothing (12.1; example P15, L1778).
func (r Result) AttackerLoss(defenderSteps int) int {
	if r.SparedByOneStep && defenderSteps <= 1 {
		return 0
	}
	return r.AttackerSteps
}

// crtLegend holds the effects of each result of T1 (12.1, seed L839-857).
var crtLegend = map[ResultCode]Result{
	// L839: half the steps rounded up, retreat 4 without DD, Disrupted;
	// advance and/or Reserve per unit.
	ResDH: {Code: ResDH, DefenderHalf: true, Retreat: 4, Disrupted: true,
		Advance: AdvanceIfVacated, Reserve: true},
	// L843: one MAF step, two defender steps, the opponent picks both; no loss
	// for the attacker against 1 step; retreat 4 without DD, Disrupted;
	// advance and/or Reserve.
	ResA1D2: {Code: ResA1D2, AttackerSteps: 1, DefenderSteps: 2, Retreat: 4,
		Disrupted: true, Advance: AdvanceIfVacated, Reserve: true,
		OpponentChooses: true, SparedByOneStep: true},
	// L845: one defender step; retreat 2 or DD; if they retreat, Disrupted
	// and the attacker may advance.
	ResD1: {Code: ResD1, DefenderSteps: 1, Retreat: 2, DeterminedDefense: true,
		Disrupted: true, Advance: AdvanceIfVacated},
	// L847: retreat 2 or DD.
	ResDR: {Code: ResDR, Retreat: 2, DeterminedDefense: true, Disrupted: true,
		Advance: AdvanceIfVacated},
	// L849: a step each side, the attacker's from the MAF; retreat 2 or DD.
	ResA1D1: {Code: ResA1D1, AttackerSteps: 1, DefenderSteps: 1, Retreat: 2,
		DeterminedDefense: true, Disrupted: true, Advance: AdvanceIfVacated},
	// L851-853: a step each side, the opponent picks (the attacker's from the
	// MAF); no retreat; Limited Advance if the defenders' single step is gone.
	ResEX: {Code: ResEX, AttackerSteps: 1, DefenderSteps: 1,
		Advance: LimitedIfWiped, OpponentChooses: true},
	// L855: one MAF step; retreat 2 or DD.
	ResA1DR: {Code: ResA1DR, AttackerSteps: 1, Retreat: 2, DeterminedDefense: true,
		Disrupted: true, Advance: AdvanceIfVacated},
	// L857: one MAF step; no retreat, no advance.
	ResA1: {Code: ResA1, AttackerSteps: 1},
	// L1392: the assault loses 2 steps (the Allies assign them) and the
	// strongpoint is eliminated; no DD in beach assaults (20.3.2). The
	// advance comes from the Beach Assault table, not from here.
	ResA2D1: {Code: ResA2D1, AttackerSteps: 2, DefenderSteps: 1},
}

// crtTable is T1, "Tabela Wyników Walki", seed L2089-2096: one row per die
// roll 1-6, one column per odds 1-3 ... 7-1+.
var crtTable = combat.Table[ResultCode]{Name: "T1 Combat Results", Rule: "10.5, 12.1", Lo: 1,
	Cols: []string{"1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1+"},
	Rows: [][]ResultCode{
		{ResA1, ResA1, ResA1, ResA1, ResA1DR, ResEX, ResDR, ResDR, ResA1D1},   // L2091
		{ResA1, ResA1, ResA1, ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1},   // L2092
		{ResA1, ResA1, ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1},   // L2093
		{ResA1, ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1, ResA1D2}, // L2094
		{ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1, ResA1D2, ResDH}, // L2095
		{ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1, ResA1D2, ResDH, ResDH},   // L2096
	}}

// crt looks up the result of a die roll (1-6) on a column. A column below
// 1-3 is an automatic A1 whatever the roll (10.6); a column above 7-1 reads
// 7-1. A roll outside 1-6 is a bug in the caller and panics.
func crt(c Column, roll int) Result {
	if c.Automatic() {
		return crtLegend[ResA1]
	}
	return crtLegend[crtTable.Roll(int(min(c, Col7to1)), roll, 0)]
}
