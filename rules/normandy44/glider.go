package normandy44

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Glider infantry (20.2.4): the scenario's 'glider' reinforcements of turn 2
// arrive at the end of the turn-2 Initial Phase, after the weather roll and
// before the German player moves, each on its glider hex, and each rolls
// Scatter (T9) with +1, on its own division's column (AMBIG-36). The Allied
// seat rolls, through Pending().Dice, one die a glider in schedule order.
//
//   - A glider whose hex holds enemy units (ZOC and ZOC Lines do not matter)
//     is delayed one turn: it waits as "glider-delayed:HEX" and lands in an
//     Allied Movement Phase of a later turn with 'move UNIT HEX', on a hex
//     other than its own, within 4 hexes of it, not City, flooded or all
//     sea, clear of enemy units and free of enemy ZOC.
//   - A glider that would overstack its hex waits as "glider:HEX" until the
//     start of the Allied Movement Phase, and lands then if the hex can take
//     it (no enemy unit, room in the stack, no enemy Hex Line through it, as
//     20.2.4's "enemy ZOC Lines" example says); if not, it is delayed as
//     above.
//
// ENGINE NOTE: the Scatter die is rolled when the glider lands, so a delayed
// or postponed glider rolls then; the rulebook does not say when the next
// turn's choice is made, and the engine takes the Allied Movement Phase, the
// moment 20.2.4 gives for postponed landings. A glider that lands by command
// has used its move for the phase; one landing at the start of the phase
// moves normally unless Scattered.

const (
	gliderWait    = "glider:"         // landing postponed to the Allied Movement Phase
	gliderDelayed = "glider-delayed:" // delayed a turn: lands within 4 hexes
)

// gliderDelayRange is how far from its hex a delayed glider may land (20.2.4).
const gliderDelayRange = 4

// gliderHex is the glider hex of a glider waiting to land, if it waits.
func (g *Game) gliderHex(i int) (hexID string, delayed, ok bool) {
	at := g.s.Units[i].At
	if id, ok := strings.CutPrefix(at, gliderDelayed); ok {
		return id, true, true
	}
	if id, ok := strings.CutPrefix(at, gliderWait); ok {
		return id, false, true
	}
	return "", false, false
}

// gliderRoom reports whether unit i can land on hex a now: no enemy unit
// there, and room in the stack (7.1).
func (g *Game) gliderRoom(i int, a hex.Axial) (enemy, over bool) {
	occ := g.occupancy()
	if s := g.sideAt(occ, a); s != "" && s != g.unit(i).Side {
		return true, false
	}
	return false, g.stackAt(occ, a, i) > stackLimit
}

// gliderArrival brings in the gliders due this turn at the end of the
// Initial Phase (20.2.4).
func (g *Game) gliderArrival() []rules.Event {
	var events []rules.Event
	for _, r := range arrivals(g.sc, g.s.Turn, Allied) {
		i, ok := g.index[r.Unit]
		if !ok || !r.Glider || g.s.Units[i].At != "" || g.s.Units[i].Gone {
			continue
		}
		a, ok := g.b.ids[r.At]
		if !ok {
			continue
		}
		us := &g.s.Units[i]
		enemy, over := g.gliderRoom(i, a)
		switch {
		case enemy:
			us.At, us.Delay = gliderDelayed+r.At, g.s.Turn
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s: German units hold its glider hex %s; it is delayed a turn and lands then within %d hexes of it (20.2.4)", us.ID, r.At, gliderDelayRange)})
		case over:
			us.At = gliderWait + r.At
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s would overstack %s: its landing waits for the start of the Allied Movement Phase (20.2.4)", us.ID, r.At)})
		default:
			events = append(events, g.landGlider(i, r.At)...)
		}
	}
	return events
}

