package salerno43

import (
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Zones of control (6.0) and ZOC bonds (7.0) as the series' core computes
// them, with Salerno's rules of who exerts and forms them, what anchors a
// bond and what breaks one.

// zocRules: every combat unit on the map exerts a zone into the six hexes
// around it, BH units, ASU and free-stacking units included (6.1), but not
// a Shattered unit (13.3.2). No zone crosses an all-sea hexside (the
// chart's impassable row) nor reaches an entry area, which is off the map
// (21.3.3); a vehicle's does not cross a mountain hexside without a road or
// a pass (6.1).
func (s *situation) zocRules() hexwar.ZOCRules {
	return hexwar.ZOCRules{
		Exerts: func(i int) bool { return s.units[i].Status != Shattered },
		Reaches: func(i int, from, to hex.Axial) bool {
			return !s.unit(i).Info().Vehicle || !s.b.mountainNoRoad(from, to)
		},
	}
}

// formsBond: a Good Order combat unit without a white outline (7.1, A-05:
// the counter's no-bond mark), never a DG (13.2.1) or Shattered unit nor an
// ASU (17.2); variable-strength units may (19.3).
func (s *situation) formsBond(i int) bool {
	u := s.unit(i)
	return s.units[i].Status == GoodOrder && !u.NoBond && !u.ASU()
}

// bondRules are 7.1-7.6 for side's bonds, with the entry areas friendly to
// side (21.2) as anchors.
func (s *situation) bondRules(side Side, friendly func(area string) bool) hexwar.BondRules {
	occ := hexwar.Occupants(s)
	// vehicles: the stack on a forms its bonds with vehicles alone, which
	// bond across no mountain hexside without a road, pass or not (7.6.1;
	// either end).
	vehicles := func(a hex.Axial) bool {
		for _, i := range occ[a] {
			if s.Side(i) == side && s.formsBond(i) && !s.unit(i).Info().Vehicle {
				return false
			}
		}
		return true
	}
	// breaks: a route P-M-Q crosses two road-less mountain hexsides, or a
	// mountain hexside without a road on a bond formed by vehicles alone
	// at either end (7.6.1, A-06; salerno43/2 and older: on the vehicles'
	// own half); two small rivers never break one (7.6.3).
	breaks := func(p [3]hex.Axial) bool {
		n := 0
		either := s.ver.vehicleBonds && (vehicles(p[0]) || vehicles(p[2]))
		for k, hs := range [][2]hex.Axial{{p[0], p[1]}, {p[1], p[2]}} {
			if s.b.mountainNoRoad(hs[0], hs[1]) {
				n++
			}
			if s.b.mountainWithoutRoad(hs[0], hs[1]) && (either || vehicles(p[2*k])) {
				return true
			}
		}
		return n >= 2
	}
	return hexwar.BondRules{
		Forms: s.formsBond,
		// 7.5, 21.3.3: a hexside bond, never a hex bond, with a friendly
		// entry area: x and y are both next to it and z, the vertex's third
		// hex, is beyond the map edge. No bond with the coast (7.6.2).
		Anchor: func(x, y, z hex.Axial) bool {
			if s.b.OnMap(z) {
				return false
			}
			for name := range s.b.areas {
				if friendly(name) && s.b.inArea(name, x) && s.b.inArea(name, y) {
					return true
				}
			}
			return false
		},
		HexBreaks:  breaks,
		SideBreaks: breaks, // 7.6.1: the owner routes it through either side hex not enemy-held
	}
}

// zoc is the set of hexes in side's zones of control.
func (s *situation) zoc(side Side) hexwar.HexSet {
	return hexwar.ZOC(s.b.Board, s, side, s.zocRules())
}

// bonds are side's ZOC bonds in the position.
func (s *situation) bonds(side Side, friendly func(area string) bool) hexwar.Bonds {
	return hexwar.NewBonds(s.b.Board, s, hexwar.Held(s.b.Board, s), side, s.bondRules(side, friendly))
}
