package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Evacuating a whole airborne division in the End Phase (22.2):
//
//	evacuate-division FORMATION   every surviving unit of the airborne
//	                              division goes to Britain, never to return
//
// The End Phase waits for the Allied player only while some division may go
// (every unit of it on the map supplied, none next to an enemy unit); 'end'
// declines, and the End Phase goes on to automatic victory (23.0).

// airborneDivisions lists the Allied formations with parachute or glider
// infantry (the units that take airborne Repl, 6.2.6), in name order.
func (g *Game) airborneDivisions() []string {
	var out []string
	for i := range g.s.Units {
		u := g.unit(i)
		if u.Side == Allied && u.Formation != "" && u.Formation != "-" && UnitTypes[u.Type].Repl == "airborne" && !slices.Contains(out, u.Formation) {
			out = append(out, u.Formation)
		}
	}
	slices.Sort(out)
	return out
}

// divisionCheck checks that an airborne division may be evacuated now (22.2):
// it has units on the map, all of them supplied (the marker of the Allied
// Supply Phase just held, 18.1) and none adjacent to an enemy unit.
func (g *Game) divisionCheck(f string) error {
	if !slices.Contains(g.airborneDivisions(), f) {
		return rules.Refuse("22.2", "%s is not an Allied airborne division", f)
	}
	occ := g.occupancy()
	on := 0
	for i := range g.s.Units {
		if g.unit(i).Formation != f || g.unit(i).Side != Allied {
			continue
		}
		a, ok := g.onMap(i)
		if !ok {
			continue
		}
		on++
		if g.s.Units[i].OutOfSupply {
			return rules.Refuse("22.2", "%s of the %s is not in supply", g.s.Units[i].ID, f)
		}
		for _, n := range a.Neighbors() {
			if g.sideAt(occ, n) == German {
				return rules.Refuse("22.2", "%s of the %s is next to an enemy unit at %s", g.s.Units[i].ID, f, g.b.id(n))
			}
		}
	}
	if on == 0 {
		return rules.Refuse("22.2", "no unit of the %s is on the map", f)
	}
	return nil
}

// evacuableDivisions lists the airborne divisions that may be evacuated now.
func (g *Game) evacuableDivisions() []string {
	var out []string
	for _, f := range g.airborneDivisions() {
		if g.divisionCheck(f) == nil {
			out = append(out, f)
		}
	}
	return out
}

// evacuateDivision is 'evacuate-division FORMATION' (22.2): all survivors go
// together (a cadre's full counter with it) and never return; they are left
// out of the 23.3 counts.
func (g *Game) evacuateDivision(c Command) ([]rules.Event, error) {
	f := c.Unit
	if err := g.divisionCheck(f); err != nil {
		return nil, err
	}
	var gone []string
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.unit(i).Formation != f || g.unit(i).Side != Allied || us.Gone || us.At == atWithdrawn || us.At == atEvacuated {
			continue
		}
		*us = unitState{ID: us.ID, Step: us.Step, At: atEvacuated}
		gone = append(gone, us.ID)
	}
	return []rules.Event{{Seat: rules.Seat(Allied),
		Text: fmt.Sprintf("The %s airborne division is evacuated to Britain for good: %s (22.2)", f, strings.Join(gone, ", "))}}, nil
}

// divisionChoices lists 'evacuate-division F' for each division that may go.
func (g *Game) divisionChoices() []rules.Choice {
	if g.s.Phase != PhaseEnd || !g.s.EndWait {
		return nil
	}
	var out []rules.Choice
	for _, f := range g.evacuableDivisions() {
		c := Command{Verb: "evacuate-division", Unit: f}
		out = append(out, rules.Choice{Command: c.String(), Note: fmt.Sprintf("evacuate the whole %s airborne division; it never returns (22.2)", f)})
	}
	return out
}

// endPrompt is the End Phase's prompt while it waits for 22.2.
func (g *Game) endPrompt() string {
	return fmt.Sprintf("evacuate a whole airborne division to Britain, never to return ('evacuate-division FORMATION': %s, 22.2), then 'end'",
		strings.Join(g.evacuableDivisions(), ", "))
}
