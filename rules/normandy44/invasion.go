package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Special Invasion Phase of turn 1 (20.1, A): every airborne unit set up
// with mode airdrop rolls Scatter (20.2, invasion_scatter.go), then each
// First Wave assault goes in on its beach hex (20.3, invasion_assault.go).
// Everything happens to the state at once; invasionRecord says how far the
// phase has got, so that Pending can say what it waits for:
//
//	the Scatter dice        one die per airdropped unit, in [setup] order (20.2.1)
//	an assault's dice       the Beach Assault die, and on its first roll one DD die
//	                        per DD battalion of the assault (20.3.5)
//	losses U [U]            the infantry step losses of the assault (20.3.2): the
//	                        Allies choose, the Germans on EX (example L1714)
//	the 5th Ranger die      after the 2nd Ranger Bn lands at Pointe du Hoc (20.3.4)
//	advance U BEACH HEX     on "Advance 2", a winning unit goes one hex beyond the
//	                        beach hex (20.3.6); 'advance-done' lands the rest on it
//
// Naval markers are not used in this phase (20.1). The phase passes by itself
// once nothing is left to roll or decide, and the German player turn begins
// (20.4).

// invasionRecord is the progress of the Special Invasion Phase.
type invasionRecord struct {
	// Scattered: the Scatter dice are in (20.2.1).
	Scattered bool `json:"scattered,omitempty"`
	// Assault is the assault under way, an index into assaults().
	Assault int `json:"assault"`
	// Rolls are its Beach Assault dice so far: more than one only after the
	// Omaha A1* (20.3.3).
	Rolls []int `json:"rolls,omitempty"`
	// Owed is the infantry steps the last roll costs that are still to be
	// assigned, and Chooser who assigns them (20.3.2).
	Owed    int  `json:"owed,omitempty"`
	Chooser Side `json:"chooser,omitempty"`
	// Rangers: the 5th Ranger landing die is due (20.3.4).
	Rangers bool `json:"rangers,omitempty"`
	// Landed: the strongpoint is taken; the winners advance (20.3.6).
	Landed bool `json:"landed,omitempty"`
}

func (r *invasionRecord) clone() *invasionRecord {
	if r == nil {
		return nil
	}
	c := *r
	c.Rolls = slices.Clone(r.Rolls)
	return &c
}

// startInvasion opens the phase (the enter hook of PhaseInvasion).
func (g *Game) startInvasion() []rules.Event {
	g.s.Invasion = &invasionRecord{Scattered: len(g.airdrops()) == 0}
	events := g.invasionSettle()
	if !g.invasionAwaits() {
		g.s.Invasion = nil // nothing to roll: enterPhase passes on
	}
	return events
}

// invasionAwaits reports whether the phase waits for dice or a decision.
func (g *Game) invasionAwaits() bool {
	if g.s.Invasion == nil {
		return false
	}
	dice, side, _ := g.invasionNeed()
	return dice != nil || side != ""
}

