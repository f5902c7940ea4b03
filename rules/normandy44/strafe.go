package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Strafing (19.1.4, 19.1.5): in the Allied Combat Phase, before any combat
// is resolved, the Allies assign air markers to hexes holding German
// silhouette armored units ('strafe HEX ARMY'). Each mission is resolved
// just before the ground combat against its hex: one die per marker and per
// such unit, a modified 6 costing the unit a step (T11).
//
// AMBIG-35, the digest's reading: the strafed hex must be attacked in this
// phase (a mission whose hex is not attacked has flown for nothing), and the
// marker's army must be the attackers' (22.1.1).
//
// The first edition (19.1.4, IT L1284-1294, table L1910-1917; D38) strafes
// any German unit but strongpoints: one die per marker and per unit, 5 or 6
// Disrupts it, a modified 6 also costs a silhouette a step; -1 for FLAK
// only. Strafing is no part of an attack there: every mission is flown
// before the first ground combat of the phase (the first attack declared,
// or the phase's end), whatever hexes are attacked, and by either army's
// markers (19.1.2: "nationality is not a limit").

// strafeMission is one air marker assigned to strafe a hex.
type strafeMission struct {
	Hex  string `json:"hex"`
	Army string `json:"army"`
}

// strafeRun is the strafing of one hex in progress, before its combat: the
// attack declared and the dice still awaited, one per unit id listed.
type strafeRun struct {
	Attack  string   `json:"attack"`
	Targets []string `json:"targets"`
}

// StrafeCommand is 'strafe HEX ARMY'.
type StrafeCommand struct {
	Hex  string
	Army string // "us" or "cw"
}

func (s StrafeCommand) String() string { return "strafe " + s.Hex + " " + s.Army }

// ParseStrafe reads 'strafe HEX us|cw' in canonical form.
func ParseStrafe(s string) (StrafeCommand, error) {
	w := strings.Split(s, " ")
	if len(w) != 3 || w[0] != "strafe" || !validHexID(w[1]) || (w[2] != "us" && w[2] != "cw") {
		return StrafeCommand{}, fmt.Errorf("%w: want 'strafe HEX us|cw'", ErrCommand)
	}
	c := StrafeCommand{Hex: w[1], Army: w[2]}
	if c.String() != s {
		return StrafeCommand{}, fmt.Errorf("%w: not canonical: write %q", ErrCommand, c.String())
	}
	return c, nil
}

// strafeTargets are the German units strafing strikes in a hex, in scenario
// order: silhouette armored units (19.1.4: tanks and SP AT guns), or in the
// first edition every German unit but strongpoints (D38).
func (g *Game) strafeTargets(a hx.Axial) []int {
	var out []int
	for i := range g.s.Units {
		if at, ok := g.onMap(i); !ok || at != a {
			continue
		}
		u := g.unit(i)
		switch {
		case u.Side != German:
		case g.ed.strafe.silhouetteArmorOnly && UnitTypes[u.Type].Silhouette && UnitTypes[u.Type].ArmoredT,
			!g.ed.strafe.silhouetteArmorOnly && u.Type != Strongpoint:
			out = append(out, i)
		}
	}
	return out
}

// strafeTargetWords says what strafing strikes, for refusals.
func (g *Game) strafeTargetWords() string {
	if g.ed.strafe.silhouetteArmorOnly {
		return "German silhouette armored unit"
	}
	return "German unit but strongpoints"
}

// checkStrafe checks a strafing mission (19.1.1, 19.1.4).
func (g *Game) checkStrafe(s StrafeCommand) (hx.Axial, error) {
	a, ok := g.b.ids[s.Hex]
	switch {
	case g.s.Phase != PhaseCombat || g.s.Side != Allied:
		return a, rules.Refuse("19.1.4", "strafing is assigned only in the Allied Combat Phase, never the Reserve Combat Phase")
	case g.s.Combats > 0 || g.s.Combat != nil:
		return a, rules.Refuse("19.1.4", "all strafing missions are assigned before any combat is resolved")
	case !g.s.Weather.AirAllowed():
		return a, rules.Refuse("4.3, 19.1.1", "no air support in %s weather", g.s.Weather)
	case !ok:
		return a, rules.Refuse("19.1.4", "%s is not a hex of the map", s.Hex)
	case poolFree(g.s.Air, s.Army) < 1:
		return a, rules.Refuse("19.1.1", "no %s air marker ready this turn (each flies one mission a turn)", s.Army)
	case len(g.strafeTargets(a)) == 0:
		return a, rules.Refuse("19.1.4", "no %s in %s", g.strafeTargetWords(), s.Hex)
	}
	if t := g.b.terrain(a); t == Forest || t == City {
		return a, rules.Refuse("19.1.4", "%s is %s: no strafing in Forest or City", s.Hex, t)
	}
	n := 0
	for _, m := range g.s.Strafes {
		if m.Hex != s.Hex {
			continue
		}
		n++
		if m.Army != s.Army && g.ed.airSupportNationalityLocked {
			// AMBIG-35: only an attack by the strafing markers' army may
			// follow (checkStrafeArmy), and no attack is by both (22.1.1):
			// a second army's marker would fly for nothing.
			return a, rules.Refuse("19.1.4, 22.1.1", "%s is strafed by a %s air marker already: only %s markers may join it (AMBIG-35)", s.Hex, m.Army, m.Army)
		}
	}
	if n >= airMarkersPerCombat(g.s.Turn) {
		return a, rules.Refuse("19.1.4", "at most %d air marker(s) strafe one hex on turn %d", airMarkersPerCombat(g.s.Turn), g.s.Turn)
	}
	return a, nil
}

