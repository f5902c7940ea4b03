package rhine44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// takeSupply is the Take Supply action (§6, R6.1-R6.5; Aid L1745-1754).
func (g *Game) takeSupply(seat rules.Seat, c Command) error {
	f := g.b.field(c.Field)
	if f == nil {
		return rules.Refuse("R6.1", "no field %q", c.Field)
	}
	main := g.mainBase(seat) == f.ID
	ostend := f.Ostend && !g.s.OstendUsed && !g.s.Options.Training
	switch {
	case main:
	case (f.Forward || ostend) && g.controller(f.ID) != seat:
		return rules.Refuse("R6.1", "%s is a forward supply base only for the player whose marker is on it", f.Name)
	case f.Forward || ostend:
		if c.Special != 0 {
			return rules.Refuse("R6.3", "a forward base gives only the standard set (1 F, 1 A, 1 R); the special set is taken at the main base")
		}
		if slices.Contains(g.s.Turn.Bases, f.ID) {
			return rules.Refuse("R6.3", "%s has given supply this turn already: once per turn per forward base (Aid L1752-1754)", f.Name)
		}
	default:
		return rules.Refuse("R6.1", "%s is neither your main supply base (%s) nor a forward base you control", f.Name, g.b.field(g.mainBase(seat)).Name)
	}
	var got Tokens
	if c.Special != 0 {
		// R6.2: three tokens of one type from the supply track; A-06: only
		// when the track holds three.
		want := One(c.Special).With(c.Special, 3)
		if !g.s.Track.Has(want) {
			return rules.Refuse("R6.2", "the supply track holds %d %s, not the 3 of a special set (A-06)", g.s.Track.Get(c.Special), tokenNames[c.Special])
		}
		g.s.Track = g.s.Track.Minus(want)
		got = want
	} else {
		// R6.2-R6.3: 1 F + 1 A + 1 R from the pool; A-06: what it has.
		got = Tokens{F: 1, A: 1, R: 1}.Min(g.s.Pool)
		g.s.Pool = g.s.Pool.Minus(got)
	}
	if c.Plus.Total() > 0 {
		// R6.5, R13.3: Monty's two more tokens, any types from the pool
		// for his commander card.
		if seat != "monty" {
			return rules.Refuse("R13.3", "only Montgomery's commander card adds two tokens to Take Supply")
		}
		if !g.s.Pool.Has(c.Plus) {
			return rules.Refuse("R6.5", "the pool lacks %s for Montgomery's two tokens (A-07)", c.Plus.Words())
		}
		if err := g.useCommander(seat, "two more supply tokens"); err != nil {
			return err
		}
		g.s.Pool = g.s.Pool.Minus(c.Plus)
		got = got.Plus(c.Plus)
	}
	if got.Total() == 0 {
		return rules.Refuse("R6.2", "the pool has no token to take (A-06)")
	}
	if err := g.standard("Take Supply"); err != nil {
		return err
	}
	if !main {
		g.s.Turn.Bases = append(g.s.Turn.Bases, f.ID)
		if f.Ostend && !f.Forward {
			g.s.OstendUsed = true
			g.say(seat, "The Ostend marker moves onto Ostende: its one use as a forward base is spent (R-OST.2).")
		}
	}
	g.say(seat, "%s takes supply at %s: %s (§6).", seat, f.Name, got.Words())
	g.arrive(seat, f.ID, got)
	return nil
}

// arrive puts tokens on a field. Food reaching the field of an immobilized
// corps is eaten at once and the corps flips back (R8.5, R9.3).
func (g *Game) arrive(seat rules.Seat, id string, t Tokens) {
	if k := g.corpsAt(id); k != nil && k.Immobile && t.R > 0 {
		t.R--
		g.s.Pool.R++
		k.Immobile = false
		g.say(seat, "%s eats the food that reaches %s and can move again (R8.5).", k.ID, g.b.field(id).Name)
	}
	if t.Total() > 0 {
		g.s.Supply[id] = g.s.Supply[id].Plus(t)
	}
}

// takeFrom takes tokens off a field.
func (g *Game) takeFrom(id string, t Tokens) {
	left := g.s.Supply[id].Minus(t)
	if left.Total() == 0 {
		delete(g.s.Supply, id)
	} else {
		g.s.Supply[id] = left
	}
}

// level is seat's column of the logistics track (T1).
func (g *Game) level(seat rules.Seat) Level {
	return g.b.sc.Levels[g.player(seat).Level-1]
}

