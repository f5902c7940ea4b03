package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// legal lists the phase's commands for the acting seat (rules.Game's
// Legal): every move with its cost, every attack with its odds.
func (g *Game) legal() []rules.Choice {
	var out []rules.Choice
	switch g.s.Phase {
	case PhaseInvasion:
		return g.invasionChoices()
	case PhasePrep:
		if g.s.Drop != "" {
			return nil
		}
		out = append(out, g.placeChoices()...)
		out = append(out, g.dropChoices()...)
		out = append(out, g.replaceChoices()...)
		out = append(out, g.readyChoices()...)
	case PhaseMovement:
		out = append(out, g.moveChoices()...)
		out = append(out, g.areaChoices()...)
		out = append(out, g.shatterChoices()...)
		out = append(out, g.autoChoices()...)
		out = append(out, g.landChoices()...)
		out = append(out, g.sailChoices()...)
		out = append(out, g.embarkChoices()...)
	case PhaseCombat:
		out = append(out, g.breakthroughChoices()...) // 15.4: after an Auto DS advance too
		if !g.s.AutoAdvanced {
			out = append(out, g.attackChoices()...)
		}
		out = append(out, g.waitingChoices()...) // 15.2.1 step 3
		out = append(out, g.autoAdvanceChoices()...)
		out = append(out, g.disengageChoices()...) // optional 25.1
	case PhaseSupply:
		if len(g.s.Rolls) > 0 {
			return nil
		}
		out = append(out, g.readyChoices()...)
		out = append(out, g.abandonChoices()...)
	default:
		return nil
	}
	out = append(out, g.orderChoices()...)
	if g.canEnd() == nil {
		out = append(out, rules.Choice{Command: "end", Note: "end the " + phaseRules[g.s.Phase].Name})
	}
	return out
}

// orderChoices are the standing orders the acting side may give, those not
// in force already (digest 6.2): Determined Defense (11.1), defensive air
// (9.4), retreats toward supply.
func (g *Game) orderChoices() []rules.Choice {
	var out []rules.Choice
	orders := []string{"order dd always", "order dd never", "order def-air always", "order def-air never", "order retreat toward-supply"}
	if g.opt.recon {
		orders = append(orders, "order recon always", "order recon never") // 25.2
	}
	for _, o := range orders {
		if !slices.Contains(g.s.Orders, orderRecord{Side: g.s.Side, Text: o}) {
			out = append(out, rules.Choice{Command: o, Note: "a standing order (8.3)"})
		}
	}
	return out
}

// invasionChoices are the landing's losses or its second hexes (24.2).
func (g *Game) invasionChoices() []rules.Choice {
	l := g.s.Landing
	if l == nil {
		return nil
	}
	var out []rules.Choice
	if l.Loss > 0 {
		for _, id := range l.Units {
			out = append(out, rules.Choice{Command: "lose " + id, Piece: id, Note: "24.2.2"})
		}
		return out
	}
	out = append(out, g.invasionBreakthroughChoices()...)
	from, _ := g.b.Hex(l.Hex)
	for _, id := range l.Units {
		i := g.index(id)
		if slices.Contains(l.Inland, id) || g.sc.Units[i].Beachhead() {
			continue
		}
		for _, n := range from.Neighbors() {
			if g.b.Land(n) && !g.b.Impassable(from, n) && g.held(n) != German && g.advanceStepAllowed(i, from, n, true) == nil &&
				g.stackingWith(n, Allied, i) <= StackingLimit {
				out = append(out, rules.Choice{Command: "inland " + id + " " + g.b.ID(n), Piece: id, Note: "24.2.3"})
			}
		}
	}
	return append(out, rules.Choice{Command: "end", Note: "end the landing"})
}

