package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

// Disengagement, optional rule 25.1 (L1389-1414): in his own Combat Phase,
// before, between or after his attacks, the phasing player may try to
// withdraw a unit that does not attack, or a whole stack with one roll
// (25.1.3), seeing each result before the next try. The die, +1 when every
// unit is mechanized, reads T11 (25.1.2): No, the units stay; Yes -1, the
// stack loses a step of its owner's pick, then retreats; Yes, it retreats
// 1 or 2 hexes by the retreat rules of 12.0, but into no enemy ZOC hex
// without a friendly unit, and becomes DG, or Shattered if it was DG
// (25.1.4). Choices of the book's silences, taken here:
//   - a Shattered unit, which does not attack, may try too and stays
//     Shattered ("every unit, DG ones included, that does not attack",
//     L1404); a unit with an Auto DS marker has attacked this turn (8.7)
//     and may not.
//   - "Trapped by enemy bonds" (example L1414) is read as: every hex next
//     to the units that holds no enemy unit and is land is closed by an
//     enemy ZOC bond.
//   - A Yes retreats the units: a try is refused before the die when no
//     retreat of 1 or 2 hexes is open, so a Yes never leaves them stuck.
//   - A stack that rolled together retreats together, on one path.

// The results of T11.
const (
	disengageNo      = "no"
	disengageYesLoss = "yes-1"
	disengageYes     = "yes"
)

// disengageTable is T11 (25.1.2, L1393-1402), printed whole by the book:
// 1-2 No, 3 Yes (-1 step), 4-6 Yes; a modified roll below 1 reads 1 and
// one above 6 reads 6.
var disengageTable = combat.Table[string]{Name: "Disengagement table", Rule: "25.1.2", Lo: 1,
	Rows: [][]string{{disengageNo}, {disengageNo}, {disengageYesLoss}, {disengageYes}, {disengageYes}, {disengageYes}}}

// disengageWords name T11's results for players.
var disengageWords = map[string]string{disengageNo: "No", disengageYesLoss: "Yes -1", disengageYes: "Yes"}

// disengageProcedure is the attempt under way: its die, the step a Yes -1
// costs, the retreat.
var disengageProcedure = hexwar.Procedure[*Game]{Name: "disengage",
	Active:  func(g *Game) bool { return g.s.Disengage != nil },
	Pending: (*Game).disengagePending,
	Choices: (*Game).disengageStepChoices,
	Commands: hexwar.Commands[*Game]{
		{Verb: "disengage-lose", Apply: parsed((*Game).disengageLose)},
		{Verb: "disengage-to", Apply: parsed((*Game).disengageTo)},
	},
	Other: func(g *Game, _ rules.Seat, _ string) ([]rules.Event, error) {
		return nil, rules.Refuse("25.1.4", "the disengagement of %s waits for %s", strings.Join(g.s.Disengage.Units, " "), g.Pending().Prompt)
	},
	Roll: (*Game).rollDisengage,
}

// disengage is 'disengage UNIT|HEX' (25.1.3): a unit, or every unit
// of the phasing side in the hex, rolls once.
func (g *Game) disengage(c Command) ([]rules.Event, error) {
	if !g.opt.disengagement {
		return nil, rules.Refuse("25.1", "disengagement is optional rule 25.1, not played in this game (the invitation's options)")
	}
	units, from, err := g.disengaging(c.Args[0])
	if err != nil {
		return nil, err
	}
	if err := g.mayDisengage(g.view(g.s.Side, nil), units, from); err != nil {
		return nil, err
	}
	g.s.Waiting = nil // 15.2.1: the last combat, its advances included, is over
	d := &disengagement{From: g.b.ID(from)}
	for _, i := range units {
		d.Units = append(d.Units, g.sc.Units[i].ID)
	}
	g.s.Disengage = d
	g.s.Disengaged = append(g.s.Disengaged, d.Units...)
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s tries to disengage from %s (25.1.3)", strings.Join(d.Units, " "), d.From)}}, nil
}

// disengaging reads the units a try names: one unit, or the phasing side's
// units on a hex.
func (g *Game) disengaging(w string) ([]int, hex.Axial, error) {
	if scn.ValidHexID(w) {
		a, ok := g.b.Hex(w)
		if !ok {
			return nil, a, rules.Refuse("25.1.3", "%s is not a hex of the map", w)
		}
		var units []int
		for _, i := range g.pos().at(a) {
			if g.sc.Units[i].Side == g.s.Side {
				units = append(units, i)
			}
		}
		if len(units) == 0 {
			return nil, a, rules.Refuse("25.1.3", "no %s unit stands on %s", g.s.Side, w)
		}
		return units, a, nil
	}
	i := g.index(w)
	if i < 0 {
		return nil, hex.Axial{}, rules.Refuse("25.1.3", "no unit %s", w)
	}
	a, ok := g.axial(i)
	if !ok {
		return nil, a, rules.Refuse("25.1.3", "%s is not on the map", w)
	}
	return []int{i}, a, nil
}

