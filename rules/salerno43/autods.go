package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// Auto DS (8.7): in his Movement Phase the phasing player may declare an
// Auto DS against a hex when his adjacent units reach 10-1 with the MAF
// (8.4), coordination (8.5) and the armor and elite shifts, no air, naval
// nor artillery support, and with legal stacking (8.7.1, 4.4). A German
// variable-strength unit counts 2 in the Allied Movement Phase (19.3). The
// defenders suffer a DS at once: the attacker picks the step, the survivors
// retreat 4 hexes and are Shattered. The units that made it carry an Auto
// DS marker: they move no more that phase and take no part in normal
// combat that turn; in the Combat Phase, after all combats, each may
// advance the DS distance (4 mechanized, 2 otherwise), and the markers
// come off (8.7.2).
//
//	autods HEX with UNIT... maf ID [addon UNIT]
//	autods-advance UNIT HEX...

// checkAuto holds an Auto DS to 8.7.1 before it opens.
func (g *Game) checkAuto(c *Combat) error {
	if err := g.refuseOverstacked("8.7.1", "an Auto DS"); err != nil {
		return err
	}
	if code, ok := c.Odds.Automatic(); !ok || baseCode(code) != "DS" {
		return rules.Refuse("8.7.1", "an Auto DS needs 10-1; %s", c.Odds)
	}
	return nil
}

// markAuto puts Auto DS markers on the attackers: they move no more this
// phase (8.7.1).
func (g *Game) markAuto(c *Combat) {
	for _, i := range c.in.attackers {
		us := &g.s.Units[i]
		us.AutoDS = c.in.a.Target
		if !slices.Contains(g.s.Moved, us.ID) {
			g.s.Moved = append(g.s.Moved, us.ID)
		}
	}
}

// autoAdvance applies an 'autods-advance' command (8.7.2).
func (g *Game) autoAdvance(c Command) ([]rules.Event, error) {
	i := g.index(c.Args[0])
	if i < 0 || g.sc.Units[i].Side != g.s.Side || g.s.Units[i].AutoDS == "" {
		return nil, rules.Refuse("8.7.2", "%s carries no Auto DS marker", c.Args[0])
	}
	path, err := g.autoPath(i, c.Args[1:])
	if err != nil {
		return nil, err
	}
	if err := g.advanceRoom(i, path[len(path)-1]); err != nil {
		return nil, err
	}
	g.s.Waiting = nil // 15.2.1, 8.7.2: the last combat is over, after all combats
	us := &g.s.Units[i]
	for _, a := range path {
		g.setControl(g.b.ID(a), g.s.Side)
	}
	target := us.AutoDS
	us.Hex, us.AutoDS = g.b.ID(path[len(path)-1]), ""
	g.s.AutoAdvanced = true
	g.s.AutoSteps = append(g.s.AutoSteps, autoStep{ID: us.ID, Target: target, Hexes: len(path)})
	text := fmt.Sprintf("%s advances after its Auto DS: %s (8.7.2)", us.ID, strings.Join(c.Args[1:], "-"))
	if w := g.excessWords(); w != "" {
		text += "; " + w
	}
	events := append([]rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}, g.shAdvanceTriggers(i, path)...)
	return append(events, g.autoBreakthrough(i, target)...), nil
}

// autoPath checks an Auto DS advance (8.7.2): the DS distance from where
// the unit stands, as any advance made after its combat (latePath).
func (g *Game) autoPath(i int, ids []string) ([]hex.Axial, error) {
	return g.latePath(g.autoLate(i), ids)
}

// autoLate is Auto DS unit i's advance (8.7.2): the DS distance (14.2.1)
// from the hex its Auto DS vacated.
func (g *Game) autoLate(i int) lateAdvance {
	us := g.s.Units[i]
	vacated, _ := g.b.Hex(us.AutoDS)
	from, _ := g.b.Hex(us.Hex)
	ds, _ := g.b.chart.CRT.Result("DS")
	return lateAdvance{i: i, from: from, vacated: vacated, n: advanceLength(ds, g.sc.Units[i].Info().Mech, us.OOS, us.HalfEff), rule: "8.7.2"}
}

// lateAdvance is an advance made after its combat is over (an Auto DS's,
// 8.7.2; an attacker's after its breakthrough group, 15.2.1): unit i's,
// from where it stands, n hexes at most, vacated the hex its combat
// vacated; rule names the refusals of its length and steps.
type lateAdvance struct {
	i             int
	from, vacated hex.Axial
	n             int
	rule          string
}

// latePath checks an advance made after its combat (14.0): its length,
// each hex where an advance may go, never into an enemy hex nor across an
// enemy bond but into the vacated hex, stopping on entering an enemy ZOC
// other than the vacated hex's; from salerno43/3 also on entering hills
// off road (14.5), its first step bound by 14.4.1's ZOC-to-ZOC rule.
func (g *Game) latePath(l lateAdvance, ids []string) ([]hex.Axial, error) {
	i, from, vacated := l.i, l.from, l.vacated
	us := g.s.Units[i]
	if len(ids) > l.n {
		return nil, rules.Refuse(l.rule, "%s advances at most %d hexes", us.ID, l.n)
	}
	v := g.view(g.s.Side, []int{i})
	m := v.base()
	var path []hex.Axial
	prev := from
	for k, id := range ids {
		if k > 0 {
			if err := g.autoEnded(m, from, vacated, path); err != nil {
				return nil, err
			}
		}
		a, ok := g.b.Hex(id)
		if !ok || hex.Distance(prev, a) != 1 {
			return nil, rules.Refuse(l.rule, "%s is not next to %s", id, g.b.ID(prev))
		}
		if m.Enemy(a) {
			return nil, rules.Refuse(l.rule, "enemy units hold %s", id)
		}
		if a != vacated && m.ZOCLine(prev, a) {
			return nil, rules.Refuse("14.4.2", "an advance never enters nor crosses an enemy bond (%s)", id)
		}
		if err := g.advanceStepAllowed(i, prev, a, k == 0 && a == vacated); err != nil {
			return nil, err
		}
		if k == 0 && g.ver.autoAdvanceRules && a != vacated && g.sameEnemyZOC(g.s.Side, from, a) {
			return nil, rules.Refuse("14.4.1", "an advance goes from one enemy ZOC into another of the same unit only into the vacated hex (%s)", id)
		}
		path = append(path, a)
		prev = a
	}
	// The stacking limit at its end is advanceRoom's (14.1): the path may
	// go on through a full hex.
	return path, nil
}

