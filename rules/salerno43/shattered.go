package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Shattered automatic retreat (13.3.2): when an enemy combat unit
// enters, advances or retreats into a hex next to a Shattered unit that
// no friendly non-Shattered combat unit stands with, the owner retreats the
// Shattered unit 2 hexes at once, by the rules of retreats (12.0), and the
// enemy unit goes on. In a combat the defenders' retreat triggers the
// attacker's Shattered units (digest 6.2, "reverse interrupt"), the
// attackers' advances the defender's, the defenders who become Shattered
// by this combat's DS or DR4 among them:
//
//	sh-retreat UNIT HEX HEX [HEX]   the owner's path for the unit
//
// A Dis result's defenders that were DG already become Shattered and
// retreat 2 hexes the same way (10.1, 13.1.3; A-14: no advance follows).
//
// From salerno43/5 the combat's retreats and advances are read hex by
// hex, in the order they were made (shwalk.go): at the first hex that sets
// off a retreat the owner retreats the unit, the mover standing in that
// hex, and the mover goes on; a unit retreats so as often as it is set
// off, and a Shattered unit's own retreat sets off the enemy's. Older
// versions read a trigger once a retreat or an advance command was over,
// with the mover at its end; a unit retreated so at most once a combat and
// its own retreat set off nobody. The trigger in the Movement Phase is
// shmove.go's; both read it with shExposed.

// The automatic retreat's decision and command.
const (
	DecSHRetreat combat.DecisionKind = "sh-retreat"
	CmdSHRetreat combat.CommandKind  = "sh-retreat"
)

// shRetreat is one automatic retreat: the unit and its path, none when it
// had no legal one and was eliminated (12.2).
type shRetreat struct {
	Unit  string
	Hexes []string
	Rule  string // 13.3.2, or 10.1 for a Dis
}

// shRetreats are a combat's automatic retreats, in order.
type shRetreats []shRetreat

// shTrigger is the trigger found for the combat so far: the unit, the
// game it retreats in and the rule that makes it (13.3.2, or 10.1 for a
// Dis).
type shTrigger struct {
	key  [5]int
	ok   bool
	i    int
	w    *Game
	rule string
}

// shTriggered is the next Shattered unit the combat so far makes retreat,
// -1 for none, with the game it retreats in and the rule; the answer is
// kept until the die, a retreat, an advance or an automatic retreat changes
// it.
func (c *Combat) shTriggered() (int, *Game, string) {
	key := [5]int{len(c.Moves), len(c.Advances), len(c.shDone), len(c.desp.part), 0}
	if c.Rolled {
		key[4]++
	}
	if c.desp.partDone {
		key[4] += 2
	}
	if c.shCache.ok && c.shCache.key == key {
		return c.shCache.i, c.shCache.w, c.shCache.rule
	}
	t := shTrigger{key: key, ok: true, i: -1}
	if c.Rolled && c.in.g.ver.shEachHex {
		t.i, t.w, t.rule = c.walkSHTriggers()
	} else if c.Rolled {
		t.i, t.w = c.findSHTrigger()
		t.rule = "13.3.2"
		if slices.Contains(c.disRetreats(), t.i) {
			t.rule = "10.1"
		}
	}
	c.shCache = t
	return t.i, t.w, t.rule
}

// findSHTrigger searches the trigger of shTriggered under salerno43/4 and
// older: every hex the retreat and the advances entered, on the outcome
// so far.
func (c *Combat) findSHTrigger() (int, *Game) {
	g := c.in.g
	var entered []hex.Axial // by the defenders, then by the attackers
	var moverSide []Side
	for _, mv := range c.Moves {
		for _, a := range mv.Path.Hexes {
			if g.b.Land(a) {
				entered, moverSide = append(entered, a), append(moverSide, other(c.in.attacker))
			}
		}
	}
	for _, a := range c.Advances {
		if a.Kind != combat.CmdAdvance {
			continue
		}
		for _, id := range a.Hexes {
			if h, ok := g.b.Hex(id); ok {
				entered, moverSide = append(entered, h), append(moverSide, c.in.attacker)
			}
		}
	}
	dis := c.disRetreats()
	if len(entered) == 0 && len(dis) == 0 {
		return -1, nil
	}
	w := g.outcomeGame(c)
	for _, i := range dis {
		if w.alive(i) && !c.shDone.has(w.s.Units[i].ID) {
			return i, w
		}
	}
	shattered := func(j int) bool { return c.shatteredNow(w, j) }
	for k, h := range entered {
		for _, i := range w.shExposed(h, moverSide[k], shattered) {
			if !c.shDone.has(w.s.Units[i].ID) {
				return i, w
			}
		}
	}
	return -1, nil
}

// disRetreats are the defenders a Dis result shatters, already DG before
// it: they retreat 2 hexes, as a Shattered unit does (10.1, 13.1.3).
func (c *Combat) disRetreats() []int {
	if c.Result.Tags&TagDis == 0 {
		return nil
	}
	var out []int
	for _, i := range c.in.defenders {
		if c.in.g.s.Units[i].Status == Disorganized && !c.in.g.disSpares(i) {
			out = append(out, i)
		}
	}
	return out
}

// has reports whether unit id has made its automatic retreat.
func (rs shRetreats) has(id string) bool {
	return slices.ContainsFunc(rs, func(r shRetreat) bool { return r.Unit == id })
}

