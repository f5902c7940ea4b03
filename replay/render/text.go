package render

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules/scene"
)

// CombatText is one combat as a readable block: where and when, the units
// and their strengths, the odds and each shift with its rule, every die and
// what it decided, the losses, the retreat and the advances. seq is the
// entry that resolved it, or -1 when unknown.
func CombatText(c scene.Combat, seq int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Combat %d, %s", c.N, c.Phase)
	if seq >= 0 {
		fmt.Fprintf(&b, ", entry %d", seq)
	}
	fmt.Fprintf(&b, "\n  %s attacks %s from %s\n", c.Attacker, c.Cell, strings.Join(c.From, ", "))
	line := func(label, text string) {
		if text != "" {
			fmt.Fprintf(&b, "  %-10s %s\n", label+":", text)
		}
	}
	line("attackers", unitsText(c.Attackers))
	line("support", strings.Join(c.Support, ", "))
	line("defenders", unitsText(c.Defenders))
	strength := fmt.Sprintf("%d against %d", c.Attack, c.Defense)
	if len(c.Modifiers) > 0 {
		strength += " (" + strings.Join(c.Modifiers, "; ") + ")"
	}
	line("strength", strength)
	odds := c.Odds
	for _, s := range c.Shifts {
		odds += ", " + shiftText(s)
	}
	if len(c.Shifts) > 0 || c.Column != c.Odds {
		odds += " → " + c.Column
	}
	line("odds", odds)
	for _, r := range c.Rolls {
		die := fmt.Sprint(r.Die)
		if r.Modified != r.Die {
			die = fmt.Sprintf("%d, modified %d", r.Die, r.Modified)
		}
		line("die", fmt.Sprintf("%s: %s → %s", r.Purpose, die, r.Outcome))
	}
	switch {
	case c.Die == 0 && c.Result != "":
		line("result", c.Result+" without a die")
	case c.Result != "":
		line("result", c.Result)
	}
	if len(c.Faces) > 0 {
		var fs []string
		for _, f := range c.Faces {
			fs = append(fs, fmt.Sprintf("%d %s", f.Die, f.Result))
		}
		line("table", c.Column+": "+strings.Join(fs, ", "))
	}
	var losses []string
	for _, l := range c.Losses {
		losses = append(losses, fmt.Sprintf("%s %s -%d (%s)", l.Side, l.Unit, l.Steps, l.Why))
	}
	line("losses", strings.Join(losses, "; "))
	if len(c.Losses) == 0 && c.Result != "" {
		line("losses", "none")
	}
	for _, m := range c.Retreats {
		line("retreat", strings.Join(m.Pieces, ", ")+" "+strings.Join(m.Path, " → "))
	}
	for _, m := range c.Advances {
		line("advance", strings.Join(m.Pieces, ", ")+" "+strings.Join(m.Path, " → "))
	}
	for _, n := range c.Notes {
		line("note", n)
	}
	return b.String()
}

func unitsText(us []scene.CombatUnit) string {
	var parts []string
	for _, u := range us {
		s := fmt.Sprintf("%s %d", u.ID, u.Strength)
		if u.Counted != u.Strength {
			s += fmt.Sprintf("→%d", u.Counted)
		}
		if len(u.Notes) > 0 {
			s += " (" + strings.Join(u.Notes, "; ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// shiftText is a shift as the rulebook writes it: "1R better quality in the
// MAF (11.5)", "2L Jabos (19.1.3)".
func shiftText(s scene.Shift) string {
	n, dir := s.Columns, "R"
	if n < 0 {
		n, dir = -n, "L"
	}
	t := fmt.Sprintf("%d%s %s", n, dir, s.Reason)
	if s.Rule != "" {
		t += " (" + s.Rule + ")"
	}
	return t
}
