package rhine44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Legal implements rules.Game: every command seat may give now. Free
// transfers are listed a token at a time (several tokens move by one
// command or by several alike); a transport is listed a truck at a time,
// with a template for legs in a chain; an Airborne Drop a paratrooper at a
// time, with a template for more.
func (g *Game) Legal(seat rules.Seat) []rules.Choice {
	p := g.Pending()
	if p.Over || p.Dice != nil || !slices.Contains(p.Seats, seat) {
		return nil
	}
	l := &lister{g: g, seat: seat}
	switch {
	case g.s.Ask != nil:
		l.answers()
	case g.s.Stage == stageReaction:
		l.reactions()
	case g.s.Move != nil:
		l.steps()
		l.transfers()
		l.undo()
	default:
		l.actions()
		l.transfers()
		l.undo()
		l.add(Command{Verb: "end"}, "", "end your actions: the German Reaction follows")
	}
	return l.out
}

type lister struct {
	g    *Game
	seat rules.Seat
	out  []rules.Choice
}

// add lists a command known to be legal.
func (l *lister) add(c Command, piece, note string) {
	l.out = append(l.out, rules.Choice{Command: c.String(), Piece: piece, Note: note})
}

// try lists a command if it applies now.
func (l *lister) try(c Command, piece, note string) {
	x := l.g.with(l.g.s.clone())
	if err := x.dispatch(l.seat, c); err == nil {
		l.add(c, piece, note)
	}
}

func (l *lister) answers() {
	g := l.g
	a := g.s.Ask
	switch a.Kind {
	case askReturn:
		for _, t := range g.s.Supply[a.Field].subsets(a.N) {
			if t.Total() == a.N {
				l.add(Command{Verb: "return", Field: a.Field, Tokens: t}, "", fmt.Sprintf("back to the pool from %s (R6.4)", g.b.field(a.Field).Name))
			}
		}
	case askCivilians:
		l.add(Command{Verb: "feed"}, a.Corps, "1 R for a medal (R10.12)")
		l.add(Command{Verb: "decline"}, a.Corps, "keep the food")
	case askMarket:
		k := g.corps(a.Corps)
		for _, give := range []byte(tokenTypes) {
			for _, take := range []byte(tokenTypes) {
				if give != take && k.Card.Get(give) > 0 && g.s.Pool.Get(take) > 0 {
					l.add(Command{Verb: "market", Give: give, Take: take}, a.Corps, fmt.Sprintf("trade 1 %s for 1 %s (R10.12)", tokenNames[give], tokenNames[take]))
				}
			}
		}
		l.add(Command{Verb: "decline"}, a.Corps, "trade nothing")
	}
}

func (l *lister) reactions() {
	g := l.g
	if g.s.EndTriggered {
		l.add(Command{Verb: "axis", Axis: "none"}, "", "no German Reaction: the Axis pool is spent (R14.7)")
	} else {
		fields := g.axisFields()
		for _, id := range fields {
			l.add(Command{Verb: "axis", Field: id}, "", fmt.Sprintf("an Axis marker on %s (R14.1)", g.b.field(id).Name))
		}
		if len(fields) == 0 {
			l.add(Command{Verb: "axis", Axis: "discard"}, "", "no field may take an Axis marker: one to the box (R14.2)")
		}
	}
	for _, id := range g.counterFields(l.seat) {
		l.add(Command{Verb: "counter", Field: id}, "", fmt.Sprintf("take %s back from %s (R14.4)", g.b.field(id).Name, g.s.Control[id]))
	}
}

func (l *lister) steps() {
	g := l.g
	k := g.corps(g.s.Move.Corps)
	for _, to := range g.b.g.Neighbours(k.At, g.arrowOf(l.seat)) {
		if g.canStep(l.seat, k, to) == nil {
			note := "to " + g.b.field(to).Name
			if g.controller(to) != l.seat {
				note += ": uncontrolled, a card is revealed"
			}
			l.add(Command{Verb: "step", Field: to}, k.ID, note)
		}
	}
	l.add(Command{Verb: "stop"}, k.ID, "end the move")
}

func (l *lister) transfers() {
	g := l.g
	for _, k := range g.s.Corps {
		if k.Owner != l.seat {
			continue
		}
		for _, c := range []byte(tokenTypes) {
			if g.s.Supply[k.At].Get(c) > 0 && k.Card.Total() < cardCapacity {
				l.add(Command{Verb: "load", Corps: k.ID, Tokens: One(c)}, k.ID, fmt.Sprintf("1 %s from %s onto the card (R8.4)", tokenNames[c], g.b.field(k.At).Name))
			}
			if k.Card.Get(c) > 0 {
				l.add(Command{Verb: "unload", Corps: k.ID, Tokens: One(c)}, k.ID, fmt.Sprintf("1 %s from the card onto %s (R8.4)", tokenNames[c], g.b.field(k.At).Name))
			}
		}
	}
}

func (l *lister) undo() {
	if so := l.g.s.Solo; so != nil && so.Base != "" && len(so.Commands) > 0 {
		l.add(Command{Verb: "undo"}, "", fmt.Sprintf("take back '%s' (R17.5)", so.Commands[len(so.Commands)-1]))
	}
}

