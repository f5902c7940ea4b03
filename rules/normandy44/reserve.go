package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Reserves (15.0): the Reserve marker, put on in the Movement Phase (15.1 a)
// or after a DH or A1/D2 combat instead of advancing (15.1 b); the Reserve
// Movement Phase (15.2) and the Reserve Combat Phase (15.3), held only by a
// side that has units in Reserve; and the ways a unit loses the marker
// (15.4).

// maxReserveStacks is the number of Reserve markers each side has: at most
// 6 stacks in Reserve at any moment (15.1).
const maxReserveStacks = 6

// inReserve: the unit carries a Reserve marker and is on the map.
func (g *Game) inReserve(i int) bool {
	_, on := g.onMap(i)
	return on && g.s.Units[i].Reserve
}

// hasReserve reports whether side has a unit in Reserve, which holds its
// Reserve Movement and Reserve Combat Phases (15.2, 15.3).
func (g *Game) hasReserve(side Side) bool {
	for i := range g.s.Units {
		if g.unit(i).Side == side && g.inReserve(i) {
			return true
		}
	}
	return false
}

// reserveStacks lists the hexes of side's stacks in Reserve, plus the hexes
// of extra units about to be marked, in id order: each is one marker (15.1).
func (g *Game) reserveStacks(side Side, extra ...int) []string {
	var hexes []string
	for i := range g.s.Units {
		if g.unit(i).Side == side && (g.inReserve(i) || slices.Contains(extra, i)) {
			hexes = append(hexes, g.s.Units[i].At)
		}
	}
	slices.Sort(hexes)
	return slices.Compact(hexes)
}

// reserveBar says why a unit may not be (or stay) in Reserve (15.1), "" if
// nothing bars it: a Repl this turn, an out-of-supply, Disrupted or Regroup
// marker, an IP it began, Tactical Movement in this Movement Phase. Units in
// the approach boxes are off the map and never qualify.
func (g *Game) reserveBar(i int) string {
	us := g.s.Units[i]
	switch {
	case !g.onMapUnit(i):
		return "is not on the map"
	case us.Repl:
		return "took a replacement this turn"
	case us.OutOfSupply:
		return "is out of supply"
	case us.Disrupted:
		return "is Disrupted"
	case us.Regroup:
		return "carries a Regroup marker"
	case us.Scattered:
		return "is Scattered and may neither move nor attack (20.2.3)"
	case g.entrenchingBy(us.ID) >= 0:
		return "began an Improved Position"
	case us.Moved && us.Tactical:
		return "used Tactical Movement"
	}
	return ""
}

// onMapUnit: the unit stands on the map (not in a box, not eliminated).
func (g *Game) onMapUnit(i int) bool {
	_, ok := g.onMap(i)
	return ok
}

// reserveSweep takes the marker off every unit that has become ineligible
// (15.4: "at once"). It runs where markers that bar Reserve are put on:
// at each phase's start and after its entry hook (sequence.go), after each
// combat and after a replacement. A move is checked on the mover alone
// (reserveAfterMove), the only unit whose eligibility it changes.
func (g *Game) reserveSweep() []rules.Event {
	var lost []string
	for i := range g.s.Units {
		if us := &g.s.Units[i]; us.Reserve {
			if why := g.reserveBar(i); why != "" {
				us.Reserve = false
				lost = append(lost, fmt.Sprintf("%s (%s)", us.ID, why))
			}
		}
	}
	if len(lost) == 0 {
		return nil
	}
	return []rules.Event{{Text: "Reserve status lost (15.4): " + strings.Join(lost, ", ")}}
}

// reserveCommand applies 'reserve U...' in the phasing side's Movement
// Phase (15.1 a) and 'unreserve U...' at any time in its turn (15.4).
func (g *Game) reserveCommand(c Command) ([]rules.Event, error) {
	var idx []int
	for _, id := range c.Units {
		i, ok := g.index[id]
		if !ok {
			return nil, rules.Refuse("15.1", "no unit %s in this scenario", id)
		}
		if g.unit(i).Side != g.s.Side {
			return nil, rules.Refuse("15.1", "%s is not a %s unit", id, g.s.Side)
		}
		idx = append(idx, i)
	}
	side := g.s.Side
	if c.Verb == "unreserve" {
		for _, i := range idx {
			if !g.s.Units[i].Reserve {
				return nil, rules.Refuse("15.4", "%s is not in Reserve", g.unit(i).ID)
			}
		}
		for _, i := range idx {
			g.s.Units[i].Reserve = false
		}
		return []rules.Event{{Seat: rules.Seat(side), Text: "Reserve markers removed (15.4): " + strings.Join(c.Units, ", ")}}, nil
	}
	if g.s.Phase != PhaseMovement {
		return nil, rules.Refuse("15.1", "units are marked Reserve in their Movement Phase, or after a DH or A1/D2 combat instead of advancing; this is the %s", phaseRules[g.s.Phase].Name)
	}
	for _, i := range idx {
		if err := g.mayReserveInMovement(i); err != nil {
			return nil, err
		}
	}
	if n := len(g.reserveStacks(side, idx...)); n > maxReserveStacks {
		return nil, rules.Refuse("15.1", "that would make %d stacks in Reserve; a side has %d Reserve markers: 'unreserve' a stack first to move its marker", n, maxReserveStacks)
	}
	var where []string
	for _, i := range idx {
		g.s.Units[i].Reserve = true
		where = append(where, fmt.Sprintf("%s at %s", g.unit(i).ID, g.s.Units[i].At))
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: "In Reserve (15.1): " + strings.Join(where, ", ")}}, nil
}

