package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// The First Wave (20.3): each approach box of a beach the scenario's
// invasion record names, holding units set up with mode first-assault, is one
// assault on one beach hex: the beach's only hex, or the hex of the box's
// sector (docs/scenario-format.md). The strongpoint is the German strongpoint
// standing on that hex. The column is Utah, Omaha or Other (20.3.1).
//
// Allied step losses fall on the assaulting infantry (infantry-type units),
// never on tanks (20.3.2), and never take a unit's last step: 20.3.3 reads
// "reduced to cadre" as the end of what the infantry can give. When the
// infantry cannot give the steps a result asks for, the landing fails as in
// 20.3.3 (AMBIG-37, AMBIG-41). A failed landing leaves its units (and its DD
// tanks, after their DD roll) in the approach box, where they land later as
// follow-up (20.5); the strongpoint stays. The strongpoint never tries a
// Determined Defense (20.3.2), and no naval marker is used (20.1).

// assault is one First Wave assault.
type assault struct {
	Box    Box
	Hex    string // the beach hex assaulted
	Column BeachColumn
	Force  []int // the first-assault units, in [setup] order
}

// where names the assault in events and prompts: "Beach assault on omaha
// 0307 (dog)".
func (a assault) where() string {
	s := fmt.Sprintf("Beach assault on %s %s", a.Box.For, a.Hex)
	if a.Box.Sector != "" {
		s += " (" + a.Box.Sector + ")"
	}
	return s
}

// pointeDuHoc: the Rangers' assault (20.3.4).
func (a assault) pointeDuHoc() bool { return a.Box.For == "pointe-du-hoc" }

// assaults lists the First Wave in [boxes] order (20.3.1).
func (g *Game) assaults() []assault {
	var names []string
	for _, r := range g.sc.Special {
		if r.Kind == SpecialInvasion {
			names = append(names, r.Names...)
		}
	}
	var out []assault
	for _, b := range g.sc.Boxes {
		if b.Kind != BoxApproach || !slices.Contains(names, b.For) {
			continue
		}
		col, err := beachColumn(b.For)
		if err != nil {
			continue
		}
		a := assault{Box: b, Column: col}
		for _, p := range g.sc.Places {
			if p.Kind == PlaceBeach && p.Arg == b.For && (b.Sector == "" || p.Sector == b.Sector) {
				a.Hex = p.Hex
				break
			}
		}
		for _, pl := range g.sc.Setup {
			if pl.At == b.Name && pl.Mode == SetupFirstAssault {
				a.Force = append(a.Force, g.index[pl.Unit])
			}
		}
		if a.Hex != "" && len(a.Force) > 0 {
			out = append(out, a)
		}
	}
	return out
}

// afloat are the assault's units still in its approach box.
func (g *Game) afloat(a assault) []int {
	var out []int
	for _, i := range a.Force {
		if us := g.s.Units[i]; !us.Gone && us.At == a.Box.Name {
			out = append(out, i)
		}
	}
	return out
}

// ddTanks are the assault's DD battalions (20.3.5; none at Pointe du Hoc).
func (g *Game) ddTanks(a assault) []int {
	if a.pointeDuHoc() {
		return nil
	}
	var out []int
	for _, i := range g.afloat(a) {
		if slices.Contains(g.unit(i).Marks, MarkDD) {
			out = append(out, i)
		}
	}
	return out
}

// absorbers are the assaulting infantry that can still lose a step, and how
// many each can give: all but its last (20.3.2, 20.3.3).
func (g *Game) absorbers(a assault) ([]string, map[string]int) {
	var ids []string
	steps := map[string]int{}
	for _, i := range g.afloat(a) {
		u := g.unit(i)
		if !UnitTypes[u.Type].InfantryT {
			continue
		}
		if n := len(u.Steps) - g.s.Units[i].Step - 1; n > 0 {
			ids = append(ids, u.ID)
			steps[u.ID] = n
		}
	}
	return ids, steps
}

// assaultLossesByRule answers the loss decision when nobody need choose:
// one way only (one unit, or every step the infantry has), or the chooser's
// standing 'order losses' covers it.
func (g *Game) assaultLossesByRule(a assault) ([]string, bool) {
	r := g.s.Invasion
	ids, steps := g.absorbers(a)
	sets := combat.LossSets(ids, steps, min(r.Owed, total(ids, steps)))
	if len(sets) == 1 {
		return sets[0], true
	}
	if o, ok := g.orders().Find(string(r.Chooser), CmdOrderLosses); ok {
		if units, ok := combat.ByPreference(ids, r.Owed, o.Units, steps); ok {
			return units, true
		}
	}
	return nil, false
}

