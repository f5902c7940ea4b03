package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// The Replacement Phase (3.0 B1): Repl restore steps to reduced units on the
// map (6.2), and from turn 2 the Germans mobilize one 243/709 unit (6.7).
//
//	replace UNIT         one Repl restores one step to UNIT (6.2.1)
//	rebuild UNIT [HEX]   one Repl rebuilds an eliminated unit (rebuild.go)
//	mobilize UNIT HEX    UNIT leaves its mobilization box for HEX (6.7)

// startReplacement opens a side's Replacement Phase.
func (g *Game) startReplacement() []rules.Event {
	g.s.Mobilized, g.s.Rebuilt = 0, nil
	return g.alliedTurnStart() // 17.5, 21.1.2, 21.2, 23.2 at the start of an Allied turn
}

// replaceStock checks that unit i may take a Repl now and picks the Repl
// marker it comes from: the first that fits, those that must be used at once
// (6.4.2) and the Tiger/Panther one (6.4.1) first. repl is the side's
// replLine trace.
func (g *Game) replaceStock(i int, repl map[string]SupplyStatus) (int, error) {
	u, us := g.unit(i), &g.s.Units[i]
	// 21.2: units evacuated to the In Britain card take Repl there, with no
	// supply line to trace.
	britain := u.Side == Allied && us.At != "" && us.At == g.inBritainBox()
	switch {
	case g.s.Turn == 1:
		return -1, rules.Refuse("6.2.3", "no replacements in turn 1")
	case us.Gone:
		return -1, rules.Refuse("6.2.1", "%s is eliminated: 'rebuild' it (6.2.2)", u.ID)
	case us.At == "":
		return -1, rules.Refuse("6.2.1", "%s is not on the map", u.ID)
	case !g.b.known(us.At) && !britain:
		return -1, rules.Refuse("6.2.3", "%s is not on the map", u.ID)
	case us.Step == 0:
		return -1, rules.Refuse("6.2.1", "%s is at full strength", u.ID)
	case us.Repl:
		return -1, rules.Refuse("6.2.3", "%s has already taken a Repl this turn", u.ID)
	case us.Disrupted:
		return -1, rules.Refuse("6.2.3", "%s is Disrupted", u.ID)
	case us.Scattered:
		return -1, rules.Refuse("20.2.3", "%s is Scattered: no Repl", u.ID)
	case g.entrenchingBy(u.ID) >= 0:
		return -1, rules.Refuse("16.1.3", "%s began an Improved Position: no Repl until it is complete", u.ID)
	case repl[us.At] != InSupply && !britain:
		if u.Side == German {
			return -1, rules.Refuse("6.2.3", "%s cannot trace a supply line to the map edge now (18.3; Cherbourg alone does not do)", u.ID)
		}
		return -1, rules.Refuse("6.2.3", "%s cannot trace a supply line now (18.3)", u.ID)
	}
	if a, ok := g.b.ids[us.At]; ok && !britain {
		// ENGINE NOTE (7.2), as for mobilization: the restored step may not
		// put the hex over the stacking limit, which a unit with a Repl
		// marker (1 hex of movement, 6.2.4) might not be able to undo.
		us.Step--
		over := g.stackAt(g.occupancy(), a) > stackLimit
		us.Step++
		if over {
			return -1, rules.Refuse("7.1", "a step restored to %s would put %s over the stacking limit", u.ID, us.At)
		}
	}
	return g.replStock(i)
}

// replace gives unit i one Repl (6.2.1) and the Repl marker (6.2.4).
func (g *Game) replace(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Unit, "6.2")
	if err != nil {
		return nil, err
	}
	k, err := g.replaceStock(i, g.replLine(g.s.Side))
	if err != nil {
		return nil, err
	}
	r := &g.s.Repl[k]
	r.Count--
	us := &g.s.Units[i]
	us.Step--
	us.Repl = true
	us.Recovered = us.RecoverOne // 20.2.2: its one step back
	ev := []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s takes a %s %s Repl and regains a step; Repl marker: 1 hex of movement, no attack this turn (6.2.1, 6.2.4)", us.ID, r.Nation, r.Type)}}
	return append(ev, g.reserveSweep()...), nil // 15.4
}

