package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Rebuilding eliminated units with Repl (6.2.1, 6.2.2, 17.2.2):
//
//	rebuild UNIT HEX   a German unit, or an HQ of either side, returns on HEX
//	                   (in the first edition an Allied unit too, D03)
//	rebuild UNIT       in 2.2 an Allied unit goes to the In Britain card, to
//	                   be bought and landed again (6.5; AMBIG-63)
//
// A rebuilt unit returns at its lowest step (6.2.1; a 3-step unit as its
// cadre) and carries the Repl marker (6.2.4).

// inBritainBox is the scenario's In Britain card, "" if it has none.
func (g *Game) inBritainBox() string {
	for _, b := range g.sc.Boxes {
		if b.Kind == BoxInBritain {
			return b.Name
		}
	}
	return ""
}

// rebuildStock checks that unit i may be rebuilt on hexID ("" for the In
// Britain card) and picks the Repl marker, as replaceStock does.
func (g *Game) rebuildStock(i int, hexID string, repl map[string]SupplyStatus) (int, error) {
	return g.rebuildStockIn(nil, i, hexID, repl)
}

// rebuildReading is what the checks of a rebuild read of the position for
// a side: its supply view (the enemy's zones and lines, control) and who
// stands where. Legal reads it once for every unit and hex it tries
// (rebuildChoices); a command's check reads it for itself.
type rebuildReading struct {
	view SupplyView
	occ  map[hex.Axial][]int
}

func (g *Game) rebuildReadingOf(side Side) *rebuildReading {
	return &rebuildReading{view: g.supplyView(side), occ: g.occupancy()}
}

// rebuildStockIn is rebuildStock with the position read as rd, or read
// afresh if rd is nil.
func (g *Game) rebuildStockIn(rd *rebuildReading, i int, hexID string, repl map[string]SupplyStatus) (int, error) {
	u, us := g.unit(i), g.s.Units[i]
	reading := func() *rebuildReading {
		if rd == nil {
			rd = g.rebuildReadingOf(u.Side)
		}
		return rd
	}
	switch {
	case g.s.Turn == 1:
		return -1, rules.Refuse("6.2.3", "no replacements in turn 1")
	case !us.Gone:
		return -1, rules.Refuse("6.2.1", "%s is not eliminated", u.ID)
	case u.Type == HQ && hexID == "":
		return -1, rules.Refuse("17.2.2", "a rebuilt HQ returns on a hex: name it")
	case u.Type == HQ:
		if err := g.hqRebuildPlace(reading().view, u, hexID, repl); err != nil {
			return -1, err
		}
	case g.toBritain(u) && hexID != "":
		return -1, rules.Refuse("6.2.2", "rebuilt Allied units go to the In Britain card: 'rebuild %s'", u.ID)
	case g.toBritain(u) && g.inBritainBox() == "":
		return -1, rules.Refuse("6.2.2", "this scenario has no In Britain card")
	case !g.toBritain(u) && hexID == "":
		return -1, rules.Refuse("6.2.2", "a rebuilt unit returns on a hex: name it")
	case !g.toBritain(u):
		if err := checkRebuildPlace(g.sc, g.sup, u, g.rebuildPlace(reading().view, i, hexID, repl)); err != nil {
			return -1, err
		}
	}
	if a, ok := g.b.ids[hexID]; ok && g.stackAt(reading().occ, a, i) > stackLimit {
		// ENGINE NOTE (7.2), as for mobilization.
		return -1, rules.Refuse("7.1", "%s would put %s over the stacking limit", u.ID, hexID)
	}
	return g.replStock(i)
}

// toBritain reports whether a rebuilt unit goes to the In Britain card (2.2
// 6.2.2: Allied units but HQs); in the first edition every rebuilt unit
// returns on a hex (D03, IT L383-386).
func (g *Game) toBritain(u *Unit) bool {
	return g.ed.rebuildAlliedToBritain && u.Side == Allied && u.Type != HQ
}

