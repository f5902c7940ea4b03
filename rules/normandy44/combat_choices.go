package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// What the Combat Phase offers: the combat's prompt and decisions, the
// attacks a side may declare (10.1-10.3), the orders it may give, and the
// View's lines on combat.

// combatPending is what the combat in progress waits for.
func (g *Game) combatPending(p *rules.Pending) {
	c := g.combat()
	cp := c.pending()
	seat := g.combatSeat(c, Side(cp.Side)) // 24.0: the owner of the units concerned
	p.Seats = []rules.Seat{seat}
	if g.seatsOnly {
		// Who acts, and whether dice are due; not the prompts' words.
		if cp.Roll != "" {
			p.Dice = &rules.DiceNeed{By: seat, Sides: []int{6}}
		}
		return
	}
	where := fmt.Sprintf("Combat %d on %s", g.s.Combat.N, c.Origin)
	if c.Rolled {
		where += fmt.Sprintf(" (%s)", c.Result)
	}
	if cp.Roll != "" {
		p.Dice = &rules.DiceNeed{By: seat, For: rollPrompt(c, cp, where), Sides: []int{6}}
		p.Prompt = p.Dice.For
		return
	}
	p.Prompt = g.decisionPrompt(c, cp, where) // combat_words.go
}

// combatChoices are the decisions the combat in progress leaves to seat.
func (g *Game) combatChoices() []rules.Choice {
	c := g.combat()
	cp := c.pending()
	var out []rules.Choice
	switch cp.Decision {
	case DecAttackerLoss, DecDefenderLoss, DecDDLoss, DecDespDLoss:
		steps := c.UnitSteps()
		total := 0
		for _, id := range cp.Choices {
			total += steps[id]
		}
		for _, ls := range combat.LossSets(cp.Choices, steps, min(cp.Steps, total)) {
			out = append(out, rules.Choice{Command: CombatCommand{Kind: CmdLosses, Units: ls}.String(), Note: cp.Rule})
		}
	default:
		for _, ch := range g.supportChoices(c, cp.Choices) {
			out = append(out, rules.Choice{Command: ch, Note: choiceNote(cp, ch)})
		}
	}
	if Side(cp.Side) == g.s.Side {
		out = append(out, g.unreserveChoices()...) // 15.4: at any time
	}
	return out
}

// attackChoices lists, for each enemy hex next to the phasing side's units
// that may still attack, one legal attack per formation that can be the MAF
// (with every other eligible adjacent unit of the same army), and the same
// with an air marker where one may fly. The full syntax allows any subset.
func (g *Game) attackChoices() []rules.Choice {
	side := g.s.Side
	occ := g.occupancy()
	var out []rules.Choice
	for _, t := range hx.SortedKeys(occ) {
		tid := g.b.id(t)
		if g.sideAt(occ, t) != other(side) || slices.Contains(g.s.Defended, tid) {
			continue
		}
		var cand []int
		for _, n := range t.Neighbors() {
			if g.sideAt(occ, n) != side || g.b.feature(n, t, Impassable) || g.noCross(side, n, t) {
				continue
			}
			for _, i := range occ[n] {
				if g.mayAttack(i) && g.ownedByActor(i) { // 24.0: the acting player's own units
					cand = append(cand, i)
				}
			}
		}
		seen := map[string]bool{}
		for _, m := range cand {
			var maf, with []string
			key := formationKey(g.combatUnit(m))
			army := g.army(m)
			for _, i := range cand {
				if g.army(i) != army {
					continue
				}
				if formationKey(g.combatUnit(i)) == key {
					maf = append(maf, g.unit(i).ID)
				} else {
					with = append(with, g.unit(i).ID)
				}
			}
			if seen[key+army] {
				continue
			}
			seen[key+army] = true
			a := AttackCommand{Target: tid, MAF: maf, With: with}
			for _, id := range a.Units() {
				a.From = append(a.From, g.s.Units[g.index[id]].At)
			}
			slices.Sort(a.From)
			a.From = slices.Compact(a.From)
			slices.Sort(a.MAF)
			slices.Sort(a.With)
			variants := append([]AttackCommand{a}, g.artilleryVariants(a)...)
			if side == Allied {
				b, n := a, a
				b.Air, n.Naval = 1, 1
				variants = append(variants, b, n) // 19.1.2, 19.2.2
			}
			for _, v := range variants {
				if g.checkSupportMarkers(v, t) != nil {
					continue
				}
				in, _ := g.combatInput(v)
				o, err := resolveOdds(in)
				if err != nil {
					continue
				}
				out = append(out, rules.Choice{Command: v.String(), Piece: tid, Note: o.String()})
			}
		}
		out = append(out, g.kampfgruppeChoices(t, cand)...) // 10.3.4
	}
	return out
}

