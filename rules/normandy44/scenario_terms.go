package normandy44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The words a scenario file may use, each with the rule that gives it meaning.

// layouts are the layouts a scenario may name: Normandy '44 maps are
// flat-top, so the pointy-top layouts of rules/hex are refused here.
var layouts = map[string]hex.Layout{
	"flat-top odd-columns-down":  hex.FlatOddColumnsDown,
	"flat-top even-columns-down": hex.FlatEvenColumnsDown,
}

func parseLayout(s string) (hex.Layout, error) {
	l, ok := layouts[s]
	if !ok {
		return hex.Layout{}, fmt.Errorf("%w: layout %q (want \"flat-top odd-columns-down\" or \"flat-top even-columns-down\")", ErrUnknown, s)
	}
	return l, nil
}

// adjacent reports whether two hex ids are neighbours on a map of layout l.
func adjacent(l hex.Layout, a, b string) bool {
	pa, errA := l.Parse(a)
	pb, errB := l.Parse(b)
	if errA != nil || errB != nil {
		return false
	}
	_, ok := hex.SideBetween(pa, pb)
	return ok
}

// Printed hex ids "CCRR" (rules/scn): commands and the board read them too.

func validHexID(id string) bool { return scn.ValidHexID(id) }

// colRow splits a valid id into its column and row numbers.
func colRow(id string) (col, row int) {
	col, row, _ = scn.ColRow(id)
	return col, row
}

func hexID(col, row int) string { return scn.HexID(col, row) }

// validUnitID reports whether s may be a unit id: scn.ValidID with upper-case
// letters allowed, as counters print designations such as "Chr-A" or
// "Sturm-AOK7".
func validUnitID(s string) bool {
	return scn.ValidID(strings.ToLower(s)) && !strings.ContainsRune(s, '=')
}

// Terrain is a hex terrain type of the Terrain Effects Chart (T3): the
// series' terrain (rules/hexwar), in Normandy's words.
type Terrain = hexwar.Terrain

const (
	Clear   Terrain = "clear"
	Mixed   Terrain = "mixed"
	Bocage  Terrain = "bocage"
	Forest  Terrain = "forest"
	Town    Terrain = "town"
	City    Terrain = "city"
	Flooded Terrain = "flooded" // flooded-river hex (9.5)
	Marsh   Terrain = "marsh"   // prohibited except along a road (TEC)
	Sea     Terrain = "sea"     // all-sea hex, unplayable (2.2.1)
)

// terrainList is every terrain, in the order messages list them.
var terrainList = []Terrain{Clear, Mixed, Bocage, Forest, Town, City, Flooded, Marsh, Sea}

// townBases are the terrains a Town may stand on (its movement cost, AMBIG-12).
var townBases = set(Clear, Mixed, Bocage, Forest)

// HexsideFeature is what lies on a hexside (TEC hexside rows, 9.3-9.6, 11.7,
// 16.3): the series' hexside feature, in Normandy's words.
type HexsideFeature = hexwar.Feature

const (
	MinorRiver    HexsideFeature = "minor-river"
	MajorRiver    HexsideFeature = "major-river"    // includes the Orne canal (2.2.4)
	FloodedRiver  HexsideFeature = "flooded-river"  // only between two flooded hexes (9.5)
	Causeway      HexsideFeature = "causeway"       // bridge over a flooded river (9.11)
	Impassable    HexsideFeature = "impassable"     // dark blue (9.6)
	Carpiquet     HexsideFeature = "carpiquet"      // airfield hexside (11.7)
	CherbourgLine HexsideFeature = "cherbourg-line" // defense line (16.3)
)

// hexsideFeatures lists the features in the order Format writes them.
var hexsideFeatures = []HexsideFeature{MinorRiver, MajorRiver, FloodedRiver, Causeway, Impassable, Carpiquet, CherbourgLine}

// RoadClass is a road's class (9.3), in Normandy's words.
type RoadClass = hexwar.RoadClass

const (
	MajorRoad RoadClass = "major"
	MinorRoad RoadClass = "minor"
)

// Zones the rules refer to.
const (
	ZoneCherbourg = "cherbourg-region" // inside the Cherbourg perimeter / defense line (16.3, 17.6.2, S1.3.1, S3.3)
	ZoneNBZ       = "nbz"              // naval bombardment zone (19.2.4)
	ZoneNorth27   = "north-of-27june"  // Allied (northern) side of the 27 June line (S1.3.1, S3.1)
	ZoneUSSector  = "us-sector"        // US side of the army boundary (22.1.2)
	ZoneNoEntry   = "no-entry"         // hexes no unit may enter (S3.1: row xx15)
	ZoneEdge      = "east-south-edge"  // the east and south map-edge hexes (23.2)
)

// zoneList is every zone, in the order messages list them.
var zoneList = []string{ZoneCherbourg, ZoneNBZ, ZoneNorth27, ZoneUSSector, ZoneNoEntry, ZoneEdge}

