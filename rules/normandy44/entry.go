package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// German reinforcements come on the map in the Movement Phase (3.0 B2 d, 6.6):
// a unit due this turn waits off the map, marked with where it may come in,
// and enters with 'move UNIT HEX ...' whose first hex is its entry hex. While
// it waits, its At is "entry:COLOUR" (any entry hex of that colour, 6.6) or
// "at:HEX" (one named hex, as S3.2 names 2506).

const (
	waitEntry = hexwar.WaitEntry
	waitAt    = hexwar.WaitAt
)

// arrive marks the German reinforcements due this turn (reinforce.go's
// arrivals) as waiting to enter. A unit not brought in stays waiting: each
// turn of delay lets it use the next entry zone along the edge (6.6: the same
// or an adjacent zone, and the delay may be repeated). Allied reinforcements
// are bought with RP and land on beaches (6.5, landing.go), come from the
// approach boxes (20.5, followup.go) or by glider (20.2.4, glider.go).
func (g *Game) arrive() []rules.Event {
	if g.s.Side != German {
		return nil
	}
	for i := range g.s.Units {
		if strings.HasPrefix(g.s.Units[i].At, waitEntry) {
			g.s.Units[i].Delay++
		}
	}
	var events []rules.Event
	for _, r := range arrivals(g.sc, g.s.Turn, German) {
		i, ok := g.index[r.Unit]
		if !ok || g.s.Units[i].At != "" || g.s.Units[i].Gone {
			continue
		}
		if strings.HasPrefix(r.At, waitEntry) {
			g.s.Units[i].At = r.At
		} else if validHexID(r.At) {
			g.s.Units[i].At = waitAt + r.At
		} else {
			continue
		}
		events = append(events, rules.Event{Seat: rules.Seat(German),
			Text: fmt.Sprintf("%s arrives as a reinforcement, to enter at %s (6.6)", r.Unit, entryWords(g.s.Units[i].At))})
	}
	return events
}

func entryWords(at string) string { return hexwar.WaitingWords(at) }

// waiting reports whether a unit waits to enter the map.
func (g *Game) waiting(i int) bool { return hexwar.Waiting(g.s.Units[i].At) }

