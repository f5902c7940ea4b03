package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Automatic victory (23.0), checked only in the End Phase (23.1) and only
// where the scenario's [victory] says 'automatic yes' (S3.3 I: not in S3).

// 23.3 thresholds.
const (
	autoClosedBeaches = 3 // beaches or Mulberry hexes closed
	autoUSLosses      = 7 // US 3-step units eliminated or at cadre
	autoCWLosses      = 5 // British 3-step units eliminated or at cadre
	autoEdgeUnits     = 3 // 23.2: supplied Allied units on the east or south edge
)

func automaticVictory(s *Scenario) bool {
	return slices.ContainsFunc(s.Victory, func(r VictoryRule) bool { return r.Kind == VictoryAutomatic && r.Automatic })
}

// edgeUnits counts the supplied Allied units on the scenario's east-south-edge
// zone (23.2): supplied is the marker status of their last Supply Phase (18.1).
func (g *Game) edgeUnits() int {
	edge := zoneSet(g.sc, ZoneEdge)
	n := 0
	for i, us := range g.s.Units {
		if _, ok := g.onMap(i); ok && g.unit(i).Side == Allied && edge[us.At] && !us.OutOfSupply {
			n++
		}
	}
	return n
}

// alliedAutomatic is 23.2: at least 3 supplied Allied units on the east or
// south map edge at the end of the German player turn (AMBIG-42: the count
// taken at the start of the Allied player turn, alliedTurnStart), every
// Allied beach open and all four Caen hexes Allied-controlled.
func (g *Game) alliedAutomatic(occ map[hex.Axial][]int) (string, bool) {
	if g.s.EdgeUnits < autoEdgeUnits {
		return "", false
	}
	names := g.beachNames()
	if len(names) == 0 {
		return "", false
	}
	for _, b := range names {
		if !g.openBeach(g.beachHexes(b)[0]) {
			return "", false
		}
	}
	caen := cityHexes(g.sc, "Caen")
	if len(caen) == 0 {
		return "", false
	}
	for _, id := range caen {
		if g.controller(occ, id) != Allied {
			return "", false
		}
	}
	return fmt.Sprintf("%d supplied units on the east or south edge at the end of the German turn, every beach open (%s), all %d Caen hexes held",
		g.s.EdgeUnits, strings.Join(names, ", "), len(caen)), true
}

// alliedAutomaticEd1 is the first edition's 23.2 (D44, IT L1447-1453): in the
// Final Phase (23.1; digest A39: supplied as the Allied Supply Phase just
// left them) an Allied unit in supply on the east or south map edge wins at
// once; so do two of three: St-Lô held (IT names its City hex 1815; the
// engine reads the hexes the map names "St-Lô"), all four Caen City hexes
// held, all three Cherbourg City hexes unable to trace a line to the south
// map edge.
func (g *Game) alliedAutomaticEd1(occ map[hex.Axial][]int) (string, bool) {
	if n := g.edgeUnits(); n > 0 {
		return fmt.Sprintf("%d supplied Allied unit(s) on the east or south map edge", n), true
	}
	held := func(ids []string) bool {
		for _, id := range ids {
			if g.controller(occ, id) != Allied {
				return false
			}
		}
		return len(ids) > 0
	}
	var met []string
	if stLo := namedHexes(g.sc, "St-Lô"); held(stLo) {
		met = append(met, "St-Lô held ("+strings.Join(stLo, ", ")+")")
	}
	if caen := cityHexes(g.sc, "Caen"); held(caen) {
		met = append(met, fmt.Sprintf("all %d Caen hexes held", len(caen)))
	}
	if len(g.sup.cherbourg) > 0 && g.cherbourgCutOffNow() {
		met = append(met, "Cherbourg cut off from the south map edge")
	}
	if len(met) < 2 {
		return "", false
	}
	return strings.Join(met, ", "), true
}

// namedHexes lists the hexes the map names name, in id order.
func namedHexes(s *Scenario, name string) []string {
	var ids []string
	for _, h := range s.Hexes {
		if h.Name == name {
			ids = append(ids, h.ID)
		}
	}
	return ids
}

