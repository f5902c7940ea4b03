package salerno43

import (
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Valiant and Warspite (19.4), one marker: from turn 8 the Allies may add
// it to a use of their US or CW naval marker, declared before the die. It
// adds +1 to the CRT roll of an attack (the modified roll at most 6) or to
// the DD roll of a defense (the DD modifier may then reach +3, 11.2.4; the
// modified roll at most 7). It is flipped after its first use and leaves
// the game after its second.
//
//	attack HEX with UNIT... maf ID naval valiant
//	dd LEAD support valiant

const (
	valiantTurn = 8
	valiantUses = 2
	// valiantWord names the marker as the DD's support source.
	valiantWord = "valiant"
)

// valiantReady: the marker may be used now (19.4).
func (g *Game) valiantReady() error {
	switch {
	case g.s.Turn < valiantTurn:
		return rules.Refuse("19.4", "Valiant and Warspite may be used from turn %d; this is turn %d", valiantTurn, g.s.Turn)
	case g.s.Valiant >= valiantUses:
		return rules.Refuse("19.4", "Valiant and Warspite have been used twice and are out of the game")
	}
	return nil
}

// useValiant flips the marker, or takes it out of the game after its
// second use (19.4).
func (g *Game) useValiant() { g.s.Valiant++ }

// valiantWords says where the marker stands, for the view.
func (g *Game) valiantWords() string {
	switch {
	case g.s.Valiant >= valiantUses:
		return "Valiant/Warspite: used twice, out of the game (19.4)"
	case g.s.Valiant == 1:
		return "Valiant/Warspite: flipped, one use left (19.4)"
	case g.s.Turn < valiantTurn:
		return "Valiant/Warspite: from turn 8 (19.4)"
	}
	return "Valiant/Warspite: two uses left (19.4)"
}

// crtDRM is the CRT die's modifier: +1 with Valiant and Warspite, the
// table's last row (6) capping the modified roll (19.4).
func (c *Combat) crtDRM(*combat.Combat) int {
	if c.in.a.Valiant {
		return 1
	}
	return 0
}

// ddValiant: the defender declared its naval marker with Valiant and
// Warspite as the DD's support (11.3, 19.4).
func (c *Combat) ddValiant() bool {
	return c.DD != nil && c.DD.Kind == combat.CmdDD && c.DD.Support && c.DD.Source == valiantWord
}

// ddValiantOffered: the defenders' naval marker may support their DD and
// Valiant and Warspite may join it (9.6, 11.3, 19.4).
func (c *Combat) ddValiantOffered() bool {
	g := c.in.g
	nat := c.defNation()
	return nat != "" && nat != "de" && g.markerReady(nat+"-naval") && g.navalReach(c.in.target) == nil && g.valiantReady() == nil
}

// defNation is the defenders' nationality (us, cw, de), "" for a mixed
// hex, which takes no defensive support (11.3).
func (c *Combat) defNation() string {
	nat := ""
	for _, i := range c.in.defenders {
		n := nation(&c.in.g.sc.Units[i])
		if nat != "" && nat != n {
			return ""
		}
		nat = n
	}
	return nat
}

// ddSource is the defensive support the DD spends: the naval marker when
// Valiant and Warspite join it, else the source 11.3 gives.
func (c *Combat) ddSource() string {
	if c.in.g.ver.ddNamedSource {
		return c.namedSource()
	}
	if c.ddValiant() {
		return c.defNation() + "-naval"
	}
	return c.ddSupport()
}

// checkDDSource checks the source a DD decision names: only Valiant and
// Warspite may be named (19.4); the other sources are the referee's pick
// (11.3).
func (c *Combat) checkDDSource(cmd combat.Command) error {
	if c.in.g.ver.ddNamedSource {
		return c.checkNamedSource(cmd)
	}
	if cmd.Kind != combat.CmdDD || cmd.Source == "" {
		return nil
	}
	if cmd.Source != valiantWord {
		return rules.Refuse("11.3", "a DD's support is named only as %q (19.4); %q is not", valiantWord, cmd.Source)
	}
	if err := c.in.g.valiantReady(); err != nil {
		return err
	}
	if !c.ddValiantOffered() {
		return rules.Refuse("19.4", "Valiant and Warspite join a ready naval marker of the defenders' nationality within its reach (9.6, 11.3)")
	}
	return nil
}

// withValiant adds to a DD decision's choices each Lead's support with
// Valiant and Warspite, when they may join (19.4).
func (c *Combat) withValiant(choices []rules.Choice) []rules.Choice {
	a := c.Await()
	if c.in.g.ver.ddNamedSource && a.Decision == combat.DecDD {
		return c.namedSources(choices)
	}
	if a.Decision != combat.DecDD || !c.ddValiantOffered() {
		return choices
	}
	var out []rules.Choice
	for _, ch := range choices {
		out = append(out, ch)
		if strings.HasPrefix(ch.Command, "dd ") && strings.HasSuffix(ch.Command, " support") {
			v := ch
			v.Command += " " + valiantWord
			v.Note = "with Valiant and Warspite, +1 more (19.4)"
			out = append(out, v)
		}
	}
	return out
}
