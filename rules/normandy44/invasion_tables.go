package normandy44

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The invasion tables: Beach Assault (T7, 20.3), DD Tanks (T8, 20.3.5),
// Airborne Scatter (T9, 20.2) and the 5th Ranger landing roll (20.3.4).
// Seed L1952-1974.

// Sentinel errors of the invasion lookups.
var (
	// ErrNoBeach: a beach name the Beach Assault table has no column for.
	ErrNoBeach = errors.New("no beach-assault column")
	// ErrNoDrop: a formation the Scatter table has no column for.
	ErrNoDrop = errors.New("no scatter column")
	// ErrAssaultOver: a roll handed to an assault that already has its result.
	ErrAssaultOver = errors.New("beach assault already resolved")
)

// BeachColumn is a column of the Beach Assault table (20.3.1, seed L1954).
type BeachColumn uint8

const (
	BeachOmaha BeachColumn = iota // "Omaha"
	BeachOther                    // "Pozostałe": Gold, Juno, Sword, Pointe du Hoc
	BeachUtah                     // "Utah"
)

func (c BeachColumn) String() string { return columnName(&beachTable, int(c)) }

// columnName is the heading of column c of a table, "?" for none.
func columnName[V any](t *combat.Table[V], c int) string {
	if s := t.Column(c); s != "" {
		return s
	}
	return "?"
}

// beachColumn gives the column of a beach, by the names scenarios use
// (beaches in scenario_terms.go). Pointe du Hoc reads "Other" (20.3.1, L1388).
func beachColumn(beach string) (BeachColumn, error) {
	switch beach {
	case "utah":
		return BeachUtah, nil
	case "omaha":
		return BeachOmaha, nil
	case "gold", "juno", "sword", "pointe-du-hoc":
		return BeachOther, nil
	}
	return 0, fmt.Errorf("beach %q: %w", beach, ErrNoBeach)
}

// firstAssault is one First Wave assault on a beach strongpoint (20.3.1).
type firstAssault struct {
	Beach  string
	Sector string // as the example of play names it (L1680-1722)
	// DDTanks: a DD tank battalion goes in with it (20.3.5: all eight
	// sea-borne assaults except Pointe du Hoc).
	DDTanks bool
}

// firstWave lists the nine First Wave assaults of the invasion (20.3,
// example of play L1678-1722). The rulebook names no sectors for Omaha's two
// hexes; the example tells them apart by the assaulting division (L1694-1696).
var firstWave = []firstAssault{
	{"utah", "tare-uncle", true}, // L1680
	{"pointe-du-hoc", "", false}, // L1690, 20.3.4
	{"omaha", "29th-div", true},  // L1694
	{"omaha", "1st-div", true},   // L1696
	{"gold", "jig", true},        // L1706
	{"gold", "king", true},       // L1708
	{"juno", "mike", true},       // L1714
	{"juno", "nan", true},        // L1716
	{"sword", "queen", true},     // L1722
}

// BeachResult is one cell of the Beach Assault table. Results read as on the
// CRT (20.3.2) except A2/D1; every Allied loss falls on infantry, never on
// tanks; no DD is allowed; the 1-step strongpoint dies on any result but the
// Omaha A1*.
type BeachResult struct {
	Code ResultCode // ResA1 (Omaha A1*), ResA2D1, ResEX, ResA1D1 or ResD1
	// Reroll: A1*, "Bloody Omaha": take the step and roll again (20.3.3).
	Reroll bool
	// Advance is the "Pościg" of the cell in hexes, 0 for A1* (20.3.6).
	Advance int
}

// String gives the cell as printed, with "Pościg" as "Advance": "A1* –",
// "A2/D1 Advance 1".
func (r BeachResult) String() string {
	if r.Reroll {
		return r.Code.String() + "* –"
	}
	return r.Code.String() + " Advance " + strconv.Itoa(r.Advance)
}

// AlliedSteps is the infantry step loss of the assault, the Allies choosing
// the units except on EX, where the German picks (20.3.2, example L1714).
func (r BeachResult) AlliedSteps() int { return legend(r.Code).AttackerSteps }