// moveChoices lists every move the phasing side's units may make: each
// hex reached by MA, by Extended Movement and by Tactical Movement, with
// its cheapest path.
func (g *Game) moveChoices() []rules.Choice {
	var out []rules.Choice
	ctx := g.moveContext(g.s.Side)
	for i := range g.s.Units {
		u, us := g.sc.Units[i], g.s.Units[i]
		if u.Side != g.s.Side {
			continue
		}
		onMap := us.Hex != ""
		area, inArea := strings.CutPrefix(us.Box, boxEntry)
		if !onMap && !(inArea && g.friendlyArea(u.Side, area)) {
			continue
		}
		seen := map[string]bool{}
		add := func(path []hex.Axial, cost int, flag string) {
			end := path[len(path)-1]
			key := g.b.ID(end)
			hexes := len(path) - 1
			if !onMap {
				hexes++
			}
			if seen[key] || (onMap && len(path) < 2) || (us.Repl && hexes > 1) || g.mayEndAcross(i, end) != nil || g.secondHalfEff(i, path) != nil {
				return
			}
			seen[key] = true
			ids := make([]string, len(path))
			for k, a := range path {
				ids[k] = g.b.ID(a)
			}
			cmd := "move " + u.ID + " " + strings.Join(ids, " ")
			if flag != "" {
				cmd += " " + flag
			}
			note := hexwar.MPText(cost) + " MP (5.1)"
			if u.ASU() && hexes > 1 && us.Status != Shattered {
				note += "; the ASU becomes DG (17.3)"
			}
			// 4.4 allows a move to end over the limit: it is offered, and
			// says what the end of the phase will ask.
			if w := g.overLimitWords(end, i); w != "" {
				note += "; " + w
			}
			out = append(out, rules.Choice{Command: cmd, Piece: u.ID, Cost: cost, Note: note})
		}
		ways := []struct {
			tactical, extended, truck bool
			flag                      string
		}{{false, false, false, ""}, {false, true, false, "ext"}, {true, false, false, "tm"}}
		if u.Side == German && !u.Info().Mech && onMap {
			ways = append(ways, struct {
				tactical, extended, truck bool
				flag                      string
			}{false, false, true, "truck"})
		}
		for _, way := range ways {
			how, err := g.howMay(i, way.tactical, way.extended, way.truck)
			if err != nil {
				continue
			}
			if onMap {
				start, _ := g.b.Hex(us.Hex)
				m := g.mover(i, how, ctx, start, false)
				if way.tactical {
					tr := m.TacticalReach()
					for _, a := range hex.SortedKeys(tr) {
						add(tr[a], 0, way.flag)
						out = append(out, g.areaMoves(i, m, tr[a], 0, how, way.flag)...)
					}
					continue
				}
				r := m.Reach()
				for _, a := range r.Hexes() {
					add(r.Path(a), r.Cost(a), way.flag)
					out = append(out, g.areaMoves(i, m, r.Path(a), r.Cost(a), how, way.flag)...)
				}
				continue
			}
			for _, a := range g.b.areas[area] {
				if g.leaveArea(i, area, a) != nil {
					continue
				}
				m := g.mover(i, how, ctx, a, true)
				if way.tactical {
					if _, bar := m.Entry(a); bar.OK() {
						add([]hex.Axial{a}, 0, way.flag)
					}
					continue
				}
				first, r, bar := m.Enter(a)
				if !bar.OK() || first.Cost > how.budget {
					continue
				}
				add([]hex.Axial{a}, first.Cost, way.flag)
				for _, b := range r.Hexes() {
					add(r.Path(b), first.Cost+r.Cost(b), way.flag)
				}
			}
		}
	}
	return out
}

// areaMoves are the moves of unit i along path, found by mover m, on
// into each entry area next to its last hex (21.3.2, salerno43/3): 1 MP
// more, or a hex more of TM, where the move need not stop in that hex.
func (g *Game) areaMoves(i int, m *hexwar.Mover, path []hex.Axial, cost int, how moveHow, flag string) []rules.Choice {
	if !g.ver.moveIntoArea || len(path) < 2 || g.s.Units[i].Repl {
		return nil // 20.4: a unit with a Replacement marker moves 1 hex
	}
	if (how.tactical && len(path) > 2) || (!how.tactical && cost+hexwar.MP > how.budget) {
		return nil
	}
	var out []rules.Choice
	for _, area := range entryAreas {
		if !g.b.inArea(area, path[len(path)-1]) || g.mayMoveIntoArea(i, area, false) != nil {
			continue
		}
		step, err := g.areaStep(m, path, area)
		if err != nil {
			continue
		}
		mc := hexwar.MoveCommand{Unit: g.s.Units[i].ID, End: area}
		for _, a := range path {
			mc.Path = append(mc.Path, g.b.ID(a))
		}
		if flag != "" {
			mc.Flags = []string{flag}
		}
		total, note := cost+step, hexwar.MPText(cost+step)+" MP, into "+area+" (5.1, 21.3.2)"
		if how.tactical {
			total, note = 0, "by TM into "+area+" (5.4, 21.3.2)"
		}
		if g.sc.Units[i].ASU() && g.s.Units[i].Status != Shattered {
			note += "; the ASU becomes DG (17.3)"
		}
		out = append(out, rules.Choice{Command: mc.String(), Piece: mc.Unit, Cost: total, Note: note})
	}
	return out
}

