package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The breakthrough group goes first (15.2.1, 15.2.2, L876-882): the group
// finishes all its advancing and its breakthrough combats before the other
// units of the attack advance, and those break through no more (step 3).
// From salerno43/4 the combat's own advance is the group's: a breakthrough
// follows only if every unit that advanced in the combat is of the group,
// formed on the vacated hex (15.2.3) or moving on as one stack, those left
// on its way having stopped (15.2.9). The attackers that did not advance
// wait: once the group is done they advance as they would have in the
// combat, within its advance length from the hex it vacated (14.0):
//
//	advance-after UNIT HEX...
//
// Such an advance ends the group's breakthrough, the player being done
// with the group, as another attack does; another attack, an Auto DS
// advance or a disengagement ends the wait (8.1: a combat, its advances
// included, is over before the next). From salerno43/4 the attackers from
// an entry area that did not enter the map in the combat wait too, and
// enter the vacated hex, their only hex (21.3.4, areas_combat.go).

// waitingAdvance are the attackers of the last combat that wait for its
// breakthrough group (15.2.1 step 3).
type waitingAdvance struct {
	// Vacated is the hex the combat vacated, Reach its advance length.
	Vacated string   `json:"vacated"`
	Reach   int      `json:"reach"`
	Units   []string `json:"units"`
}

// groupFirst splits the attackers of combat c (15.2.1, 15.2.2): if any
// advanced in it, the group is those at the end of the longest advance,
// every other advance having been the group's and ended on its way
// (15.2.9); else any of them may be. The attackers that did not advance
// wait. why, when not "", says why no group is left to break through: an
// advance left the group's way, an attacker outside it having advanced
// first (after a breakthrough combat: the group split, 15.2.9).
func (g *Game) groupFirst(c *Combat) (group []combat.Unit, waiting []string, why string) {
	var longest []string
	lead := ""
	for _, a := range c.Advances {
		if a.Kind == combat.CmdAdvance && len(a.Hexes) > len(longest) {
			longest, lead = a.Hexes, a.Units[0]
		}
	}
	for _, u := range c.AttackersLeft() {
		hexes, advanced := advancePath(c, u.ID)
		switch {
		case !advanced && len(longest) == 0:
			group = append(group, u)
		case !advanced:
		case len(hexes) > len(longest) || !slices.Equal(longest[:len(hexes)], hexes):
			if c.in.a.Breakthrough {
				return nil, nil, "the breakthrough group went on along more than one way: it leaves units behind, which stop, but goes on as one stack (15.2.9)"
			}
			return nil, nil, "the attackers advanced along more than one way, not as one group (15.2.2)"
		case !g.cameAsOne(c, u, lead, longest):
			return nil, nil, fmt.Sprintf("%s and %s attacked from different hexes and came together in %s, not on the vacated hex %s: a breakthrough group is one stack, or forms on the vacated hex (15.2.2, 15.2.3)", lead, u.ID, hexes[len(hexes)-1], c.Origin)
		case len(hexes) == len(longest):
			group = append(group, u)
		}
		if !advanced && !u.NoAdvance && u.MA > 0 && g.mayWait(g.index(u.ID)) {
			waiting = append(waiting, u.ID)
		}
	}
	return group, waiting, ""
}

// mayWait says whether attacker i, which did not advance in its combat,
// may advance after the breakthrough group (15.2.1 step 3): one on the map,
// and from salerno43/4 one in an entry area that may enter the map
// (21.3.4).
func (g *Game) mayWait(i int) bool {
	return g.s.Units[i].Hex != "" || (g.ver.areaWaits && g.mayEnterFromArea(i))
}

// cameAsOne says whether unit u, advancing along the way of the longest
// advance, that of unit lead, came along it with lead (15.2.2, 15.2.3): from
// salerno43/4 units from different hexes do so only if the way begins in the
// vacated hex, where the group forms (15.2.1 step 1); one from the same hex
// was of lead's stack.
func (g *Game) cameAsOne(c *Combat, u combat.Unit, lead string, longest []string) bool {
	if !g.ver.groupFormsOnVacated || longest[0] == c.Origin {
		return true
	}
	from := slices.IndexFunc(c.AttackersLeft(), func(a combat.Unit) bool { return a.ID == lead })
	return from < 0 || c.AttackersLeft()[from].FromHex == u.FromHex
}

// advancePath is the path unit id advanced along in combat c, and whether
// it advanced.
func advancePath(c *Combat, id string) ([]string, bool) {
	for _, a := range c.Advances {
		if a.Kind == combat.CmdAdvance && slices.Contains(a.Units, id) {
			return a.Hexes, true
		}
	}
	return nil, false
}

// waitFor records the attackers of combat c that wait for its breakthrough
// group, and says so.
func (g *Game) waitFor(c *Combat, reach int, waiting []string) string {
	if len(waiting) == 0 {
		return ""
	}
	g.s.Waiting = &waitingAdvance{Vacated: c.Origin, Reach: reach, Units: waiting}
	return strings.Join(waiting, ", ") + " may advance once the group is done ('advance-after UNIT HEX...', 15.2.1)"
}

