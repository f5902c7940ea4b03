package combat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
)

// RollPurpose names a die roll of a combat: "crt", "dd", or a game's own
// ("jabos").
type RollPurpose string

const (
	RollCRT RollPurpose = "crt" // the combat result
	RollDD  RollPurpose = "dd"  // a Determined Defense
)

// DecisionKind names a decision of a combat: the series' own or a game's.
type DecisionKind string

const (
	DecAttackerLoss DecisionKind = "attacker-loss"
	DecDefenderLoss DecisionKind = "defender-loss"
	DecDD           DecisionKind = "dd"
	DecDDLoss       DecisionKind = "dd-loss"
	DecRetreat      DecisionKind = "retreat"
	DecAdvance      DecisionKind = "advance"
)

// Await is what a combat waits for: a die, a decision, or nothing (Done).
type Await struct {
	Done     bool
	Roll     RollPurpose  // set when a die is awaited
	Decision DecisionKind // set when a decision is awaited
	Side     string       // who rolls or decides
	Steps    int          // losses to assign, for loss decisions
	Choices  []string     // the legal commands, canonical text (loss decisions list the eligible units)
	// Notes, where the stage words them, say what each choice does, in
	// the order of Choices (Legal's notes).
	Notes []string
	Rule  string
	stage int
}

func (a Await) String() string {
	switch {
	case a.Done:
		return "combat resolved"
	case a.Roll != "":
		return fmt.Sprintf("%s rolls %s (%s)", a.Side, a.Roll, a.Rule)
	}
	return fmt.Sprintf("%s decides %s (%s): %s", a.Side, a.Decision, a.Rule, strings.Join(a.Choices, " | "))
}

// Stage is one step of the combat procedure. Await says what the stage
// waits for now, or false when it has nothing to ask (it is over, or does
// not apply to this result); it may settle what the rules alone decide (an
// automatic result, a stack that cannot retreat) on the way. Roll and
// Decide apply the die or the decision it waits for; ByOrder answers its
// decision from the orders in force, if they cover it. Words is the stage's
// part of the combat's narration, "" while it has nothing to say.
type Stage struct {
	Name    string
	Await   func(c *Combat) (Await, bool)
	Roll    func(c *Combat, die int) error
	Decide  func(c *Combat, a Await, cmd Command) error
	ByOrder func(c *Combat, a Await, o Orders) (Command, bool)
	Words   func(c *Combat) string
}

// Loss is a step lost to a game's own stage (a Desperate Defense, a Time on
// Target), beside the CRT's and the Determined Defense's.
type Loss struct {
	Unit     string
	Defender bool
	Stage    string
}

