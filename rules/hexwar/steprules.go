package hexwar

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Step rules that recur across the series, each with the game's rule number
// and words.

// RoadsOnly keeps a move on the roads: every step crosses a hexside along a
// road, and a unit entering the map does so at a hex a road runs through
// (N44 9.8.1 Strategic Movement and 9.9 cyclists, A44 12.1). what says
// which way of moving it is: "Strategic Movement is entirely along roads".
func RoadsOnly(b *Board, rule, what string) StepRule {
	return StepRule{
		Check: func(_ *Mover, s *Step) int {
			if s.Road == "" {
				return 1
			}
			return 0
		},
		Refuse: func(_ int, from, to hex.Axial) error {
			if from == to {
				return rules.Refuse(rule, "%s: no road at %s", what, b.ID(to))
			}
			return rules.Refuse(rule, "%s: no road from %s to %s", what, b.ID(from), b.ID(to))
		},
	}
}

// Avoid bars every hex of one of the move context's sets (N44 9.8.2: next to
// an enemy unit under Strategic Movement; 6.2.5 and 9.8.6: an enemy zone of
// control after a replacement or on Trucks; S43 5.3: Extended Movement), as
// set picks it (EnemyZOC, NextToEnemy). why is the refusal, with a %s for
// the hex's printed id. Entering says whether it bars the entry hex of a
// unit coming onto the map too.
func Avoid(b *Board, set func(*Context) HexSet, entering bool, rule, why string) StepRule {
	return StepRule{
		Check: func(m *Mover, s *Step) int {
			if set(m.Ctx).HasAt(s.To) && (entering || s.From >= 0) {
				return 1
			}
			return 0
		},
		Refuse: func(_ int, _, to hex.Axial) error { return rules.Refuse(rule, why, b.ID(to)) },
	}
}

// EnemyZOC picks the hexes in an enemy zone of control, for Avoid.
func EnemyZOC(c *Context) HexSet { return c.EZOC }

// NextToEnemy picks the hexes next to an enemy unit, for Avoid.
func NextToEnemy(c *Context) HexSet { return c.EnemyAdj }

// StayIn keeps a move inside a zone (N44 17.6.2: the Cherbourg defense
// units). why is the refusal, with a %s for the hex's printed id; the entry
// hex of a unit coming onto the map is not checked.
func StayIn(b *Board, zone string, rule, why string) StepRule {
	in := b.ZoneCells(zone)
	return StepRule{
		Check: func(_ *Mover, s *Step) int {
			if s.From >= 0 && (in == nil || !in[s.To]) {
				return 1
			}
			return 0
		},
		Refuse: func(_ int, _, to hex.Axial) error { return rules.Refuse(rule, why, b.ID(to)) },
	}
}
