package ardennes44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scene"
)

// state is the whole game state as plain data, the hashed schema. Every
// slice has a fixed order (units in scenario order, hexes by id) and there
// are no maps, so its JSON, and so Hash, is canonical.
type state struct {
	Scenario string   `json:"scenario"`
	Options  []string `json:"options,omitempty"`
	// Turn is the game turn (1-30); a Night turn follows an even one and
	// keeps its number (25.1).
	Turn  int   `json:"turn"`
	Phase Phase `json:"phase"`
	Side  Side  `json:"side,omitempty"`

	Units []unitState `json:"units"`
	// Control is who controls each town, city and victory hex: the side
	// whose unit stood in it or passed through it last (30.1.2, AMB-43).
	Control []control `json:"control"`

	// Bridges whose marker is on: blown, or on the Working side (7.2,
	// 7.8, 7.9), by hexside.
	Bridges []bridgeState `json:"bridges,omitempty"`
	// Ouren is the Ouren bridge's check (7.7): "" not yet made, "intact",
	// "collapsed".
	Ouren string `json:"ouren,omitempty"`
	// Tried lists the bridges each side has tried to blow in this player
	// turn (7.2: one attempt, per bridge, AMB-8).
	Tried []string `json:"tried,omitempty"`

	// Traffic and Greif markers on the map (24.1), and the German ones
	// removed for good (24.6).
	Traffic     []marker `json:"traffic,omitempty"`
	TrafficGone int      `json:"traffic_gone,omitempty"`
	Roadblocks  []marker `json:"roadblocks,omitempty"` // option 33
	// Nights are the Night markers placed on stacks in the PM Movement
	// Phase, by side and hex (25.3.3); Infiltrated the hexes whose stacks
	// made a Night Infiltration this Night (31).
	Nights      []marker `json:"nights,omitempty"`
	Infiltrated []string `json:"infiltrated,omitempty"`
	// Closed are the Allied entry hexes German units have left the map
	// through, which the Allies can no longer use (11.9.3).
	Closed []string `json:"closed,omitempty"`
	// IPs are Improved Positions and IPs under construction (15.8).
	IPs []ipMarker `json:"ips,omitempty"`
	// AA are the Attacker's Advantage markers (16.6).
	AA []aaMarker `json:"aa,omitempty"`

	// Air is how many Air Support markers the Allies have left this turn
	// (15.6.2); AirRolled says they have rolled for them.
	Air       int  `json:"air,omitempty"`
	AirRolled bool `json:"air_rolled,omitempty"`
	// Flips are the German artillery flips left in this Artillery Supply
	// Phase (5.2).
	Flips int `json:"flips,omitempty"`
	// Repl is the replacements left in this Night Replacement Phase, and
	// ReplOther whether the one that may go to armour has been used
	// (25.2.1).
	Repl      int  `json:"repl,omitempty"`
	ReplOther bool `json:"repl_other,omitempty"`
	// Fuel is the Fuel Shortage Phase in progress (6.0).
	Fuel *fuelState `json:"fuel,omitempty"`
	// Groups are the isolated groups' Surrender Points (23.7, 23.9).
	Groups []surrenderGroup `json:"groups,omitempty"`
	// Surrender lists the groups whose die is awaited, in order (23.7).
	Surrender [][]string `json:"surrender,omitempty"`
	// Rally lists the units whose rally die is awaited (18.6).
	Rally []string `json:"rally,omitempty"`
	// Traffic removal die awaited (24.3.2).
	TrafficRoll bool `json:"traffic_roll,omitempty"`
	// Rolls is how many of the prelude's removal rolls are left (S4.3 B).
	Rolls int `json:"rolls,omitempty"`
	// Done: the phase's work is over and it waits for nothing more.
	Done bool `json:"done,omitempty"`

	// Exited is the attack strength German units have taken off the map
	// for victory (30.2 a, S2.4); Antwerp the British defense strength sent
	// there (27.3.4).
	Exited int `json:"exited,omitempty"`
	// ExitHexes are the hexes German units left the map from, one of
	// which must have Road Supply for the exits to count (30.2 a, S2.4).
	ExitHexes []string `json:"exit_hexes,omitempty"`
	// ExitVP is the attack strength exited while an exit hex had Road
	// Supply, which alone earns VP in the short scenarios (S2.4), from
	// ardennes44/5.
	ExitVP int `json:"exit_vp,omitempty"`
	// Held counts the Allied Victory Phases in a row in which 3 German
	// start positions were held (30.3 b).
	Held int `json:"held,omitempty"`

	// Special units and events.
	PzJ653     string `json:"pzj653,omitempty"`     // 27.7: "delayed", "arrived", "never"
	Pz150      string `json:"pz150,omitempty"`      // 27.8: "used" this turn, "detected"
	VdH        string `json:"vdh,omitempty"`        // 27.2: "dropped"
	Released29 bool   `json:"released29,omitempty"` // 27.3.2
	// Bodenplatte is the turn from which option 35 is in effect; -1 when
	// its roll came to nothing.
	Bodenplatte int    `json:"bodenplatte,omitempty"`
	Greif       string `json:"greif,omitempty"` // option 36: the bridge, or "used"
	// GreifAsk is the bridge of an Allied Bridge Phase demolition that
	// waits for the German player's Greif Commando (36), "" for none.
	GreifAsk string `json:"greif_ask,omitempty"`
	// Dumps are the fuel dumps of option 32.
	Dumps     []dump `json:"dumps,omitempty"`
	DumpTaken bool   `json:"dump_taken,omitempty"`
	// DumpSeal is the token of the sealed draw of the real dump (32.1);
	// RealDump its hex once known; DumpPending the markers waiting to flip
	// until it is.
	DumpSeal    string   `json:"dump_seal,omitempty"`
	RealDump    string   `json:"real_dump,omitempty"`
	DumpPending []string `json:"dump_pending,omitempty"`

	// The Combat Phase: the units that attacked or disengaged and the
	// hexes attacked in this phase (14.1, 20.1), the combat in progress,
	// the orders in force.
	Attacked []string `json:"attacked,omitempty"`
	Defended []string `json:"defended,omitempty"`
	Combats  int      `json:"combats,omitempty"`
	// CombatPhases counts the Combat Phases played, to date Attacker's
	// Advantage markers (16.6).
	CombatPhases int           `json:"combat_phases,omitempty"`
	Combat       *combatRecord `json:"combat,omitempty"`
	Orders       []orderRecord `json:"orders,omitempty"`
	Disengage    *disengaging  `json:"disengage,omitempty"`
	// Breakthrough lists the units that may make a Breakthrough attack
	// now, after a DS, with how far each advanced (19.4).
	Breakthrough []btUnit `json:"breakthrough,omitempty"`

	// MustLeave lists the Disrupted and Broken units that began this
	// Movement Phase in an enemy ZOC: they leave it if they can (18.3;
	// ardennes44/4 on, never set before).
	MustLeave []string `json:"must_leave,omitempty"`

	// Moving is a move stopped for a die (7.7 Ouren, 27.8.2 infiltration).
	Moving *movingState `json:"moving,omitempty"`
	// Dice is a die awaited outside combat and its purpose: "653", "vdh",
	// "bodenplatte", "blow HEX/HEX", "air".
	Dice string `json:"dice,omitempty"`

	Over   bool   `json:"over,omitempty"`
	Result string `json:"result,omitempty"`
}