// takeTrucks is the Take Trucks action (§7, R7.1-R7.3; Aid L1756-1762).
func (g *Game) takeTrucks(seat rules.Seat, n int) error {
	p := g.player(seat)
	lv := g.level(seat)
	switch {
	case n > lv.Draw:
		return rules.Refuse("R7.1", "level %d lets you take %d trucks, not %d (T1)", p.Level, lv.Draw, n)
	case n > g.s.TruckTrack:
		return rules.Refuse("R7.1", "the truck track holds %d trucks", g.s.TruckTrack)
	case p.Trucks+n > lv.Limit:
		return rules.Refuse("R7.2", "you hold %d trucks and level %d's limit is %d: at most %d more (E5)", p.Trucks, p.Level, lv.Limit, max(lv.Limit-p.Trucks, 0))
	}
	if err := g.standard("Take Trucks"); err != nil {
		return err
	}
	g.s.TruckTrack -= n
	p.Trucks += n
	g.say(seat, "%s takes %s; %d left on the truck track (§7).", seat, plural(n, "truck"), g.s.TruckTrack)
	if g.s.TruckTrack == 0 {
		g.logistics(seat)
	}
	return nil
}

// logistics is the Logistics Phase, for all players at once, when Take
// Trucks empties the truck track (§9, R9.1-R9.2; Aid L1833-1845).
func (g *Game) logistics(by rules.Seat) {
	g.say(by, "The truck track is empty: the Logistics Phase (R7.3, §9).")
	third := false
	for i := range g.s.Players {
		p := &g.s.Players[i]
		p.Level = min(p.Level+1, maxLevel) // R9.2.1
		if p.Level == maxLevel {
			third = true
		}
	}
	for i := range g.s.Corps { // R9.2.2
		k := &g.s.Corps[i]
		if k.Card.R > 0 {
			k.Card.R--
			g.s.Pool.R++
		} else if !k.Immobile {
			k.Immobile = true
			g.say(k.Owner, "%s has no food and is immobilized (R9.2.2).", k.ID)
		}
	}
	g.s.TruckTrack += len(g.s.Trucks) // R9.2.3
	g.s.Trucks = nil
	if third && !g.s.ExtraTrucks { // R9.2.4
		n := min(extraTrucks(len(g.s.Seats)), g.s.TrucksAside)
		g.s.TrucksAside -= n
		g.s.TruckTrack += n
		g.s.ExtraTrucks = true
		g.say(by, "A player has reached level 3: %d more trucks join the truck track, once in the game (R9.2.4).", n)
	}
	each := g.b.sc.SupplyTrack[len(g.s.Seats)] // R9.2.5
	for _, c := range []byte(tokenTypes) {
		add := min(max(each-g.s.Track.Get(c), 0), g.s.Pool.Get(c))
		g.s.Track = g.s.Track.With(c, g.s.Track.Get(c)+add)
		g.s.Pool = g.s.Pool.With(c, g.s.Pool.Get(c)-add)
	}
	if !g.s.Options.Training { // R9.2.6
		for i := range g.s.Players {
			g.s.Players[i].Commander = true
		}
	}
	var levels []string
	for _, p := range g.s.Players {
		levels = append(levels, fmt.Sprintf("%s %d", p.Seat, p.Level))
	}
	g.say(by, "Logistics levels: %s; trucks back on the track: %d; supply track %s; commander cards face up.", joinWords(levels), g.s.TruckTrack, g.s.Track.Words())
}

// transport is the Transport Supply action (§8, R8.1-R8.6; Aid L1764-1771):
// each leg is a truck placed on a free arrow of the player's colour between
// two fields he controls, carrying up to 5 tokens once, one way; legs chain
// (E7). Field limits are checked when the action is over.
func (g *Game) transport(seat rules.Seat, legs []Leg) error {
	p := g.player(seat)
	lv := g.level(seat)
	if err := g.standard("Transport Supply"); err != nil {
		return err
	}
	if len(legs) > lv.Place {
		return rules.Refuse("R8.1", "level %d lets you place %d trucks, not %d (T1)", p.Level, lv.Place, len(legs))
	}
	if len(legs) > p.Trucks {
		return rules.Refuse("R8.1", "you hold %d trucks", p.Trucks)
	}
	for i, l := range legs {
		a, b := min(l.From, l.To), max(l.From, l.To)
		e, ok := g.b.g.Edge(l.From, l.To)
		switch {
		case !ok:
			return rules.Refuse("R8.1", "truck %d: no arrow joins %s and %s", i+1, l.From, l.To)
		case !e.Has(colourOf(seat)):
			return rules.Refuse("R8.1", "truck %d: the arrow %s-%s is not %s (a black arrow carries nothing)", i+1, l.From, l.To, colourOf(seat))
		case slices.ContainsFunc(g.s.Trucks, func(t truck) bool { return t.A == a && t.B == b }):
			return rules.Refuse("R8.1", "truck %d: a truck already stands on the arrow %s-%s (R8.3)", i+1, l.From, l.To)
		case g.controller(l.From) != seat || g.controller(l.To) != seat:
			return rules.Refuse("R8.1", "truck %d: both ends of the arrow must be yours; %s is not", i+1, map[bool]string{true: l.From, false: l.To}[g.controller(l.From) != seat])
		case !g.s.Supply[l.From].Has(l.Tokens):
			return rules.Refuse("R8.2", "truck %d: %s holds %s, not %s", i+1, g.b.field(l.From).Name, g.s.Supply[l.From].Words(), l.Tokens.Words())
		}
		g.takeFrom(l.From, l.Tokens)
		g.arrive(seat, l.To, l.Tokens)
		g.s.Trucks = append(g.s.Trucks, truck{A: a, B: b, Owner: seat})
		p.Trucks--
		g.say(seat, "A truck of %s carries %s from %s to %s (R8.2).", seat, l.Tokens.Words(), g.b.field(l.From).Name, g.b.field(l.To).Name)
	}
	return nil
}

