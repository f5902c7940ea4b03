package ardennes44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The dice outside combat: a die awaited by s.Dice, and the phases' own
// (the fuel table, rallies, surrenders, the Traffic removal, the prelude's
// removals). Every die comes through Roll; the engine never draws.

// What s.Dice may await.
const (
	diceOuren       = "ouren"       // 7.7: the Allied roll when a German move first crosses the Ouren bridge
	diceInfiltrate  = "infiltrate"  // 27.8.2: 150 Pz Bde tries to ignore an enemy ZOC
	diceVdH         = "vdh"         // 27.2: von der Heydte's drop
	dice653         = "653"         // 27.7: the 653rd PzJ's arrival
	diceBodenplatte = "bodenplatte" // 35
	diceAir         = "air"         // 15.6.2: the Allied Air Support markers
	diceBlow        = "blow "       // 7.3: a demolition in the Bridge Phase, + the bridge
	diceDump        = "dump "       // 32.3: a fuel dump blown in the Allied Bridge Phase, + the hex
	diceDumpPlace   = "dumps"       // 32.1: which fuel dump is the real one
)

// dieNeed is the die s.Dice awaits.
func (g *Game) dieNeed() *rules.DiceNeed {
	d := g.s.Dice
	need := &rules.DiceNeed{By: rules.Seat(g.s.Side), Sides: []int{6}}
	switch {
	case d == diceOuren:
		need.By, need.For = rules.Seat(Allied), "the Ouren bridge, first crossed by "+g.s.Moving.Unit+" (7.7)"
	case d == diceInfiltrate:
		need.For = "150 Pz Bde's infiltration in " + g.s.Units[g.index[g.s.Moving.Unit]].At + " (27.8.2)"
	case d == diceVdH:
		need.For = "von der Heydte's drop (27.2)"
	case d == dice653:
		need.For = "the 653rd PzJ's arrival (27.7)"
	case d == diceBodenplatte:
		need.For = "Operation Bodenplatte (35)"
	case d == diceAir:
		need.For = "the Allied Air Support markers (15.6.2)"
	case strings.HasPrefix(d, diceBlow):
		need.For = "blowing the bridge " + strings.TrimPrefix(d, diceBlow) + " (7.3)"
	case strings.HasPrefix(d, diceDump):
		need.For = "blowing the fuel dump in " + strings.TrimPrefix(d, diceDump) + " (32.3)"
	case d == diceDumpPlace:
		need.By, need.For, need.Private = rules.Seat(Allied), "which fuel dump is the real one, drawn in secret (32.1)", rules.Seat(Allied)
		need.Sides = []int{len(g.sc.FuelDumps)}
	case d == diceDumpUnseal:
		need.By, need.For, need.Unseal = rules.Seat(Allied), "the real fuel dump, made known as a German unit comes next to a marker (32.1)", g.s.DumpSeal
		need.Sides = []int{len(g.sc.FuelDumps)}
	default:
		need.For = d
	}
	return need
}

// rollDie takes the die s.Dice awaits.
func (g *Game) rollDie(values []int) ([]rules.Event, error) {
	d := g.s.Dice
	g.s.Dice = ""
	die := values[0]
	var events []rules.Event
	switch {
	case d == diceOuren:
		events = g.rollOuren(die)
	case d == diceInfiltrate:
		events = g.rollInfiltrate(die)
	case d == diceVdH:
		events = g.rollVdH(die)
	case d == dice653:
		events = g.roll653(die)
	case d == diceBodenplatte:
		events = g.rollBodenplatte(die)
	case d == diceAir:
		events = g.rollAir(die)
	case strings.HasPrefix(d, diceBlow):
		events = g.rollBlow(strings.TrimPrefix(d, diceBlow), die)
	case strings.HasPrefix(d, diceDump):
		events = g.rollBlowDump(strings.TrimPrefix(d, diceDump), die)
	case d == diceDumpPlace, d == diceDumpUnseal:
		events = g.placeDumps(die)
	default:
		return nil, fmt.Errorf("%w: no die %q is awaited", rules.ErrNotPending, d)
	}
	// A phase that waited only for the die passes on.
	return append(events, g.afterDie()...), nil
}

// afterDie runs the sequence on when the phase no longer waits.
func (g *Game) afterDie() []rules.Event {
	if g.s.Over || g.s.Dice != "" || g.s.Combat != nil || g.s.Moving != nil {
		return nil
	}
	if r := phaseRules[g.s.Phase]; r.Await != nil && !r.Await(g) {
		return g.nextStage()
	}
	return nil
}

// phaseDice is the phase's own dice need, nil for none.
func (g *Game) phaseDice() *rules.DiceNeed {
	side := rules.Seat(g.s.Side)
	switch g.s.Phase {
	case PhaseFuel:
		if f := g.s.Fuel; f != nil && len(f.Rolls) == 0 {
			return &rules.DiceNeed{By: side, For: fmt.Sprintf("the Fuel Shortage Table, columns 1 and 2 (6.1)%s", fuelDRMWords(g.s.Turn)), Sides: []int{6, 6}}
		}
	case PhaseRally:
		if len(g.s.Rally) > 0 {
			sides := make([]int, len(g.s.Rally))
			for k := range sides {
				sides[k] = 6
			}
			return &rules.DiceNeed{By: side, For: "rally of " + strings.Join(g.s.Rally, ", ") + " (18.6)", Sides: sides}
		}
	case PhaseSupply:
		if len(g.s.Surrender) > 0 {
			return &rules.DiceNeed{By: side, For: "surrender of the isolated group " + strings.Join(g.s.Surrender[0], ", ") + " (23.7)", Sides: []int{6}}
		}
	case PhaseTraffic, PhasePrelude:
		if g.s.TrafficRoll {
			return &rules.DiceNeed{By: side, For: "the Traffic markers' removal (24.3.2)", Sides: []int{6, 6}}
		}
	}
	return nil
}

// rollPhase takes the phase's own dice.
func (g *Game) rollPhase(values []int) ([]rules.Event, error) {
	if g.phaseDice() == nil {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	var events []rules.Event
	switch g.s.Phase {
	case PhaseFuel:
		events = g.rollFuel(values)
	case PhaseRally:
		events = g.rollRally(values)
	case PhaseSupply:
		events = g.rollSurrender(values[0])
	case PhaseTraffic, PhasePrelude:
		events = g.rollTraffic(values)
	}
	return append(events, g.afterDie()...), nil
}
