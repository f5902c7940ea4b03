package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scene"
)

// state is the whole game state as plain data, the hashed schema: units in
// scenario order, every other list in a fixed order, no maps, no floats.
type state struct {
	Scenario string `json:"scenario"`
	// Options are the invitation's options (25.0), as given.
	Options []string `json:"options,omitempty"`
	Turn    int      `json:"turn"`
	Phase   Phase    `json:"phase"`
	Side    Side     `json:"side,omitempty"`

	Units []unitState `json:"units"`
	// Weather is the weather marker's box, 0-5 for A-F (22.1).
	Weather int `json:"weather"`
	// SP is each side's supply points, German then Allied (22.3.1).
	SP [2]int `json:"sp"`
	// Markers are the air and naval markers (9.4, 9.6, 22.2): ready when
	// listed in Ready.
	Ready []string `json:"ready,omitempty"`
	// Valiant is how many times the Valiant and Warspite marker was used:
	// flipped after the first, out of the game after the second (19.4).
	Valiant int `json:"valiant,omitempty"`
	// Control is the side that controls each port, city and VP hex, by
	// hex, the Allied ones listed; the others are German (16.3.4, A-26).
	Control []string `json:"control,omitempty"`
	// BHLost counts the beachheads eliminated (23.1.3); Closed the
	// beaches closed for good (18.1.1).
	BHLost int      `json:"bh_lost,omitempty"`
	Closed []string `json:"closed,omitempty"`
	// North lists the north entry areas whose VP the Allies scored (23.1.4).
	North []string `json:"north,omitempty"`
	// VP is the Allied VP of the last victory check (23.1).
	VP int `json:"vp"`

	// Urban are the urban-combat markers on the map (11.6.2).
	Urban []urbanMarker `json:"urban,omitempty"`

	// The phase's record: units that moved, attacked or defended, hexes
	// attacked (5.1, 8.1), landing points used (18.4.3), and what each
	// beach and port has taken this turn (18.4.4).
	Moved []string `json:"moved,omitempty"`
	// Entered are the units that moved into an entry area this turn: they
	// attack from it in no Combat Phase of the turn (21.3.4, 21.5).
	Entered []string `json:"entered,omitempty"`
	// AutoAdvanced: an Auto DS advance was made in this Combat Phase, so
	// no combat follows it (8.7.2).
	AutoAdvanced bool `json:"auto_advanced,omitempty"`
	// AutoSteps are the Auto DS advances made in this Combat Phase, and
	// AutoBroke the Auto DS whose breakthrough group has attacked (15.4).
	AutoSteps []autoStep `json:"auto_steps,omitempty"`
	AutoBroke []string   `json:"auto_broke,omitempty"`
	// Retreated are the units that retreated in this combat phase (12.5).
	Retreated []string `json:"retreated,omitempty"`
	Attacked  []string `json:"attacked,omitempty"`
	Hexes     []string `json:"hexes,omitempty"`
	// Breakthrough is the breakthrough the last combat allows (15.0),
	// nil for none.
	Breakthrough *breakthrough `json:"breakthrough,omitempty"`
	// Waiting are the attackers of the last combat that advance once its
	// breakthrough group is done (15.2.1 step 3), nil for none.
	Waiting *waitingAdvance `json:"waiting,omitempty"`
	// StackCheck: the Movement Phase has ended with a hex of the phasing
	// side over the limit, whose units its owner eliminates (4.4).
	StackCheck bool     `json:"stack_check,omitempty"`
	LP         int      `json:"lp,omitempty"`
	SeaLP      int      `json:"sea_lp,omitempty"`   // 18.4.5: LP moved by sea from land this turn
	Capacity   []string `json:"capacity,omitempty"` // one entry per LP landed, the hex's id
	Sent       []string `json:"sent,omitempty"`     // 18.4.4: one entry per LP sent, the hex's id
	// OneHex are the units that moved one hex by TM this phase: a sea
	// move may be the second hex of their two (18.4.5).
	OneHex []string `json:"one_hex,omitempty"`
	// SHMove are the automatic retreats a move in the Movement Phase, or
	// an advance made after its combat (from salerno43/5), has set off
	// whose owner has yet to give the path, in order (13.3.2, shmove.go).
	SHMove []shTriggered `json:"sh_move,omitempty"`
	// PortsTaken are the ports the Allies took in their Movement Phase
	// under way: they serve no sea transport before the next (18.2.1).
	PortsTaken []string `json:"ports_taken,omitempty"`

	// Landings are the invasion's landings not yet resolved (24.2), in
	// order; Landing the one whose advance is awaited.
	Landings []string     `json:"landings,omitempty"`
	Landing  *landingStep `json:"landing,omitempty"`
	// Rolls lists the units whose die the phase awaits (13.5, 16.5.2).
	Rolls []string `json:"rolls,omitempty"`
	// Combat is the combat in progress, Combats how many this game;
	// Orders the standing and conditional orders in force (8.3, digest
	// 6.2).
	Combat  *combatRecord `json:"combat,omitempty"`
	Combats int           `json:"combats,omitempty"`
	Orders  []orderRecord `json:"orders,omitempty"`
	// Repl is the phasing side's replacements left in its Preparation
	// Phase, armor, infantry, special (20.1); Replaced the units that had
	// one this turn (20.2).
	Repl     [3]int   `json:"repl"`
	Replaced []string `json:"replaced,omitempty"`
	// Drop is the airborne unit whose airdrop die is awaited (21.6).
	Drop string `json:"drop,omitempty"`
	// Released: the Torre Annunziata garrison may move (19.2).
	Released bool `json:"released,omitempty"`
	// The Campaign (S2): the east entry areas an Allied unit has entered,
	// friendly to the Allies since (21.2.1); the 16th Panzer withdrawal
	// under way (S2.2); the Allied pick of the 8th Army unit that stays
	// across the army boundary awaited (S2.3.3); the 8th Army sector
	// abandoned (S2.3.7).
	East      []string    `json:"east,omitempty"`
	Withdraw  *withdrawal `json:"withdraw,omitempty"`
	Boundary  bool        `json:"boundary,omitempty"`
	Abandoned bool        `json:"abandoned,omitempty"`

	// optionalState is the optional rules' record (25.0).
	optionalState

	Over   bool   `json:"over,omitempty"`
	Result string `json:"result,omitempty"`
}