// Combat is one combat in progress: the declaration as the procedure reads
// it, the maps seen by the retreating defender and the advancing attacker,
// the game's stages, and what has been rolled and decided so far. The
// combat changes nothing on the game's map: the game puts the outcome there
// once it is Done.
type Combat struct {
	Attacker, Defender   string // the sides' names
	Attackers, Defenders []Unit
	Terrain              string // the defending hex's terrain, for the narration
	Layout               hex.Layout
	Origin               string // the defending hex
	// RetreatMap is the map seen by the retreating defender, AdvanceMap by
	// the advancing attacker (the defender's ZOC after the retreat).
	RetreatMap, AdvanceMap Map
	// SupplyDistance scores a hex for "order retreat toward-supply": lower
	// is nearer to supply. Nil means no preference.
	SupplyDistance func(hex.Axial) int
	// Eliminates, if set, reports whether the game's rules eliminate a
	// surviving defender rather than let it retreat hexes (A44 18.5: a
	// Broken unit; 17.7: German artillery without a Prime Mover; 23.4: out
	// of supply, 3 hexes or more); nil eliminates none but the series'.
	Eliminates func(u Unit, hexes int) bool
	// ReachCap, if set, caps the advance the result grants (S43 15.2.5: a
	// breakthrough combat gives no new advance hexes, only the free entry
	// into the hex it vacated); nil leaves the result's Reach.
	ReachCap func(Result) int
	// AdvanceOK, if set, keeps only the advance paths it accepts, reach
	// being the result's after ReachCap (S43 15.2.4: a breakthrough group
	// that turns away from the hex it vacated has no free hex to spend);
	// nil keeps every path.
	AdvanceOK func(reach int, vacated hex.Axial, path []hex.Axial) bool
	// Stages are the procedure in order, the game's own among the series'.
	Stages []Stage
	// Grammar parses the commands of the orders and records.
	Grammar Grammar

	Odds    Odds
	Rolled  bool
	Roll    int // the CRT die, 0 for an automatic result
	Result  Result
	AttLoss []string // the attacker's CRT step losses, one id per step
	DefLoss []string // the defenders'
	DD      *Command // the Determined Defense decision, dd or no-dd
	DDOut   *DDOutcome
	DDLoss  []string // the attacker's loss from the DD table
	Lost    []Loss   // the game's stages' losses
	// Hold names the rule that keeps the defenders in place against a
	// retreat result (a successful Determined Defense, or a game's own
	// stage); "" for none.
	Hold string
	// Moves are the retreat: the stack's path, or each part's when the
	// stack split (RetreatRules.Split).
	Moves      []RetreatMove
	Eliminated []string // defenders eliminated by the retreat
	Advances   []Command
	// Splits are the attackers split into parts before the advance
	// (AdvanceStageSplit), in order.
	Splits []SplitMove
	// Excess are the units the attacker eliminated over the stacking limit
	// after the advance (ExcessStage), any of its units in the hexes the
	// advance ended in.
	Excess []string
	// RetreatExcess are the steps the defenders lost over the stacking
	// limit where their retreat ended, one id a step (RetreatExcessStage).
	RetreatExcess []string

	attDone, defDone, ddLossDone, retreatDone, advanceDone, condAdvanced, excessDone bool
	retreatExcessDone                                                                bool
	retreatMoves                                                                     int // len(Moves) the cache is for
	retreatCache                                                                     map[string][]RetreatPath
	survivors, attackersLeft                                                         unitCache
	advanceCache                                                                     advanceCache
}

// RetreatMove is one part of a retreat: the units that went along one path
// together (the whole stack, unless it split), those the path eliminated
// left out, and the units that took the steps it cost, one id a step.
type RetreatMove struct {
	Units []string
	Path  RetreatPath
	Loss  []string
	// Part: the units left the stack to retreat on their own (13.1.3).
	Part bool
}

// Retreated reports whether defenders retreated.
func (c *Combat) Retreated() bool { return len(c.Moves) > 0 }

// RetreatBegun reports whether the retreat has begun, or is over: a part of
// the stack has retreated, or the stack has been eliminated for want of a
// path. The stages before it no longer apply.
func (c *Combat) RetreatBegun() bool { return c.retreatDone || len(c.Moves) > 0 }

// RetreatLosses are the steps the retreat's paths cost, and those over the
// stacking limit where it ended (RetreatExcess), one unit id a step.
func (c *Combat) RetreatLosses() []string {
	var out []string
	for _, m := range c.Moves {
		out = append(out, m.Loss...)
	}
	return append(out, c.RetreatExcess...)
}

// moved reports whether a unit has retreated.
func (c *Combat) moved(id string) bool {
	_, ok := c.RetreatOf(id)
	return ok
}

// RetreatOf is the part of the retreat defender id went on: the whole
// stack's, unless it split (RetreatRules.Split); false if it has not
// retreated.
func (c *Combat) RetreatOf(id string) (RetreatMove, bool) {
	for _, m := range c.Moves {
		if slices.Contains(m.Units, id) {
			return m, true
		}
	}
	return RetreatMove{}, false
}

// Await is what the combat waits for now.
func (c *Combat) Await() Await {
	for i, st := range c.Stages {
		if a, ok := st.Await(c); ok {
			a.stage = i
			return a
		}
	}
	return Await{Done: true}
}

