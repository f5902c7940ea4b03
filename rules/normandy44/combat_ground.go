package normandy44

import (
	"slices"

	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Retreat after combat (13.x) and advance after combat (14.x): the series'
// searches (rules/hexwar/combat) over Normandy's ground, what the TEC's
// hexes and hexsides do to a step (13.2, 13.3, 14.4).

// CombatMap is what retreats and advances need to know of the map, seen
// from the moving side.
type CombatMap = combat.Map

// RetreatUnit is a unit of the retreating stack.
type RetreatUnit = combat.RetreatUnit

// RetreatPath is one legal retreat of a stack, with its cost.
type RetreatPath = combat.RetreatPath

// AdvanceUnit is one attacking unit that may advance.
type AdvanceUnit = combat.AdvanceUnit

// ground is the map's terrain as one side's retreats and advances see it.
type ground struct {
	terrain   func(hx.Axial) Terrain
	feature   func(from, to hx.Axial, f HexsideFeature) bool
	road      func(from, to hx.Axial) bool
	fortified func(hx.Axial) bool // an IP or strongpoint in the hex (13.3)
	// eachCrossing: every crossing that costs a retreat a step costs one
	// (AMBIG-24's reading, the rules version's), not one a retreat.
	eachCrossing bool
	// ezocStep: a retreat whose first hex is a vacant hex in an enemy ZOC
	// costs a step (the first edition's 13.2, IT L936 and L950, D25).
	ezocStep bool
	// bocageVacated: an advance that enters the vacated hex, bocage, goes
	// on from it along a road (2.2's 14.4.1); in the first edition bocage
	// stops every advance that does not follow a road (IT L1038, D28).
	bocageVacated bool
}

// set puts the ground's rules on a combat map.
func (gr ground) set(m *combat.Map) {
	m.Retreat, m.Holds = gr.retreat, gr.holds
	m.Advance, m.Stops, m.Leaves = gr.advance, gr.stops, gr.leaves
}

// prohibited: an impassable hexside (9.6) or a marsh or sea hex entered off
// road (13.2.2, 14.4.2).
func (gr ground) prohibited(from, to hx.Axial) bool {
	if gr.feature(from, to, Impassable) {
		return true
	}
	t := gr.terrain(to)
	return (t == Marsh || t == Sea) && !gr.road(from, to)
}

// retreat adds the losses of one retreat step (13.2.1, L942-948): a major
// river crossed later than the first step (the stack did not start
// adjacent to it) costs the stack a step; a flooded-river hexside crossed
// later than the first step, or a flooded hex entered off road, eliminates
// the mechanized units and costs the others a step.
func (gr ground) retreat(from, to hx.Axial, k int, units []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
	if gr.prohibited(from, to) {
		return p, false // 13.2.2
	}
	if k == 0 && p.EZOC && gr.ezocStep {
		// D25: the step is the stack's, the owner picks the unit (IT
		// L950). It is a cause of its own in 13.2's list, so a river
		// crossed later costs its step too, unless the option
		// retreat-step-once reads AMBIG-24 as one step a retreat.
		p.Steps++
		p.Losses++
	}
	road := gr.road(from, to)
	major := k > 0 && gr.feature(from, to, MajorRiver) && !road
	flooded := (k > 0 && (gr.feature(from, to, FloodedRiver) && !gr.feature(from, to, Causeway))) ||
		(gr.terrain(to) == Flooded && !road)
	allMech := !slices.ContainsFunc(units, func(u combat.RetreatUnit) bool { return !u.Mechanized })
	if flooded {
		for _, u := range units {
			if u.Mechanized && !slices.Contains(p.MechLost, u.ID) {
				p.MechLost = append(slices.Clone(p.MechLost), u.ID)
				p.Losses += u.Steps
			}
		}
	}
	// AMBIG-24: each crossing costs a step (the digest's reading), or one
	// step in all however many (normandy44/4's, and the option
	// retreat-step-once); on a major river mechanized units are not
	// eliminated and an all-mechanized stack pays the step itself.
	if (major || flooded) && (!allMech || major) && (p.Steps == 0 || gr.eachCrossing) {
		p.Steps++
		p.Losses++
	}
	return p, true
}

// holds: a City, Town, Forest or Bocage hex, or an IP or strongpoint, stops
// a two-hex retreat after one hex (13.3).
func (gr ground) holds(a hx.Axial) bool {
	return terrainChart[gr.terrain(a)].StopsRetreat || gr.fortified(a)
}

// advance checks the ground of one advance step (14.4): no prohibited hex
// or hexside (14.4.2); a mechanized unit never enters or leaves a flooded
// hex or crosses a flooded-river hexside off road (14.4.3); a flooded-river
// hexside only as the first hex (14.4.3), a major river off road only as
// the first hex (14.4.4).
func (gr ground) advance(u combat.AdvanceUnit, from, to hx.Axial, k int) bool {
	if gr.prohibited(from, to) {
		return false // 14.4.2
	}
	road := gr.road(from, to)
	floodSide := gr.feature(from, to, FloodedRiver) && !gr.feature(from, to, Causeway)
	if u.Mechanized && !road && (gr.terrain(to) == Flooded || gr.terrain(from) == Flooded || floodSide) {
		return false // 14.4.3
	}
	if k > 0 && floodSide {
		return false // 14.4.3: a flooded hexside only as the first hex
	}
	return !(k > 0 && gr.feature(from, to, MajorRiver) && !road) // 14.4.4
}

// stops: an advancing unit stops on entering bocage, unless along a road or
// (2.2) into the vacated hex (14.4.1), and a flooded hex off road (14.4.3).
func (gr ground) stops(u combat.AdvanceUnit, from, a, vacated hx.Axial) bool {
	t := gr.terrain(a)
	return (t == Bocage && !gr.road(from, a) && !(gr.bocageVacated && a == vacated)) || (t == Flooded && !gr.road(from, a))
}

// leaves: out of a bocage hex an advance goes on only along a road
// (14.4.1).
func (gr ground) leaves(u combat.AdvanceUnit, from, to hx.Axial) bool {
	return gr.terrain(from) != Bocage || gr.road(from, to)
}
