package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// The Invasion Phase (24.1 A', 24.2): in place of turn 1's weather phase,
// one roll on the Invasion CRT for each landing, north to south (the
// example of play, L1632): the landing's assault units take its losses and
// advance 1 or 2 hexes, the beach (or port) hex first (24.2.3). There is no
// weather roll, no air or naval reset and no SP income on turn 1 (L1670).

// landingStep is the landing whose losses and advance are being made.
type landingStep struct {
	Name string `json:"name"`
	// Loss is the steps still to take (24.2.2); Advance the hexes the
	// result allows (24.2.3).
	Loss    int      `json:"loss,omitempty"`
	Advance int      `json:"advance"`
	Hex     string   `json:"hex"`
	Units   []string `json:"units,omitempty"` // the assault units still in play
	Inland  []string `json:"inland,omitempty"`
	// Broke: the Commandos have made their breakthrough (24.2.4).
	Broke bool `json:"broke,omitempty"`
}

// landingWords names a landing for players.
func landingWords(l string) string {
	switch l {
	case "maiori":
		return "Rangers' (Maiori)"
	case "vietri":
		return "Commandos' (Vietri)"
	}
	return strings.ToUpper(l[:1]) + l[1:] + " Beach"
}

// landingHex is where a landing comes ashore: its beach, or for the
// Rangers and Commandos the port the example names.
func (g *Game) landingHex(l string) (hex.Axial, bool) {
	for id, b := range g.b.beaches {
		if b.Name == l {
			return g.b.Hex(id)
		}
	}
	for id := range g.b.ports {
		if name := g.b.names[id]; name != "" && strings.HasPrefix(strings.ToLower(name), l) {
			return g.b.Hex(id)
		}
	}
	return hex.Axial{}, false
}

func (g *Game) enterInvasion() []rules.Event { return nil }

func (g *Game) invasionPrompt() string {
	l := g.s.Landing
	switch {
	case l == nil:
		return "the Invasion CRT die (24.2)"
	case l.Loss > 0:
		return fmt.Sprintf("the %s landing loses %d step(s): 'lose UNIT' (24.2.2)", landingWords(l.Name), l.Loss)
	}
	return fmt.Sprintf("the %s landing advances %d: 'inland UNIT HEX' for a second hex (24.2.3), then 'end'", landingWords(l.Name), l.Advance)
}

// rollLanding resolves the next landing on the Invasion CRT (24.2.1): no
// odds, the landing's column; its assault units come ashore on the landing
// hex, the first hex of their advance (24.2.3).
func (g *Game) rollLanding(die int) []rules.Event {
	name := g.s.Landings[0]
	g.s.Landings = g.s.Landings[1:]
	res, _ := g.b.chart.Invasion.Roll(name, die)
	at, _ := g.landingHex(name)
	id := g.b.ID(at)
	l := &landingStep{Name: name, Loss: res.Loss, Advance: res.Advance, Hex: id}
	for i := range g.s.Units {
		if g.s.Units[i].Box == boxAssault+name {
			g.s.Units[i].Box, g.s.Units[i].Hex = "", id
			l.Units = append(l.Units, g.s.Units[i].ID)
		}
	}
	g.setControl(id, Allied)
	g.s.Landing = l
	text := fmt.Sprintf("Invasion CRT, %s: die %d, %d step(s) lost, advance %d; %s ashore in %s (24.2)",
		landingWords(name), die, res.Loss, res.Advance, strings.Join(l.Units, ", "), id)
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: text}}
	if l.Loss > g.landingSteps() {
		l.Loss = g.landingSteps()
	}
	if l.Loss == 0 && l.Advance < 2 {
		events = append(events, g.closeLanding()...)
	}
	return events
}

// landingSteps are the steps the landing's units have left.
func (g *Game) landingSteps() int {
	n := 0
	for _, id := range g.s.Landing.Units {
		n += g.stepsLeft(g.index(id))
	}
	return n
}

