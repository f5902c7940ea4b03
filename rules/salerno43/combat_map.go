package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The map a combat's retreats and advances see (12.0, 14.0): the units,
// their zones of control and bonds, stacking and the ground, for the
// defender before the combat and the attacker after the retreat.

// view is a position's map for one side's retreat or advance.
type view struct {
	g      *Game
	side   Side
	occ    map[hex.Axial][]int
	ezoc   hexwar.HexSet
	bonds  hexwar.Bonds
	moving []int
}

func (g *Game) view(side Side, moving []int) *view {
	p := g.pos()
	return &view{g: g, side: side, occ: g.occupants(), ezoc: p.zoc(other(side)),
		bonds: p.bonds(other(side), func(a string) bool { return g.friendlyArea(other(side), a) }), moving: moving}
}

// staying are side's units in a that do not move in this combat.
func (v *view) staying(a hex.Axial) []int {
	var out []int
	for _, i := range v.occ[a] {
		if v.g.sc.Units[i].Side == v.side && !slices.Contains(v.moving, i) {
			out = append(out, i)
		}
	}
	return out
}

// base is the map's common part.
func (v *view) base() combat.Map {
	g := v.g
	return combat.Map{
		OnMap: g.b.Land,
		Enemy: func(a hex.Axial) bool {
			return slices.ContainsFunc(v.occ[a], func(i int) bool { return g.sc.Units[i].Side != v.side })
		},
		EnemyZOC: v.ezoc.Has,
		// 7.2, 12.2, 14.4.2: an enemy bond is never entered nor crossed.
		ZOCLine: func(x, y hex.Axial) bool { return v.bonds.Blocks(x, y, len(v.staying(y)) > 0) },
		// 12.2: a friendly unit not in this combat negates the EZOC in its hex.
		Friends: func(a hex.Axial) (bool, int) { return len(v.staying(a)) > 0, 0 },
		Room: func(a hex.Axial, units []string) bool {
			var us []*Unit
			for _, i := range v.staying(a) {
				us = append(us, &g.sc.Units[i])
			}
			for _, id := range units {
				if i := g.index(id); i >= 0 && !slices.Contains(v.staying(a), i) {
					us = append(us, &g.sc.Units[i])
				}
			}
			return stackingPoints(us) <= StackingLimit
		},
		Holds: func(hex.Axial) bool { return false },
	}
}

// retreatMap is the map the defenders retreat over (12.0): the EZOC rules of
// 12.2, the ground of 12.3 (retreatGround), priority 4 of 12.1.3 under
// salerno43/3 (retreatSupply) and priority 5; a Delay's one-hex retreat
// never ends in an enemy ZOC (11.6.1, 12.2); a retreat may stop early in a
// BH or a friendly city (12.1.5, A-28: retreatStops).
func (g *Game) retreatMap(c *Combat) combat.Map {
	side := other(c.in.attacker)
	v := g.view(side, c.in.defenders)
	m := v.base()
	if g.ver.shEachHex {
		m = g.mapAfterSHRetreats(c, side, m) // 13.3.2: the parts after see them
	}
	m.Retreat = func(from, to hex.Axial, _ int, units []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
		return g.retreatGround(from, to, units, p)
	}
	// 12.2: not two vacant EZOC hexes in a row, and one extra hex out of
	// an EZOC the retreat would end in (EX-19).
	m.ExtraHex = true
	supply := g.retreatSupply(side, c.in.target)
	m.Prefer = func(_ []combat.RetreatUnit, paths []combat.RetreatPath) []combat.RetreatPath {
		paths = slices.DeleteFunc(paths, oneHexIntoEZOC)
		if g.ver.retreatToSupply {
			paths = supply(paths) // 12.1.3 priority 4
		}
		return fewestCrossings(paths) // priority 5
	}
	// 21.2.2, S2.3.5: a stack with a 5th Army unit retreats into no east
	// area (the core's exit test does not name the units: the defenders
	// stand for them).
	m.Exit = func(from, to hex.Axial) bool {
		return g.retreatExit(from, to) && !g.eastBarred(g.areaOf(from), c.in.defenders)
	}
	m.Holds = g.retreatStops(side)
	g.versionRetreat(&m)
	return m
}

