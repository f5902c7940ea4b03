package ardennes44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Support and the combat's other participants: artillery (22.4-22.8), air
// markers (15.6.2), the bridges of step 1 (7.4) and the Fire Fight's Lead
// (16.2.1).

// movedThisTurn: German unit i moved in this turn. Its Moved mark, reset
// in each German Movement Phase, stays on through the Allied Night phases,
// a turn of their own (25.1) after its PM move.
func (g *Game) movedThisTurn(i int) bool {
	return g.s.Units[i].Moved && !(g.night() && g.s.Side == Allied)
}

// artilleryMay reports why artillery unit i may not support a combat on
// target for side's combat that includes the units with (offence) or is
// fought by the defenders in (defence), "" when it may (22.4, 22.6, 22.9,
// 29.2).
func (g *Game) artilleryMay(i int, target hex.Axial, participants []int, defending bool) string {
	u, us := g.unit(i), g.s.Units[i]
	a, on := g.onMap(i)
	switch {
	case !u.Arty():
		return "it is not artillery (22.1)"
	case us.Face != 0:
		return "it is on its Fired side (22.5)"
	case us.Status != "":
		return "it is Disrupted or Broken (18.3, 22.6)"
	case us.ENG:
		return "it is Engaged (16.5, 22.6)"
	case us.Mover:
		return "it is under a Prime Mover marker (22.3)"
	case g.gunByMA(u) && g.movedThisTurn(i):
		return "it moved this turn: only Nebelwerfers among German artillery shift and fire (22.1, 22.2)"
	case on && a == target:
		return "it is in the hex attacked: it supports other hexes only (22.9)"
	}
	if on {
		if hex.Distance(a, target) > u.Range {
			return "the hex attacked is beyond its range (22.4)"
		}
	} else if !g.supportsOntoMap(i, target) {
		return "it is not on the map"
	}
	colour := u.Army == Yellow // AMB-28: army-level artillery supports any combat of its side
	for _, j := range participants {
		if g.unit(j).Army == u.Army {
			colour = true
		}
	}
	if !colour {
		return "no unit of the combat has its army or corps colour (22.6)"
	}
	if g.s.Turn == 1 {
		switch {
		case u.Side == Allied && defending && !u.Has(MarkV187):
			return "on turn 1 only V/187 and V/406 give Allied defensive support (29.2.1)"
		case u.Side == German && !defending:
			same := false
			for _, j := range participants {
				if g.unit(j).Corps != "" && g.unit(j).Corps == u.Corps {
					same = true
				}
			}
			if !same {
				return "on turn 1 German artillery supports only attacks by units of its corps (29.2.2)"
			}
		}
	}
	return ""
}

// supportsOntoMap: artillery in a Blocking Position, or its sector's
// Off-map Area, supports an attack onto its entry hex (13.8.1, AMB-16).
func (g *Game) supportsOntoMap(i int, target hex.Axial) bool {
	e := g.b.entries[g.b.id(target)]
	at := g.s.Units[i].At
	return e != nil && (at == blockPrefix+e.Letter || at == offPrefix+e.Area)
}

// checkSupport checks the attack's artillery and air marker (22.7, 15.6).
func (g *Game) checkSupport(a AttackCommand, with []int) error {
	t := g.b.ids[a.Target]
	in := &combatIn{attacker: g.s.Side, turn: g.s.Turn, night: g.night()}
	if len(a.Art) > 0 && in.jabosApplies() {
		return rules.Refuse("15.6.3", "under clear skies the Jabos die comes before the German artillery is committed: declare the attack without 'art', then choose the support ('support art UNIT...')")
	}
	for k, id := range a.Art {
		i, ok := g.unitIndex(id)
		switch {
		case !ok || g.sideOf(i) != g.s.Side:
			return rules.Refuse("22.6", "no artillery unit %s of yours", id)
		case slices.Contains(a.Art[:k], id):
			return rules.Refuse("22.6", "%s is named twice", id)
		}
		if why := g.artilleryMay(i, t, with, false); why != "" {
			return rules.Refuse("22.6", "%s may not support: %s", id, why)
		}
	}
	if a.Air {
		switch {
		case g.s.Side != Allied:
			return rules.Refuse("15.6", "air support is the Allied player's")
		case g.night() || !clear(g.s.Turn):
			return rules.Refuse("15.6.1", "air support is flown from turn 15 to 22, never at night")
		case g.s.Air <= 0:
			return rules.Refuse("15.6.2", "no Air Support marker is left this turn")
		}
	}
	if a.Surprise {
		ok := false
		for _, i := range with {
			if g.unit(i).Has(MarkPz150) {
				ok = true
			}
		}
		if !ok || g.s.Pz150 == pz150Detected {
			return rules.Refuse("27.8.3", "only an undetected 150 Pz Bde attacks by surprise")
		}
	}
	return nil
}

// supportChoices lists the German support decisions after the Jabos die:
// each eligible artillery unit and pair (22.7).
func (g *Game) supportChoices(in *combatIn) []string {
	var eligible []string
	for i := range g.s.Units {
		if g.sideOf(i) == in.attacker && g.unit(i).Arty() && g.artilleryMay(i, in.target, in.attackers, false) == "" {
			eligible = append(eligible, g.unit(i).ID)
		}
	}
	var out []string
	for x, a := range eligible {
		out = append(out, supportCommand([]string{a}, false).String())
		for _, b := range eligible[x+1:] {
			out = append(out, supportCommand([]string{a, b}, false).String())
		}
	}
	return out
}

