package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The first edition's tables, as the Italian book prints them (IT
// L1754-1999, digest normandy44-ed1.md §4). The tables it prints as 2.2 does
// are read from the one copy the engine has, and tablesEd1 gives the
// Italian lines of each (tables_ed1_test.go checks every cell against the
// Italian rows); those it prints otherwise are here: the Combat Results
// Table, the strafing table, the Woods row of the TEC (edition.woodsDCB) and
// the reinforcement points chart.

// ResNone is the first edition's "-" of the CRT: no effect (IT L1814).
const ResNone ResultCode = "-"

// crtTableEd1 is the "Tabella dei Risultati del Combattimento", IT
// L1792-1800. Four cells print "-" where 2.2 prints A1 (D18); every other
// cell is 2.2's.
var crtTableEd1 = combat.Table[ResultCode]{Name: "Combat Results Table", Rule: "10.5, 12.1", Lo: 1,
	Cols: crtTable.Cols,
	Rows: [][]ResultCode{
		{ResA1, ResA1, ResA1, ResNone, ResA1DR, ResEX, ResDR, ResDR, ResA1D1},   // IT L1795
		{ResA1, ResA1, ResNone, ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1},   // IT L1796
		{ResA1, ResNone, ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1},   // IT L1797
		{ResNone, ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1, ResA1D2}, // IT L1798
		{ResA1DR, ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1, ResA1D2, ResDH},   // IT L1799
		{ResEX, ResDR, ResDR, ResA1D1, ResD1, ResD1, ResA1D2, ResDH, ResDH},     // IT L1800
	}}

// crtEd1 is the first edition's CRT: 2.2's ladder (10.4-10.6, IT L692-712
// say the same) and legend (12.1, IT L834-852), with two changes:
//   - "-", no effect (IT L1814), better for the attacker than A1 and worse
//     than A1/DR;
//   - A1/D2 (D19, IT L840 and L1804, digest A6): the defender picks the
//     attacker's MAF step, the attacker the defenders' first step and the
//     defender the second (2.2: the attacker picks both).
var crtEd1 = combat.CRT{Ladder: ladder, Table: crtTableEd1, Legend: legendEd1(crtT1.Legend)}

func legendEd1(l []Result) []Result {
	out := slices.Clone(l)
	for k := range out {
		if out[k].Code == ResA1D2 {
			out[k].OpponentFirst = true
		}
	}
	a1 := slices.IndexFunc(out, func(r Result) bool { return r.Code == ResA1 })
	return slices.Insert(out, a1+1, Result{Code: ResNone})
}

// strafeResult is one cell of a strafing table (19.1.4): the unit is
// Disrupted, and a silhouette loses a step.
type strafeResult struct {
	Disrupt, SilhouetteStep bool
}

func (r strafeResult) String() string {
	switch {
	case r.Disrupt && r.SilhouetteStep:
		return "D1"
	case r.Disrupt:
		return "D"
	case r.SilhouetteStep:
		return "1"
	}
	return "-"
}

// strafeTableEd1 is the "Tabella del Mitragliamento", IT L1910-1917: 1-4
// no effect, 5 Disrupted, 6 Disrupted and a silhouette loses a step. The
// table's legend says "silhouette tank unit", 19.1.4 (IT L1290) any
// silhouette; the rule is read (digest A31).
var strafeTableEd1 = combat.Table[strafeResult]{Name: "Strafing Table", Rule: "19.1.4", Lo: 1,
	Rows: [][]strafeResult{{{}}, {{}}, {{}}, {{}}, {{Disrupt: true}}, {{Disrupt: true, SilhouetteStep: true}}}} // IT L1912-1915

// rpCostsEd1 is the reinforcement points chart of the first edition, IT
// L1919-1924, with 6.5.1 (IT L427-439): 2.2's rows (T15) and a US Recon
// Group for 2 RP, which 2.2 leaves to the In Britain card. The chart's "1
// RP for a one-step silhouette tank" is read as the rule's "any one-step
// unit" (IT L437, digest §4.11).
var rpCostsEd1 = slices.Insert(slices.Clone(rpCosts), 1, rpCostRow{2, "6.5.1: US Recon Group (IT L1922)", func(u *Unit) bool {
	return u.Nationality == "us" && u.Type == Recon && strings.HasPrefix(u.Size, "X") && !strings.HasPrefix(u.Size, "XX")
}})