// mayDisengage checks a try before the die: each unit may (25.1.3, 20.4,
// 12.2), the units are not trapped by enemy bonds (L1414), and a retreat
// is open to them (25.1.4); v is the phasing side's view of the map.
func (g *Game) mayDisengage(v *view, units []int, from hex.Axial) error {
	for _, i := range units {
		u, us := g.sc.Units[i], g.s.Units[i]
		switch {
		case u.Side != g.s.Side:
			return rules.Refuse("25.1.3", "%s is not the phasing player's", u.ID)
		case slices.Contains(g.s.Attacked, u.ID):
			return rules.Refuse("25.1.3", "%s has attacked this phase: a unit attacks or disengages, not both", u.ID)
		case slices.Contains(g.s.Disengaged, u.ID):
			return rules.Refuse("25.1.3", "%s has already tried to disengage this phase", u.ID)
		case us.AutoDS != "":
			return rules.Refuse("25.1.3", "%s carries an Auto DS marker: it has attacked this turn (8.7, A-45)", u.ID)
		case u.ID == g.sc.Special.Garrison && !g.s.Released:
			return rules.Refuse("19.2", "%s may not move before it is released, nor disengage", u.ID)
		case us.Repl:
			return rules.Refuse("20.4", "%s carries a Replacement marker: it may not disengage", u.ID)
		case u.Beachhead() || g.pos().face(i).MA == 0:
			return rules.Refuse("12.2", "%s has MA 0: it cannot retreat, so it cannot disengage", u.ID)
		}
	}
	v = v.with(units)
	if v.trapped(from) {
		return rules.Refuse("25.1", "%s is trapped by enemy ZOC bonds: it can neither move nor disengage (25.1, example L1414)", g.b.ID(from))
	}
	if len(g.disengagePaths(v, units, from, true)) == 0 {
		return rules.Refuse("25.1.4", "no retreat of 1 or 2 hexes is open from %s: each hex one further away, no enemy unit, bond or enemy ZOC hex without a friendly unit (25.1.4, 12.1.3, 12.2)", g.b.ID(from))
	}
	return nil
}

// with is the view with units moving: their hexes' other units negate the
// enemy ZOC, they do not (12.2).
func (v *view) with(units []int) *view {
	w := *v
	w.moving = units
	return &w
}

// trapped: every land hex next to a that holds no enemy unit is closed to
// the units by an enemy ZOC bond (7.2), and one at least is.
func (v *view) trapped(a hex.Axial) bool {
	m := v.base()
	bonded := false
	for _, n := range a.Neighbors() {
		if !m.OnMap(n) || v.g.b.Impassable(a, n) || m.Enemy(n) {
			continue
		}
		if !m.ZOCLine(a, n) {
			return false
		}
		bonded = true
	}
	return bonded
}

// disengagePaths are the retreats open to units from a (25.1.4): 1 or 2
// hexes by the rules of 12.0, each hex one further away, never into an
// enemy ZOC hex without a friendly unit, never one that would cost a unit
// (a vehicle across an unbridged river, 12.3.1, or a road-less mountain
// hexside, 12.3.2; anyone across two of those), off the map only into a
// friendly entry area (21.4).
// first: the first path found is enough.
func (g *Game) disengagePaths(v *view, units []int, from hex.Axial, first bool) []combat.RetreatPath {
	side := v.side
	m := v.with(units).base()
	m.Exit = func(from, to hex.Axial) bool {
		return g.retreatExit(from, to) && !g.eastBarred(g.areaOf(from), units) // 21.2.2, S2.3.5
	}
	// 12.3.1: a vehicle that retreats across an unbridged river is
	// eliminated, so no disengagement takes it there.
	m.Retreat = func(from, to hex.Axial, _ int, rus []combat.RetreatUnit, p combat.RetreatPath) (combat.RetreatPath, bool) {
		if g.b.Feature(from, to, River) && g.b.Road(from, to) == "" && slices.ContainsFunc(units, func(i int) bool { return g.sc.Units[i].Info().Vehicle }) {
			return p, false
		}
		return g.retreatGround(from, to, rus, p)
	}
	var rus []combat.RetreatUnit
	for _, i := range units {
		rus = append(rus, combat.RetreatUnit{ID: g.sc.Units[i].ID, Steps: g.stepsLeft(i), MA: g.pos().face(i).MA, Mechanized: g.sc.Units[i].Info().Mech})
	}
	var out []combat.RetreatPath
	seen := map[string]bool{}
	for n := 1; n <= 2; n++ {
		for _, p := range combat.RetreatPaths(from, n, rus, m) {
			key := g.pathIDs(p)
			if p.EZOC || p.Losses > 0 || p.Extended > 0 || p.OneHex || seen[key] || g.mountainCrossings(from, p.Hexes) > 1 {
				continue
			}
			if p.Exited && !g.friendlyArea(side, g.areaOf(exitFrom(from, p))) {
				continue
			}
			seen[key] = true
			out = append(out, p)
		}
		if first && len(out) > 0 {
			break
		}
	}
	return out
}