// loseLanding takes a step of the landing's loss from any of its units
// (24.2.2); a BH unit is eliminated by it (18.1.3).
func (g *Game) loseLanding(c Command) ([]rules.Event, error) {
	l := g.s.Landing
	if l == nil || l.Loss == 0 {
		return nil, rules.Refuse("24.2.2", "no landing has losses to take")
	}
	if !slices.Contains(l.Units, c.Args[0]) {
		return nil, rules.Refuse("24.2.2", "%s is not of the %s landing (%s)", c.Args[0], landingWords(l.Name), strings.Join(l.Units, ", "))
	}
	i := g.index(c.Args[0])
	note := g.loseSteps(i, 1)
	if !g.alive(i) {
		l.Units = slices.DeleteFunc(l.Units, func(u string) bool { return u == c.Args[0] })
	}
	l.Loss--
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: "Invasion loss: " + strings.Join(note, ", ") + " (24.2.2)"}}
	if l.Loss == 0 && l.Advance < 2 {
		events = append(events, g.closeLanding()...)
	}
	return events, nil
}

// inland advances one of the landing's units its second hex (24.2.3): next
// to the landing hex, where an advance may go (14.5).
func (g *Game) inland(c Command) ([]rules.Event, error) {
	l := g.s.Landing
	switch {
	case l == nil:
		return nil, rules.Refuse("24.2.3", "no landing is being made")
	case l.Loss > 0:
		return nil, rules.Refuse("24.2.2", "the landing's losses come first: %d step(s) left", l.Loss)
	case l.Advance < 2:
		return nil, rules.Refuse("24.2.3", "the %s landing advances 1 hex only: its units stay on %s", landingWords(l.Name), l.Hex)
	case !slices.Contains(l.Units, c.Args[0]) || slices.Contains(l.Inland, c.Args[0]):
		return nil, rules.Refuse("24.2.3", "%s is not a unit of this landing still on %s", c.Args[0], l.Hex)
	}
	i := g.index(c.Args[0])
	u := g.sc.Units[i]
	if u.Beachhead() {
		return nil, rules.Refuse("18.1.1", "a BH unit never moves (MA 0)")
	}
	from, _ := g.b.Hex(l.Hex)
	to, ok := g.b.Hex(c.Args[1])
	if !ok || hex.Distance(from, to) != 1 || !g.b.Land(to) || g.b.Impassable(from, to) {
		return nil, rules.Refuse("24.2.3", "%s is not a land hex next to %s", c.Args[1], l.Hex)
	}
	if err := g.advanceStepAllowed(i, from, to, true); err != nil {
		return nil, err
	}
	if pts := g.stackingWith(to, Allied, i); pts > StackingLimit {
		return nil, rules.Refuse("4.1", "%s would hold %d stacking points; the limit is %d", c.Args[1], pts, StackingLimit)
	}
	g.s.Units[i].Hex = c.Args[1]
	g.setControl(c.Args[1], Allied)
	half := g.halfEffCrossing(i, from, to)
	l.Inland = append(l.Inland, c.Args[0])
	text := fmt.Sprintf("%s advances inland to %s (24.2.3)", c.Args[0], c.Args[1])
	if half && g.nextToEnemy(to, Allied) {
		g.s.Units[i].HalfEff = true // 5.7, 14.5
		text += ", ½ Eff (5.7)"
	}
	return []rules.Event{{Seat: rules.Seat(Allied), Text: text}}, nil
}

// endLanding ends the landing's advance.
func (g *Game) endLanding() ([]rules.Event, error) {
	if g.s.Landing.Loss > 0 {
		return nil, rules.Refuse("24.2.2", "the landing's losses come first: %d step(s) left", g.s.Landing.Loss)
	}
	return g.closeLanding(), nil
}

// closeLanding ends the landing and, after the last, the Invasion Phase.
func (g *Game) closeLanding() []rules.Event {
	g.s.Landing = nil
	g.releaseGarrison()
	if len(g.s.Landings) == 0 {
		return append([]rules.Event{{Seat: rules.Seat(Allied), Text: "the Invasion Phase ends (24.1)"}}, g.nextStage()...)
	}
	return nil
}
