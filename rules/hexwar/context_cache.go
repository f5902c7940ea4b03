package hexwar

import (
	"maps"
	"slices"
)

// ContextCache keeps the latest move Context of each side with what it was
// built from, so that the next one, asked after a move, reuses what read
// nothing that changed (issue 18: a game replayed builds one for every move
// command). A Context reads the units' hexes and sides, and the enemy's
// ZOCRules.Exerts and BondRules.Forms; the rules' other functions (Reaches,
// Anchor, HexBreaks, SideBreaks) must read the board alone. The Contexts it
// gives are shared: no caller changes one.
//
// What a change of the acting side's units leaves standing: the enemy's
// zones of control and the hexes next to enemy units read enemy units only;
// the enemy's bonds read the acting side's units only where they hold a hex
// next to an enemy unit (a bond's middle hex and a hexside bond's two hexes
// are next to the units that form it), so they are kept while no unit of
// the acting side enters or leaves such a hex. The units on each hex and
// the side holding it are worked out again for the hexes a unit left or
// entered. Any change of an enemy unit builds the whole Context afresh.
type ContextCache struct {
	last []keptContext
}

// Clone is a copy of the cache for a copy of its game: the Contexts it keeps
// are shared, as no one changes one, and each copy keeps its own latest.
// A nil cache clones to nil.
func (cc *ContextCache) Clone() *ContextCache {
	if cc == nil {
		return nil
	}
	return &ContextCache{last: slices.Clone(cc.last)}
}

// keptContext is one side's latest Context and what it read.
type keptContext struct {
	ctx   *Context
	pos   readPos
	enemy []uint8 // by unit: kept bits of the enemy's rules (exerts, forms)
}

const (
	keptExerts uint8 = 1 << iota
	keptForms
)

// Context is NewContext(b, pos, side, enemyZOC, enemyBonds), kept or built
// afresh.
func (cc *ContextCache) Context(b *Board, pos Position, side Side, enemyZOC ZOCRules, enemyBonds BondRules) *Context {
	enemy := side.Other()
	r := readPosition(pos)
	bits := make([]uint8, len(r.hexes))
	for i := range bits {
		if r.on[i] && r.sides[i] == enemy {
			if enemyZOC.Exerts == nil || enemyZOC.Exerts(i) {
				bits[i] |= keptExerts
			}
			if enemyBonds.Forms == nil || enemyBonds.Forms(i) {
				bits[i] |= keptForms
			}
		}
	}
	// The enemy's rules read from bits, each asked once above.
	zr, br := enemyZOC, enemyBonds
	zr.Exerts = func(i int) bool { return bits[i]&keptExerts != 0 }
	br.Forms = func(i int) bool { return bits[i]&keptForms != 0 }
	k := slices.IndexFunc(cc.last, func(k keptContext) bool { return k.ctx.Side == side })
	var ctx *Context
	if k >= 0 {
		ctx = cc.last[k].update(b, r, bits, enemy, br)
	}
	if ctx == nil {
		ctx = NewContext(b, r, side, zr, br)
	}
	kept := keptContext{ctx: ctx, pos: r, enemy: bits}
	if k >= 0 {
		cc.last[k] = kept
	} else {
		cc.last = append(cc.last, kept)
	}
	return ctx
}

// update is the Context for position r and the enemy's bits, from k's, or
// nil if it must be built afresh: an enemy unit changed, a unit left or
// joined a side, or stands off the board's grid. br are the enemy's bond
// rules, for bonds a unit's move may have negated or restored.
func (k *keptContext) update(b *Board, r readPos, bits []uint8, enemy Side, br BondRules) *Context {
	old := k.pos
	if len(old.hexes) != len(r.hexes) {
		return nil
	}
	var moved []int
	for i := range r.hexes {
		same := old.on[i] == r.on[i] && (!r.on[i] || old.hexes[i] == r.hexes[i])
		switch {
		case old.sides[i] != r.sides[i] || k.enemy[i] != bits[i]:
			return nil
		case same:
		case r.sides[i] == enemy:
			return nil
		default:
			moved = append(moved, i)
		}
	}
	if len(moved) == 0 {
		return k.ctx
	}
	prev := k.ctx
	// No enemy unit moved: where they stand is prev's.
	ctx := &Context{Side: prev.Side, EZOC: prev.EZOC, Bonds: prev.Bonds, EnemyAdj: prev.EnemyAdj, enemyAt: prev.enemyAt}
	// The hexes whose units changed, by number.
	var cells []int
	near := false // a unit entered or left a hex next to an enemy unit
	for _, i := range moved {
		for _, p := range [2]readPos{old, r} {
			if !p.on[i] {
				continue
			}
			c, ok := b.Cell(p.hexes[i])
			if !ok {
				return nil
			}
			near = near || prev.EnemyAdj.HasAt(c)
			if !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
	}
	ctx.Occ = maps.Clone(prev.Occ)
	ctx.Held = slices.Clone(prev.Held)
	for _, c := range cells {
		a := b.grid.Hex(c)
		var on []int
		for i := range r.hexes {
			if r.on[i] && r.hexes[i] == a {
				on = append(on, i)
			}
		}
		if len(on) == 0 {
			delete(ctx.Occ, a)
			ctx.Held[c] = ""
		} else {
			ctx.Occ[a] = on
			ctx.Held[c] = r.sides[on[0]]
		}
	}
	if near {
		ctx.Bonds = NewBonds(b, r, ctx.Held, enemy, br)
	}
	return ctx
}
