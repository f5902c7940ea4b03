package normandy44

import (
	"slices"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The map a combat's retreats and advances see (13.x, 14.x): the units,
// their zones of control and bonds, stacking and the ground, for the
// defender before the combat and the attacker after the retreat; and the
// combat's outcome put on the map.

// combatMap is the map seen by side in the position of v, with the units
// moving left out of the friends that stay. extra reports units already
// moved in during this combat (advances), which count for stacking.
func (g *Game) combatMap(v *Game, side Side, moving []int) CombatMap {
	// The units, the enemy's ZOC and ZOC Lines as side's moves see them,
	// kept while they stand (moveContext): shared, only read here.
	ctx := v.moveContext(side)
	occ, zoc, lines := ctx.Occ, ctx.EZOC, ctx.Bonds
	enemy := other(side)
	staying := func(a hx.Axial) []int {
		var out []int
		for _, i := range occ[a] {
			if v.unit(i).Side == side && !slices.Contains(moving, i) {
				out = append(out, i)
			}
		}
		return out
	}
	m := CombatMap{
		OnMap:    g.enterable,
		Enemy:    func(a hx.Axial) bool { return v.sideAt(occ, a) == enemy },
		EnemyZOC: zoc.Has,
		ZOCLine:  func(x, y hx.Axial) bool { return lines.Blocks(x, y, len(staying(y)) > 0) },
		Friends: func(a hx.Axial) (bool, int) {
			st := staying(a)
			hold := 0
			for _, i := range st {
				// 13.3: not Disrupted; 2.2 also not under SM (D27).
				if !v.s.Units[i].Disrupted && !(g.ed.oneHexRetreatExcludesSM && v.s.Units[i].SM) {
					hold += v.strength(i)
				}
			}
			// AMBIG-25: the strength friends stop after a one-hex retreat
			// is theirs once in a Combat Phase, where the version reads so.
			if g.ver.oneHexPerPhase {
				hold -= v.oneHexUsed(g.b.id(a))
			}
			return len(st) > 0, hold
		},
		Room: func(a hx.Axial, units []string) bool {
			var extra []int
			for _, id := range units {
				if i, ok := g.index[id]; ok {
					extra = append(extra, i)
				}
			}
			m := map[hx.Axial][]int{a: staying(a)}
			return v.stackAt(m, a, extra...) <= stackLimit
		},
	}
	if g.ver.smLastResort && g.ed.retreatOntoSMLastResort {
		// 13.7: a retreat ends with friends under a Strategic Move marker
		// only when no other path exists (2.2 only, D13).
		m.LastResort = func(a hx.Axial) bool {
			return slices.ContainsFunc(staying(a), func(i int) bool { return v.s.Units[i].SM })
		}
	}
	if g.ver.advanceZOCFromStart {
		// 14.3.1: no step from one enemy unit's ZOC into the same unit's.
		r := v.zocRules()
		m.ZOCToZOC = func(x, y hx.Axial) bool { return hexwar.SameZOC(g.b.Board, position{v}, occ, enemy, r, x, y) }
		m.ZOCToZOCFirst, m.ZOCToZOCVacated = true, true
	}
	g.ground(side, func(a hx.Axial) bool {
		return slices.ContainsFunc(occ[a], func(i int) bool { return v.unit(i).Type == Strongpoint }) ||
			v.improvedFor(g.b.id(a), side) // 13.3, 16.1.1
	}).set(&m)
	return m
}

// ground is the board's terrain as side's retreats and advances see it,
// with fortified telling where an IP or strongpoint stands.
func (g *Game) ground(side Side, fortified func(hx.Axial) bool) ground {
	return ground{terrain: g.b.terrain, feature: g.featureFor(side),
		road: func(x, y hx.Axial) bool { return g.b.road(x, y) != "" }, fortified: fortified, eachCrossing: g.ver.retreatStepEach,
		ezocStep: g.ed.retreatFirstHexEZOCStepLoss, bocageVacated: g.ed.bocageAdvanceVacatedException}
}

// advanceMap is the map seen by the advancing attacker: the defenders where
// the combat has put them so far (retreated, eliminated), and the attackers
// that advanced already where they went, so that the defender's ZOC is the
// one after the retreat (14.3) and two advances cannot overstack a hex
// (7.2), where the version holds the limit at each advance. excess lists the
// attacker's units in the first hex an advance ended in that is over the
// limit, where the version lets it be (7.2: the attacker eliminates them).
func (g *Game) advanceMap(c *Combat, defenders []int) (m CombatMap, excess func(*combat.Combat) []string) {
	// Every decision that moves a unit grows one of these lists or sets one
	// of these flags, so the key tells when the view must be redone.
	type outcomeKey struct {
		att, def, dd, desp, elim, adv, moves, excess int
		ddOut, ignored                               bool
	}
	var key outcomeKey
	var view *Game
	var cached CombatMap
	at := func() *Game {
		k := outcomeKey{len(c.AttLoss), len(c.DefLoss), len(c.DDLoss), len(c.DespLoss()), len(c.Eliminated), len(c.Advances),
			len(c.Moves), len(c.Excess), c.DDOut != nil, c.Ignored}
		if k == key && view != nil {
			return view
		}
		v := *g
		v.s.Units = slices.Clone(g.s.Units)
		g.placeOutcome(&v, c, defenders)
		key, view, cached = k, &v, g.combatMap(&v, c.In.Attacker, nil)
		return view
	}
	current := func() CombatMap {
		at()
		return cached
	}
	excess = func(*combat.Combat) []string {
		v := at()
		occ := v.occupancy()
		for _, a := range c.Advances {
			if a.Kind != CmdAdvance {
				continue
			}
			h := g.b.ids[a.Hexes[len(a.Hexes)-1]]
			if us := occ[h]; v.stacking(us, -1) != nil {
				ids := make([]string, len(us))
				for k, i := range us {
					ids[k] = v.unit(i).ID
				}
				return ids
			}
		}
		return nil
	}
	m = CombatMap{
		OnMap:    g.enterable,
		Enemy:    func(a hx.Axial) bool { return current().Enemy(a) },
		EnemyZOC: func(a hx.Axial) bool { return current().EnemyZOC(a) },
		ZOCLine:  func(x, y hx.Axial) bool { return current().ZOCLine(x, y) },
		Friends:  func(a hx.Axial) (bool, int) { return current().Friends(a) },
		Room: func(a hx.Axial, units []string) bool {
			if g.ver.stackAtPhaseEnd {
				return true // 7.2: the limit holds after the advance (excess)
			}
			// The unit leaves its own hex: count the hex without it.
			m := current()
			var others []string
			for _, id := range units {
				if i, ok := g.index[id]; ok && g.b.ids[g.s.Units[i].At] == a {
					continue
				}
				others = append(others, id)
			}
			if len(others) == 0 {
				return true
			}
			return m.Room(a, others)
		},
	}
	if g.ver.advanceZOCFromStart {
		m.ZOCToZOC = func(x, y hx.Axial) bool { return current().ZOCToZOC(x, y) }
		m.ZOCToZOCFirst, m.ZOCToZOCVacated = true, true
	}
	g.ground(c.In.Attacker, nil).set(&m)
	m.Holds = func(a hx.Axial) bool { return current().Holds(a) }
	ground := m.Advance
	m.Advance = func(u AdvanceUnit, from, to hx.Axial, k int) bool {
		return ground(u, from, to, k) && g.advanceBound(u.ID, to) // S3.3, 22.1.2
	}
	return m, excess
}

// placeOutcome moves the units of v as the combat has left them so far:
// defenders' losses, eliminations and retreat, the attackers' losses and
// advances. v's units are its own copy.
func (g *Game) placeOutcome(v *Game, c *Combat, defenders []int) {
	left := map[string]int{}
	for _, u := range c.AttackersLeft() {
		left[u.ID] = u.Steps
	}
	for _, u := range c.In.Attackers {
		i := g.index[u.ID]
		n, ok := left[u.ID]
		if !ok {
			v.eliminate(i)
			continue
		}
		v.s.Units[i].Step = len(g.unit(i).Steps) - n
	}
	for _, a := range c.Advances {
		if a.Kind == CmdAdvance {
			v.s.Units[g.index[a.Units[0]]].At = a.Hexes[len(a.Hexes)-1]
		}
	}
	surv := combat.AfterLosses(c.survivors(), c.RetreatLosses())
	steps := map[string]int{}
	for _, u := range surv {
		if !slices.Contains(c.Eliminated, u.ID) {
			steps[u.ID] = u.Steps
		}
	}
	for _, i := range defenders {
		n, ok := steps[g.unit(i).ID]
		if !ok {
			v.eliminate(i)
			continue
		}
		us := &v.s.Units[i]
		us.Step = len(g.unit(i).Steps) - n
		if end, ok := retreatEnd(c, us.ID); ok {
			us.At = g.b.id(end)
			us.RetreatedIn = true
			us.Disrupted = us.Disrupted || c.Result.Mark != "" // 13.6
		}
	}
	for _, id := range c.Excess {
		v.eliminate(g.index[id]) // 7.2: the owner's pick over the limit
	}
}

// retreatEnd is the hex a defender's retreat ended in, if it retreated.
func retreatEnd(c *Combat, id string) (hx.Axial, bool) {
	for _, mv := range c.Moves {
		if slices.Contains(mv.Units, id) {
			return mv.Path.Hexes[len(mv.Path.Hexes)-1], true
		}
	}
	return hx.Axial{}, false
}

// enterable: a land hex that the scenario lets units enter (S3.1), for
// retreats and advances.
func (g *Game) enterable(a hx.Axial) bool {
	if !g.b.land(a) {
		return false
	}
	for _, sr := range g.sc.Special {
		if sr.Kind == SpecialNoEntry && g.b.inZone(sr.Zone, a) {
			return false
		}
	}
	return true
}

// noCross reports whether the scenario forbids side to move or attack
// across the hexside from x to y (S3.1).
func (g *Game) noCross(side Side, x, y hx.Axial) bool {
	for _, sr := range g.sc.Special {
		if sr.Kind == SpecialNoCross && sr.Side == side && g.b.inZone(sr.Zone, x) != g.b.inZone(sr.Zone, y) {
			return true
		}
	}
	return false
}

// featureFor is the board's hexsides as side's retreats and advances see
// them: a zone edge the side may not cross is impassable to it (S3.1).
func (g *Game) featureFor(side Side) func(x, y hx.Axial, f HexsideFeature) bool {
	return func(x, y hx.Axial, f HexsideFeature) bool {
		return g.b.feature(x, y, f) || (f == Impassable && g.noCross(side, x, y))
	}
}

// replStack: a unit with a Repl marker, or stacked with one, may not attack
// (6.2.5).
func (g *Game) replStack(i int) bool {
	at := g.s.Units[i].At
	for j := range g.s.Units {
		if g.s.Units[j].Repl && g.s.Units[j].At == at && !g.s.Units[j].Gone {
			return true
		}
	}
	return false
}
