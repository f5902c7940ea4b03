package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Attacks from entry areas (21.3.4, L1246): units in an entry area are
// never attacked; those that began the Movement Phase in the area and did
// not move attack, in their Combat Phase, enemy units on the map hexes
// next to the area, alone or with units on the map, with ASU and air. The
// attackers from one area hold the stacking limit as if the area were a
// hex. When the defenders are eliminated or retreat, the attackers from
// the area may enter the map, into the vacated hex; otherwise they stay.
// An ASU in an area supports, offensively or defensively, combats on the
// hexes next to its area only, whatever its range.
//
// The book does not say how far they may advance: this reading has them
// enter the hex they attacked and stop, as the one hex of the map that
// they are sure to reach ("mogą wejść na mapę"); there they may join a
// breakthrough group formed on the vacated hex (15.2.3), while those that
// stay in the area take no part in one, the group being a stack on the
// map (15.2.2): from salerno43/4 they enter the vacated hex after the group,
// as the other attackers advance (15.2.1 step 3, breakthrough_order.go).
// Allied units in N1 or N2 never leave them (23.1.4), so
// they attack from them but do not enter the map.

// unitArea is the entry area unit i stands in, "" for none.
func (g *Game) unitArea(i int) string {
	a, _ := strings.CutPrefix(g.s.Units[i].Box, boxEntry)
	if a == g.s.Units[i].Box {
		return ""
	}
	return a
}

// place is where unit i stands: its hex or its box.
func (g *Game) place(i int) string {
	if h := g.s.Units[i].Hex; h != "" {
		return h
	}
	return g.s.Units[i].Box
}

// mayAttackFromArea is what 21.3.4 and 20.4 ask of unit i, off the map, attacking
// t; again: in a breakthrough.
func (g *Game) mayAttackFromArea(i int, t hex.Axial, again bool) error {
	u := g.sc.Units[i]
	area := g.unitArea(i)
	switch {
	case area == "":
		return rules.Refuse("8.1", "%s is not on the map nor in an entry area", u.ID)
	case !g.b.inArea(area, t):
		return rules.Refuse("21.3.4", "%s stands in entry area %s: it attacks only the hexes next to it, not %s", u.ID, area, g.b.ID(t))
	case g.s.Phase != PhaseCombat:
		return rules.Refuse("21.3.4", "%s stands in entry area %s: units attack from an area in the Combat Phase only", u.ID, area)
	case again:
		return rules.Refuse("21.3.4", "%s attacked from entry area %s: the breakthrough group is a stack on the map (15.2.2)", u.ID, area)
	case slices.Contains(g.s.Entered, u.ID):
		return rules.Refuse("21.3.4", "%s moved into %s this turn: only units that began the Movement Phase in the area and did not move attack from it (21.5)", u.ID, area)
	case g.ver.replArea && g.s.Units[i].Repl:
		return rules.Refuse("20.4", "%s has a Replacement marker: it does not attack this turn", u.ID)
	}
	return nil
}

// areaStacking holds the attackers from each area to the stacking limit,
// as if the area were a hex (21.3.4, 4.1).
func (g *Game) areaStacking(in *combatIn) error {
	by := map[string][]*Unit{}
	for _, i := range in.attackers {
		if area := g.unitArea(i); area != "" {
			by[area] = append(by[area], &g.sc.Units[i])
		}
	}
	for _, area := range entryAreas {
		if pts := stackingPoints(by[area]); pts > StackingLimit {
			return rules.Refuse("21.3.4", "the attackers from entry area %s hold %d stacking points; attacking onto the map, an area holds the limit of %d, as a hex does", area, pts, StackingLimit)
		}
	}
	return nil
}

// areaAttackers are the phasing side's units in the entry areas next to t
// that may attack it (21.3.4), for Legal.
func (g *Game) areaAttackers(t hex.Axial) []int {
	var out []int
	for i := range g.s.Units {
		if area := g.unitArea(i); area != "" && g.sc.Units[i].Side == g.s.Side && g.b.inArea(area, t) && g.mayAttack(i, t, false) == nil {
			out = append(out, i)
		}
	}
	return out
}

// asuFromArea: ASU i, in an entry area, supports a combat on t only when
// t is next to its area (21.3.4).
func (g *Game) asuFromArea(i int, t hex.Axial) error {
	area := g.unitArea(i)
	switch {
	case area == "":
		return rules.Refuse("17.4", "%s is not on the map", g.sc.Units[i].ID)
	case !g.b.inArea(area, t):
		return rules.Refuse("21.3.4", "%s stands in entry area %s: it supports only combats on the hexes next to it", g.sc.Units[i].ID, area)
	case slices.Contains(g.s.Entered, g.sc.Units[i].ID):
		return rules.Refuse("21.5", "%s moved into %s this turn: it gives no support this turn", g.sc.Units[i].ID, area)
	}
	return nil
}

// mayEnterFromArea says whether unit i, in an entry area, may enter the map
// once the defenders it attacked have left (21.3.4): in Good Order, and not
// an Allied unit in N1 or N2, which never leave them (23.1.4).
func (g *Game) mayEnterFromArea(i int) bool {
	area := g.unitArea(i)
	if area == "" || g.s.Units[i].Status != GoodOrder {
		return false
	}
	return g.sc.Units[i].Side != Allied || (area != "N1" && area != "N2")
}

// areaAdvanceStage offers the attackers from an entry area the vacated
// hex once the defenders have left it, after the series' advance of the
// units on the map (21.3.4): 'advance UNIT HEX' each, then 'advance-done';
// a conditional advance ('if-retreat UNIT...') answers it for the units it
// names.
func (c *Combat) areaAdvanceStage() combat.Stage {
	g := c.in.g
	done := false
	choices := func() []string {
		var ch []string
		for _, u := range c.AttackersLeft() {
			i := g.index(u.ID)
			if !g.mayEnterFromArea(i) || u.MA == 0 || slices.ContainsFunc(c.Advances, func(a combat.Command) bool { return slices.Contains(a.Units, u.ID) }) {
				continue
			}
			ch = append(ch, combat.Command{Kind: combat.CmdAdvance, Units: []string{u.ID}, Hexes: []string{c.Origin}}.String())
		}
		return ch
	}
	return combat.Stage{Name: "area-advance",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			if done || !c.Rolled || c.AdvanceKind() == combat.NoAdvance {
				return combat.Await{}, false
			}
			ch := choices()
			if len(ch) == 0 {
				done = true
				return combat.Await{}, false
			}
			return combat.Await{Decision: combat.DecAdvance, Side: c.Attacker, Choices: append(ch, string(combat.CmdAdvanceDone)), Rule: "21.3.4"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if cmd.Kind == combat.CmdAdvanceDone {
				done = true
				return nil
			}
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.Advances = append(c.Advances, cmd)
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, combat.CmdIfRetreat)
			if !ok {
				return combat.Command{}, false
			}
			for _, id := range ord.Units {
				cmd := combat.Command{Kind: combat.CmdAdvance, Units: []string{id}, Hexes: []string{c.Origin}}
				if slices.Contains(a.Choices, cmd.String()) {
					return cmd, true
				}
			}
			return combat.Command{Kind: combat.CmdAdvanceDone}, true
		},
		Words: func(_ *combat.Combat) string { return "" },
	}
}
