package scene

// The words a renderer knows how to draw. An engine maps its own terms onto
// them (Normandy '44's "bocage" is LookBocage, its "hq" is TypeHQ); a word
// the renderer does not know is drawn plainly, never refused.

// Look is how a terrain, hexside or road class is drawn.
type Look string

// Terrain looks, for cells.
const (
	LookClear    Look = "clear"
	LookMixed    Look = "mixed" // clear with scattered woods and hedges
	LookBocage   Look = "bocage"
	LookForest   Look = "forest"
	LookRough    Look = "rough"
	LookHills    Look = "hills"
	LookMountain Look = "mountain"
	LookMarsh    Look = "marsh"
	LookFlooded  Look = "flooded"
	LookTown     Look = "town"
	LookCity     Look = "city"
	LookSea      Look = "sea"
)

// Hexside looks, for sides.
const (
	LookMinorRiver   Look = "minor-river"
	LookMajorRiver   Look = "major-river"
	LookFloodedRiver Look = "flooded-river"
	LookImpassable   Look = "impassable"
	LookCauseway     Look = "causeway" // a bridge or causeway over a river
	LookFortLine     Look = "fort-line"
	LookAirfieldSide Look = "airfield-side"
)

// Road looks, for roads.
const (
	LookMajorRoad Look = "major-road"
	LookMinorRoad Look = "minor-road"
	LookRailway   Look = "railway"
	LookTrail     Look = "trail"
)

// Cell marks.
const (
	MarkHilltop  = "hilltop"
	MarkAirfield = "airfield"
)

// ZoneLook is how a zone's edge is drawn.
type ZoneLook string

const (
	ZoneOutline   ZoneLook = "outline"   // a dashed line inside its edge
	ZoneBoundary  ZoneLook = "boundary"  // a heavy dash-dot line, as an army boundary
	ZoneForbidden ZoneLook = "forbidden" // hatched: no unit may enter
)

// PlaceKind is a role a cell has.
type PlaceKind string

const (
	PlaceBeach        PlaceKind = "beach"
	PlaceDrop         PlaceKind = "drop"   // parachute drop zone
	PlaceGlider       PlaceKind = "glider" // glider landing zone
	PlaceEntry        PlaceKind = "entry"  // where reinforcements enter
	PlaceBattery      PlaceKind = "battery"
	PlacePort         PlaceKind = "port" // a port or an artificial harbour
	PlaceFort         PlaceKind = "fort"
	PlaceMobilization PlaceKind = "mobilization"
	PlaceObjective    PlaceKind = "objective"
)

// BoxKind is what a box holds.
type BoxKind string

const (
	BoxHolding    BoxKind = "holding"    // units available off the map: In Britain, a mobilization box
	BoxApproach   BoxKind = "approach"   // units offshore, landing on a beach
	BoxWaiting    BoxKind = "waiting"    // reinforcements waiting to enter
	BoxEliminated BoxKind = "eliminated" // the dead pile
)

// UnitType is the unit symbol of a counter (NATO APP-6 land unit symbols, as
// wargames print them).
type UnitType string

const (
	TypeInfantry      UnitType = "infantry"
	TypeAirborne      UnitType = "airborne" // parachute infantry
	TypeGlider        UnitType = "glider"   // glider-borne infantry
	TypeMountain      UnitType = "mountain"
	TypeCyclist       UnitType = "cyclist"
	TypeMotorized     UnitType = "motorized"
	TypeMechanized    UnitType = "mechanized" // armoured infantry, panzergrenadiers
	TypeArmor         UnitType = "armor"
	TypeRecon         UnitType = "recon"
	TypeAntiTank      UnitType = "anti-tank"
	TypeSPAntiTank    UnitType = "sp-anti-tank"
	TypeFlak          UnitType = "flak"
	TypeArtillery     UnitType = "artillery"
	TypeRocket        UnitType = "rocket"
	TypeEngineer      UnitType = "engineer"
	TypeCommando      UnitType = "commando" // also rangers
	TypeHQ            UnitType = "hq"
	TypeFortification UnitType = "fortification" // strongpoints, bunkers
	TypeSecurity      UnitType = "security"
	TypeMarker        UnitType = "marker" // not a unit: a game marker drawn as a counter
)

// Tone colours a marker or an area by what it means to the player.
type Tone string

const (
	ToneNone Tone = ""
	ToneInfo Tone = "info" // a state worth knowing: Reserve, moved
	ToneWarn Tone = "warn" // a handicap: out of supply, Regroup
	ToneBad  Tone = "bad"  // a grave one: Isolated, Disrupted
	ToneGood Tone = "good" // an advantage: dug in
)