// army groups units that may attack together: US and Commonwealth units
// never do (22.1.1).
func (g *Game) army(i int) string {
	if g.unit(i).Side == Allied && g.unit(i).Nationality != "us" {
		return "cw"
	}
	return string(g.unit(i).Side)
}

// mayAttack: a unit of the phasing side that has not attacked in this phase
// and whose counter may attack (10.7, 13.6, 16.2, 17.x).
func (g *Game) mayAttack(i int) bool {
	u := g.combatUnit(i)
	if slices.Contains(g.s.Attacked, u.ID) || u.DefendOnly || u.Disrupted || u.Strength == 0 || g.replStack(i) || g.s.Units[i].Scattered || g.reserveAttackBar(i) != "" { // 20.2.3: Scattered units do not attack
		return false
	}
	switch u.Type {
	case HQ, Werfer, Engineer, Strongpoint:
		return false
	}
	return true
}

// orderChoices are the standing orders a side may give, listed in the
// Combat Phases.
func orderChoices(attacker bool) []rules.Choice {
	out := []rules.Choice{
		{Command: "order dd always", Note: "standing: Determined Defense whenever allowed (12.4)"},
		{Command: "order dd never", Note: "standing: never Determined Defense (12.4)"},
		{Command: "order dd-support always", Note: "standing: a DD by order takes defensive support where it can (12.4.7, 19.2.2)"},
		{Command: "order dd-support never", Note: "standing: a DD by order takes no defensive support (12.4.7)"},
		{Command: "order despd always", Note: "standing: Desperate Defense whenever allowed (12.5)"},
		{Command: "order despd never", Note: "standing: never Desperate Defense (12.5)"},
		{Command: "order retreat toward-supply", Note: "standing: retreat toward supply (13.1.4)"},
		{Command: "order losses <UNIT>...", Note: "standing: losses from these units first (12.2)"},
	}
	if attacker {
		out = append(out, rules.Choice{Command: "if-retreat advance <UNIT>...", Note: "conditional: advance into the vacated hex (14.1)"},
			rules.Choice{Command: "if-retreat reserve <UNIT>...", Note: "conditional: after DH or A1/D2, these units into Reserve instead of advancing (15.1 b)"})
	}
	return out
}

// combatLines are the View's lines on combat: the orders in force and the
// combat in progress.
func (g *Game) combatLines() []string {
	var lines []string
	for _, o := range g.s.Orders {
		lines = append(lines, fmt.Sprintf("%s order in force: %s", o.Side, o.Text))
	}
	if c := g.combat(); c != nil {
		lines = append(lines, fmt.Sprintf("combat %d in progress: %s", g.s.Combat.N, c.Event()))
		if o := g.outcomeWords(c); o != "" {
			// The map above shows the units where they stood until the
			// combat ends (finishCombat); this is what it has decided.
			lines = append(lines, fmt.Sprintf("combat %d outcome so far (on the map when the combat ends): %s; %s", g.s.Combat.N, o, nextWords(c, false)))
		}
	}
	return lines
}
