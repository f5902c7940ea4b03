package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// nation is the support nationality of a unit (8.5, 9.4): "us", "cw", or
// "de" for the Germans.
func nation(u *Unit) string {
	switch {
	case u.Nation == US:
		return "us"
	case u.Nation.Commonwealth():
		return "cw"
	}
	return "de"
}

// combatInput checks a declaration and reads it (8.1-8.5, 9.4-9.6); check
// is false when a combat already declared is rebuilt from its record,
// after its attackers were marked and its support spent.
func (g *Game) combatInput(a AttackCommand, check bool) (*combatIn, error) {
	t, ok := g.b.Hex(a.Target)
	if !ok {
		return nil, rules.Refuse("8.1", "%s is not a hex of the map", a.Target)
	}
	side := g.s.Side
	in := &combatIn{g: g, a: a, attacker: side, target: t, maf: map[int]bool{}, variable: -1}
	for _, i := range g.pos().at(t) {
		if g.sc.Units[i].Side != side {
			in.defenders = append(in.defenders, i)
		}
	}
	if len(in.defenders) == 0 {
		return nil, rules.Refuse("8.1", "no enemy unit stands in %s", a.Target)
	}
	nations := map[string]bool{}
	armies := map[bool]bool{}
	for _, id := range a.With {
		i := g.index(id)
		if i < 0 {
			return nil, rules.Refuse("8.1", "no unit %s", id)
		}
		if err := g.mayAttack(i, t, a.Breakthrough); err != nil && check {
			return nil, err
		}
		in.attackers = append(in.attackers, i)
		nations[nation(&g.sc.Units[i])] = true
		armies[g.sc.Units[i].Eighth] = true
	}
	if nations["us"] && nations["cw"] {
		return nil, rules.Refuse("8.5", "US and Commonwealth units never attack together")
	}
	if len(armies) > 1 {
		return nil, rules.Refuse("8.5", "5th and 8th Army units never attack together (S2.3.1)")
	}
	if err := g.mafOf(in); err != nil {
		return nil, err
	}
	if err := g.areaStacking(in); err != nil && check {
		return nil, err
	}
	if !check {
		return in, nil
	}
	if g.s.Phase == PhaseInvasion {
		if err := g.checkInvasionBreakthrough(in); err != nil {
			return nil, err
		}
	} else if a.Breakthrough {
		if err := g.checkBreakthrough(in); err != nil {
			return nil, err
		}
	}
	if err := g.checkSupport(in, nations); err != nil {
		return nil, err
	}
	return in, nil
}

// mayAttack says whether unit i may attack the hex t (8.1, 5.7, 9.8, 19.3,
// 22.4, A-18: what it could not cross in movement); again: in a
// breakthrough, which attacks a second time (15.0).
func (g *Game) mayAttack(i int, t hex.Axial, again bool) error {
	u, us := g.sc.Units[i], g.s.Units[i]
	a, on := g.axial(i)
	f := g.pos().face(i)
	veh := u.Info().Vehicle
	switch {
	case g.s.AutoAdvanced && g.s.Phase == PhaseCombat && !again: // 15.4: but the Auto DS's breakthrough
		return rules.Refuse("8.7.2", "Auto DS units have advanced: the combats of the phase are over")
	case u.Side != g.s.Side:
		return rules.Refuse("8.1", "%s is not the phasing player's", u.ID)
	case on && hex.Distance(a, t) != 1:
		return rules.Refuse("8.1", "%s is not next to %s", u.ID, g.b.ID(t))
	}
	if !on {
		if err := g.mayAttackFromArea(i, t, again); err != nil {
			return err
		}
	}
	switch {
	case us.AutoDS != "":
		return rules.Refuse("8.7.1", "%s carries an Auto DS marker: no normal combat this turn", u.ID)
	case us.Status != GoodOrder:
		return rules.Refuse("13.2.1", "%s is %s: DG and Shattered units cannot attack (13.2.1, 13.3.2)", u.ID, us.Status)
	case on && g.replHex(a):
		return rules.Refuse("20.4", "no attack is made from %s: a unit there has a Replacement marker", g.b.ID(a))
	case slices.Contains(g.s.Disengaged, u.ID):
		return rules.Refuse("25.1.3", "%s has tried to disengage this phase: a unit attacks or disengages, not both", u.ID)
	case slices.Contains(g.s.Attacked, u.ID) && !again:
		return rules.Refuse("8.1", "%s has attacked this phase: no unit attacks twice", u.ID)
	case us.Truck:
		return rules.Refuse("5.8", "%s is on a Truck: its attack is 0", u.ID)
	case f.Attack == 0 || u.ASU() || f.Variable:
		return rules.Refuse("17.7, 19.3", "%s has no attack strength", u.ID)
	case !on:
		return nil // 21.3.4: from an entry area no hexside lies between
	case g.b.Impassable(a, t):
		return rules.Refuse("8.1", "%s cannot attack across the all-sea hexside %s/%s", u.ID, g.b.ID(a), g.b.ID(t))
	case veh && g.b.mountainNoRoad(a, t):
		return rules.Refuse("9.8", "%s is a vehicle: it attacks across a mountain hexside only along a road or through a pass", u.ID)
	case us.HalfEff && g.b.Feature(a, t, Mountain):
		return rules.Refuse("5.7", "%s has ½ Eff: it may not attack across a mountain hexside", u.ID)
	case veh && us.HalfEff && g.b.Feature(a, t, River):
		return rules.Refuse("5.7", "%s has ½ Eff: a vehicle with it may not attack across a river", u.ID)
	case veh && g.rain() && g.b.Feature(a, t, River) && g.b.Road(a, t) == "":
		return rules.Refuse("22.4", "in rain vehicles attack across no unbridged river")
	}
	return nil
}

