package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scene"
)

// state is the whole game state as plain data. Every slice has a fixed order
// (units in scenario order, control by hex id) and there are no maps, so its
// JSON encoding, and therefore Hash, is canonical.
type state struct {
	Scenario string `json:"scenario"`
	// Variant is the edition the game is played in ("ed1"), empty for
	// 2.2: a state of one edition never hashes as the other's, so a log
	// never replays in the edition it was not made in.
	Variant string   `json:"variant,omitempty"`
	Options []string `json:"options,omitempty"`
	Turn    int      `json:"turn"`
	Phase   Phase    `json:"phase"`
	Side    Side     `json:"side,omitempty"` // the phasing side; "" in the Initial and End Phases
	// Ended lists the seats of a side with two players that have said 'end'
	// in the current phase (24.0, players.go).
	Ended []string `json:"ended,omitempty"`
	// The optional storm rules (storms.go): the 1s rerolled in this turn's
	// weather roll (25.1, 25.2; S3.2.3 reads them), and the turn in which a
	// 25.2 Storm began.
	Rerolled   int `json:"rerolled,omitempty"`
	StormBegan int `json:"storm_began,omitempty"`
	// Weather is this turn's weather (4.1); its effects (T4) come from
	// weather.go.
	Weather Weather `json:"weather"`

	Units   []unitState `json:"units"`
	Control []control   `json:"control"` // Towns, Cities and fortifications (2.2.5)

	// RestrictedFree and CherbourgFree record the global release of the
	// restricted-mobility units (17.6.1) and the Cherbourg defense units
	// (17.6.2).
	RestrictedFree bool `json:"restricted_free,omitempty"`
	CherbourgFree  bool `json:"cherbourg_free,omitempty"`
	// Relocated records the once-per-game relocation of the Cotentin HQ (17.4).
	Relocated bool `json:"relocated,omitempty"`
	// TrucksTurn is the last turn the German Trucks marker was used (9.8.6).
	TrucksTurn int `json:"trucks_turn,omitempty"`

	// Resources on the General Records Track (5.1, 6.1, 6.5.1), set in the
	// Initial Phase from the weather roll (resources.go).
	SupP []supPool   `json:"supp,omitempty"`
	Repl []replStock `json:"repl,omitempty"`
	RP   []supPool   `json:"rp,omitempty"` // Allied RP of this turn, per army; never saved (6.5.1)
	// SupPNew is the German SupP of this turn that may still be allotted
	// to the Cherbourg Fortress (5.2).
	SupPNew int `json:"supp_new,omitempty"`
	// Landed lists this turn's Allied landings (6.5.1, 6.5.2).
	Landed []landed `json:"landed,omitempty"`
	// Rebuilt lists the units rebuilt in this Replacement Phase (6.2.2 c).
	Rebuilt []string `json:"rebuilt,omitempty"`
	// Mobilized counts the units mobilized this turn (6.7, AMBIG-48: one in all).
	Mobilized int `json:"mobilized,omitempty"`
	// Attrition lists the units whose isolation attrition die is awaited in
	// this Supply Phase (18.5), in scenario order.
	Attrition []string `json:"attrition,omitempty"`
	// StackCheck: the phasing player has ended a Movement Phase with a hex
	// over the stacking limit, which its owner reduces before the phase
	// ends (7.2, stackcheck.go).
	StackCheck bool `json:"stack_check,omitempty"`

	// The Combat Phase (10.0, combat_phase.go): the units that attacked and
	// the hexes attacked in this phase (10.1, 10.2), the combats declared so
	// far, the one in progress, and the orders in force (digest §6.3).
	Attacked []string      `json:"attacked,omitempty"`
	Defended []string      `json:"defended,omitempty"`
	Combats  int           `json:"combats,omitempty"`
	Combat   *combatRecord `json:"combat,omitempty"`
	Orders   []orderRecord `json:"orders,omitempty"`
	// OneHexHeld is the strength friends have stopped after a one-hex
	// retreat in this Combat Phase, by hex (13.3, AMBIG-25), where the
	// rules version counts it once a phase.
	OneHexHeld []oneHexHold `json:"one_hex_held,omitempty"`

	// Beaches, Mulberries and evacuation (beaches.go, evacuate.go):
	// the Mulberries begun (21.1.1-21.1.5), this turn's evacuations (21.2),
	// the End Phase waiting for the Allied 22.2 decision, and the supplied
	// Allied units on the east or south edge at the end of the German player
	// turn (23.2, AMBIG-42).
	Mulberries  []mulberry   `json:"mulberries,omitempty"`
	Evacuations []evacuation `json:"evacuations,omitempty"`
	EndWait     bool         `json:"end_wait,omitempty"`
	EdgeUnits   int          `json:"edge_units,omitempty"`

	// GliderRolls lists the gliders landed and waiting for their Scatter
	// die (20.2.4, glider.go), in order.
	GliderRolls []string `json:"glider_rolls,omitempty"`
	// Improved Positions (16.1, ip.go): the IP and Entrenching markers on
	// the map, in the order begun, and the army ("german", "us", "cw") of
	// each IP begun in the current Movement Phase, against the turn's
	// allowance (16.1.2).
	IPs      []ipMarker `json:"ips,omitempty"`
	IPsBegun []string   `json:"ips_begun,omitempty"`
	// Allied air and naval support (airnaval.go, strafe.go): the turn's
	// markers per army (19.1.1, 19.2.1), the strafing missions of this Allied
	// Combat Phase and the strafing whose dice are awaited (19.1.4), the turn
	// and hexes of the special Cherbourg bombardment (19.2.5), and the coastal
	// batteries eliminated (25.3, option coastal-batteries).
	Air          []markerPool    `json:"air,omitempty"`
	Naval        []markerPool    `json:"naval,omitempty"`
	Strafes      []strafeMission `json:"strafes,omitempty"`
	Strafing     *strafeRun      `json:"strafing,omitempty"`
	Bombard      int             `json:"bombard,omitempty"`
	BombardHexes []string        `json:"bombard_hexes,omitempty"`
	Batteries    []string        `json:"batteries,omitempty"`
	SwordLanded  bool            `json:"sword_landed,omitempty"` // 25.3: a reinforcement landed through Sword

	// Invasion is the progress of the Special Invasion Phase (20.1-20.3,
	// invasion.go); nil outside it.
	Invasion *invasionRecord `json:"invasion,omitempty"`

	Over   bool   `json:"over,omitempty"`
	Result string `json:"result,omitempty"`
}