// mapWords are Normandy's words for the series' map records (rules/hexwar).
var mapWords = hexwar.MapWords{Terrains: terrainList, Features: hexsideFeatures,
	Roads: []RoadClass{MajorRoad, MinorRoad}, Zones: zoneList, Chart: chart}

// PlaceKind is the role of a marked hex.
type PlaceKind string

const (
	PlaceBeach        PlaceKind = "beach"        // 20.3, 21.1
	PlaceDrop         PlaceKind = "drop"         // parachute drop hex (20.2.1)
	PlaceGlider       PlaceKind = "glider"       // glider landing hex (20.2.4)
	PlaceEntry        PlaceKind = "entry"        // German entry hex with its colour (6.6)
	PlaceMobilization PlaceKind = "mobilization" // 243/709 mobilization hex (6.7)
	PlaceBattery      PlaceKind = "battery"      // coastal battery (25.3)
	PlaceMulberry     PlaceKind = "mulberry"     // Mulberry site (21.1.1)
	PlaceFort         PlaceKind = "fort"         // permanent IP: Osteck, Westeck (16.1.6)
)

// Beaches (20.3, 21.1) and the army each belongs to.
var beaches = map[string]string{
	"utah": "us", "omaha": "us", "pointe-du-hoc": "us",
	"gold": "gb", "juno": "gb", "sword": "gb",
}

// Entry colours (6.6).
var entryColours = set("blue", "green", "red", "orange")

// BoxKind is the kind of an off-map box.
type BoxKind string

const (
	BoxInBritain    BoxKind = "in-britain"   // 6.5.1
	BoxApproach     BoxKind = "approach"     // beach approach box (20.5)
	BoxMobilization BoxKind = "mobilization" // 243/709 mobilization box (6.7)
)

var boxKinds = set(BoxInBritain, BoxApproach, BoxMobilization)

// Nationalities and service colours (2.3.4), by side.
var nationalities = map[string]Side{
	"us": Allied, "gb": Allied, "ca": Allied,
	"heer": German, "ss": German, "luftwaffe": German, "kriegsmarine": German, "todt": German,
}

// UnitType is a unit type of the unit-type chart (2.3.3, T14).
type UnitType string

const (
	Infantry        UnitType = "infantry"
	Paratroop       UnitType = "paratroop"
	GliderInfantry  UnitType = "glider"
	Cyclist         UnitType = "cyclist"
	Security        UnitType = "security"
	Ost             UnitType = "ost"
	Garrison        UnitType = "garrison"
	Commando        UnitType = "commando" // includes Rangers
	Engineer        UnitType = "engineer"
	Armored         UnitType = "armored" // NATO armor symbol
	Panzergrenadier UnitType = "panzergrenadier"
	Motorized       UnitType = "motorized"
	Recon           UnitType = "recon"
	HQ              UnitType = "hq"
	Werfer          UnitType = "werfer"
	Flak88          UnitType = "flak88"
	AT88            UnitType = "at88"
	Tank            UnitType = "tank"
	SPAntiTank      UnitType = "sp-antitank"
	Strongpoint     UnitType = "strongpoint"
	Fallschirmjager UnitType = "fallschirmjager"
)

// TypeInfo is what the rules derive from a unit type (2.3.3, 6.2.6, 7.1, T14;
// mechanized HQs, Werfers and 88s follow AMBIG-52).
type TypeInfo struct {
	Mechanized bool
	InfantryT  bool   // infantry-type "*" (11.4.2, 16.1.3)
	ArmoredT   bool   // armored-type "●" (11.4)
	Silhouette bool   // 2.3.6
	NoDB       bool   // gives no defensive bonus (11.2)
	FreeStack  bool   // free for stacking, one of each kind (7.1)
	Repl       string // infantry, armor, airborne or "" for none (6.2.6, 6.3)
}

// UnitTypes is the unit-type chart.
var UnitTypes = map[UnitType]TypeInfo{
	Infantry:        {InfantryT: true, Repl: "infantry"},
	Paratroop:       {InfantryT: true, Repl: "airborne"},
	GliderInfantry:  {InfantryT: true, Repl: "airborne"},
	Cyclist:         {InfantryT: true, Repl: "infantry"},
	Security:        {InfantryT: true, Repl: "infantry"},
	Ost:             {InfantryT: true},
	Garrison:        {InfantryT: true, Repl: "infantry"},
	Commando:        {InfantryT: true},
	Engineer:        {InfantryT: true, FreeStack: true, Repl: "infantry"},
	Armored:         {Mechanized: true, ArmoredT: true, Repl: "armor"},
	Panzergrenadier: {Mechanized: true, InfantryT: true, Repl: "infantry"},
	Motorized:       {Mechanized: true, InfantryT: true, Repl: "infantry"},
	Recon:           {Mechanized: true, ArmoredT: true, Repl: "armor"},
	HQ:              {Mechanized: true, FreeStack: true, Repl: "infantry"},
	Werfer:          {Mechanized: true, FreeStack: true, Repl: "armor"},
	Flak88:          {Mechanized: true, Silhouette: true, NoDB: true},
	AT88:            {Mechanized: true, Silhouette: true, NoDB: true, Repl: "armor"},
	Tank:            {Mechanized: true, ArmoredT: true, Silhouette: true, NoDB: true, Repl: "armor"},
	SPAntiTank:      {Mechanized: true, ArmoredT: true, Silhouette: true, NoDB: true, Repl: "armor"},
	Strongpoint:     {NoDB: true, FreeStack: true},
	Fallschirmjager: {InfantryT: true, Repl: "infantry"},
}

