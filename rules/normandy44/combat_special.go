package normandy44

import (
	"fmt"
	"iter"
	"slices"
	"strconv"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Combat special cases: the army boundary in attacks (22.1.2), Caen
// artillery (17.2.8), HQs flipped by a retreat (17.2.3) and the Cherbourg
// Fortress SupP of German HQ fire (17.2.7, 17.4).

// checkBoundary: an Allied unit may attack a German unit at most 1 hex
// beyond its army's boundary, not 2 (22.1.2); the geometry is move.go's.
// The first edition sets no limit on attacks (22.1, IT L1435: "the boundary
// has no effect on combat", D42).
func (g *Game) checkBoundary(a AttackCommand, target hx.Axial) error {
	if g.s.Side != Allied || g.ed.armyBoundaryAttackLimitHexes == 0 {
		return nil
	}
	for _, id := range a.Units() {
		u := g.unit(g.index[id])
		if !g.withinArmy(u.Nationality, target) {
			return rules.Refuse("22.1.2", "%s may attack at most 1 hex beyond its army boundary; %s is 2 or more", id, a.Target)
		}
	}
	return nil
}

// caenArt is the word that names Caen's artillery in an attack's art list
// (17.2.8): 'art caen'.
const caenArt = "caen"

// caenHexes are the Caen City hexes (17.2.8, 23.2).
func (g *Game) caenHexes() []string { return cityHexes(g.sc, "Caen") }

// caenArtillery reports whether Caen's artillery may fire on target
// (17.2.8): at least one Caen hex German-controlled within 3 hexes, until
// all the Caen hexes are Allied-controlled, with a 7th Army SupP to pay.
func (g *Game) caenArtillery(target hx.Axial) (bool, string) {
	if !g.ed.caenArtillery {
		return false, "the first edition has no Caen artillery" // D31: 17.2.8 is 2.2's
	}
	ctl := g.controlMap()
	caen := g.caenHexes()
	if len(caen) == 0 {
		return false, "the map has no Caen"
	}
	allied := 0
	near := false
	for _, id := range caen {
		if ctl[id] == Allied {
			allied++
			continue
		}
		if a, ok := g.b.ids[id]; ok && ctl[id] == German && hx.Distance(a, target) <= 3 {
			near = true
		}
	}
	switch {
	case allied == len(caen):
		return false, "every Caen hex is Allied-controlled"
	case !near:
		return false, fmt.Sprintf("no German-controlled Caen hex within 3 hexes of %s", g.b.id(target))
	}
	if k := poolIndex(g.s.SupP, germanSupPPool); k < 0 || g.s.SupP[k].N < 1 {
		return false, "the 7th Army has no SupP"
	}
	return true, ""
}

// hqMovedFlip: an HQ forced to retreat flips to its Moved side (17.2.3); it
// gives no artillery or DD support until it flips back in the Initial Phase.
func (g *Game) hqMovedFlip(c *Combat) []rules.Event {
	var events []rules.Event
	for _, u := range c.In.Defenders {
		i := g.index[u.ID]
		_, moved := retreatEnd(c, u.ID)
		if moved && g.unit(i).Type == HQ && !g.s.Units[i].Gone && !g.s.Units[i].HQMoved {
			g.s.Units[i].HQMoved = true
			events = append(events, rules.Event{Seat: rules.Seat(g.unit(i).Side), Text: fmt.Sprintf("%s retreated: it flips to its Moved side (17.2.3)", u.ID)})
		}
		// The first edition flips a retreating Werfer too (13.6, IT L996,
		// D32): it fires no more until it flips back (17.3).
		if moved && g.ed.werferFlipsOnMove && g.unit(i).Type == Werfer && !g.s.Units[i].Gone && !g.s.Units[i].Fired {
			g.s.Units[i].Fired = true
			events = append(events, rules.Event{Seat: rules.Seat(g.unit(i).Side), Text: fmt.Sprintf("%s retreated: it flips to its Moved side (13.6, 17.3)", u.ID)})
		}
	}
	return events
}

// hqReady flips back, in the Initial Phase, every HQ on its Moved side that
// can trace a supply line (17.2.3).
func (g *Game) hqReady() {
	for i := range g.s.Units {
		if us := &g.s.Units[i]; us.HQMoved && !us.OutOfSupply {
			us.HQMoved = false
		}
	}
}

// hqPools are the SupP pools a German HQ may spend for its fire (17.2.7),
// in the order it spends them: the 7th Army's if it can trace a line to the
// map edge, the Cherbourg Fortress's if it can trace one to a Cherbourg hex;
// the Cotentin HQ only the Fortress's (17.4). A scenario without the
// Fortress pool spends the 7th Army's without a trace (its supply marker
// says whether it may fire). Each trace is made only when the caller asks
// for the pool it decides (artilleryPool stops at the first that can pay).
func (g *Game) hqPools(i int) iter.Seq[string] {
	return func(yield func(string) bool) {
		k := poolIndex(g.s.SupP, fortressPool)
		cotentin := slices.Contains(g.unit(i).Marks, MarkCotentin)
		if k < 0 && !cotentin {
			yield(germanSupPPool)
			return
		}
		lines := g.hqTraces()
		at := g.s.Units[i].At
		if !cotentin && lines.status(g, false)[at] == InSupply && !yield(germanSupPPool) {
			return
		}
		if k >= 0 && lines.status(g, true)[at] == InSupply {
			yield(fortressPool)
		}
	}
}

// hqLineCache is the two traces of hqPools for one position, each made
// when first needed.
type hqLineCache struct {
	key        string
	edge, cher map[string]SupplyStatus
}

// hqTraces holds the German supply statuses for lines to the map edge and
// to the Cherbourg hexes (17.2.7), cached while the units and control stay
// as they are: Legal and Pending ask for them for every HQ.
func (g *Game) hqTraces() *hqLineCache {
	b := make([]byte, 0, 16*len(g.s.Units)+len(g.s.Control))
	for _, us := range g.s.Units {
		b = append(b, us.At...)
		b = append(b, '/')
		b = strconv.AppendInt(b, int64(us.Step), 10)
		b = append(b, keyFlag(us.Gone), keyFlag(us.Disrupted), keyFlag(us.Scattered), ';')
	}
	for _, c := range g.s.Control {
		b = append(b, c.Side...)
	}
	if c := g.hqLines; c != nil && c.key == string(b) {
		return c
	}
	g.hqLines = &hqLineCache{key: string(b)}
	return g.hqLines
}

func keyFlag(b bool) byte {
	if b {
		return 't'
	}
	return 'f'
}

// status is the trace to the Cherbourg hexes (cher) or to the map edge.
func (c *hqLineCache) status(g *Game, cher bool) map[string]SupplyStatus {
	switch {
	case cher && c.cher == nil:
		ctl := g.controlMap()
		c.cher = traceLineTo(g.sup, g.supplyView(German), func(id string) bool {
			a, ok := g.b.ids[id]
			return ok && slices.Contains(g.sup.cherbourg, a) && ctl[id] != Allied
		})
	case !cher && c.edge == nil:
		v := g.supplyView(German)
		v.EdgeOnly = true
		c.edge = traceSupply(g.sup, v)
	}
	if cher {
		return c.cher
	}
	return c.edge
}

// kampfgruppeChoices are the combat-group attacks on t for Legal (10.3.4):
// each stack among the candidates, of one army, of more than one formation
// and of total printed strength at most 6 (AMBIG-15), as the MAF alone.
func (g *Game) kampfgruppeChoices(t hx.Axial, cand []int) []rules.Choice {
	var out []rules.Choice
	byHex := map[string][]int{}
	var hexes []string
	for _, i := range cand {
		at := g.s.Units[i].At
		if byHex[at] == nil {
			hexes = append(hexes, at)
		}
		byHex[at] = append(byHex[at], i)
	}
	slices.Sort(hexes)
	for _, h := range hexes {
		us := byHex[h]
		total := 0
		forms := map[string]bool{}
		for _, i := range us {
			total += g.strength(i)
			forms[formationKey(g.combatUnit(i))] = true
		}
		if len(us) < 2 || len(forms) < 2 || total > 6 || slices.ContainsFunc(us, func(i int) bool { return g.army(i) != g.army(us[0]) }) {
			continue
		}
		a := AttackCommand{Target: g.b.id(t), From: []string{h}, Kampfgruppe: true}
		for _, i := range us {
			a.MAF = append(a.MAF, g.unit(i).ID)
		}
		slices.Sort(a.MAF)
		if g.checkSupportMarkers(a, t) != nil {
			continue
		}
		in, _ := g.combatInput(a)
		if o, err := resolveOdds(in); err == nil {
			out = append(out, rules.Choice{Command: a.String(), Piece: a.Target, Note: "combat group (10.3.4): " + o.String()})
		}
	}
	return out
}

// orderedSupport adds defensive support to a DD taken by order when the
// side's order 'order dd-support always' is in force and a source can give
// it (12.4.7; for the Allies a naval marker of the Lead's army, 19.2.2). The
// function returned pays once the decision is taken; nil if none.
func (g *Game) orderedSupport(c *Combat, side Side, cmd *CombatCommand, orders Orders) func() string {
	if cmd.Kind != CmdDD || cmd.Support || len(cmd.Units) == 0 {
		return nil
	}
	if o, ok := orders.Find(string(side), CmdOrderDDSupport); !ok || o.Mode != ModeAlways {
		return nil
	}
	sources := g.ddSources(c, cmd.Units[0])
	if len(sources) == 0 {
		return nil
	}
	cmd.Support = true
	if g.ver.ddSupportSource {
		cmd.Source = sources[0].name // the record names the source the order took
	}
	return sources[0].pay
}

// holdOneHex records the strength of each part of the retreat that stopped
// after one hex in a hex of friends (13.3), who stop no more than theirs in
// the Combat Phase, where the version reads AMBIG-25 so. A hex that holds the
// retreat by its terrain or fortification uses no friends' strength.
func (g *Game) holdOneHex(c *Combat) {
	if !g.ver.oneHexPerPhase {
		return
	}
	strength := map[string]int{}
	for _, u := range c.survivors() {
		strength[u.ID] = u.Strength
	}
	for _, mv := range c.Moves {
		end := mv.Path.Hexes[len(mv.Path.Hexes)-1]
		if !mv.Path.OneHex || c.RetreatMap.Holds(end) {
			continue
		}
		n := 0
		for _, id := range mv.Units {
			n += strength[id]
		}
		g.s.OneHexHeld = append(g.s.OneHexHeld, oneHexHold{Hex: g.b.id(end), Strength: n})
	}
}

// smOffAfter takes the Strategic Move and Trucks markers off the units the
// combat touched, where the version reads 9.8.5 so (L616-623): off a unit
// attacked, once the odds were set (the combat's odds read them, so they come
// off as it ends; the first edition's "immediately, regardless of the
// result", IT L628, is the same marker off the same units), and, where the
// edition has 13.7 (L1006, D13), off every unit a retreat left stacked with
// others, the friends under a marker a retreat ended with among them; the
// markers are then free for other units.
func (g *Game) smOffAfter(c *Combat) []rules.Event {
	if !g.ver.smOffWhenAttacked {
		return nil
	}
	type off struct {
		i   int
		why string
	}
	var touched []off
	for _, u := range c.In.Defenders {
		touched = append(touched, off{g.index[u.ID], "it was attacked (9.8.5)"})
	}
	if g.ed.retreatOntoSMLastResort {
		occ := g.occupancy()
		for _, mv := range c.Moves {
			if us := occ[mv.Path.Hexes[len(mv.Path.Hexes)-1]]; len(us) > 1 {
				for _, i := range us {
					touched = append(touched, off{i, "a retreat stacked it with others (9.8.5, 13.7)"})
				}
			}
		}
	}
	var events []rules.Event
	for _, t := range touched {
		us := &g.s.Units[t.i]
		if us.Gone || (!us.SM && !us.Trucks) {
			continue
		}
		us.SM, us.Trucks = false, false
		events = append(events, rules.Event{Seat: rules.Seat(g.unit(t.i).Side), Text: fmt.Sprintf("%s's Strategic Move marker comes off: %s", us.ID, t.why)})
	}
	return events
}