// hqRebuildPlace checks where a rebuilt HQ returns (17.2.2): a friendly-
// controlled City with a supply line now, or for the Allies an open beach
// hex (2.2 only: D06, IT L1128).
func (g *Game) hqRebuildPlace(v SupplyView, u *Unit, hexID string, repl map[string]SupplyStatus) error {
	a, ok := g.b.ids[hexID]
	if !ok {
		return rules.Refuse("17.2.2", "%s is not a hex of the map", hexID)
	}
	if v.EnemyUnit(a) {
		return rules.Refuse("17.2.2", "%s holds enemy units", hexID)
	}
	beach := u.Side == Allied && g.ed.hqRebuildOnOpenBeach
	if beach && g.sup.beach[a] != "" && g.openBeach(hexID) {
		return nil
	}
	if g.b.terrain(a) != City || v.Control(a) != u.Side {
		return rules.Refuse("17.2.2", "a rebuilt HQ returns to a friendly-controlled City%s; %s is not one", cond(beach, " or an open beach hex"), hexID)
	}
	if repl[hexID] != InSupply {
		return rules.Refuse("17.2.2", "%s cannot trace a supply line now", hexID)
	}
	return nil
}

// rebuildPlace gathers what 6.2.2 asks of a hex for unit i, seen through v,
// the supply view of the unit's side.
func (g *Game) rebuildPlace(v SupplyView, i int, hexID string, repl map[string]SupplyStatus) RebuildPlace {
	u := g.unit(i)
	p := RebuildPlace{Hex: hexID, Supply: repl[hexID]}
	if a, ok := g.b.ids[hexID]; ok {
		// 6.2.2 (b): 2.2 only (D02, IT L383-386: an HQ or Town hex in
		// supply, in an enemy ZOC or not).
		p.Controller, p.EnemyZOC = v.Control(a), g.ed.rebuildNotInEZOC && v.EnemyZOC(a)
	}
	p.SameNationHQ = g.holds(hexID, u.Side, func(h *Unit) bool {
		// 6.2.2: an HQ of the unit's nationality; in the first edition any
		// friendly HQ in supply (IT L386).
		if g.ed.rebuildHQSameNationality {
			return h.Type == HQ && h.Nationality == u.Nationality
		}
		return h.Type == HQ && repl[hexID] == InSupply
	})
	for j, us := range g.s.Units {
		// 6.2.2 (c): units of the division on the map at the start of the
		// phase; units rebuilt in it do not count (2.2; the first edition
		// asks only for another unit of the division, D04, IT L390).
		if j == i || g.unit(j).Formation != u.Formation || (g.ed.rebuildProximityFromStart && slices.Contains(g.s.Rebuilt, us.ID)) {
			continue
		}
		if _, ok := g.onMap(j); ok {
			p.DivisionAt = append(p.DivisionAt, us.At)
		}
	}
	return p
}

// replStock is the Repl marker unit i takes, replaced or rebuilt: the
// fitting one (fittingStock), if 20.2.2's airborne limits allow it
// (airborneReplCheck: one airborne Repl per division a turn, one step back
// after S2).
func (g *Game) replStock(i int) (int, error) {
	k, err := g.fittingStock(g.unit(i))
	if err == nil {
		err = g.airborneReplCheck(i, k)
	}
	if err != nil {
		return -1, err
	}
	return k, nil
}

