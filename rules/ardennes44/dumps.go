package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// The fuel dumps (optional rule 32): a marker on each dump hex of the map,
// one real, drawn by the Allied player in secret (32.1) through the sealed
// draw protocol (rules.Sealer): the engine learns which is real only when a
// German unit first comes next to a marker. The real dump is a unit of DF 2
// without steps' worth (32.2); eliminated or made to retreat it is
// captured; taken off in a German Fuel Shortage Phase with Road Supply it
// spares the fuel checks of turns 7 and 8. All dumps go at the end of turn
// 6 (32.3).

// dumpUnit is the real dump's counter, added to the scenario's units when
// the option is in play.
const dumpUnit = "fuel-dump"

// dumpsUntil: the dumps are removed at the end of turn 6 (32.3).
const dumpsUntil = 6

// diceDumpUnseal: the sealed draw of the real dump is due (32.1).
const diceDumpUnseal = "dumps-unseal"

// addDumps puts the dump markers on the map and asks the Allied player's
// secret draw (32.1).
func (g *Game) addDumps() {
	if !g.opt.dumps || len(g.sc.FuelDumps) == 0 || g.sc.FirstTurn > dumpsUntil {
		return
	}
	for _, h := range g.sc.FuelDumps {
		g.s.Dumps = append(g.s.Dumps, dump{Hex: h})
	}
	g.s.Dice = diceDumpPlace
}

// dumpCounter is the real dump's Unit (32.2): Allied, DF 2, no movement.
func dumpCounter() Unit {
	return Unit{ID: dumpUnit, Side: Allied, Nation: US, Army: Yellow, Formation: "-", Type: SupplyDepot,
		Faces: []Face{{AF: 0, DF: 2, MA: 0, Steps: 1}}}
}

// Seal implements rules.Sealer: the Allied draw of the real dump, sealed.
func (g *Game) Seal(token string) ([]rules.Event, error) {
	if g.s.Dice != diceDumpPlace {
		return nil, fmt.Errorf("%w: no private draw is awaited", rules.ErrNotPending)
	}
	g.s.Dice, g.s.DumpSeal = "", token
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: "The Allied player has drawn the real fuel dump in secret (32.1)"}}
	return append(events, g.afterDie()...), nil
}

// Unseal implements rules.Sealer: the real dump's draw made known.
func (g *Game) Unseal(token string, values []int) ([]rules.Event, error) {
	if g.s.DumpSeal == "" || token != g.s.DumpSeal {
		return nil, fmt.Errorf("%w: no draw is sealed under %q", rules.ErrNotPending, token)
	}
	if len(values) != 1 || values[0] < 1 || values[0] > len(g.sc.FuelDumps) {
		return nil, fmt.Errorf("%w: the draw is one value 1-%d", rules.ErrIllegal, len(g.sc.FuelDumps))
	}
	if g.s.Dice == diceDumpUnseal {
		g.s.Dice = ""
	}
	events := g.placeDumps(values[0])
	return append(events, g.afterDie()...), nil
}

// placeDumps learns which dump is real: the draw's value numbers the dump
// hexes in the map's order (32.1); markers awaiting their flip flip now.
func (g *Game) placeDumps(v int) []rules.Event {
	g.s.RealDump, g.s.DumpSeal = g.sc.FuelDumps[v-1], ""
	if len(g.s.DumpPending) == 0 {
		return nil
	}
	pending := g.s.DumpPending
	g.s.DumpPending = nil
	return g.flipDumps(pending)
}

