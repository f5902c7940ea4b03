package combat

import (
	"fmt"
	"strings"
)

// The one-line narration of a combat: the declaration, the odds and every
// stage's part, e.g. "allied attack 0404: 4th/ainf(6)* vs gost(2) +DB 2
// (bocage): 8:4 = 2-1, 1R better quality in the MAF (11.5) → 3-1; die 6:
// D1; defender loses gost -1; advance ainf 0404".

// Event narrates the combat so far in one line.
func (c *Combat) Event() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s attack %s: %s vs %s", c.Attacker, c.Origin,
		UnitList(c.Attackers, c.Odds.Halved), UnitList(c.Defenders, nil))
	if c.Odds.DB > 0 {
		fmt.Fprintf(&b, " +DB %d (%s)", c.Odds.DB, c.Terrain)
	}
	b.WriteString(": " + c.Odds.String())
	for _, st := range c.Stages {
		if st.Words != nil {
			b.WriteString(st.Words(c))
		}
	}
	return b.String()
}

// UnitList prints units with their strengths, "16/1(6)* 115/29(4→2)": the
// halved ones with what they count, the MAF starred.
func UnitList(us []Unit, halved []Halving) string {
	var parts []string
	for _, u := range us {
		s := fmt.Sprintf("%s(%d)", u.ID, u.Strength)
		for _, h := range halved {
			if h.Unit == u.ID {
				s = fmt.Sprintf("%s(%d→%d)", u.ID, u.Strength, Halve(u.Strength))
			}
		}
		if u.MAF {
			s += "*"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// StepList prints step losses, one id per step, as "gost -1, 8ab -2".
func StepList(ids []string) string {
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
		parts = append(parts, fmt.Sprintf("%s -%d", id, count[id]))
	}
	return strings.Join(parts, ", ")
}
