package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Disengagement (20.1-20.4): in the own Combat Phase, units of one stack
// next to the enemy, Engaged or not, declare that they try; the others of
// the stack that are Engaged stay. Each rolls on the Disengagement Table;
// a Yes retreats 1 or 2 hexes, the owner's choice (20.3, CON-10 read as
// the owner's choice), by the retreat rules (17.2, 17.7). A Broken unit may
// disengage, and its withdrawal is no forced retreat: it is not eliminated
// (18.5; AMB-26).

// disengage is 'disengage UNIT...'.
func (g *Game) disengage(c Command) ([]rules.Event, error) {
	if g.s.Combat != nil {
		return nil, rules.Refuse("14.1", "the combat in progress comes first")
	}
	occ := g.occupancy()
	var idx []int
	at := ""
	for _, id := range c.Args {
		i, err := g.ownUnit(id, "20.1")
		if err != nil {
			return nil, err
		}
		u, us := g.unit(i), g.s.Units[i]
		switch {
		case slices.Contains(idx, i):
			return nil, rules.Refuse("20.2", "%s is named twice", id)
		case at != "" && us.At != at:
			return nil, rules.Refuse("20.2", "the units that disengage together are of one stack (%s)", at)
		case !g.unitNextToEnemy(i, occ):
			return nil, rules.Refuse("20.1", "%s is not next to an enemy unit", id)
		case slices.Contains(g.s.Attacked, id):
			return nil, rules.Refuse("20.1", "%s has attacked or disengaged in this phase", id)
		case u.Arty() || u.Type == SupplyDepot:
			return nil, rules.Refuse("20.1", "%s does not disengage", id)
		case u.Has(MarkRed) && g.s.Turn == 1:
			return nil, rules.Refuse("29.1.1", "%s has a red set-up box: it does not disengage on turn 1", id)
		case g.night() && !g.attacksAtNight(i) && !us.ENG:
			return nil, rules.Refuse("25.3.2", "at night only units under Night markers act")
		}
		at = us.At
		idx = append(idx, i)
	}
	var stayed []string
	for _, j := range occ[g.b.ids[at]] {
		if g.s.Units[j].ENG && !slices.Contains(idx, j) {
			g.s.Units[j].ENG = false
			stayed = append(stayed, g.unit(j).ID)
		}
	}
	d := &disengaging{}
	for _, i := range idx {
		d.Units = append(d.Units, g.unit(i).ID)
		if !g.s.Units[i].ENG {
			d.Free = append(d.Free, g.unit(i).ID)
		}
		g.s.Attacked = append(g.s.Attacked, g.unit(i).ID)
	}
	g.s.Disengage = d
	text := fmt.Sprintf("%s try to disengage from %s (20.2)", strings.Join(d.Units, ", "), at)
	if len(stayed) > 0 {
		text += "; " + strings.Join(stayed, ", ") + " stay (20.5)"
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}, nil
}

// disengageDRM is a unit's modifier (20.2): +1 Green, -1 Elite, -1 an
// armour or recon unit (21.5).
func (g *Game) disengageDRM(i int) int {
	u := g.unit(i)
	drm := moraleDRM(u.Morale)
	if u.Armour() || u.Type == Recon {
		drm--
	}
	return drm
}

func (g *Game) disengagePending(p *rules.Pending) {
	d := g.s.Disengage
	side := rules.Seat(g.s.Side)
	p.Seats = []rules.Seat{side}
	if len(d.Results) == 0 {
		sides := make([]int, len(d.Units))
		for k := range sides {
			sides[k] = 6
		}
		p.Dice = &rules.DiceNeed{By: side, For: "disengagement of " + strings.Join(d.Units, ", ") + " (20.2)", Sides: sides}
		p.Prompt = p.Dice.For
		return
	}
	p.Prompt = fmt.Sprintf("%s disengages: its retreat of 1 or 2 hexes ('withdraw %s HEX [HEX]', 20.3)", d.Moving, d.Moving)
}

