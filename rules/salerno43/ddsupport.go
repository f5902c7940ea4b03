package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The DD's defensive support, named by the defender (11.3, L634; 17.6.2,
// L1049): one ready air, naval or ASU source of the Lead's nationality,
// declared before the die.
//
//	dd LEAD support SOURCE     an ASU's id, us-naval, cw-naval, us-air, cw-air, luftwaffe
//	dd LEAD support valiant    the naval marker with Valiant and Warspite (19.4)

// ddSources are the sources a Lead's DD may name (11.3): each ASU of its
// nationality that may support the combat, its naval marker within reach
// (9.6) and its air marker, unless the defender's air already supports
// this combat (9.4: one air unit per side and combat).
func (c *Combat) ddSources(lead string) []string {
	g := c.in.g
	i := g.index(lead)
	if i < 0 {
		return nil
	}
	nat := nation(&g.sc.Units[i])
	var out []string
	for j, u := range g.sc.Units {
		if u.ASU() && c.asuSupportsDD(j, nat) == nil {
			out = append(out, u.ID)
		}
	}
	if nat != "de" && g.markerReady(nat+"-naval") && g.navalReach(c.in.target) == nil {
		out = append(out, nat+"-naval")
	}
	if m := airMarker(nat); g.markerReady(m) && !c.in.defAir {
		out = append(out, m)
	}
	return out
}

// anyDDSource: some defender could name a source for its DD (11.3).
func (c *Combat) anyDDSource() bool {
	return slices.ContainsFunc(c.in.defenders, func(i int) bool { return len(c.ddSources(c.in.g.sc.Units[i].ID)) > 0 })
}

// asuSupportsDD: ASU j may support a DD of nationality nat on the
// combat's hex (17.6.3), a divisional one only with a unit of its
// division in the hex (11.3).
func (c *Combat) asuSupportsDD(j int, nat string) error {
	g := c.in.g
	if err := g.asuCanSupport(j, c.in.target, nat); err != nil {
		return err
	}
	u := g.sc.Units[j]
	if u.Level == "division" && !slices.ContainsFunc(c.in.defenders, func(k int) bool { return g.formationOf(k) == u.Formation }) {
		return rules.Refuse("11.3", "%s supports only a DD with a unit of its division in the hex", u.ID)
	}
	return nil
}

// checkNamedSource checks the source a DD's support names (11.3): it must
// be named, and be one the Lead may use.
func (c *Combat) checkNamedSource(cmd combat.Command) error {
	if cmd.Kind != combat.CmdDD || !cmd.Support || len(cmd.Units) != 1 {
		return nil
	}
	g := c.in.g
	lead := cmd.Units[0]
	i := g.index(lead)
	if i < 0 {
		return nil // the procedure refuses the Lead
	}
	nat := nation(&g.sc.Units[i])
	switch src := cmd.Source; {
	case src == "":
		return rules.Refuse("11.3", "name the DD's support: dd %s support SOURCE (an ASU, the naval or the air marker of %s's nationality)", lead, lead)
	case src == valiantWord:
		if err := g.valiantReady(); err != nil {
			return err
		}
		if !slices.Contains(c.ddSources(lead), nat+"-naval") {
			return rules.Refuse("19.4", "Valiant and Warspite join a ready naval marker of %s's nationality within its reach (9.6, 11.3)", lead)
		}
	case g.index(src) >= 0:
		return c.asuSupportsDD(g.index(src), nat)
	case !slices.Contains(c.ddSources(lead), src):
		return rules.Refuse("11.3", "%s cannot support %s's DD: the source is a ready air or naval marker of the Lead's nationality (%s), the naval one within reach (9.6), the air one not already used in this combat (9.4)", src, lead, strings.ToUpper(nat))
	}
	return nil
}

// namedSources replaces each "dd LEAD support" choice by one per source
// the Lead may name (11.3), the naval marker's followed by its use with
// Valiant and Warspite when they may join (19.4).
func (c *Combat) namedSources(choices []rules.Choice) []rules.Choice {
	var out []rules.Choice
	for _, ch := range choices {
		lead, ok := strings.CutPrefix(ch.Command, "dd ")
		lead, support := strings.CutSuffix(lead, " support")
		if !ok || !support {
			out = append(out, ch)
			continue
		}
		for _, src := range c.ddSources(lead) {
			s := ch
			s.Command += " " + src
			s.Note = "defensive support " + src + ", +1 (11.3)"
			out = append(out, s)
			if strings.HasSuffix(src, "-naval") && c.in.g.valiantReady() == nil {
				v := ch
				v.Command += " " + valiantWord
				v.Note = "with Valiant and Warspite, +1 more (19.4)"
				out = append(out, v)
			}
		}
	}
	return out
}

// namedSource is the source the DD's support spends: the one named, or the
// Lead's naval marker when Valiant and Warspite join it (19.4).
func (c *Combat) namedSource() string {
	if !c.ddValiant() {
		return c.DD.Source
	}
	g := c.in.g
	i := g.index(c.DD.Units[0])
	if i < 0 {
		return ""
	}
	return nation(&g.sc.Units[i]) + "-naval"
}
