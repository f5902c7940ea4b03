package ardennes44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The map a combat's retreats and advances see (17.0, 19.0): the units,
// their zones of control and bonds, stacking and the ground, for the
// defender before the combat and the attacker after the retreat.

// view is a position's map for one side's retreat or advance.
type view struct {
	g        *Game
	side     Side
	occ      map[hex.Axial][]int
	ezoc     hexwar.HexSet
	bonds    hexwar.Bonds
	moving   []int
	supplied map[int]bool // hex numbers where side's units would be in supply, for 17.1's priority 3
}

func (g *Game) view(side Side, moving []int) *view {
	return &view{g: g, side: side, occ: g.occupancy(), ezoc: g.zoc(side.Other()), bonds: g.bonds(side.Other()), moving: moving}
}

// staying are side's units in a that do not move in this combat.
func (v *view) staying(a hex.Axial) []int {
	var out []int
	for _, i := range v.occ[a] {
		if v.g.sideOf(i) == v.side && !slices.Contains(v.moving, i) {
			out = append(out, i)
		}
	}
	return out
}

// base is the map's common part.
func (v *view) base() combat.Map {
	g := v.g
	enemy := v.side.Other()
	return combat.Map{
		OnMap:    g.b.Land,
		Enemy:    func(a hex.Axial) bool { return g.sideAt(v.occ, a) == enemy },
		EnemyZOC: v.ezoc.Has,
		// 17.2, 19.3.1: an enemy bond is never entered nor crossed.
		ZOCLine: func(x, y hex.Axial) bool { return v.bonds.Blocks(x, y, len(v.staying(y)) > 0) },
		// 17.1: a friendly unit not in this combat negates the EZOC in its
		// hex for the retreat.
		Friends: func(a hex.Axial) (bool, int) { return len(v.staying(a)) > 0, 0 },
		Room: func(a hex.Axial, units []string) bool {
			st := v.staying(a)
			var join []int
			for _, id := range units {
				if i, ok := g.index[id]; ok && !slices.Contains(st, i) {
					join = append(join, i)
				}
			}
			all := append(slices.Clone(st), join...)
			return g.stacking(all, -1) == nil
		},
		Holds: func(hex.Axial) bool { return false },
	}
}

// retreatMap is the map the defenders retreat over (17.1, 17.2).
func (g *Game) retreatMap(c *Combat) combat.Map {
	v := g.view(c.in.attacker.Other(), c.in.defenders)
	m := v.base()
	m.Loose = true // 17.1: the full distance, never a hex twice, ending that far away if possible
	m.Retreat = func(from, to hex.Axial, _ int, units []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
		return g.retreatGround(from, to, units, p)
	}
	if v.side == Allied {
		// 11.9.4, 17.6: Allied units retreat off the south, west or north
		// edge into the Off-map Area beyond; off the east edge they die.
		m.Exit = func(from, to hex.Axial) bool {
			e := g.b.edgeBeyond(to)
			return e != "" && e != "east" && g.b.areaOf(from) != ""
		}
	}
	m.Prefer = func(units []combat.RetreatUnit, ps []combat.RetreatPath) []combat.RetreatPath {
		return g.preferRetreat(v, c, units, ps)
	}
	// 17.4 (L1007): the extra hexes are how the owner "prevents" the
	// overstack by reaching a hex within the limit, with the stack or with
	// the units over the limit (a part of it, 17.1: the search is the
	// part's, and Room counts the parts gone before where they stand);
	// when none can be reached, "the steps (of the retreating units) over
	// the limit must be reduced". We read that the stack, or the part, then
	// ends where the retreat the result asks for ends (17.1, priority 1: as
	// many hexes away as that), in the hex the owner picks among those 17.1
	// allows: extra hexes that reach no legal hex remedy nothing, so they
	// are not taken, nor is the Broken state 17.4 gives the units that take
	// them. Which units go on is the owner's choice, but a stack that may
	// split ends over the limit only once none of its units left can end
	// within it (combat.RetreatStage). ardennes44/1 eliminated the whole
	// stack.
	m.OverLimit = g.ver.excessSteps
	// 17.4: the extra hexes only where no retreat of the result's length
	// ends within the limit (ardennes44/4 on).
	m.ExtendOnlyOverLimit = g.ver.extendOnlyOverLimit
	// 17.4: the extra hexes go on "until a hex within the limit is
	// reached", with no number (ardennes44/4 on; before, at most
	// combat.MaxRetreatExtension).
	if g.ver.extendUntilRoom {
		m.MaxExtension = -1
	}
	return m
}

