package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Units leaving the map for Britain: evacuation from a beach (21.2), the
// Ranger and 4th Special Service Brigade withdrawal (17.5), and a whole
// airborne division in the End Phase (22.2, airborne.go).
//
//	evacuate UNIT   in the Allied Movement Phase, UNIT on an open beach hex
//	                (a Ranger also on Pointe du Hoc) goes to the In Britain
//	                card for its whole MA, even from an EZOC (21.2)

// evacuation is one unit evacuated this Allied turn, from a beach hex (21.2).
type evacuation struct {
	Unit string `json:"unit"`
	Hex  string `json:"hex"`
}

// Where units out of play for good stand: withdrawn under 17.5, evacuated
// airborne under 22.2. Neither ever returns; neither is a scenario box.
const (
	atWithdrawn = "out:withdrawn"
	atEvacuated = "out:evacuated"
)

// evacuationsPerHex is the most units that evacuate from one beach hex a turn (21.2).
const evacuationsPerHex = 2

// withdrawRadius is how far 17.5 looks for German units: within 4 hexes.
const withdrawRadius = 4

// alliedTurnStart runs at the start of each Allied player turn (the Allied
// Replacement Phase opens it): this turn's evacuations are counted afresh
// (21.2), the position at the end of the German player turn is recorded for
// 23.2 (AMBIG-42), a captured Mulberry is lost (21.1.5), one under
// construction is delayed by German units next to it (21.1.2), and the Rangers
// and the 4th SS Brigade may withdraw (17.5).
func (g *Game) alliedTurnStart() []rules.Event {
	if g.s.Side != Allied {
		return nil
	}
	g.s.Evacuations = nil
	g.s.EdgeUnits = g.edgeUnits()
	occ := g.occupancy()
	events := g.mulberryLosses(occ)
	events = append(events, g.mulberryDelays(occ)...)
	return append(events, g.withdrawals(occ)...)
}

// withdraws reports which 17.5 rule removes unit i: the Ranger battalions
// (around Pointe du Hoc) and the Special Service brigade marked 'withdraws',
// the 4th (around Arromanches); the 1st SS Brigade stays.
func withdraws(u *Unit) (ranger, ss bool) {
	return slices.Contains(u.Marks, MarkRanger), slices.Contains(u.Marks, MarkSpecialService) && slices.Contains(u.Marks, MarkWithdraws)
}

// withdrawals applies 17.5 at the start of an Allied turn: the Rangers leave
// when no German unit is within 4 hexes of Pointe du Hoc, the 4th SS Brigade
// when no German unit but strongpoints is within 4 hexes of Arromanches. No
// penalty, reduced or eliminated; they never return.
func (g *Game) withdrawals(occ map[hex.Axial][]int) []rules.Event {
	clear := func(centres []string, strongpointsToo bool) bool {
		if len(centres) == 0 {
			return false
		}
		for i := range g.s.Units {
			a, ok := g.onMap(i)
			u := g.unit(i)
			if !ok || u.Side != German || (u.Type == Strongpoint && !strongpointsToo) {
				continue
			}
			for _, c := range centres {
				if b, ok := g.b.ids[c]; ok && hex.Distance(a, b) <= withdrawRadius {
					return false
				}
			}
		}
		return true
	}
	rangersGo := clear(g.beachHexes("pointe-du-hoc"), true)
	ssGo := clear(g.arromanches(), !g.ed.ss4RemovalIgnoresSP) // D33: strongpoints count in the first edition (IT L1164)
	var events []rules.Event
	for i := range g.s.Units {
		u, us := g.unit(i), &g.s.Units[i]
		ranger, ss := withdraws(u)
		if (!ranger || !rangersGo) && (!ss || !ssGo) || us.At == atWithdrawn {
			continue
		}
		why := "no German unit within 4 hexes of Pointe du Hoc"
		switch {
		case ss && g.ed.ss4RemovalIgnoresSP:
			why = "no German unit but strongpoints within 4 hexes of Arromanches"
		case ss:
			why = "no German unit within 4 hexes of Arromanches"
		}
		*us = unitState{ID: us.ID, Step: us.Step, At: atWithdrawn}
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s is withdrawn for good: %s (17.5)", u.ID, why)})
	}
	return events
}

// arromanches is the hex of Arromanches-les-Bains: the hex of that name, else
// the British Mulberry site (21.1.1).
func (g *Game) arromanches() []string {
	for _, h := range g.sc.Hexes {
		if h.Name == "Arromanches-les-Bains" || h.Name == "Arromanches" {
			return []string{h.ID}
		}
	}
	return g.mulberrySites("gb")
}