// groupDeclared takes the units of a breakthrough group out of those that
// wait (15.2.1); any other attack ends the wait.
func (g *Game) groupDeclared(a AttackCommand) {
	w := g.s.Waiting
	if w == nil {
		return
	}
	if !a.Breakthrough {
		g.s.Waiting = nil
		return
	}
	w.Units = slices.DeleteFunc(w.Units, func(id string) bool { return slices.Contains(a.With, id) })
	if len(w.Units) == 0 {
		g.s.Waiting = nil
	}
}

// waitingLate is waiting unit i's advance: the combat's length for it
// (14.2.1) from where it stands.
func (g *Game) waitingLate(i int) lateAdvance {
	w, us := g.s.Waiting, g.s.Units[i]
	vacated, _ := g.b.Hex(w.Vacated)
	from, _ := g.b.Hex(us.Hex)
	n := advanceLength(combat.Result{Reach: w.Reach}, g.sc.Units[i].Info().Mech, us.OOS, us.HalfEff)
	return lateAdvance{i: i, from: from, vacated: vacated, n: n, rule: "15.2.1"}
}

// advanceAfter applies an 'advance-after' command: a waiting attacker's
// advance, which ends the group's breakthrough (15.2.1 step 3, 15.2.2).
func (g *Game) advanceAfter(c Command) ([]rules.Event, error) {
	id := c.Args[0]
	i := g.index(id)
	if w := g.s.Waiting; w == nil || i < 0 || !slices.Contains(w.Units, id) || (g.s.Units[i].Hex == "" && g.unitArea(i) == "") {
		return nil, rules.Refuse("15.2.1", "%s is no attacker of the last combat waiting for its breakthrough group to advance", id)
	}
	path, err := g.waitingPath(i, c.Args[1:])
	if err != nil {
		return nil, err
	}
	if err := g.advanceRoom(i, path[len(path)-1]); err != nil {
		return nil, err
	}
	var notes []string
	if g.s.Breakthrough != nil {
		g.s.Breakthrough = nil
		notes = append(notes, "the breakthrough group is done (15.2.2)")
	}
	us := &g.s.Units[i]
	half := false
	for _, a := range path {
		from, on := g.axial(i)
		half = half || (on && g.halfEffCrossing(i, from, a))
		if !on {
			us.Box = "" // 21.3.4: from an entry area onto the map
		}
		us.Hex = g.b.ID(a)
		g.setControl(us.Hex, g.s.Side)
	}
	w := g.s.Waiting
	w.Units = slices.DeleteFunc(w.Units, func(u string) bool { return u == id })
	if len(w.Units) == 0 {
		g.s.Waiting = nil
	}
	text := fmt.Sprintf("%s advances after the breakthrough group: %s (15.2.1)", id, strings.Join(c.Args[1:], "-"))
	// 14.5, 5.7, A-48: ½ Eff for a road-less mountain crossing.
	if to, _ := g.axial(i); half && g.nextToEnemy(to, g.s.Side) {
		us.HalfEff = true
		text += ", ½ Eff (14.5)"
	}
	if w := g.excessWords(); w != "" {
		notes = append(notes, w) // 4.4: an advance may end over the limit
	}
	if len(notes) > 0 {
		text += "; " + strings.Join(notes, "; ")
	}
	return append([]rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}, g.shAdvanceTriggers(i, path)...), nil
}

// waitingPath checks waiting unit i's advance along the hexes ids: from
// the map as after the combat (latePath); from an entry area into the
// vacated hex only (21.3.4).
func (g *Game) waitingPath(i int, ids []string) ([]hex.Axial, error) {
	if g.s.Units[i].Hex != "" {
		return g.latePath(g.waitingLate(i), ids)
	}
	w := g.s.Waiting
	if len(ids) != 1 || ids[0] != w.Vacated {
		return nil, rules.Refuse("21.3.4", "%s attacked from entry area %s: it enters the map into the vacated hex %s only", g.sc.Units[i].ID, g.unitArea(i), w.Vacated)
	}
	a, _ := g.b.Hex(w.Vacated)
	if slices.ContainsFunc(g.pos().at(a), func(j int) bool { return g.sc.Units[j].Side != g.s.Side }) {
		return nil, rules.Refuse("21.3.4", "enemy units hold %s", w.Vacated)
	}
	return []hex.Axial{a}, nil
}

// waitingChoices lists the waiting attackers' advances (15.2.1 step 3):
// from an entry area, into the vacated hex (21.3.4).
func (g *Game) waitingChoices() []rules.Choice {
	w := g.s.Waiting
	if w == nil {
		return nil
	}
	var out []rules.Choice
	for _, id := range w.Units {
		i := g.index(id)
		switch {
		case g.s.Units[i].Hex != "":
			out = append(out, g.lateChoices(g.waitingLate(i), "advance-after")...)
		case g.unitArea(i) != "":
			path, err := g.waitingPath(i, []string{w.Vacated})
			if err == nil && g.advanceRoom(i, path[0]) == nil {
				out = append(out, rules.Choice{Command: "advance-after " + id + " " + w.Vacated, Piece: id, Note: "21.3.4"})
			}
		}
	}
	return out
}
