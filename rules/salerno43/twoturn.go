package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Two-turn sea transport (18.4.4): a regiment or brigade of 2 or 3 LP may
// land at a port of capacity 1 over two turns. In the Allied Movement Phase
// it sets out, from the Floating Reserve or by a sea move from a BH or port
// (18.4.5), and waits at sea beside the port with a 2-Turn Naval Transport
// marker; in a later Allied Movement Phase it lands there by 'land', as any
// landing. If the Germans take the port first, it goes to the Floating
// Reserve at the start of the Allied Movement Phase and its move ends.
// There is no limit on the number of such transports.
//
// The book does not say which turn's capacity and LP the transport uses;
// as the digest suggests, it takes the port's capacity in both
// turns, and its LP count against the 12 of the landing turn (18.4.3).
//
//	embark UNIT PORT

// boxTwoTurn holds a unit at sea beside a port, marked 2-Turn Naval
// Transport: "two-turn:HEX".
const boxTwoTurn = "two-turn:"

// portCapacity is the LP a port sends or receives in a turn (18.4.4): its
// printed number, Salerno's 1 with a German unit within 2 hexes of it.
func (g *Game) portCapacity(id string) int {
	p := g.b.ports[id]
	if g.b.names[id] == "Salerno" && g.germanWithin(id, 2) {
		return 1
	}
	return p.LP
}

// twoTurnPort is the port a unit at sea waits to land at, "" for none.
func twoTurnPort(us unitState) string {
	port, _ := strings.CutPrefix(us.Box, boxTwoTurn)
	if port == us.Box {
		return ""
	}
	return port
}

// embark applies an 'embark' command: a two-turn transport sets out.
func (g *Game) embark(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || g.sc.Units[i].Side != Allied || g.s.Side != Allied {
		return nil, rules.Refuse("18.4.1", "only the Allies move by sea, in their Movement Phase")
	}
	u, us := g.sc.Units[i], g.s.Units[i]
	lp := lpCost(&u)
	fromLand := us.Hex != ""
	switch {
	case us.Box != BoxFloating && !(fromLand && g.seaPort(us.Hex)):
		return nil, rules.Refuse("18.4.4", "%s sets out from the Floating Reserve or from a BH or port the Allies hold (18.4.5)", u.ID)
	case us.Status != GoodOrder:
		return nil, rules.Refuse("18.4.2", "only Good Order units move by sea")
	case us.Repl:
		return nil, rules.Refuse("20.4", "%s has a Replacement marker: no sea transport this turn", u.ID)
	case slices.Contains(g.s.Moved, u.ID) && !(fromLand && g.hexBefore(u.ID)):
		return nil, rules.Refuse("5.1", "%s has moved this phase", u.ID)
	case lp < 2:
		return nil, rules.Refuse("18.4.4", "a two-turn transport is for a regiment or brigade of 2 or 3 LP; %s costs %d and lands at once", u.ID, lp)
	case fromLand && g.s.SeaLP+lp > 3:
		return nil, rules.Refuse("18.4.5", "at most 3 LP a turn move by sea from land; %d have, %s costs %d", g.s.SeaLP, u.ID, lp)
	case fromLand && g.received(us.Hex) > 0:
		return nil, rules.Refuse("18.4.4", "%s has received units this turn: it sends or receives, not both", us.Hex)
	case fromLand && g.sendLeft(us.Hex) < lp:
		return nil, rules.Refuse("18.4.4", "%s sends no more than its capacity this turn", us.Hex)
	}
	to := c.Args[1]
	p, isPort := g.b.ports[to]
	a, _ := g.b.Hex(to)
	switch {
	case !isPort || p.Unusable || !g.controls(Allied, to):
		return nil, rules.Refuse("18.4.4", "%s is no port the Allies hold and may use (18.2)", to)
	case !g.portHeld(to):
		return nil, rules.Refuse("18.2.1", "the Allies took %s in this Movement Phase: a port serves sea transport only if they held it at the phase's start", to)
	case g.held(a) == German:
		return nil, rules.Refuse("21.1.2", "German units hold %s", to)
	case g.portCapacity(to) != 1:
		return nil, rules.Refuse("18.4.4", "%s's capacity is %d: a two-turn transport is for a port of capacity 1", to, g.portCapacity(to))
	case g.sent(to) > 0:
		return nil, rules.Refuse("18.4.4", "%s has sent units this turn: it sends or receives, not both", to)
	case g.receiveLeft(to) < 1:
		return nil, rules.Refuse("18.4.4", "%s has used its capacity this turn", to)
	}
	from := BoxFloating
	if fromLand {
		from = us.Hex
		g.s.SeaLP += lp
		for range lp {
			g.s.Capacity = append(g.s.Capacity, from)
			g.s.Sent = append(g.s.Sent, from)
		}
	}
	g.s.Capacity = append(g.s.Capacity, to) // this turn's capacity too
	events := g.seaMoved(i)
	g.s.Units[i].Hex, g.s.Units[i].Box = "", boxTwoTurn+to
	return append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s sets out from %s for %s with a 2-Turn Naval Transport marker; it lands there in a later Movement Phase (18.4.4)", u.ID, from, to)}), nil
}