// unitState is one counter's changing data; its fixed values are in the
// scenario's Unit of the same index.
type unitState struct {
	ID string `json:"id"`
	// At is a hex id on the map, a box name off it, or "" once the unit
	// has not yet arrived or is eliminated (Gone says which).
	At   string `json:"at"`
	Gone bool   `json:"gone,omitempty"`
	// Delay counts the turns a German reinforcement has waited to enter (6.6).
	Delay int `json:"delay,omitempty"`
	Step  int `json:"step"` // index into Unit.Steps: 0 is full strength (2.3.5)
	// Per Movement Phase bookkeeping (9.1, 9.10).
	Moved    bool `json:"moved,omitempty"`
	Tactical bool `json:"tactical,omitempty"` // moved by Tactical Movement: no Reserve (9.10)
	// Spent (sixths of an MP) and Hexes are what the last move cost and
	// covered, for the rules that look back at it: Reserve needs at most 1 MP
	// spent (15.1), an HQ moving more than 1 hex cannot fire (17.2.3).
	Spent int `json:"spent,omitempty"`
	Hexes int `json:"hexes,omitempty"`
	// Markers. Repl, Disrupted and OutOfSupply are set by the replacement,
	// combat and supply rules; movement reads them.
	SM          bool `json:"sm,omitempty"`            // Strategic Move marker (9.8.3)
	Trucks      bool `json:"trucks,omitempty"`        // German Trucks marker (9.8.6)
	Repl        bool `json:"repl,omitempty"`          // took a replacement this turn (6.2.4)
	Disrupted   bool `json:"disrupted,omitempty"`     // 13.6
	OutOfSupply bool `json:"out_of_supply,omitempty"` // 18.1: either side of the marker
	Isolated    bool `json:"isolated,omitempty"`      // 18.1: the marker's red side
	RetreatedIn bool `json:"retreated_in,omitempty"`  // retreated in this Combat Phase (13.5)
	Fired       bool `json:"fired,omitempty"`         // a Werfer on its fired side (17.3)
	// HQFired: an HQ gave artillery shifts in this player turn, so it may not
	// also move more than 1 hex in it (17.2.3; the Reserve Movement Phase
	// comes after the Combat Phase).
	HQFired bool `json:"hq_fired,omitempty"`
	// The invasion turn (20.x): an airborne unit Scattered by its drop
	// (20.2.3, removed in the Allied Regeneration Phase); one reduced by an
	// S2 result may later recover at most one step (20.2.2); a unit landed
	// next to the enemy is marked Regroup (6.5.2 b, 20.5.2).
	Scattered  bool `json:"scattered,omitempty"`
	RecoverOne bool `json:"recover_one,omitempty"`
	Regroup    bool `json:"regroup,omitempty"`
	// Recovered: a RecoverOne unit has taken its one step back (20.2.2).
	Recovered bool `json:"recovered,omitempty"`
	// Reserve (15.1-15.4, reserve.go): the unit carries a Reserve marker;
	// ReserveMoved: it moved in this Reserve Movement Phase (15.2); EZOCMove:
	// its last move entered or left an enemy ZOC, which bars Reserve (15.1).
	Reserve      bool `json:"reserve,omitempty"`
	ReserveMoved bool `json:"reserve_moved,omitempty"`
	EZOCMove     bool `json:"ezoc_move,omitempty"`
	// HQMoved: an HQ on its Moved side after moving more than 1 hex or a
	// retreat (17.2.3), until it flips back in the Initial Phase; it gives
	// neither artillery nor DD support (12.4.7 ENGINE NOTE).
	HQMoved bool `json:"hq_moved,omitempty"`
}

