package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// The Night turn (25.1-25.3): replacements (25.2), then the stacks under
// Night markers move and fight (25.3); KG Peiper on the first Night
// (27.5); the Night Infiltration of optional rule 31.

// nightReplacements is the turn card's count for side after PM turn turn
// (25.2.1).
func (g *Game) nightReplacements(side Side, turn int) int {
	for _, r := range g.sc.Replacements {
		if r.Turn == turn {
			if side == German {
				return r.German
			}
			return r.Allied
		}
	}
	return 0
}

// enterNightTurn opens the side's Night player turn (25.1, L1451: each
// player has his own, the Allies' first), whose first phase is the Night
// Replacement Phase: a new player turn, so each player may try a bridge
// again (7.2, L316, AMB-8). ardennes44/1 to /3 cleared the attempts only
// in the day's Artillery Supply Phase.
func (g *Game) enterNightTurn() []rules.Event {
	if g.ver.nightTurnAttempts {
		g.s.Tried = nil
	}
	return g.enterNightRepl()
}

// enterNightRepl opens the side's Night Replacement Phase.
func (g *Game) enterNightRepl() []rules.Event {
	g.s.Repl = g.nightReplacements(g.s.Side, g.s.Turn)
	g.s.ReplOther = false
	if g.s.Repl == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%d replacement(s) for the %s player this Night (25.2.1)", g.s.Repl, g.s.Side)}}
}

// replAwaits: replacements left and somewhere to spend them.
func (g *Game) replAwaits() bool { return g.s.Repl > 0 && len(reading(g, g.replChoices)) > 0 }

func (g *Game) replPrompt() string {
	return fmt.Sprintf("spend %d replacement(s): 'replace UNIT' for a reduced unit, 'rebuild UNIT HEX' for one of the dead pile (25.2.2), then 'end'; unused ones are lost", g.s.Repl)
}

// replBar says why unit i takes no replacement now, "" (25.2.1, 25.2.5):
// never German armour of TQ 5 or more or with a black-boxed AF (AMB-2: the
// black box is two marks of the unit file, no-repl for 25.2.5 and double
// for 27.4, and a unit marked double takes no replacement either), von der
// Heydte, 150 Pz Bde, Allied paratroopers, artillery, British units or
// the surrendered; one replacement goes to infantry only, and of two, one
// at most to armour, recon or FLAK (AMB-30: so for more).
func (g *Game) replBar(i int) string {
	u := g.unit(i)
	switch {
	case u.Has(MarkNoRepl) || u.Has(MarkVdH) || u.Has(MarkPz150) || u.Has(MarkDouble):
		return "it never takes replacements (25.2.5)"
	case u.Side == German && u.Armour() && u.TQ >= 5:
		return "German armour of TQ 5 or more takes none (25.2.5)"
	case u.Side == Allied && u.Type == Para:
		return "Allied paratroopers take none (25.2.5)"
	case u.Arty() || u.Nation == British || u.Type == SupplyDepot:
		return "artillery and British units take none (25.2.5)"
	case u.Has(MarkRemnant) || u.Has(MarkBreakdown):
		return "Remnants and breakdown units take none"
	}
	if !g.infantry(u) {
		total := g.nightReplacements(g.s.Side, g.s.Turn)
		switch {
		case total < 2:
			return "a single replacement goes to infantry (25.2.1)"
		case g.s.ReplOther:
			return "one replacement only goes to armour, recon or FLAK (25.2.1)"
		case !(u.Armour() || u.Type == Recon || u.Type == Flak):
			return "replacements go to infantry, armour, recon or FLAK (25.2.1)"
		}
	}
	return ""
}

// spendRepl takes a replacement, noting the one for armour (25.2.1).
func (g *Game) spendRepl(i int) {
	g.s.Repl--
	if !g.infantry(g.unit(i)) {
		g.s.ReplOther = true
	}
	g.s.Units[i].Repl = true // 25.2.4
}

// replace is 'replace UNIT': a reduced unit back to full strength (25.2.2),
// supplied, in Good Order, without ENG, SM or Night markers (25.2.5).
func (g *Game) replace(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "25.2.2")
	if err != nil {
		return nil, err
	}
	u, us := g.unit(i), &g.s.Units[i]
	switch {
	case g.s.Repl <= 0:
		return nil, rules.Refuse("25.2.1", "no replacement is left")
	case !inPlay(us.At):
		return nil, rules.Refuse("25.2.2", "%s is not in play: 'rebuild %s HEX' brings a dead unit back", u.ID, u.ID)
	case us.Face != 1 || len(u.Faces) < 2:
		return nil, rules.Refuse("25.2.2", "%s is at full strength", u.ID)
	case us.Status != "" || us.OOS || us.ENG || us.SM || us.Night:
		return nil, rules.Refuse("25.2.5", "%s must be supplied and in Good Order, without ENG, SM or Night markers", u.ID)
	}
	if why := g.replBar(i); why != "" {
		return nil, rules.Refuse("25.2.5", "%s: %s", u.ID, why)
	}
	us.Face = 0
	g.spendRepl(i)
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s takes a replacement: full strength (25.2.2); it moves at most 1 hex next AM turn (25.2.4)", u.ID)}}, nil
}

