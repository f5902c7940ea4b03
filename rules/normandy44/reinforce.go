package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Reinforcements (6.5, 6.6, S3.2.6-7) and mobilization (6.7), as functions of
// the scenario's schedule and plain inputs.

// inBritain reports whether a reinforcement waits on the In Britain card to be
// bought with RP (6.5.1) rather than arriving by itself.
func inBritain(s *Scenario, r Reinforcement) bool {
	for _, b := range s.Boxes {
		if b.Name == r.At {
			return b.Kind == BoxInBritain
		}
	}
	return false
}

// scenarioUnit finds a unit of the scenario by id.
func scenarioUnit(s *Scenario, id string) (*Unit, bool) {
	i := slices.IndexFunc(s.Units, func(u Unit) bool { return u.ID == id })
	if i < 0 {
		return nil, false
	}
	return &s.Units[i], true
}

// arrivals lists the reinforcements of side scheduled to arrive on turn by
// themselves: German units at a hex or an entry colour (6.6, S3.2.6) and
// Allied gliders (20.2.4), in schedule order. Units bought with RP are
// purchasable's; delayed German units (6.6) are the caller's to carry over.
func arrivals(s *Scenario, turn int, side Side) []Reinforcement {
	var out []Reinforcement
	for _, r := range s.Reinforcements {
		if r.Turn != turn { // first: the units of other turns need no look-up
			continue
		}
		u, ok := scenarioUnit(s, r.Unit)
		if !ok || u.Side != side || inBritain(s, r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// purchasable lists the Allied units on the In Britain card that may be bought
// on turn (6.5.1: from turn 2, or from the turn the schedule names), leaving out
// those already bought (bought holds unit ids), in schedule order.
func purchasable(s *Scenario, turn int, bought map[string]bool) []Reinforcement {
	if turn < 2 {
		return nil // 6.5.1: from turn 2
	}
	var out []Reinforcement
	for _, r := range s.Reinforcements {
		if r.Turn <= turn && inBritain(s, r) && !bought[r.Unit] {
			out = append(out, r)
		}
	}
	return out
}

// rpCostRow is one row of the RP cost schedule (6.5.1, T15).
type rpCostRow struct {
	rp   int
	what string
	fits func(u *Unit) bool
}

// rpCosts is T15 in the order its rows are tried: the first that fits.
var rpCosts = []rpCostRow{
	{4, "6.5.1: British armored brigade 8-6 or US Combat Command 7-6", func(u *Unit) bool {
		return u.Type == Armored && strings.HasPrefix(u.Size, "X") && !strings.HasPrefix(u.Size, "XX")
	}},
	{2, "6.5.1: HQ", func(u *Unit) bool { return u.Type == HQ }},
	{1, "6.5.1: 1-step unit", func(u *Unit) bool { return len(u.Steps) == 1 }},
	{3, "6.5.1: US regiment", func(u *Unit) bool {
		return u.Nationality == "us" && strings.HasPrefix(u.Size, "III")
	}},
	{3, "6.5.1: CW infantry (incl. motorized) brigade", func(u *Unit) bool {
		return (u.Nationality == "gb" || u.Nationality == "ca") && strings.HasPrefix(u.Size, "X") &&
			!strings.HasPrefix(u.Size, "XX") && (u.Type == Infantry || u.Type == Motorized)
	}},
	{2, "6.5.1: 2-step armored unit", func(u *Unit) bool {
		return len(u.Steps) == 2 && UnitTypes[u.Type].ArmoredT
	}},
}

// rpCost is what bringing u over from In Britain costs (6.5.1): the cost the
// scenario's In Britain card prints (Reinforcement.RP), else the T15 row that
// fits the counter. ok is false if neither gives one. The cost is the same for
// a unit waiting reduced (6.5.1).
func rpCost(r Reinforcement, u *Unit) (rp int, rule string, ok bool) {
	return rpCostIn(rpCosts, r, u)
}

// rpCost is rpCost by the game's edition's chart (edition.rpCosts).
func (g *Game) rpCost(r Reinforcement, u *Unit) (rp int, rule string, ok bool) {
	return rpCostIn(g.ed.rpCosts, r, u)
}

func rpCostIn(rows []rpCostRow, r Reinforcement, u *Unit) (rp int, rule string, ok bool) {
	if r.RP > 0 {
		return r.RP, "6.5.1: the In Britain card", true
	}
	for _, row := range rows {
		if row.fits(u) {
			return row.rp, row.what, true
		}
	}
	return 0, "", false
}

// Landing is one Allied reinforcement landing in a turn (6.5.2).
type Landing struct {
	Unit   string
	Army   string // "us" or "gb" (CW): whose RP pay (6.5.1)
	Beach  string // utah, omaha, gold, juno, sword; the GB Mulberry is gold, the US one omaha (6.5.2, AMBIG-49)
	RP     int
	Closed bool // the beach is closed: only its engineer may land (21.1.4)
}

// checkLandings checks one turn's Allied landings against the RP income of each
// army (6.5.1, reduced per 6.5.3 by the caller) and the limit of 4 RP through
// each beach (6.5.2 c). An army's RP land only on its own beaches (ENGINE NOTE
// on E04: Utah and Omaha are US, Gold, Juno and Sword CW).
func checkLandings(landings []Landing, rpUS, rpCW int) error {
	spent := map[string]int{}
	through := map[string]int{}
	for _, l := range landings {
		army, ok := beaches[l.Beach]
		if !ok || l.Beach == "pointe-du-hoc" {
			return rules.Refuse("6.5.2", "%s: %q is not a beach reinforcements land on", l.Unit, l.Beach)
		}
		if army != l.Army {
			return rules.Refuse("6.5.2", "%s: %s RP cannot land through %s, a beach of the other army", l.Unit, strings.ToUpper(l.Army), l.Beach)
		}
		spent[l.Army] += l.RP
		through[l.Beach] += l.RP
		if through[l.Beach] > beachRPCap {
			return rules.Refuse("6.5.2", "%s: %d RP through %s this turn; at most %d per beach", l.Unit, through[l.Beach], l.Beach, beachRPCap)
		}
	}
	if spent["us"] > rpUS {
		return rules.Refuse("6.5.1", "%d US RP spent, %d available", spent["us"], rpUS)
	}
	if spent["gb"] > rpCW {
		return rules.Refuse("6.5.1", "%d CW RP spent, %d available", spent["gb"], rpCW)
	}
	return nil
}

// rpAfterEngineers is an army's RP after 6.5.3: -2 for each of its engineers
// removed from a beach hex (for the CW, only Gold and Juno count; the caller
// leaves Sword out), never below 0.
func rpAfterEngineers(rp, engineersOff int) int {
	return max(0, rp-2*engineersOff)
}

// entryColours in their order along the map edge (6.6): a delayed reinforcement
// enters next turn in the same or an adjacent zone.
var entryZoneOrder = []string{"blue", "green", "red", "orange"}

// delayedEntryColours lists the colours a German reinforcement due at colour
// may use after a one-turn delay (6.6): the same zone or an adjacent one.
func delayedEntryColours(colour string) []string {
	i := slices.Index(entryZoneOrder, colour)
	if i < 0 {
		return nil
	}
	var out []string
	for j := max(0, i-1); j <= min(len(entryZoneOrder)-1, i+1); j++ {
		out = append(out, entryZoneOrder[j])
	}
	return out
}

// entryHexes lists the scenario's entry hexes of a colour (6.6), in id order;
// a reinforcement whose At is a hex id enters there (S3.2.6).
func entryHexes(s *Scenario, at string) []string {
	colour, ok := strings.CutPrefix(at, "entry:")
	if !ok {
		return []string{at}
	}
	var ids []string
	for _, p := range s.Places {
		if p.Kind == PlaceEntry && p.Arg == colour {
			ids = append(ids, p.Hex)
		}
	}
	slices.Sort(ids)
	return ids
}

// firstMobilizationTurn is the first turn units leave the mobilization boxes (6.7).
const firstMobilizationTurn = 2

// mobilizationHexes lists where division's units may be mobilized (6.7): its
// mobilization hexes free of enemy units and enemy ZOC, in id order.
func mobilizationHexes(s *Scenario, division string, enemyUnit, enemyZOC func(hexID string) bool) []string {
	var ids []string
	for _, p := range s.Places {
		if p.Kind == PlaceMobilization && p.Arg == division && !call1(enemyUnit, p.Hex) && !call1(enemyZOC, p.Hex) {
			ids = append(ids, p.Hex)
		}
	}
	slices.Sort(ids)
	return ids
}

// checkMobilization checks one mobilization in the German Replacement Phase
// (6.7): from turn 2, one unit a turn in total (AMBIG-48), from the box of its
// division to a free mobilization hex of that division. box is the unit's
// mobilization box, already is how many units were mobilized this turn.
func checkMobilization(s *Scenario, turn int, u *Unit, box, hexID string, already int, enemyUnit, enemyZOC func(string) bool) error {
	if turn < firstMobilizationTurn {
		return rules.Refuse("6.7", "mobilization begins in turn 2")
	}
	if already > 0 {
		return rules.Refuse("6.7", "one unit a turn leaves the mobilization boxes")
	}
	bi := slices.IndexFunc(s.Boxes, func(b Box) bool { return b.Name == box })
	if bi < 0 || s.Boxes[bi].Kind != BoxMobilization {
		return rules.Refuse("6.7", "%s is not in a mobilization box", u.ID)
	}
	div := s.Boxes[bi].For
	if !slices.Contains(mobilizationHexes(s, div, nil, nil), hexID) {
		return rules.Refuse("6.7", "%s is not a mobilization hex of the %s division", hexID, div)
	}
	if !slices.Contains(mobilizationHexes(s, div, enemyUnit, enemyZOC), hexID) {
		return rules.Refuse("6.7", "%s holds an enemy unit or lies in an enemy ZOC", hexID)
	}
	return nil
}

// RebuildPlace is a hex chosen for a rebuilt unit (6.2.2) and what 6.2.2 asks
// of it.
type RebuildPlace struct {
	Hex        string
	Controller Side // 2.2.5
	// SameNationHQ: an HQ of the unit's nationality is in the hex (6.2.2;
	// the first edition's HQ is any friendly HQ in supply, IT L386, and
	// the caller sets it so).
	SameNationHQ bool
	Supply       SupplyStatus // replLine's status of the hex
	// EnemyZOC: the hex is in an enemy ZOC, even with friendly units in it
	// (a 2.2 change, D02); the first edition's caller leaves it false.
	EnemyZOC bool
	// DivisionAt are the hexes of the units of the unit's division that were
	// on the map at the start of this phase (units rebuilt in it excluded;
	// in the first edition, included: D04, IT L390).
	DivisionAt []string
}

// rebuildWithin is how near a unit of its division a rebuilt unit returns (6.2.2 c).
const rebuildWithin = 5

// checkRebuildPlace checks where a unit returns on the map when rebuilt
// (6.2.2): a friendly-controlled Town or City, or a hex with an HQ of its
// nationality; with a supply line now; outside enemy ZOC; within 5 hexes of
// a unit of its division, unless it has no division; and never if none of
// the division is on the map. In 2.2 Allied units return to the In Britain
// card instead (6.2.2) and HQs follow 17.2.2: both are the caller's, as is
// what the first edition reads otherwise (RebuildPlace).
func checkRebuildPlace(s *Scenario, m *SupplyMap, u *Unit, p RebuildPlace) error {
	a, ok := m.b.ids[p.Hex]
	if !ok || !m.b.land(a) {
		return rules.Refuse("6.2.2", "%s is not a land hex of the map", p.Hex)
	}
	townCity := townOrCity(m.b.terrain(a))
	switch {
	case !(townCity && p.Controller == u.Side) && !p.SameNationHQ:
		return rules.Refuse("6.2.2", "%s is neither a friendly Town or City nor the hex of a %s HQ", p.Hex, u.Nationality)
	case p.Supply != InSupply:
		return rules.Refuse("6.2.2", "%s has no supply line now", p.Hex)
	case p.EnemyZOC:
		return rules.Refuse("6.2.2", "%s is in an enemy ZOC", p.Hex)
	}
	if u.Formation == "" {
		return nil
	}
	if len(p.DivisionAt) == 0 {
		return rules.Refuse("6.2.2", "no unit of %s is on the map: the division is destroyed", u.Formation)
	}
	for _, id := range p.DivisionAt {
		if b, ok := m.b.ids[id]; ok && hex.Distance(a, b) <= rebuildWithin {
			return nil
		}
	}
	return rules.Refuse("6.2.2", "%s is more than %d hexes from every unit of %s", p.Hex, rebuildWithin, u.Formation)
}