// StrongpointEliminated: every result but A1* takes the strongpoint's single
// step (20.3.2, L1390).
func (r BeachResult) StrongpointEliminated() bool { return !r.Reroll }

// The cells of T7.
var (
	bOmahaA1  = BeachResult{Code: ResA1, Reroll: true}
	bA2D1Adv1 = BeachResult{Code: ResA2D1, Advance: 1}
	bEXAdv1   = BeachResult{Code: ResEX, Advance: 1}
	bA1D1Adv1 = BeachResult{Code: ResA1D1, Advance: 1}
	bA1D1Adv2 = BeachResult{Code: ResA1D1, Advance: 2}
	bD1Adv2   = BeachResult{Code: ResD1, Advance: 2}
)

// beachTable is T7, "Szturm na plaże (20.3)", seed L1954-1960: rows by die
// roll, columns Omaha, Other ("Pozostałe"), Utah.
var beachTable = combat.Table[BeachResult]{Name: "T7 Beach Assault", Rule: "20.3", Lo: 1,
	Cols: []string{"Omaha", "Other", "Utah"},
	Rows: [][]BeachResult{
		{bOmahaA1, bA2D1Adv1, bEXAdv1},    // L1955
		{bA2D1Adv1, bEXAdv1, bA1D1Adv1},   // L1956
		{bEXAdv1, bA1D1Adv1, bA1D1Adv1},   // L1957
		{bA1D1Adv1, bA1D1Adv1, bA1D1Adv2}, // L1958
		{bA1D1Adv1, bA1D1Adv2, bD1Adv2},   // L1959
		{bA1D1Adv2, bD1Adv2, bD1Adv2},     // L1960
	}}

// beachAssault looks up one Beach Assault roll (1-6; others panic).
func beachAssault(c BeachColumn, roll int) BeachResult { return beachTable.Roll(int(c), roll, 0) }

// AssaultOutcome is a beach assault folded over its rolls so far.
type AssaultOutcome struct {
	Rolls       int         // rolls taken
	AlliedSteps int         // infantry steps lost so far, A1* rerolls included
	Done        bool        // a result other than A1* has come up
	Final       BeachResult // the last result
	// Advance is the advance the assault finally grants: the cell's, but
	// never beyond the beach hex once an A1* came first (20.3.6, L1402;
	// footnote L1961).
	Advance int
}

// beachAssaultRolls resolves an assault from its rolls in order: each A1*
// costs a step and calls for another roll (20.3.3); the first other result
// ends it. Done is false while another roll is needed; a roll after the end
// is ErrAssaultOver. Whether the landing fails (both assaulting infantry at
// cadre, 20.3.3; Pointe du Hoc on a 1, 20.3.4) depends on the units and is
// the engine's to judge.
func beachAssaultRolls(c BeachColumn, rolls []int) (AssaultOutcome, error) {
	var o AssaultOutcome
	afterA1 := false
	for i, roll := range rolls {
		if o.Done {
			return o, fmt.Errorf("roll %d: %w", i+1, ErrAssaultOver)
		}
		r := beachAssault(c, roll)
		o.Rolls++
		o.Final = r
		o.AlliedSteps += r.AlliedSteps()
		if r.Reroll {
			afterA1 = true
			continue
		}
		o.Done = true
		o.Advance = r.Advance
		if afterA1 {
			o.Advance = min(o.Advance, 1)
		}
	}
	return o, nil
}

// pointeDuHocFails: at Pointe du Hoc an assault roll of 1 (A2/D1) means the
// landing fails; the 2nd Ranger battalion is eliminated and the 5th goes to
// the Omaha approach box (20.3.4, L1396).
func pointeDuHocFails(roll int) bool {
	combat.MustDie(roll, "Pointe du Hoc")
	return roll == 1
}

// fifthRangersLand is the roll made as soon as the 2nd Ranger battalion has
// landed: 1-3 puts the 5th on Pointe du Hoc, anything else sends it to the
// Omaha approach box with the follow-up (20.3.4, L1396).
func fifthRangersLand(roll int) bool {
	combat.MustDie(roll, "5th Rangers")
	return roll <= 3
}

