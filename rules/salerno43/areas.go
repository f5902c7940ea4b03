package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Entry areas in the Movement Phase (21.3, 21.5, 23.1.4): a unit on a map
// hex next to an area enters it as its whole move, for 1 MP (or 1 hex of
// TM), and stops (21.3.2), or, under salerno43/3, as a move's last step
// (move UNIT HEX... AREA); a Good Order unit in an area moves to an
// adjacent one for its whole MA (21.5): only the Germans between N1 and
// N2, never between N2 and E5, only the 8th Army into an east area. The
// Germans enter only areas friendly to them (21.2.1); the Allies may enter
// N1 and N2, where both sides stand together, never to leave (23.1.4).
//
//	enter UNIT AREA

// areaAdjacent: the two areas touch (21.5, the map's 'areas' records).
func (g *Game) areaAdjacent(a, b string) bool { return g.b.adjacent[[2]string{a, b}] }

// enterArea applies an 'enter' command.
func (g *Game) enterArea(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 {
		return nil, rules.Refuse("21.3.2", "no unit %s", c.Args[0])
	}
	if err := g.mayEnterArea(i, c.Args[1]); err != nil {
		return nil, err
	}
	us := &g.s.Units[i]
	from := us.Hex
	if from == "" {
		from = strings.TrimPrefix(us.Box, boxEntry)
	}
	us.Hex, us.Box = "", boxEntry+c.Args[1]
	g.s.Moved = append(g.s.Moved, us.ID)
	g.s.Entered = append(g.s.Entered, us.ID) // 21.3.4, 21.5: no attack from it this turn
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s moves from %s into entry area %s (21.3.2)", us.ID, from, c.Args[1])}}
	return append(events, g.northVP()...), nil
}

// eastBarred: a 5th Army unit among units, which never uses an east area
// (E1-E5), so never retreats into one either (21.2.2, S2.3.5: "only German
// and 8th Army units may use the east entry areas"). The book names the
// east areas only.
func (g *Game) eastBarred(area string, units []int) bool {
	if !strings.HasPrefix(area, "E") {
		return false
	}
	return slices.ContainsFunc(units, func(i int) bool {
		u := g.sc.Units[i]
		return u.Side == Allied && !u.Eighth
	})
}

// mayEnterArea says whether unit i may enter area now.
func (g *Game) mayEnterArea(i int, area string) error {
	u, us := g.sc.Units[i], g.s.Units[i]
	if _, err := g.howMay(i, true, false, false); err != nil && !strings.Contains(err.Error(), "add 'tm'") {
		return err
	}
	if err := g.sideMayEnter(i, area); err != nil {
		return err
	}
	north := area == "N1" || area == "N2"
	if us.Hex != "" {
		a, _ := g.b.Hex(us.Hex)
		if !g.b.inArea(area, a) {
			return rules.Refuse("21.3.2", "%s stands in %s, not next to %s", u.ID, us.Hex, area)
		}
		return nil
	}
	from, ok := strings.CutPrefix(us.Box, boxEntry)
	switch {
	case !ok:
		return rules.Refuse("21.3.2", "%s is not on the map nor in an entry area", u.ID)
	case u.Side == Allied && (from == "N1" || from == "N2"):
		return rules.Refuse("23.1.4", "Allied units that enter a north area never leave it")
	case !g.areaAdjacent(from, area):
		return rules.Refuse("21.5", "%s and %s do not touch", from, area)
	case us.Status != GoodOrder:
		return rules.Refuse("21.5", "only Good Order units move between entry areas")
	case g.ver.replArea && us.Repl:
		return rules.Refuse("20.4", "%s has a Replacement marker: it does not move between entry areas this turn", u.ID)
	case (from == "N2" && area == "E5") || (from == "E5" && area == "N2"):
		return rules.Refuse("21.5", "no unit moves between N2 and E5")
	case (from == "N1" || from == "N2") && north && u.Side != German:
		return rules.Refuse("21.5", "only the Germans move between N1 and N2")
	}
	return nil
}

// sideMayEnter: unit i's side may enter area (21.2.1, 21.2.2, 23.1.4).
func (g *Game) sideMayEnter(i int, area string) error {
	u := g.sc.Units[i]
	north := area == "N1" || area == "N2"
	switch {
	case u.Side == German && !g.friendlyArea(German, area):
		return rules.Refuse("21.2.1", "German units never enter an area friendly to the Allies (%s)", area)
	case g.eastBarred(area, []int{i}):
		return rules.Refuse("21.2.2", "only the 8th Army's Allied units use the east areas (E1-E5)")
	case u.Side == Allied && !north && area[0] != 'E' && !g.friendlyArea(Allied, area): // 21.2.1: an east area turns Allied when entered
		return rules.Refuse("21.2.1", "%s is not friendly to the Allies", area)
	}
	return nil
}

