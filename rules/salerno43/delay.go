package salerno43

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Delay and Partial success (11.6), and the urban-combat marker.
//
// D (11.6.1): the defender retreats 1 to 3 hexes, his choice, and becomes
// DG; the attacker has a limited advance, into the vacated hex only (14.2.2;
// the example's "one hex in any direction" at L691 contradicts the
// rule, and the rule is followed). Where no retreat of 1 to 3 hexes would
// save the stack, the Delay is a failure: the lead loses a step and the
// defender rolls again, a Desperate Defense (desperate.go); a second
// Delay in it holds as "1H", the lead losing a step. A one-hex Delay ends
// in no enemy ZOC but where a friendly unit that did not retreat stands.
//
// P (11.6.2): in a city hex without an urban-combat marker it holds with
// no loss, and the marker is placed; with one already there, and outside a
// city (EX-17, L691), it is a Delay. The marker comes off when the
// defender leaves the hex or no enemy unit stands next to it (11.6.3).
//
//	delay 1|2|3          the Delay's retreat length, the defender's pick
//	order delay 1|2|3    standing: that length, or the nearest offered

// The Delay's decision and commands.
const (
	DecDelay      combat.DecisionKind = "delay"
	CmdDelay      combat.CommandKind  = "delay"
	CmdOrderDelay combat.CommandKind  = "order delay"
)

// delayModes are the lengths of a Delay's retreat (11.6.1).
var delayModes = []string{"1", "2", "3"}

// DD result tags of 11.6, beside TagDisLead.
const (
	// TagDelay: D, or P read as D; the defenders retreat 1-3 hexes, DG.
	TagDelay combat.Tags = 1 << (9 + iota)
	// TagDelayFail: a Delay the stack could not retreat from, a failure
	// that costs the lead a step and rolls again (11.6.1).
	TagDelayFail
	// TagUrban: P in a city, holding: the urban-combat marker is placed.
	TagUrban
	// TagSecondDelay: the second Delay of a Desperate Defense, held as 1H.
	TagSecondDelay
)

// ddOutcome reads whether a DD result holds, and the lead's loss (11.4.1,
// 11.6).
func (c *Combat) ddOutcome(r DDResult) combat.DDResult {
	out := combat.DDResult{LeadSteps: r.DefenderSteps}
	delay := false
	switch r.Outcome {
	case DDHold:
		out.Success = true
	case DDPartial:
		if c.urbanHolds() {
			out.Success = true
			out.Tags |= TagUrban
		} else {
			delay = true // 11.6.2, EX-17 hex A
		}
	case DDDelay:
		delay = true
	}
	switch {
	case !delay:
	case !c.delayBlocked() && len(c.desp.movers) == 0:
		// (11.5.4's standing units cannot retreat: their Delay fails.)
		out.Tags |= TagDelay
	case c.delaysFailed() > 0:
		out.Success, out.LeadSteps = true, 1
		out.Tags |= TagSecondDelay
	default:
		out.Tags |= TagDelayFail
	}
	return out
}

// urbanHolds: a P result holds in the defending hex (11.6.2): a city
// without an urban-combat marker.
func (c *Combat) urbanHolds() bool {
	g := c.in.g
	return g.b.Terrain(c.in.target) == City && !g.urbanAt(g.b.ID(c.in.target))
}

// delayBlocked: no retreat of 1, 2 or 3 hexes saves the surviving
// defenders (11.6.1: "if the defender would be eliminated by retreating").
func (c *Combat) delayBlocked() bool {
	return len(c.delayLengths()) == 0
}

// delayLengths are the lengths of a Delay's retreat the survivors can
// take without all being eliminated.
func (c *Combat) delayLengths() []string {
	movers, _ := c.RetreatUnits()
	if len(movers) == 0 {
		return nil
	}
	origin, _ := c.Layout.Parse(c.Origin)
	var out []string
	for _, n := range delayModes {
		k, _ := strconv.Atoi(n)
		if slices.ContainsFunc(combat.RetreatPaths(origin, k, movers, c.RetreatMap), func(p combat.RetreatPath) bool {
			return len(p.MechLost) < len(movers)
		}) {
			out = append(out, n)
		}
	}
	return out
}