// ddTankLoss is T8, "Czołgi DD (20.3.5)", seed L1962-1965: the step loss of
// one DD tank battalion after its assault, 1-3 "-1 wytrzym.", 4-6 "brak
// efektu". It does not change the assault's result. One roll per battalion
// even when Omaha rerolls (AMBIG-37).
func ddTankLoss(roll int) int { return ddTankTable.Roll(0, roll, 0) }

var ddTankTable = combat.Table[int]{Name: "T8 DD Tanks", Rule: "20.3.5", Lo: 1,
	Rows: [][]int{{1}, {1}, {1}, {0}, {0}, {0}}} // L1964-1965

// ScatterColumn is a column of the Scatter table: the airborne division
// (20.2.1, seed L1963).
type ScatterColumn uint8

const (
	Scatter82  ScatterColumn = iota // "Dw.82"
	Scatter101                      // "Dw.101"
	Scatter6                        // "Dw.6", British 6th Airborne
)

func (c ScatterColumn) String() string { return columnName(&scatterTable, int(c)) }

// scatterColumn gives the column of an airborne formation, by the formation
// names of the shipped scenarios. A glider unit reads its own division's
// column (AMBIG-36).
func scatterColumn(formation string) (ScatterColumn, error) {
	switch formation {
	case "82-ab":
		return Scatter82, nil
	case "101-ab":
		return Scatter101, nil
	case "6-ab":
		return Scatter6, nil
	}
	return 0, fmt.Errorf("formation %q: %w", formation, ErrNoDrop)
}

// ScatterResult is a Scatter table result (20.2.2, seed L1363-1365, legend
// L1974).
type ScatterResult uint8

const (
	ScatterNone ScatterResult = iota // "-": no effect
	ScatterS                         // Scattered
	ScatterS1                        // Scattered, -1 step
	ScatterS2                        // Scattered, -2 steps
)

func (r ScatterResult) String() string {
	switch r {
	case ScatterNone:
		return "-"
	case ScatterS:
		return "S"
	case ScatterS1:
		return "S1"
	case ScatterS2:
		return "S2"
	}
	return "?"
}

// Scattered: the unit gets a Scattered marker (20.2.3).
func (r ScatterResult) Scattered() bool { return r != ScatterNone }

// Steps is the unit's step loss.
func (r ScatterResult) Steps() int {
	switch r {
	case ScatterS1:
		return 1
	case ScatterS2:
		return 2
	}
	return 0
}

// ReplBoxes is how far the nationality's airborne Repl marker moves: one box
// for S1 or S2, not one per step (L1364-1365; P01 moves it 2 for two S2).
func (r ScatterResult) ReplBoxes() int {
	if r.Steps() > 0 {
		return 1
	}
	return 0
}

// MaxRecovery is how many lost steps the unit may ever get back, -1 for no
// limit: an S2 unit recovers at most 1 (L1365, AMBIG-70).
func (r ScatterResult) MaxRecovery() int {
	if r == ScatterS2 {
		return 1
	}
	return -1
}

// scatterTable is T9, "Rozproszenie Scattered (20.2)", seed L1963-1969:
// rows by modified roll 1-6, columns 82nd, 101st, 6th ("Dw.82" ...).
var scatterTable = combat.Table[ScatterResult]{Name: "T9 Scatter", Rule: "20.2", Lo: 1,
	Cols: []string{"82nd", "101st", "6th"},
	Rows: [][]ScatterResult{
		{ScatterS2, ScatterS2, ScatterS1},       // L1964
		{ScatterS2, ScatterS1, ScatterS1},       // L1965
		{ScatterS1, ScatterS1, ScatterS},        // L1966
		{ScatterS1, ScatterS, ScatterNone},      // L1967
		{ScatterS, ScatterNone, ScatterNone},    // L1968
		{ScatterNone, ScatterNone, ScatterNone}, // L1969
	}}

// scatter looks up a Scatter roll (1-6; others panic). Glider infantry adds
// 1 (L1970, 20.2.4); a modified 7 reads the 6 row.
func scatter(c ScatterColumn, roll int, glider bool) ScatterResult {
	drm := 0
	if glider {
		drm = 1
	}
	return scatterTable.Roll(int(c), roll, drm)
}