// invasionNeed is what the phase waits for: dice, or a decision by side
// (with the prompt that explains it).
func (g *Game) invasionNeed() (dice *rules.DiceNeed, side Side, prompt string) {
	r := g.s.Invasion
	if !r.Scattered {
		drops := g.airdrops()
		var names []string
		for _, i := range drops {
			names = append(names, g.unit(i).ID)
		}
		d := &rules.DiceNeed{By: rules.Seat(Allied), Sides: slices.Repeat([]int{6}, len(drops)),
			For: "Scatter (20.2.1): one die each for " + strings.Join(names, ", ") + ", in that order"}
		return d, "", d.For
	}
	as := g.assaults()
	if r.Assault >= len(as) {
		return nil, "", ""
	}
	a := as[r.Assault]
	where := a.where()
	switch {
	case r.Owed > 0:
		ids, steps := g.absorbers(a)
		n := min(r.Owed, total(ids, steps))
		// 20.3.2: the Allies choose their losses, the Germans on EX; the
		// German choice comes in the Allied phase, so the prompt says so.
		head, who := "", "the Allied player chooses which assaulting infantry lose them (20.3.2)"
		if r.Chooser == German {
			head = "German player's decision in the Allied phase: "
			who = "the result is EX, so the German player chooses which assaulting infantry lose them (20.3.2, example L1714)"
		}
		return nil, r.Chooser, fmt.Sprintf("%s%s: the Beach Assault costs %d infantry step loss(es); %s: 'losses UNIT...' from %s (never a unit's last step); %s",
			head, where, n, who, strings.Join(ids, ", "), legalHint)
	case r.Rangers:
		d := &rules.DiceNeed{By: rules.Seat(Allied), Sides: []int{6},
			For: fmt.Sprintf("%s: the 5th Ranger landing (20.3.4): 1-3 on Pointe du Hoc, 4-6 to the Omaha approach box", where)}
		return d, "", d.For
	case r.Landed:
		ch := g.assaultAdvances(a)
		if len(ch) == 0 {
			return nil, "", ""
		}
		// Both are accepted now; moving the last unit ends the advance by
		// itself, so no 'advance-done' follows it.
		return nil, Allied, fmt.Sprintf("%s: Advance 2 (20.3.6): the winners land on %s and the Allied player may move each one hex further: 'advance UNIT %s HEX', e.g. '%s', or 'advance-done' to land the rest on %s (moving the last of them ends the advance too); %s",
			where, a.Hex, a.Hex, ch[0], a.Hex, legalHint)
	}
	sides := []int{6}
	what := "the Beach Assault die"
	if len(r.Rolls) == 0 {
		for _, i := range g.ddTanks(a) {
			sides = append(sides, 6)
			what += ", then the DD die for " + g.unit(i).ID + " (20.3.5)"
		}
	} else {
		what = "roll again after A1* (20.3.3)"
	}
	d := &rules.DiceNeed{By: rules.Seat(Allied), Sides: sides, For: fmt.Sprintf("%s (20.3.1, %s column): %s", where, a.Column, what)}
	return d, "", d.For
}

// invasionPending fills Pending for the phase.
func (g *Game) invasionPending(p *rules.Pending) {
	dice, side, prompt := g.invasionNeed()
	p.Prompt = prompt
	if dice != nil {
		p.Seats = []rules.Seat{rules.Seat(Allied)}
		p.Dice = dice
		return
	}
	if side != "" {
		p.Seats = []rules.Seat{rules.Seat(side)}
	}
}

// invasionChoices are the decisions open now (Legal).
func (g *Game) invasionChoices() []rules.Choice {
	r := g.s.Invasion
	if r == nil || !r.Scattered {
		return nil
	}
	as := g.assaults()
	if r.Assault >= len(as) {
		return nil
	}
	a := as[r.Assault]
	var out []rules.Choice
	switch {
	case r.Owed > 0:
		ids, steps := g.absorbers(a)
		for _, ls := range combat.LossSets(ids, steps, min(r.Owed, total(ids, steps))) {
			out = append(out, rules.Choice{Command: CombatCommand{Kind: CmdLosses, Units: ls}.String(), Note: "20.3.2"})
		}
	case r.Rangers:
	case r.Landed:
		for _, c := range g.assaultAdvances(a) {
			out = append(out, rules.Choice{Command: c.String(), Piece: c.Units[0], Note: "20.3.6: one hex beyond the beach"})
		}
		if len(out) > 0 {
			out = append(out, rules.Choice{Command: string(CmdAdvanceDone), Note: "20.3.6: the rest stay on the beach hex " + a.Hex})
		}
	}
	return out
}

