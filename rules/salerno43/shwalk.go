package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Shattered automatic retreat in a combat, hex by hex (13.3.2, L797,
// from salerno43/5): "if an enemy combat unit enters, advances or retreats
// into a hex next to a Shattered unit not stacked with friendly
// non-Shattered combat units, the Shattered unit must at once be retreated
// 2 hexes by its owner, and the enemy unit may then go on with its
// move/advance/retreat". The combat's movers are replayed in the order
// they were made: the Dis retreats (10.1), the Desperate Defense's part
// (11.5.4), each part of the retreat (12.1.2), each advance (14.0, a
// breakthrough's included), and the automatic retreats themselves, each
// hex in turn. At each hex the units it sets off retreat one by one, the
// mover standing in that hex and the retreats before made; each retreat is
// a mover too (a combat unit retreating into a hex), whose hexes may set
// off the enemy's Shattered units, the mover's own side's among them (the
// digest's "reverse interrupt", L1612). A unit whose move is under way is
// never set off: it goes on. The owner's paths are recorded in shDone in
// the order the walk asks for them, so that the walk replays them.
//
// A retreat or an advance is chosen whole before the walk reads it, so a
// Shattered unit's retreat may end in a hex the mover enters later (as in
// the Movement Phase, shmove.go). The advances made after their combat
// (8.7.2, 15.2.1) are read as moves are (shAdvanceTriggers).

// shWalk is one replay of the combat's movers.
type shWalk struct {
	c *Combat
	// p is the combat as far as the walk has come: its movers up to the
	// hex being read, the automatic retreats replayed so far.
	p *Combat
	// next counts the automatic retreats of c.shDone replayed.
	next int
	// moving are the units whose move is under way.
	moving []string
	// found: the unit that must retreat now, -1 for none, the game it
	// retreats in and the rule.
	unit int
	w    *Game
	rule string
}

// walkSHTriggers is the next automatic retreat the combat so far owes,
// -1 for none, with the game it is chosen in and its rule.
func (c *Combat) walkSHTriggers() (int, *Game, string) {
	if !c.shMayTrigger() {
		return -1, nil, ""
	}
	s := &shWalk{c: c, p: c.shStart(), unit: -1}
	s.walk()
	return s.unit, s.w, s.rule
}

// shMayTrigger: the combat may owe an automatic retreat at all: a unit on
// the map is Shattered, or the combat's retreat or Dis shatters defenders.
func (c *Combat) shMayTrigger() bool {
	g := c.in.g
	if len(c.disRetreats()) > 0 {
		return true
	}
	if (len(c.Moves) > 0 || c.desp.partDone) && slices.ContainsFunc(c.in.defenders, func(i int) bool { return c.retreatShatters(i) }) {
		return true
	}
	for i := range g.s.Units {
		if _, ok := g.axial(i); ok && g.isShattered(i) {
			return true
		}
	}
	return false
}

// shStart is the combat before any mover has moved: the die and the losses
// made, no retreat, advance nor automatic retreat.
func (c *Combat) shStart() *Combat {
	cc := *c.Combat
	cc.Moves, cc.Advances = nil, nil
	p := *c
	p.Combat = &cc
	p.shDone = nil
	p.desp.part, p.desp.partDone = nil, false
	return &p
}

// walk replays the movers in order until one sets off a retreat its owner
// has not chosen yet.
func (s *shWalk) walk() {
	c := s.c
	defender := other(c.in.attacker)
	for _, i := range c.disRetreats() {
		if w := s.scene(); w.alive(i) && s.setOff(i, w, "10.1") {
			return
		}
	}
	if c.desp.partDone {
		part := s.axials(c.desp.part)
		for k := range part {
			s.p.desp.part, s.p.desp.partDone = c.desp.part[:k+1], true
			if s.enter(c.desp.movers, defender, part[k]) {
				return
			}
		}
		s.p.desp.part, s.p.desp.partDone = c.desp.part, true
	}
	for m, mv := range c.Moves {
		for k, h := range mv.Path.Hexes {
			at := mv
			at.Path.Hexes, at.Path.Exited = mv.Path.Hexes[:k+1], mv.Path.Exited && k == len(mv.Path.Hexes)-1
			s.p.Moves = append(c.Moves[:m:m], at)
			if s.enter(mv.Units, defender, h) {
				return
			}
		}
		s.p.Moves = c.Moves[:m+1]
	}
	for n, a := range c.Advances {
		if a.Kind == combat.CmdAdvance {
			for k, h := range s.axials(a.Hexes) {
				at := a
				at.Hexes = a.Hexes[:k+1]
				s.p.Advances = append(c.Advances[:n:n], at)
				if s.enter(a.Units, c.in.attacker, h) {
					return
				}
			}
		}
		s.p.Advances = c.Advances[:n+1]
	}
}

// enter reads the hex h that units of side have entered: the units it
// sets off when entered retreat in turn, each if it is still next to h and
// exposed once those before it have retreated. It reports whether the walk
// stops there, a retreat being owed.
func (s *shWalk) enter(units []string, side Side, h hex.Axial) bool {
	if !s.c.in.g.b.Land(h) {
		return false // 21.4: a retreat off the map into an entry area
	}
	s.moving = append(s.moving, units...)
	defer func() { s.moving = s.moving[:len(s.moving)-len(units)] }()
	w := s.scene()
	set := w.shExposed(h, side, s.shattered(w))
	for k, i := range set {
		if slices.Contains(s.moving, w.s.Units[i].ID) {
			continue
		}
		if k > 0 {
			w = s.scene()
			if !slices.Contains(w.shExposed(h, side, s.shattered(w)), i) {
				continue
			}
		}
		if s.setOff(i, w, "13.3.2") {
			return true
		}
	}
	return false
}

// setOff is unit i's automatic retreat in the game w: the next recorded
// one, replayed hex by hex, or, when none is left, the one owed now.
func (s *shWalk) setOff(i int, w *Game, rule string) bool {
	if s.next == len(s.c.shDone) {
		s.unit, s.w, s.rule = i, w, rule
		return true
	}
	r := s.c.shDone[s.next]
	s.next++
	s.p.shDone = append(s.p.shDone, shRetreat{Unit: r.Unit, Rule: r.Rule})
	last := len(s.p.shDone) - 1
	for k, h := range s.axials(r.Hexes) {
		s.p.shDone[last].Hexes = r.Hexes[:k+1]
		if s.enter([]string{r.Unit}, w.sc.Units[i].Side, h) {
			return true
		}
	}
	return false
}

// scene is the game as the walk has come: the outcome of the combat so
// far, the mover in the hex being read.
func (s *shWalk) scene() *Game { return s.c.in.g.outcomeGame(s.p) }

// shattered reads a unit as Shattered in the scene w: Shattered there, or
// a defender that the combat's retreat, its Desperate Defense's part or a
// Dis has shattered and that has gone (10.1, 13.1.3).
func (s *shWalk) shattered(w *Game) func(int) bool {
	return func(i int) bool {
		if w.isShattered(i) {
			return true
		}
		if !slices.Contains(s.c.in.defenders, i) {
			return false
		}
		id := w.s.Units[i].ID
		if _, ok := s.p.RetreatOf(id); ok || s.p.desp.partDone && slices.Contains(s.p.desp.movers, id) {
			return s.c.retreatShatters(i)
		}
		return s.p.shDone.has(id) && slices.Contains(s.c.disRetreats(), i)
	}
}

// retreatShatters: defender i is Shattered once it has retreated (10.1,
// 13.1.3): by a DS or DR4, or DG or Shattered before it.
func (c *Combat) retreatShatters(i int) bool {
	return c.Result.Tags&TagShatter != 0 || c.in.g.s.Units[i].Status != GoodOrder
}

// axials are the hexes of ids.
func (s *shWalk) axials(ids []string) []hex.Axial {
	var out []hex.Axial
	for _, id := range ids {
		if h, ok := s.c.in.g.b.Hex(id); ok {
			out = append(out, h)
		}
	}
	return out
}

// mapAfterSHRetreats is the defenders' retreat map base as the automatic
// retreats made so far leave it (13.3.2, from salerno43/5): they come before
// the retreat's next part (shAround), which must see the Shattered units
// where they went, an enemy's new hex held against it (12.2, L721: no
// retreat into a hex an enemy unit holds) and its old one free. The units,
// their zones and bonds are read again once an automatic retreat is made.
func (g *Game) mapAfterSHRetreats(c *Combat, side Side, base combat.Map) combat.Map {
	n, m := 0, base
	current := func() combat.Map {
		if len(c.shDone) != n {
			w := g.Clone().(*Game)
			w.cur = nil
			w.placeSHRetreats(c, false)
			n, m = len(c.shDone), w.view(side, c.in.defenders).base()
		}
		return m
	}
	out := base
	out.Enemy = func(a hex.Axial) bool { return current().Enemy(a) }
	out.EnemyZOC = func(a hex.Axial) bool { return current().EnemyZOC(a) }
	out.ZOCLine = func(x, y hex.Axial) bool { return current().ZOCLine(x, y) }
	out.Friends = func(a hex.Axial) (bool, int) { return current().Friends(a) }
	out.Room = func(a hex.Axial, units []string) bool { return current().Room(a, units) }
	return out
}
