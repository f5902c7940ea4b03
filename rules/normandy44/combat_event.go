package normandy44

import (
	"fmt"
	"strings"
)

// The one-line narration of a combat (issue 4, item 5).

func unitList(us []CombatUnit, halved []Halving) string {
	var parts []string
	for _, u := range us {
		s := fmt.Sprintf("%s(%d)", u.ID, u.Strength)
		for _, h := range halved {
			if h.Unit == u.ID {
				s = fmt.Sprintf("%s(%d→%d)", u.ID, u.Strength, halveStrength(u.Strength))
			}
		}
		if u.MAF {
			s += "*"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func stepList(ids []string) string {
	count := map[string]int{}
	var order []string
	for _, id := range ids {
		if count[id] == 0 {
			order = append(order, id)
		}
		count[id]++
	}
	var parts []string
	for _, id := range order {
		if count[id] > 1 {
			parts = append(parts, fmt.Sprintf("%s -%d", id, count[id]))
		} else {
			parts = append(parts, id+" -1")
		}
	}
	return strings.Join(parts, ", ")
}

// Event narrates the combat so far in one line, e.g.
// "allied attack 0404: 4th/ainf(6)* ... vs gost(2) +DB 2 (bocage): 8:4 = 2-1, 1R better quality in the MAF (11.5) → 3-1; die 6: D1; defender loses gost -1; advance ainf 0404".
func (c *Combat) Event() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s attack %s: %s vs %s", c.In.Attacker, c.Origin,
		unitList(c.In.Attackers, c.Odds.Halved), unitList(c.In.Defenders, nil))
	if c.Odds.DB > 0 {
		fmt.Fprintf(&b, " +DB %d (%s)", c.Odds.DB, c.In.Target.Terrain)
	}
	b.WriteString(": " + c.Odds.String())
	if c.In.JabosRoll > 0 {
		fmt.Fprintf(&b, "; Jabos die %d", c.In.JabosRoll)
	}
	if !c.Rolled {
		return b.String()
	}
	if c.Roll > 0 {
		fmt.Fprintf(&b, "; die %d", c.Roll)
	}
	fmt.Fprintf(&b, ": %s", c.Result)
	if len(c.AttLoss) > 0 {
		b.WriteString("; attacker loses " + stepList(c.AttLoss))
	}
	if len(c.DefLoss) > 0 {
		b.WriteString("; defender loses " + stepList(c.DefLoss))
	}
	if c.Ignored {
		b.WriteString("; retreat ignored (12.6)")
	}
	if c.DDOut != nil {
		d := c.DDOut
		fmt.Fprintf(&b, "; DD lead %s, %s column, die %d%+d = %d: %s", d.Lead, d.Column, d.Roll, d.Mods.DRM(), d.Modified, d.Result)
		if d.Result.LeadSteps > 0 {
			b.WriteString(", " + d.Lead + " -1")
		}
		if len(c.DDLoss) > 0 {
			b.WriteString(", attacker loses " + stepList(c.DDLoss))
		}
		if d.Result.IPDestroyed && c.In.Improved {
			b.WriteString(", IP destroyed")
		}
	} else if c.DD != nil && c.DD.Kind == CmdNoDD {
		b.WriteString("; no DD")
	}
	if len(c.DespLoss) > 0 {
		b.WriteString("; desperate defense: " + stepList(c.DespLoss))
	}
	if c.Retreat != nil {
		fmt.Fprintf(&b, "; retreat %s", strings.Join(c.pathText(*c.Retreat), " "))
		if c.Retreat.OneHex {
			b.WriteString(" (one hex, 13.3)")
		}
		if c.RetreatLoss != "" {
			b.WriteString(", " + c.RetreatLoss + " -1 (13.2.1)")
		}
		b.WriteString(", Disrupted")
	}
	if len(c.Eliminated) > 0 {
		b.WriteString("; eliminated in retreat " + strings.Join(c.Eliminated, ", "))
	}
	for _, a := range c.Advances {
		b.WriteString("; " + a.String())
	}
	return b.String()
}