// mayReserveInMovement checks 15.1 a: a unit that has not moved, or spent
// at most 1 MP without entering or leaving an enemy ZOC (a unit that began
// the phase in an EZOC qualifies only if it did not move), and nothing of
// reserveBar. A German reinforcement qualifies if it spent at most 1 MP,
// its entry hex included (6.6, AMBIG-68).
func (g *Game) mayReserveInMovement(i int) error {
	us := g.s.Units[i]
	id := g.unit(i).ID
	if us.Reserve {
		return rules.Refuse("15.1", "%s is already in Reserve", id)
	}
	if why := g.reserveBar(i); why != "" {
		return rules.Refuse("15.1", "%s %s: it may not go into Reserve", id, why)
	}
	if g.printedMA(i) == 0 || g.unit(i).Type == Strongpoint {
		return rules.Refuse("15.1", "%s cannot move: Reserve would give it nothing", id)
	}
	if us.Moved {
		switch {
		case us.Spent > mp:
			return rules.Refuse("15.1", "%s spent %s MP; a unit in Reserve spends at most 1", id, mpText(us.Spent))
		case us.EZOCMove:
			return rules.Refuse("15.1", "%s entered or left an enemy ZOC: only a unit that does not move may do so and go into Reserve", id)
		}
	}
	return nil
}

// reserveAfterMove keeps or strips the marker of a unit that has just moved
// in a Movement Phase: AMBIG-27 (the digest's default): a unit still in
// Reserve from an earlier turn may move normally, but spending more than
// 1 MP, Tactical Movement, or entering or leaving an enemy ZOC takes the
// marker off, as it would have barred placing it (15.1, 15.4).
func (g *Game) reserveAfterMove(i int) []rules.Event {
	us := &g.s.Units[i]
	if !us.Reserve || g.s.Phase != PhaseMovement {
		return nil
	}
	if us.Spent > mp || us.Tactical || us.EZOCMove {
		us.Reserve = false
		return []rules.Event{{Seat: rules.Seat(g.unit(i).Side), Text: fmt.Sprintf("%s loses its Reserve status by moving more than 1 MP, tactically or into or out of an enemy ZOC (15.1, 15.4, AMBIG-27)", us.ID)}}
	}
	return nil
}

// reserveAttacked: a unit in Reserve that attacks loses the status at once,
// in the Combat Phase as in the Reserve Combat Phase (15.4).
func (g *Game) reserveAttacked(ids []string) {
	for _, id := range ids {
		if i, ok := g.index[id]; ok {
			g.s.Units[i].Reserve = false
		}
	}
}

// reserveAfterCombat puts on the markers the attacker chose instead of
// advancing (15.1 b).
func (g *Game) reserveAfterCombat(c *Combat) {
	for _, a := range c.Advances {
		if a.Kind == CmdReserve {
			if i, ok := g.index[a.Units[0]]; ok && g.onMapUnit(i) {
				g.s.Units[i].Reserve = true
			}
		}
	}
}

// mayReserveAfterCombat: the attacker may put the unit into Reserve after a
// DH or A1/D2 (15.1 b) if nothing of reserveBar forbids it and a marker is
// left for its hex, counting the units already put into Reserve in this
// combat (a marker in use elsewhere is freed by 'unreserve', 15.1).
func (g *Game) mayReserveAfterCombat(c *Combat, id string) bool {
	i, ok := g.index[id]
	if !ok || g.reserveBar(i) != "" || g.printedMA(i) == 0 {
		return false
	}
	extra := []int{i}
	for _, a := range c.Advances {
		if a.Kind == CmdReserve {
			extra = append(extra, g.index[a.Units[0]])
		}
	}
	// The attacker's own markers: those of this combat's attackers are off
	// already (15.4), as reserveAttacked ran at the declaration.
	return len(g.reserveStacks(g.unit(i).Side, extra...)) <= maxReserveStacks
}