// exitFrom is the last map hex of a retreat that leaves the map.
func exitFrom(origin hex.Axial, p combat.RetreatPath) hex.Axial {
	if len(p.Hexes) > 1 {
		return p.Hexes[len(p.Hexes)-2]
	}
	return origin
}

// pathIDs is a retreat's hexes as a command names them.
func (g *Game) pathIDs(p combat.RetreatPath) string {
	ids := make([]string, len(p.Hexes))
	for k, a := range p.Hexes {
		ids[k] = g.b.Layout().ID(a)
	}
	return strings.Join(ids, " ")
}

// disengageUnits are the units of the attempt under way.
func (g *Game) disengageUnits() []int {
	var out []int
	for _, id := range g.s.Disengage.Units {
		out = append(out, g.index(id))
	}
	return out
}

// disengageDRM is 25.1.2's: +1 when every unit rolling is mechanized.
func (g *Game) disengageDRM(units []int) int {
	for _, i := range units {
		if !g.sc.Units[i].Info().Mech {
			return 0
		}
	}
	return 1
}

// disengagePending says what the attempt waits for: its die, the step a
// Yes -1 costs, the retreat.
func (g *Game) disengagePending(p *rules.Pending) {
	d := g.s.Disengage
	side := rules.Seat(g.s.Side)
	p.Seats = []rules.Seat{side}
	units := strings.Join(d.Units, " ")
	switch d.Result {
	case "":
		p.Dice = &rules.DiceNeed{By: side, For: "the disengagement of " + units + " (25.1.2)", Sides: []int{6}}
		p.Prompt = p.Dice.For
	case disengageYesLoss:
		p.Prompt = "Yes -1: the step the stack loses before it retreats, your pick: 'disengage-lose UNIT' (25.1.4)"
	default:
		p.Prompt = "Yes: " + units + " from " + d.From + ", a retreat of 1 or 2 hexes: 'disengage-to HEX [HEX]' (25.1.4)"
	}
}

// disengageStepChoices are the step a Yes -1 costs, or the retreats.
func (g *Game) disengageStepChoices() []rules.Choice {
	d := g.s.Disengage
	var out []rules.Choice
	switch d.Result {
	case disengageYesLoss:
		for _, id := range d.Units {
			out = append(out, rules.Choice{Command: "disengage-lose " + id, Piece: id, Note: "the step of Yes -1 (25.1.4)"})
		}
	case disengageYes:
		from, _ := g.b.Hex(d.From)
		for _, p := range g.disengagePaths(g.view(g.s.Side, nil), g.disengageUnits(), from, false) {
			out = append(out, rules.Choice{Command: "disengage-to " + g.pathIDs(p), Piece: d.Units[0], Note: "the disengagement's retreat (25.1.4)"})
		}
	}
	return out
}

// disengageChoices are the tries open in the Combat Phase, each unit's and
// each stack's of two or more, with the odds of T11.
func (g *Game) disengageChoices() []rules.Choice {
	if !g.opt.disengagement {
		return nil
	}
	var out []rules.Choice
	v := g.view(g.s.Side, nil)
	stacks := map[hex.Axial][]int{}
	for i := range g.s.Units {
		if a, ok := g.axial(i); ok && g.sc.Units[i].Side == g.s.Side {
			stacks[a] = append(stacks[a], i)
		}
	}
	for _, a := range hex.SortedKeys(stacks) {
		units := stacks[a]
		ok := 0
		for _, i := range units {
			if g.mayDisengage(v, []int{i}, a) == nil {
				id := g.sc.Units[i].ID
				out = append(out, rules.Choice{Command: "disengage " + id, Piece: id, Note: disengageOdds(g.disengageDRM([]int{i}))})
				ok++
			}
		}
		if ok == len(units) && ok > 1 && g.mayDisengage(v, units, a) == nil {
			out = append(out, rules.Choice{Command: "disengage " + g.b.ID(a), Piece: g.sc.Units[units[0]].ID, Note: "the whole stack, one die: " + disengageOdds(g.disengageDRM(units))})
		}
	}
	return out
}