// attackChoices lists, for each hex next to the phasing side's units that
// holds the enemy, the attack of every eligible unit of one nationality,
// the MAF the formation of the strongest, with and without the support at
// hand, each with its odds (8.3).
func (g *Game) attackChoices() []rules.Choice {
	var out []rules.Choice
	side := g.s.Side
	targets := map[hex.Axial]bool{}
	for i := range g.s.Units {
		if a, ok := g.axial(i); ok && g.sc.Units[i].Side != side {
			targets[a] = true
		}
	}
	for _, t := range hex.SortedKeys(targets) {
		groups := map[string][]int{}
		add := func(i int) {
			key := nation(&g.sc.Units[i])
			if g.sc.Units[i].Eighth {
				key += "8"
			}
			groups[key] = append(groups[key], i)
		}
		for _, n := range t.Neighbors() {
			for _, i := range g.pos().at(n) {
				if g.sc.Units[i].Side == side && g.mayAttack(i, t, false) == nil {
					add(i)
				}
			}
		}
		for _, i := range g.areaAttackers(t) {
			add(i) // 21.3.4
		}
		keys := make([]string, 0, len(groups))
		for k := range groups {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			out = append(out, g.attackVariants(t, groups[k])...)
		}
	}
	return out
}

// attackVariants are the attacks of units on t.
func (g *Game) attackVariants(t hex.Axial, units []int) []rules.Choice {
	slices.Sort(units)
	best := units[0]
	for _, i := range units {
		if g.pos().face(i).Attack > g.pos().face(best).Attack {
			best = i
		}
	}
	maf := g.formationOf(best)
	if maf == "" {
		maf = g.sc.Units[best].ID
	}
	a := AttackCommand{Target: g.b.ID(t), MAF: maf}
	for _, i := range units {
		a.With = append(a.With, g.sc.Units[i].ID)
	}
	nat := nation(&g.sc.Units[best])
	variants := []AttackCommand{a}
	if g.markerReady(airMarker(nat)) {
		v := a
		v.Air = true
		variants = append(variants, v)
	}
	if nat != "de" && g.markerReady(nat+"-naval") && g.navalReach(t) == nil {
		v := a
		v.Naval = true // 9.6
		variants = append(variants, v)
		if g.valiantReady() == nil {
			v.Valiant = true // 19.4
			variants = append(variants, v)
		}
	}
	for j, u := range g.sc.Units {
		if !u.ASU() || u.Side != g.s.Side || g.asuCanSupport(j, t, nat) != nil {
			continue
		}
		v := a
		v.Art = []string{u.ID}
		variants = append(variants, v)
		break
	}
	var out []rules.Choice
	for _, v := range variants {
		in, err := g.combatInput(v, true)
		if err != nil {
			continue
		}
		o, err := in.odds()
		if err != nil {
			continue
		}
		note := fmt.Sprintf("%s (8.3)", o.String())
		if v.Valiant {
			note += ", +1 on the die (19.4)"
		}
		out = append(out, rules.Choice{Command: v.String(), Piece: v.With[0], Note: note})
	}
	return out
}

// shatterChoices lists the units that may be shattered voluntarily (13.3.4).
func (g *Game) shatterChoices() []rules.Choice {
	var out []rules.Choice
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side == g.s.Side && us.Hex != "" && us.Status != Shattered && !slices.Contains(g.s.Moved, us.ID) {
			out = append(out, rules.Choice{Command: "shatter " + us.ID, Piece: us.ID, Note: "13.3.4"})
		}
	}
	return out
}