// entryHexes lists the hexes a waiting unit may enter by, in Axial order: its
// named hex, or the entry hexes of its colour and, after delays, of the zones
// that many steps along the edge (6.6).
func (g *Game) entryHexes(i int) []hex.Axial {
	us := g.s.Units[i]
	var ids []string
	if id, ok := strings.CutPrefix(us.At, waitAt); ok {
		ids = []string{id}
	} else {
		colours := []string{strings.TrimPrefix(us.At, waitEntry)}
		for range us.Delay {
			var wider []string
			for _, c := range colours {
				for _, d := range delayedEntryColours(c) {
					if !slices.Contains(wider, d) {
						wider = append(wider, d)
					}
				}
			}
			colours = wider
		}
		for _, c := range colours {
			ids = append(ids, entryHexes(g.sc, waitEntry+c)...)
		}
	}
	var out []hex.Axial
	for _, id := range ids {
		if a, ok := g.b.ids[id]; ok && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	hex.SortAxials(out)
	return out
}

// newEntry sets up the mover for a waiting unit entering at hex a.
func (g *Game) newEntry(ctx *moveContext, i int, a hex.Axial, sm, trucks bool) (*mover, error) {
	if !slices.Contains(g.entryHexes(i), a) {
		return nil, rules.Refuse("6.6", "%s enters at %s, not at %s", g.unit(i).ID, entryWords(g.s.Units[i].At), g.b.id(a))
	}
	return g.newEntryAt(ctx, i, a, sm, trucks)
}

// newEntryAt is newEntry at one of the unit's entry hexes.
func (g *Game) newEntryAt(ctx *moveContext, i int, a hex.Axial, sm, trucks bool) (*mover, error) {
	// Set up as if it stood on the entry hex: its allowance and markers
	// are those of a unit on the map.
	m, err := g.moverFrom(ctx, i, a, sm, trucks)
	if err != nil {
		return nil, err
	}
	m.Entering = true
	return m, nil
}

// planEntry checks an entering unit's path: the entry hex, then ordinary steps.
func (g *Game) planEntry(ctx *moveContext, i int, path []hex.Axial, sm, trucks bool) (movePlan, error) {
	m, err := g.newEntry(ctx, i, path[0], sm, trucks)
	if err != nil {
		return movePlan{}, err
	}
	first, bar := m.Entry(path[0])
	if !bar.OK() {
		return movePlan{}, m.Refusal(bar, path[0], path[0])
	}
	if first.Stop && len(path) > 1 {
		return movePlan{}, m.StopRefusal(&first, path[0])
	}
	rest, err := m.Walk(path)
	if err != nil {
		return movePlan{}, err
	}
	if c := first.Cost + rest; c <= m.Budget {
		return movePlan{cost: c, budget: m.Budget}, nil
	}
	return movePlan{}, rules.Refuse("9.1", "entering and moving costs %s MP and %s has %s", mpText(first.Cost+rest), g.unit(i).ID, mpText(m.Budget))
}

// entryMoves lists a waiting unit's ways onto the map, one per hex reached.
func (g *Game) entryMoves(ctx *moveContext, i int) []rules.Choice {
	return g.entryMovesFrom(ctx, nil, i, &extent{b: g.b}).choices()
}

// entryMovesFrom is entryMoves, noting in e the hexes its searches reach
// (legal_cache.go).
func (g *Game) entryMovesFrom(ctx *moveContext, l *lister, i int, e *extent) moveList {
	found := newDestinations(g.b)
	entries := g.entryHexes(i)
	mech := g.mechanized(i)
	for _, mode := range []struct{ sm, trucks bool }{{false, false}, {true, false}, {false, true}} {
		if (mode.sm && !mech) || (mode.trucks && mech) {
			continue // 9.8.1, 9.8.6: as unitMovesFrom
		}
		for _, a := range entries {
			e.reached(a)
			m, err := g.newEntryAt(ctx, i, a, mode.sm, mode.trucks)
			if err != nil {
				continue
			}
			l.lend(m)
			first, r, bar := g.enter(l, m, i, a, mode.sm, mode.trucks, &found.reach)
			if !bar.OK() || first.Cost > m.Budget {
				continue
			}
			// A unit that must stop on the entry hex goes no further.
			n := r.Len()
			ac, _ := g.b.cell(a) // on the map: the unit could enter it
			if first.Stop {
				n = 1
			}
			found.beginSearch(r)
			for k := range n {
				c, cost := ac, 0
				if !first.Stop {
					c, cost = r.CellAt(k), r.CostAt(k)
				}
				e.reachedCell(c)
				// The plain moves come first, over every entry hex; SM
				// and Trucks only add hexes they alone reach.
				if q := found.at[c] - 1; q >= 0 && (mode.sm || mode.trucks || found.list[q].d.cost <= first.Cost+cost) {
					continue
				}
				if !g.endAllowedAt(ctx, i, c, mode.sm) {
					continue
				}
				d := destination{cost: first.Cost + cost, budget: m.Budget, sm: mode.sm, trucks: mode.trucks}
				if first.Stop {
					found.put(a, d, func(dst []int32) []int32 { return g.b.appendCells(dst, a) })
				} else {
					found.putAt(c, d, k)
				}
			}
			found.endSearch()
		}
	}
	return found.moves(g, i)
}

// entrySearch is the search of a unit entering the map at one hex, as
// Mover.Enter makes it.
type entrySearch struct {
	first hexwar.Step
	reach hexwar.Reachable
	bar   hexwar.Bar
}

// entrySearchKey is what an entering unit's search depends on beside the
// position (the same for every unit Legal lists): its entry hex, its way of
// moving and allowance, and what its step rules read of it (stepRules,
// scenarioRule: its side, nationality and formation, a replacement taken,
// the Cherbourg defense mark). A unit off the map is on no hex, so which
// unit it is changes nothing else (hexwar.Mover.FriendsAt).
type entrySearchKey struct {
	at                 hex.Axial
	sm, trucks, mech   bool
	budget             int
	side               Side
	nationality        string
	formation          string
	repl, cherbourgDef bool
}

// enter is m.EnterIn(a, buf) for waiting unit i; within one Legal (l not
// nil), units that wait with the same search share it: a turn's
// reinforcements enter in groups of like units at the same entry hexes
// (issue 18).
func (g *Game) enter(l *lister, m *mover, i int, a hex.Axial, sm, trucks bool, buf *hexwar.ReachBuffer) (hexwar.Step, hexwar.Reachable, hexwar.Bar) {
	if l == nil {
		return m.EnterIn(a, buf)
	}
	u := g.unit(i)
	key := entrySearchKey{at: a, sm: sm, trucks: trucks, mech: m.Mech, budget: m.Budget, side: u.Side,
		nationality: u.Nationality, formation: u.Formation, repl: g.s.Units[i].Repl, cherbourgDef: slices.Contains(u.Marks, MarkCherbourgDefense)}
	e := l.entry(key, func() entrySearch {
		first, r, bar := m.Enter(a) // kept, so not in buf
		return entrySearch{first, r, bar}
	})
	return e.first, e.reach, e.bar
}
