package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Allied air and naval support markers as resources (19.1, 19.2): the
// turn's markers per army, spent by attacks ('air N', 'naval N'), strafing
// ('strafe HEX ARMY') and the defensive naval support of a Determined Defense
// (12.4.7, 19.2.2).

// markerPool is one army's air or naval markers of the turn: Ready is how
// many the army has this turn, Used how many have flown or fired.
type markerPool struct {
	Army  string `json:"army"` // "us" or "cw" (22.1.1)
	Ready int    `json:"ready"`
	Used  int    `json:"used,omitempty"`
	// Committed: naval markers suppressing coastal batteries this turn
	// (25.3); they are not in Ready.
	Committed int `json:"committed,omitempty"`
}

// supportArmies is the fixed order of the pools.
var supportArmies = []string{"us", "cw"}

// poolFree is how many of army's markers may still fly or fire this turn
// (19.1.1, 19.2.1: each once a turn).
func poolFree(ps []markerPool, army string) int {
	for _, p := range ps {
		if p.Army == army {
			return p.Ready - p.Used
		}
	}
	return 0
}

// poolUse spends n of army's markers for this turn (19.1.1, 19.2.1).
func poolUse(ps []markerPool, army string, n int) {
	for k := range ps {
		if ps[k].Army == army {
			ps[k].Used += n
		}
	}
}

// supportMarkers sets the Allied markers of the turn from the resources
// (19.1.1: air per the Weather table from turn 2; 19.2.1: every naval marker
// ready again in the Initial Phase; S3.2.4 through resourcesCherbourg), less
// the naval markers the coastal batteries hold (25.3). Called at the start
// of the game (turn 1: naval only, 20.1) and in each Initial Phase.
func (g *Game) supportMarkers() []rules.Event {
	r := g.resources(Allied)
	g.s.Air, g.s.Naval = nil, nil
	if g.s.Turn >= 2 {
		g.s.Air = []markerPool{{Army: "us", Ready: r.AirUS}, {Army: "cw", Ready: r.AirCW}}
	}
	g.s.Naval = []markerPool{{Army: "us", Ready: r.NavalUS}, {Army: "cw", Ready: r.NavalCW}}
	for _, sr := range g.sc.Special {
		if sr.Kind != SpecialSupport {
			continue
		}
		for k := range g.s.Air {
			if g.s.Air[k].Army == sr.Nationality {
				g.s.Air[k].Ready = min(g.s.Air[k].Ready, sr.Air)
			}
		}
		for k := range g.s.Naval {
			if g.s.Naval[k].Army == sr.Nationality {
				g.s.Naval[k].Ready = min(g.s.Naval[k].Ready, sr.Naval)
			}
		}
	}
	events := g.commitBatteries()
	text := fmt.Sprintf("Allied support markers, turn %d: air %s (19.1.1), naval %s (19.2.1)", g.s.Turn, poolWords(g.s.Air), poolWords(g.s.Naval))
	return append([]rules.Event{{Seat: rules.Seat(Allied), Text: text}}, events...)
}

func poolWords(ps []markerPool) string {
	if len(ps) == 0 {
		return "none"
	}
	out := ""
	for k, p := range ps {
		if k > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%d %s", p.Ready, p.Army)
	}
	return out
}

// supportLines describe the markers for View: ready and used.
func (g *Game) supportLines() []string {
	var lines []string
	for _, kind := range []struct {
		name string
		ps   []markerPool
	}{{"air", g.s.Air}, {"naval", g.s.Naval}} {
		for _, p := range kind.ps {
			if p.Ready == 0 && p.Committed == 0 {
				continue
			}
			l := fmt.Sprintf("%s markers %s: %d ready, %d used", kind.name, p.Army, p.Ready-p.Used, p.Used)
			if p.Committed > 0 {
				l += fmt.Sprintf(", %d suppressing coastal batteries (25.3)", p.Committed)
			}
			lines = append(lines, l)
		}
	}
	for _, s := range g.s.Strafes {
		lines = append(lines, fmt.Sprintf("strafing assigned: %s by a %s air marker (19.1.4)", s.Hex, s.Army))
	}
	if r := g.s.Strafing; r != nil {
		lines = append(lines, fmt.Sprintf("strafing of %s in progress, %d die(s) to roll, then: %s (19.1.4)", attackTarget(r.Attack), len(r.Targets), r.Attack))
	}
	if g.s.Bombard > 0 {
		lines = append(lines, fmt.Sprintf("special Cherbourg bombardment made in turn %d (19.2.5)", g.s.Bombard))
	}
	return lines
}

// attackArmy is the army of an attack: "us" or "cw" for the Allies (22.1.1).
func (g *Game) attackArmy(a AttackCommand) string {
	if i, ok := g.index[a.MAF[0]]; ok {
		return supportArmy(g.unit(i))
	}
	return ""
}