// fittingStock picks the Repl marker for u (6.2.3-6.4), the ones that must be
// used at once first.
func (g *Game) fittingStock(u *Unit) (int, error) {
	order := make([]int, 0, len(g.s.Repl))
	for k, r := range g.s.Repl {
		if r.grant().Expires() || r.Limit == ReplTigerPanther {
			order = append(order, k)
		}
	}
	for k := range g.s.Repl {
		if !slices.Contains(order, k) {
			order = append(order, k)
		}
	}
	var first error
	for _, k := range order {
		r := g.s.Repl[k]
		if r.Count == 0 || (r.Nation == "german") != (u.Side == German) {
			continue
		}
		w := g.s.Weather
		if r.Limit == ReplStormOnly && g.stormOnlyReplUsable() {
			w = WeatherStorm // S3.2.3 with 25.1 (storms.go)
		}
		err := replFits(r.grant(), u, w)
		if err == nil {
			return k, nil
		}
		if first == nil {
			first = err
		}
	}
	if first != nil {
		return -1, first
	}
	return -1, rules.Refuse("6.1", "the %s side has no Repl", u.Side)
}

func (g *Game) rebuild(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Unit, "6.2")
	if err != nil {
		return nil, err
	}
	hexID := ""
	if len(c.Path) > 0 {
		hexID = c.Path[0]
	}
	k, err := g.rebuildStock(i, hexID, g.replLine(g.s.Side))
	if err != nil {
		return nil, err
	}
	r := &g.s.Repl[k]
	r.Count--
	u := g.unit(i)
	us := &g.s.Units[i]
	// 20.2.2 (seed L1365, AMBIG-70): a unit that lost 2 steps to S2 gets
	// back at most one. S2 strikes a full unit at its drop, so S2 eliminated
	// it exactly when it has 2 steps, and its rebuilt lowest step is then
	// that one step back; a 3-step unit left a cadre by S2 may still climb
	// to its middle step.
	recover := us.RecoverOne
	*us = unitState{ID: us.ID, Step: len(u.Steps) - 1, Repl: true, RecoverOne: recover, Recovered: recover && len(u.Steps) <= 2}
	g.s.Rebuilt = append(g.s.Rebuilt, us.ID)
	where := "on the In Britain card, to be bought and landed (6.2.2, 6.5)"
	if hexID != "" {
		us.At = hexID
		g.setControl(hexID, u.Side)
		where = "at " + hexID
	} else {
		us.At = g.inBritainBox()
	}
	return []rules.Event{{Seat: rules.Seat(u.Side), Text: fmt.Sprintf("%s is rebuilt with a %s %s Repl at its lowest step, %s (6.2.1, 6.2.2)", us.ID, r.Nation, r.Type, where)}}, nil
}

// rebuildChoices lists the phasing side's legal rebuilds.
func (g *Game) rebuildChoices(repl map[string]SupplyStatus) []rules.Choice {
	var out []rules.Choice
	// 6.2.2, 17.2.2: a unit is rebuilt only in a Town, City, HQ hex of its
	// side or on a beach; those hexes are found once for every unit,
	// rather than every hex of the map asked of every unit.
	var places []string
	at := g.unitsAt()
	rd := g.rebuildReadingOf(g.s.Side)
	for _, h := range g.sc.Hexes {
		if a, ok := g.b.ids[h.ID]; ok && (townOrCity(g.b.terrain(a)) || g.holdsIn(at, h.ID, g.s.Side, isHQ) || g.sup.beach[a] != "") {
			places = append(places, h.ID)
		}
	}
	for i, us := range g.s.Units {
		u := g.unit(i)
		if u.Side != g.s.Side || !us.Gone {
			continue
		}
		if _, err := g.fittingStock(u); err != nil {
			continue
		}
		if g.toBritain(u) {
			if _, err := g.rebuildStockIn(rd, i, "", repl); err == nil {
				out = append(out, rules.Choice{Command: "rebuild " + u.ID, Piece: u.ID, Note: "to the In Britain card (6.2.2)"})
			}
			continue
		}
		for _, h := range places {
			if _, err := g.rebuildStockIn(rd, i, h, repl); err == nil {
				out = append(out, rules.Choice{Command: "rebuild " + u.ID + " " + h, Piece: u.ID, Note: "rebuilt at its lowest step (6.2.2)"})
			}
		}
	}
	return out
}