// disengageOdds are T11's chances with a modifier.
func disengageOdds(drm int) string {
	n := map[string]int{}
	for die := 1; die <= combat.Die; die++ {
		n[disengageTable.Roll(0, die, drm)]++
	}
	return fmt.Sprintf("No %d/6, Yes -1 %d/6, Yes %d/6 (25.1.2)", n[disengageNo], n[disengageYesLoss], n[disengageYes])
}

// rollDisengage reads T11.
func (g *Game) rollDisengage(values []int) ([]rules.Event, error) {
	d := g.s.Disengage
	if d.Result != "" {
		return nil, fmt.Errorf("%w: no dice are awaited", rules.ErrNotPending)
	}
	units := g.disengageUnits()
	die, drm := values[0], g.disengageDRM(units)
	res := disengageTable.Roll(0, die, drm)
	text := fmt.Sprintf("Disengagement of %s: die %d%+d: %s (25.1.2)", strings.Join(d.Units, " "), die, drm, disengageWords[res])
	events := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
	d.Result = res
	switch {
	case res == disengageNo:
		g.s.Disengage = nil
		events[0].Text += "; the units stay on " + d.From + " (25.1.4)"
	case res == disengageYesLoss && len(units) == 1:
		return append(events, g.disengageStep(units[0])...), nil
	}
	return events, nil
}

// disengageLose is 'disengage-lose UNIT': the step of a Yes -1 (25.1.4).
func (g *Game) disengageLose(c Command) ([]rules.Event, error) {
	d := g.s.Disengage
	if d.Result != disengageYesLoss {
		return nil, rules.Refuse("25.1.4", "no step is owed: the disengagement waits for %s", g.Pending().Prompt)
	}
	if !slices.Contains(d.Units, c.Args[0]) {
		return nil, rules.Refuse("25.1.4", "%s is not disengaging: the step is one of %s", c.Args[0], strings.Join(d.Units, ", "))
	}
	return g.disengageStep(g.index(c.Args[0])), nil
}

// disengageStep takes Yes -1's step from unit i; the survivors then
// retreat, and if none is left the attempt is over.
func (g *Game) disengageStep(i int) []rules.Event {
	d := g.s.Disengage
	notes := g.loseSteps(i, 1)
	if !g.alive(i) || g.s.Units[i].Hex == "" {
		d.Units = slices.DeleteFunc(d.Units, func(id string) bool { return id == g.sc.Units[i].ID })
	}
	text := "Yes -1: " + strings.Join(notes, "; ") + " (25.1.4)"
	if len(d.Units) == 0 {
		g.s.Disengage = nil
	} else {
		d.Result = disengageYes
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
}

// disengageTo is 'disengage-to HEX [HEX]': the retreat of a Yes, one of
// disengagePaths; the units become DG, or Shattered if they were not in
// Good Order (25.1.4).
func (g *Game) disengageTo(c Command) ([]rules.Event, error) {
	d := g.s.Disengage
	if d.Result != disengageYes {
		return nil, rules.Refuse("25.1.4", "the disengagement waits for %s", g.Pending().Prompt)
	}
	from, _ := g.b.Hex(d.From)
	units := g.disengageUnits()
	want := strings.Join(c.Args, " ")
	var path *combat.RetreatPath
	var open []string
	for _, p := range g.disengagePaths(g.view(g.s.Side, nil), units, from, false) {
		open = append(open, g.pathIDs(p))
		if g.pathIDs(p) == want {
			path = &p
		}
	}
	if path == nil {
		return nil, rules.Refuse("25.1.4", "%s is not a retreat open to %s from %s: open are %s (25.1.4, 12.1.3, 12.2)",
			want, strings.Join(d.Units, " "), d.From, strings.Join(open, ", "))
	}
	var notes []string
	end := c.Args[len(c.Args)-1]
	area := ""
	if path.Exited {
		area = g.areaOf(exitFrom(from, *path))
	}
	half := g.mountainCrossings(from, path.Hexes) > 0
	for _, i := range units {
		us := &g.s.Units[i]
		if area != "" {
			us.Hex, us.Box = "", boxEntry+area
		} else {
			us.Hex = end
		}
		if us.Status == GoodOrder {
			us.Status = Disorganized
		} else {
			us.Status = Shattered
		}
		where := end
		if area != "" {
			where = area + " (21.4)"
		}
		note := fmt.Sprintf("%s disengages to %s, %s", us.ID, where, us.Status)
		if half && us.Hex != "" {
			us.HalfEff = true
			note += ", ½ Eff (12.3.2)"
		}
		notes = append(notes, note)
	}
	g.s.Disengage = nil
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: strings.Join(notes, "; ") + " (25.1.4)"}}, nil
}
