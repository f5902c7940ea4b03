package rhine44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// reaction is the German Reaction that ends a turn (§14): the player places
// an Axis marker or counterattacks another player's marker.
func (g *Game) reaction(seat rules.Seat, c Command) error {
	switch {
	case c.Verb == "axis" && c.Axis == "":
		if g.s.EndTriggered {
			return rules.Refuse("R14.7", "the Axis pool has run out this round: no more Axis markers, even returned ones")
		}
		if !slices.Contains(g.axisFields(), c.Field) {
			return rules.Refuse("R14.1", "%s may not take an Axis marker: it must be uncontrolled, without one, and next to a victory field with an Axis symbol or a field with an Axis marker", g.fieldName(c.Field))
		}
		g.s.AxisPool--
		g.addAxis(c.Field)
		g.say(seat, "German Reaction: an Axis marker on %s; %d left in the pool (R14.1).", g.b.field(c.Field).Name, g.s.AxisPool)
	case c.Verb == "axis" && c.Axis == "discard":
		switch {
		case g.s.EndTriggered:
			return rules.Refuse("R14.7", "the Axis pool has run out this round: 'counter FIELD' or 'axis none'")
		case len(g.axisFields()) > 0:
			return rules.Refuse("R14.2", "a marker is discarded only when no field may take it; %s may (A-03)", g.fieldName(g.axisFields()[0]))
		}
		g.s.AxisPool--
		g.s.AxisBox++
		g.say(seat, "German Reaction: no field may take an Axis marker; one goes to the box; %d left in the pool (R14.2).", g.s.AxisPool)
	case c.Verb == "axis" && c.Axis == "none":
		if !g.s.EndTriggered {
			return rules.Refuse("R5.6", "the German Reaction is mandatory: place an Axis marker or counterattack (§14)")
		}
		g.say(seat, "German Reaction: none; the Axis pool is spent (R14.7, A-14).")
	case c.Verb == "counter":
		if !slices.Contains(g.counterFields(seat), c.Field) {
			return rules.Refuse("R14.4", "%s cannot be counterattacked: it must carry another player's marker, be no main base, have no corps on or next to it nor a main base or start field next to it, and lie next to an uncontrolled field connected to %s", g.fieldName(c.Field), g.b.field(g.b.hub).Name)
		}
		g.counter(seat, c.Field)
	default:
		return rules.Refuse("R5.6", "your turn ends with the German Reaction: 'axis FIELD', 'axis discard' when no field may take one, or 'counter FIELD' (§14)")
	}
	if !g.s.EndTriggered && g.s.AxisPool == 0 && !g.solo() {
		g.s.EndTriggered = true
		g.say(seat, "The Axis pool has run out: the game ends with this round (R14.3, R16.2).")
	}
	g.endTurn()
	return nil
}

func (g *Game) fieldName(id string) string {
	if f := g.b.field(id); f != nil {
		return f.Name
	}
	return fmt.Sprintf("%q (no such field)", id)
}

