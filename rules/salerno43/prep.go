package salerno43

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The Preparation Phase (3.0 B1): reinforcements (21.1), ASU readied
// (17.5), the Nebelwerfer readied free (19.1).

// boxArrive holds a German reinforcement until it is placed in an entry
// area of its code (21.1.1).
const boxArrive = "arrive:"

func (g *Game) enterPrep() []rules.Event {
	events := g.startWithdrawal() // S2.2: at the start of the phase
	side := g.s.Side
	g.releaseGarrison()
	if side == German {
		g.s.Replaced = nil // 20.2: one replacement a unit a turn
	}
	g.s.Repl = g.turnRepl(side)
	for _, r := range g.sc.Reinforcements {
		i := g.index(r.Unit)
		if r.Turn != g.s.Turn || g.sc.Units[i].Side != side || g.s.Units[i].Box == BoxWithdrawn {
			continue
		}
		us := &g.s.Units[i]
		switch {
		case r.At == BoxFloating:
			us.Box = BoxFloating // 21.1.1: the 5th Army into the Floating Reserve
		case strings.HasPrefix(r.At, boxEntry) && len(strings.TrimPrefix(r.At, boxEntry)) == 2:
			us.Box = r.At // 21.1.1: the 8th Army's printed area
		case strings.HasPrefix(r.At, boxEntry):
			us.Box = boxArrive + strings.TrimPrefix(r.At, boxEntry)
		case strings.HasPrefix(r.At, "airdrop:"):
			us.Box = r.At // 21.6: dropped in this phase with 'drop'
		}
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: fmt.Sprintf("%s arrives: %s (21.1)", r.Unit, us.Box)})
	}
	// 19.1: the Nebelwerfer is readied free if it can trace supply.
	if side == German {
		st := g.supplyStatuses(German)
		for i, u := range g.sc.Units {
			if u.Type == "werfer" && g.s.Units[i].Used && st.inSupply(g, i) {
				g.s.Units[i].Used = false
				events = append(events, rules.Event{Seat: rules.Seat(German), Text: u.ID + " readied free (19.1)"})
			}
		}
	}
	return events
}

func (g *Game) prepPrompt() string {
	if g.s.Repl != [3]int{} {
		return fmt.Sprintf("replacements armor, infantry, special %v ('replace UNIT [WHERE]', 20.0), ready ASU ('ready UNIT', 17.5), then 'end'", g.s.Repl)
	}
	if u := g.unplaced(); u != "" {
		return fmt.Sprintf("place %s in an entry area ('place UNIT AREA', 21.1.1), ready ASU ('ready UNIT', 17.5), then 'end'", u)
	}
	return "ready ASU ('ready UNIT', 1 SP each, 17.5), then 'end'"
}

// unplaced is a reinforcement of the phasing side still to place, "" for
// none.
func (g *Game) unplaced() string {
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side == g.s.Side && strings.HasPrefix(us.Box, boxArrive) {
			return us.ID
		}
	}
	return ""
}

// friendlyArea: entry area name is friendly to side (21.2): every area is
// German until the 8th Army arrives on turn 11 (21.2.1), the south ones
// then, each east one once an Allied unit has entered it (21.2.1) or the
// German has abandoned the 8th Army sector (S2.3.7); N1 and N2 always are
// German (21.2.3).
func (g *Game) friendlyArea(side Side, name string) bool {
	german := name[0] == 'N' || g.s.Turn < 11 || (name[0] == 'E' && !g.eastAllied(name))
	return german == (side == German)
}

