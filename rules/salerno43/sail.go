package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Sea moves from land (18.4.5): in the Allied Movement Phase a Good Order
// unit that has not moved, standing in a BH or a port the Allies hold, may
// sail to another BH or port (landing there by TM, its hex the first of
// the two, the second the one hex more it may go unless the first is in an
// enemy ZOC, 21.1.2) or back to the Floating Reserve; it may start in an
// enemy ZOC; both hexes' capacities count (18.4.4, a port sends or
// receives its number a turn); at most 3 LP a turn move so (18.4.5); never
// a unit with a Replacement marker (20.4). Landed, it has ½ Eff next to the
// enemy, or is DG at the other army's beach (18.4.2).
//
// The sea move is one hex of the unit's two by TM: the other may come
// after it (the optional HEX) or before it, a unit that has moved one hex
// by TM this phase sailing from where it stands, and no further (18.4.5).
//
//	sail UNIT HEX|floating-reserve [HEX]

// seaPort: the Allies may sail from or to hex id now (18.1.1, 18.2.1).
func (g *Game) seaPort(id string) bool {
	a, ok := g.b.Hex(id)
	if !ok {
		return false
	}
	if p, port := g.b.ports[id]; port {
		return !p.Unusable && g.portHeld(id)
	}
	return g.beachheadAt(a)
}

// portHeld: the Allies hold port id and held it at the start of their
// Movement Phase (18.2.1: "only if it was friendly controlled at the start
// of the Allied Movement Phase"); one taken in the phase serves from the
// next. The digest and the book agree.
func (g *Game) portHeld(id string) bool {
	return g.controls(Allied, id) && !slices.Contains(g.s.PortsTaken, id)
}

// sail applies a 'sail' command.
func (g *Game) sail(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || g.sc.Units[i].Side != Allied || g.s.Side != Allied {
		return nil, rules.Refuse("18.4.1", "only the Allies move by sea, in their Movement Phase")
	}
	u, us := g.sc.Units[i], g.s.Units[i]
	lp := lpCost(&u)
	before := g.hexBefore(u.ID)
	switch {
	case u.Beachhead():
		return nil, rules.Refuse("18.1.1", "a BH unit never moves")
	case us.Hex == "" || !g.seaPort(us.Hex):
		return nil, rules.Refuse("18.4.5", "%s does not stand in a BH or a port the Allies hold", u.ID)
	case us.Status != GoodOrder:
		return nil, rules.Refuse("18.4.5", "only Good Order units move by sea")
	case us.Repl:
		return nil, rules.Refuse("20.4", "%s has a Replacement marker: no sea transport this turn", u.ID)
	case slices.Contains(g.s.Moved, u.ID) && !before:
		return nil, rules.Refuse("5.1", "%s has moved this phase", u.ID)
	case before && len(c.Args) == 3:
		return nil, rules.Refuse("18.4.5", "%s moved a hex before its sea move: the sea move is the second of its two", u.ID)
	case g.seaCapped(c.Args[1]) && g.s.SeaLP+lp > 3:
		return nil, rules.Refuse("18.4.5", "at most 3 LP a turn move by sea from a port/BH to a port/BH; %d have, %s costs %d", g.s.SeaLP, u.ID, lp)
	case g.received(us.Hex) > 0:
		return nil, rules.Refuse("18.4.4", "%s has received units this turn: it sends or receives, not both", us.Hex)
	case g.sendLeft(us.Hex) < lp:
		return nil, rules.Refuse("18.4.4", "%s sends no more than its capacity this turn", us.Hex)
	}
	to := c.Args[1]
	for _, port := range []string{us.Hex, to} {
		if slices.Contains(g.s.PortsTaken, port) {
			return nil, rules.Refuse("18.2.1", "the Allies took %s in this Movement Phase: a port serves sea transport only if they held it at the phase's start", port)
		}
	}
	var path []hex.Axial
	warn := "" // 21.1.2: what 4.4 will ask of the hex it ends in
	if to == BoxFloating && len(c.Args) == 3 {
		return nil, rules.Refuse("18.4.5", "a unit sailing to the Floating Reserve goes no further")
	}
	if to != BoxFloating {
		switch {
		case to == us.Hex || !g.seaPort(to):
			return nil, rules.Refuse("18.4.5", "%s is no other BH or port the Allies hold", to)
		case g.sent(to) > 0:
			return nil, rules.Refuse("18.4.4", "%s has sent units this turn: it sends or receives, not both", to)
		case g.receiveLeft(to) < lp:
			return nil, rules.Refuse("18.4.4", "%s receives no more than its capacity this turn", to)
		}
		var err error
		if path, err = g.landingPath(i, to, c.Args[2:]); err != nil {
			return nil, err
		}
		warn = g.overLimitWords(path[len(path)-1], i)
	}
	from := us.Hex
	if g.seaCapped(to) {
		g.s.SeaLP += lp
	}
	for range lp {
		g.s.Capacity = append(g.s.Capacity, from)
		g.s.Sent = append(g.s.Sent, from)
		if to != BoxFloating {
			g.s.Capacity = append(g.s.Capacity, to)
		}
	}
	text := fmt.Sprintf("%s sails from %s to %s (%d LP, 18.4.5)", u.ID, from, to, lp)
	if to == BoxFloating {
		events := g.seaMoved(i)
		g.s.Units[i].Hex, g.s.Units[i].Box = "", BoxFloating
		return append(events, rules.Event{Seat: rules.Seat(Allied), Text: text}), nil
	}
	var events []rules.Event
	if len(path) == 1 {
		events = g.seaMoved(i)
		g.s.Units[i].Hex = to
	} else {
		// 17.3: the sea move is one hex of the two.
		events = append(g.applyMove(i, path, 0, moveHow{tactical: true}), g.asuMoved(i, len(path))...)
	}
	end := path[len(path)-1]
	if note := g.landedMarks(i, to, end); note != "" {
		text += ", " + note
	}
	return g.overLimitEvent(append(events, rules.Event{Seat: rules.Seat(Allied), Text: text}), end, warn), nil
}