// reserveRegeneration: at the end of its own Regeneration Phase a unit in
// Reserve next to an enemy unit loses the status (15.4).
func (g *Game) reserveRegeneration() []rules.Event {
	side := g.s.Side
	var enemyAt hx.Set
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.unit(i).Side != side {
			enemyAt.Add(a)
		}
	}
	var lost []string
	for i := range g.s.Units {
		a, ok := g.onMap(i)
		if !ok || g.unit(i).Side != side || !g.s.Units[i].Reserve {
			continue
		}
		if n := a.Neighbors(); slices.ContainsFunc(n[:], enemyAt.Has) {
			g.s.Units[i].Reserve = false
			lost = append(lost, g.unit(i).ID)
		}
	}
	if len(lost) == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: "Next to the enemy at the end of the Regeneration Phase, Reserve status lost (15.4): " + strings.Join(lost, ", ")}}
}

// startReserveMovement opens a Reserve Movement Phase (15.2): every unit in
// Reserve may move once more.
func (g *Game) startReserveMovement() []rules.Event {
	for i := range g.s.Units {
		g.s.Units[i].ReserveMoved = false
	}
	return nil
}

// reserveMA is the allowance of a unit moving in the Reserve Movement Phase
// (15.2): half its MA rounded up, after the German mechanized loss in Clear
// weather (4.3; example L1069: MA 5 gives 3, or 2 in Clear). The seed's 15.2
// (L1067) says "German units" but takes the 2 MP off "per the weather
// effects, 4.3", which slow only mechanized units; its example is one, so
// newMover subtracts before halving for German mechanized units only.
func reserveMA(ma int) int {
	return (max(ma, 0) + 1) / 2
}

// moveBarred applies the rules of 15.2 and 16.1.3 to a unit about to move:
// in the Reserve Movement Phase only units in Reserve move, once, without SM
// or Trucks; a unit that began an IP in this phase stays where it is.
func (g *Game) moveBarred(i int, sm, trucks bool) error {
	us := g.s.Units[i]
	if g.s.Phase == PhaseReserveMovement {
		switch {
		case !us.Reserve:
			return rules.Refuse("15.2", "%s is not in Reserve: only units in Reserve move in the Reserve Movement Phase", us.ID)
		case us.ReserveMoved:
			return rules.Refuse("15.2", "%s has already moved in this Reserve Movement Phase", us.ID)
		case sm:
			return rules.Refuse("15.2, 9.8.1", "no Strategic Movement in the Reserve Movement Phase")
		case trucks:
			return rules.Refuse("15.2", "a unit in Reserve moves by Tactical Movement or with half its MA (reading: not on Trucks)")
		}
		return nil
	}
	if k := g.entrenchingBy(us.ID); k >= 0 && g.s.IPs[k].Turn == g.s.Turn {
		return rules.Refuse("16.1.3", "%s began an Improved Position in this phase: it does not move", us.ID)
	}
	return nil
}

// movedThisPhase: the unit has moved in this Movement or Reserve Movement
// Phase (9.1, 15.2).
func (g *Game) movedThisPhase(i int) bool {
	if g.s.Phase == PhaseReserveMovement {
		return g.s.Units[i].ReserveMoved
	}
	return g.s.Units[i].Moved
}

