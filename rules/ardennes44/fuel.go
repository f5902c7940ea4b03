package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The Fuel Shortage Phase (6.0): from turn 7, in the German player turn,
// one die on each column of the Fuel Shortage Table (+1 from turn 15, 6.2);
// a result naming a division puts all its units out of supply (23.4) until
// the Supply Phase finds them a line (6.1 note).

// fuelState is the phase in progress: the dice, once rolled, and the
// choices still to make, in column order.
type fuelState struct {
	Rolls   []int        `json:"rolls,omitempty"`
	Choices []fuelChoice `json:"choices,omitempty"`
}

// fuelChoice is one choice a result asks: who picks among which
// divisions, and whether only the units on or west of the West-of-Ourthe
// line are hit (6.4.1).
type fuelChoice struct {
	Column  int      `json:"column"`
	Chooser Side     `json:"chooser"`
	Options []string `json:"options"`
	West    bool     `json:"west,omitempty"`
}

func (f *fuelState) chooser() Side {
	if len(f.Choices) == 0 {
		return German
	}
	return f.Choices[0].Chooser
}

// enterFuel opens the phase from turn 7 (6.1), unless the captured fuel
// dump spares turns 7 and 8 (32.2).
func (g *Game) enterFuel() []rules.Event {
	events := g.removeDump()
	if g.s.Turn < fuelFrom {
		return events
	}
	if g.s.DumpTaken && g.s.Turn <= fuelFrom+1 {
		return append(events, rules.Event{Seat: rules.Seat(German), Text: "No Fuel Shortage check this turn: the Allied fuel dump was taken (32.2)"})
	}
	g.s.Fuel = &fuelState{}
	return events
}

// fuelDRMWords says the table's modifier.
func fuelDRMWords(turn int) string {
	if turn >= clearFrom {
		return ", +1 from turn 15 (6.2)"
	}
	return ""
}

func (g *Game) fuelPrompt() string {
	f := g.s.Fuel
	if f == nil || len(f.Choices) == 0 {
		return "the Fuel Shortage dice (6.1)"
	}
	c := f.Choices[0]
	what := "the division the result hits ('fuel DIVISION', 6.1: the German player picks)"
	if c.Chooser == Allied {
		what = "the German division the result hits ('fuel DIVISION', 6.4: the Allied player picks)"
	}
	return fmt.Sprintf("column %d: %s: %s", c.Column, what, strings.Join(c.Options, ", "))
}

// rollFuel reads both columns (6.1-6.4).
func (g *Game) rollFuel(values []int) []rules.Event {
	f := g.s.Fuel
	f.Rolls = slices.Clone(values)
	drm := 0
	if g.s.Turn >= clearFrom {
		drm = 1 // 6.2, S5.3
	}
	var events []rules.Event
	for col := range 2 {
		r := fuelTable.Roll(col, values[col], drm)
		events = append(events, g.fuelResult(col+1, values[col], drm, r)...)
	}
	if len(f.Choices) == 0 {
		g.s.Fuel = nil
	}
	return events
}

// fuelResult applies one column's result, or asks its choice.
func (g *Game) fuelResult(col, die, drm int, r fuelResult) []rules.Event {
	say := func(text string) []rules.Event {
		return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("Fuel Shortage column %d, die %d%+d: %s", col, die, drm, text)}}
	}
	switch {
	case len(r.Divisions) == 0 && !r.Allied:
		return say("no shortage")
	case r.Allied:
		opts := g.alliedFuelOptions(r)
		if len(opts) == 0 {
			return say("no division of the " + armyNames[r.Army] + " to hit: no shortage (6.3)")
		}
		g.s.Fuel.Choices = append(g.s.Fuel.Choices, fuelChoice{Column: col, Chooser: Allied, Options: opts, West: r.West})
		return say("the Allied player picks a division of the " + armyNames[r.Army] + " (6.4)")
	}
	present := slices.DeleteFunc(slices.Clone(r.Divisions), func(d string) bool { return !g.divisionPresent(d) })
	if !r.All && g.ver.fuelOnMap {
		present = g.onMapFirst(present)
	}
	switch {
	case len(present) == 0:
		return say(strings.Join(r.Divisions, ", ") + ": none has arrived, no shortage (6.3)")
	case r.All || len(present) == 1:
		var events []rules.Event
		for _, d := range present {
			events = append(events, g.fuelHit(d, false)...)
		}
		return append(say(strings.Join(present, " and ")+" out of fuel"), events...)
	}
	g.s.Fuel.Choices = append(g.s.Fuel.Choices, fuelChoice{Column: col, Chooser: German, Options: present})
	return say(strings.Join(present, " or ") + ": the German player picks (6.1)")
}