// Game is a game of Salerno '43 in progress.
type Game struct {
	sc *Scenario
	b  *board
	s  state
	// cur is the combat in progress, rebuilt from s.Combat when needed.
	cur *Combat
	// ended are the reports of the combats resolved (report.go), outside
	// the hashed state.
	ended *scene.Reports
	// opt is what the invitation's options decide, read from s.Options.
	opt options
	ver *rulesVersion // the rules version the game is played under (versions.go)
	// hasher hashes s after every input, encoding again only the records
	// that changed (rules.StateHasher); each clone has a copy of its own.
	// Nil hashes with rules.HashState, to the same hash.
	hasher *rules.StateHasher
	// supplyKept is each side's supply as traced last, German then Allied
	// (supplyStatuses).
	supplyKept [2]*supplyTrace
}

// Hash implements rules.Game: SHA-256 of the state's JSON.
func (g *Game) Hash() string { return g.hasher.Hash(&g.s) }

// Clone implements rules.Game: the state is copied deep; the scenario and
// the board are read-only and shared.
func (g *Game) Clone() rules.Game {
	c := &Game{sc: g.sc, b: g.b, s: g.s, ended: g.ended, opt: g.opt, ver: g.ver, hasher: g.hasher.Clone(), supplyKept: g.supplyKept}
	c.s.Options = slices.Clone(g.s.Options)
	c.s.optionalState = g.s.optionalState.clone()
	c.s.Units = slices.Clone(g.s.Units)
	c.s.Ready = slices.Clone(g.s.Ready)
	c.s.Control = slices.Clone(g.s.Control)
	c.s.Closed = slices.Clone(g.s.Closed)
	c.s.North = slices.Clone(g.s.North)
	c.s.Moved = slices.Clone(g.s.Moved)
	c.s.Entered = slices.Clone(g.s.Entered)
	c.s.AutoSteps = slices.Clone(g.s.AutoSteps)
	c.s.AutoBroke = slices.Clone(g.s.AutoBroke)
	c.s.Attacked = slices.Clone(g.s.Attacked)
	c.s.Hexes = slices.Clone(g.s.Hexes)
	c.s.Capacity = slices.Clone(g.s.Capacity)
	c.s.Sent = slices.Clone(g.s.Sent)
	c.s.OneHex = slices.Clone(g.s.OneHex)
	c.s.SHMove = slices.Clone(g.s.SHMove)
	c.s.PortsTaken = slices.Clone(g.s.PortsTaken)
	c.s.Landings = slices.Clone(g.s.Landings)
	c.s.Rolls = slices.Clone(g.s.Rolls)
	c.s.Orders = slices.Clone(g.s.Orders)
	c.s.Replaced = slices.Clone(g.s.Replaced)
	c.s.Retreated = slices.Clone(g.s.Retreated)
	c.s.East = slices.Clone(g.s.East)
	if g.s.Withdraw != nil {
		w := *g.s.Withdraw
		w.Supplied = slices.Clone(w.Supplied)
		c.s.Withdraw = &w
	}
	c.s.Urban = slices.Clone(g.s.Urban)
	if g.s.Breakthrough != nil {
		b := *g.s.Breakthrough
		b.Units = slices.Clone(b.Units)
		c.s.Breakthrough = &b
	}
	if g.s.Waiting != nil {
		w := *g.s.Waiting
		w.Units = slices.Clone(w.Units)
		c.s.Waiting = &w
	}
	if g.s.Landing != nil {
		l := *g.s.Landing
		l.Units = slices.Clone(l.Units)
		l.Inland = slices.Clone(l.Inland)
		c.s.Landing = &l
	}
	if g.s.Combat != nil {
		c.s.Combat = g.s.Combat.Clone()
	}
	return c
}