// checkAssaultLosses checks a 'losses' decision (20.3.2).
func (g *Game) checkAssaultLosses(a assault, losses []string) error {
	r := g.s.Invasion
	ids, steps := g.absorbers(a)
	want := min(r.Owed, total(ids, steps))
	if len(losses) != want {
		return rules.Refuse("20.3.2", "%d step losses given, %d due", len(losses), want)
	}
	used := map[string]int{}
	for _, id := range losses {
		if !slices.Contains(ids, id) {
			return rules.Refuse("20.3.2", "%s may not take the loss: only the assaulting infantry, never tanks, and not its last step (from %s)", id, strings.Join(ids, ", "))
		}
		if used[id]++; used[id] > steps[id] {
			return rules.Refuse("20.3.2", "%s can give only %d step(s) here", id, steps[id])
		}
	}
	return nil
}

// takeAssaultLosses takes the steps and carries the assault on.
func (g *Game) takeAssaultLosses(a assault, losses []string) []rules.Event {
	r := g.s.Invasion
	var events []rules.Event
	if len(losses) > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(r.Chooser), Text: fmt.Sprintf("%s: the infantry step loss(es) fall on %s (20.3.2)",
			a.where(), strings.Join(losses, ", "))})
	}
	for _, id := range losses {
		events = append(events, g.loseStep(g.index[id], "20.3.2"))
	}
	short := len(losses) < r.Owed
	r.Owed, r.Chooser = 0, ""
	if short {
		// AMBIG-37: the infantry cannot give what the result asks.
		return append(events, g.assaultFails(a, "the assaulting infantry is down to its last steps (20.3.3, AMBIG-37)")...)
	}
	res := beachAssault(a.Column, r.Rolls[len(r.Rolls)-1])
	if res.Reroll {
		if ids, _ := g.absorbers(a); len(ids) == 0 {
			return append(events, g.assaultFails(a, "Bloody Omaha: the assaulting infantry is reduced to cadre without taking the strongpoint (20.3.3)")...)
		}
		return events // 20.3.3: roll again
	}
	return append(events, g.assaultTaken(a)...)
}

// assaultRoll applies an assault's dice: the Beach Assault die, and on the
// first roll the DD dice (20.3.5: they do not change the assault).
func (g *Game) assaultRoll(a assault, values []int) []rules.Event {
	r := g.s.Invasion
	first := len(r.Rolls) == 0
	dds := g.ddTanks(a)
	die := values[0]
	r.Rolls = append(r.Rolls, die)
	res := beachAssault(a.Column, die)
	seat := rules.Seat(Allied)
	text := res.String()
	if res.Reroll {
		text = "A1*: one infantry step and roll again (20.3.3)"
	}
	events := []rules.Event{{Seat: seat, Text: fmt.Sprintf("%s (%s column): die %d, %s", a.where(), a.Column, die, text)}}
	if a.pointeDuHoc() && pointeDuHocFails(die) {
		return append(events, g.pointeDuHocFails(a)...) // 20.3.4
	}
	if first {
		for k, i := range dds {
			loss := ddTankLoss(values[1+k])
			what := "no effect"
			if loss > 0 {
				what = "-1 step"
			}
			events = append(events, rules.Event{Seat: seat, Text: fmt.Sprintf("DD tanks %s: die %d, %s (20.3.5)", g.unit(i).ID, values[1+k], what)})
			for range loss {
				events = append(events, g.loseStep(i, "20.3.5"))
			}
		}
	}
	r.Owed, r.Chooser = res.AlliedSteps(), Allied
	if res.Code == ResEX {
		r.Chooser = German // 20.3.2, example L1714
	}
	if r.Owed == 0 {
		r.Chooser = ""
		events = append(events, g.assaultTaken(a)...)
	}
	return events
}

// assaultTaken: the strongpoint is eliminated (its one step, 20.3.2) and the
// assault's units land (20.3.6); at Pointe du Hoc the 5th Ranger roll comes
// first (20.3.4).
func (g *Game) assaultTaken(a assault) []rules.Event {
	r := g.s.Invasion
	seat := rules.Seat(Allied)
	var events []rules.Event
	for i := range g.s.Units {
		if g.s.Units[i].At == a.Hex && !g.s.Units[i].Gone && g.unit(i).Side == German && g.unit(i).Type == Strongpoint {
			id := g.unit(i).ID
			g.eliminate(i)
			events = append(events, rules.Event{Seat: seat, Text: fmt.Sprintf("%s on %s is eliminated (20.3.2: beach strongpoints have 1 step)", id, a.Hex)})
		}
	}
	for i := range g.s.Units {
		if g.s.Units[i].At == a.Hex && !g.s.Units[i].Gone && g.unit(i).Side == German {
			return append(events, g.assaultFails(a, fmt.Sprintf("%s still holds %s", g.unit(i).ID, a.Hex))...)
		}
	}
	r.Landed = true
	if a.pointeDuHoc() && len(g.fifthRangers5(a)) > 0 {
		r.Rangers = true
	}
	return events
}