// strafe assigns a strafing mission: the marker flies now.
func (g *Game) strafe(s StrafeCommand) ([]rules.Event, error) {
	if _, err := g.checkStrafe(s); err != nil {
		return nil, err
	}
	poolUse(g.s.Air, s.Army, 1)
	g.s.Strafes = append(g.s.Strafes, strafeMission{Hex: s.Hex, Army: s.Army})
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("A %s air marker is assigned to strafe %s (19.1.4): resolved just before the attack on it", s.Army, s.Hex)}}, nil
}

// strafeChoices are the missions Legal lists: each hex and army that may
// strafe, the army being one with a unit next to the hex (AMBIG-35).
func (g *Game) strafeChoices() []rules.Choice {
	if g.s.Phase != PhaseCombat || g.s.Side != Allied || g.s.Combats > 0 || g.s.Combat != nil || !g.s.Weather.AirAllowed() {
		return nil
	}
	occ := g.occupancy()
	var out []rules.Choice
	for _, t := range hx.SortedKeys(occ) {
		if g.sideAt(occ, t) != German {
			continue
		}
		for _, army := range supportArmies {
			// AMBIG-35: a hex the army may attack; the first edition's
			// strafing needs no attack (D38).
			near := !g.ed.strafe.silhouetteArmorOnly
			for _, n := range t.Neighbors() {
				for _, i := range occ[n] {
					near = near || (g.unit(i).Side == Allied && supportArmy(g.unit(i)) == army && g.mayAttack(i))
				}
			}
			s := StrafeCommand{Hex: g.b.id(t), Army: army}
			if _, err := g.checkStrafe(s); near && err == nil {
				out = append(out, rules.Choice{Command: s.String(), Piece: s.Hex, Note: "strafing (19.1.4)"})
			}
		}
	}
	return out
}

// strafesOn lists the missions assigned to a hex.
func (g *Game) strafesOn(id string) []strafeMission {
	var out []strafeMission
	for _, m := range g.s.Strafes {
		if m.Hex == id {
			out = append(out, m)
		}
	}
	return out
}

// checkStrafeArmy: the attack on a strafed hex is made by the army whose
// markers strafe it (AMBIG-35).
func (g *Game) checkStrafeArmy(a AttackCommand) error {
	if g.s.Side != Allied || g.s.Phase != PhaseCombat || !g.ed.airSupportNationalityLocked {
		return nil
	}
	army := g.attackArmy(a)
	for _, m := range g.strafesOn(a.Target) {
		if m.Army != army {
			return rules.Refuse("19.1.4, 22.1.1", "%s is strafed by a %s air marker: only a %s attack may follow it (AMBIG-35)", a.Target, m.Army, m.Army)
		}
	}
	return nil
}

// startStrafing opens the strafing of the attacked hex, if it has any: one
// die per marker and per German silhouette armored unit (19.1.4). In the
// first edition it opens every mission of the phase, the attack waiting for
// them (attack nil: the phase's end waits). It reports whether dice are now
// awaited.
func (g *Game) startStrafing(a *AttackCommand) bool {
	if g.s.Phase != PhaseCombat {
		return false
	}
	var ms []strafeMission
	switch {
	case !g.ed.strafe.silhouetteArmorOnly:
		ms = g.s.Strafes
	case a != nil:
		ms = g.strafesOn(a.Target)
	}
	var targets []string
	for _, m := range ms {
		for _, i := range g.strafeTargets(g.b.ids[m.Hex]) {
			targets = append(targets, g.unit(i).ID)
		}
	}
	g.s.Strafes = slices.DeleteFunc(g.s.Strafes, func(m strafeMission) bool { return slices.Contains(ms, m) })
	if len(targets) == 0 {
		return false
	}
	attack := ""
	if a != nil {
		attack = a.String()
	}
	g.s.Strafing = &strafeRun{Attack: attack, Targets: targets}
	return true
}