// retreatGround is the ground's effect on a retreat step (17.2): never
// across a lake or an unbridged Meuse; a vehicle into or out of forest, the
// West Wall or wooded rough off road, or across an unbridged river, is
// eliminated (a blown bridge is no bridge).
func (g *Game) retreatGround(from, to hex.Axial, units []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
	road := g.b.road(from, to) != "" && !g.bridgeOut(g.b.sideID(from, to))
	if g.b.feature(from, to, Lake) || (g.b.feature(from, to, Meuse) && !road) {
		return p, false
	}
	vehicleLost := !road && (g.b.feature(from, to, River) || g.b.feature(from, to, WRSide) ||
		woods(g.b.terrain(from)) || woods(g.b.terrain(to)) || g.b.westWall(from) || g.b.westWall(to))
	if vehicleLost {
		for _, u := range units {
			if u.Mechanized && !slices.Contains(p.MechLost, u.ID) {
				p.MechLost = append(slices.Clone(p.MechLost), u.ID)
				p.Losses += u.Steps
			}
		}
	}
	return p, true
}

// preferRetreat applies 17.1's further priorities to the paths of units:
// end in supply if one can (3); vehicles on roads as much as they can (5).
// Overstacking (4) is the series' extension of a retreat (17.4).
func (g *Game) preferRetreat(v *view, c *Combat, units []combat.RetreatUnit, ps []combat.RetreatPath) []combat.RetreatPath {
	if v.supplied == nil {
		v.supplied = g.suppliedCells(v.side)
	}
	inSupply := func(p combat.RetreatPath) bool {
		if p.Exited {
			return v.side == Allied // 23.2: Off-map Areas are in supply
		}
		k, _ := g.b.Cell(p.Hexes[len(p.Hexes)-1])
		return v.supplied[k]
	}
	if slices.ContainsFunc(ps, inSupply) {
		ps = slices.DeleteFunc(slices.Clone(ps), func(p combat.RetreatPath) bool { return !inSupply(p) })
	}
	// Priority 5 binds the paths of a part with vehicles. A stack that
	// cannot split (ardennes44/1, /2) read it of every survivor, the units
	// that cannot retreat at all among them.
	vehicles := false
	if g.ver.splitRetreat {
		for _, u := range units {
			vehicles = vehicles || u.Mechanized
		}
	} else {
		for _, u := range c.Survivors() {
			vehicles = vehicles || u.Mechanized
		}
	}
	if !vehicles {
		return ps
	}
	origin := c.in.target
	roads := func(p combat.RetreatPath) int {
		n, prev := 0, origin
		for _, a := range p.Hexes {
			if g.b.OnMap(a) && g.b.road(prev, a) != "" {
				n++
			}
			prev = a
		}
		return n
	}
	best := 0
	for _, p := range ps {
		best = max(best, roads(p))
	}
	return slices.DeleteFunc(slices.Clone(ps), func(p combat.RetreatPath) bool { return roads(p) < best })
}

