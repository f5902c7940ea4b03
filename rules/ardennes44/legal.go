package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Legal's lists, phase by phase: every command listed applies as it
// stands. Moves list each hex a unit reaches, by the cheapest path, with
// its cost in MP; attacks list, for each enemy hex, the attack of each
// adjacent stack and of every unit next to it that may join.

// memo holds what a listing works out once for the position it lists, and
// every move it checks would read again (issue 18): the move context of
// each side, which units stand on each hex, the zones of control and ZOC
// bonds, the roads cut by blown bridges, the hexes with Road Supply or in supply and
// the markers' step rule. It lives while Legal runs, or a phase's awaits
// check lists its choices (reading).
type memo struct {
	ctx     map[Side]*hexwar.Context
	occ     map[hex.Axial][]int
	zoc     map[Side]hexwar.HexSet
	bonds   map[Side]hexwar.Bonds
	cut     func(f int, d hex.Direction) bool
	cutOK   bool
	roads   map[Side]map[int]int
	traffic map[trafficKey]hexwar.StepRule
	supply  map[Side]*supplyTrace
	// scratch is a copy of the game that Legal tries commands on: a
	// refused command leaves a game as it was (docs/engines.md), so one
	// copy serves every try until a command is taken.
	scratch *Game
}

// reading is list's value with the position's reads kept while it runs
// (memo). A phase's awaits check lists its choices to see whether any is
// left, and each choice's check reads the position again: the Roadblock
// hexes (33.2) a supply trace each, the rebuild hexes (25.2.2) which units
// stand where. Inside Legal it uses Legal's memo.
func reading[T any](g *Game, list func() T) T {
	if g.memo != nil {
		return list()
	}
	g.memo = &memo{}
	defer func() { g.memo = nil }()
	return list()
}

// trafficKey is what the markers' step rule (traffic) reads of a mover.
type trafficKey struct {
	side Side
	sm   bool
}

// remember is build's value for k, kept in the memo's map field picks while
// Legal runs (m is g.memo); outside Legal, m is nil and it is built afresh.
func remember[K comparable, V any](m *memo, field func(*memo) *map[K]V, k K, build func() V) V {
	if m == nil {
		return build()
	}
	kept := field(m)
	if v, ok := (*kept)[k]; ok {
		return v
	}
	v := build()
	if *kept == nil {
		*kept = map[K]V{}
	}
	(*kept)[k] = v
	return v
}

// legal lists the phase's commands.
func (g *Game) legal() []rules.Choice {
	return reading(g, g.listLegal)
}

// listLegal is legal's work.
func (g *Game) listLegal() []rules.Choice {
	var out []rules.Choice
	switch g.s.Phase {
	case PhaseSetup:
		out = g.setupChoices()
	case PhasePrelude, PhaseTraffic:
		out = g.trafficChoices()
	case PhaseArtillery:
		out = g.readyChoices()
	case PhaseFuel:
		out = g.fuelChoices()
	case PhaseBridge:
		out = g.bridgeChoices()
	case PhaseMovement, PhaseNightMove:
		out = g.movementChoices()
	case PhaseCombat, PhaseNightCombat:
		out = g.combatPhaseChoices()
	case PhaseSupply:
		out = g.antwerpChoices()
	case PhaseNightRepl:
		out = g.replChoices()
	}
	if g.canEnd() == nil {
		out = append(out, rules.Choice{Command: "end", Note: "end the " + phaseRules[g.s.Phase].Name})
	}
	return out
}

// canEnd says why the phasing player may not end the phase now.
func (g *Game) canEnd() error {
	switch {
	case g.s.Moving != nil:
		return rules.Refuse("11.1", "the move of %s waits for its die", g.s.Moving.Unit)
	case g.s.Phase == PhaseFuel && g.s.Fuel != nil && len(g.s.Fuel.Choices) > 0:
		return rules.Refuse("6.1", "the Fuel Shortage result waits for its division: %s", g.fuelPrompt())
	case g.s.Phase == PhaseSupply && g.antwerpDue() > 0:
		return rules.Refuse("27.3.4", "British units are owed to Antwerp: %d DF", g.antwerpDue())
	case g.s.TrafficRoll:
		return rules.Refuse("24.3.2", "the removal dice are awaited")
	}
	if id := g.stuckInEZOC(); id != "" {
		return rules.Refuse("18.3", "%s is Disrupted and began the Movement Phase in an enemy ZOC: it must leave it, as it can", id)
	}
	return nil
}