// formationOf is unit i's formation for the MAF (8.4.1) and the divisional
// ASU (9.5.1, 11.3), "" for none: from salerno43/3 an independent unit is
// of none, whatever its line names (8.4.4); it joins a MAF only as the
// add-on (8.4.3).
func (g *Game) formationOf(i int) string {
	u := g.sc.Units[i]
	if u.Independent && g.ver.independentNoFormation {
		return ""
	}
	return u.Formation
}

// mafOf reads the Main Assault Force (8.4): one formation or one unit at
// full strength, and one add-on stacked with it (8.4.3): for the Allies a
// tank-silhouette unit or a battalion (a unit of 1 stacking point, A-51),
// for the Germans any unit.
func (g *Game) mafOf(in *combatIn) error {
	for _, i := range in.attackers {
		f := g.formationOf(i)
		if g.sc.Units[i].ID == in.a.MAF || (f != "" && f == in.a.MAF) {
			in.maf[i] = true
		}
	}
	if len(in.maf) == 0 {
		return rules.Refuse("8.4.1", "maf %s names no attacking unit nor the formation of one", in.a.MAF)
	}
	if in.a.AddOn == "" {
		return nil
	}
	k := g.index(in.a.AddOn)
	if k < 0 || !slices.Contains(in.attackers, k) || in.maf[k] {
		return rules.Refuse("8.4.3", "the add-on %s is an attacking unit not already of the MAF", in.a.AddOn)
	}
	at := g.place(k)
	stacked := false
	for i := range in.maf {
		if g.place(i) == at {
			stacked = true
		}
	}
	if !stacked {
		return rules.Refuse("8.4.3", "the add-on %s must be stacked with a unit of the MAF", in.a.AddOn)
	}
	u := g.sc.Units[k]
	if u.Side == Allied && !u.Silhouette && u.Stacking > 1 {
		return rules.Refuse("8.4.3", "an Allied add-on is a tank-silhouette unit or a battalion, not %s", u.ID)
	}
	in.maf[k] = true
	return nil
}

// checkSupport checks the attacker's support (9.4-9.6, 17.6).
func (g *Game) checkSupport(in *combatIn, nations map[string]bool) error {
	a := in.a
	nat := "de"
	for n := range nations {
		nat = n
	}
	if a.Air {
		m := airMarker(nat)
		if !g.markerReady(m) {
			return rules.Refuse("9.4", "no %s air marker is ready", strings.ToUpper(nat))
		}
	}
	if a.Naval {
		if nat == "de" {
			return rules.Refuse("9.6", "only the Allies have naval support")
		}
		if !g.markerReady(nat + "-naval") {
			return rules.Refuse("9.6", "the %s naval marker is not available this turn", strings.ToUpper(nat))
		}
		if err := g.navalReach(in.target); err != nil {
			return err
		}
		if a.Valiant {
			if err := g.valiantReady(); err != nil {
				return err
			}
		}
	}
	div, corps := 0, 0
	if a.Naval {
		corps++
	}
	for _, id := range a.Art {
		i := g.index(id)
		if i < 0 {
			return rules.Refuse("9.5", "no unit %s", id)
		}
		u := g.sc.Units[i]
		if err := g.asuCanSupport(i, in.target, nat); err != nil {
			return err
		}
		if u.Level == "division" {
			if !slices.ContainsFunc(in.attackers, func(j int) bool { return g.formationOf(j) == u.Formation }) {
				return rules.Refuse("9.5.1", "%s supports only an attack with a unit of its division", id)
			}
			div++
		} else {
			corps++
		}
	}
	if div > 1 || corps > 1 {
		return rules.Refuse("9.5.3", "at most one divisional and one corps support (naval support counts as corps support, 9.6)")
	}
	return nil
}

// airMarker is a nationality's air marker.
func airMarker(nat string) string {
	if nat == "de" {
		return markerLuftwaffe
	}
	return nat + "-air"
}

// navalReach: the target is within 2 hexes of an all-sea hex and not north
// of Campanella Point (9.6).
func (g *Game) navalReach(t hex.Axial) error {
	if g.b.Zone(ZoneNorthOfCampanella, t) {
		return rules.Refuse("9.6", "no naval support north of Campanella Point")
	}
	for _, a := range hex.Range(t, 2) {
		if g.b.OnMap(a) && g.b.Terrain(a) == Sea {
			return nil
		}
	}
	return rules.Refuse("9.6", "%s is not within 2 hexes of the sea", g.b.ID(t))
}

// asuCanSupport: ASU i may support a combat on t (17.4, 17.6.3): its
// side's, on the map, ready, in Good Order, without ½ Eff, within range,
// of the combat's nationality.
func (g *Game) asuCanSupport(i int, t hex.Axial, nat string) error {
	u, us := g.sc.Units[i], g.s.Units[i]
	a, on := g.axial(i)
	switch {
	case !u.ASU():
		return rules.Refuse("17.1", "%s is no ASU", u.ID)
	case !on:
		if err := g.asuFromArea(i, t); err != nil {
			return err
		}
	}
	switch {
	case us.Used:
		return rules.Refuse("17.5", "%s is on its USED side", u.ID)
	case us.Status != GoodOrder:
		return rules.Refuse("17.6.3", "%s is not in Good Order", u.ID)
	case us.HalfEff:
		return rules.Refuse("17.6.3", "%s has ½ Eff", u.ID)
	case on && hex.Distance(a, t) > u.Range:
		return rules.Refuse("17.4", "%s has range %d; %s is %d hexes away", u.ID, u.Range, g.b.ID(t), hex.Distance(a, t))
	case nation(&u) != nat:
		return rules.Refuse("17.6.3", "%s supports only combats of its nationality", u.ID)
	}
	return nil
}
