package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The Combat Phase's opening and close (14.1, 20.5, 16.6, 25.2.4, 25.3.2):
// the attacks themselves are combat_phase.go's.

// enterCombat opens a Combat Phase, day or night: nothing has attacked or
// retreated yet; Attacker's Advantage markers whose target is empty or
// whose units have all left come off (16.6 b, c).
func (g *Game) enterCombat() []rules.Event {
	g.s.Attacked, g.s.Defended, g.s.Combats, g.s.Breakthrough = nil, nil, 0, nil
	g.s.CombatPhases++
	for i := range g.s.Units {
		g.s.Units[i].RetreatedIn = false
	}
	occ := g.occupancy()
	side := g.s.Side
	var gone []string
	g.s.AA = slices.DeleteFunc(g.s.AA, func(m aaMarker) bool {
		if len(m.Units) == 0 || g.sideOf(g.index[m.Units[0]]) != side {
			return false
		}
		t := g.b.ids[m.Target]
		stays := slices.ContainsFunc(m.Units, func(id string) bool { return g.s.Units[g.index[id]].At == m.Hex })
		if len(occ[t]) == 0 || !stays {
			gone = append(gone, m.Hex)
			return true
		}
		return false
	})
	if len(gone) > 0 {
		return []rules.Event{{Seat: rules.Seat(side), Text: "Attacker's Advantage removed (16.6 b, c): " + strings.Join(gone, ", ")}}
	}
	return nil
}

func (g *Game) combatPrompt() string {
	s := "attack ('attack HEX from HEX... with UNIT...'), disengage ('disengage UNIT...') or keep Engaged units ('stay UNIT...'), then 'end'"
	if len(g.s.Breakthrough) > 0 {
		var ids []string
		for _, b := range g.s.Breakthrough {
			ids = append(ids, b.ID)
		}
		s = fmt.Sprintf("a Breakthrough attack by %s ('attack ... breakthrough', 19.4) may come first; ", strings.Join(ids, ", ")) + s
	}
	if g.night() {
		s = "at night only units under Night markers attack (25.3.2); " + s
	}
	return s
}

// nightCombatAwaits: the Night Combat Phase waits while the side has a unit
// that may attack, or Engaged units to decide on (AMB-7).
func (g *Game) nightCombatAwaits() bool {
	if g.s.Combat != nil || g.s.Disengage != nil || g.s.Dice != "" {
		return true
	}
	for i, us := range g.s.Units {
		if g.sideOf(i) != g.s.Side {
			continue
		}
		if _, ok := g.onMap(i); !ok {
			continue
		}
		if us.ENG || (g.attacksAtNight(i) && !g.unit(i).Arty() && g.unitNextToEnemy(i, g.occupancy())) {
			return true
		}
	}
	return false
}

// endCombatPhase closes a Combat Phase: the own ENG markers left come off,
// the units staying (20.5); Replacement markers come off in the AM (25.2.4);
// Attacker's Advantage markers placed before this phase are spent (AMB-22:
// they last until the next own Combat Phase); unused air markers are lost
// (15.6.2); Roadblocks the enemy passed come off (33.3).
func (g *Game) endCombatPhase() {
	side := g.s.Side
	var stayed []string
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.sideOf(i) != side {
			continue
		}
		if us.ENG {
			us.ENG = false
			stayed = append(stayed, us.ID)
		}
		if !g.night() && g.s.Turn%2 == 1 {
			us.Repl = false
		}
	}
	if len(stayed) > 0 {
		g.left = append(g.left, rules.Event{Seat: rules.Seat(side), Text: "Engaged units stay, their ENG markers off (20.5): " + strings.Join(stayed, ", ")})
	}
	g.s.AA = slices.DeleteFunc(g.s.AA, func(m aaMarker) bool {
		return len(m.Units) > 0 && g.sideOf(g.index[m.Units[0]]) == side && m.Turn < g.s.CombatPhases
	})
	if side == Allied {
		g.s.Air = 0
	}
	g.s.Breakthrough = nil
	g.left = append(g.left, g.liftPassedRoadblocks()...)
}

// stay is 'stay UNIT...': Engaged units stay, their ENG markers off (20.5).
func (g *Game) stay(c Command) ([]rules.Event, error) {
	var idx []int
	for _, id := range c.Args {
		i, err := g.ownUnit(id, "20.5")
		if err != nil {
			return nil, err
		}
		if !g.s.Units[i].ENG {
			return nil, rules.Refuse("20.5", "%s is not Engaged", id)
		}
		idx = append(idx, i)
	}
	for _, i := range idx {
		g.s.Units[i].ENG = false
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "ENG markers off, the units stay (20.5): " + strings.Join(c.Args, ", ")}}, nil
}
