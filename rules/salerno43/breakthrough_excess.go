package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// A breakthrough combat on a hex over the stacking limit (15.3, L920:
// "Jeśli heks obrońcy przekroczy limit stosu (12.1.4), wówczas wszystkie
// jednostki przekraczające limit stosu (wybór obrońcy) nie wnoszą nic do
// obrony"): before the die the defender names the units over the limit,
// 'over-limit UNIT...', among the smallest sets that leave the rest within
// it. Like the units over the limit of any combat (10.2.2 note, L598) they
// add no defense, no armor and no elite quality, take no step loss and
// lead no DD; unlike those that retreated in under 12.5 they retreat with
// the others. A normal combat's units over the limit are those that
// retreated in (12.1.4 is the only overstack the defender's hex can hold
// then), which 12.5 already reads.

// Salerno's decision and command of 15.3.
const (
	DecOverLimit combat.DecisionKind = "over-limit"
	CmdOverLimit combat.CommandKind  = "over-limit"
)

// overLimit: defender i is one the defender named over the stacking limit
// (15.3).
func (in *combatIn) overLimit(i int) bool { return slices.Contains(in.excess, i) }

// addsNothing: defender i adds nothing to the defense: it retreated into
// the hex this phase (12.5) or is over the stacking limit (15.3).
func (in *combatIn) addsNothing(i int) bool { return in.retreatedIn(i) || in.overLimit(i) }

// excessSets are the sets of defenders the defender may name over the
// stacking limit in a breakthrough combat (15.3), each a list of unit ids
// in the order of the defenders: those that leave the others within the
// limit and hold no unit the others would be within it without; none when
// the hex is within the limit.
func (c *Combat) excessSets() [][]string {
	g, in := c.in.g, c.in
	if !g.ver.breakthroughExcess || !in.a.Breakthrough {
		return nil
	}
	// Units of 0 points, a first tank silhouette aside, never put a hex
	// over the limit: only the others are candidates.
	var cands []int
	for _, i := range in.defenders {
		if u := g.sc.Units[i]; u.Stacking > 0 || u.Silhouette {
			cands = append(cands, i)
		}
	}
	within := func(out []int) bool {
		var us []*Unit
		for _, i := range in.defenders {
			if !slices.Contains(out, i) {
				us = append(us, &g.sc.Units[i])
			}
		}
		return stackingPoints(us) <= StackingLimit
	}
	if within(nil) {
		return nil
	}
	var sets [][]string
	for mask := 1; mask < 1<<len(cands); mask++ {
		var out []int
		for k, i := range cands {
			if mask&(1<<k) != 0 {
				out = append(out, i)
			}
		}
		if !within(out) || slices.ContainsFunc(out, func(i int) bool {
			return within(slices.DeleteFunc(slices.Clone(out), func(j int) bool { return j == i }))
		}) {
			continue
		}
		var ids []string
		for _, i := range out {
			ids = append(ids, g.sc.Units[i].ID)
		}
		sets = append(sets, ids)
	}
	return sets
}

// excessStage is the defender's naming of the units over the stacking
// limit in a breakthrough combat (15.3), before the die; the odds are
// computed again without them.
func (c *Combat) excessStage() combat.Stage {
	return combat.Stage{Name: "over-limit",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			if c.excessDone || c.Rolled {
				return combat.Await{}, false
			}
			sets := c.excessSets()
			if len(sets) == 0 {
				return combat.Await{}, false
			}
			var ch []string
			for _, s := range sets {
				ch = append(ch, combat.Command{Kind: CmdOverLimit, Units: s}.String())
			}
			return combat.Await{Decision: DecOverLimit, Side: c.Defender, Choices: ch, Rule: "15.3"}, true
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			g := c.in.g
			c.excessDone = true
			for _, id := range cmd.Units {
				c.in.excess = append(c.in.excess, g.index(id))
			}
			c.Defenders = g.combatUnits(c.in, c.in.defenders)
			return c.reOdds()
		},
		ByOrder: combat.LoneChoice,
		Words: func(_ *combat.Combat) string {
			if len(c.in.excess) == 0 {
				return ""
			}
			var ids []string
			for _, i := range c.in.excess {
				ids = append(ids, c.in.g.sc.Units[i].ID)
			}
			return "; " + strings.Join(ids, ", ") + " over the stacking limit, adding nothing (15.3)"
		},
	}
}