// pos is the units on the board as the rules read them.
func (g *Game) pos() *situation { return &situation{sc: g.sc, b: g.b, units: g.s.Units, ver: g.ver} }

// index is unit id's index, -1 for none.
func (g *Game) index(id string) int { return g.sc.unitIndex(id) }

// sideIndex is a side's place in the state's pairs.
func sideIndex(s Side) int {
	if s == Allied {
		return 1
	}
	return 0
}

// other is the other side.
func other(s Side) Side {
	if s == Allied {
		return German
	}
	return Allied
}

// axial is where unit i stands, ok false off the map.
func (g *Game) axial(i int) (hex.Axial, bool) { return g.pos().Hex(i) }

// occupants are the units on each hex.
func (g *Game) occupants() map[hex.Axial][]int { return hexwar.Occupants(g.pos()) }

// alive: unit i is on the map or in a box, not eliminated nor yet to come.
func (g *Game) alive(i int) bool {
	u := g.s.Units[i]
	return u.Hex != "" || (u.Box != "" && u.Box != BoxEliminated && u.Box != BoxRemnant && u.Box != BoxWithdrawn)
}

// Boxes of the state beyond the set-up's.
const (
	BoxEliminated = "eliminated"
	BoxRemnant    = "remnant" // 10.4.1: the parent of a REM counter in play
	// BoxWithdrawn holds the units removed from the game, not eliminated:
	// the 16th Panzer withdrawal (S2.2), the 8th Army when its sector is
	// abandoned (S2.3.7).
	BoxWithdrawn = "withdrawn"
)

// stepsLeft is how many steps unit i has left (10.3).
func (g *Game) stepsLeft(i int) int { return g.sc.Units[i].Steps() - g.s.Units[i].Lost }

// controls: side controls hex id (16.3.4): the Allies those listed, the
// Germans every other (A-26: the Germans hold everything at the start).
func (g *Game) controls(side Side, id string) bool {
	allied := slices.Contains(g.s.Control, id)
	return allied == (side == Allied)
}

// setControl gives hex id to side (16.3.4: the last to occupy or pass
// through it), for ports, cities and VP hexes only.
func (g *Game) setControl(id string, side Side) {
	if !g.b.keyHex(id) {
		return
	}
	_, port := g.b.ports[id]
	i := slices.Index(g.s.Control, id)
	switch {
	case side == Allied && i < 0:
		g.s.Control = append(g.s.Control, id)
		slices.Sort(g.s.Control)
		if port && g.s.Phase == PhaseMovement && g.s.Side == Allied {
			g.s.PortsTaken = append(g.s.PortsTaken, id) // 18.2.1
		}
	case side == German && i >= 0:
		g.s.Control = slices.Delete(g.s.Control, i, i+1)
	}
}
