package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Bridge Phase (7.1-7.9): blowing bridges in the own phase (7.3),
// repairs (7.8) and the bridges under construction (7.9), the Greif
// Commando (36) and the fuel dumps blown by the Allies (32.3). The
// demolitions against an attack are the combat's step 1 (combat_flow.go).

// firstNightTurn is the turn whose Night is the first (7.6, 27.5).
const firstNightTurn = 2

// enterBridge completes or undoes the repairs the side began in its last
// Bridge Phase, and the bridges under construction from turn 2 (7.8, 7.9).
func (g *Game) enterBridge() []rules.Event {
	side := g.s.Side
	var events []rules.Event
	for k := 0; k < len(g.s.Bridges); k++ {
		br := &g.s.Bridges[k]
		if !br.Working || br.Begun != side || g.s.Turn < br.Due {
			continue
		}
		if why := g.repairBar(side, br.Side); why == "" {
			events = append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("The bridge %s is repaired and usable from this turn (7.8)", g.bridgeName(br.Side))})
			g.s.Bridges = slices.Delete(g.s.Bridges, k, k+1)
			k--
			continue
		} else {
			// 7.9: a bridge under construction not completed on turn 2
			// reverts to Blown as a repair would (digest 3.7).
			events = append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("The repair of %s fails: %s; its marker is back on Blown (7.8)", g.bridgeName(br.Side), why)})
		}
		br.Working, br.Begun, br.Due = false, "", 0
	}
	return events
}

// bridgeAwaits: the phase waits while its player has something to do.
func (g *Game) bridgeAwaits() bool {
	return g.s.Dice != "" || g.s.GreifAsk != "" || len(reading(g, g.bridgeChoices)) > 0
}

// bridgeChoices lists the Bridge Phase's commands open now.
func (g *Game) bridgeChoices() []rules.Choice {
	side := g.s.Side
	var out []rules.Choice
	for _, sd := range g.b.bridges {
		if g.mayBlow(side, sd, false) == "" {
			out = append(out, rules.Choice{Command: "blow " + sd, Note: fmt.Sprintf("blow %s: 1-4 on the Bridge Demolition Table%s (7.3)", g.bridgeName(sd), drmWords(g.demolitionDRM(side, sd, false)))})
		}
		// Only a blown bridge is repaired: test that first, repairBar traces supply.
		if g.bridgeOut(sd) && !g.repairing(sd) && g.repairBar(side, sd) == "" {
			out = append(out, rules.Choice{Command: "repair " + sd, Note: "begin repairing " + g.bridgeName(sd) + " (7.8)"})
		}
		if g.greifBar(sd) == "" {
			out = append(out, rules.Choice{Command: "greif " + sd, Note: "the Greif Commando on " + g.bridgeName(sd) + " (36)"})
		}
	}
	for _, d := range g.s.Dumps {
		if g.dumpBar(d.Hex) == "" {
			out = append(out, rules.Choice{Command: "dump " + d.Hex, Note: "blow the fuel dump marker in " + d.Hex + ": 1-4 (32.3)"})
		}
	}
	return out
}

func drmWords(drm int) string {
	if drm == 0 {
		return ""
	}
	return fmt.Sprintf(", %+d", drm)
}

// bridgeName names a bridge for players: "#5 Dasburg (2016/2115)".
func (g *Game) bridgeName(sd string) string {
	if nb, ok := g.b.named[sd]; ok {
		if nb.Number != "" {
			return fmt.Sprintf("#%s %s (%s)", nb.Number, nb.Name, sd)
		}
		return fmt.Sprintf("%s (%s)", nb.Name, sd)
	}
	return sd
}

// repairing reports whether a bridge's marker is on its Working side.
func (g *Game) repairing(sd string) bool {
	return slices.ContainsFunc(g.s.Bridges, func(b bridgeState) bool { return b.Side == sd && b.Working })
}