// supportArmy is the army whose markers may support an Allied unit: US
// markers the US units, CW (British Eastern TF, beige air) the others
// (19.1.2, 19.2.3, 22.1.1).
func supportArmy(u *Unit) string {
	if u.Nationality == "us" {
		return "us"
	}
	return "cw"
}

// checkAir checks an attack's air markers (19.1.1, 19.1.2, 22.1.1): the
// Allies only, not in Storm, at most the per-combat limit, and no more than
// the attacking army has still ready this turn.
func (g *Game) checkAir(a AttackCommand) error {
	if a.Air == 0 {
		return nil
	}
	if g.s.Side != Allied {
		return rules.Refuse("19.1.1", "only the Allies have air markers")
	}
	if !g.s.Weather.AirAllowed() {
		return rules.Refuse("4.3, 19.1.1", "no air support in %s weather", g.s.Weather)
	}
	if a.Air > airMarkersPerCombat(g.s.Turn) {
		return rules.Refuse("19.1.2", "%d air markers in one combat, at most %d on turn %d", a.Air, airMarkersPerCombat(g.s.Turn), g.s.Turn)
	}
	army := g.attackArmy(a)
	free := 0
	for _, ar := range g.airArmies(army) {
		free += poolFree(g.s.Air, ar)
	}
	if free < a.Air && g.ed.airSupportNationalityLocked {
		return rules.Refuse("19.1.1, 19.1.2, 22.1.1", "%d %s air marker(s) wanted, %d ready this turn (each flies one mission a turn; %s markers support only %s units)", a.Air, army, free, army, army)
	}
	if free < a.Air {
		return rules.Refuse("19.1.1, 19.1.2", "%d air marker(s) wanted, %d ready this turn (each flies one mission a turn)", a.Air, free)
	}
	return nil
}

// navalTarget says how a naval marker may fire at target this turn: the
// empty string if it may not, with the rule and reason, "nbz" for the
// ordinary support (19.2.3) and "bombard" for the special Cherbourg
// bombardment (19.2.5).
func (g *Game) navalTarget(army string, target hx.Axial) (kind, rule, why string) {
	switch {
	case !g.s.Weather.NavalAllowed():
		return "", "4.3, 19.2.3", "no naval support in Storm"
	case g.s.Phase == PhaseInvasion:
		return "", "20.1", "naval markers are not used in the Special Invasion Phase"
	}
	id := g.b.id(target)
	inCherbourg := g.b.inZone(ZoneCherbourg, target)
	if army == "us" && g.s.Bombard == g.s.Turn && g.s.Turn > 0 {
		// 19.2.5: both Western TF markers go to the bombardment this turn.
		if !inCherbourg || slices.Contains(g.s.BombardHexes, id) {
			return "", "19.2.5", "in the turn of the special Cherbourg bombardment the US markers fire only on other hexes inside the Cherbourg defense line"
		}
		if poolFree(g.s.Naval, army) < 1 {
			return "", "19.2.1", "no us naval marker ready this turn"
		}
		return "bombard", "", ""
	}
	if g.b.inZone(ZoneNBZ, target) {
		if poolFree(g.s.Naval, army) < 1 {
			return "", "19.2.1", fmt.Sprintf("no %s naval marker ready this turn (each fires once a game turn)", army)
		}
		return "nbz", "", ""
	}
	if army == "us" && inCherbourg && g.s.Bombard == 0 && g.s.Side == Allied {
		// 19.2.5: once per game, both US markers in one turn. Where the
		// scenario holds the US to one a turn, the second comes with it
		// (S3.2.4).
		need := 2
		if g.usNavalCapped() {
			need = 1
		}
		if poolFree(g.s.Naval, army) < need || (g.usNavalCapped() && g.navalUsed(army) > 0) {
			return "", "19.2.5", "the special Cherbourg bombardment needs both US naval markers unused this turn"
		}
		return "bombard", "", ""
	}
	return "", "19.2.4", fmt.Sprintf("%s is outside the naval bombardment zone (19.2.3)", id)
}

// navalUsed is how many of army's naval markers have fired this turn
// (19.2.5: the special bombardment needs both unused).
func (g *Game) navalUsed(army string) int {
	for _, p := range g.s.Naval {
		if p.Army == army {
			return p.Used
		}
	}
	return 0
}

// checkNaval checks an attack's naval marker (19.2.1-19.2.5, 22.1.1).
func (g *Game) checkNaval(a AttackCommand, target hx.Axial) error {
	if a.Naval == 0 {
		return nil
	}
	if g.s.Side != Allied {
		return rules.Refuse("19.2.1", "only the Allies have naval markers")
	}
	if a.Naval > navalMarkersPerCombat {
		return rules.Refuse("19.2.3", "one naval marker per attack")
	}
	if kind, rule, why := g.navalTarget(g.attackArmy(a), target); kind == "" {
		return rules.Refuse(rule, "%s", why)
	}
	return nil
}