// control records who controls a Town, City or fortification hex: the side
// whose unit occupied it last (2.2.5).
type control struct {
	Hex  string `json:"hex"`
	Side Side   `json:"side"`
}

// Game is a Normandy '44 game in progress. The scenario, its board and its
// units are shared read-only between clones; s is the game's own.
type Game struct {
	// ed is the edition of the rules (edition.go), fixed by the invitation.
	ed    *edition
	sc    *Scenario
	b     *board
	index map[string]int // unit id -> index in sc.Units and s.Units
	sup   *SupplyMap     // supply sources (18.2) on b, shared like b
	s     state
	// opt is what the invitation's options decide (players.go), read from
	// s.Options once.
	opt variant
	// ver is what the game's rules version plays (versions.go), with the
	// readings its options choose: shared read-only between clones.
	ver *rulesVersion
	// keeps is which hexes keep their controller once left (2.2.5), fixed
	// by the scenario and the edition: shared read-only between clones.
	keeps hexwar.ControlRule
	// owners is the seat of each unit when a side has two players (24.0,
	// players.go): fixed by the scenario, shared read-only between clones.
	owners []rules.Seat
	// cur caches the Combat that s.Combat records; Clone drops it and the
	// clone rebuilds its own.
	cur *Combat
	// hqLines caches the German HQ supply traces of 17.2.7 for one position
	// (combat_special.go); Clone drops it.
	hqLines *hqLineCache
	// traces keeps the latest supply traces (supply_cache.go); Clone drops
	// it.
	traces *traceCache
	// drawn is the scene's map and boxes (draw.go), built on the first
	// Scene from the scenario alone: clones share it.
	drawn *drawing
	// ended lists the combats resolved so far, newest first, for the
	// combat reports (report.go). It is not part of the hashed state;
	// clones share it, as it is never changed, only extended.
	ended *scene.Reports
	// hasher hashes s after every entry, encoding again only the units
	// that changed (rules.StateHasher); each clone has a copy of its own,
	// so that its first hash, after the command it was made to try, is
	// not encoded whole. Nil hashes with rules.HashState, to the same hash.
	hasher *rules.StateHasher
	// moves keeps the units' moves Legal listed last (legal_cache.go);
	// Clone drops it.
	moves *moveCache
	// places keeps where each unit's hex id lies (onMap); Clone drops it.
	places hexwar.Places
	// ctxs keeps each side's latest move context (moveContext), rebuilt
	// only in what a move changed; Clone drops it.
	ctxs *hexwar.ContextCache
	// seatsOnly is set while Apply asks who may act now (turnCheck): the
	// pending's prompts, which only a player reads, are then not written.
	seatsOnly bool
}

func (g *Game) unit(i int) *Unit { return &g.sc.Units[i] }

// strength is a unit's current combat strength, parenthesized or not (AMBIG-8).
func (g *Game) strength(i int) int {
	return g.unit(i).Steps[g.s.Units[i].Step].Strength
}

// printedMA is the movement allowance on the unit's current step side.
func (g *Game) printedMA(i int) int {
	return g.unit(i).Steps[g.s.Units[i].Step].MA
}

func (g *Game) mechanized(i int) bool { return UnitTypes[g.unit(i).Type].Mechanized }

