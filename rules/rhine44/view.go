package rhine44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// View implements rules.Game: the position as seat may see it (digest
// §7.2). No one sees a deck's order, which does not exist until a card is
// drawn; a card looked at is shown only to those who looked at it; what lies
// in a player's area (supply, trucks, medals, kept cards, trophies, discard
// piles) is public. Seat "" is any onlooker.
func (g *Game) View(seat rules.Seat) rules.View {
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	add("%s: %s", g.b.sc.Title, g.Pending().Phase)
	if g.s.Over {
		add("Result: %s", g.s.Result)
	}
	if len(g.s.Order) > 0 {
		add("Turn order (R5.1): %s", joinSeats(g.s.Order))
	}
	pool := fmt.Sprintf("Axis pool %d", g.s.AxisPool)
	if g.solo() {
		pool = fmt.Sprintf("numeric markers %d", g.numericLeft())
	}
	weather := ""
	if g.s.Options.Weather {
		weather = map[bool]string{true: "; rain", false: "; sun"}[g.s.Rain]
	}
	add("%s; medal pool %d; paratroopers on the track %d; trucks on the track %d%s", pool, g.s.MedalPool, g.s.ParaTrack, g.s.TruckTrack, weather)
	add("Supply pool %s; supply track %s", g.s.Pool.Words(), g.s.Track.Words())
	for _, p := range g.s.Players {
		lines = append(lines, g.playerLines(p)...)
	}
	for _, k := range g.s.Corps {
		state := ""
		if k.Immobile {
			state = ", immobilized"
		}
		add("  %s (%s) on %s: %s%s", k.ID, k.Owner, g.b.field(k.At).Name, k.Card.Words(), state)
	}
	lines = append(lines, g.boardLines()...)
	lines = append(lines, g.deckLines(seat)...)
	if p := g.Pending(); p.Prompt != "" {
		add("Now: %s", p.Prompt)
	}
	return rules.View{Lines: lines, Data: g.seen(seat)}
}

func joinSeats(seats []rules.Seat) string {
	w := make([]string, len(seats))
	for i, s := range seats {
		w[i] = string(s)
	}
	return strings.Join(w, ", ")
}

func (g *Game) numericLeft() int {
	n := 0
	for _, v := range g.s.Numeric {
		n += len(v)
	}
	return n
}

func (g *Game) cardNames(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	w := make([]string, len(ids))
	for i, id := range ids {
		w[i] = g.b.cardName(id)
	}
	return strings.Join(w, ", ")
}

func (g *Game) playerLines(p player) []string {
	c, _ := commanderOf(p.Seat)
	card := "face down"
	if p.Commander {
		card = "face up"
	}
	air := "in hand"
	if p.Air != "" {
		air = "on " + deckName(p.Air)
	}
	sc := g.score(p.Seat)
	out := []string{fmt.Sprintf("%s (%s, %s): level %d, %d trucks, %d medal tokens (%d medals with division cards), commander card %s, air support %s",
		p.Seat, c.Name, c.Colour, p.Level, p.Trucks, p.Medals, sc.Medals, card, air)}
	out = append(out, fmt.Sprintf("  cards kept: %s; this turn only: %s; division cards: %s", g.cardNames(p.Kept), g.cardNames(p.Now), g.cardNames(p.Trophies)))
	var held []string
	for _, id := range g.b.g.Nodes() {
		if g.s.Control[id] == p.Seat {
			held = append(held, g.b.field(id).Name)
		}
	}
	if len(held) == 0 {
		held = []string{"none"}
	}
	out = append(out, fmt.Sprintf("  markers on: %s", strings.Join(held, ", ")))
	return out
}

func (g *Game) boardLines() []string {
	var out []string
	names := func(ids []string) string {
		w := make([]string, len(ids))
		for i, id := range ids {
			w[i] = g.b.field(id).Name
		}
		return strings.Join(w, ", ")
	}
	if len(g.s.Axis) > 0 {
		out = append(out, "Axis markers on: "+names(g.s.Axis))
	}
	var supply []string
	for _, id := range sortedKeys(g.s.Supply) {
		supply = append(supply, fmt.Sprintf("%s %s", g.b.field(id).Name, g.s.Supply[id]))
	}
	if len(supply) > 0 {
		out = append(out, "Supply on fields: "+strings.Join(supply, ", "))
	}
	var trucks []string
	for _, t := range g.s.Trucks {
		trucks = append(trucks, fmt.Sprintf("%s-%s (%s)", g.b.field(t.A).Name, g.b.field(t.B).Name, t.Owner))
	}
	if len(trucks) > 0 {
		out = append(out, "Trucks on arrows: "+strings.Join(trucks, ", "))
	}
	var paras []string
	for _, p := range g.s.Paras {
		side := "light"
		if p.Dark {
			side = "dark"
		}
		paras = append(paras, fmt.Sprintf("%s (%s, %s)", g.b.field(p.Field).Name, p.Owner, side))
	}
	if len(paras) > 0 {
		out = append(out, "Paratroopers on: "+strings.Join(paras, ", "))
	}
	var numeric []string
	for _, id := range sortedKeys(g.s.Numeric) {
		if vals := g.s.Numeric[id]; len(vals) > 0 {
			numeric = append(numeric, fmt.Sprintf("%s %v", g.b.field(id).Name, vals))
		}
	}
	if len(numeric) > 0 {
		out = append(out, "Numeric markers on: "+strings.Join(numeric, ", "))
	}
	return out
}

// deckLines say what seat may know of each deck: how many cards are left,
// the discard pile, who has looked at the top card, and the card itself to
// those who looked.
func (g *Game) deckLines(seat rules.Seat) []string {
	var out []string
	for _, id := range sortedKeys(g.s.Decks) {
		d := g.s.Decks[id]
		line := fmt.Sprintf("%s: %d cards", deckName(id), d.Len())
		if len(d.Discard) > 0 {
			line += fmt.Sprintf("; discard pile %d, on top %s", len(d.Discard), g.b.cardName(d.Discard[len(d.Discard)-1]))
		}
		var markers []string
		for _, p := range g.s.Players {
			if p.Air == id {
				markers = append(markers, string(p.Seat))
			}
		}
		if len(markers) > 0 {
			line += "; air-support markers of " + strings.Join(markers, ", ")
		}
		if d.Top != nil {
			line += "; top card looked at by " + strings.Join(d.Top.Seen, ", ")
			switch {
			case !slices.Contains(d.Top.Seen, string(seat)):
			case d.Top.Card != "":
				line += fmt.Sprintf("; you saw %s", g.describeCard(g.b.cards[d.Top.Card]))
			default:
				line += "; you saw it (sealed: your pbem shows it)"
			}
		}
		out = append(out, line)
	}
	return out
}

// seen is the state as seat may see it: looked-at cards others saw are
// blanked.
func (g *Game) seen(seat rules.Seat) any {
	s := g.s.clone()
	for id, d := range s.Decks {
		if d.Top != nil && !slices.Contains(d.Top.Seen, string(seat)) {
			d.Top.Card = ""
			s.Decks[id] = d
		}
	}
	if s.Solo != nil {
		s.Solo.Base = ""
	}
	return s
}