// unitState is one counter's changing data; its fixed values are the
// scenario's Unit of the same index.
type unitState struct {
	ID string `json:"id"`
	// At is a hex id on the map, or a box: "off-se" (an Off-map Area),
	// "block-A" (a Blocking Position), "antwerp", "dead" (the dead pile),
	// "gone" (surrendered, or never arrived, removed for good), "exited";
	// "" for a unit not yet in play, "entry:AB" for one due to enter.
	At string `json:"at"`
	// Face is the side shown: 0 full strength (artillery: Ready), 1
	// reduced (Fired) (16.4, 22.5).
	Face int `json:"face"`
	// Status is "" (Good Order), "disrupted" or "broken" (18.1).
	Status   string `json:"status,omitempty"`
	ENG      bool   `json:"eng,omitempty"`      // 16.5
	OOS      bool   `json:"oos,omitempty"`      // 23.1
	Isolated bool   `json:"isolated,omitempty"` // 23.6
	SM       bool   `json:"sm,omitempty"`       // an SM marker (12.4)
	Trucks   bool   `json:"trucks,omitempty"`   // the marker on its Truck side (12.4.3)
	Loading  bool   `json:"loading,omitempty"`  // trucks placed this turn: moves next turn (12.4.3)
	Mover    bool   `json:"mover,omitempty"`    // a Prime Mover marker (22.3)
	Night    bool   `json:"night,omitempty"`    // a Night marker (25.3.3)
	Repl     bool   `json:"repl,omitempty"`     // a Replacement marker (25.2.4)
	// Per phase: moved, how much was spent (sixths) and how many hexes
	// entered, how (11.2, 11.3), retreated into its hex this Combat Phase
	// (17.5), retreated across an army boundary (11.10.2).
	Moved       bool `json:"moved,omitempty"`
	Spent       int  `json:"spent,omitempty"`
	Hexes       int  `json:"hexes,omitempty"`
	Tactical    bool `json:"tactical,omitempty"`
	Extended    bool `json:"extended,omitempty"`
	RetreatedIn bool `json:"retreated_in,omitempty"`
	Boundary    bool `json:"boundary,omitempty"`
	// Halted: its move stopped before the Ouren bridge collapsed; it may
	// move on with what it has left (AMB-9).
	Halted bool `json:"halted,omitempty"`
	// Parent is the unit a breakdown unit came from (26.4).
	Parent string `json:"parent,omitempty"`
	// Arrived is the turn it came into play, for 13.2.2 and 27.2.
	Arrived int `json:"arrived,omitempty"`
}