// mayBlow says why side may not try to blow the bridge sd now, "" when it
// may (7.2, 7.3, 7.6, 25.3.6): in the own Bridge Phase, or against an
// attack (combat); never on turns 1 and 2 or the first Night; at night
// either player against an attack in the opponent's Night Combat Phase
// (before ardennes44/4 the German player only); one attempt a bridge a
// player turn (AMB-8); with an own non-Broken unit, not in SM, on Trucks
// or a Prime Mover, in or next to a hex of the bridge, reaching it through
// no enemy unit or ZOC bond.
func (g *Game) mayBlow(side Side, sd string, combat bool) string {
	x, y, ok := g.b.parseSide(sd)
	switch {
	case !ok || !g.b.bridgeSide(x, y):
		return "no bridge crosses " + sd + " (7.1)"
	case g.bridgeOut(sd):
		return "the bridge is blown already (7.2)"
	case g.s.Turn <= firstNightTurn:
		return "no bridge is blown on turns 1 and 2 or the first Night (7.6)"
	case g.night() && !combat:
		return "at night bridges are blown only against an enemy attack (25.3.6)"
	case g.night() && side != German && !g.ver.nightBlowBoth:
		return "at night only the German player blows bridges, against an Allied attack (25.3.6)"
	case g.night() && side == g.s.Side:
		return "at night bridges are blown only against an enemy attack, in the opponent's Night Combat Phase (25.3.6)"
	case sd == g.sc.Special.Ouren && g.s.Ouren == "" && side == Allied && g.s.Turn < 3:
		return "the Ouren bridge is checked when first crossed (7.7)"
	case slices.Contains(g.s.Tried, string(side)+":"+sd):
		return "one attempt a bridge in a player turn (7.2, AMB-8)"
	}
	if len(g.blowers(side, x, y)) == 0 {
		return "no own unit able to blow it is in or next to the bridge (7.3, 7.6)"
	}
	return ""
}

