package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The Shattered automatic retreat in the Movement Phase (13.3.2, the book
// translated): "if an
// enemy combat unit enters, advances or retreats into a hex next to a
// Shattered unit not stacked with friendly non-Shattered combat units, the
// Shattered unit must at once be retreated 2 hexes by its owner, and the
// enemy unit may then go on". The owner decides in the middle of the
// mover's turn: a pending decision of his seat, as in a combat
// (shattered.go), with the same command and the same paths (12.0):
//
//	sh-retreat UNIT HEX HEX [HEX]   the owner's path for the unit
//
// A unit with no legal retreat is eliminated (12.2); one with a single
// path retreats along it without waiting (its owner has nothing to
// choose). A Shattered unit's retreat next to an enemy Shattered unit
// makes that one retreat in turn (the book's "retreats into a hex").
//
// The triggers are read once the move is over, from the enemy unit's whole
// path hex by hex in order; each retreat is chosen with the mover standing
// in the hex that set it off, as the book's "at once" has it, and the
// retreats before it made. A Shattered unit does not slow enemy movement
// (13.3.2) and bars Extended Movement only next to it (13.3.3), so its
// going away never makes the rest of the move illegal. Simplified: a
// retreat may end in a hex the mover entered later in the same move, which
// in the book's order would have stopped the mover there.

// shTriggered is one automatic retreat owed: the Shattered unit, and the
// enemy unit that set it off with the hex it stood in then.
type shTriggered struct {
	Unit  string `json:"unit"`
	Mover string `json:"mover"`
	At    string `json:"at"`
}

// shMoveTriggers queues the Shattered units of mover m's enemy that the
// hexes it entered make retreat, in the order the hexes were entered.
func (g *Game) shMoveTriggers(m int, entered []hex.Axial) {
	mover := g.sc.Units[m].Side
	for _, h := range entered {
		for _, i := range g.shExposed(h, mover, g.isShattered) {
			id := g.s.Units[i].ID
			if slices.ContainsFunc(g.s.SHMove, func(t shTriggered) bool { return t.Unit == id }) {
				continue
			}
			g.s.SHMove = append(g.s.SHMove, shTriggered{Unit: id, Mover: g.sc.Units[m].ID, At: g.b.ID(h)})
		}
	}
}

// shAdvanceTriggers are the automatic retreats that unit i's advance made
// after its combat sets off, along path (13.3.2, L797: an enemy unit that
// "ściga", advances, into a hex next to a Shattered unit), from
// salerno43/5: an Auto DS's (8.7.2) and an attacker's after its
// breakthrough group (15.2.1), read as a move in the Movement Phase is.
// Older versions set off none.
func (g *Game) shAdvanceTriggers(i int, path []hex.Axial) []rules.Event {
	if !g.ver.shEachHex {
		return nil
	}
	g.shMoveTriggers(i, path)
	return g.shMoveSettle()
}

// shExposed are the units, in the units' order, that an enemy of mover's
// side entering h makes retreat (13.3.2, L797): Shattered by shattered, next
// to h, and stacked with no friendly unit that is not. The Movement Phase
// reads the units' state (isShattered), a combat the state its outcome
// so far gives them (shattered.go). One reading of the trigger for both.
func (g *Game) shExposed(h hex.Axial, mover Side, shattered func(int) bool) []int {
	var out []int
	for i := range g.s.Units {
		at, ok := g.axial(i)
		if !ok || g.sc.Units[i].Side == mover || hex.Distance(at, h) != 1 || !shattered(i) || g.shCoveredBy(i, at, shattered) {
			continue
		}
		out = append(out, i)
	}
	return out
}

// isShattered: unit i is Shattered.
func (g *Game) isShattered(i int) bool { return g.s.Units[i].Status == Shattered }

// shScene is the game as the first queued retreat sees it: the mover in
// the hex that set it off (13.3.2: "at once").
func (g *Game) shScene() *Game {
	t := g.s.SHMove[0]
	m := g.index(t.Mover)
	if g.s.Units[m].Hex == t.At || g.s.Units[m].Hex == "" {
		return g
	}
	w := g.Clone().(*Game)
	w.s.Units[m].Hex = t.At
	return w
}

// shMovePaths are the first queued unit's legal retreats.
func (g *Game) shMovePaths() []combat.RetreatPath {
	return g.shScene().shPaths(g.index(g.s.SHMove[0].Unit))
}

// shCoveredBy: a friendly unit that is not Shattered by shattered stands
// with Shattered unit i at a (13.3.2, A-12: "stacked with").
func (g *Game) shCoveredBy(i int, at hex.Axial, shattered func(int) bool) bool {
	side := g.sc.Units[i].Side
	return slices.ContainsFunc(g.pos().at(at), func(j int) bool {
		return j != i && g.sc.Units[j].Side == side && !shattered(j)
	})
}

// shMoveSettle plays the queued retreats that need no decision: a unit no
// longer Shattered on the map drops out, one with no path is eliminated
// (12.2), one with a single path takes it; it stops at the first unit
// whose owner has a choice.
func (g *Game) shMoveSettle() []rules.Event {
	var events []rules.Event
	for len(g.s.SHMove) > 0 {
		i := g.index(g.s.SHMove[0].Unit)
		if _, ok := g.axial(i); !ok || g.s.Units[i].Status != Shattered {
			g.s.SHMove = g.s.SHMove[1:]
			continue
		}
		paths := g.shMovePaths()
		switch len(paths) {
		case 0:
			g.s.SHMove = g.s.SHMove[1:]
			side := g.sc.Units[i].Side
			events = append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("%s, Shattered, has no retreat from %s: eliminated (13.3.2, 12.2)", g.s.Units[i].ID, g.s.Units[i].Hex)})
			g.eliminate(i)
		case 1:
			events = append(events, g.shMoveRetreat(i, paths[0].Hexes)...)
		default:
			return events
		}
	}
	return events
}