// defensiveArtillery lists the defender's artillery that may support the
// defence of the hex (22.6, 22.8, 25.3.2: at night too, without a marker).
func (g *Game) defensiveArtillery(in *combatIn) []string {
	var out []string
	for i := range g.s.Units {
		if g.sideOf(i) == in.attacker.Other() && g.unit(i).Arty() && g.artilleryMay(i, in.target, in.defenders, true) == "" {
			out = append(out, g.unit(i).ID)
		}
	}
	return out
}

// bridgeOut reports whether a bridge has a Blown or Working marker.
func (g *Game) bridgeOut(side string) bool {
	return slices.ContainsFunc(g.s.Bridges, func(b bridgeState) bool { return b.Side == side })
}

// bridgesAttacked lists the standing bridges the attack crosses that the
// defender may try to blow (7.4): not on turns 1 and 2 or the first Night
// (7.6), once a bridge in a player turn (7.2, AMB-8), with a non-Broken
// unit of his in or next to the bridge hex (7.3, AMB-58); not a bridge
// through a town (3.3: none is drawn). The Ouren bridge, unchecked, is
// checked the first time a German unit attacks across it (7.7).
func (g *Game) bridgesAttacked(in *combatIn) []string {
	var out []string
	defender := in.attacker.Other()
	for _, i := range in.attackers {
		f, ok := g.b.ids[g.s.Units[i].At]
		if !ok || !g.b.bridgeSide(f, in.target) {
			continue
		}
		side := g.b.sideID(f, in.target)
		if g.bridgeOut(side) || slices.Contains(out, side) {
			continue
		}
		if side == g.sc.Special.Ouren && g.s.Ouren == "" && in.attacker == German {
			out = append(out, side)
			continue
		}
		if g.mayBlow(defender, side, true) == "" {
			out = append(out, side)
		}
	}
	return out
}

// ffLeads are the attacking units that may lead a Fire Fight (16.2.1): not
// Disrupted or Broken (they may attack, but not lead: AMB-52), not
// artillery or under SM, able to enter the defender's
// hex legally (a vehicle never across a bridge blown in this combat; from
// ardennes44/4 a German unit never across an army boundary before turn 5,
// 11.10.1).
func (g *Game) ffLeads(c *Combat) []string {
	var out []string
	for _, u := range c.AttackersLeft() {
		i := g.index[u.ID]
		us := g.s.Units[i]
		if us.Status != "" || g.unit(i).Arty() || us.SM || u.Strength == 0 || !c.in.canEnter(i) {
			continue
		}
		if g.ver.ffLeadBoundary && g.acrossBoundary(i, c.in.target) {
			continue
		}
		out = append(out, u.ID)
	}
	return out
}

// acrossBoundary reports whether German unit i would cross an army
// boundary into hex to before the boundaries are lifted (11.10.1, L559),
// which it may attack across but not enter (11.10.2, L563). A unit marked
// for retreating across one may move back (stepRules), but it is Disrupted
// or Broken and leads no Fire Fight anyway.
func (g *Game) acrossBoundary(i int, to hex.Axial) bool {
	f, ok := g.b.ids[g.s.Units[i].At]
	return ok && g.sideOf(i) == German && g.s.Turn < boundariesLifted && g.b.feature(f, to, ArmyBoundary)
}

// ffDRM is the Fire Fight's modifier for Lead i (16.2): +1 Green, -1
// Elite, -1 an armour unit with a grey TQ at least the best in the hex,
// where an armour shift may be had (21.3), +1 on FF(+1).
func (g *Game) ffDRM(c *Combat, i int) int {
	u := g.unit(i)
	drm := moraleDRM(u.Morale)
	if u.Armour() && u.TQKind == TQTank && u.TQ >= c.in.defenderTQ() && c.in.armourTerrain() {
		drm--
	}
	if c.Result.Tags.Has(TagFFPlus) || (c.Rolled && c.Result.Code == "FF(+1)") {
		drm++
	}
	return drm
}

// eliminatesInRetreat: the units a retreat eliminates rather than moves: a
// Broken unit (18.5); German artillery without a Prime Mover (17.7); a unit
// out of supply retreating 3 hexes or more (23.4); a US engineer retreating
// 3 or more (27.1); the fuel dump (32.2, captured); a unit that retreated
// this phase is the series' (17.5).
func (g *Game) eliminatesInRetreat(u combat.Unit, hexes int) bool {
	i := g.index[u.ID]
	us := g.s.Units[i]
	switch {
	case us.Status == statusBroken:
		return true
	case g.unit(i).Arty() && g.sideOf(i) == German && !us.Mover:
		return true
	case us.OOS && hexes >= 3:
		return true
	case g.unit(i).Type == Engineer && hexes >= 3:
		return true
	case g.unit(i).Type == SupplyDepot:
		return true
	}
	return false
}

// Unit statuses (18.1).
const (
	statusDisrupted = "disrupted"
	statusBroken    = "broken"
)