// versionRetreat sets the retreat rules the versions read differently: a
// retreat may end over the stacking limit (12.1.4), the owner putting it
// right by the end of his next Movement Phase (4.4), so none is lengthened
// to find room; a first hex in a vacant EZOC ranks with the others (12.1.3
// priority 3); a retreat of any length may stop in any hex of its path
// that retreatStops names, friends holding none (12.1.5); a retreat that
// eliminates no unit comes before one whose hexes are each further (12.1.3
// priority 1 before 2).
func (g *Game) versionRetreat(m *combat.Map) {
	if g.ver.overstackedRetreat {
		m.Room = func(hex.Axial, []string) bool { return true }
	}
	m.FirstEZOCFree = g.ver.firstEZOCFree
	m.StopWhereHolds = g.ver.retreatStops
	m.FurtherIfPossible = g.ver.survivalFirst
}

// retreatSupply keeps, of the retreats of side's units from origin, those
// that end where the units will be in supply, when any do (12.1.3
// priority 4, "if possible"): a hex with a line of supply (16.3) or a
// friendly entry area (16.2.1). The lines are traced once, the first time
// there are paths to choose between, in the position the whole retreat map
// reads.
func (g *Game) retreatSupply(side Side, origin hex.Axial) func([]combat.RetreatPath) []combat.RetreatPath {
	var los map[int]hexwar.SupplyStatus
	inSupply := func(p combat.RetreatPath) bool {
		if p.Exited {
			return g.friendlyArea(side, g.areaOf(exitFrom(origin, p)))
		}
		k, ok := g.b.Cell(p.Hexes[len(p.Hexes)-1])
		return ok && los[k] == hexwar.InSupply
	}
	return func(paths []combat.RetreatPath) []combat.RetreatPath {
		if len(paths) < 2 {
			return paths
		}
		if los == nil {
			los = g.supplyStatuses(side).los
		}
		if slices.ContainsFunc(paths, inSupply) {
			paths = slices.DeleteFunc(paths, func(p combat.RetreatPath) bool { return !inSupply(p) })
		}
		return paths
	}
}

// retreatStops are the hexes where side's retreat may stop early (12.1.5,
// a city side controls, and for the Allies a BH hex. Before
// salerno43/3 the Germans had none.
func (g *Game) retreatStops(side Side) func(hex.Axial) bool {
	if side != Allied && !g.ver.retreatStops {
		return func(hex.Axial) bool { return false }
	}
	return func(a hex.Axial) bool {
		return (side == Allied && g.beachheadAt(a)) || (g.b.Terrain(a) == City && g.controls(side, g.b.ID(a)))
	}
}

// retreatExit is 21.4: a retreat off the map from a hex next to an entry
// area ends in the area: in a friendly one the units stand there, DG or
// SH; in an enemy one they are eliminated (placeOutcome). The step leaves
// the board: an all-sea hex of the map is no way into an area. A retreat
// is a path of printed hex ids, so the hex beyond the edge must have one:
// areas beyond row 00 take no retreat.
func (g *Game) retreatExit(from, to hex.Axial) bool {
	return g.areaOf(from) != "" && !g.b.OnMap(to) && g.b.Layout().ID(to) != ""
}

// advanceMap is the map the attackers advance over (14.0): the defenders
// where the combat has put them so far.
func (g *Game) advanceMap(c *Combat) combat.Map {
	var cached *view
	var cachedMap combat.Map
	var key [4]int
	current := func() (*view, combat.Map) {
		k := [4]int{len(c.AttLoss), len(c.DefLoss), len(c.Eliminated), len(c.Advances)}
		if c.Retreated() {
			k[0] += 1000
		}
		if cached != nil && k == key {
			return cached, cachedMap
		}
		w := g.outcomeGame(c)
		v := w.view(c.in.attacker, nil)
		key, cached, cachedMap = k, v, v.base()
		return cached, cachedMap
	}
	vacated := c.in.target
	return combat.Map{
		OnMap:    g.b.Land,
		Enemy:    func(a hex.Axial) bool { _, m := current(); return m.Enemy(a) },
		EnemyZOC: func(a hex.Axial) bool { _, m := current(); return m.EnemyZOC(a) },
		ZOCLine:  func(x, y hex.Axial) bool { _, m := current(); return m.ZOCLine(x, y) },
		Friends:  func(a hex.Axial) (bool, int) { _, m := current(); return m.Friends(a) },
		Holds:    func(hex.Axial) bool { return false },
		// 14.1: no advance ends over the stacking limit, though it may
		// pass through a full hex (4.4); before salerno43/4 one might,
		// the limit holding before a breakthrough and at the end of the
		// Combat Phase.
		Room: func(a hex.Axial, units []string) bool {
			if !g.ver.advanceStacking {
				return true
			}
			_, m := current()
			return m.Room(a, units)
		},
		Advance: func(u combat.AdvanceUnit, from, to hex.Axial, k int) bool {
			return g.advanceStep(c, u, from, to, k, vacated)
		},
		Stops: func(u combat.AdvanceUnit, from, a, _ hex.Axial) bool {
			return g.hillsStop(u.From, from, a)
		},
		Leaves: func(combat.AdvanceUnit, hex.Axial, hex.Axial) bool { return true },
		// 14.4.1: not from one EZOC into another of the same enemy unit,
		// unless entering or leaving the vacated hex; from salerno43/3 the
		// first step too (the rule makes no exception for it).
		ZOCToZOC: func(from, to hex.Axial) bool {
			v, _ := current()
			return from != vacated && to != vacated && v.g.sameEnemyZOC(c.in.attacker, from, to)
		},
		ZOCToZOCFirst: g.ver.advanceFirstZOCToZOC,
	}
}