// btUnit is a unit that may join a Breakthrough Group, and the hexes it
// advanced after the DS (19.4.1).
type btUnit struct {
	ID       string `json:"id"`
	Advanced int    `json:"advanced,omitempty"`
}

// control records who controls a hex whose control outlasts occupation.
type control struct {
	Hex  string `json:"hex"`
	Side Side   `json:"side"`
}

// bridgeState is a bridge's marker: Blown, or its Working side (7.8).
type bridgeState struct {
	Side    string `json:"side"` // "HEX/HEX"
	Working bool   `json:"working,omitempty"`
	// Begun is the side that began the repair, whose next Bridge Phase
	// completes it (7.8).
	Begun Side `json:"begun,omitempty"`
	// Due is the first turn it may be completed: 2 for the bridges under
	// construction at the start (7.9); 0 for a repair (7.8).
	Due int `json:"due,omitempty"`
}

// marker is a numbered Traffic or Greif marker, or a Roadblock, on the map.
type marker struct {
	Side Side   `json:"side"`
	N    int    `json:"n,omitempty"`
	Hex  string `json:"hex"`
	// Passed: an enemy unit entered or passed through the Roadblock; it
	// comes off at the end of the phase (33.3).
	Passed bool `json:"passed,omitempty"`
}

// ipMarker is an Improved Position, or one under construction (15.8).
type ipMarker struct {
	Hex      string `json:"hex"`
	Building bool   `json:"building,omitempty"`
	Side     Side   `json:"side"`
	// Builder is the unit that began it, which does not attack that turn
	// (15.8.2).
	Builder string `json:"builder,omitempty"`
}

// aaMarker is an Attacker's Advantage marker (16.6): on the attackers of
// Hex, against Target, with the units of the attack that were there.
type aaMarker struct {
	Hex    string   `json:"hex"`
	Target string   `json:"target"`
	Units  []string `json:"units"`
	Turn   int      `json:"turn"` // the Combat Phase it was placed in (CombatPhases)
}

// dump is a fuel dump marker (option 32).
type dump struct {
	Hex      string `json:"hex"`
	Real     bool   `json:"real,omitempty"`
	Revealed bool   `json:"revealed,omitempty"`
	Captured bool   `json:"captured,omitempty"`
}

// surrenderGroup is an isolated group's Surrender Points (23.7): its units
// when last checked.
type surrenderGroup struct {
	Units  []string `json:"units"`
	Points int      `json:"points"`
}

// movingState is a move stopped for a die: the unit, the path still to go
// and how it moves, what it had spent.
type movingState struct {
	Command string `json:"command"`
	Unit    string `json:"unit"`
	Done    int    `json:"done"` // hexes of the path already entered
	Spent   int    `json:"spent"`
	Why     string `json:"why"` // "ouren" or "infiltrate"
	// Ignored are the hexes whose enemy ZOC the infiltration ignores
	// (27.8.2).
	Ignored []string `json:"ignored,omitempty"`
}