// beforeEnd does what an 'end' sets going before the phase ends, and says
// whether the phase now waits (for the Traffic Phase's dice, 24.3.2).
func (g *Game) beforeEnd() ([]rules.Event, bool) {
	switch g.s.Phase {
	case PhaseTraffic:
		if g.markersOn(g.s.Side) > 0 {
			g.s.TrafficRoll = true
			return nil, true
		}
	case PhasePrelude:
		if g.s.Rolls > 0 && g.markersOn(Allied) > 0 {
			g.s.TrafficRoll = true
			return nil, true
		}
		g.s.Rolls = 0
	case PhaseArtillery:
		g.s.Done = true
	}
	return nil, false
}

// setupChoices: each German unit to each hex of its start position it may
// take (S1.3).
func (g *Game) setupChoices() []rules.Choice {
	var out []rules.Choice
	for i := range g.s.Units {
		if g.sideOf(i) != German {
			continue
		}
		if _, on := g.onMap(i); !on {
			continue
		}
		id := g.unit(i).ID
		for _, h := range g.setupHexes(i) {
			if h == g.s.Units[i].At {
				continue
			}
			c := Command{Verb: "place", Args: []string{id, h}}
			if _, err := g.Clone().(*Game).placeSetup(c); err == nil {
				out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: "set-up (S1.3)"})
			}
		}
	}
	return out
}

// readyChoices: each Fired artillery unit that may flip (5.1-5.3).
func (g *Game) readyChoices() []rules.Choice {
	if g.s.Flips <= 0 || g.s.Done {
		return nil
	}
	var out []rules.Choice
	for i := range g.s.Units {
		if g.sideOf(i) == g.s.Side && g.mayFlip(i) == "" {
			id := g.unit(i).ID
			out = append(out, rules.Choice{Command: "ready " + id, Piece: id, Note: fmt.Sprintf("to Ready; %d flips left (5.2)", g.s.Flips)})
		}
	}
	return out
}

// fuelChoices: the divisions the pending result may hit (6.1, 6.4).
func (g *Game) fuelChoices() []rules.Choice {
	f := g.s.Fuel
	if f == nil || len(f.Choices) == 0 {
		return nil
	}
	var out []rules.Choice
	for _, d := range f.Choices[0].Options {
		out = append(out, rules.Choice{Command: "fuel " + d, Note: "out of fuel (6.1)"})
	}
	return out
}

// antwerpChoices: each British unit on the map to Antwerp (27.3.4).
func (g *Game) antwerpChoices() []rules.Choice {
	if g.antwerpDue() == 0 {
		return nil
	}
	var out []rules.Choice
	for _, i := range g.britishOnMap() {
		id := g.unit(i).ID
		out = append(out, rules.Choice{Command: "antwerp " + id, Piece: id, Note: fmt.Sprintf("DF %d to Antwerp (27.3.4)", g.face(i).DF)})
	}
	return out
}

// movementChoices lists the Movement Phase's commands.
func (g *Game) movementChoices() []rules.Choice {
	var out []rules.Choice
	side := g.s.Side
	for i := range g.s.Units {
		if g.sideOf(i) == side {
			out = append(out, g.unitChoices(i)...)
		}
	}
	if !g.night() && pm(g.s.Turn) && g.s.Turn < g.lastTurn() && g.nightsPlaced(side) < nightStacks {
		seen := map[string]bool{}
		for i, us := range g.s.Units {
			if _, ok := g.onMap(i); ok && g.sideOf(i) == side && !seen[us.At] {
				seen[us.At] = true
				if c := (Command{Verb: "night", Args: []string{us.At}}); g.tryParsed(c) {
					out = append(out, rules.Choice{Command: c.String(), Note: verbNotes["night"]})
				}
			}
		}
	}
	return out
}