// gliderMovementStart lands the gliders postponed to the start of the Allied
// Movement Phase, or delays those their hex still cannot take (20.2.4).
func (g *Game) gliderMovementStart() []rules.Event {
	if g.s.Side != Allied {
		return nil
	}
	var events []rules.Event
	for i := range g.s.Units {
		id, delayed, ok := g.gliderHex(i)
		if !ok || delayed {
			continue
		}
		us := &g.s.Units[i]
		a := g.b.ids[id]
		// 20.2.4 names enemy ZOC Lines among what may still bar the hex
		// then: a Hex Line through it does.
		line := g.lines(German, g.occupancy()).Hex(a)
		if enemy, over := g.gliderRoom(i, a); enemy || over || line {
			us.At, us.Delay = gliderDelayed+id, g.s.Turn
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s still cannot land on %s: it is delayed a turn and lands then within %d hexes of it (20.2.4)", us.ID, id, gliderDelayRange)})
			continue
		}
		events = append(events, g.landGlider(i, id)...)
	}
	return events
}

// landGlider puts a glider on its hex and asks for its Scatter die.
func (g *Game) landGlider(i int, hexID string) []rules.Event {
	us := &g.s.Units[i]
	us.At, us.Delay = hexID, 0
	g.setControl(hexID, Allied)
	g.s.GliderRolls = append(g.s.GliderRolls, us.ID)
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s lands by glider on %s and rolls Scatter with +1 (20.2.4)", us.ID, hexID)}}
}

// gliderNeed is the die awaited for the next glider's Scatter roll.
func (g *Game) gliderNeed() *rules.DiceNeed {
	if len(g.s.GliderRolls) == 0 {
		return nil
	}
	return &rules.DiceNeed{By: rules.Seat(Allied), For: fmt.Sprintf("Scatter of the glider %s: the Allied player rolls one die, +1 for a glider, on the Scatter table (20.2.4, T9)", g.s.GliderRolls[0]), Sides: []int{6}}
}

// rollGlider applies a glider's Scatter die (T9, 20.2.2, 20.2.4). When the
// last glider of the Initial Phase has rolled, the turn goes on.
func (g *Game) rollGlider(values []int) ([]rules.Event, error) {
	if len(values) != 1 || values[0] < 1 || values[0] > 6 {
		return nil, fmt.Errorf("%w: a Scatter roll is one die, 1 to 6, have %v", rules.ErrIllegal, values)
	}
	i := g.index[g.s.GliderRolls[0]]
	u := g.unit(i)
	// AMBIG-36: the glider reads its own division's column.
	col, err := scatterColumn(u.Formation)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", rules.ErrIllegal, u.ID, err)
	}
	g.s.GliderRolls = g.s.GliderRolls[1:]
	if len(g.s.GliderRolls) == 0 {
		g.s.GliderRolls = nil
	}
	events := g.applyGliderScatter(i, col, values[0])
	if len(g.s.GliderRolls) == 0 && g.s.Phase == PhaseInitial {
		g.nextStage()
		events = append(events, g.enterPhase()...)
	}
	return events, nil
}

// applyGliderScatter applies a Scatter result with the glider's +1 (T9,
// 20.2.2): the Scattered marker, the steps lost, the nationality's airborne
// Repl one box up for S1 or S2, and after S2 one step back at most.
func (g *Game) applyGliderScatter(i int, col ScatterColumn, die int) []rules.Event {
	r := scatter(col, die, true)
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s Scatter, %s column, die %d +1: %s (T9, 20.2.4, AMBIG-36)", g.unit(i).ID, col, die, r)}}
	return append(events, g.scatterResult(i, r, "20.2.2")...) // as the drops' Scatter (invasion_scatter.go)
}

