package ardennes44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Combat reports (scene.Reporter): every combat resolved, as structured data
// for 'pbem combats', the replay and the dice statistics.

// recordCombat keeps the report of the combat finishCombat is closing.
func (g *Game) recordCombat(c *Combat) {
	g.ended = g.ended.Add(g.combatReport(c, g.s.Combat.N))
}

// Combats implements scene.Reporter.
func (g *Game) Combats() []scene.Combat { return g.ended.List() }

// combatReport is the report of combat n of the phase, as far as it has
// gone.
func (g *Game) combatReport(c *Combat, n int) scene.Combat {
	in := c.in
	r := scene.Combat{N: n, Turn: g.s.Turn, Phase: g.phaseName(), Attacker: string(in.attacker), Defender: string(in.attacker.Other()),
		Cell: c.Origin, From: slices.Clone(in.attack.From), Attack: c.Odds.Attack, Defense: c.Odds.Defense,
		Odds: c.Odds.Raw.String(), Column: ladder.Label(c.Odds.Final), Text: c.Event()}
	halved := map[string]bool{}
	for _, h := range c.Odds.Halved {
		halved[h.Unit] = true
	}
	for _, u := range c.Attackers {
		cu := scene.CombatUnit{ID: u.ID, Strength: u.Strength, Counted: u.Strength}
		if halved[u.ID] {
			cu.Counted = (u.Strength + 1) / 2
			cu.Notes = append(cu.Notes, "halved (15.2)")
		}
		r.Attackers = append(r.Attackers, cu)
	}
	for _, u := range c.Defenders {
		r.Defenders = append(r.Defenders, scene.CombatUnit{ID: u.ID, Strength: u.Strength, Counted: u.Strength})
	}
	for _, a := range in.art {
		r.Support = append(r.Support, a+", offensive artillery (22.7)")
	}
	if in.air {
		r.Support = append(r.Support, "an Air Support marker (15.6.2)")
	}
	if c.Odds.DB > 0 {
		r.Modifiers = append(r.Modifiers, fmt.Sprintf("+%d DCB, %s (15.1)", c.Odds.DB, in.terrain))
	}
	if c.Odds.RawAttack > c.Odds.Attack {
		r.Modifiers = append(r.Modifiers, fmt.Sprintf("attack %d counts %d (34)", c.Odds.RawAttack, c.Odds.Attack))
	}
	for _, s := range c.Odds.Shifts {
		r.Shifts = append(r.Shifts, scene.Shift{Columns: s.Signed(), Reason: s.Reason, Rule: s.Rule})
	}
	if in.jabos > 0 {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "Jabos (15.6.3)", Die: in.jabos, Modified: in.jabos, Outcome: fmt.Sprintf("%dL", jabosShift(in.jabos, g.bodenplatteOn()))})
	}
	if c.defArtDie > 0 {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "defensive artillery (22.8), " + c.defArt, Die: c.defArtDie, Modified: c.defArtDie})
	}
	if c.surpriseDie > 0 {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "surprise (27.8.3)", Die: c.surpriseDie, Modified: c.surpriseDie})
	}
	if c.Rolled {
		r.Result = string(c.Result.Code)
		if c.Roll > 0 {
			r.Die = c.Roll
			r.Rolls = append(r.Rolls, scene.Roll{Purpose: "combat results (14.4)", Die: c.Roll, Modified: c.Roll, Outcome: r.Result})
			crt := &g.b.chart.CRT
			for die := 1; die <= 6; die++ {
				res := crt.Lookup(c.Odds.Final, die, 0)
				r.Faces = append(r.Faces, scene.Face{Die: die, Result: string(res.Code), Score: crt.Score(res.Code)})
			}
		}
	}
	if c.ffDie > 0 {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "Fire Fight (16.2), lead " + c.ffLead, Die: c.ffDie, Modified: c.ffDie + c.ffMod})
	}
	if d := c.DDOut; d != nil {
		r.Rolls = append(r.Rolls, scene.Roll{Purpose: "Determined Defense (16.7), lead " + d.Lead, Die: d.Roll, Modified: d.Modified, Outcome: ddCell(d.Result)})
	}
	r.Losses = append(c.ReportLosses(lossCauses), c.brokenLost...)
	r.Retreats, r.Advances = c.ReportMoves()
	return r
}

// lossCauses are the rules the report cites for the steps a combat cost.
// Ardennes' retreats eliminate whole units (17.2, 17.5-17.7, 18.5, 23.4,
// 27.1) and charge a path no steps; the one rule that takes steps in a
// retreat is 17.4's, the excess of an overstacked stack.
var lossCauses = combat.LossCauses{CRT: "combat result (16.1)", DD: "Determined Defense (16.7.3)",
	Retreat: "overstacked after the retreat (17.4)", Eliminated: "eliminated in retreat (17.2)"}

// DicePurpose implements scene.DicePurposer: what the awaited dice are for,
// in a few words that group rolls for statistics.
func (g *Game) DicePurpose() string {
	switch {
	case g.s.Dice != "":
		switch d := g.s.Dice; {
		case d == diceOuren:
			return "Ouren bridge"
		case d == diceInfiltrate:
			return "infiltration"
		case d == diceVdH:
			return "airdrop"
		case d == dice653:
			return "653 PzJ arrival"
		case d == diceBodenplatte:
			return "Bodenplatte"
		case d == diceAir:
			return "air support"
		case d == diceDumpPlace, d == diceDumpUnseal:
			return "fuel dumps"
		case len(d) > len(diceDump) && d[:len(diceDump)] == diceDump:
			return "fuel dump demolition"
		}
		return "bridge demolition"
	case g.s.Combat != nil:
		if a := g.combat().Await(); a.Roll != "" {
			return rollWords[a.Roll]
		}
	case g.s.Disengage != nil:
		return "disengagement"
	}
	switch g.s.Phase {
	case PhaseFuel:
		return "fuel shortage"
	case PhaseRally:
		return "rally"
	case PhaseSupply:
		return "surrender"
	case PhaseTraffic, PhasePrelude:
		return "traffic"
	}
	return "dice"
}