// unitChoices lists unit i's commands of the Movement Phase.
func (g *Game) unitChoices(i int) []rules.Choice {
	us := g.s.Units[i]
	id := g.unit(i).ID
	var out []rules.Choice
	switch {
	case (us.At == waitEngineer || us.At == waitAirdrop) && g.night():
		return nil
	case us.At == waitEngineer:
		for _, h := range g.sc.Hexes {
			c := Command{Verb: "place", Args: []string{id, h.ID}}
			if (h.Terrain == Town || h.Terrain == City) && g.tryCommand(c, (*Game).placeEngineer) {
				out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: "engineer placed (13.2.1)"})
			}
		}
		return out
	case us.At == waitAirdrop:
		return g.dropChoices(i)
	case !inPlay(us.At) && !waiting(us.At):
		return nil
	}
	out = append(out, g.unitMoves(i)...)
	out = append(out, g.boxChoices(i)...)
	for _, c := range []Command{{Verb: "load", Args: []string{id}}, {Verb: "unmark", Args: []string{id}},
		{Verb: "entrench", Args: []string{id}}, {Verb: "breakdown", Args: []string{id}}, {Verb: "breakdown", Args: []string{id, "two"}},
		{Verb: "recombine", Args: []string{id}}} {
		if g.night() && c.Verb != "breakdown" && c.Verb != "recombine" && c.Verb != "unmark" {
			continue
		}
		if g.tryParsed(c) {
			out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: verbNote(c)})
		}
	}
	return out
}

var verbNotes = map[string]string{"load": "load Trucks (12.4.3)", "unmark": "SM marker off (12.6)",
	"entrench": "begin an Improved Position (15.8.2)", "breakdown": "break down (26.1)", "recombine": "recombine (26.4)",
	"night": "a Night marker (25.3.3)"}

// verbNote is the note Legal gives command c: its verb's, and a
// breakdown's into two breakdown units and a Remnant (26.1).
func verbNote(c Command) string {
	if c.Verb == "breakdown" && len(c.Args) == 2 {
		return "break down into two and a Remnant (26.1)"
	}
	return verbNotes[c.Verb]
}

// tryParsed reports whether a command of the main grammar would apply now,
// on a copy of the game.
func (g *Game) tryParsed(c Command) bool {
	return g.try(func(w *Game) error {
		_, err := procedures.Apply(w, rules.Seat(g.s.Side), c.String(), w.s.Phase, "", ErrCommand)
		return err
	})
}

// tryCommand reports whether a handler accepts c, on a copy of the game.
func (g *Game) tryCommand(c Command, h func(*Game, Command) ([]rules.Event, error)) bool {
	return g.try(func(w *Game) error {
		_, err := h(w, c)
		return err
	})
}

// try reports whether apply takes a command on a copy of the game: within
// Legal the memo's scratch copy, until a command is taken on it; else a
// clone of its own.
func (g *Game) try(apply func(w *Game) error) bool {
	if g.memo == nil {
		return apply(g.Clone().(*Game)) == nil
	}
	if g.memo.scratch == nil {
		g.memo.scratch = g.Clone().(*Game)
	}
	if apply(g.memo.scratch) != nil {
		return false
	}
	g.memo.scratch = nil // changed by the command it took
	return true
}

// dropChoices: von der Heydte's drop hexes (27.2), those next to an Allied
// unit's zone first dropped from the list to keep it short: every hex that
// may be is listed.
func (g *Game) dropChoices(i int) []rules.Choice {
	id := g.unit(i).ID
	var out []rules.Choice
	for _, a := range g.b.LandHexes() {
		c := Command{Verb: "drop", Args: []string{id, g.b.id(a)}}
		if g.dropBar(i, c.Args[1]) == nil {
			out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: "airdrop (27.2)"})
		}
	}
	return out
}

// boxChoices: an Allied unit's moves between Off-map boxes (13.5, 13.6).
func (g *Game) boxChoices(i int) []rules.Choice {
	us := g.s.Units[i]
	if g.sideOf(i) != Allied || !(offMap(us.At) || strings.HasPrefix(us.At, hexwar.WaitEntry)) || us.At == antwerpBox {
		return nil
	}
	id := g.unit(i).ID
	var boxes []string
	for _, ar := range areas {
		boxes = append(boxes, offPrefix+ar)
	}
	for _, e := range g.sc.Entries {
		if g.hasBlockingPosition(&e) {
			boxes = append(boxes, blockPrefix+e.Letter)
		}
	}
	var out []rules.Choice
	for _, b := range boxes {
		c := Command{Verb: "go", Args: []string{id, b}}
		if b != us.At && g.tryCommand(c, (*Game).goBox) {
			out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: "to " + boxWords(b) + " (13.5)"})
		}
	}
	return out
}