// Formation21Pz is the formation of the 21st Panzer Division, which has MA 3
// in the German turn 1 (20.4).
const Formation21Pz = "21pz"

// Mark is a special marking or identity a rule looks at (2.3 and the rules cited).
type Mark string

const (
	MarkRestricted       Mark = "restricted"        // MA in a black box (17.6.1)
	MarkCherbourgDefense Mark = "cherbourg-defense" // moves freely in the region until released (17.6.2)
	MarkTiger            Mark = "tiger"             // strength printed red (11.9, 6.4.1)
	MarkPanther          Mark = "panther"           // 6.4.1
	MarkDD               Mark = "dd"                // DD tank battalion (20.3.5)
	MarkRanger           Mark = "ranger"            // 17.5, 20.3.4, 21.2
	MarkSpecialService   Mark = "special-service"   // British SS brigade (6.3, 17.5)
	MarkCotentin         Mark = "cotentin"          // the Cotentin HQ (17.4)
	MarkBattery          Mark = "battery"           // coastal-battery strongpoint (25.3)
	MarkBeachDefense     Mark = "beach-defense"     // 1-step beach strongpoint (20.3.2)
	MarkNoZOC            Mark = "no-zoc"            // white border (8.1), for counters the rule would miss
	MarkWithdraws        Mark = "withdraws"         // the 4th Special Service Brigade (17.5)
)

var marks = set(MarkRestricted, MarkCherbourgDefense, MarkTiger, MarkPanther, MarkDD, MarkRanger,
	MarkSpecialService, MarkCotentin, MarkBattery, MarkBeachDefense, MarkNoZOC, MarkWithdraws)

// SetupMode says how a unit at start enters play.
type SetupMode string

const (
	SetupPlaced       SetupMode = ""              // on its hex or in its box
	SetupAirdrop      SetupMode = "airdrop"       // on its drop hex, then Scatter (20.2.1)
	SetupFirstAssault SetupMode = "first-assault" // approach box, beach assault (20.3.1)
	SetupFollowUp     SetupMode = "follow-up"     // approach box, lands in turn 1 (20.5)
)

var setupModes = set(SetupAirdrop, SetupFirstAssault, SetupFollowUp)

// SpecialKind is the kind of a scenario special rule.
type SpecialKind string

const (
	SpecialInvasion SpecialKind = "invasion"  // beaches assaulted in turn 1 (20.1, S3.1)
	SpecialRange    SpecialKind = "range"     // formation confined near hexes (S3.3 II, III)
	SpecialNoEntry  SpecialKind = "no-entry"  // no unit may enter a zone (S3.1)
	SpecialNoCross  SpecialKind = "no-cross"  // a side may not move or attack across a zone's edge (S3.1)
	SpecialNoMarker SpecialKind = "no-marker" // a side may not use a marker (S3.3 IV)
	SpecialRemove   SpecialKind = "remove"    // remove a formation when a hex is occupied (S3.3 II)
	SpecialSupply   SpecialKind = "supply"    // starting SupP on a marker (S3.2)
	SpecialPanzer21 SpecialKind = "panzer-21" // the formation that is the 21st Panzer Division: MA 3 in turn 1 (20.4)
	SpecialSupport  SpecialKind = "support"   // an army air and naval markers capped (S3.2.4)
)

// Markers a scenario may withhold (9.8).
var withheldMarkers = set("trucks", "strategic-move")

// SupP markers (5.2, 5.3, 24).
var supplyPools = set("7th-army", "cherbourg-fortress", "pz-west", "us-1st-army", "gb-2nd-army")

// VictoryKind is the kind of a victory record.
type VictoryKind string

const (
	VictoryAutomatic VictoryKind = "automatic" // whether 23.0 applies
	VictoryDefault   VictoryKind = "default"   // who wins if no condition holds
	VictoryRequire   VictoryKind = "require"   // side must control a hex (all must hold)
	VictoryOccupy    VictoryKind = "occupy"    // one of the alternatives: a unit in a zone at a turn's End Phase
	VictoryCutOff    VictoryKind = "cut-off"   // one of the alternatives: no hex of the city traces supply to the south edge
	VictoryVP        VictoryKind = "vp"        // a hex worth VP to a side (S1.3.1)
	VictoryThreshold VictoryKind = "threshold" // VP a side needs to win (S1.3.1, S2.2)
)

// VictorySevenTurn: the Allied VP of the 7-turn scenario decide (S2.2).
const VictorySevenTurn VictoryKind = "seven-turn"

func set[T comparable](vs ...T) map[T]bool {
	m := make(map[T]bool, len(vs))
	for _, v := range vs {
		m[v] = true
	}
	return m
}
