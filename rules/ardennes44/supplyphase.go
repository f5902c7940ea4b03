package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The Supply and Surrender Phase (23.1-23.10): out of supply, isolation by
// lines of communication, isolated groups and their Surrender Points; and,
// at the end of the German turn, Antwerp (27.3.4) and 150 Pz Bde's
// detection (27.8.1).

// enterSupply checks every unit of the phasing side (23.1), finds the
// isolated ones (23.6) and their groups, and asks a surrender die for each
// group (23.7).
func (g *Game) enterSupply() []rules.Event {
	side := g.s.Side
	st := g.supplyStatuses(side)
	var out, back []string
	var oos []int
	for i := range g.s.Units {
		us := &g.s.Units[i]
		if g.sideOf(i) != side || !inPlay(us.At) {
			continue
		}
		a, on := g.onMap(i)
		if !on {
			us.OOS, us.Isolated = false, false // 23.2: the Off-map Areas are in supply
			continue
		}
		k, _ := g.b.Cell(a)
		if st[k] == hexwar.InSupply {
			if us.OOS {
				back = append(back, us.ID)
			}
			us.OOS, us.Isolated = false, false
			continue
		}
		if !us.OOS {
			out = append(out, us.ID)
		}
		us.OOS = true
		oos = append(oos, i)
	}
	var events []rules.Event
	say := func(text string) { events = append(events, rules.Event{Seat: rules.Seat(side), Text: text}) }
	if len(back) > 0 {
		say("Back in supply (23.1): " + strings.Join(back, ", "))
	}
	if len(out) > 0 {
		say("Out of supply (23.1): " + strings.Join(out, ", "))
	}
	isolated := g.isolate(side, oos)
	groups := g.regroup(side, isolated)
	g.s.Surrender = nil
	for _, grp := range groups {
		g.s.Surrender = append(g.s.Surrender, grp.Units)
		say(fmt.Sprintf("Isolated group (23.6): %s, %d Surrender Points of %d", strings.Join(grp.Units, ", "), grp.Points, g.threshold(grp.Units)))
	}
	return events
}

// isolate marks the units of oos that have no line of communication
// (23.6): a supply path whose Overland part may be relayed from unit to
// unit, each hop at most 4 hexes, to a unit that completes the path. It
// returns the isolated ones.
func (g *Game) isolate(side Side, oos []int) []int {
	r := g.supplyRules(side)
	t := hexwar.NewTracer(g.b.Board, r)
	st := g.supplyStatuses(side)
	var anchors []int // hexes of units with a line
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.sideOf(i) == side {
			if k, _ := g.b.Cell(a); st[k] == hexwar.InSupply {
				anchors = append(anchors, k)
			}
		}
	}
	left := slices.Clone(oos)
	for changed := true; changed && len(anchors) > 0; {
		changed = false
		reach := g.overlandReach(t, r, anchors)
		for x := 0; x < len(left); x++ {
			a, _ := g.onMap(left[x])
			k, _ := g.b.Cell(a)
			if reach(k) {
				anchors = append(anchors, k)
				left = slices.Delete(left, x, x+1)
				x--
				changed = true
			}
		}
	}
	for _, i := range oos {
		g.s.Units[i].Isolated = slices.Contains(left, i)
	}
	return left
}

// overlandReach reports, for a hex, whether an Overland part of at most 4
// hexes leads from it to one of goals (23.3): the first hex entered may be
// an empty enemy-ZOC hex.
func (g *Game) overlandReach(t *hexwar.Tracer, r hexwar.SupplyRules, goals []int) func(k int) bool {
	dist := t.Distances(goals, false, overland)
	grid := g.b.Grid()
	return func(k int) bool {
		if d, ok := dist[k]; ok && d <= overland {
			return true
		}
		for d := range hex.DirectionCount {
			n, ok := grid.Neighbor(k, d)
			if !ok || r.Enemy[n] || !g.b.LandAt(n) || g.b.Impassable(grid.Hex(k), grid.Hex(n)) || !r.Step(k, n, d, true) {
				continue
			}
			if dn, ok := dist[n]; ok && dn+1 <= overland {
				return true
			}
		}
		return false
	}
}