// unitMoves lists a unit's moves: each hex reached, by each way of moving
// open to it, the cheapest first; and its exit from the map where it may.
func (g *Game) unitMoves(i int) []rules.Choice {
	us := g.s.Units[i]
	if !inPlay(us.At) && !waiting(us.At) {
		return nil
	}
	id := g.unit(i).ID
	seen := map[hex.Axial]bool{}
	// The paths an exit is offered along: one by Tactical Movement only
	// where no other way of moving leaves along the same path, and so it
	// is tried last (tacticalExits).
	exits := map[string]bool{}
	var tacticalExits []hexwar.MoveCommand
	var out []rules.Choice
	try := func(mc hexwar.MoveCommand) {
		end := g.b.ids[mc.Path[len(mc.Path)-1]]
		exit := mc.Has("exit")
		path := strings.Join(mc.Path, " ")
		if (seen[end] && !exit) || (exit && mc.Has("tactical") && exits[path]) {
			return
		}
		p, err := g.planMove(mc, nil)
		if err != nil {
			return
		}
		note := fmt.Sprintf("%s MP", hexwar.MPText(p.cost))
		switch {
		case exit:
			note = "leaves the map to " + boxWords(p.exit) + " (11.9)" + exitHow(p.how)
		case p.haltWhy != "":
			note += ", halts for a die"
		}
		if g.turnsFired(p, p.path) && g.s.Units[i].Face == 0 {
			note += ", then Fired (22.1)"
		}
		if exit {
			exits[path] = true
		} else {
			seen[end] = true
		}
		out = append(out, rules.Choice{Command: mc.String(), Piece: id, Cost: (p.cost + hexwar.MP - 1) / hexwar.MP, Note: note})
	}
	for _, start := range g.moveStarts(i) {
		for _, flags := range g.moveFlags() {
			mc := hexwar.MoveCommand{Unit: id, Path: []string{g.b.id(start)}, Flags: flags}
			how, err := g.moveHow(i, mc, !g.onBoard(i))
			if err != nil || (g.tacticalOnly(i) != "" && !slices.Contains(flags, "tactical")) {
				continue
			}
			if err := g.mayMove(i, mc); err != nil {
				return nil
			}
			// Artillery moves 1 hex one way and more another (22.1,
			// 22.2): Legal searches both.
			hows := []moveHow{how}
			if far, err := g.moveHowFar(i, mc, !g.onBoard(i), true); err == nil && far != how {
				hows = append(hows, far)
			}
			for _, path := range g.reachPathsOf(i, hows, start) {
				mc.Path = path
				try(mc)
				// A unit on the map may end its move by leaving it from the
				// edge hex it reached (11.9): the walk, then the exit. By
				// Tactical Movement from ardennes44/7 only, which counts
				// the exit among its 2 hexes (exitIsAHex).
				if end := g.b.ids[path[len(path)-1]]; len(path) > 1 && g.onBoard(i) && (g.ver.exitIsAHex || !slices.Contains(flags, "tactical")) && g.edgeExit(i, end) {
					exit := hexwar.MoveCommand{Unit: id, Path: path, Flags: append(slices.Clone(flags), "exit")}
					if slices.Contains(flags, "tactical") {
						tacticalExits = append(tacticalExits, exit)
					} else {
						try(exit)
					}
				}
			}
		}
		if g.onBoard(i) && g.edgeExit(i, start) {
			for _, flags := range g.exitFlags() {
				exit := hexwar.MoveCommand{Unit: id, Path: []string{g.b.id(start)}, Flags: flags}
				if slices.Contains(flags, "tactical") {
					tacticalExits = append(tacticalExits, exit)
				} else {
					try(exit)
				}
			}
		}
	}
	for _, exit := range tacticalExits {
		try(exit)
	}
	return out
}

// moveFlags are the ways of moving Legal offers a unit, as their flags: by
// its MA, Tactical (11.3), Extended (11.2) or Strategic Movement (12.1), on
// a Prime Mover (22.3), and from ardennes44/7 Tactical Movement on a Prime
// Mover too (moverTactical).
func (g *Game) moveFlags() [][]string {
	flags := [][]string{nil, {"tactical"}, {"extended"}, {"sm"}, {"mover"}}
	if g.ver.moverTactical {
		flags = append(flags, []string{"tactical", "mover"})
	}
	return flags
}

// edgeExit reports whether unit i may leave the map from hex a, an edge
// hex of its side's (11.9, exitBox).
func (g *Game) edgeExit(i int, a hex.Axial) bool {
	_, err := g.exitBox(i, a)
	return err == nil
}