// rebuild is 'rebuild UNIT HEX': a unit of the dead pile back on its
// reduced side (25.2.2): in an own city, town or entry hex without an enemy
// Roadblock, with a supply path, not next to an enemy unit, within 5 hexes
// of an own unit of its colour; German units also in entry hex K, L or M
// out of enemy ZOC. A unit whose reduced side has 2 steps comes back only
// in place of a Remnant of its type on the map, un-Engaged and in Good
// Order (25.2.3).
func (g *Game) rebuild(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "25.2.2")
	if err != nil {
		return nil, err
	}
	u, us := g.unit(i), &g.s.Units[i]
	switch {
	case g.s.Repl <= 0:
		return nil, rules.Refuse("25.2.1", "no replacement is left")
	case us.At != deadBox:
		return nil, rules.Refuse("25.2.2", "%s is not in the dead pile", u.ID)
	}
	if why := g.replBar(i); why != "" {
		return nil, rules.Refuse("25.2.5", "%s: %s", u.ID, why)
	}
	h := c.Args[1]
	a, ok := g.b.ids[h]
	if !ok {
		return nil, rules.Refuse("25.2.2", "%s is not a hex of the map", h)
	}
	// A unit of one side only comes back on it (AMB-45).
	reduced := len(u.Faces) - 1
	var text string
	if u.WhiteLine {
		r := g.remnantIn(i, a)
		if r < 0 {
			return nil, rules.Refuse("25.2.3", "%s comes back only in place of a Remnant of its type, on the map, un-Engaged and in Good Order: none in %s", u.ID, h)
		}
		rs := g.s.Units[r]
		g.s.Units[r] = unitState{ID: rs.ID, At: poolBox}
		*us = unitState{ID: u.ID, At: h, Face: reduced, OOS: rs.OOS, Arrived: g.s.Turn}
		text = fmt.Sprintf("%s is rebuilt in %s in place of Remnant %s (25.2.3)", u.ID, h, rs.ID)
	} else {
		if why := g.rebuildBar(i, a); why != "" {
			return nil, rules.Refuse("25.2.2", "%s: %s", h, why)
		}
		*us = unitState{ID: u.ID, At: h, Face: reduced, Arrived: g.s.Turn}
		text = fmt.Sprintf("%s is rebuilt in %s on its reduced side (25.2.2)", u.ID, h)
	}
	g.spendRepl(i)
	g.setControl(h, u.Side)
	return []rules.Event{{Seat: rules.Seat(u.Side), Text: text}}, nil
}

// remnantIn is an own Remnant of unit i's type in a, fit to stand for it
// (25.2.3), -1 for none.
func (g *Game) remnantIn(i int, a hex.Axial) int {
	u := g.unit(i)
	for _, r := range g.occupancy()[a] {
		ru, rs := g.unit(r), g.s.Units[r]
		if ru.Has(MarkRemnant) && ru.Side == u.Side && ru.Type == u.Type && !rs.ENG && rs.Status == "" {
			return r
		}
	}
	return -1
}

// rebuildBar says why unit i may not come back in a, "" (25.2.2).
func (g *Game) rebuildBar(i int, a hex.Axial) string {
	u := g.unit(i)
	side := u.Side
	occ := g.occupancy()
	id := g.b.id(a)
	e := g.b.entries[id]
	german := e != nil && e.Side == German && side == German
	t := g.b.terrain(a)
	switch {
	case german && g.zoc(Allied).Has(a):
		return "the German entry hex is in an enemy ZOC"
	case german:
	case t != Town && t != City && (e == nil || e.Side != side):
		return "not an own city, town or entry hex"
	case g.controller(occ, id) == side.Other() || g.sideAt(occ, a) == side.Other():
		return "not an own hex"
	case g.roadblockAt(id, side.Other()):
		return "an enemy Roadblock stands there"
	case g.nextToEnemy(a, side, occ):
		return "next to an enemy unit"
	case !g.nearColour(i, a):
		return "no own unit of its army or corps colour within 5 hexes"
	}
	if !german {
		if k, _ := g.b.Cell(a); !g.suppliedCells(side)[k] {
			return "no supply path to a source"
		}
	}
	if err := g.stackErr(occ[a], i, id); err != nil {
		return err.Error()
	}
	return ""
}