// onMap reports where a unit stands on the map, if it does.
func (g *Game) onMap(i int) (hx.Axial, bool) {
	us := &g.s.Units[i]
	a, ok := g.places.Hex(g.b.Board, len(g.s.Units), i, us.At)
	return a, ok && !us.Gone
}

// occupancy lists which units stand on each map hex.
func (g *Game) occupancy() map[hx.Axial][]int { return hexwar.OccupantsOf(g.b.Board, position{g}) }

// sideAt is the side whose units hold a hex, "" if none.
func (g *Game) sideAt(occ map[hx.Axial][]int, a hx.Axial) Side {
	if us := occ[a]; len(us) > 0 {
		return g.unit(us[0]).Side
	}
	return ""
}

// Hash implements rules.Game: SHA-256 of the state's JSON.
func (g *Game) Hash() string { return g.hasher.Hash(&g.s) }

// Clone implements rules.Game.
func (g *Game) Clone() rules.Game {
	c := *g
	c.s.Options = slices.Clone(g.s.Options)
	c.s.Ended = slices.Clone(g.s.Ended) // 24.0
	c.s.Units = slices.Clone(g.s.Units)
	c.s.Control = slices.Clone(g.s.Control)
	c.s.SupP = slices.Clone(g.s.SupP)
	c.s.Repl = slices.Clone(g.s.Repl)
	c.s.RP = slices.Clone(g.s.RP)
	c.s.Attrition = slices.Clone(g.s.Attrition)
	c.s.Landed = slices.Clone(g.s.Landed)
	c.s.Rebuilt = slices.Clone(g.s.Rebuilt)
	c.s.Attacked = slices.Clone(g.s.Attacked)
	c.s.Defended = slices.Clone(g.s.Defended)
	c.s.Orders = slices.Clone(g.s.Orders)
	c.s.OneHexHeld = slices.Clone(g.s.OneHexHeld)
	c.s.Mulberries = slices.Clone(g.s.Mulberries)
	c.s.Evacuations = slices.Clone(g.s.Evacuations)
	c.s.GliderRolls = slices.Clone(g.s.GliderRolls)
	c.s.IPs = slices.Clone(g.s.IPs)
	c.s.IPsBegun = slices.Clone(g.s.IPsBegun)
	c.s.Air = slices.Clone(g.s.Air)
	c.s.Naval = slices.Clone(g.s.Naval)
	c.s.Strafes = slices.Clone(g.s.Strafes)
	c.s.BombardHexes = slices.Clone(g.s.BombardHexes)
	c.s.Batteries = slices.Clone(g.s.Batteries)
	if g.s.Strafing != nil {
		r := *g.s.Strafing
		r.Targets = slices.Clone(r.Targets)
		c.s.Strafing = &r
	}
	c.s.Invasion = g.s.Invasion.clone()
	if g.s.Combat != nil {
		r := *g.s.Combat
		r.Steps = slices.Clone(r.Steps)
		c.s.Combat = &r
	}
	c.cur = nil
	c.hqLines = nil
	c.traces = nil
	c.hasher = g.hasher.Clone()
	c.moves = nil
	// The move contexts are the position's, shared read-only: a clone
	// made to try a command (replay's fork of every entry it builds)
	// moves from the same position, and would read it all again.
	c.ctxs = g.ctxs.Clone()
	c.places = hexwar.Places{}
	return &c
}

// setControl records that side occupied a hex (2.2.5), if control is kept
// for it (keeps).
func (g *Game) setControl(id string, side Side) {
	k, found := slices.BinarySearchFunc(g.s.Control, id, func(c control, id string) int { return strings.Compare(c.Hex, id) })
	switch {
	case found:
		g.s.Control[k].Side = side
	case g.keepsID(id):
		g.s.Control = slices.Insert(g.s.Control, k, control{Hex: id, Side: side})
	}
}

// keepsID reports whether the hex a printed id names keeps its controller
// once left (keeps); no box or waiting mark does.
func (g *Game) keepsID(id string) bool {
	i, ok := g.b.cellOf(id)
	return ok && g.keeps(i)
}

// controlMap is who controls each Town, City and fortification hex (2.2.5),
// keyed by hex id, for the victory rules.
func (g *Game) controlMap() map[string]Side {
	m := make(map[string]Side, len(g.s.Control))
	for _, c := range g.s.Control {
		m[c.Hex] = c.Side
	}
	return m
}