// exitFlags are the ways Legal offers a unit to leave the map from where
// it stands: on foot or by its MA; from ardennes44/6 in Strategic Movement
// or on Trucks too, where a road crosses the edge (12.1, 12.4.4: a unit
// under an SM marker moves only so, 12.6); and from ardennes44/7 by
// Tactical Movement, the way out of a unit that moves only so (11.3,
// exitIsAHex).
func (g *Game) exitFlags() [][]string {
	switch {
	case g.ver.exitIsAHex:
		return [][]string{{"exit"}, {"sm", "exit"}, {"tactical", "exit"}}
	case g.ver.smExitByRoad:
		return [][]string{{"exit"}, {"sm", "exit"}}
	}
	return [][]string{{"exit"}}
}

// exitHow names an exit's way of moving for Legal's note.
func exitHow(how moveHow) string {
	switch {
	case how.mode != modeSM:
		return ""
	case how.trucks:
		return ", on Trucks (12.4.4)"
	}
	return ", in Strategic Movement (12.1)"
}

func (g *Game) onBoard(i int) bool { _, ok := g.onMap(i); return ok }

// moveStarts are where a unit's move may start: its hex, or the entry
// hexes it may come in by.
func (g *Game) moveStarts(i int) []hex.Axial {
	if a, ok := g.onMap(i); ok {
		return []hex.Axial{a}
	}
	var out []hex.Axial
	for _, e := range g.sc.Entries {
		a := g.b.ids[e.Hex]
		if g.checkEntry(i, a) == nil {
			out = append(out, a)
		}
	}
	if g.s.Units[i].At == waitEdge {
		for _, a := range g.b.LandHexes() {
			if g.edgeRoadHex(a) {
				out = append(out, a)
			}
		}
	}
	return out
}

// reachPathsOf lists the paths of reachPaths for each way of moving, in
// turn.
func (g *Game) reachPathsOf(i int, hows []moveHow, start hex.Axial) [][]string {
	var out [][]string
	for _, how := range hows {
		out = append(out, g.reachPaths(i, how, start)...)
	}
	return out
}

// reachPaths lists a path to each hex a unit reaches moving by how from
// start (Tactical Movement: 1 or 2 hexes; otherwise the mover's cheapest
// paths within the budget).
func (g *Game) reachPaths(i int, how moveHow, start hex.Axial) [][]string {
	entering := !g.onBoard(i)
	m := g.mover(i, how, start, entering, nil)
	ids := func(p []hex.Axial) []string {
		out := make([]string, len(p))
		for k, a := range p {
			out[k] = g.b.id(a)
		}
		return out
	}
	var out [][]string
	if entering {
		out = append(out, []string{g.b.id(start)})
		s, bar := m.Entry(start)
		if !bar.OK() || s.Stop {
			return out
		}
		m.Budget -= s.Cost
	}
	if how.mode == modeTactical || how.mode == modeShift {
		tr := m.TacticalReach()
		for _, a := range hex.SortedKeys(tr) {
			p := tr[a]
			if how.maxHex > 0 && g.hexesEntered(len(p), entering) > how.maxHex {
				continue
			}
			out = append(out, ids(p))
		}
		return out
	}
	r := m.Reach()
	for _, a := range r.Hexes() {
		if a == start {
			continue
		}
		p := r.Path(a)
		if how.maxHex > 0 && g.hexesEntered(len(p), entering) > how.maxHex {
			continue
		}
		out = append(out, ids(p))
	}
	return out
}

// combatPhaseChoices lists the Combat Phase's commands: attacks,
// disengagements, ENG units that stay, breakdowns and the standing orders.
func (g *Game) combatPhaseChoices() []rules.Choice {
	out := g.attackChoices()
	side := g.s.Side
	occ := g.occupancy()
	for i, us := range g.s.Units {
		if g.sideOf(i) != side {
			continue
		}
		id := g.unit(i).ID
		if us.ENG {
			out = append(out, rules.Choice{Command: "stay " + id, Piece: id, Note: "ENG off, the unit stays (20.5)"})
		}
		if g.unitNextToEnemy(i, occ) {
			if c := (Command{Verb: "disengage", Args: []string{id}}); g.tryParsed(c) {
				out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: fmt.Sprintf("Disengagement Table%s (20.2)", drmWords(g.disengageDRM(i)))})
			}
		}
		if breakdownType(g.unit(i)) != "" {
			for _, c := range []Command{{Verb: "breakdown", Args: []string{id}}, {Verb: "breakdown", Args: []string{id, "two"}}} {
				if g.tryParsed(c) {
					out = append(out, rules.Choice{Command: c.String(), Piece: id, Note: verbNote(c)})
				}
			}
		}
	}
	for _, o := range []string{"order demolish always", "order demolish never", "order def-art always", "order def-art never",
		"order ff always", "order ff never", "if-blown press", "if-blown cancel"} {
		out = append(out, rules.Choice{Command: o, Note: "a standing or conditional order (digest 6.3)"})
	}
	if g.s.Side == German && g.greifOrderOpen() {
		for _, o := range []string{"order greif always", "order greif never"} {
			out = append(out, rules.Choice{Command: o, Note: "a standing order: the Greif Commando against the Allies' next demolition in their Bridge Phase (36)"})
		}
	}
	return out
}