// Next applies every decision the orders answer and returns what the
// combat waits for next.
func (c *Combat) Next(orders Orders) Await {
	for {
		a := c.Await()
		if a.Done || a.Roll != "" {
			return a
		}
		cmd, ok := c.ByOrder(a, orders)
		if !ok {
			return a
		}
		if err := c.Decide(a.Side, cmd); err != nil {
			return a // an order that does not fit leaves the decision to the player
		}
	}
}

// ByOrder answers a decision from the orders in force, if they cover it.
func (c *Combat) ByOrder(a Await, orders Orders) (Command, bool) {
	if a.Done || a.Roll != "" || c.Stages[a.stage].ByOrder == nil {
		return Command{}, false
	}
	return c.Stages[a.stage].ByOrder(c, a, orders)
}

// RollDie hands the combat the die it waits for.
func (c *Combat) RollDie(purpose RollPurpose, die int) error {
	a := c.Await()
	if a.Roll != purpose {
		return fmt.Errorf("%w: no %s roll is due (%s)", ErrDecision, purpose, a)
	}
	if die < 1 || die > Die {
		return fmt.Errorf("%w: die %d", ErrDecision, die)
	}
	return c.Stages[a.stage].Roll(c, die)
}

// Decide applies a decision by side; an illegal one changes nothing.
func (c *Combat) Decide(side string, cmd Command) error {
	a := c.Await()
	if a.Done || a.Roll != "" {
		return fmt.Errorf("%w: no decision is due (%s)", ErrDecision, a)
	}
	if side != a.Side {
		return fmt.Errorf("%w: %s is %s's to decide (%s)", ErrDecision, a.Decision, a.Side, a.Rule)
	}
	return c.Stages[a.stage].Decide(c, a, cmd)
}

// Chosen checks a decision that must be one of the listed choices.
func (a Await) Chosen(cmd Command) error {
	if !slices.Contains(a.Choices, cmd.String()) {
		return fmt.Errorf("%w: %q is not among the legal choices (%s)", ErrDecision, cmd, a.Rule)
	}
	return nil
}

// Losses checks a loss decision among units.
func (a Await) Losses(cmd Command, units []Unit) error {
	if cmd.Kind != CmdLosses {
		return fmt.Errorf("%w: want losses (%s)", ErrDecision, a.Rule)
	}
	return CheckLosses(LossChoice{Steps: a.Steps, Units: a.Choices, Rule: a.Rule}, cmd.Units, units)
}

// StageLosses lists the steps a game's stage took, of the defenders or the
// attackers.
func (c *Combat) StageLosses(stage string, defender bool) []string {
	var out []string
	for _, l := range c.Lost {
		if l.Stage == stage && l.Defender == defender {
			out = append(out, l.Unit)
		}
	}
	return out
}

func (c *Combat) lostBy(defender bool) []string {
	var out []string
	for _, l := range c.Lost {
		if l.Defender == defender {
			out = append(out, l.Unit)
		}
	}
	return out
}

// LeadLoss is the Lead's step lost to the Determined Defense table.
func (c *Combat) LeadLoss() []string {
	if c.DDOut != nil && c.DDOut.Result.LeadSteps > 0 {
		return []string{c.DDOut.Lead}
	}
	return nil
}

// Survivors are the defenders after every loss of the combat so far but
// the retreat's. The stages ask often; the list is kept until a loss
// changes it, and callers must not change it.
func (c *Combat) Survivors() []Unit {
	k := lossKey{own: len(c.DefLoss), stages: len(c.Lost), dd: c.DDOut}
	if c.survivors.ok && c.survivors.key == k {
		return c.survivors.units
	}
	losses := slices.Concat(c.DefLoss, c.lostBy(true), c.LeadLoss())
	c.survivors = unitCache{k, AfterLosses(c.Defenders, losses), true}
	return c.survivors.units
}

