package salerno43

import "github.com/pbem-referee/pbem/rules/hexwar"

// The words of Salerno '43's files: terrains, hexside features, road
// classes and zones (2.2, digest §1.2), sides and nationalities (2.3.4),
// unit types (2.3.3, T1) and troop quality (2.3.2).

// Side is a player side.
type Side = hexwar.Side

const (
	German = hexwar.German
	Allied = hexwar.Allied
)

// Terrain is a hex terrain (2.2, TEC).
type Terrain = hexwar.Terrain

const (
	Clear Terrain = "clear"
	Hills Terrain = "hills"
	Swamp Terrain = "swamp"
	City  Terrain = "city"
	Town  Terrain = "town" // the DD table's Clear column excludes it (11.2.1, L616)
	Sea   Terrain = "sea"  // all-sea, unplayable (2.2)
)

var terrains = []Terrain{Clear, Hills, Swamp, City, Town, Sea}

// Feature is a hexside feature.
type Feature = hexwar.Feature

const (
	Mountain Feature = "mountain" // 2.2.2, 5.6, 6.1, 7.6.1, 9.8
	Pass     Feature = "pass"     // a mountain pass: only on a mountain hexside (5.6)
	River    Feature = "river"    // a small river; there are no major rivers (5.5, L381)
	SeaSide  Feature = "sea"      // an all-sea hexside (6.1, 16.3.2)
)

var features = []Feature{Mountain, Pass, River, SeaSide}

// RoadClass is a road class (5.2).
type RoadClass = hexwar.RoadClass

const (
	MainRoad      RoadClass = "main"      // 1/3 MP a hex for mechanized units (5.2)
	SecondaryRoad RoadClass = "secondary" // 1/2 MP (5.2)
)

var roadClasses = []RoadClass{MainRoad, SecondaryRoad}

// Zones of the map.
const (
	// ZoneEighthArmy is the 8th Army's sector, east of the army boundary
	// (S2.3.3), which holds three VP hexes (S2.3.7).
	ZoneEighthArmy = "8th-army"
	// ZoneNorthOfCampanella: no naval support north of Campanella Point
	// (9.6).
	ZoneNorthOfCampanella = "north-of-campanella"
)

var zones = []string{ZoneEighthArmy, ZoneNorthOfCampanella}

func mapWords(chart *hexwar.TEC) hexwar.MapWords {
	return hexwar.MapWords{Terrains: terrains, Features: features, Roads: roadClasses, Zones: zones, Chart: chart}
}

// Nation is a counter's nationality (2.3.4): US and the Commonwealth
// (British, Canadian) never attack together (8.5).
type Nation string

const (
	US        Nation = "us"
	British   Nation = "gb"
	Canadian  Nation = "ca"
	Heer      Nation = "heer"
	Luftwaffe Nation = "luftwaffe"
)

var nations = map[Nation]Side{US: Allied, British: Allied, Canadian: Allied, Heer: German, Luftwaffe: German}

// Commonwealth: British and Canadian units are CW (2.3.4).
func (n Nation) Commonwealth() bool { return n == British || n == Canadian }

// UnitType is a counter's type (2.3.3, digest T1).
type UnitType string

// TypeInfo is what a unit type implies (2.3.3): mechanized or not,
// infantry type (†: doubled in city, swamp and hills; crosses mountain
// hexsides by TM, 5.6), vehicle type (*: 5.5, 5.6, 6.1, 7.6.1), the
// replacement it takes (20.1.2).
type TypeInfo struct {
	Mech, Infantry, Vehicle bool
	// Doubles: its defense doubles in hills, swamp and city (9.8; recon
	// too, 2.3.3 L143; never tank silhouettes, ASU or variable strength).
	Doubles bool
	Repl    Replacement
}

// Replacement is a replacement type (20.1.2).
type Replacement string

const (
	ReplArmor    Replacement = "armor"
	ReplInfantry Replacement = "infantry"
	ReplSpecial  Replacement = "special"
	ReplNone     Replacement = "" // BH units are never rebuilt (18.1.3)
)

var replacements = []Replacement{ReplArmor, ReplInfantry, ReplSpecial}

// UnitTypes is T1 (2.3.3) with the replacement types of 20.1.2.
var UnitTypes = map[UnitType]TypeInfo{
	"infantry":       {Infantry: true, Doubles: true, Repl: ReplInfantry},
	"paratroop":      {Infantry: true, Doubles: true, Repl: ReplSpecial},
	"glider":         {Infantry: true, Doubles: true, Repl: ReplSpecial},
	"engineer":       {Infantry: true, Doubles: true, Repl: ReplSpecial},
	"commando":       {Infantry: true, Doubles: true, Repl: ReplSpecial},
	"ranger":         {Infantry: true, Doubles: true, Repl: ReplSpecial},
	"beachhead":      {Repl: ReplNone},                               // 18.1
	"garrison":       {Repl: ReplInfantry},                           // variable strength (19.3), never doubled
	"hq":             {Mech: true, Vehicle: true, Repl: ReplSpecial}, // ASU (17.0)
	"werfer":         {Mech: true, Vehicle: true, Repl: ReplSpecial}, // 19.1
	"mech-inf":       {Mech: true, Infantry: true, Doubles: true, Repl: ReplInfantry},
	"motorized":      {Mech: true, Infantry: true, Doubles: true, Repl: ReplInfantry},
	"recon":          {Mech: true, Vehicle: true, Doubles: true, Repl: ReplSpecial},
	"armor":          {Mech: true, Vehicle: true, Repl: ReplArmor},
	"tank-destroyer": {Mech: true, Vehicle: true, Repl: ReplArmor},
	"assault-gun":    {Mech: true, Vehicle: true, Repl: ReplArmor},
}

// unitTypeNames lists the types in the order messages list them.
var unitTypeNames = []UnitType{"infantry", "paratroop", "glider", "engineer", "commando", "ranger", "beachhead",
	"garrison", "hq", "werfer", "mech-inf", "motorized", "recon", "armor", "tank-destroyer", "assault-gun"}

// Quality is the troop quality the colour of the defense box shows
// (2.3.2 L112-116): red elite, white low (or reduced), else normal.
type Quality string

const (
	Normal Quality = "normal"
	Elite  Quality = "elite"
	Low    Quality = "low"
)