// reserveMoveChoices are the moves of the units in Reserve, for Legal in the
// Reserve Movement Phase.
func (g *Game) reserveMoveChoices() []rules.Choice {
	ctx := g.moveContext(g.s.Side)
	var out []rules.Choice
	for i := range g.s.Units {
		if g.unit(i).Side == g.s.Side && g.inReserve(i) {
			stacks := g.reserveStackCheck(i)
			for _, c := range g.unitMoves(ctx, i) {
				hexes := strings.Count(c.Command, " ") - 2 // 'move U FROM TO...'
				if stacks(c.Command[strings.LastIndex(c.Command, " ")+1:]) == nil && g.hqReserveMoveBar(i, hexes) == nil {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// reserveStackCheck: a unit in Reserve moving to dest must not make more
// than 6 stacks in Reserve, as when a stack splits (15.1: 6 markers). The
// function returned checks one dest; the other stacks are listed once, for
// all the unit's moves.
func (g *Game) reserveStackCheck(i int) func(dest string) error {
	var others []string
	for j := range g.s.Units {
		if j != i && g.unit(j).Side == g.unit(i).Side && g.inReserve(j) {
			others = append(others, g.s.Units[j].At)
		}
	}
	slices.Sort(others)
	others = slices.Compact(others)
	return func(dest string) error {
		n := len(others)
		if !slices.Contains(others, dest) {
			n++
		}
		if n > maxReserveStacks {
			return rules.Refuse("15.1", "%s moving to %s would make %d stacks in Reserve; a side has %d Reserve markers", g.unit(i).ID, dest, n, maxReserveStacks)
		}
		return nil
	}
}

// hqReserveMoveBar: an HQ that gave artillery shifts in this player turn
// may not move more than 1 hex in it, the hexes of its Movement Phase move
// counted (17.2.3, seed L1129: "nie może jednocześnie poruszyć się o więcej
// niż 1 heks i zapewnić Przesunięcia"). Only the Reserve Movement Phase
// comes after a Combat Phase in the same player turn.
func (g *Game) hqReserveMoveBar(i, hexes int) error {
	us := g.s.Units[i]
	if g.unit(i).Type == HQ && us.HQFired && us.Hexes+hexes > 1 {
		return rules.Refuse("17.2.3", "%s gave artillery shifts this turn: it may not also move more than 1 hex", us.ID)
	}
	return nil
}

// reserveChoices are the 'reserve' commands of the Movement Phase and the
// 'unreserve' commands, which the phasing player gives at any time of his
// turn (15.4), one unit each, for Legal.
func (g *Game) reserveChoices() []rules.Choice {
	var out []rules.Choice
	// The stacks in Reserve now, once: a unit marked adds its own hex's
	// stack unless one is in Reserve there (reserveStacks(side, i)).
	movement := g.s.Phase == PhaseMovement
	var stacks []string
	if movement {
		stacks = g.reserveStacks(g.s.Side)
	}
	for i := range g.s.Units {
		if g.unit(i).Side != g.s.Side || !g.onMapUnit(i) {
			continue
		}
		id := g.unit(i).ID
		if g.s.Units[i].Reserve {
			out = append(out, unreserveChoice(id))
			continue
		}
		if !movement || g.printedMA(i) == 0 || g.unit(i).Type == Strongpoint {
			continue // a unit that cannot move, without mayReserveInMovement's words (15.1)
		}
		marked := len(stacks)
		if _, found := slices.BinarySearch(stacks, g.s.Units[i].At); !found {
			marked++
		}
		if g.mayReserveInMovement(i) == nil && marked <= maxReserveStacks {
			out = append(out, rules.Choice{Command: "reserve " + id, Piece: id, Note: "mark Reserve (15.1)"})
		}
	}
	return out
}

// reserveAttackBar says why a unit may not attack in this phase for the
// reserve and IP rules: in the Reserve Combat Phase only units in Reserve
// attack (15.3), and no unit attacks from a hex with an Entrenching marker
// (16.1.3). "" if nothing bars it.
func (g *Game) reserveAttackBar(i int) string {
	if g.s.Phase == PhaseReserveCombat && !g.s.Units[i].Reserve {
		return "is not in Reserve: only units in Reserve attack in the Reserve Combat Phase (15.3)"
	}
	if g.entrenchingAt(g.s.Units[i].At) {
		return "stands in a hex with an Entrenching marker: no unit attacks from it (16.1.3)"
	}
	return ""
}

// reserveMovementPrompt and reserveCombatPrompt are the phases' prompts.
func reserveMovementPrompt(g *Game) string {
	return "move units in Reserve by Tactical Movement or with half their MA ('move UNIT HEX HEX ...', 15.2), then 'end'"
}

func reserveCombatPrompt(g *Game) string {
	p := "units in Reserve attack ('attack HEX from HEX... maf UNIT... [with UNIT...] [art UNIT...] [air N] [naval N]', 15.3: " +
		"HQs, Werfers, air and naval support need not be in Reserve; no strafing), give orders, then 'end'"
	if g.s.Side == German {
		p = strings.Replace(p, " [air N] [naval N]", "", 1)
	}
	return p
}

// unreserveChoices are the phasing player's 'unreserve' commands, one unit
// each: he takes his Reserve markers off at any time (15.4), a combat
// under way too.
func (g *Game) unreserveChoices() []rules.Choice {
	var out []rules.Choice
	for i := range g.s.Units {
		if g.unit(i).Side == g.s.Side && g.onMapUnit(i) && g.s.Units[i].Reserve {
			out = append(out, unreserveChoice(g.unit(i).ID))
		}
	}
	return out
}

func unreserveChoice(id string) rules.Choice {
	return rules.Choice{Command: "unreserve " + id, Piece: id, Note: "take the Reserve marker off (15.4)"}
}
