package normandy44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Apply implements rules.Game. Every check is made before anything changes,
// so a refused command leaves the state as it was.
func (g *Game) Apply(seat rules.Seat, command string) ([]rules.Event, error) {
	p, err := rules.CheckTurn(g, seat)
	if err != nil {
		return nil, err
	}
	if err := g.checkOwner(seat, command); err != nil {
		return nil, err
	}
	verb, _, _ := strings.Cut(command, " ")
	switch {
	case g.s.Phase == PhaseInvasion && g.s.Invasion != nil:
		return g.invasionCommand(seatSide(seat), command) // 20.2, 20.3
	case verb == "attack":
		if !g.inCombatPhase() {
			return nil, rules.Refuse("10.0", "attacks are declared in the Combat Phase; this is the %s", p.Phase)
		}
		a, err := ParseAttack(command)
		if err != nil {
			return nil, err
		}
		return g.declare(a)
	case verb == "unreserve" || (verb == "reserve" && g.s.Combat == nil):
		// 15.1 a, 15.4; with a combat in progress 'reserve U' is the
		// attacker's 15.1 b decision.
		c, err := ParseCommand(command)
		if err != nil {
			return nil, err
		}
		return g.reserveCommand(c)
	case verb == "strafe":
		s, err := ParseStrafe(command)
		if err != nil {
			return nil, err
		}
		return g.strafe(s)
	case combatVerbs[verb]:
		return g.combatCommand(seat, command)
	case g.s.Combat != nil:
		return nil, rules.Refuse("10.0", "the combat on %s waits for %s", g.combat().Origin, p.Prompt)
	}
	c, err := ParseCommand(command)
	if err != nil {
		return nil, err
	}
	switch c.Verb {
	case "end":
		if g.opt.multi() {
			return g.endSeat(seat) // 24.0: each player of the side ends his part
		}
		return g.endStage()
	case "move":
		if g.s.Phase != PhaseMovement && g.s.Phase != PhaseReserveMovement { // 15.2
			return nil, rules.Refuse("3.0", "units move in their Movement Phase; this is the %s", p.Phase)
		}
		return g.move(c)
	case "replace", "mobilize", "rebuild", "allot":
		if g.s.Phase != PhaseReplacement {
			return nil, rules.Refuse("6.2", "Repl are spent and units mobilized in the Replacement Phase; this is the %s", p.Phase)
		}
		switch c.Verb {
		case "replace":
			return g.replace(c)
		case "rebuild":
			return g.rebuild(c)
		case "allot":
			return g.allot(c)
		}
		return g.mobilize(c)
	case "evacuate":
		if g.s.Phase != PhaseMovement {
			return nil, rules.Refuse("21.2", "units evacuate in the Allied Movement Phase; this is the %s", p.Phase)
		}
		return g.evacuate(c)
	case "evacuate-division":
		if g.s.Phase != PhaseEnd {
			return nil, rules.Refuse("22.2", "an airborne division is evacuated in the End Phase; this is the %s", p.Phase)
		}
		return g.evacuateDivision(c)
	case "buy-supp":
		if g.s.Phase != PhaseReplacement {
			return nil, rules.Refuse("21.1.3", "SupP are bought in the Allied Replacement Phase (AMBIG-4); this is the %s", p.Phase)
		}
		return g.buySupPCommand(c)
	case "entrench", "remove-ip":
		if g.s.Phase != PhaseMovement {
			return nil, rules.Refuse("16.1.3", "IPs are begun, and markers taken off, in the owner's Movement Phase; this is the %s", p.Phase)
		}
		if c.Verb == "entrench" {
			return g.entrench(c)
		}
		return g.removeIPCommand(c)
	case "relocate":
		if g.s.Phase != PhaseMovement {
			return nil, rules.Refuse("17.4", "the Cotentin HQ is relocated in the German Movement Phase; this is the %s", p.Phase)
		}
		return g.relocate(c)
	}
	return nil, fmt.Errorf("%w: %q", ErrCommand, command)
}

// endStage ends the current phase at the phasing player's word.
func (g *Game) endStage() ([]rules.Event, error) {
	if g.s.Phase == PhaseMovement {
		// 7.2: stacking holds at the end of every Movement Phase.
		if over := g.overstacked(g.s.Side); len(over) > 0 {
			return nil, rules.Refuse("7.2", "%s is over the stacking limit: move units out before ending the phase", g.b.id(over[0]))
		}
		if id := g.mustLand(); id != "" {
			return nil, g.mustLandRefusal(id)
		}
	}
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: g.phaseName() + " ends"}}
	events = append(events, g.checkBatteries()...) // 25.3
	if g.s.Phase == PhaseEnd {
		// 22.2 declined: automatic victory and the end of the turn (23.1).
		if events = append(events, g.closeEnd()...); g.s.Over {
			return events, nil
		}
	}
	if g.s.Phase == PhaseReplacement {
		events = append(events, g.expireRepl(g.s.Side)...)
		if g.s.Side == German {
			g.s.SupPNew = 0 // 5.2: allotted at once or kept by the 7th Army
		}
	}
	g.nextStage()
	return append(events, g.enterPhase()...), nil
}

// combatVerbs are the first words of combat orders and decisions.
var combatVerbs = map[string]bool{"order": true, "if-retreat": true, "losses": true, "ignore-retreat": true,
	"accept-retreat": true, "dd": true, "no-dd": true, "despd": true, "no-despd": true, "retreat": true,
	"advance": true, "reserve": true, "advance-done": true}
