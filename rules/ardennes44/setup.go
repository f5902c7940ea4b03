package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The set-up (S1.3-S1.5, S4.3): the Allied units on their printed hexes,
// in an Improved Position where the number has a dot; the German units in
// their divisions' start positions, where the German player may rearrange
// them before play; the markers of the scenario's special rules.

// setUp puts the scenario's set-up on the map.
func (g *Game) setUp() error {
	sc := g.sc
	for _, pl := range sc.Setup {
		i := g.index[pl.Unit]
		us := &g.s.Units[i]
		us.At = pl.At
		if pl.Fired {
			us.Face = 1 // S4.3 C
		}
		if pl.IP {
			g.addIP(pl.At, g.sideOf(i), false)
		}
	}
	for i, u := range sc.Units {
		if (u.Has(MarkRemnant) || u.Has(MarkBreakdown)) && g.s.Units[i].At == "" {
			g.s.Units[i].At = poolBox // 16.4, 26.2: counters of the mix
		}
	}
	// Control is kept for every village, town, city and victory hex
	// (30.1.2, AMB-43); at the start the Germans hold their start positions
	// and the rear area, the Allies the rest (AMB-42), unless the scenario
	// says otherwise ([special] control, S4).
	for _, h := range sc.Hexes {
		if !builtUp(h.Terrain) && g.b.victory[h.ID] == "" {
			continue
		}
		side := Allied
		if a := g.b.ids[h.ID]; g.b.start[h.ID] != "" || g.b.zone(ZoneRear, a) {
			side = German
		}
		g.s.Control = append(g.s.Control, control{Hex: h.ID, Side: side})
	}
	for _, sc := range sc.Special.Control {
		for _, id := range sc.Hexes {
			if !slices.ContainsFunc(g.s.Control, func(c control) bool { return c.Hex == id }) {
				return fmt.Errorf("[special] control %s: %s is no village, town, city or victory hex, whose control is kept (30.1.2, AMB-43)", sc.Side, id)
			}
			g.setControl(id, sc.Side)
		}
	}
	for i := range g.s.Units {
		if _, ok := g.onMap(i); ok {
			g.setControl(g.s.Units[i].At, g.sideOf(i))
		}
	}
	// S1.4, S4.3 E: blown bridges; 7.9: bridges under construction, on
	// their Working side, which the Germans complete.
	for _, s := range sc.Special.Blown {
		g.s.Bridges = append(g.s.Bridges, bridgeState{Side: s})
	}
	for _, s := range sc.Special.Building {
		g.s.Bridges = append(g.s.Bridges, bridgeState{Side: s, Working: true, Begun: German, Due: 2})
	}
	slices.SortFunc(g.s.Bridges, func(a, b bridgeState) int { return strings.Compare(a.Side, b.Side) })
	// S4.3 F: the isolated groups the game starts with.
	for _, grp := range sc.Special.Surrender {
		for _, id := range grp.Units {
			g.s.Units[g.index[id]].OOS = true
		}
		g.s.Groups = append(g.s.Groups, surrenderGroup{Units: slices.Clone(grp.Units), Points: grp.Points})
	}
	g.addDumps()
	return nil
}

// addIP puts an Improved Position, or one under construction, in a hex.
func (g *Game) addIP(hexID string, side Side, building bool) {
	if slices.ContainsFunc(g.s.IPs, func(m ipMarker) bool { return m.Hex == hexID }) {
		return
	}
	g.s.IPs = append(g.s.IPs, ipMarker{Hex: hexID, Side: side, Building: building})
	slices.SortFunc(g.s.IPs, func(a, b ipMarker) int { return strings.Compare(a.Hex, b.Hex) })
}

// enterSetup opens the German set-up (S1.3).
func (g *Game) enterSetup() []rules.Event {
	if g.sc.FirstTurn > 1 {
		return []rules.Event{{Seat: rules.Seat(German), Text: "Set-up (S4.2): the units of both sides stand where the scenario sets them up; nothing is placed"}}
	}
	return []rules.Event{{Seat: rules.Seat(German), Text: "Set-up (S1.3): the German units stand in their start positions; the German player may place them anywhere in their division's start position, artillery in any start position of its corps"}}
}

// place is 'place UNIT HEX': a German unit placed at the set-up (S1.3), a
// US engineer on arrival (13.2.1), a rebuilt unit (25.2.2).
func (g *Game) place(c Command) ([]rules.Event, error) {
	switch g.s.Phase {
	case PhaseSetup:
		return g.placeSetup(c)
	case PhaseMovement:
		return g.placeEngineer(c)
	}
	return g.rebuild(Command{Verb: "rebuild", Args: c.Args})
}