// AttackersLeft are the attackers after their losses so far; callers must
// not change the list.
func (c *Combat) AttackersLeft() []Unit {
	k := lossKey{own: len(c.AttLoss), ddLoss: len(c.DDLoss), stages: len(c.Lost)}
	if c.attackersLeft.ok && c.attackersLeft.key == k {
		return c.attackersLeft.units
	}
	c.attackersLeft = unitCache{k, AfterLosses(c.Attackers, slices.Concat(c.AttLoss, c.DDLoss, c.lostBy(false))), true}
	return c.attackersLeft.units
}

// lossKey tells the losses of a side apart: the lists only grow, and the
// Determined Defense's outcome is set once.
type lossKey struct {
	own, ddLoss, stages int
	dd                  *DDOutcome
}

type unitCache struct {
	key   lossKey
	units []Unit
	ok    bool
}

// UnitSteps gives the steps left of every unit of the combat.
func (c *Combat) UnitSteps() map[string]int {
	m := map[string]int{}
	for _, u := range c.Survivors() {
		m[u.ID] = u.Steps
	}
	for _, u := range c.AttackersLeft() {
		m[u.ID] = u.Steps
	}
	return m
}

// Held reports whether the defenders stay: the result has no retreat, or a
// stage cancelled it.
func (c *Combat) Held() bool { return c.Result.Retreat == 0 || c.Hold != "" }

// Retreating reports whether the result makes surviving defenders retreat,
// whether or not a stage has held them since (Held): the stages between
// the losses and the retreat apply only then.
func (c *Combat) Retreating() bool { return c.Result.Retreat > 0 && len(c.Survivors()) > 0 }

// RetreatUnits are the survivors that retreat; MA-0 units cannot and are
// eliminated, as are units that retreated in this phase (Normandy '44
// 13.2.2, 13.5; Ardennes '44 17.5; Salerno '43 12.2, 12.5).
func (c *Combat) RetreatUnits() (movers []RetreatUnit, lost []string) {
	for _, u := range c.Survivors() {
		if u.MA == 0 || u.RetreatedIn || (c.Eliminates != nil && c.Eliminates(u, c.Result.Retreat)) {
			lost = append(lost, u.ID)
			continue
		}
		movers = append(movers, RetreatUnit{ID: u.ID, Strength: u.Strength, Steps: u.Steps, MA: u.MA, Mechanized: u.Mechanized})
	}
	return movers, lost
}

// RetreatLeft are the movers yet to retreat: none moved, none eliminated.
func (c *Combat) RetreatLeft() []RetreatUnit {
	movers, _ := c.RetreatUnits()
	return slices.DeleteFunc(movers, func(u RetreatUnit) bool { return c.moved(u.ID) || slices.Contains(c.Eliminated, u.ID) })
}

// RetreatOptions are the legal retreats of the movers yet to retreat, all
// together.
func (c *Combat) RetreatOptions() []RetreatPath { return c.retreatPaths(c.RetreatLeft()) }

// RetreatBlocked reports whether no mover can retreat at all, together nor,
// where the stack may split, alone: the stack would be eliminated by
// retreating (N44 12.5).
func (c *Combat) RetreatBlocked(split bool) bool {
	left := c.RetreatLeft()
	if len(c.retreatPaths(left)) > 0 {
		return false
	}
	if split && len(left) > 1 {
		for _, u := range left {
			if len(c.retreatPaths([]RetreatUnit{u})) > 0 {
				return false
			}
		}
	}
	return true
}

// retreatPaths are the legal retreats of units together, searched once per
// set of units and retreat so far: the map does not change during one
// combat but by the retreat's own parts, which stand in the hexes they
// retreated to (Room) and stop a one-hex retreat no more than once (Friends).
func (c *Combat) retreatPaths(units []RetreatUnit) []RetreatPath {
	origin, err := c.Layout.Parse(c.Origin)
	if err != nil || len(units) == 0 {
		return nil
	}
	if c.retreatCache == nil || c.retreatMoves != len(c.Moves) {
		c.retreatCache, c.retreatMoves = map[string][]RetreatPath{}, len(c.Moves)
	}
	key := fmt.Sprint(c.Result.Retreat, units)
	if p, ok := c.retreatCache[key]; ok {
		return p
	}
	m := c.RetreatMap
	if len(c.Moves) > 0 {
		m = c.afterMoves(m)
	}
	p := RetreatPaths(origin, c.Result.Retreat, units, m)
	c.retreatCache[key] = p
	return p
}

