package rhine44

import "github.com/pbem-referee/pbem/rules"

// The rulebook's numbers, as data with their references. Rule numbers are
// the digest's (shared/rules/rhine44.md): §n for the book's sections, Rn.m
// for its statements, Tn for its tables, En for its worked examples, A-nn for
// the readings of its ambiguities (readings.go); Lnnn is a line of the
// Polish rulebook (seeds/002).

// The commanders (§2, L43-45, L359-360): each is a seat, a colour and a
// number of corps.
type commander struct {
	Seat   rules.Seat
	Name   string
	Colour string
	Corps  int
	// Start is the logistics level he starts on (§4, L440-443; T1): Bradley
	// one above the others (R13.2).
	Start int
}

var commanders = []commander{
	{Seat: "monty", Name: "Montgomery", Colour: "red", Corps: 4, Start: 1},
	{Seat: "bradley", Name: "Bradley", Colour: "white", Corps: 3, Start: 2},
	{Seat: "patton", Name: "Patton", Colour: "blue", Corps: 3, Start: 1},
}

// colours are the players' colours, in the commanders' order, and black,
// the colour of victory fields and of arrows no player may use (L87-96,
// L182-186).
var colours = []string{"red", "white", "blue", "black"}

const black = "black"

func commanderOf(seat rules.Seat) (commander, bool) {
	for _, c := range commanders {
		if c.Seat == seat {
			return c, true
		}
	}
	return commander{}, false
}

func colourOf(seat rules.Seat) string {
	c, _ := commanderOf(seat)
	return c.Colour
}

// seatOf is the commander of a player colour; "" for black.
func seatOf(colour string) rules.Seat {
	for _, c := range commanders {
		if c.Colour == colour {
			return c.Seat
		}
	}
	return ""
}

// Components (§2, L36-66) and the limits the rules put on them.
const (
	poolFuel, poolAmmo, poolFood = 35, 30, 25 // supply tokens, the whole pool (L60)
	trucksInBox                  = 32         // L58; all in play in 3p after the extra trucks (T2)
	medalTokens                  = 20         // L62
	paratroopers                 = 4          // L63; never return to the track (R12.5, A-09.3)
	axisMarkers                  = 25         // L61

	trucksPerPlayer = 6 // in each player's resources at set-up (L395-397; T2)
	trucksOnTrack   = 6 // on the truck track at set-up (L430; T2)

	mainBaseLimit  = 9 // supply tokens on a main supply base (R6.4, L544-546; T3)
	fieldLimit     = 6 // on any other field (R6.4; T3)
	cardCapacity   = 6 // a corps card's slots (L267-269; T3)
	truckCapacity  = 5 // tokens one truck carries (R8.2, L585; T2)
	maxSteps       = 3 // fields a corps moves (R10.3, L695-697; T4)
	maxDrops       = 3 // paratroopers one Airborne Drop takes (R12.1, L1183)
	actionsPerTurn = 2 // standard actions (R5.2, L486)
	iconsPerMedal  = 5 // ammo icons of non-medal division cards worth a medal (R12.1c, R16.3)
	maxLevel       = 3 // logistics levels (R9.2.1; T1)
	monty2         = 2 // Monty's extra supply tokens (R6.5, R13.3, L1337)
)

// axisPool is the number of Axis markers in the pool by player count (§4,
// L413-416; T3). Solo has no pool: numeric markers instead (§17A, L416).
var axisPool = map[int]int{2: 18, 3: 25}

// extraTrucks are the trucks added once, when the first player reaches
// level 3: 2 + 2 per player (R9.2.4, L664-670; Aid L1841-1843; T2).
func extraTrucks(players int) int { return 2 + 2*players }

// divisionCost is what a corps pays to beat a division card, by its kind
// (R10.14, L923-945; T4). A division card shows as many ammo icons as its
// ammo cost (§1.2), which count at scoring (R16.3) and pay for paratroopers
// (R12.1c).
var divisionCost = map[string]Tokens{
	kindDivision: {A: 1}, // pursuit deck: "Wroga dywizja" (L811-815)
	kindAxisDiv:  {A: 2}, // Axis deck: enemy division (L923-938)
	kindElite:    {A: 3}, // elite enemy division
	kindPanzer:   {F: 1, A: 2},
}

// Card kinds. Pursuit cards (§1.2, L754-819; Aid L1789-1800) and Axis cards
// (L923-938; T5).
const (
	kindCivilians  = "civilians"  // Starving civilians: 1 R for a medal, optional (L755)
	kindStock      = "stock"      // Captured stock: 1 A on the field (L761)
	kindSupplies   = "supplies"   // Captured supplies: 1 F on the field (L765)
	kindLiberation = "liberation" // Vive la libération: 1 R on the field (L769)
	kindMarket     = "market"     // Black market: swap 1 token, optional (L773)
	kindResistance = "resistance" // an extra action (L779-790)
	kindRecon      = "recon"      // look at a deck's top card (L792-802)
	kindBoches     = "boches"     // Les Boches: pay 1 F to go on (L804-809)
	kindDivision   = "division"   // a pursuit deck's enemy division: 1 A (L811-815)
	kindEvent      = "event"      // a historical event: no effect but the weather (L817-819)

	kindAxisDiv = "axis-division" // 2 A
	kindElite   = "elite"         // 3 A
	kindPanzer  = "panzer"        // 2 A + 1 F
)

var pursuitKinds = []string{kindCivilians, kindStock, kindSupplies, kindLiberation, kindMarket, kindResistance, kindRecon, kindBoches, kindDivision, kindEvent}
var axisKinds = []string{kindAxisDiv, kindElite, kindPanzer}

// cardGain is the token a pursuit card puts on the field just taken, from
// the pool (R10.12; T5).
var cardGain = map[string]Tokens{kindStock: {A: 1}, kindSupplies: {F: 1}, kindLiberation: {R: 1}}

// Deck ids: the Axis deck, each commander's pursuit deck (his seat), and
// the shared pursuit deck of §15C.
const (
	deckAxis   = "axis"
	deckShared = "shared"
)

// soloBands is the 3d6 fallback of the solo Axis marker (R17.3.3, L1614-1623;
// T7): a sum in the low band looks first for the next higher numeric marker
// on the board, then lower; in the high band first lower, then higher.
var soloBands = struct{ LowMin, LowMax, HighMin, HighMax int }{3, 10, 11, 18}

// soloCivilians is the Starving civilians card the solo player must accept
// (R17.6, L1721-1723): the third of the game.
const soloCivilians = 3

// soloTurnCap is the default limit of a solo game, in turns: the book sets
// none, and a game must end.
const soloTurnCap = 40