// beachNames lists the scenario's Allied beaches (Pointe du Hoc is none), in
// name order.
func (g *Game) beachNames() []string {
	var out []string
	for _, p := range g.sc.Places {
		if p.Kind == PlaceBeach && p.Arg != "pointe-du-hoc" && !slices.Contains(out, p.Arg) {
			out = append(out, p.Arg)
		}
	}
	slices.Sort(out)
	return out
}

// closedMulberries lists the Mulberry hexes lost to a German capture and not
// retaken (21.1.5), for 23.3 (AMBIG-43: each hex once).
func (g *Game) closedMulberries(occ map[hex.Axial][]int) []string {
	var out []string
	for _, m := range g.s.Mulberries {
		if !m.Lost {
			continue
		}
		for _, id := range g.mulberrySites(m.Army) {
			if g.controller(occ, id) == German {
				out = append(out, id)
			}
		}
	}
	return out
}

// threeStepLosses counts the Allied 3-step units of a nationality eliminated
// or at cadre (23.3, AMBIG-43: the state now, from the eliminated pile and the
// cadres; evacuated airborne units are left out, 22.2). Units of 2 or fewer
// steps never count, nor do Canadians (the caller asks for "us" and "gb").
func (g *Game) threeStepLosses(nationality string) []string {
	var out []string
	for i, us := range g.s.Units {
		u := g.unit(i)
		if u.Side != Allied || u.Nationality != nationality || len(u.Steps) != 3 || us.At == atEvacuated {
			continue
		}
		if us.Gone || us.Step == 2 {
			out = append(out, us.ID)
		}
	}
	return out
}

// germanAutomatic is 23.3: 3 beaches or Mulberry hexes closed (Sword counts,
// Pointe du Hoc does not), or 7 US or 5 British 3-step units lost.
func (g *Game) germanAutomatic(occ map[hex.Axial][]int) (string, bool) {
	closed := append(g.closedBeaches(), g.closedMulberries(occ)...)
	if len(closed) >= autoClosedBeaches {
		return fmt.Sprintf("%d beaches or Mulberry hexes closed (%s)", len(closed), strings.Join(closed, ", ")), true
	}
	if l := g.threeStepLosses("us"); len(l) >= autoUSLosses {
		return fmt.Sprintf("%d US 3-step units eliminated or at cadre (%s)", len(l), strings.Join(l, ", ")), true
	}
	if l := g.threeStepLosses("gb"); len(l) >= autoCWLosses {
		return fmt.Sprintf("%d British 3-step units eliminated or at cadre (%s)", len(l), strings.Join(l, ", ")), true
	}
	return "", false
}

// checkAutomatic ends the game if a side qualifies for automatic victory now
// (23.1). ENGINE NOTE: should both qualify at once, 23.2 is read first.
func (g *Game) checkAutomatic() []rules.Event {
	if !automaticVictory(g.sc) {
		return nil
	}
	occ := g.occupancy()
	events := g.mulberryLosses(occ)
	why, ok := g.ed.alliedAutoVictory(g, occ) // D44: 23.2 of the edition
	side, rule := Allied, "23.2"
	if !ok {
		why, ok = g.germanAutomatic(occ)
		side, rule = German, "23.3"
	}
	if !ok {
		return events
	}
	g.s.Over = true
	g.s.Result = fmt.Sprintf("%s win automatically in the End Phase of turn %d (%s): %s", winners[side], g.s.Turn, rule, why)
	return append(events, rules.Event{Text: "Game over: " + g.s.Result})
}

// sevenTurnVP reports whether the scenario counts the 7-turn scenario's VP
// (S2.2) rather than vp records.
func sevenTurnVP(s *Scenario) bool {
	return slices.ContainsFunc(s.Victory, func(r VictoryRule) bool { return r.Kind == VictorySevenTurn })
}

// s2State is the position S2.2 reads (AMBIG-45: control as 2.2.5, no supply
// line asked; a drop hex counts when Allied units occupy it).
func (g *Game) s2State() S2State {
	vs := g.victoryState()
	v := g.supplyView(Allied)
	return S2State{Control: vs.Control, Positions: vs.Positions, LinkByControl: !g.ed.miniLinkRequiresNoGermanZOC,
		GermanUnit: g.b.atID(v.EnemyUnit), GermanZOC: g.b.atID(v.EnemyZOC), AlliedUnit: g.b.atID(v.FriendlyUnit)}
}
