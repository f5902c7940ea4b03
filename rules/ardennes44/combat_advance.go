package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The advance after combat (19.0) as Ardennes '44 plays it: the series'
// stage, an attacker breaking down before it advances (26.2,
// breakdownSplit), and, from ardennes44/5, the bridges an advance would
// cross: the defender may try to blow one before the unit crosses it
// (7.4), and a German advance first crossing the Ouren bridge has the
// Allies check it (7.7). The advance waits for the decision and the die; a
// bridge blown or collapsed leaves the attacker to decide his advance
// again.

// advanceCrossing is an advance waiting for the bridges it would cross.
type advanceCrossing struct {
	cmd   combat.Command
	sides []string // its bridges still to pass, in order
	try   bool     // the defender tries the first: its die is awaited
}

// bridgeTry is a bridge tried against an advance (7.4), or the Ouren
// bridge checked by one (7.7), and whether it was blown or collapsed.
type bridgeTry struct {
	side  string
	blown bool
	ouren bool
}

// advanceStage is the attacker's advance (19.1), with its breakdowns
// (26.2) and, from ardennes44/5, the demolitions against it (7.4).
func (c *Combat) advanceStage() combat.Stage {
	st := combat.AdvanceStageSplit("19.1", nil, c.breakdownSplit())
	if !c.in.g.ver.blowAgainstAdvance && !c.in.g.ver.ourenOnAdvance {
		return st
	}
	await, decide, byOrder, words := st.Await, st.Decide, st.ByOrder, st.Words
	// crossOn passes the bridge just decided: the advance waits for the
	// next, or is made.
	crossOn := func(cc *combat.Combat) error {
		x := c.crossing
		x.sides, x.try = x.sides[1:], false
		if len(x.sides) > 0 {
			return nil
		}
		c.crossing = nil
		a, _ := await(cc)
		return decide(cc, a, x.cmd)
	}
	st.Await = func(cc *combat.Combat) (combat.Await, bool) {
		if c.crossing == nil {
			return await(cc)
		}
		sd := c.crossing.sides[0]
		if c.ourenUnchecked(sd) {
			// 7.7: the check, the Allied roll, no choice.
			return combat.Await{Roll: RollOuren, Side: string(Allied), Rule: "7.7"}, true
		}
		if c.crossing.try {
			return combat.Await{Roll: RollDemolish, Side: c.Defender, Rule: "7.4, 7.5"}, true
		}
		return combat.Await{Decision: DecDemolish, Side: c.Defender, Choices: []string{string(CmdDemolish), string(CmdNoDemolish)},
			Rule: "7.4 (" + sd + ")"}, true
	}
	st.Decide = func(cc *combat.Combat, a combat.Await, cmd combat.Command) error {
		if c.crossing != nil {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			if cmd.Kind == CmdDemolish {
				c.crossing.try = true
				return nil
			}
			return crossOn(cc)
		}
		if cmd.Kind == combat.CmdAdvance {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			if sides := c.advanceBridges(cmd); len(sides) > 0 {
				c.crossing = &advanceCrossing{cmd: cmd, sides: sides}
				return nil
			}
		}
		return decide(cc, a, cmd)
	}
	st.Roll = func(cc *combat.Combat, die int) error {
		sd := c.crossing.sides[0]
		var blown bool
		if c.ourenUnchecked(sd) {
			blown = ourenTable.Roll(0, die, 0)
			c.ouren = "intact"
			if blown {
				c.ouren = "collapsed"
			}
			c.advTries = append(c.advTries, bridgeTry{side: sd, blown: blown, ouren: true})
		} else {
			w := c.blowGame()
			blown = demolitionTable.Roll(0, die, w.demolitionDRM(c.in.attacker.Other(), sd, true))
			c.advTries = append(c.advTries, bridgeTry{side: sd, blown: blown})
		}
		if !blown {
			return crossOn(cc)
		}
		// 7.4, 7.7: blown or collapsed, it is no bridge (7.2); the
		// attacker decides again.
		c.in.blown = append(c.in.blown, sd)
		c.crossing = nil
		cc.MapChanged()
		return nil
	}
	st.ByOrder = func(cc *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
		if c.crossing == nil {
			return byOrder(cc, a, o)
		}
		return demolishByOrder(a, o)
	}
	st.Words = func(cc *combat.Combat) string {
		s := ""
		for _, t := range c.advTries {
			switch {
			case t.ouren:
				s += fmt.Sprintf("; Ouren bridge %s crossed by the advance (7.7)", c.ouren)
			case t.blown:
				s += fmt.Sprintf("; bridge %s blown against the advance (7.4)", t.side)
			default:
				s += fmt.Sprintf("; bridge %s stands against the advance", t.side)
			}
		}
		return s + words(cc)
	}
	return st
}