// divisionPresent: a division with a unit on the map or due this turn
// (6.3).
func (g *Game) divisionPresent(div string) bool {
	for i, us := range g.s.Units {
		if g.unit(i).Formation != div {
			continue
		}
		if _, ok := g.onMap(i); ok || waiting(us.At) || g.dueNow(i) {
			return true
		}
	}
	return false
}

// onMapFirst narrows an "or" result's divisions to those on the map, when
// one is and another only arrives (6.3, L296: "gracz Niemiecki musi wybrać
// tę, która znajduje się na mapie").
func (g *Game) onMapFirst(divs []string) []string {
	on := slices.DeleteFunc(slices.Clone(divs), func(d string) bool { return !g.divisionOnMap(d) })
	if len(on) == 0 {
		return divs
	}
	return on
}

// divisionOnMap: a division with a unit on the map.
func (g *Game) divisionOnMap(div string) bool {
	for i := range g.s.Units {
		if _, ok := g.onMap(i); ok && g.unit(i).Formation == div {
			return true
		}
	}
	return false
}

// dueNow: unit i is a reinforcement due this turn, not arrived yet (6.3).
func (g *Game) dueNow(i int) bool {
	if g.s.Units[i].At != "" {
		return false
	}
	return slices.ContainsFunc(g.sc.Reinforcements, func(r Reinforcement) bool {
		return r.Unit == g.s.Units[i].ID && r.Turn == g.s.Turn
	})
}

// fuelSpares: the Fuel Shortage does not touch unit i. A unit dead, gone
// or back in the pool is spared; from ardennes44/4 so is one neither in
// play, nor waiting to enter, nor due this turn: 6.3 (L296) hits only a
// division "która przybywa w tej samej turze" among those still to come.
func (g *Game) fuelSpares(i int) bool {
	at := g.s.Units[i].At
	if at == deadBox || at == goneBox || at == poolBox {
		return true
	}
	return g.ver.fuelThisTurn && !inPlay(at) && !waiting(at) && !g.dueNow(i)
}

// alliedFuelOptions are the divisions the Allied player may pick (6.4):
// any division of the army with units on or west of the West-of-Ourthe line
// (6.4.1), or any of its Panzer divisions on the map (6.4.2, CON-3).
func (g *Game) alliedFuelOptions(r fuelResult) []string {
	var out []string
	for i := range g.s.Units {
		u := g.unit(i)
		if u.Side != German || u.Army != r.Army || u.Formation == "-" || slices.Contains(out, u.Formation) {
			continue
		}
		a, ok := g.onMap(i)
		if !ok {
			continue
		}
		if r.West && !g.b.zone(ZoneWestOfOurthe, a) { // on the line counts as west of it: the map's hex set (6.4.1, AMB-49)
			continue
		}
		if !r.West && !g.panzerDivision(u.Formation) {
			continue
		}
		out = append(out, u.Formation)
	}
	slices.Sort(out)
	return out
}

// panzerDivision: a division with a tank battalion (6.4.2).
func (g *Game) panzerDivision(div string) bool {
	for _, u := range g.sc.Units {
		if u.Formation == div && u.Type == Tank {
			return true
		}
	}
	return false
}

// fuelHit puts a division's units out of supply (6.1), only those on or
// west of the West-of-Ourthe line for 6.4.1; a unit due this turn arrives
// so (6.3).
func (g *Game) fuelHit(div string, west bool) []rules.Event {
	var ids []string
	for i, us := range g.s.Units {
		if g.unit(i).Formation != div || g.fuelSpares(i) {
			continue
		}
		if west {
			a, ok := g.onMap(i)
			if !ok || !g.b.zone(ZoneWestOfOurthe, a) {
				continue
			}
		}
		g.s.Units[i].OOS = true
		ids = append(ids, us.ID)
	}
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("%s out of supply for want of fuel (6.1): %s", div, strings.Join(ids, ", "))}}
}

// fuelChoice is 'fuel DIVISION': the pending choice.
func (g *Game) fuelChoice(c Command) ([]rules.Event, error) {
	f := g.s.Fuel
	if f == nil || len(f.Choices) == 0 {
		return nil, rules.Refuse("6.1", "no Fuel Shortage choice is awaited")
	}
	ch := f.Choices[0]
	div := c.Args[0]
	if !slices.Contains(ch.Options, div) {
		return nil, rules.Refuse("6.1", "%s is not among %s", div, strings.Join(ch.Options, ", "))
	}
	f.Choices = f.Choices[1:]
	events := g.fuelHit(div, ch.West)
	if len(f.Choices) == 0 {
		g.s.Fuel = nil
		events = append(events, g.nextStage()...)
	}
	return events, nil
}