// revealDumps flips the markers a German move came next to (32.1), and
// lets an Allied move retake a captured dump (32.2).
func (g *Game) revealDumps(i int, path []hex.Axial, enters bool) []rules.Event {
	if len(g.s.Dumps) == 0 {
		return nil
	}
	if g.sideOf(i) == Allied {
		return g.retakeDump(path)
	}
	path = g.hexesMovedOnto(path, enters)
	var near []string
	for _, d := range g.s.Dumps {
		a := g.b.ids[d.Hex]
		if d.Revealed || slices.Contains(near, d.Hex) {
			continue
		}
		if slices.ContainsFunc(path, func(p hex.Axial) bool { return hex.Distance(p, a) <= 1 }) {
			near = append(near, d.Hex)
		}
	}
	if len(near) == 0 {
		return nil
	}
	if g.s.RealDump == "" {
		g.s.DumpPending = append(g.s.DumpPending, near...)
		g.s.Dice = diceDumpUnseal // the Allied player makes the draw known
		return nil
	}
	return g.flipDumps(near)
}

// hexesMovedOnto are the hexes of a move's path a unit moved onto (32.1):
// from ardennes44/5 not the one an on-map unit began in; an entering
// unit's first hex is one.
func (g *Game) hexesMovedOnto(path []hex.Axial, enters bool) []hex.Axial {
	if !g.ver.dumpFlipMovedNext || enters || len(path) == 0 {
		return path
	}
	return path[1:]
}

// flipDumps flips dump markers (32.1): a dummy comes off, the real dump
// stands as its unit.
func (g *Game) flipDumps(hexes []string) []rules.Event {
	var events []rules.Event
	for _, h := range hexes {
		k := slices.IndexFunc(g.s.Dumps, func(d dump) bool { return d.Hex == h })
		if k < 0 || g.s.Dumps[k].Revealed {
			continue
		}
		if h != g.s.RealDump {
			g.s.Dumps = slices.Delete(g.s.Dumps, k, k+1)
			events = append(events, rules.Event{Seat: rules.Seat(German), Text: "The fuel dump in " + h + " is a dummy, removed (32.1)"})
			continue
		}
		g.s.Dumps[k].Real, g.s.Dumps[k].Revealed = true, true
		i := g.index[dumpUnit]
		g.s.Units[i] = unitState{ID: dumpUnit, At: h, Arrived: g.s.Turn}
		events = append(events, rules.Event{Seat: rules.Seat(German), Text: "The fuel dump in " + h + " is the real one: a DF 2 unit (32.2)"})
	}
	return events
}

// dumpTaken: the real dump's unit was eliminated or made to retreat: the
// Germans capture it (32.2).
func (g *Game) dumpTaken(at string) {
	for k := range g.s.Dumps {
		if g.s.Dumps[k].Hex == at && g.s.Dumps[k].Real {
			g.s.Dumps[k].Captured = true
		}
	}
}

// retakeDump: an Allied unit back in a captured dump's hex retakes it, DF 2
// again (32.2).
func (g *Game) retakeDump(path []hex.Axial) []rules.Event {
	for k, d := range g.s.Dumps {
		a := g.b.ids[d.Hex]
		if d.Captured && slices.Contains(path, a) {
			g.s.Dumps[k].Captured = false
			i := g.index[dumpUnit]
			g.s.Units[i] = unitState{ID: dumpUnit, At: d.Hex, Arrived: g.s.Turn}
			return []rules.Event{{Seat: rules.Seat(Allied), Text: "The Allies retake the fuel dump in " + d.Hex + " (32.2)"}}
		}
	}
	return nil
}

// removeDump takes a captured dump off in the German Fuel Shortage Phase if
// the Germans hold it and it has Road Supply (32.2): no fuel checks on
// turns 7 and 8.
func (g *Game) removeDump() []rules.Event {
	occ := g.occupancy()
	for k, d := range g.s.Dumps {
		a := g.b.ids[d.Hex]
		if !d.Captured || g.sideAt(occ, a) == Allied || !g.roadSupplied(a, German) {
			continue
		}
		g.s.Dumps = slices.Delete(g.s.Dumps, k, k+1)
		g.s.DumpTaken = true
		return []rules.Event{{Seat: rules.Seat(German), Text: "The captured fuel dump in " + d.Hex + " is taken away: no Fuel Shortage checks on turns 7 and 8 (32.2)"}}
	}
	return nil
}