// blowers are side's units that may blow the bridge between x and y (7.3,
// 7.6, 18.5): not Broken, not artillery moving on a Prime Mover, not under
// SM or Trucks; in a bridge hex, or next to one it may step into.
func (g *Game) blowers(side Side, x, y hex.Axial) []int {
	// The occupancy and the enemy bonds are built only when a unit stands
	// next to the bridge: most bridges have none, and they cost a map walk.
	var occ map[hex.Axial][]int
	var bonds hexwar.Bonds
	var out []int
	for i := range g.s.Units {
		a, on := g.onMap(i)
		us := g.s.Units[i]
		if !on || g.sideOf(i) != side || us.Status == statusBroken || us.SM || us.Trucks || us.Mover || g.unit(i).Type == SupplyDepot {
			continue
		}
		ok := a == x || a == y
		for _, h := range []hex.Axial{x, y} {
			if ok || hex.Distance(a, h) != 1 {
				continue
			}
			if occ == nil {
				occ, bonds = g.occupancy(), g.bonds(side.Other())
			}
			// 7.3: the 1 hex may be in an enemy ZOC, never an enemy-held
			// hex or across a ZOC bond.
			if g.sideAt(occ, h) != side.Other() && !bonds.Blocks(a, h, g.sideAt(occ, h) == side) {
				ok = true
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// demolitionDRM is a demolition's modifier (7.5): +1 in the enemy Combat
// Phase; +2 when every unit that may make the attempt is Disrupted or
// Engaged (AMB-58); +2 with the Greif Commando on the bridge (36).
func (g *Game) demolitionDRM(side Side, sd string, enemyPhase bool) int {
	drm := 0
	if enemyPhase {
		drm++
	}
	if x, y, ok := g.b.parseSide(sd); ok {
		units := g.blowers(side, x, y)
		if len(units) > 0 && !slices.ContainsFunc(units, func(i int) bool { return g.s.Units[i].Status == "" && !g.s.Units[i].ENG }) {
			drm += 2
		}
	}
	if g.s.Greif == sd {
		drm += 2
	}
	return drm
}

// blow is 'blow HEX/HEX' in the own Bridge Phase (7.3).
func (g *Game) blow(c Command) ([]rules.Event, error) {
	sd := c.Args[0]
	if why := g.mayBlow(g.s.Side, sd, false); why != "" {
		return nil, rules.Refuse("7.3", "%s: %s", g.bridgeName(sd), why)
	}
	g.s.Tried = append(g.s.Tried, string(g.s.Side)+":"+sd)
	text := fmt.Sprintf("%s tries to blow %s (7.3)", g.s.Side, g.bridgeName(sd))
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
	if !g.greifAsked() {
		g.s.Dice = diceBlow + sd
		return events, nil
	}
	g.s.GreifAsk = sd
	if answer, order, ok := g.greifByOrder(sd); ok {
		more, err := g.greifAnswer(answer)
		for k := range more {
			more[k].Text += ", by the standing order '" + order + "'"
		}
		return append(events, more...), err
	}
	events[0].Text += ": the German player may first put the Greif Commando on it (36)"
	return events, nil
}

// rollBlow reads the Bridge Demolition Table (7.2, 7.5).
func (g *Game) rollBlow(sd string, die int) []rules.Event {
	drm := g.demolitionDRM(g.s.Side, sd, false)
	if g.s.Greif == sd {
		g.s.Greif = greifUsed // 36: removed after use
	}
	text := fmt.Sprintf("Bridge Demolition Table, %s: %d%+d, ", g.bridgeName(sd), die, drm)
	if demolitionTable.Roll(0, die, drm) {
		g.blowBridge(sd)
		text += "blown (7.2)"
	} else {
		text += "it stands"
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
}

// blowBridge puts a Blown marker on a bridge (7.2): it counts as no
// bridge.
func (g *Game) blowBridge(sd string) {
	for k := range g.s.Bridges {
		if g.s.Bridges[k].Side == sd {
			g.s.Bridges[k] = bridgeState{Side: sd}
			return
		}
	}
	g.s.Bridges = append(g.s.Bridges, bridgeState{Side: sd})
	slices.SortFunc(g.s.Bridges, func(a, b bridgeState) int { return strings.Compare(a.Side, b.Side) })
}

// repairBar says why side may not repair the blown bridge sd now, "" when
// it may (7.8): both its hexes free of enemy units, each held by own units
// or free of enemy ZOC; Road Supply from one of them.
func (g *Game) repairBar(side Side, sd string) string {
	x, y, ok := g.b.parseSide(sd)
	if !ok || !g.b.bridgeSide(x, y) {
		return "no bridge crosses " + sd
	}
	occ := g.occupancy()
	ezoc := g.zoc(side.Other())
	for _, a := range []hex.Axial{x, y} {
		switch held := g.sideAt(occ, a); {
		case held == side.Other():
			return "enemy units hold " + g.b.id(a)
		case held != side && ezoc.Has(a):
			return g.b.id(a) + " is in an enemy ZOC without an own unit"
		}
	}
	if !g.roadSupplied(x, side) && !g.roadSupplied(y, side) {
		return "neither hex has Road Supply (23.3)"
	}
	return ""
}

// repair is 'repair HEX/HEX': the Blown marker flips to Working (7.8).
func (g *Game) repair(c Command) ([]rules.Event, error) {
	sd := c.Args[0]
	k := slices.IndexFunc(g.s.Bridges, func(b bridgeState) bool { return b.Side == sd })
	switch {
	case k < 0:
		return nil, rules.Refuse("7.8", "%s is not blown", g.bridgeName(sd))
	case g.s.Bridges[k].Working:
		return nil, rules.Refuse("7.8", "%s is being repaired already", g.bridgeName(sd))
	}
	if why := g.repairBar(g.s.Side, sd); why != "" {
		return nil, rules.Refuse("7.8", "%s cannot be repaired: %s", g.bridgeName(sd), why)
	}
	g.s.Bridges[k].Working, g.s.Bridges[k].Begun = true, g.s.Side
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("Repair of %s begun: its marker shows Working; it is usable after the next %s Bridge Phase if the conditions still hold (7.8)", g.bridgeName(sd), g.s.Side)}}, nil
}

// The Greif Commando (36): once a game, before turn 7, on a bridge.
const (
	greifBefore = 7
	greifUsed   = "used"
)

// greifBar says why the Greif Commando may not go on bridge sd, "".
func (g *Game) greifBar(sd string) string {
	x, y, ok := g.b.parseSide(sd)
	switch {
	case !g.opt.greif:
		return "the Greif Commando is optional rule 36, not in play"
	case g.s.Side != German:
		return "the Greif Commando is German"
	case g.s.Turn >= greifBefore:
		return "the Greif Commando is placed before turn 7"
	case g.s.Greif != "":
		return "the Greif Commando is used once a game"
	case !ok || !g.b.bridgeSide(x, y) || g.bridgeOut(sd):
		return sd + " is no standing bridge"
	}
	return ""
}

// greifInCombat takes the Greif Commando off bridge sd after an attempt
// against an attack or an advance (36, L1803: removed once used), from
// ardennes44/5; before, only a Bridge Phase attempt used it (rollBlow).
func (g *Game) greifInCombat(sd string) {
	if g.ver.greifUsedInCombat && g.s.Greif == sd {
		g.s.Greif = greifUsed
	}
}

// greifAsked reports whether the Allied demolition declared now waits for
// the German player's Greif Commando: he places it "w każdym momencie
// przed Turą 7" (36, L1803), in the Allied Bridge Phase too (7.3), while
// it is unused; from ardennes44/6. ardennes44/1 to /5 rolled at once.
func (g *Game) greifAsked() bool {
	return g.s.Side == Allied && g.greifOrderOpen()
}

// greifByOrder is the German answer to an Allied demolition of sd that
// his standing order gives ('order greif always|never', 36), if he gave
// one: so a game by mail spends no exchange on it.
func (g *Game) greifByOrder(sd string) (answer Command, order string, ok bool) {
	ord, ok := g.orders().Find(string(German), CmdOrderGreif)
	switch {
	case !ok:
		return Command{}, "", false
	case ord.Mode == combat.ModeNever:
		return Command{Verb: "no-greif"}, ord.String(), true
	}
	return Command{Verb: "greif", Args: []string{sd}}, ord.String(), true
}

// greifOrderOpen: an Allied demolition may yet ask for the Greif Commando
// (greifAsked), so a standing order for it may matter (36).
func (g *Game) greifOrderOpen() bool {
	return g.ver.greifInAlliedTurn && g.opt.greif && g.s.Turn < greifBefore && g.s.Greif == ""
}

// greifAskPrompt is what the Allied demolition waits for (36).
func (g *Game) greifAskPrompt() string {
	return fmt.Sprintf("the German player: the Greif Commando on %s before the Allied demolition ('greif %s'), or 'no-greif' (36; given in his own turn, 'order greif always|never' answers such questions ahead)", g.bridgeName(g.s.GreifAsk), g.s.GreifAsk)
}

// greifAskChoices are the German answers to an Allied demolition (36).
func (g *Game) greifAskChoices() []rules.Choice {
	sd := g.s.GreifAsk
	return []rules.Choice{
		{Command: "greif " + sd, Note: "the Greif Commando on " + g.bridgeName(sd) + ": +2 to the Allied attempt (36)"},
		{Command: "no-greif", Note: "the Allied attempt on " + g.bridgeName(sd) + " without the Greif Commando (36)"},
	}
}

// greifAnswer is the German answer to an Allied demolition, 'greif
// HEX/HEX' on its bridge or 'no-greif' (36); the Allies' die follows.
func (g *Game) greifAnswer(c Command) ([]rules.Event, error) {
	sd := g.s.GreifAsk
	if c.Verb == "greif" && c.Args[0] != sd {
		return nil, rules.Refuse("36", "the Allies try to blow %s: the Greif Commando goes on it ('greif %s') or not ('no-greif')", g.bridgeName(sd), sd)
	}
	g.s.GreifAsk, g.s.Dice = "", diceBlow+sd
	text := "No Greif Commando on " + g.bridgeName(sd) + " (36)"
	if c.Verb == "greif" {
		g.s.Greif = sd
		text = "The Greif Commando is on " + g.bridgeName(sd) + ": +2 to the Allied attempt (36)"
	}
	return []rules.Event{{Seat: rules.Seat(German), Text: text}}, nil
}

// greif is 'greif HEX/HEX' (36).
func (g *Game) greif(c Command) ([]rules.Event, error) {
	sd := c.Args[0]
	if why := g.greifBar(sd); why != "" {
		return nil, rules.Refuse("36", "%s", why)
	}
	g.s.Greif = sd
	return []rules.Event{{Seat: rules.Seat(German), Text: "The Greif Commando is on " + g.bridgeName(sd) + ": +2 to the next demolition there (36)"}}, nil
}