// placeSetup moves a German unit within its start position (S1.3): a
// division's units in its start position, artillery in any start position
// of its corps; stacking holds (8.1); the scenario's forbidden hexes are
// kept (S1.3).
func (g *Game) placeSetup(c Command) ([]rules.Event, error) {
	id, to := c.Args[0], c.Args[1]
	i, ok := g.unitIndex(id)
	if !ok || g.sideOf(i) != German {
		return nil, rules.Refuse("S1.3", "no German unit %s", id)
	}
	us := &g.s.Units[i]
	if _, on := g.onMap(i); !on {
		return nil, rules.Refuse("S1.3", "%s is not set up on the map: it comes later", id)
	}
	if g.sc.FirstTurn > 1 {
		return nil, rules.Refuse("S4.2", "%s stands where the scenario sets it up: only the campaign's German set-up (S1.3) is free", id)
	}
	allowed := g.setupHexes(i)
	if !slices.Contains(allowed, to) {
		return nil, rules.Refuse("S1.3", "%s is set up in %s", id, g.setupWhere(i))
	}
	for _, ns := range g.sc.Special.NoSetup {
		if slices.Contains(ns.Units, id) && slices.Contains(ns.Hexes, to) {
			return nil, rules.Refuse("S1.3", "%s may not be set up in %s (wooded rough)", id, to)
		}
	}
	a := g.b.ids[to]
	occ := g.occupancy()
	if g.sideAt(occ, a) == Allied {
		return nil, rules.Refuse("S1.3", "Allied units hold %s", to)
	}
	others := slices.DeleteFunc(slices.Clone(occ[a]), func(j int) bool { return j == i })
	if err := g.stackErr(others, i, to); err != nil {
		return nil, err
	}
	from := us.At
	us.At = to
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("%s is set up in %s (was %s)", id, to, from)}}, nil
}

func (g *Game) stackErr(others []int, i int, id string) error {
	if r := g.stacking(others, i); r != nil {
		return rules.Refuse(r.Rule, "%s %s", id, r.Reason)
	}
	return nil
}

// setupHexes lists where a German unit may be set up (S1.3): its
// division's start position; artillery and Independent units in any start
// position of a division of their corps. A scenario that opens later (S4)
// sets its units up where it says (S4.2), so nowhere else.
func (g *Game) setupHexes(i int) []string {
	if g.sc.FirstTurn > 1 {
		return nil
	}
	u := g.unit(i)
	var divisions []string
	if u.Formation != "-" && g.hasStart(u.Formation) {
		divisions = []string{u.Formation}
	} else if u.Corps != "" {
		for _, j := range g.sc.Units {
			if j.Corps == u.Corps && j.Formation != "-" && g.hasStart(j.Formation) && !slices.Contains(divisions, j.Formation) {
				divisions = append(divisions, j.Formation)
			}
		}
	}
	if len(divisions) == 0 {
		if d := g.b.start[g.s.Units[i].At]; d != "" {
			divisions = []string{d}
		}
	}
	var out []string
	for _, sp := range g.sc.Starts {
		if slices.Contains(divisions, sp.Division) {
			out = append(out, sp.Hexes...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (g *Game) hasStart(div string) bool {
	return slices.ContainsFunc(g.sc.Starts, func(sp StartPosition) bool { return sp.Division == div })
}

func (g *Game) setupWhere(i int) string {
	u := g.unit(i)
	if u.Formation != "-" && g.hasStart(u.Formation) {
		return "the " + u.Formation + " start position"
	}
	return "a start position of its corps (" + u.Corps + ")"
}

// placeEngineer places a US engineer on its arrival turn (13.2.1): in a
// friendly town or city, not a village; at most one in a hex (each
// Bastogne hex may take one); a hex with Road Supply, not next to an enemy
// unit, without an enemy Roadblock; stacking may be exceeded.
func (g *Game) placeEngineer(c Command) ([]rules.Event, error) {
	id, to := c.Args[0], c.Args[1]
	i, ok := g.unitIndex(id)
	if !ok || g.s.Units[i].At != waitEngineer || g.sideOf(i) != g.s.Side {
		return nil, rules.Refuse("13.2.1", "%s is no engineer due to be placed", id)
	}
	a, ok := g.b.ids[to]
	if !ok {
		return nil, rules.Refuse("13.2.1", "%s is not a hex of the map", to)
	}
	occ := g.occupancy()
	t := g.b.terrain(a)
	switch {
	case t != Town && t != City:
		return nil, rules.Refuse("13.2.1", "engineers are placed in a town or city, not %s (%s)", to, t)
	case g.controller(occ, to) != Allied:
		return nil, rules.Refuse("13.2.1", "%s is not a friendly town", to)
	case g.sideAt(occ, a) == German:
		return nil, rules.Refuse("13.2.1", "German units hold %s", to)
	case slices.ContainsFunc(occ[a], func(j int) bool { return g.unit(j).Type == Engineer }):
		return nil, rules.Refuse("13.2.1", "at most one engineer is placed in a hex")
	case g.nextToEnemy(a, Allied, occ):
		return nil, rules.Refuse("13.2.1", "engineers are not placed next to an enemy unit")
	case g.roadblockAt(to, German):
		return nil, rules.Refuse("33.1", "engineers are not placed in a town with an enemy Roadblock")
	case !g.roadSupplied(a, Allied):
		return nil, rules.Refuse("13.2.1", "%s has no Road Supply (23.3)", to)
	}
	us := &g.s.Units[i]
	us.At, us.Arrived = to, g.s.Turn
	g.setControl(to, Allied)
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s is placed in %s (13.2.1); it moves only by Tactical Movement this turn (13.2.2)", id, to)}}, nil
}

// enterPrelude opens S4.3 B's placement.
func (g *Game) enterPrelude() []rules.Event {
	g.s.Rolls = g.sc.Special.PreludeRolls
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("S4.3 B: the Allied player places %d Traffic markers anywhere, then makes %d removal rolls", g.sc.Special.PreludeTraffic, g.sc.Special.PreludeRolls)}}
}
