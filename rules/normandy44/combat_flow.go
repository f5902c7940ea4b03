package normandy44

import (
	"fmt"
	"slices"
	"strings"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The hand-over sequence of one combat (digest §6.3): the dice it needs and
// the decisions each side makes, in order, with the standing and conditional
// orders that answer decisions without a round trip.

// RollPurpose names a die roll of the combat (digest §6.1).
type RollPurpose string

const (
	RollJabos RollPurpose = "jabos" // R4, 19.1.3
	RollCRT   RollPurpose = "crt"   // R3, 10.5
	RollDD    RollPurpose = "dd"    // R5, 12.4
)

// DecisionKind names a decision point, in the order they arise.
type DecisionKind string

const (
	DecAttackerLoss  DecisionKind = "attacker-loss"  // 12.2.1
	DecDefenderLoss  DecisionKind = "defender-loss"  // 12.2.2
	DecIgnoreRetreat DecisionKind = "ignore-retreat" // 12.6
	DecDD            DecisionKind = "dd"             // 12.4
	DecDDLoss        DecisionKind = "dd-loss"        // 12.4.8 EX and AL
	DecDespD         DecisionKind = "despd"          // 12.5
	DecDespDLoss     DecisionKind = "despd-loss"     // 12.5
	DecRetreat       DecisionKind = "retreat"        // 13.1.4
	DecAdvance       DecisionKind = "advance"        // 14, 15.1 b
)

// Pending is what a combat waits for: a die roll or a decision.
type Pending struct {
	Done     bool
	Roll     RollPurpose // set when a die is awaited
	Decision DecisionKind
	Side     Side     // who rolls or decides
	Steps    int      // losses to assign, for loss decisions
	Choices  []string // the legal commands, canonical text (loss decisions list the eligible units)
	Rule     string
}

func (p Pending) String() string {
	switch {
	case p.Done:
		return "combat resolved"
	case p.Roll != "":
		return fmt.Sprintf("%s rolls %s (%s)", p.Side, p.Roll, p.Rule)
	}
	return fmt.Sprintf("%s decides %s (%s): %s", p.Side, p.Decision, p.Rule, strings.Join(p.Choices, " | "))
}

// Combat is one combat in progress: the declaration, the map seen by the
// defender (for retreats) and the attacker (for advances), and what has been
// rolled and decided so far.
type Combat struct {
	In     CombatInput
	Layout hx.Layout
	Origin string // the defending hex id
	// RetreatMap is the map seen by the retreating defender, AdvanceMap by
	// the advancing attacker (the defender's ZOC after the retreat).
	RetreatMap, AdvanceMap CombatMap
	// SupplyDistance scores a hex for "order retreat toward-supply": lower
	// is nearer to supply. Nil means no preference.
	SupplyDistance func(hx.Axial) int
	// ReserveOK reports whether an attacking unit may go into Reserve
	// after a DH or A1/D2 (15.1 b) for the rules the combat does not see:
	// its markers, and the 6 Reserve markers. Nil means it may.
	ReserveOK func(id string) bool

	Odds    Odds
	Rolled  bool
	Roll    int
	Result  Result
	AttLoss []string // the attacker's step losses, one id per step
	DefLoss []string
	attDone bool
	defDone bool

	Ignored      bool // 12.6
	ignoreAsked  bool
	DD           *CombatCommand // dd or no-dd
	DDOut        *DDOutcome
	DDLoss       []string // EX / AL loss of the attacker from the DD table
	ddLossDone   bool
	DespD        *CombatCommand
	DespLoss     []string
	Retreat      *RetreatPath
	RetreatLoss  string
	retreatDone  bool
	Eliminated   []string // defenders eliminated by the retreat (13.2.2, 13.1.1)
	Advances     []CombatCommand
	advanceDone  bool
	condAdvanced bool
	retreatKey   string
	retreatCache []RetreatPath
}

// NewCombat computes the odds and opens the combat.
func NewCombat(in CombatInput, layout hx.Layout, origin string, retreat, advance CombatMap) (*Combat, error) {
	o, err := resolveOdds(in)
	if err != nil {
		return nil, fmt.Errorf("attack on %s: %w", origin, err)
	}
	return &Combat{In: in, Layout: layout, Origin: origin, RetreatMap: retreat, AdvanceMap: advance, Odds: o}, nil
}

func (c *Combat) defender() Side { return other(c.In.Attacker) }

// survivors are the defenders after the CRT, DD and DespD losses.
func (c *Combat) survivors() []CombatUnit {
	losses := append(append(slices.Clone(c.DefLoss), c.DespLoss...), c.ddLeadLoss()...)
	return afterLosses(c.In.Defenders, losses)
}

func (c *Combat) ddLeadLoss() []string {
	if c.DDOut != nil && c.DDOut.Result.LeadSteps > 0 {
		return []string{c.DDOut.Lead}
	}
	return nil
}

func (c *Combat) attackersLeft() []CombatUnit {
	return afterLosses(c.In.Attackers, append(slices.Clone(c.AttLoss), c.DDLoss...))
}

// held: the defenders stay, by a successful DD or DespD, by 12.6, or
// because the result has no retreat.
func (c *Combat) held() bool {
	return c.Result.Retreat == 0 || c.Ignored ||
		(c.DDOut != nil && c.DDOut.Result.Success) || (c.DespD != nil && c.DespD.Kind == CmdDespD)
}

// retreatUnits are the survivors that retreat; MA-0 units cannot and are
// eliminated (13.2.2), as are units that retreated in this phase (13.5).
func (c *Combat) retreatUnits() (movers []RetreatUnit, lost []string) {
	for _, u := range c.survivors() {
		if u.MA == 0 || u.RetreatedIn {
			lost = append(lost, u.ID)
			continue
		}
		movers = append(movers, RetreatUnit{ID: u.ID, Strength: u.Strength, Steps: u.Steps, MA: u.MA, Mechanized: u.info().Mechanized})
	}
	return movers, lost
}

// retreatOptions are the legal retreats of the movers, computed once per
// set of movers: the map does not change during one combat.
func (c *Combat) retreatOptions() []RetreatPath {
	origin, err := c.Layout.Parse(c.Origin)
	if err != nil {
		return nil
	}
	movers, _ := c.retreatUnits()
	if len(movers) == 0 {
		return nil
	}
	key := fmt.Sprint(c.Result.Retreat, movers)
	if c.retreatKey != key {
		c.retreatKey, c.retreatCache = key, combat.RetreatPaths(origin, c.Result.Retreat, movers, c.RetreatMap)
	}
	return c.retreatCache
}

func (c *Combat) pathText(p RetreatPath) []string {
	var out []string
	for _, a := range p.Hexes {
		out = append(out, c.Layout.ID(a))
	}
	return out
}

// retreatChoices are the canonical retreat commands: each path, with each
// non-mechanized unit that may take its 13.2.1 step.
func (c *Combat) retreatChoices(paths []RetreatPath) []CombatCommand {
	movers, _ := c.retreatUnits()
	var out []CombatCommand
	for _, p := range paths {
		cmd := CombatCommand{Kind: CmdRetreat, Hexes: c.pathText(p)}
		if !p.StepLoss {
			out = append(out, cmd)
			continue
		}
		for _, u := range movers {
			if !u.Mechanized || !slices.Contains(p.MechLost, u.ID) {
				cmd.Loss = u.ID
				out = append(out, cmd)
			}
		}
	}
	return out
}

// advanceKind is the advance the combat grants now (14.1, 12.4.9, 12.5, 13.4).
func (c *Combat) advanceKind() AdvanceKind {
	vacated := len(c.survivors()) == 0 || (c.Retreat != nil || len(c.Eliminated) > 0) && c.retreatDone
	if !vacated {
		return NoAdvance
	}
	switch {
	case c.Result.Advance == NoAdvance:
		return NoAdvance
	case c.Result.Advance == LimitedIfWiped, c.held():
		// Emptied without a retreat: EX, a DD or DespD that cost the last
		// step (12.4.9, 12.5, 14.1).
		return LimitedIfWiped
	}
	return AdvanceIfVacated
}

func (c *Combat) advanced(id string) bool {
	return slices.ContainsFunc(c.Advances, func(a CombatCommand) bool { return slices.Contains(a.Units, id) })
}

// advanceChoices lists every legal advance and Reserve command left.
func (c *Combat) advanceChoices() []CombatCommand {
	kind := c.advanceKind()
	vacated, err := c.Layout.Parse(c.Origin)
	if kind == NoAdvance || err != nil {
		return nil
	}
	var out []CombatCommand
	for _, u := range c.attackersLeft() {
		from, err := c.Layout.Parse(u.FromHex)
		if err != nil || !mayAdvance(u) || c.advanced(u.ID) {
			continue
		}
		limited := kind == LimitedIfWiped || u.Landed // 6.5.2 Regroup
		for _, p := range combat.AdvancePaths(AdvanceUnit{ID: u.ID, From: from, Mechanized: u.info().Mechanized}, vacated, advanceHexes, limited, c.AdvanceMap) {
			cmd := CombatCommand{Kind: CmdAdvance, Units: []string{u.ID}}
			for _, a := range p {
				cmd.Hexes = append(cmd.Hexes, c.Layout.ID(a))
			}
			out = append(out, cmd)
		}
		if c.Result.Tags.Has(TagReserve) && !u.OutOfSupply && !u.Landed && (c.ReserveOK == nil || c.ReserveOK(u.ID)) {
			out = append(out, CombatCommand{Kind: CmdReserve, Units: []string{u.ID}}) // 15.1 b
		}
	}
	return out
}

func texts(cs []CombatCommand) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Next applies every decision the orders answer and returns what the
// combat waits for next.
func (c *Combat) Next(orders Orders) Pending {
	for {
		p := c.pending()
		if p.Done || p.Roll != "" {
			return p
		}
		cmd, ok := c.byOrder(p, orders)
		if !ok {
			return p
		}
		if err := c.Decide(p.Side, cmd); err != nil {
			return p // an order that does not fit leaves the decision to the player
		}
	}
}

// pending is the next die or decision, without orders.
func (c *Combat) pending() Pending {
	att, def := c.In.Attacker, c.defender()
	if c.In.jabosAwaited() {
		return Pending{Roll: RollJabos, Side: German, Rule: "19.1.3, AMBIG-34"}
	}
	if !c.Rolled {
		if automatic(c.Odds.Final) {
			c.Rolled, c.Result = true, crt(c.Odds.Final, 0) // 10.6: no die
		} else {
			return Pending{Roll: RollCRT, Side: att, Rule: "10.5"}
		}
	}
	if !c.attDone {
		if lc, ok := attackerLossChoice(c.In, c.Odds, c.Result); ok {
			return Pending{Decision: DecAttackerLoss, Side: lc.Chooser, Steps: lc.Steps, Choices: lc.Units, Rule: lc.Rule}
		}
		c.attDone = true
	}
	if !c.defDone {
		if lc, ok := defenderLossChoice(c.In, c.Result); ok {
			return Pending{Decision: DecDefenderLoss, Side: lc.Chooser, Steps: lc.Steps, Choices: lc.Units, Rule: lc.Rule}
		}
		c.defDone = true
	}
	surv := c.survivors()
	if c.Result.Retreat > 0 && len(surv) > 0 {
		if !c.ignoreAsked && mayIgnoreRetreat(c.In, c.Result) && len(c.AttLoss) > 0 {
			return Pending{Decision: DecIgnoreRetreat, Side: def, Choices: []string{string(CmdIgnoreRetreat), string(CmdAcceptRetreat)}, Rule: "12.6"}
		}
		if c.Ignored {
			return c.advancePending()
		}
		if c.DD == nil && ddAllowed(c.Result, surv) {
			ch := []string{}
			for _, l := range ddLeads(surv) {
				ch = append(ch, "dd "+l.ID, "dd "+l.ID+" support")
			}
			return Pending{Decision: DecDD, Side: def, Choices: append(ch, string(CmdNoDD)), Rule: "12.4.1, 12.4.2"}
		}
		if c.DD != nil && c.DD.Kind == CmdDD && c.DDOut == nil {
			return Pending{Roll: RollDD, Side: def, Rule: "12.4.3"}
		}
		if c.DDOut != nil && !c.ddLossDone {
			r := c.DDOut.Result
			// A MAF already wiped out by the CRT loss has no step left to
			// give (12.4.8 EX).
			mafLeft := ids(afterLosses(c.In.maf(), c.AttLoss))
			switch {
			case r.MAFSteps > 0 && len(mafLeft) > 0:
				return Pending{Decision: DecDDLoss, Side: def, Steps: 1, Choices: mafLeft, Rule: "12.4.8 EX"}
			case r.AttackerSteps > 0 && len(c.attackersLeft()) > 0:
				return Pending{Decision: DecDDLoss, Side: att, Steps: 1, Choices: ids(c.attackersLeft()), Rule: "12.4.8 AL"}
			}
			c.ddLossDone = true
		}
		if c.DespD != nil && c.DespD.Kind == CmdDespD && len(c.DespLoss) < 2 {
			chooser := def
			if len(c.DespLoss) == 1 {
				chooser = att // the second step is the attacker's pick (12.5)
			}
			return Pending{Decision: DecDespDLoss, Side: chooser, Steps: 1, Choices: ids(c.survivors()), Rule: "12.5"}
		}
		surv = c.survivors()
		if len(surv) == 0 || c.held() {
			return c.advancePending()
		}
		failedDD := c.DDOut != nil && !c.DDOut.Result.Success
		if failedDD && c.DespD == nil && c.Result.DeterminedDefense && despAllowed(surv, len(c.retreatOptions()) == 0) {
			return Pending{Decision: DecDespD, Side: def, Choices: []string{string(CmdDespD), string(CmdNoDespD)}, Rule: "12.5"}
		}
		if !c.retreatDone && !c.held() {
			opts := c.retreatChoices(c.retreatOptions())
			if len(opts) == 0 {
				c.retreatAll(nil, "")
			} else {
				return Pending{Decision: DecRetreat, Side: def, Choices: texts(opts), Rule: "13.1.4"}
			}
		}
	}
	return c.advancePending()
}

func (c *Combat) advancePending() Pending {
	if !c.advanceDone {
		if ch := c.advanceChoices(); len(ch) > 0 {
			return Pending{Decision: DecAdvance, Side: c.In.Attacker, Choices: append(texts(ch), string(CmdAdvanceDone)), Rule: "14.1"}
		}
		c.advanceDone = true
	}
	return Pending{Done: true}
}

// retreatAll carries out a retreat: the movers go along path (nil: no legal
// path, so they are eliminated, 13.2.2) and MA-0 units are eliminated.
func (c *Combat) retreatAll(p *RetreatPath, loss string) {
	movers, lost := c.retreatUnits()
	c.Eliminated = append(c.Eliminated, lost...)
	if p == nil {
		for _, u := range movers {
			c.Eliminated = append(c.Eliminated, u.ID)
		}
	} else {
		c.Eliminated = append(c.Eliminated, p.MechLost...)
		c.Retreat, c.RetreatLoss = p, loss
	}
	c.retreatDone = true
}

// Roll hands the combat the die it waits for.
func (c *Combat) RollDie(purpose RollPurpose, die int) error {
	p := c.pending()
	if p.Roll != purpose {
		return fmt.Errorf("%w: no %s roll is due (%s)", ErrDecision, purpose, p)
	}
	if die < 1 || die > 6 {
		return fmt.Errorf("%w: die %d", ErrDecision, die)
	}
	switch purpose {
	case RollJabos:
		c.In.JabosRoll = die
		o, err := resolveOdds(c.In)
		if err != nil {
			return err
		}
		c.Odds = o
	case RollCRT:
		c.Rolled, c.Roll, c.Result = true, die, combatResult(c.Odds, die)
	case RollDD:
		var lead CombatUnit
		for _, u := range c.survivors() {
			if u.ID == c.DD.Units[0] {
				lead = u
			}
		}
		out := resolveDD(c.In, lead, c.DD.Support, die)
		c.DDOut = &out
	}
	return nil
}

// Decide applies a decision by side; an illegal one changes nothing.
func (c *Combat) Decide(side Side, cmd CombatCommand) error {
	p := c.pending()
	if p.Done || p.Roll != "" {
		return fmt.Errorf("%w: no decision is due (%s)", ErrDecision, p)
	}
	if side != p.Side {
		return fmt.Errorf("%w: %s is %s's to decide (%s)", ErrDecision, p.Decision, p.Side, p.Rule)
	}
	switch p.Decision {
	case DecAttackerLoss, DecDefenderLoss, DecDDLoss, DecDespDLoss:
		if cmd.Kind != CmdLosses {
			return fmt.Errorf("%w: want losses (%s)", ErrDecision, p.Rule)
		}
		units := c.In.Attackers
		if p.Decision == DecDefenderLoss || p.Decision == DecDespDLoss {
			units = c.survivors()
		} else if p.Decision == DecDDLoss {
			units = c.attackersLeft()
		}
		if err := checkLosses(LossChoice{Steps: p.Steps, Units: p.Choices, Rule: p.Rule}, cmd.Units, units); err != nil {
			return err
		}
		switch p.Decision {
		case DecAttackerLoss:
			c.AttLoss, c.attDone = cmd.Units, true
		case DecDefenderLoss:
			c.DefLoss, c.defDone = cmd.Units, true
		case DecDDLoss:
			c.DDLoss, c.ddLossDone = cmd.Units, true
		case DecDespDLoss:
			c.DespLoss = append(c.DespLoss, cmd.Units...)
		}
		return nil
	case DecAdvance:
		if cmd.Kind == CmdAdvanceDone {
			c.advanceDone = true
			return nil
		}
	}
	if !slices.Contains(p.Choices, cmd.String()) {
		return fmt.Errorf("%w: %q is not among the legal choices (%s)", ErrDecision, cmd, p.Rule)
	}
	switch p.Decision {
	case DecIgnoreRetreat:
		c.ignoreAsked, c.Ignored = true, cmd.Kind == CmdIgnoreRetreat
	case DecDD:
		c.DD = &cmd
		if cmd.Kind == CmdNoDD {
			c.ddLossDone = true
		}
	case DecDespD:
		c.DespD = &cmd
	case DecRetreat:
		for _, path := range c.retreatOptions() {
			if slices.Equal(c.pathText(path), cmd.Hexes) {
				c.retreatAll(&path, cmd.Loss)
				break
			}
		}
	case DecAdvance:
		c.Advances = append(c.Advances, cmd)
	}
	return nil
}

// byOrder answers a decision from the orders in force, if they cover it.
func (c *Combat) byOrder(p Pending, orders Orders) (CombatCommand, bool) {
	switch p.Decision {
	case DecAttackerLoss, DecDefenderLoss, DecDDLoss, DecDespDLoss:
		if len(p.Choices) == 1 {
			// Forced: one eligible unit takes every step it can.
			return CombatCommand{Kind: CmdLosses, Units: slices.Repeat(p.Choices, p.Steps)}, true
		}
		if o, ok := orders.find(p.Side, CmdOrderLosses); ok {
			return lossesByPreference(p, o.Units, c.unitSteps())
		}
	case DecIgnoreRetreat:
		if o, ok := orders.find(p.Side, CmdOrderDD); ok && o.Mode == ModeAlways {
			return CombatCommand{Kind: CmdIgnoreRetreat}, true
		}
	case DecDD:
		if o, ok := orders.find(p.Side, CmdOrderDD); ok {
			if o.Mode == ModeNever {
				return CombatCommand{Kind: CmdNoDD}, true
			}
			return CombatCommand{Kind: CmdDD, Units: []string{c.bestLead()}}, true
		}
	case DecDespD:
		if o, ok := orders.find(p.Side, CmdOrderDespD); ok {
			if o.Mode == ModeNever {
				return CombatCommand{Kind: CmdNoDespD}, true
			}
			return CombatCommand{Kind: CmdDespD}, true
		}
	case DecRetreat:
		if len(p.Choices) == 1 {
			cmd, err := ParseCombatCommand(p.Choices[0])
			return cmd, err == nil
		}
		if o, ok := orders.find(p.Side, CmdOrderRetreat); ok && o.Mode == ModeTowardSupply && c.SupplyDistance != nil {
			return c.retreatTowardSupply(p)
		}
	case DecAdvance:
		// "If the defenders leave": by retreat or by elimination, the
		// hex is vacated either way (14.1).
		o, ok := orders.find(p.Side, CmdIfRetreat)
		r, rok := orders.find(p.Side, CmdIfReserve)
		if !ok && !rok {
			return CombatCommand{}, false
		}
		if c.condAdvanced {
			return CombatCommand{Kind: CmdAdvanceDone}, true
		}
		// 15.1 b: Reserve first, for the units the order names, where the
		// result allows it; the others advance as ordered.
		for _, u := range r.Units {
			cmd := CombatCommand{Kind: CmdReserve, Units: []string{u}}
			if slices.Contains(p.Choices, cmd.String()) {
				return cmd, true
			}
		}
		for _, u := range o.Units {
			cmd := CombatCommand{Kind: CmdAdvance, Units: []string{u}, Hexes: []string{c.Origin}}
			if slices.Contains(p.Choices, cmd.String()) {
				return cmd, true
			}
		}
		c.condAdvanced = true
		return CombatCommand{Kind: CmdAdvanceDone}, true
	}
	return CombatCommand{}, false
}

func (c *Combat) unitSteps() map[string]int {
	m := map[string]int{}
	for _, u := range c.survivors() {
		m[u.ID] = u.Steps
	}
	for _, u := range c.attackersLeft() {
		m[u.ID] = u.Steps
	}
	return m
}

// lossesByPreference takes the steps from the eligible units in the order's
// order, each down to its last step before the next.
func lossesByPreference(p Pending, pref []string, steps map[string]int) (CombatCommand, bool) {
	var out []string
	for _, u := range pref {
		if !slices.Contains(p.Choices, u) {
			continue
		}
		for n := steps[u]; n > 0 && len(out) < p.Steps; n-- {
			out = append(out, u)
		}
	}
	if len(out) < p.Steps {
		return CombatCommand{}, false // the order does not cover this loss
	}
	return CombatCommand{Kind: CmdLosses, Units: out}, true
}

// bestLead is the eligible Lead with the best DD chance (counted over the six
// faces: successes first, then fewer Lead losses), for "order dd always".
func (c *Combat) bestLead() string {
	best, bestScore := "", -1
	for _, l := range ddLeads(c.survivors()) {
		score := 0
		for roll := 1; roll <= 6; roll++ {
			r := resolveDD(c.In, l, false, roll).Result
			if r.Success {
				score += 10
			}
			if r.LeadSteps == 0 {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = l.ID, score
		}
	}
	return best
}

// retreatTowardSupply picks the legal retreat ending nearest to supply;
// ties go to the first in the listed order.
func (c *Combat) retreatTowardSupply(p Pending) (CombatCommand, bool) {
	var best CombatCommand
	bestD := -1
	for _, ch := range p.Choices {
		cmd, err := ParseCombatCommand(ch)
		if err != nil {
			continue
		}
		end, err := c.Layout.Parse(cmd.Hexes[len(cmd.Hexes)-1])
		if err != nil {
			continue
		}
		if d := c.SupplyDistance(end); bestD < 0 || d < bestD {
			best, bestD = cmd, d
		}
	}
	return best, bestD >= 0
}