// disengaging is a disengagement declared in the Combat Phase: the units
// that try, whose dice are awaited, and the results of those rolled (20.2).
type disengaging struct {
	Units   []string `json:"units"`
	Results []string `json:"results,omitempty"` // "yes", "yes+d", "no", "no+d", in order
	// Moving is the unit whose retreat is to be chosen, after a yes.
	Moving string `json:"moving,omitempty"`
	// Free are the units that were not Engaged: they enter no enemy ZOC
	// (20.4).
	Free []string `json:"free,omitempty"`
}

// Game is an Ardennes '44 game in progress. The scenario, the board and the
// option values are shared read-only between clones; s is the game's own.
type Game struct {
	sc    *Scenario
	b     *board
	index map[string]int
	opt   options
	ver   *rulesVersion // the rules version the game is played under (versions.go)
	s     state
	// cur caches the Combat that s.Combat records; Clone drops it.
	cur *Combat
	// ended is the reports of the combats resolved, newest first, outside
	// the hashed state (report.go).
	ended *scene.Reports
	// drawn is the scene's map, built once (draw.go).
	drawn *drawing
	// left holds the events of the stages left while the sequence runs on
	// (sequence.go); always empty between two calls.
	left []rules.Event
	// memo holds what Legal works out once for the position (legal.go).
	memo *memo
	// places is where each unit stands, as onMap read it; a clone reads
	// again. occ is the units on each hex, kept outside Legal (occupancy).
	places hexwar.Places
	occ    keptOccupancy
	// supplyKept is each side's supply as traced last, German then Allied
	// (keptSupply).
	supplyKept [2]*supplyTrace
	// hasher hashes s after every input, encoding again only the records
	// that changed (rules.StateHasher); each clone has a copy of its own,
	// so that its first hash, after the input it was made to try, is not
	// encoded whole. Nil hashes with rules.HashState, to the same hash.
	hasher *rules.StateHasher
}

func (g *Game) unit(i int) *Unit { return &g.sc.Units[i] }

// face is the side unit i shows now.
func (g *Game) face(i int) Face { return g.unit(i).Faces[g.s.Units[i].Face] }

// steps are the steps unit i has left (8.2).
func (g *Game) steps(i int) int { return g.face(i).Steps }

// onMap is where unit i stands on the map, if it does (hexwar.Places).
func (g *Game) onMap(i int) (hex.Axial, bool) {
	return g.places.Hex(g.b.Board, len(g.s.Units), i, g.s.Units[i].At)
}

// sideOf is unit i's side.
func (g *Game) sideOf(i int) Side { return g.unit(i).Side }

// Position: the core reads the units through it (hexwar.Position).
type position struct{ g *Game }

func (p position) Units() int                  { return len(p.g.s.Units) }
func (p position) Hex(i int) (hex.Axial, bool) { return p.g.onMap(i) }
func (p position) Side(i int) hexwar.Side      { return p.g.sideOf(i) }

// occupancy lists which units stand on each map hex, in index order. While
// Legal runs it is read once (memo), and shared by the moves it checks;
// outside Legal it is kept until a unit moves (keptOccupancy). Callers only
// read it, and its lists are capped, so that an append to one copies it.
func (g *Game) occupancy() map[hex.Axial][]int {
	if g.memo != nil {
		if g.memo.occ == nil {
			g.memo.occ = g.occupants()
		}
		return g.memo.occ
	}
	if !g.occ.holds(g.s.Units) {
		g.occ = keptOccupancy{at: make([]string, len(g.s.Units)), occ: g.occupants()}
		for i := range g.s.Units {
			g.occ.at[i] = g.s.Units[i].At
		}
	}
	return g.occ.occ
}

// occupants lists which units stand on each map hex, each list capped
// (hexwar.OccupantsOf, as Normandy's occupancy).
func (g *Game) occupants() map[hex.Axial][]int { return hexwar.OccupantsOf(g.b.Board, position{g}) }

// keptOccupancy is the occupancy of the units when they stood at at: an
// input asks for it many times (each move's steps, zones of control,
// supply), and most ask it again with no unit moved. Clones share it, as
// no caller changes it.
type keptOccupancy struct {
	at  []string
	occ map[hex.Axial][]int
}

// holds reports whether k is the occupancy of units.
func (k keptOccupancy) holds(units []unitState) bool {
	if k.occ == nil || len(k.at) != len(units) {
		return false
	}
	for i := range units {
		if units[i].At != k.at[i] {
			return false
		}
	}
	return true
}