// advanceBridges are the standing bridges the advance cmd would cross that
// the defender may try to blow (7.4; 7.6: not on turns 1 and 2 or the
// first Night; 7.2, AMB-8: once a bridge in a player turn, this combat's
// attempts among them), in the order it crosses them, on the position the
// combat has made (blowGame). The Ouren bridge, unchecked, is checked
// rather than blown against a German advance, from ardennes44/5 (7.7;
// before, it was neither).
func (c *Combat) advanceBridges(cmd combat.Command) []string {
	g := c.in.g
	k := slices.IndexFunc(c.Advancers(), func(u combat.Unit) bool { return u.ID == cmd.Units[0] })
	if k < 0 {
		return nil
	}
	prev, ok := g.b.ids[c.Advancers()[k].FromHex]
	if !ok {
		return nil
	}
	var w *Game
	var out []string
	for _, h := range cmd.Hexes {
		to, ok := g.b.ids[h]
		if !ok {
			break
		}
		sd, bridge := g.b.sideID(prev, to), g.b.bridgeSide(prev, to)
		prev = to
		if !bridge || g.bridgeOut(sd) || slices.Contains(c.in.blown, sd) {
			continue
		}
		if c.ourenUnchecked(sd) {
			if g.ver.ourenOnAdvance {
				out = append(out, sd)
			}
			continue
		}
		if !g.ver.blowAgainstAdvance || c.triedHere(sd) {
			continue
		}
		if w == nil {
			w = c.blowGame()
		}
		if w.mayBlow(c.in.attacker.Other(), sd, true) == "" {
			out = append(out, sd)
		}
	}
	return out
}

// triedHere reports whether the defender tried to blow bridge sd in this
// combat, against the attack (step 1) or an advance (7.2, AMB-8).
func (c *Combat) triedHere(sd string) bool {
	for k, b := range c.bridges[:c.rolled] {
		if b == sd && c.demolish[k] {
			return true
		}
	}
	return slices.ContainsFunc(c.advTries, func(t bridgeTry) bool { return t.side == sd })
}

// ourenUnchecked: sd is the Ouren bridge, not yet checked (7.7), and the
// attacker German, whose crossing checks it.
func (c *Combat) ourenUnchecked(sd string) bool {
	g := c.in.g
	return sd == g.sc.Special.Ouren && g.s.Ouren == "" && c.ouren == "" && c.in.attacker == German
}

// blowGame is the position a demolition against an advance is tried on:
// the combat's outcome so far, the defenders that retreated in it in the
// state their retreat brings, Broken or Disrupted (18.2; 7.6: a Broken
// unit blows no bridge; 7.5: a Disrupted one adds 2).
func (c *Combat) blowGame() *Game {
	g := c.in.g
	w := g.outcomeGame(c)
	for j := range w.s.Units {
		us := &w.s.Units[j]
		if !us.RetreatedIn || g.s.Units[j].RetreatedIn || w.sideOf(j) == c.in.attacker {
			continue
		}
		// The part of the retreat that ended where the unit stands.
		for _, mv := range c.Moves {
			if p := mv.Path; len(p.Hexes) > 0 && w.b.id(p.Hexes[len(p.Hexes)-1]) == us.At {
				if g.retreatBreaks(c, p, us.Status) {
					us.Status = statusBroken
				} else if us.Status == "" {
					us.Status = statusDisrupted
				}
			}
		}
	}
	return w
}

// breakdownSplit lets an attacker break down as its advance is offered, so
// that only part of it advances (26.2, L1523: a unit breaks down before it
// advances; 26.1: both units advance normally), from ardennes44/5; nil
// before, when a unit that attacked did not break down.
func (c *Combat) breakdownSplit() *combat.Split {
	g := c.in.g
	if !g.ver.breakdownBeforeAdvance {
		return nil
	}
	return &combat.Split{Kind: CmdBreakdown,
		Choices: func(_ *combat.Combat, u combat.Unit) []combat.Command {
			i := g.index[u.ID]
			if breakdownType(g.unit(i)) == "" {
				return nil
			}
			w := g.outcomeGame(c)
			var out []combat.Command
			for _, two := range []bool{false, true} {
				if _, err := w.breakdownAtAdvance(i, two); err == nil {
					out = append(out, breakdownCommand(u.ID, two))
				}
			}
			return out
		},
		Parts: func(_ *combat.Combat, cmd combat.Command) []combat.Unit {
			w := g.outcomeGame(c)
			i, two := g.index[cmd.Units[0]], len(cmd.Units) == 2
			made, err := w.breakdownAtAdvance(i, two)
			if err != nil {
				return nil // never: only the choices offered are taken
			}
			w.placeBreakdown(i, made, two)
			if !two {
				made = append([]int{i}, made...)
			}
			var parts []combat.Unit
			for _, j := range made {
				parts = append(parts, w.combatUnit(c.in, j, max(w.face(j).AF, 0)))
			}
			return parts
		},
	}
}

// breakdownAtAdvance finds the counters unit i makes breaking down (into
// two) after its attack, before it advances: it has not moved this turn,
// nor lost a step in the combat (26.1, 26.2).
func (g *Game) breakdownAtAdvance(i int, two bool) ([]int, error) {
	if g.s.Units[i].Moved {
		return nil, rules.Refuse("26.2", "a unit breaks down before it moves")
	}
	return g.breakdownCounters(i, two)
}

// breakdownCommand is the combat's 'breakdown U [two]' (26.1).
func breakdownCommand(id string, two bool) combat.Command {
	cmd := combat.Command{Kind: CmdBreakdown, Units: []string{id}}
	if two {
		cmd.Units = append(cmd.Units, "two")
	}
	return cmd
}