// dumpBar says why the Allies may not blow the dump marker in h now
// (32.3): in their Bridge Phase, with German units next to it.
func (g *Game) dumpBar(h string) string {
	k := slices.IndexFunc(g.s.Dumps, func(d dump) bool { return d.Hex == h })
	switch {
	case k < 0 || g.s.Dumps[k].Captured:
		return "no Allied fuel dump marker is in " + h
	case g.s.Side != Allied || g.s.Phase != PhaseBridge:
		return "the Allies blow a fuel dump in their Bridge Phase"
	case slices.Contains(g.s.Tried, dumpTried(h)):
		return "one attempt a turn"
	}
	if !g.nextToEnemy(g.b.ids[h], Allied, g.occupancy()) {
		return "no German unit is next to it"
	}
	return ""
}

// blowDump is 'dump HEX' (32.3).
func (g *Game) blowDump(c Command) ([]rules.Event, error) {
	h := c.Args[0]
	if why := g.dumpBar(h); why != "" {
		return nil, rules.Refuse("32.3", "%s", why)
	}
	g.s.Tried = append(g.s.Tried, dumpTried(h))
	g.s.Dice = diceDump + h
	return []rules.Event{{Seat: rules.Seat(Allied), Text: "The Allies try to blow the fuel dump in " + h + " (32.3)"}}, nil
}

// rollBlowDump reads the die: 1-4 the marker is blown and removed (32.3).
func (g *Game) rollBlowDump(h string, die int) []rules.Event {
	if die > 4 {
		return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Fuel dump in %s: %d, it stands (32.3)", h, die)}}
	}
	g.removeDumpAt(h)
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Fuel dump in %s: %d, blown (32.3)", h, die)}}
}

// removeDumpAt takes the dump marker in h off, and its unit if real (32.3).
func (g *Game) removeDumpAt(h string) {
	g.s.Dumps = slices.DeleteFunc(g.s.Dumps, func(d dump) bool { return d.Hex == h })
	if i := g.index[dumpUnit]; g.s.Units[i].At == h {
		g.s.Units[i] = unitState{ID: dumpUnit, At: poolBox}
	}
}

// dumpTried is the note in state.Tried that the Allies tried to blow the
// dump in hex h this player turn: once, in the Bridge Phase or against an
// attack (32.3, as a bridge, 7.2).
func dumpTried(h string) string { return "allied:dump:" + h }

// dumpCombatBlown: against a German attack the dump is blown on 1-3
// (32.3).
const dumpCombatBlown = 3

// dumpAttacked is the hex of the real fuel dump a German attack is made
// on, which the Allies may try to blow, once a player turn as a bridge
// (32.3, 7.2), from ardennes44/5; "" for none.
func (g *Game) dumpAttacked(in *combatIn) string {
	h := g.b.id(in.target)
	i, ok := g.index[dumpUnit]
	switch {
	case !g.ver.dumpBlownInCombat || !ok || in.attacker != German:
		return ""
	case g.s.Units[i].At != h || slices.Contains(g.s.Tried, dumpTried(h)):
		return ""
	}
	return h
}

// dumpTriedInCombat records the Allied attempt on the dump against an
// attack, and the dump blown (32.3).
func (g *Game) dumpTriedInCombat(c *Combat) {
	if !c.dumpTry || !c.dumpRolled {
		return
	}
	g.s.Tried = append(g.s.Tried, dumpTried(c.dump))
	if c.dumpBlown {
		g.removeDumpAt(c.dump)
	}
}

// clearDumps removes every dump at the end of turn 6 (32.3).
func (g *Game) clearDumps() []rules.Event {
	if len(g.s.Dumps) == 0 || g.s.Turn != dumpsUntil {
		return nil
	}
	g.s.Dumps = nil
	if i, ok := g.index[dumpUnit]; ok && g.s.Units[i].At != poolBox {
		g.s.Units[i] = unitState{ID: dumpUnit, At: poolBox}
	}
	return []rules.Event{{Seat: rules.Seat(Allied), Text: "The fuel dumps are removed at the end of turn 6 (32.3)"}}
}