// attackChoices lists, for each enemy hex next to the phasing side's
// units, the attack of each stack next to it and of all of them together,
// with the odds, each checked as a declaration would be.
func (g *Game) attackChoices() []rules.Choice {
	side := g.s.Side
	occ := g.occupancy()
	var targets []hex.Axial
	for a, us := range occ {
		if g.sideOf(us[0]) == side.Other() {
			targets = append(targets, a)
		}
	}
	hex.SortAxials(targets)
	var out []rules.Choice
	for _, t := range targets {
		var stacks [][]int
		var all []int
		for _, n := range t.Neighbors() {
			var stack []int
			for _, i := range occ[n] {
				if g.sideOf(i) == side && !g.unit(i).Arty() {
					stack = append(stack, i)
				}
			}
			if len(stack) > 0 {
				stacks = append(stacks, stack)
				all = append(all, stack...)
			}
		}
		if len(stacks) > 1 {
			stacks = append(stacks, all)
		}
		for _, units := range stacks {
			if c, ok := g.attackChoice(t, units); ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// kgpWith lists the KG Peiper units in unit i's hex: a unit that attacks
// only with one of them is checked alone with them (27.5).
func (g *Game) kgpWith(i int) []string {
	var ids []string
	for j, o := range g.s.Units {
		if j != i && o.At == g.s.Units[i].At && g.unit(j).Has(MarkKGP) {
			ids = append(ids, g.unit(j).ID)
		}
	}
	return ids
}

// withoutLonePeiperStacked drops from a the units that attack on the first
// Night only with a KG Peiper unit of their hex when none of it is in a
// (27.5), and the hexes left with no attacker.
func (g *Game) withoutLonePeiperStacked(a AttackCommand) AttackCommand {
	if !g.ver.peiperAttachedOnly || !g.firstNight() {
		return a
	}
	var with []int
	for _, id := range a.With {
		with = append(with, g.index[id])
	}
	a.With = slices.DeleteFunc(a.With, func(id string) bool {
		i := g.index[id]
		return g.byPeiperOnly(i) && !g.peiperIn(with, g.s.Units[i].At)
	})
	a.From = slices.DeleteFunc(a.From, func(f string) bool {
		return !slices.ContainsFunc(a.With, func(id string) bool { return g.s.Units[g.index[id]].At == f })
	})
	return a
}

// attackChoice is the attack on t by those of units that may attack, if
// one may be declared.
func (g *Game) attackChoice(t hex.Axial, units []int) (rules.Choice, bool) {
	a := AttackCommand{Target: g.b.id(t), Breakthrough: len(g.s.Breakthrough) > 0}
	for _, i := range units {
		one := AttackCommand{Target: a.Target, From: []string{g.s.Units[i].At}, With: []string{g.unit(i).ID}, Breakthrough: a.Breakthrough}
		if g.ver.peiperAttachedOnly && g.byPeiperOnly(i) {
			one.With = append(one.With, g.kgpWith(i)...)
		}
		if _, _, err := g.checkAttack(one); err != nil {
			continue
		}
		a.With = append(a.With, g.unit(i).ID)
		if !slices.Contains(a.From, g.s.Units[i].At) {
			a.From = append(a.From, g.s.Units[i].At)
		}
	}
	a = g.withoutLonePeiperStacked(a)
	if len(a.With) == 0 {
		return rules.Choice{}, false
	}
	slices.Sort(a.From)
	with, _, err := g.checkAttack(a)
	if err != nil || g.checkSupport(a, with) != nil {
		return rules.Choice{}, false
	}
	c, err := g.newCombat(a)
	if err != nil {
		return rules.Choice{}, false
	}
	return rules.Choice{Command: a.String(), Note: "odds " + c.Odds.Final.String() + " (14.4)"}, true
}