// seaCapped: a sea move from land to "to" counts in the 3 LP a turn
// (18.4.5): one from a port/BH to a port/BH, not one back to the Floating
// Reserve; salerno43/1 and /2 counted every one.
func (g *Game) seaCapped(to string) bool {
	return to != BoxFloating || !g.ver.seaCapPortToPort
}

// hexBefore: unit id has moved one hex by TM this phase, so a sea move is
// the second hex of its two (18.4.5).
func (g *Game) hexBefore(id string) bool { return slices.Contains(g.s.OneHex, id) }

// seaMoved records a sea move in unit i's Tactical Movement: it has moved;
// after a hex by TM the sea move is its second, and an ASU has then moved
// two hexes (17.3).
func (g *Game) seaMoved(i int) []rules.Event {
	id := g.s.Units[i].ID
	if !g.hexBefore(id) {
		g.s.Moved = append(g.s.Moved, id)
		return nil
	}
	g.s.OneHex = slices.DeleteFunc(slices.Clone(g.s.OneHex), func(s string) bool { return s == id })
	return g.asuMoved(i, 2)
}

// sent is the LP a BH or port has sent this turn, received those it has
// received (18.4.4).
func (g *Game) sent(id string) int {
	n := 0
	for _, h := range g.s.Sent {
		if h == id {
			n++
		}
	}
	return n
}

func (g *Game) received(id string) int { return g.capacityUsed(id) - g.sent(id) }

// sendLeft and receiveLeft are what a BH or port may still send or receive
// this turn: its capacity, and never both in one turn (18.4.4, "nie obie";
// the book says it of ports, and a BH's capacity is read the same way).
func (g *Game) sendLeft(id string) int {
	if g.received(id) > 0 {
		return 0
	}
	return g.capacityLeft(id)
}

func (g *Game) receiveLeft(id string) int {
	if g.sent(id) > 0 {
		return 0
	}
	return g.capacityLeft(id)
}

// capacityUsed is the LP a BH or port has sent or received this turn.
func (g *Game) capacityUsed(id string) int {
	n := 0
	for _, h := range g.s.Capacity {
		if h == id {
			n++
		}
	}
	return n
}

// capacityLeft is what a BH or port may still send or receive this turn
// (18.4.4).
func (g *Game) capacityLeft(id string) int {
	capacity := 3
	if _, ok := g.b.ports[id]; ok {
		capacity = g.portCapacity(id)
	}
	return capacity - g.capacityUsed(id)
}

// sailChoices lists the sea moves the Allies may make.
func (g *Game) sailChoices() []rules.Choice {
	if g.s.Side != Allied {
		return nil
	}
	var ports []string
	for _, h := range g.sc.Hexes {
		if g.seaPort(h.ID) {
			ports = append(ports, h.ID)
		}
	}
	var out []rules.Choice
	ctx := g.moveContext(Allied)
	for i, us := range g.s.Units {
		u := g.sc.Units[i]
		if u.Side != Allied || u.Beachhead() || us.Hex == "" || !slices.Contains(ports, us.Hex) || us.Status != GoodOrder || us.Repl ||
			(slices.Contains(g.s.Moved, u.ID) && !g.hexBefore(u.ID)) || g.sendLeft(us.Hex) < lpCost(&u) {
			continue
		}
		capLeft := g.s.SeaLP+lpCost(&u) <= 3 // 18.4.5
		if capLeft || !g.seaCapped(BoxFloating) {
			out = append(out, rules.Choice{Command: "sail " + u.ID + " " + BoxFloating, Piece: u.ID, Note: "18.4.5"})
		}
		for _, p := range ports {
			if !capLeft {
				break
			}
			a, _ := g.b.Hex(p)
			if p == us.Hex || g.receiveLeft(p) < lpCost(&u) || g.held(a) == German || g.inEnemyBond(a, ctx) {
				continue
			}
			if g.mayLandIn(a, i) {
				out = append(out, rules.Choice{Command: "sail " + u.ID + " " + p, Piece: u.ID, Note: g.landNote("18.4.5", a, i)})
			}
			if g.hexBefore(u.ID) {
				continue // 18.4.5: the sea move is its second hex
			}
			for _, n := range g.seaSteps(i, a, ctx) {
				out = append(out, rules.Choice{Command: "sail " + u.ID + " " + p + " " + g.b.ID(n), Piece: u.ID, Note: g.landNote("18.4.5", n, i)})
			}
		}
	}
	return out
}