// ownUnit finds a unit of the phasing side by id.
func (g *Game) ownUnit(id, rule string) (int, error) {
	i, ok := g.index[id]
	if !ok {
		return -1, rules.Refuse(rule, "there is no unit %s", id)
	}
	if g.unit(i).Side != g.s.Side {
		return -1, rules.Refuse(rule, "%s is not a %s unit", id, g.s.Side)
	}
	return i, nil
}

// mobilizeCheck checks one mobilization (6.7) with reinforce.go's
// checkMobilization, the enemy read from the position.
func (g *Game) mobilizeCheck(i int, hexID string) error {
	u := g.unit(i)
	if u.Side != German {
		return rules.Refuse("6.7", "only German units are mobilized")
	}
	v := g.supplyView(German)
	if err := checkMobilization(g.sc, g.s.Turn, u, g.s.Units[i].At, hexID, g.s.Mobilized, g.b.atID(v.EnemyUnit), g.b.atID(v.EnemyZOC)); err != nil {
		return err
	}
	// ENGINE NOTE (7.2): as every move here ends within the limit, a
	// mobilized unit may not overstack the hex it is placed on.
	if a, ok := g.b.ids[hexID]; ok && g.stackAt(g.occupancy(), a, i) > stackLimit {
		return rules.Refuse("7.1", "%s would put %s over the stacking limit", u.ID, hexID)
	}
	return nil
}

func (g *Game) mobilize(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Unit, "6.7")
	if err != nil {
		return nil, err
	}
	if err := g.mobilizeCheck(i, c.Path[0]); err != nil {
		return nil, err
	}
	us := &g.s.Units[i]
	box := us.At
	us.At = c.Path[0]
	g.s.Mobilized++
	g.setControl(us.At, German)
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("%s is mobilized from %s to %s; it moves and attacks normally this turn (6.7)", us.ID, box, us.At)}}, nil
}

// replacementChoices lists the phase's legal commands.
func (g *Game) replacementChoices() []rules.Choice {
	var out []rules.Choice
	repl := g.replLine(g.s.Side)
	out = append(out, g.rebuildChoices(repl)...)
	if g.s.Side == German {
		out = append(out, g.allotChoices()...)
	}
	for i := range g.s.Units {
		u := g.unit(i)
		if u.Side != g.s.Side {
			continue
		}
		if k, err := g.replaceStock(i, repl); err == nil {
			r := g.s.Repl[k]
			out = append(out, rules.Choice{Command: "replace " + u.ID, Piece: u.ID,
				Note: fmt.Sprintf("one %s %s Repl restores a step (6.2.1)", r.Nation, r.Type)})
		}
		if u.Side != German || g.s.Mobilized > 0 || g.b.known(g.s.Units[i].At) {
			continue
		}
		bi := slices.IndexFunc(g.sc.Boxes, func(b Box) bool { return b.Name == g.s.Units[i].At && b.Kind == BoxMobilization })
		if bi < 0 {
			continue
		}
		v := g.supplyView(German)
		for _, h := range mobilizationHexes(g.sc, g.sc.Boxes[bi].For, g.b.atID(v.EnemyUnit), g.b.atID(v.EnemyZOC)) {
			if g.mobilizeCheck(i, h) == nil {
				out = append(out, rules.Choice{Command: "mobilize " + u.ID + " " + h, Piece: u.ID, Note: "mobilization (6.7)"})
			}
		}
	}
	return out
}

// regeneration (3.0 B6) takes the phasing side's Repl and Disrupted markers
// off (6.2.4, 13.6).
func (g *Game) regeneration() []rules.Event {
	n := 0
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.unit(i).Side == g.s.Side && (us.Repl || us.Disrupted) {
			us.Repl, us.Disrupted = false, false
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s Regeneration Phase: Repl and Disrupted markers removed from %d units (3.0 B6)", sideWord(g.s.Side), n)}}
}