// sideAt is the side whose units hold a hex, "" if none.
func (g *Game) sideAt(occ map[hex.Axial][]int, a hex.Axial) Side {
	if us := occ[a]; len(us) > 0 {
		return g.sideOf(us[0])
	}
	return ""
}

// Hash implements rules.Game: SHA-256 of the state's JSON.
func (g *Game) Hash() string { return g.hasher.Hash(&g.s) }

// Clone implements rules.Game: a deep copy of the state.
func (g *Game) Clone() rules.Game {
	c := *g
	s := &c.s
	s.Options = slices.Clone(g.s.Options)
	s.Units = slices.Clone(g.s.Units)
	s.Control = slices.Clone(g.s.Control)
	s.Bridges = slices.Clone(g.s.Bridges)
	s.Tried = slices.Clone(g.s.Tried)
	s.Traffic = slices.Clone(g.s.Traffic)
	s.Roadblocks = slices.Clone(g.s.Roadblocks)
	s.Nights = slices.Clone(g.s.Nights)
	s.Infiltrated = slices.Clone(g.s.Infiltrated)
	s.Closed = slices.Clone(g.s.Closed)
	s.ExitHexes = slices.Clone(g.s.ExitHexes)
	s.IPs = slices.Clone(g.s.IPs)
	s.AA = cloneEach(g.s.AA, func(m aaMarker) aaMarker { m.Units = slices.Clone(m.Units); return m })
	s.Groups = cloneEach(g.s.Groups, func(x surrenderGroup) surrenderGroup { x.Units = slices.Clone(x.Units); return x })
	s.Surrender = cloneEach(g.s.Surrender, func(x []string) []string { return slices.Clone(x) })
	s.Rally = slices.Clone(g.s.Rally)
	s.Dumps = slices.Clone(g.s.Dumps)
	s.DumpPending = slices.Clone(g.s.DumpPending)
	s.Attacked = slices.Clone(g.s.Attacked)
	s.Breakthrough = slices.Clone(g.s.Breakthrough)
	s.Defended = slices.Clone(g.s.Defended)
	s.MustLeave = slices.Clone(g.s.MustLeave)
	s.Orders = slices.Clone(g.s.Orders)
	if g.s.Fuel != nil {
		f := *g.s.Fuel
		f.Rolls = slices.Clone(f.Rolls)
		f.Choices = cloneEach(f.Choices, func(c fuelChoice) fuelChoice { c.Options = slices.Clone(c.Options); return c })
		s.Fuel = &f
	}
	if g.s.Combat != nil {
		r := *g.s.Combat
		r.Steps = slices.Clone(r.Steps)
		s.Combat = &r
	}
	if g.s.Disengage != nil {
		d := *g.s.Disengage
		d.Units, d.Results, d.Free = slices.Clone(d.Units), slices.Clone(d.Results), slices.Clone(d.Free)
		s.Disengage = &d
	}
	if g.s.Moving != nil {
		m := *g.s.Moving
		m.Ignored = slices.Clone(m.Ignored)
		s.Moving = &m
	}
	c.cur, c.left, c.memo, c.places = nil, nil, nil, hexwar.Places{}
	c.hasher = g.hasher.Clone()
	return &c
}

func cloneEach[T any](s []T, f func(T) T) []T {
	if s == nil {
		return nil
	}
	out := make([]T, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	return out
}

// controller is who controls a hex now: the side whose units stand there,
// else the side that last did, for the hexes whose control is kept.
func (g *Game) controller(occ map[hex.Axial][]int, id string) Side {
	if a, ok := g.b.ids[id]; ok {
		if s := g.sideAt(occ, a); s != "" {
			return s
		}
	}
	k, found := slices.BinarySearchFunc(g.s.Control, id, func(c control, id string) int { return strings.Compare(c.Hex, id) })
	if found {
		return g.s.Control[k].Side
	}
	return ""
}

// setControl records that side occupied or passed through a hex, if
// control is kept for it.
func (g *Game) setControl(id string, side Side) {
	k, found := slices.BinarySearchFunc(g.s.Control, id, func(c control, id string) int { return strings.Compare(c.Hex, id) })
	if found {
		g.s.Control[k].Side = side
	}
}

// unitIndex finds a unit by id.
func (g *Game) unitIndex(id string) (int, bool) {
	i, ok := g.index[id]
	return i, ok
}