// advanceMap is the map the attackers advance over (19.0): the defenders
// where the combat has put them so far, the attackers that advanced
// already where they went.
func (g *Game) advanceMap(c *Combat) combat.Map {
	type key struct {
		att, def, dd, elim, adv, excess, splits int
		retreat, ddOut                          bool
	}
	var k0 key
	var cached *view
	var cachedMap combat.Map
	current := func() (*view, combat.Map) {
		k := key{len(c.AttLoss), len(c.DefLoss), len(c.DDLoss), len(c.Eliminated), len(c.Advances), len(c.RetreatExcess), len(c.Splits), len(c.Moves) > 0, c.DDOut != nil}
		if cached != nil && k == k0 {
			return cached, cachedMap
		}
		w := g.outcomeGame(c)
		v := w.view(c.in.attacker, nil)
		k0, cached, cachedMap = k, v, v.base()
		return cached, cachedMap
	}
	attacker := c.in.attacker
	m := combat.Map{
		OnMap:       g.b.Land,
		Enemy:       func(a hex.Axial) bool { _, m := current(); return m.Enemy(a) },
		EnemyZOC:    func(a hex.Axial) bool { _, m := current(); return m.EnemyZOC(a) },
		ZOCLine:     func(x, y hex.Axial) bool { _, m := current(); return m.ZOCLine(x, y) },
		Friends:     func(a hex.Axial) (bool, int) { _, m := current(); return m.Friends(a) },
		Holds:       func(hex.Axial) bool { return false },
		ThroughEZOC: true, // 19.3.2
		ZOCToZOC: func(from, to hex.Axial) bool {
			v, _ := current()
			return v.g.sameEnemyZOC(attacker, from, to)
		},
		// AMB-25: the road bonus counts only when every step of the
		// advance, the defender's vacated hex included, is along a road
		// (the core's walk keeps the bonus while each step is).
		AlongRoad: func(from, to hex.Axial) bool {
			r := g.b.road(from, to)
			if r == "" || g.bridgeOut(g.b.sideID(from, to)) || slices.Contains(c.in.blown, g.b.sideID(from, to)) {
				return false
			}
			return r != ForestRoad || frozen(g.s.Turn) // 19.1.3, 28.1
		},
		Room: func(a hex.Axial, units []string) bool {
			v, m := current()
			for _, i := range v.staying(a) {
				if v.g.s.Units[i].SM {
					return false // 19.6: never into a hex with a friendly SM unit
				}
			}
			var others []string
			for _, id := range units {
				if i, ok := g.index[id]; ok && g.b.ids[g.s.Units[i].At] == a {
					continue
				}
				others = append(others, id)
			}
			return len(others) == 0 || m.Room(a, others)
		},
		Advance: func(u combat.AdvanceUnit, from, to hex.Axial, k int) bool { return g.advanceGround(c, u, from, to, k) },
		Stops:   func(combat.AdvanceUnit, hex.Axial, hex.Axial, hex.Axial) bool { return false },
		Leaves: func(u combat.AdvanceUnit, from, to hex.Axial) bool {
			return !u.Mechanized || g.b.road(from, to) != "" || !(woods(g.b.terrain(from)) || g.b.westWall(from))
		},
	}
	return m
}

// advanceGround is 19.2: never where movement may not go; infantry into a
// forest, or across a road-less wooded-rough hexside or an unbridged river,
// only as the first hex; vehicles never off road into forest, wooded rough
// or the West Wall, nor across those hexsides, nor out of them off road
// (ardennes44/4); a German unit across no army
// boundary before turn 5 (11.10.2); British units stay west of the Meuse
// (27.3.1).
func (g *Game) advanceGround(c *Combat, u combat.AdvanceUnit, from, to hex.Axial, k int) bool {
	i := g.index[u.ID]
	side := string(g.sideOf(i))
	road := g.b.road(from, to) != "" && !g.bridgeOut(g.b.sideID(from, to)) && !slices.Contains(c.in.blown, g.b.sideID(from, to))
	t := g.b.terrain(to)
	switch {
	case g.b.feature(from, to, Lake):
		return false
	case side == string(German) && g.s.Turn < boundariesLifted && g.b.feature(from, to, ArmyBoundary):
		return false
	case g.unit(i).Nation == British && !(g.unit(i).Has(Mark29Armd) && g.isReleased29()) &&
		(!g.b.zone(ZoneWestMap, to) || !g.b.zone(ZoneWestOfMeuse, to)):
		return false
	}
	crossing := !road && (g.b.river(from, to) || g.b.feature(from, to, WRSide))
	if u.Mechanized {
		// From ardennes44/4 the first step too leaves a forest or West
		// Wall hex only along a road (11.5, L520): the core's Leaves
		// binds only the steps after it.
		leaving := g.ver.advanceLeavesAlongRoad && (woods(g.b.terrain(from)) || g.b.westWall(from))
		return !crossing && (road || !(woods(t) || g.b.westWall(to) || leaving))
	}
	if crossing || (t == Forest && !road) {
		return k == 0
	}
	return true
}

// sameEnemyZOC: both hexes lie in the zone of control of one and the same
// unit of side's enemy (19.3.2), read by the series core as Normandy '44's
// 14.3.1 reads it.
func (g *Game) sameEnemyZOC(side Side, from, to hex.Axial) bool {
	return hexwar.SameZOC(g.b.Board, position{g}, g.occupancy(), side.Other(), g.zocRules(), from, to)
}