// fifthRangers5 are the Rangers that follow the assault at Pointe du Hoc:
// the ranger units set up as follow-up in its approach box (the 5th Ranger
// Bn, 20.3.4), still there.
func (g *Game) fifthRangers5(a assault) []int {
	var out []int
	for _, pl := range g.sc.Setup {
		i := g.index[pl.Unit]
		if pl.At == a.Box.Name && pl.Mode == SetupFollowUp && slices.Contains(g.unit(i).Marks, MarkRanger) &&
			!g.s.Units[i].Gone && g.s.Units[i].At == a.Box.Name {
			out = append(out, i)
		}
	}
	return out
}

// fifthRangers is the 5th Ranger landing die, rolled right after the 2nd
// Ranger Bn lands (20.3.4): 1-3 on Pointe du Hoc, 4-6 to the Omaha approach
// box with the follow-up.
func (g *Game) fifthRangers(a assault, die int) []rules.Event {
	g.s.Invasion.Rangers = false
	if !fifthRangersLand(die) {
		return append([]rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("5th Ranger landing: die %d (20.3.4)", die)}}, g.rangersToOmaha(a)...)
	}
	var ids []string
	for _, i := range g.fifthRangers5(a) {
		g.s.Units[i].At = a.Hex
		ids = append(ids, g.unit(i).ID)
	}
	g.setControl(a.Hex, Allied)
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("5th Ranger landing: die %d: %s lands on Pointe du Hoc %s (20.3.4)", die, strings.Join(ids, ", "), a.Hex)}}
}

// rangersToOmaha sends the 5th Rangers to the Omaha approach box (the first
// in [boxes] order); with none in the scenario they stay where they are.
func (g *Game) rangersToOmaha(a assault) []rules.Event {
	box := ""
	for _, b := range g.sc.Boxes {
		if b.Kind == BoxApproach && b.For == "omaha" {
			box = b.Name
			break
		}
	}
	var events []rules.Event
	for _, i := range g.fifthRangers5(a) {
		if box == "" {
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s stays in %s: the scenario has no Omaha approach box (20.3.4)", g.unit(i).ID, a.Box.Name)})
			continue
		}
		g.s.Units[i].At = box
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s goes to the Omaha approach box %s and lands later with the follow-up (20.3.4)", g.unit(i).ID, box)})
	}
	return events
}

// pointeDuHocFails is the failed Pointe du Hoc landing (20.3.4, seed
// L1396): the 2nd Ranger Bn is eliminated, the 5th goes to the Omaha
// approach box, and the next assault follows.
func (g *Game) pointeDuHocFails(a assault) []rules.Event {
	var events []rules.Event
	for _, i := range g.afloat(a) {
		g.eliminate(i)
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s is eliminated: the Pointe du Hoc landing fails (20.3.4)", g.unit(i).ID)})
	}
	events = append(events, g.rangersToOmaha(a)...)
	g.nextAssault()
	return events
}

// assaultFails ends an assault whose landing failed: its units stay in (go
// back to) the approach box (20.3.3).
func (g *Game) assaultFails(a assault, why string) []rules.Event {
	if a.pointeDuHoc() {
		// AMBIG-37 at Pointe du Hoc: the failure there is 20.3.4's (seed
		// L1396): the 2nd Ranger Bn is eliminated and the 5th goes to the
		// Omaha approach box. Left in their own box they could never land:
		// Pointe du Hoc has no engineer to open it (21.1.1).
		events := []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s: the landing fails, %s (20.3.4, AMBIG-37)", a.where(), why)}}
		return append(events, g.pointeDuHocFails(a)...)
	}
	var ids []string
	for _, i := range g.afloat(a) {
		ids = append(ids, g.unit(i).ID)
	}
	g.nextAssault()
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s: the landing fails, %s; %s stay in the approach box %s (20.3.3, 20.5)",
		a.where(), why, strings.Join(ids, ", "), a.Box.Name)}}
}

func (g *Game) nextAssault() {
	g.s.Invasion = &invasionRecord{Scattered: true, Assault: g.s.Invasion.Assault + 1}
}