// rebuildReach: within 5 hexes of an own unit of the colour (25.2.2).
const rebuildReach = 5

func (g *Game) nearColour(i int, a hex.Axial) bool {
	army := g.unit(i).Army
	for j := range g.s.Units {
		b, ok := g.onMap(j)
		if ok && j != i && g.sideOf(j) == g.sideOf(i) && g.unit(j).Army == army && hex.Distance(a, b) <= rebuildReach {
			return true
		}
	}
	return false
}

// replChoices lists the replacements open now.
func (g *Game) replChoices() []rules.Choice {
	if g.s.Repl <= 0 {
		return nil
	}
	var out []rules.Choice
	for i, us := range g.s.Units {
		if g.sideOf(i) != g.s.Side || g.replBar(i) != "" {
			continue
		}
		u := g.unit(i)
		switch {
		case inPlay(us.At) && us.Face == 1 && len(u.Faces) > 1 && us.Status == "" && !us.OOS && !us.ENG && !us.SM && !us.Night:
			out = append(out, rules.Choice{Command: "replace " + u.ID, Piece: u.ID, Note: "back to full strength (25.2.2)"})
		case us.At == deadBox:
			for _, h := range g.rebuildHexes(i) {
				out = append(out, rules.Choice{Command: "rebuild " + u.ID + " " + h, Piece: u.ID, Note: "back from the dead pile (25.2.2)"})
			}
		}
	}
	return out
}

// rebuildHexes lists where a dead unit may come back.
func (g *Game) rebuildHexes(i int) []string {
	u := g.unit(i)
	var out []string
	if u.WhiteLine {
		for j, us := range g.s.Units {
			if a, ok := g.onMap(j); ok && g.remnantIn(i, a) == j && !slices.Contains(out, us.At) {
				out = append(out, us.At)
			}
		}
		slices.Sort(out)
		return out
	}
	var cands []string
	for _, h := range g.sc.Hexes {
		if h.Terrain == Town || h.Terrain == City {
			cands = append(cands, h.ID)
		}
	}
	for _, e := range g.sc.Entries {
		if e.Side == u.Side {
			cands = append(cands, e.Hex)
		}
	}
	slices.Sort(cands)
	for _, h := range slices.Compact(cands) {
		if g.rebuildBar(i, g.b.ids[h]) == "" {
			out = append(out, h)
		}
	}
	return out
}

// enterNightMove opens the side's Night Movement Phase.
func (g *Game) enterNightMove() []rules.Event {
	g.resetMoves(g.s.Side)
	g.s.Infiltrated = nil
	if g.ver.disruptedLeaveEZOC {
		// 18.3 holds in every Movement Phase, the Night's too (25.3.1:
		// the normal rules but for the three stacks): of the units that
		// move tonight, those Disrupted in an enemy ZOC must leave it.
		g.s.MustLeave = slices.DeleteFunc(g.disruptedInEZOC(g.s.Side), func(id string) bool { return !g.movesAtNight(g.index[id]) })
	}
	return nil
}

// movesAtNight: a unit under a Night marker moves at night, and KG Peiper's
// units on the first Night (25.3.1, 27.5).
func (g *Game) movesAtNight(i int) bool {
	return g.s.Units[i].Night || (g.unit(i).Has(MarkKGP) && g.firstNight())
}

// nightMoveAwaits: a side with no stack under a Night marker, no KG Peiper
// on the first Night and no Night Infiltration to make plays only its
// Replacement Phase (25.3.3).
func (g *Game) nightMoveAwaits() bool {
	if g.s.Dice != "" || g.s.Moving != nil {
		return true
	}
	side := g.s.Side
	if g.opt.infiltration && g.nightsPlaced(side) < nightStacks {
		return true
	}
	for i, us := range g.s.Units {
		if g.sideOf(i) != side {
			continue
		}
		if _, ok := g.onMap(i); ok && (us.Night || (g.unit(i).Has(MarkKGP) && g.firstNight())) {
			return true
		}
	}
	return false
}

// endNight takes the side's Night markers off in its Night turn (25.3.7).
func (g *Game) endNight() {
	side := g.s.Side
	var off []string
	for i := range g.s.Units {
		if g.sideOf(i) == side && g.s.Units[i].Night {
			g.s.Units[i].Night = false
			off = append(off, g.unit(i).ID)
		}
	}
	g.s.Nights = slices.DeleteFunc(g.s.Nights, func(m marker) bool { return m.Side == side })
	g.s.Infiltrated = nil
	if len(off) > 0 {
		g.left = append(g.left, rules.Event{Seat: rules.Seat(side), Text: "Night markers off (25.3.7): " + strings.Join(off, ", ")})
	}
}
