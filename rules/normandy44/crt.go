package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Odds and the Combat Results Table (10.4-10.6, 12.1, T1).

// Sentinel errors of the odds computation, the series' own.
var (
	// ErrOddsTooLow: the odds before any shift are below 1-3, so the attack
	// may not be made (10.6).
	ErrOddsTooLow = combat.ErrOddsTooLow
	// ErrStrength: a combat strength that no legal combat can have.
	ErrStrength = combat.ErrStrength
)

// Column is a column of the odds ladder (combat.Column: 1-1 is 0).
type Column = combat.Column

// The columns of T1, and BelowCRT, the column left of 1-3 that shifts alone
// reach: an automatic A1 (10.6). Odds above 7-1 go on as 8-1, 9-1 ... so
// that shifts are counted from the true odds (10.5 step 1, seed L703).
const (
	BelowCRT Column = Col1to3 - 1
	Col1to3  Column = -2
	Col1to2  Column = -1
	Col1to1  Column = 0
	Col2to1  Column = 1
	Col3to1  Column = 2
	Col4to1  Column = 3
	Col5to1  Column = 4
	Col6to1  Column = 5
	Col7to1  Column = 6 // the last printed column, "7-1+" (T1, seed L2090)
)

// ladder is the odds ladder of 10.4-10.6: each side counts at most 18
// points, the DB included, after halving (10.4, seed L693, L2118-2120);
// odds below 1-3 before shifts are no attack (10.6); after all shifts,
// Jabos included, odds below 1-3 are an automatic A1 and odds above 7-1
// read 7-1 (10.6, seed L713-715: 10-1 with two left shifts is 8-1, resolved
// on 7-1). There is no cap on the number of shifts (designer's note L1878).
var ladder = combat.Ladder{Lo: Col1to3, Hi: Col7to1, Cap: 18, Below: ResA1, Rule: "10.6"}

// capStrength applies the 18-point limit of 10.4: points above it are ignored.
func capStrength(n int) int { return ladder.Capped(n) }

// oddsColumn is step 1 of the combat procedure (10.5): attack strength
// against defense strength (the DB included, 11.2), each capped at 18 (10.4),
// rounded down in the defender's favour to a CRT column. Examples 15:4 = 3-1,
// 11:12 = 1-2 (seed L705). Odds above 7-1 are returned as they are (8-1,
// 9-1 ...) because the shifts count from them; shiftColumn clamps. Odds below
// 1-3 are not an attack at all: ErrOddsTooLow (10.6).
func oddsColumn(attack, defense int) (Column, error) { return ladder.Odds(attack, defense) }

// shiftColumn applies the net column shift (right positive, for the
// attacker; left negative) to the odds column and only then the limits, as
// 10.6 requires: above 7-1 the combat uses 7-1, below 1-3 it is an
// automatic A1 (BelowCRT).
func shiftColumn(c Column, shifts int) Column { return ladder.Final(c, shifts) }

// automatic reports whether the final column gives A1 without a die roll:
// odds below 1-3 after all shifts, Jabos included (10.6, seed L713).
func automatic(c Column) bool {
	_, auto := ladder.Automatic(c)
	return auto
}

// ResultCode is a result of the CRT legend (12.1, seed L839-857 and
// L2098-2116), or the beach-assault A2/D1 (20.3.2, seed L1392).
type ResultCode = combat.ResultCode

const (
	ResA1   ResultCode = "A1"
	ResA1DR ResultCode = "A1/DR"
	ResEX   ResultCode = "EX"
	ResDR   ResultCode = "DR"
	ResA1D1 ResultCode = "A1/D1"
	ResD1   ResultCode = "D1"
	ResA1D2 ResultCode = "A1/D2"
	ResDH   ResultCode = "DH"
	ResA2D1 ResultCode = "A2/D1" // Beach Assault table only (T7)
)

// AdvanceKind is the advance after combat a result grants the attacker
// (14.1): none (A1), up to advanceHexes in any direction once the defenders
// retreat (a successful DD or DespD cancels it: 12.4.1, 12.5), or on EX a
// Limited Advance into the defender's hex when the defenders had exactly 1
// step, now lost.
type AdvanceKind = combat.AdvanceKind