// delayStage is the defender's choice of a Delay's length (11.6.1); the
// retreat that follows is the series', of that length, DG, with a limited
// advance after it.
func (c *Combat) delayStage() combat.Stage {
	return combat.Stage{Name: "delay",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			o := c.DDOut
			if c.delayLen != 0 || !c.Retreating() || c.Held() || o == nil || o.Result.Tags&TagDelay == 0 || !c.ddPickSettled() {
				return combat.Await{}, false
			}
			var ch []string
			for _, n := range c.delayLengths() {
				ch = append(ch, combat.Command{Kind: CmdDelay, Mode: n}.String())
			}
			if len(ch) == 0 {
				return combat.Await{}, false
			}
			return combat.Await{Decision: DecDelay, Side: c.Defender, Choices: ch, Rule: "11.6.1"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.delayLen, _ = strconv.Atoi(cmd.Mode)
			r := c.Result
			r.Retreat, r.Advance, r.Mark = c.delayLen, combat.LimitedIfWiped, "DG"
			r.Tags &^= TagShatter | TagDis
			c.Result = r
			return nil
		},
		ByOrder: func(cc *combat.Combat, a combat.Await, o combat.Orders) (combat.Command, bool) {
			if len(a.Choices) == 1 {
				return combat.LoneChoice(cc, a, o)
			}
			ord, ok := o.Find(a.Side, CmdOrderDelay)
			if !ok {
				return combat.Command{}, false
			}
			return combat.Command{Kind: CmdDelay, Mode: nearestDelay(a.Choices, ord.Mode)}, true
		},
		Words: func(_ *combat.Combat) string {
			if c.delayLen == 0 {
				return ""
			}
			return fmt.Sprintf("; Delay: retreat %d, DG, limited advance (11.6.1)", c.delayLen)
		},
	}
}

// nearestDelay is the offered length nearest the order's, the longer on a
// tie; choices are "delay N".
func nearestDelay(choices []string, want string) string {
	w, _ := strconv.Atoi(want)
	best, bestD := "", 99
	for _, ch := range choices {
		n, _ := strconv.Atoi(ch[len(ch)-1:])
		d := max(n-w, w-n)
		if d < bestD || d == bestD {
			best, bestD = strconv.Itoa(n), d
		}
	}
	return best
}

// urbanMarker is an urban-combat marker on its "1" side (11.6.2), in a city
// hex held by Side.
type urbanMarker struct {
	Hex  string `json:"hex"`
	Side Side   `json:"side"`
}

// urbanAt: an urban-combat marker lies in hex id.
func (g *Game) urbanAt(id string) bool {
	return slices.ContainsFunc(g.s.Urban, func(m urbanMarker) bool { return m.Hex == id })
}

// placeUrban puts the marker in the hex a P held (11.6.2).
func (g *Game) placeUrban(c *Combat) string {
	id := g.b.ID(c.in.target)
	if g.urbanAt(id) {
		return ""
	}
	g.s.Urban = append(g.s.Urban, urbanMarker{Hex: id, Side: other(c.in.attacker)})
	return "urban-combat marker in " + id + " (11.6.2)"
}

// urbanCheck removes the markers whose city the defender has left, or that
// no enemy unit stands next to (11.6.3).
func (g *Game) urbanCheck() []string {
	var notes []string
	g.s.Urban = slices.DeleteFunc(g.s.Urban, func(m urbanMarker) bool {
		a, ok := g.b.Hex(m.Hex)
		if !ok {
			return true
		}
		held := slices.ContainsFunc(g.pos().at(a), func(i int) bool { return g.sc.Units[i].Side == m.Side })
		if held && g.nextToEnemy(a, m.Side) {
			return false
		}
		notes = append(notes, "urban-combat marker removed from "+m.Hex+" (11.6.3)")
		return true
	})
	if len(g.s.Urban) == 0 {
		g.s.Urban = nil
	}
	return notes
}