// rollDisengage reads a die for each unit (20.2, 20.3).
func (g *Game) rollDisengage(values []int) ([]rules.Event, error) {
	d := g.s.Disengage
	if len(d.Results) > 0 {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	var out []string
	for k, id := range d.Units {
		i := g.index[id]
		drm := g.disengageDRM(i)
		r := disengageTable.Roll(0, values[k], drm)
		word := map[[2]bool]string{{true, false}: "yes", {true, true}: "yes+d", {false, false}: "no", {false, true}: "no+d"}[[2]bool{r.Yes, r.D}]
		d.Results = append(d.Results, word)
		us := &g.s.Units[i]
		us.ENG = false // 20.5
		note := word
		if !r.Yes && r.D {
			note += ", " + g.worsen(i)
		}
		out = append(out, fmt.Sprintf("%s %d%+d %s", id, values[k], drm, note))
	}
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "Disengagement (20.2): " + strings.Join(out, "; ")}}
	return append(events, g.nextWithdrawal()...), nil
}

// worsen makes unit i Disrupted, or Broken if it was (20.3), and says so;
// a D on a Broken unit leaves it Broken, no worse (AMB-26). An engineer
// made Broken is eliminated (27.1), from ardennes44/4 on.
func (g *Game) worsen(i int) string {
	us := &g.s.Units[i]
	us.Repl = false // 25.2.4
	if us.Status == "" {
		us.Status = statusDisrupted
		return "Disrupted"
	}
	us.Status = statusBroken
	if g.ver.brokenEngineers && g.unit(i).Type == Engineer {
		g.eliminate(i)
		return "Broken: eliminated, an engineer made Broken (27.1)"
	}
	return "Broken"
}

