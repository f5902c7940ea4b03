package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The 16th Panzer withdrawal (S2.2): at the start of the German
// Preparation Phase of turn 14 the German removes from the game German
// combat units whose current defense totals 12 or more: the 16th Panzer
// Division's units in supply at that moment first, then, when they are not
// enough, other German units in supply, his pick. The division's ASU goes
// automatically and counts toward the 12. The units removed are not
// eliminated (no VP, 23.1.2) and never return (20.3). The German picks a
// unit at a time when there is a choice; when every unit of the class must
// go, they go at once:
//
//	withdraw UNIT            remove a unit under S2.2

// withdrawal is the withdrawal under way: the defense still to remove and
// the units in supply at the start of the phase not yet removed.
type withdrawal struct {
	Left     int      `json:"left"`
	Supplied []string `json:"supplied,omitempty"`
}

func init() {
	syntaxes["withdraw"] = []slot{slotUnit}
}

// startWithdrawal begins the withdrawal at the start of the German
// Preparation Phase of its turn.
func (g *Game) startWithdrawal() []rules.Event {
	w := g.sc.Special.Withdraw
	if w.Formation == "" || g.s.Turn != w.Turn || g.s.Side != German {
		return nil
	}
	st := g.supplyStatuses(German)
	g.s.Withdraw = &withdrawal{Left: w.Defense}
	events := []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("the %s withdraws: the German removes units of a current defense of %d or more, the division's in supply first (S2.2)", w.Formation, w.Defense)}}
	for i, u := range g.sc.Units {
		if u.Side != German || !g.alive(i) {
			continue
		}
		switch {
		case u.ASU() && u.Formation == w.Formation:
			events = append(events, g.withdrawUnit(i, "its ASU goes automatically"))
		case !u.ASU() && st.inSupply(g, i) && (g.s.Units[i].Hex != "" || strings.HasPrefix(g.s.Units[i].Box, boxEntry)):
			g.s.Withdraw.Supplied = append(g.s.Withdraw.Supplied, u.ID)
		}
	}
	return append(events, g.withdrawForced()...)
}

// withdrawUnit removes unit i from the game and counts its defense.
func (g *Game) withdrawUnit(i int, why string) rules.Event {
	d := g.pos().face(i).Defense
	id := g.sc.Units[i].ID
	g.s.Units[i] = unitState{ID: id, Box: BoxWithdrawn}
	w := g.s.Withdraw
	w.Left -= d
	w.Supplied = slices.DeleteFunc(w.Supplied, func(s string) bool { return s == id })
	return rules.Event{Seat: rules.Seat(German), Text: fmt.Sprintf("%s (defense %d) is withdrawn from the game, %s; %d to go (S2.2)", id, d, why, max(w.Left, 0))}
}

// withdrawClass is the units the German picks from now: the division's in
// supply, or the others in supply once none of them is left.
func (g *Game) withdrawClass() []int {
	var own, others []int
	for _, id := range g.s.Withdraw.Supplied {
		i := g.index(id)
		if g.sc.Units[i].Formation == g.sc.Special.Withdraw.Formation {
			own = append(own, i)
		} else {
			others = append(others, i)
		}
	}
	if len(own) > 0 {
		return own
	}
	return others
}

// withdrawForced removes every unit of the class when all of them are
// needed, and ends the withdrawal once the defense is reached or no unit
// in supply is left; a choice left waits for the German's pick.
func (g *Game) withdrawForced() []rules.Event {
	var events []rules.Event
	for g.s.Withdraw.Left > 0 {
		class := g.withdrawClass()
		if len(class) == 0 {
			events = append(events, rules.Event{Seat: rules.Seat(German), Text: fmt.Sprintf("no other German unit is in supply: the withdrawal ends %d short (S2.2)", g.s.Withdraw.Left)})
			break
		}
		total := 0
		for _, i := range class {
			total += g.pos().face(i).Defense
		}
		if total > g.s.Withdraw.Left {
			return events // the German's pick
		}
		for _, i := range class {
			events = append(events, g.withdrawUnit(i, "every one of them is needed"))
		}
	}
	g.s.Withdraw = nil
	return events
}

// withdrawProcedure waits for the German's picks (S2.2).
var withdrawProcedure = hexwar.Procedure[*Game]{Name: "withdrawal",
	Active: func(g *Game) bool { return g.s.Withdraw != nil },
	Pending: func(g *Game, p *rules.Pending) {
		p.Seats = []rules.Seat{rules.Seat(German)}
		p.Prompt = fmt.Sprintf("withdraw units of a current defense of %d more, %s: 'withdraw UNIT' (S2.2)", g.s.Withdraw.Left, g.withdrawWhich())
	},
	Choices: func(g *Game) []rules.Choice {
		var out []rules.Choice
		for _, i := range g.withdrawClass() {
			id := g.sc.Units[i].ID
			out = append(out, rules.Choice{Command: "withdraw " + id, Piece: id, Note: fmt.Sprintf("defense %d (S2.2)", g.pos().face(i).Defense)})
		}
		return out
	},
	Commands: hexwar.Commands[*Game]{{Verb: "withdraw", Apply: parsed((*Game).withdrawPick)}},
	Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
		return nil, rules.Refuse("S2.2", "the %s withdraws first: the German removes units of a current defense of %d more, %s ('withdraw UNIT')",
			g.sc.Special.Withdraw.Formation, g.s.Withdraw.Left, g.withdrawWhich())
	},
}

// withdrawWhich says which units the German picks from now.
func (g *Game) withdrawWhich() string {
	class := g.withdrawClass()
	if len(class) > 0 && g.sc.Units[class[0]].Formation == g.sc.Special.Withdraw.Formation {
		return "units of the " + g.sc.Special.Withdraw.Formation + " in supply"
	}
	return "other German units in supply, the " + g.sc.Special.Withdraw.Formation + "'s being gone"
}

// withdrawPick takes the German's pick of a unit to remove.
func (g *Game) withdrawPick(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || !slices.Contains(g.withdrawClass(), i) {
		return nil, rules.Refuse("S2.2", "%s is not to be withdrawn now: pick among %s", c.Args[0], g.withdrawWhich())
	}
	events := []rules.Event{g.withdrawUnit(i, "the German's pick")}
	return append(events, g.withdrawForced()...), nil
}