// twoTurnLanding checks a landing of a unit at sea beside a port: there,
// and not in the phase it set out (18.4.4); nil for any other unit.
func (g *Game) twoTurnLanding(i int, to string) error {
	us := g.s.Units[i]
	port := twoTurnPort(us)
	switch {
	case port == "":
		return nil
	case slices.Contains(g.s.Moved, us.ID):
		return rules.Refuse("18.4.4", "%s set out for %s this turn: it lands in a later Movement Phase", us.ID, port)
	case to != port:
		return rules.Refuse("18.4.4", "%s waits at sea beside %s and lands only there", us.ID, port)
	}
	return nil
}

// twoTurnSite is where a unit at sea beside a port may land now: its port,
// if the Allies hold it and it has capacity left; the value is the unit's
// LP, the port's whole capacity standing for them (18.4.4).
func (g *Game) twoTurnSite(i int, port string) map[string]int {
	u := g.sc.Units[i]
	if slices.Contains(g.s.Moved, u.ID) || !g.portHeld(port) || g.receiveLeft(port) < 1 {
		return map[string]int{}
	}
	return map[string]int{port: lpCost(&u)}
}

// twoTurnLost sends to the Floating Reserve, their move over, the units at
// sea beside a port the Germans took (18.4.4), at the start of the Allied
// Movement Phase.
func (g *Game) twoTurnLost() []rules.Event {
	if g.s.Side != Allied {
		return nil
	}
	var events []rules.Event
	for i, us := range g.s.Units {
		port := twoTurnPort(us)
		if port == "" || g.controls(Allied, port) {
			continue
		}
		g.s.Units[i].Box = BoxFloating
		g.s.Moved = append(g.s.Moved, us.ID)
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("the Germans took %s before %s could land: it goes to the Floating Reserve, its move over (18.4.4)", port, us.ID)})
	}
	return events
}

// embarkChoices lists the two-turn transports the Allies may start.
func (g *Game) embarkChoices() []rules.Choice {
	if g.s.Side != Allied {
		return nil
	}
	var ports []string
	for _, h := range g.sc.Hexes {
		p, ok := g.b.ports[h.ID]
		a, _ := g.b.Hex(h.ID)
		if ok && !p.Unusable && g.portHeld(h.ID) && g.held(a) != German && g.portCapacity(h.ID) == 1 && g.receiveLeft(h.ID) >= 1 {
			ports = append(ports, h.ID)
		}
	}
	var out []rules.Choice
	for i, us := range g.s.Units {
		u := g.sc.Units[i]
		lp := lpCost(&u)
		fromLand := us.Hex != "" && g.seaPort(us.Hex)
		if u.Side != Allied || lp < 2 || us.Status != GoodOrder || us.Repl || (slices.Contains(g.s.Moved, u.ID) && !(fromLand && g.hexBefore(u.ID))) ||
			!(us.Box == BoxFloating || fromLand) || (fromLand && (g.s.SeaLP+lp > 3 || g.sendLeft(us.Hex) < lp)) {
			continue
		}
		for _, p := range ports {
			out = append(out, rules.Choice{Command: "embark " + u.ID + " " + p, Piece: u.ID, Note: fmt.Sprintf("%d LP, lands at %s in a later turn (18.4.4)", lp, p)})
		}
	}
	return out
}
