package ardennes44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Step 1 of an attack (14.4): before the odds are final, the defender may
// try to blow each bridge attacked across (7.4, 7.5; the Ouren bridge is
// checked instead, 7.7) and, under optional rule 32, the Allies the fuel
// dump the Germans attack (32.3); with a bridge blown the attacker may
// cancel the attack.

// demolishByOrder answers the defender's demolition decision from his
// standing order, if he gave one ('order demolish always|never', 7.4).
func demolishByOrder(a combat.Await, o combat.Orders) (combat.Command, bool) {
	ord, ok := o.Find(a.Side, CmdOrderDemolish)
	switch {
	case !ok:
		return combat.Command{}, false
	case ord.Mode == combat.ModeNever:
		return combat.Command{Kind: CmdNoDemolish}, true
	}
	return combat.Command{Kind: CmdDemolish}, true
}

// dumpStage is step 1 against the fuel dump: the Allies decide whether to
// try to blow it (32.3, as a bridge, 7.4); no standing order covers it.
func (c *Combat) dumpStage() combat.Stage {
	return combat.Stage{Name: "dump",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.dump == "" || c.dumpDecided {
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecDemolish, Side: c.Defender, Choices: []string{string(CmdDemolish), string(CmdNoDemolish)},
				Rule: "32.3 (fuel dump " + c.dump + ")"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.dumpDecided, c.dumpTry = true, cmd.Kind == CmdDemolish
			return nil
		},
		Words: func(*combat.Combat) string {
			switch {
			case !c.dumpRolled:
				return ""
			case c.dumpBlown:
				return "; fuel dump blown (32.3)"
			}
			return "; fuel dump stands (32.3)"
		},
	}
}

// dumpRollStage rolls the Allied attempt on the dump: 1-3 it is blown and
// leaves the defenders (32.3); with none left the attack ends.
func (c *Combat) dumpRollStage() combat.Stage {
	return combat.Stage{Name: "dump-roll",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || !c.dumpTry || c.dumpRolled {
				return combat.Await{}, false
			}
			return combat.Await{Roll: RollDump, Side: c.Defender, Rule: "32.3"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			c.dumpRolled = true
			if die > dumpCombatBlown {
				return nil
			}
			c.dumpBlown = true
			i := c.in.g.index[dumpUnit]
			c.in.defenders = slices.DeleteFunc(slices.Clone(c.in.defenders), func(j int) bool { return j == i })
			c.Defenders = slices.DeleteFunc(slices.Clone(c.Defenders), func(u combat.Unit) bool { return u.ID == dumpUnit })
			if len(c.in.defenders) == 0 {
				c.Rolled, c.Result = true, combat.Result{Code: cancelledCode}
				return nil
			}
			return c.reOdds()
		},
	}
}

// bridgeStage is step 1: for each bridge attacked across that the defender
// may blow, his decision (7.4; 'order demolish always|never').
func (c *Combat) bridgeStage() combat.Stage {
	return combat.Stage{Name: "bridge",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.tried >= len(c.bridges) || c.tried > c.rolled {
				return combat.Await{}, false
			}
			side := c.bridges[c.tried]
			if side == c.in.g.sc.Special.Ouren && c.in.g.s.Ouren == "" && c.in.attacker == German {
				// 7.7: the Ouren check, the Allied roll, no choice.
				c.demolish = append(c.demolish, true)
				c.tried++
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecDemolish, Side: c.Defender, Choices: []string{string(CmdDemolish), string(CmdNoDemolish)},
				Rule: "7.4 (" + side + ")"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.demolish = append(c.demolish, cmd.Kind == CmdDemolish)
			c.tried++
			if cmd.Kind == CmdNoDemolish {
				c.rolled++
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			return demolishByOrder(a, o)
		},
		Words: func(*combat.Combat) string {
			var ws []string
			for k, side := range c.bridges[:c.rolled] {
				switch {
				case side == c.in.g.sc.Special.Ouren && c.ouren != "":
					ws = append(ws, "Ouren bridge "+c.ouren+" (7.7)")
				case !c.demolish[k]:
				case slices.Contains(c.in.blown, side):
					ws = append(ws, "bridge "+side+" blown (7.4)")
				default:
					ws = append(ws, "bridge "+side+" stands")
				}
			}
			if len(ws) == 0 {
				return ""
			}
			return "; " + strings.Join(ws, ", ")
		},
	}
}

// bridgeRollStage rolls for the bridge the defender tries to blow: 1-4
// blown, +1 in the enemy Combat Phase, +2 when the best unit that may try
// is Disrupted or Engaged (7.5, AMB-58), +2 with the Greif Commando on it
// (36); the Ouren check is 1-4 collapsed (7.7).
func (c *Combat) bridgeRollStage() combat.Stage {
	return combat.Stage{Name: "bridge-roll",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.rolled >= c.tried {
				return combat.Await{}, false
			}
			side := c.bridges[c.rolled]
			if side == c.in.g.sc.Special.Ouren && c.in.g.s.Ouren == "" && c.in.attacker == German {
				return combat.Await{Roll: RollOuren, Side: string(Allied), Rule: "7.7"}, true
			}
			return combat.Await{Roll: RollDemolish, Side: c.Defender, Rule: "7.4, 7.5"}, true
		},
		Roll: func(_ *combat.Combat, die int) error {
			side := c.bridges[c.rolled]
			c.rolled++
			if side == c.in.g.sc.Special.Ouren && c.in.g.s.Ouren == "" && c.in.attacker == German {
				if ourenTable.Roll(0, die, 0) {
					c.ouren = "collapsed"
					c.in.blown = append(c.in.blown, side)
				} else {
					c.ouren = "intact"
				}
				return c.reOdds()
			}
			if demolitionTable.Roll(0, die, c.in.g.demolitionDRM(c.in.attacker.Other(), side, true)) {
				c.in.blown = append(c.in.blown, side)
			}
			return c.reOdds()
		},
	}
}

// cancelStage: with a bridge blown in step 1, the attacker may cancel the
// attack (14.4 step 1, 7.4); 'if-blown press|cancel' answers it.
func (c *Combat) cancelStage() combat.Stage {
	return combat.Stage{Name: "cancel",
		Await: func(*combat.Combat) (combat.Await, bool) {
			if c.stopped() || c.cancel != nil || len(c.in.blown) == 0 || c.rolled < len(c.bridges) {
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecCancel, Side: c.Attacker, Choices: []string{string(CmdPress), string(CmdCancel)}, Rule: "14.4 step 1"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			cancel := cmd.Kind == CmdCancel
			c.cancel = &cancel
			if cancel {
				c.Rolled, c.Result = true, combat.Result{Code: cancelledCode}
			}
			return nil
		},
		ByOrder: func(_ *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			ord, ok := o.Find(a.Side, CmdIfBlown)
			if !ok {
				return combat.Command{}, false
			}
			if ord.Mode == ModeCancel {
				return combat.Command{Kind: CmdCancel}, true
			}
			return combat.Command{Kind: CmdPress}, true
		},
		Words: func(*combat.Combat) string {
			if c.cancel != nil && *c.cancel {
				return "; the attack is cancelled (14.4 step 1)"
			}
			return ""
		},
	}
}
