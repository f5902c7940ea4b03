package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// The airborne units after their drop (20.2.2, 20.2.3) and the Regroup marker
// of units landed next to the enemy (6.5.2 b).
//
// 20.2.3: a Scattered unit may not move (newMover) or attack (declare), may
// not take Repl (replaceStock), and forms no ZOC Line nor is a link in one
// (lineSource), though it keeps its own ZOC (zocHexes; AMBIG-10: the example
// of play's "no ZOC", L1738-1768, yields to 20.2.3) and its full defense
// strength, and may make a Determined Defense, as Lead too. When it retreats
// it is Disrupted like any unit and keeps its Scattered marker; being
// Disrupted it can no longer be the DD Lead (ddLeads). It builds no Improved
// Position (ip.go), goes into no Reserve (reserve.go) and does not evacuate
// (evacuationCheck). The Scattered markers come off in the Allied
// Regeneration Phase (20.2.3), with the Regroup markers (6.5.2 b).
//
// 20.2.2: airborne Repl are used from turn 2 (6.2.3 already allows none in
// turn 1), at most one per airborne division a turn, and a unit reduced by an
// S2 result recovers at most one step in all (RecoverOne, Recovered).

// scatteredCheck refuses to move or attack with a Scattered unit (20.2.3).
func (g *Game) scatteredCheck(i int, what string) error {
	if g.s.Units[i].Scattered {
		return rules.Refuse("20.2.3", "%s is Scattered: it may not %s until its marker comes off in the Allied Regeneration Phase", g.unit(i).ID, what)
	}
	return nil
}

// airborneReplCheck applies 20.2.2 to unit i taking a Repl from stock k: at
// most one airborne Repl per airborne division a turn, and a unit reduced by
// S2 recovers at most one step in all. Units rebuilt (6.2.2) count against
// their division as well.
func (g *Game) airborneReplCheck(i, k int) error {
	u, us := g.unit(i), g.s.Units[i]
	if k < 0 || k >= len(g.s.Repl) || g.s.Repl[k].Type != "airborne" {
		return nil
	}
	if us.RecoverOne && us.Recovered {
		return rules.Refuse("20.2.2", "%s was reduced by an S2 Scatter result and has recovered its one step", u.ID)
	}
	if u.Formation == "" || u.Formation == "-" {
		return nil
	}
	for j := range g.s.Units {
		if j == i || g.unit(j).Formation != u.Formation || g.unit(j).Side != u.Side || UnitTypes[g.unit(j).Type].Repl != "airborne" {
			continue // only the division's airborne units take airborne Repl (6.2.6)
		}
		if g.s.Units[j].Repl || slices.Contains(g.s.Rebuilt, g.s.Units[j].ID) {
			return rules.Refuse("20.2.2", "%s of the %s has taken this turn's airborne Repl: at most one per airborne division a turn", g.s.Units[j].ID, u.Formation)
		}
	}
	return nil
}

// invasionRegeneration takes the Scattered (20.2.3) and Regroup (6.5.2 b)
// markers off in the Allied Regeneration Phase.
func (g *Game) invasionRegeneration() []rules.Event {
	if g.s.Side != Allied {
		return nil
	}
	var scattered, regroup int
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if us.Scattered {
			us.Scattered = false
			scattered++
		}
		if us.Regroup {
			us.Regroup = false
			regroup++
		}
	}
	var events []rules.Event
	if scattered > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Allied Regeneration Phase: Scattered markers removed from %d units (20.2.3)", scattered)})
	}
	if regroup > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Allied Regeneration Phase: Regroup markers removed from %d units (6.5.2 b)", regroup)})
	}
	return events
}

// regenerationPhase is the Regeneration Phase (3.0 B6): Repl and Disrupted
// markers, and on the Allied side the Scattered and Regroup markers.
func (g *Game) regenerationPhase() []rules.Event {
	return append(g.regeneration(), g.invasionRegeneration()...)
}

// markerLabels are the landing markers as the view shows them (the
// Scattered marker, 20.2.3, is View's own).
func markerLabels(us unitState) string {
	s := ""
	if us.Regroup {
		s += " [Regroup]"
	}
	return s
}
