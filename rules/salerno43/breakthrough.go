package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Breakthrough (15.0): a combat whose result gives an advance of 2 hexes
// or more lets one stack of its attackers attack again during the advance,
// paying for each action in advance hexes (15.2.4, T13) and never gaining
// new ones (15.2.5). The group advances first in the combat's own advance
// (14.0), then declares 'attack ... breakthrough' before any other attack.

// breakthrough is the breakthrough the last combat allows.
type breakthrough struct {
	// Reach is the advance length of the combat that allowed it: the
	// group's budget for the whole breakthrough (15.2.5).
	Reach int `json:"reach"`
	// Group: the group has attacked; only its units, in one stack, may go
	// on (15.2.2, 15.2.9: it drops units, it picks none up).
	Group bool     `json:"group,omitempty"`
	Units []btUnit `json:"units"`
	// Auto is the target of the Auto DS whose units make the group (15.4).
	Auto string `json:"auto,omitempty"`
}

// btUnit is a unit that may break through and the advance hexes it has
// spent.
type btUnit struct {
	ID    string `json:"id"`
	Spent int    `json:"spent"`
}

// breakthroughAfter records the breakthrough combat c allows, if any, and
// says so; any other breakthrough is over.
func (g *Game) breakthroughAfter(c *Combat) string {
	prev := g.s.Breakthrough
	g.s.Breakthrough = nil
	if c.in.a.Auto || c.AdvanceKind() != combat.AdvanceIfVacated {
		return "" // 15.4 is not played: an Auto DS allows no breakthrough here
	}
	reach := c.Result.Reach
	spent := map[string]int{}
	if c.in.a.Breakthrough {
		// 15.2.1: after a DR4 or DS the group may go on; 15.2.8: after
		// any other result its advance ends.
		if prev == nil || !c.Result.Tags.Has(TagShatter) {
			return ""
		}
		reach = prev.Reach
		for _, u := range prev.Units {
			spent[u.ID] = u.Spent + 1 // 15.2.4: the attack cost 1
		}
	}
	if reach < 2 {
		return "" // 15.1
	}
	b := &breakthrough{Reach: reach, Group: c.in.a.Breakthrough}
	if c.in.a.Breakthrough {
		b.Auto = prev.Auto
	}
	group, waiting := c.AttackersLeft(), []string(nil)
	var why string
	switch {
	case g.ver.groupAdvancesFirst && !c.in.a.Breakthrough:
		// 15.2.2: the units that advanced in the combat are the group's.
		group, waiting, why = g.groupFirst(c)
	case g.ver.droppedStop && c.in.a.Breakthrough:
		// 15.2.9: the units the group left as it went on stop.
		group, _, why = g.groupFirst(c)
	}
	if why != "" {
		return "no breakthrough follows: " + why
	}
	for _, u := range group {
		if u.NoAdvance || u.MA == 0 || g.s.Units[g.index(u.ID)].Hex == "" {
			continue // 21.3.4: an attacker still in its entry area joins no group
		}
		n, entered := advancedHexes(c, u.ID)
		// 15.2.3, 15.2.4: entering the vacated hex costs 1, declining to
		// 1 more, each hex 1; after a breakthrough combat, entering the hex
		// it vacated is free and declining costs nothing.
		s := n
		switch {
		case c.in.a.Breakthrough && entered:
			s = spent[u.ID] + n - 1
		case c.in.a.Breakthrough:
			s = spent[u.ID] + n
		case !entered:
			s = n + 1
		}
		if s+1 <= g.memberReach(u.ID, reach) { // 15.2.4: a breakthrough combat costs 1
			b.Units = append(b.Units, btUnit{ID: u.ID, Spent: s})
		}
	}
	if len(b.Units) == 0 {
		return ""
	}
	g.s.Breakthrough = b
	ids := make([]string, len(b.Units))
	for k, u := range b.Units {
		ids[k] = u.ID
	}
	text := "a breakthrough by " + strings.Join(ids, ", ") + " may follow ('attack HEX with ... breakthrough', 15.1)"
	if w := g.waitFor(c, reach, waiting); w != "" {
		text += "; " + w
	}
	return text
}

// memberReach is the advance hexes unit id may spend in a breakthrough of
// reach: from salerno43/4 its own advance length (14.2.1: 2 for a
// non-mechanized unit; 16.4, 5.7), the group's budget being its members'
// least (15.2.4: the hexes the group may advance), so that a unit whose
// length is spent is left behind (15.2.9). Older versions gave every
// member the whole reach.
func (g *Game) memberReach(id string, reach int) int {
	if !g.ver.groupUnitCaps {
		return reach
	}
	i := g.index(id)
	us := g.s.Units[i]
	return advanceLength(combat.Result{Reach: reach}, g.sc.Units[i].Info().Mech, us.OOS, us.HalfEff)
}