// shMoveRetreat moves Shattered unit i, first of the queue, along path: ½
// Eff for a mountain hexside crossed (12.3.2); the hexes it enters may make
// the mover's own Shattered units retreat in turn.
func (g *Game) shMoveRetreat(i int, path []hex.Axial) []rules.Event {
	g.s.SHMove = g.s.SHMove[1:]
	us := &g.s.Units[i]
	side := g.sc.Units[i].Side
	from, _ := g.axial(i)
	us.Hex = g.b.ID(path[len(path)-1])
	text := fmt.Sprintf("%s, Shattered, retreats %s (13.3.2)%s", us.ID, strings.Join(hexIDs(g, path), "-"), g.retreatHalfEff(i, from, path))
	g.shMoveTriggers(i, path)
	return []rules.Event{{Seat: rules.Seat(side), Text: text}}
}

// shMoveChoices are the owner's paths for the first queued unit.
func (g *Game) shMoveChoices() []rules.Choice {
	if len(g.s.SHMove) == 0 {
		return nil
	}
	id := g.s.SHMove[0].Unit
	var out []rules.Choice
	for _, p := range g.shMovePaths() {
		cmd := combat.Command{Kind: CmdSHRetreat, Units: []string{id}, Hexes: hexIDs(g, p.Hexes)}
		out = append(out, rules.Choice{Command: cmd.String(), Piece: id, Note: "13.3.2"})
	}
	return out
}

// shMoveProcedure waits for the owner's path (13.3.2).
var shMoveProcedure = hexwar.Procedure[*Game]{Name: "sh-move",
	Active: func(g *Game) bool { return len(g.s.SHMove) > 0 },
	Pending: func(g *Game, p *rules.Pending) {
		t := g.s.SHMove[0]
		i := g.index(t.Unit)
		p.Seats = []rules.Seat{rules.Seat(g.sc.Units[i].Side)}
		p.Prompt = fmt.Sprintf("%s came into %s, next to %s, Shattered, in %s: retreat it 2 hexes (13.3.2): 'sh-retreat %s HEX HEX'", t.Mover, t.At, t.Unit, g.s.Units[i].Hex, t.Unit)
	},
	Choices:  (*Game).shMoveChoices,
	Commands: hexwar.Commands[*Game]{{Verb: "sh-retreat", Apply: (*Game).shMoveCommand}},
	Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
		id := g.s.SHMove[0].Unit
		return nil, rules.Refuse("13.3.2", "%s, Shattered, retreats at once: its owner gives the path first ('sh-retreat %s HEX HEX')", id, id)
	},
}

// shMoveCommand applies the owner's 'sh-retreat' in the Movement Phase.
func (g *Game) shMoveCommand(_ rules.Seat, text string) ([]rules.Event, error) {
	c, err := grammar.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCommand, err)
	}
	id := g.s.SHMove[0].Unit
	if len(c.Units) != 1 || c.Units[0] != id {
		return nil, rules.Refuse("13.3.2", "%s retreats first", id)
	}
	i := g.index(id)
	for _, p := range g.shMovePaths() {
		if slices.Equal(hexIDs(g, p.Hexes), c.Hexes) {
			return append(g.shMoveRetreat(i, p.Hexes), g.shMoveSettle()...), nil
		}
	}
	var legal []string
	for _, ch := range g.shMoveChoices() {
		legal = append(legal, strings.TrimPrefix(ch.Command, "sh-retreat "+id+" "))
	}
	return nil, rules.Refuse("13.3.2", "%s is no legal retreat of %s (12.1): %s", strings.Join(c.Hexes, " "), id, strings.Join(legal, "; "))
}