// assaultAdvanceLength is how far the assault lets its winners go: the cell's
// Advance, but only onto the beach hex once an A1* came first (20.3.6).
func (g *Game) assaultAdvanceLength(a assault) int {
	o, err := beachAssaultRolls(a.Column, g.s.Invasion.Rolls)
	if err != nil || !o.Done {
		return 0
	}
	return o.Advance
}

// assaultAdvances lists the 'advance U BEACH HEX' commands open: on Advance
// 2 each winner still afloat may go through the beach hex to one hex more
// (20.3.6), under the advance rules of 14.3-14.4 for a unit that entered the
// vacated hex. HQs, Werfers and MA-0 units never go beyond (14.1).
func (g *Game) assaultAdvances(a assault) []CombatCommand {
	if g.assaultAdvanceLength(a) < 2 {
		return nil
	}
	beach, ok := g.b.ids[a.Hex]
	if !ok {
		return nil
	}
	m := g.combatMap(g, Allied, nil)
	var out []CombatCommand
	for _, i := range g.afloat(a) {
		u := g.unit(i)
		if u.Type == HQ || u.Type == Werfer || g.printedMA(i) == 0 {
			continue
		}
		au := AdvanceUnit{ID: u.ID, From: beach, Mechanized: g.mechanized(i)}
		var ns []string
		for _, b := range beach.Neighbors() {
			if g.b.onMap(b) && g.beyondBeach(au, beach, b, m) {
				ns = append(ns, g.b.id(b))
			}
		}
		slices.Sort(ns)
		for _, n := range ns {
			out = append(out, CombatCommand{Kind: CmdAdvance, Units: []string{u.ID}, Hexes: []string{a.Hex, n}})
		}
	}
	return out
}

// beyondBeach: the second hex of an Advance 2 from the beach hex (14.3.1:
// entering the vacated hex lets the unit go on even from EZOC to EZOC;
// 14.3.2, 14.4).
func (g *Game) beyondBeach(u AdvanceUnit, beach, b hx.Axial, m CombatMap) bool {
	return combat.AdvanceStep(u, beach, b, 1, true, beach, m) && m.Room(b, []string{u.ID}) &&
		m.Leaves(u, beach, b) // 14.4.1: out of bocage only along a road
}

// assaultAdvance applies 'advance U BEACH [HEX]' (20.3.6).
func (g *Game) assaultAdvance(a assault, cmd CombatCommand) ([]rules.Event, error) {
	id := cmd.Units[0]
	i, ok := g.index[id]
	if !ok || !slices.Contains(g.afloat(a), i) {
		return nil, rules.Refuse("20.3.6", "%s is not a winner of the assault on %s still to land", id, a.Hex)
	}
	if cmd.Hexes[0] != a.Hex {
		return nil, rules.Refuse("20.3.6", "the first hex of the advance is the beach hex assaulted, %s", a.Hex)
	}
	if len(cmd.Hexes) == 2 {
		legal := slices.ContainsFunc(g.assaultAdvances(a), func(c CombatCommand) bool { return c.String() == cmd.String() })
		if !legal {
			return nil, rules.Refuse("20.3.6", "%s may not advance from %s to %s (Advance %d; 14.3, 14.4, 7.2)", id, a.Hex, cmd.Hexes[1], g.assaultAdvanceLength(a))
		}
	}
	for _, h := range cmd.Hexes {
		g.setControl(h, Allied)
	}
	g.s.Units[i].At = cmd.Hexes[len(cmd.Hexes)-1]
	ev := []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s lands on %s and advances to %s (20.3.6)", id, a.Hex, g.s.Units[i].At)}}
	if len(cmd.Hexes) == 1 {
		ev[0].Text = fmt.Sprintf("%s lands on %s (20.3.6)", id, a.Hex)
	}
	return ev, nil
}

// assaultDone lands the winners still afloat on the beach hex (20.3.6:
// "Advance 1" enters the beach hex and stops; with Advance 2 the units that
// go no further stay there) and moves on to the next assault.
func (g *Game) assaultDone(a assault) []rules.Event {
	var ids []string
	for _, i := range g.afloat(a) {
		g.s.Units[i].At = a.Hex
		ids = append(ids, g.unit(i).ID)
	}
	g.setControl(a.Hex, Allied)
	g.nextAssault()
	if len(ids) == 0 {
		return nil
	}
	verb := "land"
	if len(ids) == 1 {
		verb = "lands"
	}
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s %s on %s (20.3.6)", strings.Join(ids, ", "), verb, a.Hex)}}
}