// rollInvasion takes the dice the phase waits for.
func (g *Game) rollInvasion(values []int) ([]rules.Event, error) {
	dice, _, _ := g.invasionNeed()
	if dice == nil {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	if len(values) != len(dice.Sides) {
		return nil, fmt.Errorf("%w: %s needs %d dice, have %v", rules.ErrIllegal, dice.For, len(dice.Sides), values)
	}
	for _, v := range values {
		if v < 1 || v > 6 {
			return nil, fmt.Errorf("%w: a die is 1 to 6, have %v", rules.ErrIllegal, values)
		}
	}
	r := g.s.Invasion
	var events []rules.Event
	switch {
	case !r.Scattered:
		events = g.scatterDrops(values)
	case r.Rangers:
		events = g.fifthRangers(g.assaults()[r.Assault], values[0])
	default:
		events = g.assaultRoll(g.assaults()[r.Assault], values)
	}
	events = append(events, g.invasionSettle()...)
	return append(events, g.invasionEnd()...), nil
}

// invasionCommand applies a decision or an order of the phase.
func (g *Game) invasionCommand(side Side, text string) ([]rules.Event, error) {
	verb, _, _ := strings.Cut(text, " ")
	r := g.s.Invasion
	var events []rules.Event
	switch verb {
	case "order":
		cmd, err := ParseCombatCommand(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCommand, err)
		}
		events = g.giveOrder(side, cmd)
	case string(CmdLosses):
		cmd, err := ParseCombatCommand(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCommand, err)
		}
		if r == nil || r.Owed == 0 || side != r.Chooser {
			return nil, rules.Refuse("20.3.2", "no assault step loss is %s's to assign now", side)
		}
		a := g.assaults()[r.Assault]
		if err := g.checkAssaultLosses(a, cmd.Units); err != nil {
			return nil, err
		}
		events = g.takeAssaultLosses(a, cmd.Units)
	case string(CmdAdvance), string(CmdAdvanceDone):
		cmd, err := ParseCombatCommand(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCommand, err)
		}
		if r == nil || !r.Landed || r.Owed > 0 || r.Rangers {
			return nil, rules.Refuse("20.3.6", "no assault advance is due now")
		}
		a := g.assaults()[r.Assault]
		if cmd.Kind == CmdAdvanceDone {
			events = g.assaultDone(a)
			break
		}
		ev, err := g.assaultAdvance(a, cmd)
		if err != nil {
			return nil, err
		}
		events = ev
	case "end":
		_, _, prompt := g.invasionNeed()
		return nil, rules.Refuse("20.1", "the Special Invasion Phase ends by itself once the Scatter rolls and the beach assaults are resolved; now: %s", prompt)
	default:
		return nil, rules.Refuse("20.1", "in the Special Invasion Phase only the Scatter and beach-assault dice and decisions are played (%q)", text)
	}
	events = append(events, g.invasionSettle()...)
	if verb != "order" {
		events = append(events, g.invasionNext()...)
	}
	return append(events, g.invasionEnd()...), nil
}

// invasionNext says, after a decision, what the phase waits for next.
func (g *Game) invasionNext() []rules.Event {
	if !g.invasionAwaits() {
		return nil
	}
	dice, _, prompt := g.invasionNeed()
	text := "Special Invasion Phase, next: " + prompt
	if dice != nil {
		text = "Special Invasion Phase, next: the Allied player rolls for " + dice.For
	}
	return []rules.Event{{Seat: rules.Seat(Allied), Text: text}}
}

// invasionSettle makes every step that needs nobody: forced losses, losses
// an order answers, and landings with no advance to choose.
func (g *Game) invasionSettle() []rules.Event {
	var events []rules.Event
	for {
		r := g.s.Invasion
		if !r.Scattered {
			return events
		}
		as := g.assaults()
		if r.Assault >= len(as) {
			return events
		}
		a := as[r.Assault]
		switch {
		case r.Owed > 0:
			units, ok := g.assaultLossesByRule(a)
			if !ok {
				return events
			}
			events = append(events, g.takeAssaultLosses(a, units)...)
		case r.Rangers:
			return events
		case r.Landed:
			if len(g.assaultAdvances(a)) > 0 {
				return events
			}
			events = append(events, g.assaultDone(a)...)
		default:
			return events // the assault's dice
		}
	}
}

// invasionEnd closes the phase once nothing is awaited (20.1: the German
// player turn follows, 20.4).
func (g *Game) invasionEnd() []rules.Event {
	if g.s.Phase != PhaseInvasion || g.invasionAwaits() {
		return nil
	}
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: g.phaseName() + " ends: the airborne landings and the First Wave are resolved (20.1)"}}
	g.s.Invasion = nil
	g.nextStage()
	return append(events, g.enterPhase()...)
}

func total(ids []string, steps map[string]int) int {
	n := 0
	for _, id := range ids {
		n += steps[id]
	}
	return n
}