// actions lists the standard and extra actions.
func (l *lister) actions() {
	g := l.g
	seat := l.seat
	p := g.player(seat)
	left := g.s.Turn.Actions < actionsPerTurn+g.s.Turn.Extra
	commander := p.Commander && !g.s.Options.Training
	if left || (seat == "monty" && commander) {
		l.supplies()
	}
	if left {
		for n := 1; n <= g.level(seat).Draw; n++ {
			l.try(Command{Verb: "trucks", N: n}, "", "Take Trucks (§7)")
		}
		l.transports()
		l.drops()
	}
	for _, k := range g.s.Corps {
		if k.Owner != seat || k.Immobile || k.Card.F < 1 || slices.Contains(g.s.Turn.Moved, k.ID) {
			continue
		}
		for _, to := range g.b.g.Neighbours(k.At, g.arrowOf(seat)) {
			if left {
				l.try(Command{Verb: "move", Corps: k.ID, Field: to}, k.ID, fmt.Sprintf("Move Corps (§10), first to %s", g.b.field(to).Name))
			}
			if seat == "patton" && commander {
				l.try(Command{Verb: "move", Commander: true, Corps: k.ID, Field: to}, k.ID, fmt.Sprintf("Patton's commander action: Move Corps, first to %s (R13.4)", g.b.field(to).Name))
			}
		}
	}
	for _, d := range []string{lookAxis, lookPursuit} {
		if left {
			l.try(Command{Verb: "air", Deck: d}, "", "Air Support: look at the top card and mark it (§11)")
		}
		if seat == "bradley" && commander {
			l.try(Command{Verb: "air", Commander: true, Deck: d}, "", "Bradley's commander action: Air Support (R13.2)")
		}
		l.try(Command{Verb: "recon", Deck: d}, "", "a Recon card: look at the top card (R10.13)")
	}
	l.try(Command{Verb: "resistance"}, "", "a Resistance card: one more action this turn (R10.13)")
}

func (l *lister) supplies() {
	g := l.g
	var bases []string
	for _, f := range g.b.sc.Fields {
		if g.mainBase(l.seat) == f.ID || ((f.Forward || f.Ostend) && g.controller(f.ID) == l.seat) {
			bases = append(bases, f.ID)
		}
	}
	var plus []Tokens
	if l.seat == "monty" {
		plus = Tokens{F: 2, A: 2, R: 2}.subsets(monty2)
		plus = slices.DeleteFunc(plus, func(t Tokens) bool { return t.Total() != monty2 })
	}
	for _, id := range bases {
		sets := []byte{0}
		if id == g.mainBase(l.seat) {
			sets = append(sets, tokenTypes...)
		}
		for _, special := range sets {
			c := Command{Verb: "supply", Field: id, Special: special}
			l.try(c, "", fmt.Sprintf("Take Supply at %s (§6)", g.b.field(id).Name))
			for _, t := range plus {
				c.Plus = t
				l.try(c, "", fmt.Sprintf("Take Supply at %s with Montgomery's two more tokens (R6.5)", g.b.field(id).Name))
			}
		}
	}
}

// transports lists one-truck transports; a chain of legs is a template.
func (l *lister) transports() {
	g := l.g
	p := g.player(l.seat)
	if p.Trucks < 1 || g.level(l.seat).Place < 1 {
		return
	}
	any := false
	for _, e := range g.b.g.Edges() {
		if !e.Has(colourOf(l.seat)) || g.controller(e.A) != l.seat || g.controller(e.B) != l.seat {
			continue
		}
		a, b := min(e.A, e.B), max(e.A, e.B)
		if slices.ContainsFunc(g.s.Trucks, func(t truck) bool { return t.A == a && t.B == b }) {
			continue
		}
		for _, dir := range [][2]string{{e.A, e.B}, {e.B, e.A}} {
			for _, t := range g.s.Supply[dir[0]].subsets(truckCapacity) {
				any = true
				l.add(Command{Verb: "transport", Legs: []Leg{{From: dir[0], To: dir[1], Tokens: t}}}, "", fmt.Sprintf("a truck from %s to %s (§8)", g.b.field(dir[0]).Name, g.b.field(dir[1]).Name))
			}
		}
	}
	if any && g.level(l.seat).Place > 1 && p.Trucks > 1 {
		l.out = append(l.out, rules.Choice{Command: "transport <from>><to>:<tokens> <from>><to>:<tokens> ...", Note: fmt.Sprintf("up to %d trucks in one action, legs in a chain (E7)", min(g.level(l.seat).Place, p.Trucks))})
	}
}

// drops lists one-paratrooper drops with each kind of payment the player
// has; more paratroopers in one drop are a template.
func (l *lister) drops() {
	g := l.g
	if g.s.Options.Training || g.solo() || g.s.Rain || g.s.ParaTrack < 1 {
		return
	}
	p := g.player(l.seat)
	var pays []string
	if p.Medals > 0 {
		pays = append(pays, "medal")
	}
	var plain []string
	icons := 0
	for _, id := range p.Trophies {
		if g.b.cards[id].Medal {
			pays = append(pays, id)
		} else if icons < iconsPerMedal {
			plain = append(plain, id)
			icons += divisionCost[g.b.cards[id].Kind].A
		}
	}
	if icons >= iconsPerMedal {
		slices.Sort(plain)
		pays = append(pays, strings.Join(plain, "+"))
	}
	if len(pays) == 0 {
		return
	}
	for _, id := range g.b.g.Nodes() {
		if g.controller(id) != "" {
			continue
		}
		for _, pay := range pays {
			l.add(Command{Verb: "drop", Drops: []string{id}, Pay: []string{pay}}, "", fmt.Sprintf("a paratrooper on %s (§12)", g.b.field(id).Name))
		}
	}
	l.out = append(l.out, rules.Choice{Command: "drop <field> <field> pay <payment> <payment>", Note: "up to 3 paratroopers, a payment each: medal, a division card with a medal, or cards whose ammo icons total 5 joined by '+' (R12.1)"})
}