// gliderTarget checks a delayed glider's landing hex (20.2.4): within 4
// hexes of its own, not City, flooded or sea, free of German units and ZOC;
// in the first edition any friendly-controlled hex within 4 (20.2, IT
// L1353, D39).
func (g *Game) gliderTarget(ctx *moveContext, i int, path []hex.Axial) error {
	u := g.unit(i)
	id, _, _ := g.gliderHex(i)
	if g.s.Turn <= g.s.Units[i].Delay {
		return rules.Refuse("20.2.4", "%s was delayed this turn: it lands in the next", u.ID)
	}
	if len(path) != 1 {
		return rules.Refuse("20.2.4", "a delayed glider names the one hex it lands on: 'move %s HEX'", u.ID)
	}
	a, b := path[0], g.b.ids[id]
	t := g.b.terrain(a)
	switch {
	case !g.b.onMap(a):
		return rules.Refuse("20.2.4", "%s is not a hex of the map", g.b.id(a))
	case a == b:
		return rules.Refuse("20.2.4", "%s lands on another hex than %s", u.ID, id)
	case hex.Distance(a, b) > gliderDelayRange:
		return rules.Refuse("20.2.4", "%s is %d hexes from %s; a delayed glider lands within %d", g.b.id(a), hex.Distance(a, b), id, gliderDelayRange)
	case g.ed.gliderRedirectFriendlyControlled:
		if g.controller(ctx.Occ, g.b.id(a)) != Allied {
			return rules.Refuse("20.2.4", "%s is not Allied-controlled: a delayed glider lands on a hex an Allied unit holds or passed through last", g.b.id(a))
		}
	case t == City || t == Flooded || t == Sea:
		return rules.Refuse("20.2.4", "a glider does not land on %s terrain (%s)", t, g.b.id(a))
	case g.sideAt(ctx.Occ, a) == German:
		return rules.Refuse("20.2.4", "German units hold %s", g.b.id(a))
	case ctx.EZOC.Has(a):
		return rules.Refuse("20.2.4", "%s is in an enemy ZOC", g.b.id(a))
	}
	return nil
}

// gliderMoves lists a delayed glider's landing hexes (20.2.4).
func (g *Game) gliderMoves(ctx *moveContext, i int) []rules.Choice {
	id, delayed, ok := g.gliderHex(i)
	if !ok || !delayed || g.s.Side != Allied || g.s.Phase != PhaseMovement {
		return nil
	}
	var out []rules.Choice
	for _, a := range hexesWithin(g.b.ids[id], gliderDelayRange) {
		if g.gliderTarget(ctx, i, []hex.Axial{a}) != nil || g.landCheck(ctx, i, a) != nil {
			continue
		}
		c := Command{Verb: "move", Unit: g.unit(i).ID, Path: []string{g.b.id(a)}}
		out = append(out, rules.Choice{Command: c.String(), Piece: c.Unit,
			Note: "a delayed glider lands within " + strconv.Itoa(gliderDelayRange) + " hexes of " + id + ", then rolls Scatter +1 (20.2.4)"})
	}
	return out
}

// gliderLand applies 'move UNIT HEX' for a delayed glider.
func (g *Game) gliderLand(ctx *moveContext, i int, c Command, path []hex.Axial) ([]rules.Event, error) {
	if c.SM || c.Trucks {
		return nil, rules.Refuse("20.2.4", "a glider lands; it does not move by Strategic Movement or Trucks")
	}
	if err := g.gliderTarget(ctx, i, path); err != nil {
		return nil, err
	}
	if err := g.landCheck(ctx, i, path[0]); err != nil {
		return nil, err
	}
	events := g.landGlider(i, c.Path[0])
	g.s.Units[i].Moved = true
	return events, nil
}

// gliderWaitWords describes a waiting glider for the view.
func (g *Game) gliderWaitWords(i int) (string, bool) {
	id, delayed, ok := g.gliderHex(i)
	switch {
	case !ok:
		return "", false
	case delayed:
		return fmt.Sprintf("glider delayed: %s lands within %d hexes of %s in an Allied Movement Phase after turn %d (20.2.4)", g.s.Units[i].ID, gliderDelayRange, id, g.s.Units[i].Delay), true
	}
	return fmt.Sprintf("glider waiting: %s lands on %s at the start of the Allied Movement Phase (20.2.4)", g.s.Units[i].ID, id), true
}

// hexesWithin lists the hexes at most n from c, in Axial order.
func hexesWithin(c hex.Axial, n int) []hex.Axial {
	var out []hex.Axial
	for dq := -n; dq <= n; dq++ {
		for dr := max(-n, -dq-n); dr <= min(n, -dq+n); dr++ {
			out = append(out, c.Add(hex.Axial{Q: dq, R: dr}))
		}
	}
	hex.SortAxials(out)
	return out
}

func (g *Game) isGlider(i int) bool {
	_, _, ok := g.gliderHex(i)
	return ok
}