// advancedHexes counts the hexes unit id advanced in combat c, and says
// whether it entered the hex the combat vacated.
func advancedHexes(c *Combat, id string) (int, bool) {
	for _, a := range c.Advances {
		if a.Kind == combat.CmdAdvance && slices.Contains(a.Units, id) {
			return len(a.Hexes), slices.Contains(a.Hexes, c.Origin)
		}
	}
	return 0, false
}

// checkBreakthrough refuses a breakthrough combat the last combat does
// not allow (15.1, 15.2.2, 15.2.4, 15.2.6).
func (g *Game) checkBreakthrough(in *combatIn) error {
	b := g.s.Breakthrough
	if b == nil && g.ver.groupFormsOnVacated {
		return rules.Refuse("15.1", "a breakthrough follows, before any other attack, a combat that gives an advance of 2 hexes or more in which no unit but the group's advanced (15.2.2), the group being one stack of the attackers or formed on the vacated hex (15.2.3); there is none now")
	}
	if b == nil && g.ver.groupAdvancesFirst {
		return rules.Refuse("15.1", "a breakthrough follows, before any other attack, a combat that gives an advance of 2 hexes or more in which no unit but the group's advanced (15.2.2); there is none now")
	}
	if b == nil {
		return rules.Refuse("15.1", "a breakthrough follows, before any other attack, a combat that gives an advance of 2 hexes or more; there is none now")
	}
	if err := g.refuseOverstacked("4.4", "a breakthrough"); err != nil {
		return err
	}
	var at string
	for _, i := range in.attackers {
		id := g.sc.Units[i].ID
		if !slices.ContainsFunc(b.Units, func(u btUnit) bool { return u.ID == id }) {
			if b.Group {
				return rules.Refuse("15.2.9", "%s is not of the breakthrough group: the group picks up no unit", id)
			}
			if w := g.s.Waiting; w != nil && slices.Contains(w.Units, id) {
				return rules.Refuse("15.2.2", "%s did not advance with the breakthrough group: it advances once the group is done, and breaks through no more (15.2.1 step 3)", id)
			}
			return rules.Refuse("15.2.2", "%s may not break through: it did not attack in the last combat, or has spent its advance hexes (15.2.4)", id)
		}
		h := g.s.Units[i].Hex
		if at != "" && h != at {
			return rules.Refuse("15.2.2", "only one stack breaks through: %s stands in %s, not %s", id, h, at)
		}
		at = h
		a, _ := g.axial(i)
		if (g.b.Feature(a, in.target, Mountain) || g.b.Feature(a, in.target, River)) && g.b.Road(a, in.target) == "" {
			return rules.Refuse("15.2.6", "%s may not break through across a mountain hexside or a river but along a road", id)
		}
	}
	return nil
}

// joinBreakthrough makes the declared units the breakthrough group
// (15.2.2); any other attack ends the breakthrough.
func (g *Game) joinBreakthrough(a AttackCommand) {
	g.groupDeclared(a)
	b := g.s.Breakthrough
	if b == nil || !a.Breakthrough {
		g.s.Breakthrough = nil
		return
	}
	b.Group = true
	if b.Auto != "" && !slices.Contains(g.s.AutoBroke, b.Auto) {
		g.s.AutoBroke = append(g.s.AutoBroke, b.Auto) // 15.4: one group an Auto DS
	}
	b.Units = slices.DeleteFunc(b.Units, func(u btUnit) bool { return !slices.Contains(a.With, u.ID) })
}

// breakthroughReach caps a breakthrough combat's advance (15.2.1, 15.2.5):
// the group enters the hex it vacated, free, and stops, or on a DR4 or DS
// goes on as far as its budget allows.
func (g *Game) breakthroughReach(a AttackCommand) func(combat.Result) int {
	if a.Breakthrough && g.s.Phase == PhaseInvasion {
		// 24.2.4, 15.2.4: the port was the 1st hex, the attack the 2nd:
		// the Commandos enter Salerno, free, and stop.
		return func(combat.Result) int { return 1 }
	}
	b := g.s.Breakthrough
	if !a.Breakthrough || b == nil {
		return nil
	}
	reach, spent := b.Reach, 0
	for _, u := range b.Units {
		if slices.Contains(a.With, u.ID) {
			spent = max(spent, u.Spent+1)
			reach = min(reach, g.memberReach(u.ID, b.Reach))
		}
	}
	return func(r combat.Result) int {
		if r.Tags.Has(TagShatter) {
			return 1 + max(reach-spent, 0)
		}
		return 1
	}
}

