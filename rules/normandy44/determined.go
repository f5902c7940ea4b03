package normandy44

import (
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Determined Defense (12.4, T2).

// DeterminedColumn is a column of the Determined Defense table (12.4.4).
// The OCR split the header over two lines (seed L2124-2125, AMBIG-21); the
// order below is the one the examples P21, P25 and P27 confirm.
type DeterminedColumn uint8

const (
	DDClear       DeterminedColumn = iota // "Wylana rzeka lub czysty": flooded-river hex or Clear
	DDOther                               // "Pozostałe": Forest, Bocage, Mixed, Town and the rest
	DDImproved                            // "Ulepszona Pozycja": the hex holds an IP (Osteck and Westeck too)
	DDStrongpoint                         // "Punkt umocn. lub duże miasto": a City, or a strongpoint Lead
)

func (c DeterminedColumn) String() string {
	if s := determinedTable.Column(int(c)); s != "" {
		return s
	}
	return "?"
}

// determinedColumn picks the column (12.4.4, seed L884-886): a City or a
// strongpoint Lead reads the strongpoint column; otherwise an IP in the hex
// reads the IP column; otherwise the hex terrain does. When the Lead is a
// strongpoint in a hex that also holds an IP both exceptions apply; the
// strongpoint column is taken (AMBIG-20): it holds on every roll the IP
// column holds, costs the defender no more and keeps the IP. A strongpoint
// in the stack that does not lead changes nothing in 2.2; in the first
// edition (12.4.1, IT L880-886, D21) a strongpoint in the hex gives its
// column whoever leads, and the caller says so in strongpoint.
func determinedColumn(t Terrain, improved, strongpoint bool) DeterminedColumn {
	switch {
	case strongpoint || t == City:
		return DDStrongpoint
	case improved:
		return DDImproved
	case t == Clear || t == Flooded:
		return DDClear
	}
	return DDOther
}

// DeterminedMods are the inputs of the DD die-roll modifier (12.4.5, seed
// L888-896, table L2134-2137).
type DeterminedMods struct {
	Quality    int  // the Lead's quality, -2..+2 (2.3.1)
	ArmorClass bool // the Lead's AC beats the MAF's best (12.4.6): +1
	// ArmorWorse: the first edition's comparison found the attacker's AC
	// better (12.4.2, IT L894-900, D22): -1, taken only when the quality is
	// worse still.
	ArmorWorse bool
	Support    bool // one source of defensive support declared (12.4.7): +1
}

// maxDeterminedDRM caps the total modifier (12.4.5, seed L896).
const maxDeterminedDRM = 2

// DRM is the total modifier: the Lead's quality or the +1 AC comparison,
// never both, taking the better of the two (AMBIG-60); +1 for support; at
// most +2. There is no floor: the table's first row reads "≤ 1".
func (m DeterminedMods) DRM() int {
	d := m.Quality
	switch {
	case m.ArmorClass:
		d = max(d, 1)
	case m.ArmorWorse:
		d = max(d, -1)
	}
	if m.Support {
		d++
	}
	return min(d, maxDeterminedDRM)
}

// DeterminedResult is one cell of T2 (legend 12.4.8, seed L906-912 and
// L2139-2145): success (●) cancels the retreat and the attacker's advance,
// the stack staying and not Disrupted; "-1" is the Lead's step loss, and the
// defender's half of EX; EX is also one MAF unit's step, the defender
// picking; AL is the step of any attacking unit, MAF or not, the attacker
// picking; "*" removes the Improved Position in the defending hex
// (TagIPDestroyed).
type DeterminedResult = combat.DDResult

// TagIPDestroyed (*): the Improved Position in the defending hex is removed.
const TagIPDestroyed combat.Tags = 1 << 0

// ddCell gives a cell as the table prints it (seed L2126-2132): "-" for no
// effect, "-1", "● -1", "● EX", "● AL", "● AL*".
func ddCell(r DeterminedResult) string {
	var parts []string
	if r.Success {
		parts = append(parts, "●")
	}
	switch {
	case r.MAFSteps > 0:
		parts = append(parts, "EX")
	case r.LeadSteps > 0:
		parts = append(parts, "-1")
	case r.AttackerSteps > 0:
		parts = append(parts, "AL")
	}
	s := strings.Join(parts, " ")
	if r.Tags.Has(TagIPDestroyed) {
		s += "*"
	}
	if s == "" {
		return "-"
	}
	return s
}

// The kinds of cell in T2.
var (
	ddNone     = DeterminedResult{}
	ddLoss     = DeterminedResult{LeadSteps: 1}
	ddHoldLoss = DeterminedResult{Success: true, LeadSteps: 1}
	ddHoldEX   = DeterminedResult{Success: true, LeadSteps: 1, MAFSteps: 1}
	ddHoldAL   = DeterminedResult{Success: true, AttackerSteps: 1}
	ddHoldALIP = DeterminedResult{Success: true, AttackerSteps: 1, Tags: TagIPDestroyed}
)

// determinedTable is T2, "Tabela Zdeterminowanej Obrony", seed L2122-2132:
// rows by modified roll ≤1, 2 ... 6, 7+; columns as DeterminedColumn.
var determinedTable = combat.Table[DeterminedResult]{Name: "T2 Determined Defense", Rule: "12.4", Lo: 1,
	Cols: []string{"Flooded river or Clear", "Other", "Improved Position", "Strongpoint or City"},
	Rows: [][]DeterminedResult{
		{ddNone, ddNone, ddNone, ddNone},           // L2126 ≤ 1
		{ddNone, ddNone, ddNone, ddNone},           // L2127 2
		{ddNone, ddNone, ddNone, ddHoldLoss},       // L2128 3
		{ddNone, ddNone, ddHoldLoss, ddHoldEX},     // L2129 4
		{ddLoss, ddHoldLoss, ddHoldEX, ddHoldEX},   // L2130 5
		{ddHoldEX, ddHoldEX, ddHoldALIP, ddHoldAL}, // L2131 6
		{ddHoldAL, ddHoldAL, ddHoldAL, ddHoldAL},   // L2132 7+
	}}

// determined resolves a DD roll (1-6) on a column with the Lead's modifiers
// (12.4.3-12.4.8). A roll outside 1-6 or an unknown column panics.
func determined(c DeterminedColumn, roll int, m DeterminedMods) DeterminedResult {
	return determinedTable.Roll(int(c), roll, m.DRM())
}
