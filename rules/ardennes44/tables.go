package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The rulebook's die-roll tables as data, each with its rule and the
// rulebook lines it is printed on; tables_test.go checks every cell against
// the printed rows (combattest.CheckTable). Every table is one d6, modified
// rolls clamped to the first and last rows, but the Determined Defense
// table's "0 or less" row (16.7.2, CON-2).

// fuelResult is a Fuel Shortage result (6.1): the divisions it names, how
// they combine, and who chooses.
type fuelResult struct {
	// Divisions named; All: "and" (both), otherwise "or" (one, the German
	// player's choice, 6.1).
	Divisions []string
	All       bool
	// Allied: "*", the Allied player picks a division (6.4): of Army (any
	// Panzer division of it, 6.4.2, CON-3), or only its units on or west of
	// the West-of-Ourthe line (West, 6.4.1).
	Allied bool
	Army   Army
	West   bool
}

// fuelTable is the Fuel Shortage Table (6.1, L277-288): two columns, a
// roll each, +1 from turn 15 (6.2). Column 2, roll 2 reads "East of
// Ourthe" in the translation, read as West (OCR-15, 6.4.1).
var fuelTable = combat.Table[fuelResult]{Name: "Fuel Shortage Table", Rule: "6.1", Lo: 1, Cols: []string{"1", "2"},
	Rows: [][]fuelResult{
		{{}, {}},
		{{Allied: true, Army: FifthPzArmy, West: true}, {Allied: true, Army: SixthPzArmy, West: true}},
		{{Divisions: []string{"15pg", "9pz"}}, {Divisions: []string{"3pg"}}},
		{{Divisions: []string{"fbb", "fgb"}, All: true}, {Divisions: []string{"2ss", "9ss"}}},
		{{Divisions: []string{"2pz", "lehr"}}, {Divisions: []string{"1ss", "12ss"}}},
		{{Divisions: []string{"116pz"}}, {Divisions: []string{"2ss", "9ss"}, All: true}},
		{{Allied: true, Army: FifthPzArmy}, {Divisions: []string{"1ss", "12ss"}, All: true}},
	}}

// fuelFrom: the Fuel Shortage Phase is held from turn 7 (6.1).
const fuelFrom = 7

// demolitionTable is the Bridge Demolition Table (7.2, L318-326): 1-4
// blown; modified results above 6 count as 6.
var demolitionTable = combat.Table[bool]{Name: "Bridge Demolition Table", Rule: "7.2", Lo: 1,
	Rows: [][]bool{{true}, {true}, {true}, {true}, {false}, {false}}}

// ourenTable is the Ouren bridge's roll (7.7, L356-362): 1-4 it collapses.
var ourenTable = combat.Table[bool]{Name: "Ouren bridge", Rule: "7.7", Lo: 1,
	Rows: [][]bool{{true}, {true}, {true}, {true}, {false}, {false}}}

// jabosTable is the Jabos Table (15.6.3, L791-797): columns shifted left,
// +1 with Bodenplatte (35).
var jabosTable = combat.Table[int]{Name: "Jabos Table", Rule: "15.6.3", Lo: 1,
	Rows: [][]int{{3}, {2}, {1}, {0}, {0}, {0}}}

// airTable is 15.6.2's Air Support markers: the die halved, rounded up;
// Bodenplatte -1, at least 1 (35).
var airTable = combat.Table[int]{Name: "Air Support markers", Rule: "15.6.2", Lo: 1,
	Rows: [][]int{{1}, {1}, {2}, {2}, {3}, {3}}}

// ffTable is the Fire Fight Table (16.2, L856-874).
var ffTable = combat.Table[combat.ResultCode]{Name: "Fire Fight Table", Rule: "16.2", Lo: 1,
	Rows: [][]combat.ResultCode{{"D1"}, {"DR2"}, {"A1/D1"}, {"A1/DR2"}, {"ENG+"}, {"A1/ENG"}}}

// ddResults are the Determined Defense Table's results (16.7.3).
var (
	ddYesEX  = combat.DDResult{Success: true, LeadSteps: 1, AttackerSteps: 1}
	ddYes    = combat.DDResult{Success: true, LeadSteps: 1}
	ddDelay  = combat.DDResult{LeadSteps: 1, Tags: TagDelay}
	ddNo     = combat.DDResult{}
	ddNoLoss = combat.DDResult{LeadSteps: 1}
)

// TagDelay marks the Determined Defense's Delay (16.7.3): a Limited
// advance after the retreat.
const TagDelay combat.Tags = 1 << 10