// regroup finds the isolated groups (23.6: every member traces an
// Overland part to another) and gives each its Surrender Points: a group
// that split keeps the points, groups that merged take the larger's by
// total AF, the higher on a tie (23.9); a group one of whose units
// regained supply has lost them (23.10).
func (g *Game) regroup(side Side, isolated []int) []surrenderGroup {
	r := g.supplyRules(side)
	t := hexwar.NewTracer(g.b.Board, r)
	parent := make([]int, len(isolated))
	for x := range parent {
		parent[x] = x
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	cells := make([]int, len(isolated))
	for x, i := range isolated {
		a, _ := g.onMap(i)
		cells[x], _ = g.b.Cell(a)
	}
	for y := range isolated {
		reach := g.overlandReach(t, r, []int{cells[y]})
		for x := range isolated {
			if x != y && reach(cells[x]) {
				parent[find(x)] = find(y)
			}
		}
	}
	byRoot := map[int][]string{}
	var roots []int
	for x, i := range isolated {
		rt := find(x)
		if _, ok := byRoot[rt]; !ok {
			roots = append(roots, rt)
		}
		byRoot[rt] = append(byRoot[rt], g.unit(i).ID)
	}
	var groups []surrenderGroup
	for _, rt := range roots {
		units := byRoot[rt]
		groups = append(groups, surrenderGroup{Units: units, Points: g.inheritedPoints(units)})
	}
	// Groups of the other side stay as they were.
	kept := slices.DeleteFunc(slices.Clone(g.s.Groups), func(x surrenderGroup) bool {
		return len(x.Units) > 0 && g.sideOf(g.index[x.Units[0]]) == side
	})
	g.s.Groups = append(kept, groups...)
	return groups
}

// inheritedPoints are the Surrender Points a group of units takes from the
// groups they were in (23.9, 23.10).
func (g *Game) inheritedPoints(units []string) int {
	best, bestAF := 0, -1
	for _, old := range g.s.Groups {
		if !slices.ContainsFunc(old.Units, func(id string) bool { return slices.Contains(units, id) }) {
			continue
		}
		regained := slices.ContainsFunc(old.Units, func(id string) bool {
			us := g.s.Units[g.index[id]]
			return inPlay(us.At) && !us.OOS
		})
		if regained {
			continue // 23.10
		}
		af := 0
		for _, id := range old.Units {
			af += max(g.face(g.index[id]).AF, 0)
		}
		if af > bestAF || (af == bestAF && old.Points > best) {
			best, bestAF = old.Points, af
		}
	}
	return best
}

// threshold is a group's surrender threshold (23.8): 3 when all its units
// are Green, 5 with an Elite unit, else 4.
func (g *Game) threshold(units []string) int {
	green := true
	for _, id := range units {
		switch g.unit(g.index[id]).Morale {
		case Elite:
			return thresholdElite
		case Veteran:
			green = false
		}
	}
	if green {
		return thresholdGreen
	}
	return thresholdNormal
}

// rollSurrender reads the die of the first group awaited (23.7): -2 for
// Allied groups under clear skies (28.2), a result below 0 counting 0; at
// the threshold the group surrenders, removed for good.
func (g *Game) rollSurrender(die int) []rules.Event {
	units := g.s.Surrender[0]
	g.s.Surrender = g.s.Surrender[1:]
	drm := 0
	if g.s.Side == Allied && clear(g.s.Turn) {
		drm = -2
	}
	pts := surrenderTable.Roll(0, die, drm)
	k := slices.IndexFunc(g.s.Groups, func(x surrenderGroup) bool { return slices.Equal(x.Units, units) })
	grp := &g.s.Groups[k]
	grp.Points = max(grp.Points+pts, 0)
	text := fmt.Sprintf("Surrender roll of %s: %d%+d, %+d point(s), %d of %d (23.7)", strings.Join(units, ", "), die, drm, pts, grp.Points, g.threshold(units))
	if pts < 0 {
		text += "; an airdrop reached them"
	}
	if grp.Points >= g.threshold(units) {
		for _, id := range units {
			i := g.index[id]
			at := g.s.Units[i].At
			g.s.Units[i] = unitState{ID: id, At: goneBox}
			g.removeEmptyIP(at)
		}
		g.s.Groups = slices.Delete(g.s.Groups, k, k+1)
		text += ": the group surrenders, removed for good (23.7)"
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: text}}
}