// placeReinforcement puts a German reinforcement in an entry area of its
// code (21.1.1): any friendly area of that letter.
func (g *Game) placeReinforcement(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || !strings.HasPrefix(g.s.Units[i].Box, boxArrive) || g.sc.Units[i].Side != g.s.Side {
		return nil, rules.Refuse("21.1.1", "%s is no reinforcement of yours waiting to be placed", c.Args[0])
	}
	code := strings.TrimPrefix(g.s.Units[i].Box, boxArrive)
	area := c.Args[1]
	if area[:1] != code {
		return nil, rules.Refuse("21.1.1", "%s enters by an %s area, not %s", c.Args[0], code, area)
	}
	if !g.friendlyArea(g.s.Side, area) {
		return nil, rules.Refuse("21.2.1", "%s is not friendly to the %s side", area, g.s.Side)
	}
	g.s.Units[i].Box = boxEntry + area
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s placed in %s (21.1.1)", c.Args[0], area)}}, nil
}

// ready flips a USED ASU to its ready side for 1 SP (17.5): a Good Order
// ASU in supply at that moment; the Nebelwerfer only free, in the German
// preparation phase (19.1).
func (g *Game) ready(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || g.sc.Units[i].Side != g.s.Side || !g.sc.Units[i].ASU() {
		return nil, rules.Refuse("17.5", "%s is no ASU of yours", c.Args[0])
	}
	us := g.s.Units[i]
	switch {
	case !us.Used:
		return nil, rules.Refuse("17.5", "%s is ready already", c.Args[0])
	case g.sc.Units[i].Type == "werfer":
		return nil, rules.Refuse("19.1", "the Nebelwerfer is readied free in the German Preparation Phase, never for SP")
	case !g.readyPlace(i):
		return nil, rules.Refuse("17.5", "%s is not on the map nor in an entry area", c.Args[0])
	case us.Status != GoodOrder:
		return nil, rules.Refuse("17.5", "%s is not in Good Order", c.Args[0])
	case g.s.SP[sideIndex(g.s.Side)] < 1:
		return nil, rules.Refuse("17.5", "readying an ASU costs 1 SP; the %s side has none", g.s.Side)
	case !g.supplyStatuses(g.s.Side).inSupply(g, i):
		return nil, rules.Refuse("17.5", "%s cannot trace supply now", c.Args[0])
	}
	g.s.Units[i].Used = false
	g.s.SP[sideIndex(g.s.Side)]--
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s readied for 1 SP; %d left (17.5)", c.Args[0], g.s.SP[sideIndex(g.s.Side)])}}, nil
}

// readyPlace: ASU i stands where it may be readied (17.5): on the map, or
// in an entry area, from which it supports (21.3.4); salerno43/1 and /2 on
// the map only.
func (g *Game) readyPlace(i int) bool {
	return g.s.Units[i].Hex != "" || g.ver.readyInArea && g.unitArea(i) != ""
}

// readyChoices lists the ASU the phasing side may ready.
func (g *Game) readyChoices() []rules.Choice {
	if g.s.SP[sideIndex(g.s.Side)] < 1 {
		return nil
	}
	var out []rules.Choice
	st := g.supplyStatuses(g.s.Side)
	for i, u := range g.sc.Units {
		us := g.s.Units[i]
		if u.Side == g.s.Side && u.ASU() && u.Type != "werfer" && us.Used && g.readyPlace(i) && us.Status == GoodOrder && st.inSupply(g, i) {
			out = append(out, rules.Choice{Command: "ready " + u.ID, Piece: u.ID, Note: "1 SP (17.5)"})
		}
	}
	return out
}

// placeChoices lists where the waiting reinforcements may be placed.
func (g *Game) placeChoices() []rules.Choice {
	var out []rules.Choice
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side != g.s.Side || !strings.HasPrefix(us.Box, boxArrive) {
			continue
		}
		code := strings.TrimPrefix(us.Box, boxArrive)
		for _, a := range entryAreas {
			if a[:1] == code && g.friendlyArea(g.s.Side, a) && len(g.b.areas[a]) > 0 {
				out = append(out, rules.Choice{Command: "place " + us.ID + " " + a, Piece: us.ID, Note: "21.1.1"})
			}
		}
	}
	return out
}