// ddTable is the Determined Defense Table (16.7.2, L942-958): "0 or less"
// to "6 or more"; the DCB is subtracted; the low end is not clamped
// (CON-2).
var ddTable = combat.Table[combat.DDResult]{Name: "Determined Defense Table", Rule: "16.7.2", Lo: 0,
	Rows: [][]combat.DDResult{{ddYesEX}, {ddYes}, {ddDelay}, {ddNo}, {ddNo}, {ddNo}, {ddNoLoss}}}

// ddCell prints a Determined Defense result as the table does.
func ddCell(r combat.DDResult) string {
	switch {
	case r.Success && r.AttackerSteps > 0:
		return "Yes (EX)"
	case r.Success:
		return "Yes (-1 step)"
	case r.Tags.Has(TagDelay):
		return "Delay (-1 step)"
	case r.LeadSteps > 0:
		return "No (-1 step)"
	}
	return "No"
}

// defArtTable is the Defensive Artillery Table (22.8, L1268-1276): columns
// shifted left, ToT (-1) for Allied artillery's 1.
const tot = -1

var defArtTable = combat.Table[int]{Name: "Defensive Artillery Table", Rule: "22.8", Lo: 1, Cols: []string{"allied", "german"},
	Rows: [][]int{{tot, 2}, {2, 2}, {1, 1}, {1, 1}, {1, 0}, {0, 0}}}

// rallyTable is the Rally Table (18.6, L1074-1077): true, one level better.
var rallyTable = combat.Table[bool]{Name: "Rally Table", Rule: "18.6", Lo: 1,
	Rows: [][]bool{{true}, {true}, {false}, {false}, {false}, {false}}}

// disengageResult is a Disengagement Table result (20.2-20.3).
type disengageResult struct {
	Yes, D bool
}

// disengageTable is the Disengagement Table (20.2, L1145-1156).
var disengageTable = combat.Table[disengageResult]{Name: "Disengagement Table", Rule: "20.2", Lo: 1,
	Rows: [][]disengageResult{{{Yes: true}}, {{Yes: true}}, {{Yes: true}}, {{Yes: true, D: true}}, {{}}, {{D: true}}}}

// surrenderTable is the Surrender Table (23.7, L1368-1384): Surrender
// Points, -1 on a 0 (an airdrop); -2 for Allied groups under clear skies;
// results below 0 count as 0.
var surrenderTable = combat.Table[int]{Name: "Surrender Table", Rule: "23.7", Lo: 0,
	Rows: [][]int{{-1}, {0}, {0}, {1}, {1}, {1}, {1}}}

// Surrender thresholds (23.8).
const (
	thresholdGreen  = 3
	thresholdNormal = 4
	thresholdElite  = 5
)

// bodenplatteTable is Operation Bodenplatte's roll (35, L1792-1795): the
// turn from which it is in effect, 0 for none.
var bodenplatteTable = combat.Table[int]{Name: "Bodenplatte Table", Rule: "35", Lo: 1,
	Rows: [][]int{{0}, {0}, {0}, {19}, {19}, {17}}}

// pzj653Table is the 653rd PzJ's arrival (27.7): "arrives", "delayed",
// "never".
var pzj653Table = combat.Table[string]{Name: "653 PzJ arrival", Rule: "27.7", Lo: 1,
	Rows: [][]string{{"arrives"}, {"arrives"}, {"delayed"}, {"delayed"}, {"never"}, {"never"}}}

// vdhTable is von der Heydte's drop (27.2): 1 its full side, 2-3 its
// reduced side; 4-6 are not given and read as eliminated (AMB-33).
var vdhTable = combat.Table[int]{Name: "von der Heydte Table", Rule: "27.2, AMB-33", Lo: 1,
	Rows: [][]int{{0}, {1}, {1}, {-1}, {-1}, {-1}}}

// pz150Table is 150 Pz Bde's roll, to infiltrate (27.8.2) or to surprise
// (27.8.3): 1-3 it works.
var pz150Table = combat.Table[bool]{Name: "150 Pz Bde", Rule: "27.8.2, 27.8.3", Lo: 1,
	Rows: [][]bool{{true}, {true}, {true}, {false}, {false}, {false}}}

// jabosShift reads the Jabos die, 0 when none was rolled.
func jabosShift(die int, bodenplatte bool) int {
	if die == 0 {
		return 0
	}
	drm := 0
	if bodenplatte {
		drm = 1
	}
	return jabosTable.Roll(0, die, drm)
}