// axisFields are the fields that may take an Axis marker now (R14.1; A-01,
// uncontrolled, without an Axis marker, and next to a victory field
// with an Axis symbol or to a field with an Axis marker. Under Patton's
// higher difficulty, Metz's marker counts only once a chain of Axis markers
// joins it to such a victory field (R15.6).
func (g *Game) axisFields() []string {
	seeds := map[string]bool{}
	var victories []string
	for _, f := range g.b.sc.Fields {
		if f.Victory && f.Axis {
			seeds[f.ID] = true
			victories = append(victories, f.ID)
		}
	}
	var metzChained map[string]bool
	for _, id := range g.s.Axis {
		if f := g.b.field(id); f.HardPatton && g.s.Options.hard("patton") {
			if metzChained == nil {
				metzChained = g.b.g.Reach(victories, graphPass(func(x string) bool { return seeds[x] || g.hasAxis(x) }))
			}
			if !metzChained[id] {
				continue
			}
		}
		seeds[id] = true
	}
	var out []string
	for _, id := range g.b.g.Nodes() {
		if g.controller(id) != "" || g.hasAxis(id) {
			continue
		}
		for _, n := range g.b.g.Neighbours(id, nil) {
			if seeds[n] {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// counterFields are the fields seat may counterattack (R14.4; A-24): they
// carry another player's marker (not an absent commander's, not a field
// always controlled) and are no main base (R14.4a, §15A: Antwerpen); no
// corps stands on them or next to them, and no main base or start field is
// next to them; and they lie next to a field no one
// controls that is connected to Düsseldorf, or, under Monty's higher
// difficulty, against red, next to an uncontrolled field of R15.8.
func (g *Game) counterFields(seat rules.Seat) []string {
	conn := g.connected()
	var out []string
	for _, id := range g.b.g.Nodes() {
		owner := g.s.Control[id]
		if owner == "" || owner == seat || !slices.Contains(g.s.Seats, owner) || g.corpsAt(id) != nil {
			continue
		}
		if _, ok := g.counterFrom(id, owner, conn); ok {
			out = append(out, id)
		}
	}
	return out
}

// counterFrom checks R14.4 for a field of owner's, and says whether the
// counterattack comes only from a field of R15.8.
func (g *Game) counterFrom(id string, owner rules.Seat, conn map[string]bool) (recovered bool, ok bool) {
	if g.ver.mainBaseHeld && g.isMainBase(id) {
		return false, false // R14.4a: not next to a main base, nor under one (§15A: Antwerpen)
	}
	for _, n := range g.b.g.Neighbours(id, nil) {
		if g.corpsAt(n) != nil || g.isMainBase(n) || slices.Contains(g.b.starts, n) {
			return false, false // R14.4a
		}
	}
	hard := false
	for _, n := range g.b.g.Neighbours(id, nil) {
		if g.controller(n) != "" {
			continue
		}
		if conn[n] {
			return false, true // R14.4b-c
		}
		if owner == "monty" && g.s.Options.hard("monty") && g.b.field(n).HardMonty {
			hard = true
		}
	}
	return hard, hard
}

// counter removes another player's marker (R14.5-R14.6): the field is
// uncontrolled again, with no Axis marker; its medal goes back to the pool
// if its owner has one (A-04: a medal token only).
func (g *Game) counter(seat rules.Seat, id string) {
	owner := g.s.Control[id]
	recovered, _ := g.counterFrom(id, owner, g.connected())
	delete(g.s.Control, id)
	if recovered && !slices.Contains(g.s.Recovered, id) {
		g.s.Recovered = append(g.s.Recovered, id)
		slices.Sort(g.s.Recovered)
	}
	f := g.b.field(id)
	g.say(seat, "German Reaction: a counterattack takes %s back from %s (R14.5).", f.Name, owner)
	if f.Medal {
		if p := g.player(owner); p.Medals > 0 {
			p.Medals--
			g.s.MedalPool++
			g.say(owner, "%s returns %s's medal to the pool (R14.5).", owner, f.Name)
		} else {
			g.say(owner, "%s has no medal token to return for %s (R14.5, A-04).", owner, f.Name)
		}
	}
}

// score is a player's medals at the end (R16.3) and his tie-breakers
// (R16.4).
type score struct {
	Seat     rules.Seat
	Medals   int
	Trophies int
	Place    int // in the turn order, from 0: later wins a tie
}

func (g *Game) score(seat rules.Seat) score {
	p := g.player(seat)
	s := score{Seat: seat, Medals: p.Medals, Trophies: len(p.Trophies), Place: slices.Index(g.s.Order, seat)}
	icons := 0
	for _, id := range p.Trophies {
		c := g.b.cards[id]
		if c.Medal {
			s.Medals++
		} else {
			icons += divisionCost[c.Kind].A
		}
	}
	s.Medals += icons / iconsPerMedal
	return s
}

// endByTime ends the game at the end of the round in which the Axis pool
// ran out (R16.2): the most medals wins; ties go to the most division cards,
// then to the later player in turn order (R16.4).
func (g *Game) endByTime() {
	var scores []score
	for _, seat := range g.s.Seats {
		scores = append(scores, g.score(seat))
	}
	slices.SortFunc(scores, func(a, b score) int {
		if a.Medals != b.Medals {
			return b.Medals - a.Medals
		}
		if a.Trophies != b.Trophies {
			return b.Trophies - a.Trophies
		}
		return b.Place - a.Place
	})
	var words []string
	for _, s := range scores {
		words = append(words, fmt.Sprintf("%s %d medals (%d division cards)", s.Seat, s.Medals, s.Trophies))
	}
	g.s.Over, g.s.Stage, g.s.Winner = true, stageOver, scores[0].Seat
	g.s.Result = fmt.Sprintf("%s wins on medals when the Axis pool runs out (R16.2-R16.4): %s", scores[0].Seat, strings.Join(words, ", "))
	g.say(scores[0].Seat, "The game is over: %s.", g.s.Result)
}
