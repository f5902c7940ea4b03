package rhine44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/graph"
)

// controller is the commander who controls a field: by his marker, or
// always, on a field printed with his symbol (L349-362), an absent
// commander's too; "" for none. The absent commander of a two-player
// game controls his other fields by reminder markers (§2.2).
func (g *Game) controller(id string) rules.Seat {
	if s := g.s.Control[id]; s != "" {
		return s
	}
	if f := g.b.field(id); f != nil && f.permanent() {
		return seatOf(f.Colours[0])
	}
	return ""
}

// mainBase is a commander's main supply base: Lisieux for Monty until
// Antwerp opens (R15.1).
func (g *Game) mainBase(seat rules.Seat) string {
	if seat == "monty" && g.s.Antwerp {
		return g.b.antwerp
	}
	return g.b.main[seat]
}

// isMainBase reports whether a field is any commander's main base now.
func (g *Game) isMainBase(id string) bool {
	for _, c := range commanders {
		if g.mainBase(c.Seat) == id {
			return true
		}
	}
	return false
}

// hasAxis reports whether a field carries an Axis marker.
func (g *Game) hasAxis(id string) bool {
	_, ok := slices.BinarySearch(g.s.Axis, id)
	return ok
}

func (g *Game) addAxis(id string) {
	if i, ok := slices.BinarySearch(g.s.Axis, id); !ok {
		g.s.Axis = slices.Insert(g.s.Axis, i, id)
	}
}

func (g *Game) removeAxis(id string) bool {
	i, ok := slices.BinarySearch(g.s.Axis, id)
	if ok {
		g.s.Axis = slices.Delete(g.s.Axis, i, i+1)
	}
	return ok
}

// connected is the set of fields connected to Düsseldorf (R10.18): by
// arrows of any colour, black included, through fields no player controls.
// Fields with Axis markers are uncontrolled and conduct; the absent
// commander's fields are controlled and block. Once Düsseldorf is controlled
// nothing is connected.
func (g *Game) connected() map[string]bool {
	return g.b.g.Reach([]string{g.b.hub}, graph.Rules{Pass: func(id string) bool { return g.controller(id) == "" }})
}

// place puts seat's control marker on a field and does what follows a
// placement: encirclement (R10.18-R10.20), the Antwerp blockade (R15.1) and
// the automatic victory (R16.1). by names the corps that took it, "" for a
// field taken by encirclement.
func (g *Game) place(seat rules.Seat, id, by string) {
	before := g.connected()
	g.s.Control[id] = seat
	g.gains(seat, id, by)
	after := g.connected()
	var encircled []string
	for _, f := range g.b.g.Nodes() {
		// A marker on Düsseldorf itself cuts everything off and encircles
		// nothing.
		if before[f] && !after[f] && f != id && id != g.b.hub {
			encircled = append(encircled, f)
		}
	}
	for _, f := range encircled {
		if owner := g.encircledBy(seat, f); owner != "" {
			g.s.Control[f] = owner
			g.say(owner, "%s is encircled and goes to %s (R10.19).", g.b.field(f).Name, owner)
			g.gains(owner, f, "")
		}
	}
	g.checkAntwerp()
	g.checkVictory(seat)
}

// encircledBy is who takes a field cut off from Düsseldorf by seat's
// placement (R10.19): the player of its colour, or seat on a shared field;
// no one on a field with an Axis symbol or marker, a black field, a
// field a counterattack of R15.8 recovered, or a field of a colour no one
// plays.
func (g *Game) encircledBy(seat rules.Seat, id string) rules.Seat {
	f := g.b.field(id)
	switch {
	case f.Axis || g.hasAxis(id) || f.Black() || slices.Contains(g.s.Recovered, id):
		return ""
	case f.Shared():
		return seat
	}
	owner := seatOf(f.Colours[0])
	if !slices.Contains(g.s.Seats, owner) {
		return ""
	}
	return owner
}

// gains is what taking a field brings (R10.8): its medal, the return of its
// Axis marker, the paratroopers to the box; in the solo game its numeric
// markers wait for the front shift (R17.4). A field taken by encirclement
// brings its medal too, and its numeric markers move.
func (g *Game) gains(seat rules.Seat, id, by string) {
	f := g.b.field(id)
	if f.Medal {
		g.medal(seat, f.Name+"'s medal (R10.8)")
	}
	if g.removeAxis(id) {
		if g.solo() {
			g.say(seat, "The Axis marker on %s leaves the game (R17.9).", f.Name)
		} else {
			g.s.AxisPool++
			g.say(seat, "The Axis marker on %s returns to the pool, now %d (R10.8).", f.Name, g.s.AxisPool)
		}
	}
	kept := g.s.Paras[:0]
	n := 0
	for _, p := range g.s.Paras {
		if p.Field == id {
			n++
			continue
		}
		kept = append(kept, p)
	}
	g.s.Paras = kept
	if n > 0 {
		g.s.ParaBox += n
		g.say(seat, "%d paratrooper marker(s) on %s go to the box (R12.5).", n, f.Name)
	}
	if len(g.s.Numeric[id]) > 0 {
		g.s.Turn.Taken = append(g.s.Turn.Taken, taken{Field: id, Corps: by})
	}
}

// medal gives seat a medal token from the pool, if one is left.
func (g *Game) medal(seat rules.Seat, why string) {
	if g.s.MedalPool == 0 {
		g.say(seat, "No medal is left in the pool for %s.", why)
		return
	}
	g.s.MedalPool--
	g.player(seat).Medals++
	g.say(seat, "%s gains a medal: %s.", seat, why)
}

// checkAntwerp opens Antwerp (R15.1): once red controls Antwerpen and the
// four [A] fields, Antwerpen is his main base instead of Lisieux, for good
// . Not in the training game (§15).
func (g *Game) checkAntwerp() {
	if g.s.Antwerp || g.s.Options.Training || !slices.Contains(g.s.Seats, "monty") {
		return
	}
	for _, f := range g.b.sc.Fields {
		if (f.Antwerp || f.Blockade) && g.controller(f.ID) != "monty" {
			return
		}
	}
	g.s.Antwerp = true
	g.say("monty", "Antwerp is open: Antwerpen is Montgomery's main supply base instead of Lisieux (R15.1).")
}

// line reports whether seat has an unbroken line of fields he controls from
// his main base to the field to (R3.1, R16.1; A-13: by arrows of any colour
// but black, permanently controlled fields counting).
func (g *Game) line(seat rules.Seat, to string) bool {
	return g.b.g.Path(g.mainBase(seat), to, graph.Rules{
		Pass: func(id string) bool { return g.controller(id) == seat },
		Use:  func(e graph.Edge) bool { return !e.Has(black) },
	})
}

// checkVictory ends the game when a player holds a victory field joined to
// his main base by an unbroken line (R3.1, R16.1): checked after every
// placement, the placer first.
func (g *Game) checkVictory(placer rules.Seat) {
	if g.s.Over {
		return
	}
	order := append([]rules.Seat{placer}, g.s.Seats...)
	for _, seat := range order {
		for _, f := range g.b.sc.Fields {
			if f.Victory && g.s.Control[f.ID] == seat && g.line(seat, f.ID) {
				g.win(seat, f.Name)
				return
			}
		}
	}
}
