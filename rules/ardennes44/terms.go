package ardennes44

import (
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The words of Ardennes '44's scenario files and state: its terrains,
// hexside features, road classes and zones (the Terrain Effects Chart's rows,
// rulebook glossary L2347-2385), its sides, nationalities, armies, unit types
// and morale (2.3-2.11).

// Side is a player side (4.0).
type Side = hexwar.Side

const (
	German = hexwar.German
	Allied = hexwar.Allied
)

// Terrain is a hex terrain of the TEC.
type Terrain = hexwar.Terrain

const (
	Clear       Terrain = "clear"
	LightWoods  Terrain = "light-woods"
	Forest      Terrain = "forest"
	WoodedRough Terrain = "wooded-rough" // 11.6, 15.5
	Village     Terrain = "village"
	Town        Terrain = "town"
	City        Terrain = "city"
)

// terrains lists every terrain, in the order messages list them.
var terrains = []Terrain{Clear, LightWoods, Forest, WoodedRough, Village, Town, City}

// builtUp: a village, town or city (13.2.1, 25.2.2, 27.2, 27.4).
func builtUp(t Terrain) bool { return t == Village || t == Town || t == City }

// Feature is a hexside feature.
type Feature = hexwar.Feature

const (
	River        Feature = "river"         // minor river (11.4.1)
	Meuse        Feature = "meuse"         // 11.4.2
	Lake         Feature = "lake"          // 17.2
	WRSide       Feature = "wooded-rough"  // the dark green hexside (11.6, AMB-3)
	ArmyBoundary Feature = "army-boundary" // 11.10
)

// features lists the hexside features in the order a record writes them.
var features = []Feature{River, Meuse, Lake, WRSide, ArmyBoundary}

// RoadClass is a road class (11.7, 11.8).
type RoadClass = hexwar.RoadClass

const (
	Primary    RoadClass = "primary"
	Secondary  RoadClass = "secondary"
	ForestRoad RoadClass = "forest" // 11.8: a minor road through forest or wooded rough
)

var roadClasses = []RoadClass{Primary, Secondary, ForestRoad}

// Zones of the map.
const (
	ZoneWestMap      = "west-map"       // the West sheet (27.3.1, 30.2 d, S5.2)
	ZoneWestOfOurthe = "west-of-ourthe" // on or west of the West-of-Ourthe line (6.4.1, AMB-49)
	ZoneRear         = "rear"           // the German rear area (29.1.2)
	ZoneExit         = "exit"           // where German units leave the map for VP (S2.4)
	ZoneWestOfMeuse  = "west-of-meuse"  // beyond the Meuse, where British units stay (27.3.1)
)

// Off-map Areas (11.9.1, 13.5): each is beyond the map-edge hexes of its
// zone "edge-" + the area.
const (
	AreaSE = "se"
	AreaSW = "sw"
	AreaNW = "nw"
	AreaNE = "ne"
)

var areas = []string{AreaSE, AreaSW, AreaNW, AreaNE}

// edgeZone is the zone of the map-edge hexes beyond which an area lies.
func edgeZone(area string) string { return "edge-" + area }

var zones = []string{ZoneWestMap, ZoneWestOfOurthe, ZoneWestOfMeuse, ZoneRear, ZoneExit, "edge-se", "edge-sw", "edge-nw", "edge-ne"}

// adjacentAreas are the Off-map Areas a unit may move between (13.5): round
// the map's south, west and north edges; the east edge is German ground.
var adjacentAreas = map[string][]string{
	AreaSE: {AreaSW},
	AreaSW: {AreaSE, AreaNW},
	AreaNW: {AreaSW, AreaNE},
	AreaNE: {AreaNW},
}

// mapWords are the map records' words (hexwar.MapRecords).
func mapWords(chart *hexwar.TEC) hexwar.MapWords {
	return hexwar.MapWords{Terrains: terrains, Features: features, Roads: roadClasses, Zones: zones, Chart: chart}
}

// Nation is a counter's nationality colour (2.10).
type Nation string

const (
	US             Nation = "us"
	British        Nation = "gb"
	WaffenSS       Nation = "ss"
	Wehrmacht      Nation = "heer"
	Fallschirmjger Nation = "fj"
)

var nations = map[Nation]Side{US: Allied, British: Allied, WaffenSS: German, Wehrmacht: German, Fallschirmjger: German}

// Army is an army or corps colour (2.11): German armies for 6.4, 11.10 and
// 22.3; every colour for artillery support (22.6).
type Army string

const (
	SixthPzArmy Army = "6pza" // red
	FifthPzArmy Army = "5pza" // grey
	SeventhArmy Army = "7a"   // blue
	VIIICorps   Army = "viii" // purple
	VCorps      Army = "v"    // burgundy
	ThirdArmy   Army = "3a"   // orange: III and XII Corps
	VIICorps    Army = "vii"  // beige
	XVIIICorps  Army = "xviii"
	XXXCorps    Army = "xxx"    // red, British
	Yellow      Army = "yellow" // remnants and army-level units, both sides
	White       Army = "white"  // breakdown units, both sides
)

var armies = map[Army]Side{SixthPzArmy: German, FifthPzArmy: German, SeventhArmy: German, VIIICorps: Allied,
	VCorps: Allied, ThirdArmy: Allied, VIICorps: Allied, XVIIICorps: Allied, XXXCorps: Allied, Yellow: "", White: ""}

// armyNames names the colours for players.
var armyNames = map[Army]string{SixthPzArmy: "6th Panzer Army", FifthPzArmy: "5th Panzer Army", SeventhArmy: "7th Army",
	VIIICorps: "VIII Corps", VCorps: "V Corps", ThirdArmy: "3rd Army", VIICorps: "VII Corps", XVIIICorps: "XVIII Airborne Corps",
	XXXCorps: "XXX Corps", Yellow: "army level", White: "breakdown"}

// UnitType is a unit's type (2.4, OCR-1: the pictures are lost, so the
// types are those the rules name).
type UnitType string

const (
	Infantry    UnitType = "infantry"
	MechInf     UnitType = "mech-infantry" // mechanized infantry, Panzergrenadiers
	Para        UnitType = "para"          // parachute, glider, Fallschirmjager (26.1, 25.2.5)
	Armor       UnitType = "armor"         // NATO armour symbol: tanks and infantry (2.4)
	Tank        UnitType = "tank"          // a tank battalion drawn with a picture (silhouette)
	TankDest    UnitType = "td"            // tank destroyer or assault gun
	Recon       UnitType = "recon"         // recon or cavalry (21.4, 21.5)
	Artillery   UnitType = "artillery"     // 22.0
	Werfer      UnitType = "werfer"        // Nebelwerfer: artillery (22.1, 22.2)
	Engineer    UnitType = "engineer"      // 27.1
	Flak        UnitType = "flak"          // 21.2
	Assault     UnitType = "assault"       // Sturmtiger, Brumbar (27.4)
	TaskForce   UnitType = "task-force"    // a US breakdown unit of armour (26.1)
	SupplyDepot UnitType = "fuel-dump"     // 32.2: the real fuel dump, DF 2
)

// typeInfo is what a unit type implies.
type typeInfo struct {
	Mech      bool // mechanized, a vehicle unit (2.4, AMB-1)
	Infantry  bool // an infantry unit (21.1, 25.2.1, AMB-20)
	Armour    bool // an armour unit when it has a TQ (21.1)
	Artillery bool // 22.0
	Name      string
}

var unitTypes = map[UnitType]typeInfo{
	Infantry:    {Infantry: true, Name: "infantry"},
	MechInf:     {Mech: true, Infantry: true, Name: "mechanized infantry"},
	Para:        {Infantry: true, Name: "parachute infantry"},
	Armor:       {Mech: true, Armour: true, Name: "armour"},
	Tank:        {Mech: true, Armour: true, Name: "tank battalion"},
	TankDest:    {Mech: true, Armour: true, Name: "tank destroyer"},
	Recon:       {Mech: true, Name: "recon"},
	Artillery:   {Artillery: true, Name: "artillery"},
	Werfer:      {Artillery: true, Name: "Nebelwerfer"},
	Engineer:    {Infantry: true, Name: "engineer"},
	Flak:        {Mech: true, Name: "FLAK"},
	Assault:     {Mech: true, Name: "assault gun"},
	TaskForce:   {Mech: true, Armour: true, Name: "task force"},
	SupplyDepot: {Name: "fuel dump"},
}

// Morale is a unit's morale (2.8).
type Morale string

const (
	Veteran Morale = ""
	Elite   Morale = "elite"
	Green   Morale = "green"
)

// moraleDRM is the die modifier of a Green (+1) or an Elite (-1) unit, the
// same in the Fire Fight (16.2), Determined Defense (16.7.2), rally (18.6)
// and disengagement (20.2) tables.
func moraleDRM(m Morale) int {
	switch m {
	case Green:
		return 1
	case Elite:
		return -1
	}
	return 0
}

// TQKind is how a counter prints its tank quality (2.9, 21.2).
type TQKind string

const (
	TQTank TQKind = "tank" // grey: a tank
	TQTD   TQKind = "td"   // red circle: a tank destroyer or assault gun, -1 attacking
	TQFlak TQKind = "flak" // red square: FLAK, blocks an armour shift, never earns one
)

// Marks on a counter, in the order a record writes them.
const (
	MarkSilhouette = "silhouette" // 2.4, 8.2: no stacking steps of the 3
	MarkBoth       = "both"       // 21.1: infantry and armour (US CC, Guards, 150 Pz Bde)
	MarkRed        = "red"        // 2.7, 29.1.1: a red set-up box
	MarkPRD        = "prd"        // 27.6: the 2nd Division's regiments at 1535 and 1636
	MarkDouble     = "double"     // 27.4: black-boxed AF, doubled against built-up hexes
	MarkNoRepl     = "no-repl"    // 25.2.5: never takes replacements
	MarkRemnant    = "remnant"    // 16.4: a Remnant counter
	MarkBreakdown  = "breakdown"  // 26.0: a breakdown counter
	MarkKGP        = "kg-peiper"  // 27.5
	MarkPz150      = "pz150"      // 27.8
	MarkVdH        = "vdh"        // 27.2
	MarkPzJ653     = "pzj653"     // 27.7
	Mark29Armd     = "29armd"     // 27.3.2: the British 29th Armoured Brigade
	MarkV187       = "tot-t1"     // 29.2.1: V/187 and V/406, the only Allied defensive support on turn 1
)

var unitMarks = []string{MarkSilhouette, MarkBoth, MarkRed, MarkPRD, MarkDouble, MarkNoRepl, MarkRemnant,
	MarkBreakdown, MarkKGP, MarkPz150, MarkVdH, MarkPzJ653, Mark29Armd, MarkV187}