// strafeMods are 19.1.5's modifiers for unit i: an 88mm Flak in or next to
// its hex, a Strategic Move marker on it.
func (g *Game) strafeMods(i int) StrafeMods {
	at, _ := g.onMap(i)
	var m StrafeMods
	for j := range g.s.Units {
		if b, ok := g.onMap(j); ok && g.unit(j).Type == Flak88 && g.unit(j).Side == German && hx.Distance(at, b) <= 1 {
			m.Flak88 = true
		}
	}
	m.StrategicMove = g.s.Units[i].SM && g.ed.strafe.smDRM != 0 // 19.1.5, 2.2 only
	return m
}

// strafeNeed is the die awaited by the strafing in progress.
func (g *Game) strafeNeed() *rules.DiceNeed {
	r := g.s.Strafing
	if !g.ed.strafe.silhouetteArmorOnly {
		return &rules.DiceNeed{By: rules.Seat(Allied), Sides: []int{6},
			For: fmt.Sprintf("strafing %s in %s before the phase's ground combat: the Allied player rolls one die, 5-6 Disrupts it, a modified 6 costs a silhouette a step (19.1.4, %s)",
				r.Targets[0], g.s.Units[g.index[r.Targets[0]]].At, g.ed.strafe.rule)}
	}
	return &rules.DiceNeed{By: rules.Seat(Allied), Sides: []int{6},
		For: fmt.Sprintf("strafing %s in %s before the attack on it: the Allied player rolls one die, a modified 6 costs %s a step (19.1.4, T11)",
			r.Targets[0], attackTarget(r.Attack), r.Targets[0])}
}

func attackTarget(attack string) string {
	w := strings.Split(attack, " ")
	if len(w) > 1 {
		return w[1]
	}
	return ""
}

// rollStrafe applies one strafing die (T11: a modified 6 costs a step),
// then, with every die rolled, opens the combat the strafing came before.
func (g *Game) rollStrafe(values []int) ([]rules.Event, error) {
	if len(values) != 1 || values[0] < 1 || values[0] > 6 {
		return nil, fmt.Errorf("%w: a strafing roll is one die, 1 to 6, have %v", rules.ErrIllegal, values)
	}
	r := g.s.Strafing
	id := r.Targets[0]
	i := g.index[id]
	var events []rules.Event
	if _, on := g.onMap(i); !on {
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Strafing %s: die %d, the unit is gone already", id, values[0])})
	} else {
		m := g.strafeMods(i)
		text := fmt.Sprintf("Strafing %s in %s: die %d", id, g.s.Units[i].At, values[0])
		if m.Flak88 {
			text += ", -1 for an 88mm Flak (19.1.5)"
		}
		if m.StrategicMove {
			text += ", +1 for its SM marker (19.1.5)"
		}
		if m.DRM() != 0 {
			text += fmt.Sprintf(", modified %d", values[0]+m.DRM())
		}
		res := g.ed.strafe.table.Roll(0, values[0], m.DRM())
		step := res.SilhouetteStep && UnitTypes[g.unit(i).Type].Silhouette
		switch {
		case res.Disrupt && !g.s.Units[i].Disrupted:
			g.s.Units[i].Disrupted = true
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s: Disrupted (%s, 13.6)", text, g.ed.strafe.rule)})
		case !step:
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s: no effect (%s)", text, g.ed.strafe.rule)})
		}
		if step {
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s: one step lost (%s)", text, g.ed.strafe.rule)})
			events = append(events, g.loseStep(i, "19.1.4 strafing"))
		}
	}
	r.Targets = r.Targets[1:]
	if len(r.Targets) > 0 {
		return events, nil
	}
	g.s.Strafing = nil
	if r.Attack == "" {
		// The first edition's strafing before the phase's end: it ends now.
		ended, err := g.endStage()
		return append(events, ended...), err
	}
	a, err := ParseAttack(r.Attack)
	if err != nil {
		panic(fmt.Sprintf("strafing record: %v", err)) // written by declare only
	}
	return append(events, g.openCombat(a, nil)...), nil
}

// strafingWhat names the strafing that comes before an attack on target:
// its own (2.2), or every mission of the phase (the first edition, D38).
func (g *Game) strafingWhat(target string) string {
	if g.ed.strafe.silhouetteArmorOnly {
		return "of " + target
	}
	return "of the phase's missions"
}