// afterMoves is the retreat map once parts of the stack have retreated: they
// stand in the hexes they went to, and the strength that stopped after one
// hex is no longer the friends' to hold.
func (c *Combat) afterMoves(m Map) Map {
	strength := map[string]int{}
	for _, u := range c.Survivors() {
		strength[u.ID] = u.Strength
	}
	end := func(mv RetreatMove) hex.Axial { return mv.Path.Hexes[len(mv.Path.Hexes)-1] }
	room, friends := m.Room, m.Friends
	m.Room = func(to hex.Axial, units []string) bool {
		all := slices.Clone(units)
		for _, mv := range c.Moves {
			if end(mv) == to {
				all = append(all, mv.Units...)
			}
		}
		return room(to, all)
	}
	m.Friends = func(a hex.Axial) (bool, int) {
		present, hold := friends(a)
		for _, mv := range c.Moves {
			if mv.Path.OneHex && end(mv) == a {
				for _, id := range mv.Units {
					hold -= strength[id]
				}
			}
		}
		return present, hold
	}
	return m
}

// PathText prints a path's hexes as ids.
func (c *Combat) PathText(p RetreatPath) []string {
	var out []string
	for _, a := range p.Hexes {
		out = append(out, c.Layout.ID(a))
	}
	return out
}

// retreatMove carries out one part of a retreat: units go along path p,
// but those it eliminates, and loss take its steps. The first part also
// eliminates the units that cannot retreat at all.
func (c *Combat) retreatMove(units []RetreatUnit, p RetreatPath, loss []string, part bool) {
	if len(c.Moves) == 0 {
		_, lost := c.RetreatUnits()
		c.Eliminated = append(c.Eliminated, lost...)
	}
	mv := RetreatMove{Path: p, Loss: loss, Part: part}
	for _, u := range units {
		if !slices.Contains(p.MechLost, u.ID) {
			mv.Units = append(mv.Units, u.ID)
		}
	}
	c.Eliminated = append(c.Eliminated, p.MechLost...)
	c.Moves = append(c.Moves, mv)
	c.retreatDone = len(c.RetreatLeft()) == 0
}

// retreatNone eliminates the movers left, which have no legal retreat, and
// the units that cannot retreat at all, and ends the retreat.
func (c *Combat) retreatNone() {
	left := c.RetreatLeft()
	if len(c.Moves) == 0 {
		_, lost := c.RetreatUnits()
		c.Eliminated = append(c.Eliminated, lost...)
	}
	for _, u := range left {
		c.Eliminated = append(c.Eliminated, u.ID)
	}
	c.retreatDone = true
}

// AdvanceKind is the advance the combat grants now: only once the defenders
// have left the hex, by retreat or elimination; a Limited Advance when
// they were eliminated where they stood.
func (c *Combat) AdvanceKind() AdvanceKind {
	vacated := len(c.Survivors()) == 0 || (c.Retreated() || len(c.Eliminated) > 0) && c.retreatDone
	if !vacated {
		return NoAdvance
	}
	switch {
	case c.Result.Advance == NoAdvance:
		return NoAdvance
	case c.Result.Advance == LimitedIfWiped, c.Held():
		return LimitedIfWiped
	}
	return AdvanceIfVacated
}

// advanced reports whether a unit has advanced or chosen an alternative.
func (c *Combat) advanced(id string) bool {
	return slices.ContainsFunc(c.Advances, func(a Command) bool { return slices.Contains(a.Units, id) })
}

func texts(cs []Command) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}