// spendSupport spends an attack's markers, once every check has passed.
func (g *Game) spendSupport(a AttackCommand, target hx.Axial) []rules.Event {
	var events []rules.Event
	for _, id := range a.Art {
		if i, ok := g.index[id]; ok && g.unit(i).Type == HQ {
			g.s.Units[i].HQFired = true // 17.2.3: no move of more than 1 hex after it
		}
	}
	army := g.attackArmy(a)
	for n, k := a.Air, 0; n > 0; k++ {
		// The attacking army's markers first (airArmies).
		ar := g.airArmies(army)[k]
		use := min(n, poolFree(g.s.Air, ar))
		poolUse(g.s.Air, ar, use)
		n -= use
	}
	if a.Naval > 0 {
		kind, _, _ := g.navalTarget(army, target)
		if kind == "bombard" {
			if g.s.Bombard == 0 {
				g.s.Bombard = g.s.Turn
				if g.usNavalCapped() {
					for k := range g.s.Naval {
						if g.s.Naval[k].Army == "us" {
							g.s.Naval[k].Ready++ // S3.2.4: both markers this turn
						}
					}
				}
			}
			g.s.BombardHexes = append(g.s.BombardHexes, g.b.id(target))
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Special Cherbourg bombardment on %s (19.2.5)", g.b.id(target))})
		}
		poolUse(g.s.Naval, army, 1)
	}
	return events
}

// defensiveNaval reports whether an Allied Determined Defense in target may
// take naval support (19.2.2, 19.2.3): the Lead's army has a marker ready,
// the hex is in the NBZ, not in Storm. lead "" asks for any defender.
func (g *Game) defensiveNaval(c *Combat, lead string) (army string, ok bool) {
	target := g.b.ids[c.Origin]
	if c.defender() != Allied || !g.s.Weather.NavalAllowed() || !g.b.inZone(ZoneNBZ, target) {
		return "", false
	}
	for _, u := range c.In.Defenders {
		if lead != "" && u.ID != lead {
			continue
		}
		a := supportArmy(g.unit(g.index[u.ID]))
		if poolFree(g.s.Naval, a) > 0 {
			return a, true
		}
	}
	return "", false
}

// defensiveAir reports whether an Allied Determined Defense in the first
// edition may take an air marker's support (12.4.3, IT L902-904, D23: naval,
// air or HQ artillery): an air marker ready this turn, of the Lead's army
// first, of either army (19.1.2: "nationality is not a limit") where a
// player holds both; in a game of several Allied players his own only, the
// partner's consent (27.1) being no decision the engine asks for.
func (g *Game) defensiveAir(c *Combat, lead string) (army string, ok bool) {
	if !g.ed.ddSupportAlliedAir || c.defender() != Allied || !g.s.Weather.AirAllowed() {
		return "", false
	}
	for _, u := range c.In.Defenders {
		if lead != "" && u.ID != lead {
			continue
		}
		for _, a := range g.airArmies(supportArmy(g.unit(g.index[u.ID]))) {
			if poolFree(g.s.Air, a) > 0 {
				return a, true
			}
		}
	}
	return "", false
}

// airArmies are the armies whose air markers may support a combat of
// army's units, in the order they are spent: its own only where
// nationality binds them (19.1.2 in 2.2, D37) or two players share the
// Allies (24.0; the first edition's 27.1 asks the owner's consent, which
// the engine does not ask for); else its own, then the other's (IT L1276).
func (g *Game) airArmies(army string) []string {
	if g.ed.airSupportNationalityLocked || g.opt.alliedSplit {
		return []string{army}
	}
	if army == "us" {
		return []string{"us", "cw"}
	}
	return []string{"cw", "us"}
}

// checkSupportMarkers runs the checks of an attack that read the markers and
// the army: air (19.1), naval (19.2), the strafing army (AMBIG-35), the army
// boundary (22.1.2) and the scenario's ranges (S3.3).
func (g *Game) checkSupportMarkers(a AttackCommand, t hx.Axial) error {
	if err := g.checkAir(a); err != nil {
		return err
	}
	if err := g.checkNaval(a, t); err != nil {
		return err
	}
	if err := g.checkStrafeArmy(a); err != nil {
		return err
	}
	if err := g.checkBoundary(a, t); err != nil {
		return err
	}
	return g.checkRange(a, t)
}

// usNavalCapped: the scenario holds the US to one naval marker a turn
// ('support us ... naval=1'), so the special Cherbourg bombardment brings
// the second (S3.2.4).
func (g *Game) usNavalCapped() bool {
	return slices.ContainsFunc(g.sc.Special, func(r SpecialRule) bool {
		return r.Kind == SpecialSupport && r.Nationality == "us" && r.Naval == 1
	})
}