// evacuationCheck checks that unit i may evacuate now (21.2) and returns the
// beach hex it leaves from.
func (g *Game) evacuationCheck(i int) (string, error) {
	u, us := g.unit(i), g.s.Units[i]
	a, ok := g.onMap(i)
	switch {
	case u.Side != Allied || g.s.Side != Allied:
		return "", rules.Refuse("21.2", "only Allied units evacuate, in the Allied Movement Phase")
	case !ok:
		return "", rules.Refuse("21.2", "%s is not on the map", u.ID)
	case g.inBritainBox() == "":
		return "", rules.Refuse("21.2", "this scenario has no In Britain card")
	case u.Type == Engineer || g.printedMA(i) == 0:
		return "", rules.Refuse("17.8", "%s cannot move, so cannot evacuate", u.ID)
	case us.Moved:
		return "", rules.Refuse("21.2", "%s has moved this phase: evacuation takes its whole MA", u.ID)
	case us.Scattered:
		return "", g.scatteredCheck(i, "move, so not evacuate") // 20.2.3
	}
	id := g.b.id(a)
	beach := g.sup.beach[a]
	switch {
	case beach == "pointe-du-hoc" && !g.ed.rangersEvacuatePdH: // D41: 2.2 only
		return "", rules.Refuse("21.2", "units evacuate from the beaches, and Pointe du Hoc is none")
	case beach == "pointe-du-hoc" && !slices.Contains(u.Marks, MarkRanger):
		return "", rules.Refuse("21.2", "only Rangers evacuate from Pointe du Hoc")
	case beach == "":
		return "", rules.Refuse("21.2", "%s is not on a beach hex (%s)", u.ID, id)
	case beach != "pointe-du-hoc" && !g.openBeach(id):
		return "", rules.Refuse("21.2", "the %s beach is closed: units evacuate from an open beach", beach)
	}
	n := 0
	for _, e := range g.s.Evacuations {
		if e.Hex == id {
			n++
		}
	}
	if n >= evacuationsPerHex {
		return "", rules.Refuse("21.2", "%d units have evacuated from %s this turn, the most one beach hex takes", n, id)
	}
	return id, nil
}

// evacuate is 'evacuate UNIT' (21.2): the unit goes to the In Britain card,
// costing no RP and none of the beach's landing limit; it may take Repl there
// and come back as a reinforcement (6.5; a Ranger for 1 RP).
func (g *Game) evacuate(c Command) ([]rules.Event, error) {
	i, ok := g.index[c.Unit]
	if !ok {
		return nil, rules.Refuse("2.3", "no unit %s in this scenario", c.Unit)
	}
	id, err := g.evacuationCheck(i)
	if err != nil {
		return nil, err
	}
	us := &g.s.Units[i]
	*us = unitState{ID: us.ID, Step: us.Step, At: g.inBritainBox()}
	g.s.Evacuations = append(g.s.Evacuations, evacuation{Unit: us.ID, Hex: id})
	return []rules.Event{{Seat: rules.Seat(Allied),
		Text: fmt.Sprintf("%s evacuates from %s to the In Britain card (21.2)", us.ID, id)}}, nil
}

// evacuatedThisTurn reports whether a unit evacuated in this Allied turn: it
// waits for the next to land again.
func (g *Game) evacuatedThisTurn(id string) bool {
	return slices.ContainsFunc(g.s.Evacuations, func(e evacuation) bool { return e.Unit == id })
}

// evacuateChoices lists 'evacuate UNIT' for each unit that may evacuate now.
func (g *Game) evacuateChoices() []rules.Choice {
	if g.s.Side != Allied || g.s.Phase != PhaseMovement {
		return nil
	}
	var out []rules.Choice
	for i := range g.s.Units {
		// Only a unit on a beach hex may evacuate (21.2): the others are
		// left out before evacuationCheck writes out why, since the
		// Movement Phase's prompt asks this on every Pending.
		if a, ok := g.onMap(i); !ok || g.unit(i).Side != Allied || g.sup.beach[a] == "" {
			continue
		}
		if id, err := g.evacuationCheck(i); err == nil {
			c := Command{Verb: "evacuate", Unit: g.unit(i).ID}
			out = append(out, rules.Choice{Command: c.String(), Piece: c.Unit, Note: fmt.Sprintf("evacuate from %s to the In Britain card, whole MA (21.2)", id)})
		}
	}
	return out
}

// rangerRP is what a Ranger battalion costs to come back from Britain (21.2).
const rangerRP = 1