// transfer moves tokens between a corps card and the field it stands on: no
// action, at any time in the owner's turn (R8.4, R10.11).
func (g *Game) transfer(seat rules.Seat, c Command) error {
	k := g.corps(c.Corps)
	switch {
	case k == nil:
		return rules.Refuse("R8.4", "no corps %s", c.Corps)
	case k.Owner != seat:
		return rules.Refuse("R8.4", "%s is %s's corps", k.ID, k.Owner)
	}
	name := g.b.field(k.At).Name
	if c.Verb == "load" {
		switch {
		case !g.s.Supply[k.At].Has(c.Tokens):
			return rules.Refuse("R8.4", "%s holds %s, not %s", name, g.s.Supply[k.At].Words(), c.Tokens.Words())
		case k.Card.Total()+c.Tokens.Total() > cardCapacity:
			return rules.Refuse("R8.4", "%s's card holds %d tokens; it has %d slots (L267-269)", k.ID, k.Card.Total(), cardCapacity)
		}
		g.takeFrom(k.At, c.Tokens)
		t := c.Tokens
		if k.Immobile && t.R > 0 {
			// food loaded on an immobilized corps reaches it (R8.5).
			t.R--
			g.s.Pool.R++
			k.Immobile = false
			g.say(seat, "%s eats the food it loads and can move again (R8.5, X-01).", k.ID)
		}
		k.Card = k.Card.Plus(t)
		g.say(seat, "%s loads %s at %s (R8.4).", k.ID, c.Tokens.Words(), name)
		return nil
	}
	if !k.Card.Has(c.Tokens) {
		return rules.Refuse("R8.4", "%s's card holds %s, not %s", k.ID, k.Card.Words(), c.Tokens.Words())
	}
	k.Card = k.Card.Minus(c.Tokens)
	g.s.Supply[k.At] = g.s.Supply[k.At].Plus(c.Tokens)
	g.say(seat, "%s unloads %s at %s (R8.4).", k.ID, c.Tokens.Words(), name)
	return nil
}

// limit is how many tokens a field may hold (R6.4): 9 on a main base, 6
// elsewhere; corps cards do not count.
func (g *Game) limit(id string) int {
	if g.isMainBase(id) {
		return mainBaseLimit
	}
	return fieldLimit
}

// checkLimits asks the controller of the first field over its limit which
// tokens go back to the pool (R6.4, L544-550).
func (g *Game) checkLimits() {
	for _, id := range g.b.g.Nodes() {
		if n := g.s.Supply[id].Total() - g.limit(id); n > 0 {
			g.s.Ask = &ask{Kind: askReturn, Field: id, N: n}
			return
		}
	}
}

// answerReturn returns tokens over a field's limit to the pool (R6.4).
func (g *Game) answerReturn(seat rules.Seat, c Command) error {
	a := g.s.Ask
	switch {
	case c.Field != a.Field:
		return rules.Refuse("R6.4", "%s is over its limit: return tokens from it", g.b.field(a.Field).Name)
	case c.Tokens.Total() != a.N:
		return rules.Refuse("R6.4", "%s holds %d tokens over its limit of %d: return exactly %d", g.b.field(a.Field).Name, a.N, g.limit(a.Field), a.N)
	case !g.s.Supply[a.Field].Has(c.Tokens):
		return rules.Refuse("R6.4", "%s holds %s", g.b.field(a.Field).Name, g.s.Supply[a.Field].Words())
	}
	g.takeFrom(a.Field, c.Tokens)
	g.s.Pool = g.s.Pool.Plus(c.Tokens)
	g.s.Ask = nil
	g.say(seat, "%s returns %s from %s to the pool: the field's limit is %d (R6.4).", seat, c.Tokens.Words(), g.b.field(a.Field).Name, g.limit(a.Field))
	return nil
}

// plural is "1 truck", "2 trucks".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