// shatteredNow: unit i of the outcome game w is Shattered, or a defender
// of this combat that its retreat leaves so (10.1, 13.1.3).
func (c *Combat) shatteredNow(w *Game, i int) bool {
	if w.s.Units[i].Status == Shattered {
		return true
	}
	if !c.Retreated() || !slices.Contains(c.in.defenders, i) {
		return false
	}
	return c.Result.Tags&TagShatter != 0 || c.in.g.s.Units[i].Status != GoodOrder
}

// shPaths are unit i's legal retreats of 2 hexes in the game w (in a
// combat, its outcome game; in the Movement Phase, the game itself).
func (w *Game) shPaths(i int) []combat.RetreatPath {
	at, _ := w.axial(i)
	if w.pos().face(i).MA == 0 {
		return nil // 12.2
	}
	side := w.sc.Units[i].Side
	m := w.view(side, []int{i}).base()
	m.Retreat = func(from, to hex.Axial, _ int, units []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
		return w.retreatGround(from, to, units, p)
	}
	m.ExtraHex = true
	m.Prefer = func(_ []combat.RetreatUnit, paths []combat.RetreatPath) []combat.RetreatPath {
		return fewestCrossings(paths)
	}
	m.Holds = w.retreatStops(side) // 12.1.5
	w.versionRetreat(&m)           // 12.1.3, 12.1.4
	// Strength 1: friends never hold the retreat after one hex (Salerno's
	// stop is 12.1.5's only).
	u := combat.RetreatUnit{ID: w.s.Units[i].ID, Strength: 1, Steps: w.stepsLeft(i), MA: w.pos().face(i).MA}
	var out []combat.RetreatPath
	for _, p := range combat.RetreatPaths(at, 2, []combat.RetreatUnit{u}, m) {
		if !p.Exited && len(p.MechLost) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// shStage is the owner's choice of a Shattered unit's automatic retreat;
// a unit with no legal path is eliminated at once (12.2).
func (c *Combat) shStage() combat.Stage {
	return combat.Stage{Name: "sh-retreat",
		Await: func(_ *combat.Combat) (combat.Await, bool) {
			for {
				i, w, rule := c.shTriggered()
				if i < 0 {
					return combat.Await{}, false
				}
				paths := w.shPaths(i)
				id := w.s.Units[i].ID
				if rule == "10.1" && c.in.retreatedIn(i) {
					paths = nil // 12.5: eliminated by a second retreat
				}
				if len(paths) == 0 {
					c.shDone = append(c.shDone, shRetreat{Unit: id, Rule: rule})
					continue
				}
				var ch []string
				for _, p := range paths {
					ch = append(ch, combat.Command{Kind: CmdSHRetreat, Units: []string{id}, Hexes: hexIDs(w, p.Hexes)}.String())
				}
				return combat.Await{Decision: DecSHRetreat, Side: string(w.sc.Units[i].Side), Choices: ch, Rule: rule}, true
			}
		},
		Decide: func(_ *combat.Combat, a combat.Await, cmd combat.Command) error {
			if err := a.Chosen(cmd); err != nil {
				return err
			}
			c.shDone = append(c.shDone, shRetreat{Unit: cmd.Units[0], Hexes: cmd.Hexes, Rule: a.Rule})
			return nil
		},
		ByOrder: combat.LoneChoice,
		Words: func(_ *combat.Combat) string {
			var b strings.Builder
			for _, r := range c.shDone {
				if len(r.Hexes) == 0 {
					fmt.Fprintf(&b, "; %s, Shattered, has no retreat: eliminated (%s, 12.2)", r.Unit, r.Rule)
					continue
				}
				fmt.Fprintf(&b, "; %s, Shattered, retreats %s (%s)", r.Unit, strings.Join(r.Hexes, " "), r.Rule)
			}
			return b.String()
		},
	}
}

// hexIDs are the printed ids of hexes.
func hexIDs(g *Game, hs []hex.Axial) []string {
	var out []string
	for _, h := range hs {
		out = append(out, g.b.ID(h))
	}
	return out
}

// placeSHRetreats puts the automatic retreats on the map: the unit goes
// to its path's end, ½ Eff for a mountain hexside crossed (12.3.2), or is
// eliminated.
func (g *Game) placeSHRetreats(c *Combat, final bool) []string {
	var notes []string
	for _, r := range c.shDone {
		i := g.index(r.Unit)
		if !g.alive(i) {
			continue
		}
		if len(r.Hexes) == 0 {
			g.eliminate(i)
			notes = append(notes, fmt.Sprintf("%s eliminated: a Shattered unit with no retreat (%s)", r.Unit, r.Rule))
			continue
		}
		from, _ := g.axial(i)
		var path []hex.Axial
		for _, id := range r.Hexes {
			h, _ := g.b.Hex(id)
			path = append(path, h)
		}
		g.s.Units[i].Hex = r.Hexes[len(r.Hexes)-1]
		if final {
			g.s.Retreated = append(g.s.Retreated, r.Unit) // 12.5
			notes = append(notes, fmt.Sprintf("%s, Shattered, retreats to %s (%s)%s", r.Unit, g.s.Units[i].Hex, r.Rule, g.retreatHalfEff(i, from, path)))
		}
	}
	return notes
}