// breakthroughPathOK holds a breakthrough combat's advance to its budget
// (15.2.4): reach counts the free entry into the hex the combat vacated, so
// a path that does not enter it goes one hex less.
func breakthroughPathOK(reach int, vacated hex.Axial, path []hex.Axial) bool {
	return slices.Contains(path, vacated) || len(path) <= reach-1
}

// breakthroughChoices lists the breakthrough combats open: each stack of
// the group's units on each enemy hex next to it, with its odds.
func (g *Game) breakthroughChoices() []rules.Choice {
	b := g.s.Breakthrough
	if b == nil {
		return nil
	}
	if _, _, over := g.excess(); over {
		return g.excessChoices() // 4.4: within the limit before the breakthrough
	}
	stacks := map[string][]string{}
	var at []string
	for _, u := range b.Units {
		h := g.s.Units[g.index(u.ID)].Hex
		if _, ok := stacks[h]; !ok {
			at = append(at, h)
		}
		stacks[h] = append(stacks[h], u.ID)
	}
	var out []rules.Choice
	for _, h := range at {
		a, ok := g.b.Hex(h)
		if !ok {
			continue
		}
		for _, t := range a.Neighbors() {
			if !slices.ContainsFunc(g.pos().at(t), func(i int) bool { return g.sc.Units[i].Side != g.s.Side }) {
				continue
			}
			v := AttackCommand{Target: g.b.ID(t), With: stacks[h], MAF: stacks[h][0], Breakthrough: true}
			in, err := g.combatInput(v, true)
			if err != nil {
				continue
			}
			o, err := in.odds()
			if err != nil {
				continue
			}
			out = append(out, rules.Choice{Command: v.String(), Piece: v.With[0], Note: fmt.Sprintf("%s (15.0)", o.String())})
		}
	}
	return out
}

// checkInvasionBreakthrough refuses an attack in the Invasion Phase but the
// one breakthrough 24.2.4 allows: one or both Commando units of the Vietri
// landing, ashore on its port with an advance of 2 left to spend, on
// Salerno.
func (g *Game) checkInvasionBreakthrough(in *combatIn) error {
	l := g.s.Landing
	switch {
	case !in.a.Breakthrough || l == nil || l.Name != "vietri":
		return rules.Refuse("24.2.4", "the only attack of the Invasion Phase is the Commandos' breakthrough on Salerno ('attack HEX with ... breakthrough' in the Vietri landing)")
	case l.Loss > 0:
		return rules.Refuse("24.2.2", "the landing's losses come first: %d step(s) left", l.Loss)
	case l.Advance < 2:
		return rules.Refuse("15.1", "the Commandos' landing advances %d hex: a breakthrough needs an advance of 2", l.Advance)
	case l.Broke:
		return rules.Refuse("15.1", "the Commandos' landing has made its breakthrough")
	case g.b.names[g.b.ID(in.target)] != "Salerno":
		return rules.Refuse("24.2.4", "the Commandos break through on Salerno only")
	}
	for _, i := range in.attackers {
		id := g.sc.Units[i].ID
		if g.sc.Units[i].Type != "commando" || !slices.Contains(l.Units, id) || slices.Contains(l.Inland, id) || g.s.Units[i].Hex != l.Hex {
			return rules.Refuse("24.2.4", "%s is not a Commando unit of this landing still on %s", id, l.Hex)
		}
	}
	return nil
}

// invasionBreakthroughChoices lists the Commandos' breakthrough on Salerno
// when 24.2.4 allows it: both, and each alone.
func (g *Game) invasionBreakthroughChoices() []rules.Choice {
	l := g.s.Landing
	at, ok := g.b.Hex(l.Hex)
	if !ok {
		return nil
	}
	var cdos []string
	for _, id := range l.Units {
		if i := g.index(id); g.sc.Units[i].Type == "commando" && !slices.Contains(l.Inland, id) {
			cdos = append(cdos, id)
		}
	}
	var out []rules.Choice
	for _, t := range at.Neighbors() {
		if g.b.names[g.b.ID(t)] != "Salerno" || len(cdos) == 0 {
			continue
		}
		sets := [][]string{cdos}
		if len(cdos) > 1 {
			for _, id := range cdos {
				sets = append(sets, []string{id})
			}
		}
		for _, with := range sets {
			maf := g.formationOf(g.index(with[0]))
			if len(with) == 1 || maf == "" {
				maf = with[0]
			}
			v := AttackCommand{Target: g.b.ID(t), With: with, MAF: maf, Breakthrough: true}
			in, err := g.combatInput(v, true)
			if err != nil {
				continue
			}
			o, err := in.odds()
			if err != nil {
				continue
			}
			out = append(out, rules.Choice{Command: v.String(), Piece: with[0], Note: fmt.Sprintf("%s (24.2.4)", o.String())})
		}
	}
	return out
}