// advanceRoom refuses, from salerno43/4, an advance of unit i that would
// end in a over the stacking limit (14.1: "Na koniec każdego pościgu
// przestrzegaj limitu stosu"); before, the end of the Combat Phase held it
// (4.4, stackcheck.go).
func (g *Game) advanceRoom(i int, a hex.Axial) error {
	if !g.ver.advanceStacking {
		return nil
	}
	side := g.sc.Units[i].Side
	here := slices.DeleteFunc(slices.Clone(g.pos().at(a)), func(j int) bool { return g.sc.Units[j].Side != side })
	if r := g.stackLimit(here, i); r != nil {
		return rules.Refuse("14.1", "%s ends no advance over the stacking limit: %s %s", g.sc.Units[i].ID, g.b.ID(a), r.Reason)
	}
	return nil
}

// autoEnded says whether an Auto DS advance from from that has come
// along path goes no further: it entered an enemy ZOC other than the
// vacated hex's (14.4.1) or, from salerno43/3, hills off road (14.5).
func (g *Game) autoEnded(m combat.Map, from, vacated hex.Axial, path []hex.Axial) error {
	prev, before := path[len(path)-1], from
	if len(path) > 1 {
		before = path[len(path)-2]
	}
	if m.EnemyZOC(prev) && prev != vacated {
		return rules.Refuse("14.4.1", "entering the enemy ZOC in %s ended the advance", g.b.ID(prev))
	}
	if g.ver.autoAdvanceRules && g.hillsStop(from, before, prev) {
		return rules.Refuse("14.5", "entering the hills of %s off road ended the advance", g.b.ID(prev))
	}
	return nil
}

// autoAdvanceChoices lists each hex an Auto DS unit may advance to, one
// path each.
func (g *Game) autoAdvanceChoices() []rules.Choice {
	var out []rules.Choice
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side != g.s.Side || us.AutoDS == "" || us.Hex == "" {
			continue
		}
		out = append(out, g.lateChoices(g.autoLate(i), "autods-advance")...)
	}
	return out
}

// lateChoices lists each hex an advance made after its combat may end in,
// one path each, as the command verb. Whether an advance ends in a hex may
// hang on the way it came (14.5: hills entered by road or not), so a hex is
// gone on from by the first path that reaches it and does not end there; a
// hex too full to end in (14.1) is gone on from, never listed.
func (g *Game) lateChoices(l lateAdvance, verb string) []rules.Choice {
	var out []rules.Choice
	id := g.sc.Units[l.i].ID
	from, vacated := l.from, l.vacated
	m := g.view(g.s.Side, []int{l.i}).base()
	listed := map[hex.Axial]bool{from: true}
	goneOn := map[hex.Axial]bool{from: true}
	frontier := [][]hex.Axial{nil}
	for len(frontier) > 0 {
		p := frontier[0]
		frontier = frontier[1:]
		at := from
		if len(p) > 0 {
			at = p[len(p)-1]
		}
		for _, n := range at.Neighbors() {
			if (listed[n] && goneOn[n]) || !g.b.Land(n) || slices.Contains(p, n) {
				continue
			}
			q := append(slices.Clone(p), n)
			ids := g.ids(q)
			if _, err := g.latePath(l, ids); err != nil {
				continue
			}
			if !listed[n] && g.advanceRoom(l.i, n) == nil {
				listed[n] = true
				out = append(out, rules.Choice{Command: verb + " " + id + " " + strings.Join(ids, " "), Piece: id, Note: l.rule})
			}
			if !goneOn[n] && g.autoEnded(m, from, vacated, q) == nil {
				goneOn[n] = true
				frontier = append(frontier, q)
			}
		}
	}
	return out
}

// ids are the printed ids of hexes.
func (g *Game) ids(hexes []hex.Axial) []string {
	out := make([]string, len(hexes))
	for k, a := range hexes {
		out[k] = g.b.ID(a)
	}
	return out
}

// autoChoices lists the Auto DS the phasing side may declare now.
func (g *Game) autoChoices() []rules.Choice {
	var out []rules.Choice
	if _, _, over := g.excess(); over {
		return nil // 8.7.1, 4.4: moves bring the stacks within the limit first
	}
	for _, ch := range g.attackChoices() {
		a, err := ParseAttack(ch.Command)
		if err != nil || a.Air || a.Naval || len(a.Art) > 0 {
			continue
		}
		a.Auto = true
		c, err := g.newCombat(a, true)
		if err != nil || g.checkAuto(c) != nil {
			continue
		}
		out = append(out, rules.Choice{Command: a.String(), Piece: a.With[0], Note: c.Odds.String() + " (8.7.1)"})
	}
	return out
}