const (
	NoAdvance        = combat.NoAdvance
	AdvanceIfVacated = combat.AdvanceIfVacated
	LimitedIfWiped   = combat.LimitedIfWiped
)

// advanceHexes is the length of a normal advance after combat (14.1, seed
// L1012); a Limited Advance enters the vacated hex only (seed L1016).
const advanceHexes = 2

// Result is one CRT result with every effect its legend gives (12.1, seed
// L839-857; the table's own legend, L2098-2116, says the same); the
// results that allow Reserve instead of an advance carry TagReserve.
type Result = combat.Result

// TagReserve: the attacker may mark attacking units Reserve instead of
// advancing, chosen unit by unit (DH, A1/D2; 15.1 b).
const TagReserve combat.Tags = 1 << 0

// disrupted is the mark of every retreating defender (13.6).
const disrupted = "Disrupted"

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

// crtT1 is T1 with its ladder and its legend (12.1, seed L839-857), the
// results from the worst for the attacker to the best: T1 gets no worse for
// the attacker as the die or the odds rise (TestAttackerScore_FollowsTheCRT).
var crtT1 = combat.CRT{Ladder: ladder, Table: crtTable, Legend: []Result{
	// L857: one MAF step; no retreat, no advance.
	{Code: ResA1, AttackerSteps: 1},
	// L855: one MAF step; retreat 2 or DD.
	{Code: ResA1DR, AttackerSteps: 1, Retreat: 2, DeterminedDefense: true,
		Mark: disrupted, Advance: AdvanceIfVacated, Reach: advanceHexes},
	// L851-853: a step each side, the opponent picks (the attacker's from the
	// MAF); no retreat; Limited Advance if the defenders' single step is gone.
	{Code: ResEX, AttackerSteps: 1, DefenderSteps: 1,
		Advance: LimitedIfWiped, OpponentChooses: true},
	// L847: retreat 2 or DD.
	{Code: ResDR, Retreat: 2, DeterminedDefense: true, Mark: disrupted,
		Advance: AdvanceIfVacated, Reach: advanceHexes},
	// L849: a step each side, the attacker's from the MAF; retreat 2 or DD.
	{Code: ResA1D1, AttackerSteps: 1, DefenderSteps: 1, Retreat: 2,
		DeterminedDefense: true, Mark: disrupted, Advance: AdvanceIfVacated, Reach: advanceHexes},
	// L845: one defender step; retreat 2 or DD; if they retreat, Disrupted
	// and the attacker may advance.
	{Code: ResD1, DefenderSteps: 1, Retreat: 2, DeterminedDefense: true,
		Mark: disrupted, Advance: AdvanceIfVacated, Reach: advanceHexes},
	// L843: one MAF step, two defender steps, the opponent picks both; no loss
	// for the attacker against 1 step; retreat 4 without DD, Disrupted;
	// advance and/or Reserve.
	{Code: ResA1D2, AttackerSteps: 1, DefenderSteps: 2, Retreat: 4,
		Mark: disrupted, Advance: AdvanceIfVacated, Reach: advanceHexes, Tags: TagReserve,
		OpponentChooses: true, SparedByOneStep: true},
	// L839: half the steps rounded up, retreat 4 without DD, Disrupted;
	// advance and/or Reserve per unit.
	{Code: ResDH, DefenderHalf: true, Retreat: 4, Mark: disrupted,
		Advance: AdvanceIfVacated, Reach: advanceHexes, Tags: TagReserve},
	// L1392: the assault loses 2 steps (the Allies assign them) and the
	// strongpoint is eliminated; no DD in beach assaults (20.3.2). The
	// advance comes from the Beach Assault table, not from here.
	{Code: ResA2D1, AttackerSteps: 2, DefenderSteps: 1},
}}

// legend gives the effects of a result code of T1 or T7.
func legend(code ResultCode) Result {
	r, ok := crtT1.Result(code)
	if !ok {
		panic(fmt.Sprintf("normandy44: no result %q in the legend of 12.1", code))
	}
	return r
}

// crt looks up the result of a die roll (1-6) on a column. A column below
// 1-3 is an automatic A1 whatever the roll (10.6); a column above 7-1 reads
// 7-1. A roll outside 1-6 is a bug in the caller and panics.
func crt(c Column, roll int) Result { return crtT1.Lookup(c, roll, 0) }