// nextWithdrawal asks the retreat of the next unit with a Yes, or closes
// the disengagement; a unit with no legal retreat stays, or, not Engaged
// before, is eliminated (20.4).
func (g *Game) nextWithdrawal() []rules.Event {
	d := g.s.Disengage
	var events []rules.Event
	for k, id := range d.Units {
		if !strings.HasPrefix(d.Results[k], "yes") {
			continue
		}
		word := d.Results[k]
		d.Results[k] = "moving:" + map[bool]string{true: "d", false: ""}[strings.HasSuffix(word, "+d")]
		i := g.index[id]
		if len(g.withdrawPaths(i)) > 0 {
			d.Moving = id
			return events
		}
		d.Results[k] = "done"
		if why := g.noWithdrawalEliminates(id); why != "" {
			at := g.s.Units[i].At
			g.eliminate(i)
			g.removeEmptyIP(at)
			events = append(events, rules.Event{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s has %s: eliminated", id, why)})
			continue
		}
		events = append(events, rules.Event{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s has no legal retreat (20.3): it stays", id)})
	}
	g.s.Disengage = nil
	return events
}

// noWithdrawalEliminates says why a unit with a Yes and no legal
// withdrawal is eliminated, "" if it stays: one not Engaged finds no
// retreat outside the enemy's ZOC (20.4); an Engaged one "musi wycofać
// się ... przestrzegając zasad 17.2" (20.3, L1160), and 17.2 eliminates a
// unit unable to retreat (L993), under yesMustWithdraw. Older versions
// left the Engaged unit in its hex.
func (g *Game) noWithdrawalEliminates(id string) string {
	switch {
	case g.disengagedFree(id):
		return "no retreat outside the enemy's ZOC (20.4)"
	case g.ver.yesMustWithdraw:
		return "no legal retreat of 1 or 2 hexes (20.3, 17.2)"
	}
	return ""
}

// withdrawPaths lists the retreats of 1 or 2 hexes unit i may make (20.3,
// 17.2): never into an enemy unit, across an enemy ZOC bond, the Meuse
// unbridged or a lake, a vehicle off road into or out of woods and the West
// Wall or across an unbridged river; an empty enemy-ZOC hex only as the
// first hex, never for a unit not Engaged (20.4); not ending in the first
// hex if it is in an enemy ZOC after a Yes+D (20.3); stacking kept.
func (g *Game) withdrawPaths(i int) [][]hex.Axial {
	u := g.unit(i)
	start, ok := g.onMap(i)
	if !ok {
		return nil
	}
	side := u.Side
	occ := g.occupancy()
	ezoc := g.zoc(side.Other())
	bonds := g.bonds(side.Other())
	withD := g.disengageD(u.ID)
	step := func(from, to hex.Axial, first bool) bool {
		if !g.b.OnMap(to) || g.sideAt(occ, to) == side.Other() || g.b.Impassable(from, to) || bonds.Blocks(from, to, g.sideAt(occ, to) == side) {
			return false
		}
		cut := g.b.road(from, to) == "" || g.bridgeOut(g.b.sideID(from, to))
		if g.b.feature(from, to, Meuse) && cut {
			return false
		}
		if u.Mech() && cut {
			if g.b.river(from, to) || woods(g.b.terrain(from)) || woods(g.b.terrain(to)) || g.b.westWall(from) || g.b.westWall(to) {
				return false
			}
		}
		if ezoc.Has(to) && g.sideAt(occ, to) != side && (!first || g.disengagedFree(u.ID)) {
			return false
		}
		return true
	}
	fits := func(a hex.Axial) bool { return g.stacking(occ[a], i) == nil }
	var out [][]hex.Axial
	for _, a := range start.Neighbors() {
		if !step(start, a, true) {
			continue
		}
		if fits(a) && !(withD && ezoc.Has(a)) {
			out = append(out, []hex.Axial{a})
		}
		for _, b := range a.Neighbors() {
			if b != start && hex.Distance(b, start) == 2 && step(a, b, false) && fits(b) {
				out = append(out, []hex.Axial{a, b})
			}
		}
	}
	return out
}

// disengagedFree: the unit was not Engaged when it began to disengage, so
// it enters no enemy ZOC (20.4); ENG markers come off with the die, so the
// declaration's record keeps it.
func (g *Game) disengagedFree(id string) bool {
	return slices.Contains(g.s.Disengage.Free, id)
}

// disengageD: the unit's result was Yes+D.
func (g *Game) disengageD(id string) bool {
	d := g.s.Disengage
	k := slices.Index(d.Units, id)
	return k >= 0 && d.Results[k] == "moving:d"
}

// disengageChoices lists the moving unit's retreats.
func (g *Game) disengageChoices() []rules.Choice {
	d := g.s.Disengage
	if d.Moving == "" {
		return nil
	}
	var out []rules.Choice
	for _, p := range g.withdrawPaths(g.index[d.Moving]) {
		ids := []string{"withdraw", d.Moving}
		for _, a := range p {
			ids = append(ids, g.b.id(a))
		}
		out = append(out, rules.Choice{Command: strings.Join(ids, " "), Piece: d.Moving, Note: "disengage (20.3)"})
	}
	return out
}

// withdraw is 'withdraw UNIT HEX [HEX]'.
func (g *Game) withdraw(c Command) ([]rules.Event, error) {
	d := g.s.Disengage
	if d.Moving == "" || c.Args[0] != d.Moving {
		return nil, rules.Refuse("20.3", "the disengagement waits for %s's retreat", d.Moving)
	}
	i := g.index[d.Moving]
	var path []hex.Axial
	for _, h := range c.Args[1:] {
		a, ok := g.b.ids[h]
		if !ok {
			return nil, rules.Refuse("20.3", "%s is not a hex of the map", h)
		}
		path = append(path, a)
	}
	if !slices.ContainsFunc(g.withdrawPaths(i), func(p []hex.Axial) bool { return slices.Equal(p, path) }) {
		return nil, rules.Refuse("20.3, 17.2", "%s may not retreat by %s: 1 or 2 hexes, away from the enemy, by the retreat rules", d.Moving, strings.Join(c.Args[1:], " "))
	}
	us := &g.s.Units[i]
	from := us.At
	us.At = c.Args[len(c.Args)-1]
	for _, h := range c.Args[1:] {
		g.setControl(h, g.sideOf(i))
	}
	g.passRoadblocksInCombat(g.sideOf(i), c.Args[1:])
	us.SM, us.Trucks = false, false
	if g.unit(i).Arty() {
		us.Face = 1 // 17.7
	}
	g.removeEmptyIP(from)
	text := fmt.Sprintf("%s disengages from %s to %s (20.3)", d.Moving, from, us.At)
	if g.disengageD(d.Moving) {
		text += ", " + g.worsen(i)
	}
	k := slices.Index(d.Units, d.Moving)
	d.Results[k], d.Moving = "done", ""
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
	return append(events, g.nextWithdrawal()...), nil
}