// antwerpDF is a side's defense strength in Antwerp (27.3.4).
func (g *Game) antwerpDF(side Side) int {
	n := 0
	for i, us := range g.s.Units {
		if us.At == antwerpBox && g.sideOf(i) == side {
			n += g.face(i).DF
		}
	}
	return n
}

// antwerpDue is the British DF still owed to Antwerp at the end of the
// German turn (27.3.4): Allied DF there is to be at least the German DF
// there + 6; 0 when nothing is owed, or no British unit is on the map.
func (g *Game) antwerpDue() int {
	if g.s.Side != German || g.s.Phase != PhaseSupply || len(g.s.Surrender) > 0 {
		return 0
	}
	de := g.antwerpDF(German)
	if de == 0 {
		return 0
	}
	owed := de + antwerpMargin - g.antwerpDF(Allied)
	if owed <= 0 || len(g.britishOnMap()) == 0 {
		return 0
	}
	return owed
}

// antwerpMargin: the Allied DF in Antwerp exceeds the German by 6 (27.3.4).
const antwerpMargin = 6

// britishOnMap lists the British units on the map.
func (g *Game) britishOnMap() []int {
	var out []int
	for i := range g.s.Units {
		if _, ok := g.onMap(i); ok && g.unit(i).Nation == British {
			out = append(out, i)
		}
	}
	return out
}

// antwerp is 'antwerp UNIT...': British units picked up from the map into
// Antwerp (27.3.4).
func (g *Game) antwerp(c Command) ([]rules.Event, error) {
	if g.antwerpDue() == 0 {
		return nil, rules.Refuse("27.3.4", "no British units are owed to Antwerp now")
	}
	var idx []int
	for _, id := range c.Args {
		i, ok := g.unitIndex(id)
		if !ok || !slices.Contains(g.britishOnMap(), i) || slices.Contains(idx, i) {
			return nil, rules.Refuse("27.3.4", "%s is not a British unit on the map", id)
		}
		idx = append(idx, i)
	}
	for _, i := range idx {
		at := g.s.Units[i].At
		g.s.Units[i].At = antwerpBox
		g.removeEmptyIP(at)
	}
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s go to Antwerp (27.3.4): Allied DF %d, German DF %d", strings.Join(c.Args, ", "), g.antwerpDF(Allied), g.antwerpDF(German))}}
	if g.antwerpDue() == 0 {
		events = append(events, g.nextStage()...)
	}
	return events, nil
}

// supplyAwaits: the surrender dice, then the British owed to Antwerp.
func (g *Game) supplyAwaits() bool { return len(g.s.Surrender) > 0 || g.antwerpDue() > 0 }

// 150 Pz Bde's state (27.8.1).
const (
	pz150Used     = "used"
	pz150Detected = "detected"
)

// endGermanTurn closes the German player turn: 150 Pz Bde is detected if it
// used infiltration or surprise (27.8.1; "at the end of the turn" read as
// the German player turn's end, AMB-50); British reinforcements owed to
// Antwerp go there on arrival while the margin is short (27.3.4).
func (g *Game) endGermanTurn() {
	if g.s.Pz150 == pz150Used {
		g.s.Pz150 = pz150Detected
		g.left = append(g.left, rules.Event{Seat: rules.Seat(German), Text: "150 Pz Bde is detected (27.8.1)"})
	}
	if g.antwerpDF(German) > 0 && g.antwerpDF(German)+antwerpMargin > g.antwerpDF(Allied) {
		g.left = append(g.left, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Antwerp is short of British DF (%d of %d): British reinforcements go there on arrival (27.3.4)", g.antwerpDF(Allied), g.antwerpDF(German)+antwerpMargin)})
	}
}
