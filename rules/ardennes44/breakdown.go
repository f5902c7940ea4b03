package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Breakdown units (26.1-26.4): a larger unit loses a step and a breakdown
// counter of the matching type stands beside it; a 3-step unit may break
// into two and its Remnant. A breakdown unit recombines only with its
// parent.

// breakdownType is the breakdown counter's type a unit breaks into (26.1),
// "" when it does not break down.
func breakdownType(u *Unit) UnitType {
	switch {
	case u.Has(MarkRemnant) || u.Has(MarkBreakdown):
		return ""
	case u.Type == Infantry, u.Type == Para, u.Type == MechInf:
		return u.Type
	case u.Nation == US && (u.Type == Armor || u.Type == Tank):
		return TaskForce // a Combat Command or tank battalion
	}
	return ""
}

// poolCounter finds a counter of the mix (Remnant or breakdown, by mark)
// of side and type, of unit i's nation if one is left, -1 for none (16.4,
// 26.2).
func (g *Game) poolCounter(i int, mark string, t UnitType, skip ...int) int {
	u := g.unit(i)
	other := -1
	for j, us := range g.s.Units {
		c := g.unit(j)
		if us.At != poolBox || !c.Has(mark) || c.Side != u.Side || c.Type != t || slices.Contains(skip, j) {
			continue
		}
		if c.Nation == u.Nation {
			return j
		}
		if other < 0 && c.Nation != British && u.Nation != British {
			other = j
		}
	}
	return other
}

// breakdown is 'breakdown UNIT [two]' (26.1, 26.2): in the own Movement or
// Combat Phase, before the unit moves, disengages or advances; not when
// Disrupted or Broken; as many as counters are left. A unit that attacked
// breaks down as its advance is offered, in the combat (breakdownSplit).
func (g *Game) breakdown(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "26.1")
	if err != nil {
		return nil, err
	}
	u, us := g.unit(i), &g.s.Units[i]
	if us.Moved || slices.Contains(g.s.Attacked, u.ID) {
		if err := g.breakdownCheck(i); err != nil {
			return nil, err
		}
		return nil, rules.Refuse("26.2", "a unit breaks down before it moves, attacks or disengages")
	}
	two := len(c.Args) == 2
	made, err := g.breakdownCounters(i, two)
	if err != nil {
		return nil, err
	}
	return []rules.Event{{Seat: rules.Seat(u.Side), Text: g.placeBreakdown(i, made, two)}}, nil
}

// breakdownCheck refuses a unit that may never break down where it stands:
// not of a type that does, off the map, Disrupted or Broken (26.1, 26.2).
func (g *Game) breakdownCheck(i int) error {
	u, us := g.unit(i), g.s.Units[i]
	_, on := g.onMap(i)
	switch {
	case breakdownType(u) == "":
		return rules.Refuse("26.1", "%s does not break down: regiments of infantry, parachute or Panzergrenadiers, US Combat Commands and tank battalions do", u.ID)
	case !on:
		return rules.Refuse("26.2", "%s breaks down on the map", u.ID)
	case us.Status != "":
		return rules.Refuse("26.2", "%s is Disrupted or Broken", u.ID)
	}
	return nil
}

// breakdownCounters checks that unit i may break down (into two) but for
// when (26.1, 26.2), and finds the counters it makes: a breakdown unit, or
// two and a Remnant.
func (g *Game) breakdownCounters(i int, two bool) ([]int, error) {
	if err := g.breakdownCheck(i); err != nil {
		return nil, err
	}
	u, us := g.unit(i), g.s.Units[i]
	t := breakdownType(u)
	switch {
	case us.Face != 0 || len(u.Faces) < 2:
		return nil, rules.Refuse("26.1", "%s has no step to give: it is on its reduced side", u.ID)
	case two && (u.Faces[0].Steps != 3 || !u.WhiteLine):
		return nil, rules.Refuse("26.1", "only a 3-step unit breaks into two breakdown units and its Remnant")
	}
	first := g.poolCounter(i, MarkBreakdown, t)
	if first < 0 {
		return nil, rules.Refuse("26.2", "no %s breakdown counter is left", unitTypes[t].Name)
	}
	made := []int{first}
	if two {
		second := g.poolCounter(i, MarkBreakdown, t, first)
		rem := g.remnantFor(i)
		if second < 0 || rem < 0 {
			return nil, rules.Refuse("26.2", "two %s breakdown counters and a Remnant are needed", unitTypes[t].Name)
		}
		made = append(made, second, rem)
	}
	return made, nil
}

// placeBreakdown puts the counters made (breakdownCounters) beside unit i,
// which loses a step or, broken into two, leaves the map; it words what
// happened.
func (g *Game) placeBreakdown(i int, made []int, two bool) string {
	u, us := g.unit(i), &g.s.Units[i]
	for _, j := range made {
		js := &g.s.Units[j]
		*js = unitState{ID: js.ID, At: us.At, OOS: us.OOS, Isolated: us.Isolated, ENG: us.ENG, Night: us.Night, Parent: u.ID, Arrived: g.s.Turn}
	}
	var ids []string
	for _, j := range made {
		ids = append(ids, g.unit(j).ID)
	}
	text := fmt.Sprintf("%s breaks down in %s: %s (26.1)", u.ID, us.At, strings.Join(ids, ", "))
	if two {
		// AMB-32: the whole unit is its pieces now; it does not come back.
		*us = unitState{ID: u.ID, At: splitBox}
		text += "; the unit is all broken down and does not recombine (AMB-32)"
	} else {
		us.Face = 1
	}
	return text
}

// splitBox holds a unit broken into two breakdown units and its Remnant
// (26.1, AMB-32).
const splitBox = "split"

// recombine is 'recombine UNIT' (26.4): a breakdown unit rejoins its parent
// in the parent's hex in the Movement Phase, which flips to full strength.
func (g *Game) recombine(c Command) ([]rules.Event, error) {
	j, err := g.ownUnit(c.Args[0], "26.4")
	if err != nil {
		return nil, err
	}
	bs := &g.s.Units[j]
	p, ok := g.unitIndex(bs.Parent)
	switch {
	case !g.unit(j).Has(MarkBreakdown) || bs.Parent == "" || !ok:
		return nil, rules.Refuse("26.4", "%s is no breakdown unit with a parent", bs.ID)
	case g.s.Units[p].At != bs.At:
		return nil, rules.Refuse("26.4", "%s recombines in its parent %s's hex (%s)", bs.ID, bs.Parent, g.s.Units[p].At)
	case g.s.Units[p].Face != 1:
		return nil, rules.Refuse("26.4", "%s is at full strength", bs.Parent)
	}
	at := bs.At
	*bs = unitState{ID: bs.ID, At: poolBox}
	ps := &g.s.Units[p]
	ps.Face, ps.Moved = 0, true
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s recombines with %s in %s (26.4)", g.unit(j).ID, ps.ID, at)}}, nil
}