// hillsStop is 14.5 (L858, A-20) for an advance from start that entered a
// from from: entering hills off road ends it; from salerno43/3 so does
// leaving off road hills it entered along a road, one hex beyond them (a
// unit entering them off road stopped there).
func (g *Game) hillsStop(start, from, a hex.Axial) bool {
	if g.b.Terrain(a) == Hills && g.b.Road(from, a) == "" {
		return true
	}
	return g.ver.hillsRoadStop && from != start && g.b.Terrain(from) == Hills && g.b.Road(from, a) == ""
}

// advanceStep is 14.2 and 14.5 for unit u's k-th hex (0 the first): no
// further than its length (non-mechanized 2, out of supply 2, ½ Eff 1);
// never where movement may not go; an unbridged river only as the first
// hex, into the attacked hex (never in rain for vehicles, 22.4); a
// mountain hexside without road: vehicles only through a pass, others only
// as the first hex into the attacked hex.
func (g *Game) advanceStep(c *Combat, u combat.AdvanceUnit, from, to hex.Axial, k int, vacated hex.Axial) bool {
	i := g.index(u.ID)
	us := g.s.Units[i]
	if k >= advanceLength(c.Result, u.Mechanized, us.OOS, us.HalfEff) {
		return false
	}
	return g.advanceStepAllowed(i, from, to, k == 0 && to == vacated) == nil
}

// advanceStepAllowed says whether unit i may advance from→to (14.5);
// intoAttacked: the step is the advance's first, into the hex attacked.
func (g *Game) advanceStepAllowed(i int, from, to hex.Axial, intoAttacked bool) error {
	veh := g.sc.Units[i].Info().Vehicle
	b := g.b
	if b.Impassable(from, to) || !b.Land(to) {
		return refuseAdvance("14.5", "%s cannot enter %s", g.sc.Units[i].ID, b.ID(to))
	}
	if b.Feature(from, to, River) && b.Road(from, to) == "" {
		if !intoAttacked || (veh && g.rain()) {
			return refuseAdvance("14.5", "%s crosses the unbridged river %s/%s only as its first hex, into the hex attacked", g.sc.Units[i].ID, b.ID(from), b.ID(to))
		}
	}
	if b.mountainNoRoad(from, to) && (veh || !intoAttacked) {
		return refuseAdvance("14.5", "%s cannot cross the mountain hexside %s/%s here", g.sc.Units[i].ID, b.ID(from), b.ID(to))
	}
	return nil
}

// sameEnemyZOC: both hexes lie in the zone of control of one and the same
// unit of side's enemy (14.4.1), read by the series core as Normandy '44's
// 14.3.1 and Ardennes '44's 19.3.2 read it.
func (g *Game) sameEnemyZOC(side Side, from, to hex.Axial) bool {
	s := g.pos()
	return hexwar.SameZOC(s.b.Board, s, g.occupants(), other(side), s.zocRules(), from, to)
}

// refuseAdvance is a refusal of an advance step.
func refuseAdvance(rule, format string, args ...any) error {
	return rules.Refuse(rule, format, args...)
}

// areaOf is the entry area next to map hex a, "" for none.
func (g *Game) areaOf(a hex.Axial) string {
	for _, name := range entryAreas {
		if g.b.inArea(name, a) {
			return name
		}
	}
	return ""
}