// mayMoveIntoArea: a move of unit i may end in area (21.3.2, L1242), under
// salerno43/3: the unit moves from the map, and its side may enter area. A
// unit in an area goes to the next one by 'enter' (21.5).
func (g *Game) mayMoveIntoArea(i int, area string, fromArea bool) error {
	switch {
	case !g.ver.moveIntoArea:
		return rules.Refuse("21.3.2", "a move ends on a map hex: a unit enters an area by 'enter %s %s', as its whole move from next to it", g.sc.Units[i].ID, area)
	case fromArea:
		return rules.Refuse("21.5", "%s stands in an entry area: it goes to another by 'enter', not by a move across the map", g.sc.Units[i].ID)
	}
	return g.sideMayEnter(i, area)
}

// areaStep prices the step of mover m from its path's last hex into area
// (21.3.2, L1242): 1 MP, or one hex of TM, from a hex next to the area
// where the move did not have to stop (an enemy ZOC entered stops it,
// 6.2).
func (g *Game) areaStep(m *hexwar.Mover, path []hex.Axial, area string) (int, error) {
	last := path[len(path)-1]
	if !g.b.inArea(area, last) {
		return 0, rules.Refuse("21.3.2", "%s is not next to %s: a move enters an area from a hex next to it", g.b.ID(last), area)
	}
	if s, _ := m.Step(path[len(path)-2], last); s.Stop {
		return 0, m.StopRefusal(&s, last)
	}
	return hexwar.MP, nil
}

// endInArea puts unit i, its move applied, in area instead of its last
// hex: it stops there and attacks from it no more this turn (21.3.2,
// 21.3.4).
func (g *Game) endInArea(i int, area string) []rules.Event {
	us := &g.s.Units[i]
	us.Hex, us.Box = "", boxEntry+area
	g.s.Entered = append(g.s.Entered, us.ID)
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s stops in entry area %s (21.3.2)", us.ID, area)}}
	return append(events, g.northVP()...)
}

// areaChoices lists the areas the phasing side's units may enter.
func (g *Game) areaChoices() []rules.Choice {
	var out []rules.Choice
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side != g.s.Side || (us.Hex == "" && !strings.HasPrefix(us.Box, boxEntry)) {
			continue
		}
		for _, area := range entryAreas {
			if g.mayEnterArea(i, area) == nil {
				out = append(out, rules.Choice{Command: "enter " + us.ID + " " + area, Piece: us.ID, Note: "21.3.2, 21.5"})
			}
		}
	}
	return out
}

// northVP awards the north areas' VP (23.1.4): 5 for N1, 4 for N2, once
// two or more 5th Army combat units with a combined attack of 6 or more
// stand in the area and an Allied supply line reaches it (A-19: awarded
// once, on entry, re-tested at each victory check).
func (g *Game) northVP() []rules.Event {
	var events []rules.Event
	for _, area := range []string{"N1", "N2"} {
		if slices.Contains(g.s.North, area) {
			continue
		}
		n, attack := 0, 0
		for i, us := range g.s.Units {
			u := g.sc.Units[i]
			if us.Box == boxEntry+area && u.Side == Allied && !u.Eighth && !u.ASU() {
				n++
				attack += g.pos().face(i).Attack
			}
		}
		if n >= 2 && attack >= 6 && g.areaSupplied(area) {
			g.s.North = append(g.s.North, area)
			slices.Sort(g.s.North)
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("the Allies enter %s in strength: %d VP (23.1.4)", area, northPoints(area))})
		}
	}
	return events
}

// northPoints are an area's VP (23.1.4).
func northPoints(area string) int {
	if area == "N1" {
		return 5
	}
	return 4
}

// areaSupplied: an Allied supply line reaches one of the area's hexes
// (23.1.4).
func (g *Game) areaSupplied(area string) bool {
	st := g.supplyStatuses(Allied)
	for _, a := range g.b.areas[area] {
		k, _ := g.b.Cell(a)
		if st.los[k] == hexwar.InSupply {
			return true
		}
	}
	return false
}
