package normandy44

import (
	"fmt"
	"slices"
	"strings"
)

// Victory points and the scenarios' victory checks (S1.3, S2.2, S3.3), as
// functions of plain inputs: control by hex id (2.2.5, controlMap), unit
// positions by unit id, supply traces (traceSupply).

// Verdict is who wins a scenario at its end, and why in words.
type Verdict struct {
	Winner   Side
	Reason   string
	AlliedVP int // net Allied VP where the scenario counts VP (S1.3.1, S2.2)
	GermanVP int
}

// S1.3.1 values: a Town is worth 1 VP and a City hex 2.
const (
	townVP = 1
	cityVP = 2
)

// s1VPRecords derives the S1.3.1 victory-point hexes from a map, as the vp
// records a campaign scenario should carry: to the Allies, every Town and City
// hex on the German side of the 27 June line or inside the Cherbourg
// perimeter; to the Germans, every Town and City hex on the Allied (northern)
// side of the line. Each City hex counts on its own. Ordered by hex id.
func s1VPRecords(s *Scenario) []VictoryRule {
	north := zoneSet(s, ZoneNorth27)
	region := zoneSet(s, ZoneCherbourg)
	var out []VictoryRule
	for _, h := range s.Hexes {
		vp := 0
		switch h.Terrain {
		case Town:
			vp = townVP
		case City:
			vp = cityVP
		default:
			continue
		}
		if !north[h.ID] || region[h.ID] {
			out = append(out, VictoryRule{Kind: VictoryVP, Side: Allied, Hex: h.ID, Points: vp})
		}
		if north[h.ID] {
			out = append(out, VictoryRule{Kind: VictoryVP, Side: German, Hex: h.ID, Points: vp})
		}
	}
	return out
}

func zoneSet(s *Scenario, name string) map[string]bool {
	set := map[string]bool{}
	for _, z := range s.Zones {
		if z.Name == name {
			for _, id := range z.Hexes {
				set[id] = true
			}
		}
	}
	return set
}

// victoryPoints counts the scenario's vp records (S1.3.1): a hex scores for
// its side when that side controls it and can trace a supply line from it.
// alliedSupply is the Allied traceSupply; germanSupply must be traced with
// EdgeOnly, since Cherbourg may not be the German source (S1.3.1).
func victoryPoints(s *Scenario, control map[string]Side, alliedSupply, germanSupply map[string]SupplyStatus) (allied, german int) {
	for _, r := range s.Victory {
		if r.Kind != VictoryVP || control[r.Hex] != r.Side {
			continue
		}
		switch {
		case r.Side == Allied && alliedSupply[r.Hex] == InSupply:
			allied += r.Points
		case r.Side == German && germanSupply[r.Hex] == InSupply:
			german += r.Points
		}
	}
	return allied, german
}

// VictoryState is the position at the end of a scenario that its victory
// records read.
type VictoryState struct {
	Turn      int               // the turn whose End Phase this is
	Control   map[string]Side   // controlMap (2.2.5)
	Positions map[string]string // unit id -> hex id, units on the map only
	// Unsupplied holds the units carrying an out-of-supply or Isolated marker
	// (18.1): "supplied" is the status fixed at their last Supply Phase.
	Unsupplied map[string]bool
	// AlliedSupply and GermanSupply (EdgeOnly) are traces for vp records.
	AlliedSupply, GermanSupply map[string]SupplyStatus
	// CutOff holds each city named by a cut-off record whose hexes none traces
	// supply to the south map edge (cherbourgCutOff for "Cherbourg").
	CutOff map[string]bool
}

// checkVictory applies a scenario's [victory] records at the end of the game
// (S1.3, S3.3 I; automatic victory, 23.0, is the End Phase's): every require
// must hold; if any occupy or cut-off record exists, one of them must hold; if
// a threshold exists, the side's net VP (its VP less the other side's) must
// reach it. When all of that holds the records' side wins, otherwise the
// default side. The reason names the rules.
func checkVictory(s *Scenario, st VictoryState) Verdict {
	var (
		side      Side
		def       Side
		failed    []string
		held      []string
		alts      []string
		altHeld   bool
		threshold = -1
	)
	zones := map[string]map[string]bool{}
	for _, r := range s.Victory {
		switch r.Kind {
		case VictoryDefault:
			def = r.Side
		case VictoryRequire:
			side = r.Side
			if st.Control[r.Hex] == r.Side {
				held = append(held, fmt.Sprintf("%s controls %s", r.Side, hexLabel(s, r.Hex)))
			} else {
				failed = append(failed, fmt.Sprintf("%s does not control %s", r.Side, hexLabel(s, r.Hex)))
			}
		case VictoryOccupy:
			side = r.Side
			if zones[r.Zone] == nil {
				zones[r.Zone] = zoneSet(s, r.Zone)
			}
			desc := fmt.Sprintf("a%s%s %s unit in %s in the End Phase of turn %d", cond(r.Supplied, " supplied"), cond(r.NonHQ, " non-HQ"), r.Side, r.Zone, r.Turn)
			alts = append(alts, desc)
			if u := occupant(s, st, r, zones[r.Zone]); u != "" {
				altHeld = true
				held = append(held, fmt.Sprintf("%s (%s)", desc, u))
			}
		case VictoryCutOff:
			side = r.Side
			desc := fmt.Sprintf("%s cut off from the south map edge", r.Place)
			alts = append(alts, desc)
			if st.CutOff[r.Place] {
				altHeld = true
				held = append(held, desc)
			}
		case VictoryThreshold:
			side, threshold = r.Side, r.Points
		}
	}
	v := Verdict{}
	if threshold >= 0 {
		a, g := victoryPoints(s, st.Control, st.AlliedSupply, st.GermanSupply)
		v.AlliedVP, v.GermanVP = a, g
		net := a - g
		if side == German {
			net = g - a
		}
		line := fmt.Sprintf("%s net VP %d (Allied %d, German %d), %d needed", side, net, a, g, threshold)
		if net >= threshold {
			held = append(held, line)
		} else {
			failed = append(failed, line)
		}
	}
	if len(alts) > 0 && !altHeld {
		failed = append(failed, "none of: "+strings.Join(alts, "; or "))
	}
	if side == "" {
		return Verdict{Winner: def, Reason: "the scenario names no victory condition"}
	}
	if def == "" {
		def = otherSide(side)
	}
	if len(failed) == 0 {
		v.Winner, v.Reason = side, fmt.Sprintf("%s win: %s", side, strings.Join(held, ", "))
		return v
	}
	v.Winner, v.Reason = def, fmt.Sprintf("%s win: %s", def, strings.Join(failed, ", "))
	return v
}

func otherSide(s Side) Side {
	if s == Allied {
		return German
	}
	return Allied
}

func cond(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

// hexLabel is a hex id with its map name, "2512 Carentan".
func hexLabel(s *Scenario, id string) string {
	for _, h := range s.Hexes {
		if h.ID == id && h.Name != "" {
			return id + " " + h.Name
		}
	}
	return id
}

// occupant finds the first unit, in id order, that meets an occupy record
// (S3.3 I a), or "".
func occupant(s *Scenario, st VictoryState, r VictoryRule, zone map[string]bool) string {
	ids := make([]string, 0, len(st.Positions))
	for id := range st.Positions {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	if r.Turn != 0 && st.Turn != r.Turn {
		return ""
	}
	for _, id := range ids {
		u, ok := scenarioUnit(s, id)
		if !ok || u.Side != r.Side || !zone[st.Positions[id]] {
			continue
		}
		if (r.NonHQ && u.Type == HQ) || (r.Supplied && st.Unsupplied[id]) {
			continue
		}
		return id
	}
	return ""
}

// S2State is the position at the end of turn 7 of the 7-turn scenario (S2.2).
type S2State struct {
	Control   map[string]Side
	Positions map[string]string // unit id -> hex id, units on the map only
	// GermanUnit and GermanZOC read the beach link road (S2.2); an Allied
	// unit negates German ZOC in its own hex, so GermanZOC is asked only of
	// hexes AlliedUnit says are empty of Allied units.
	GermanUnit, GermanZOC, AlliedUnit func(hexID string) bool
	// LinkByControl: the link road is one the Allies control, hex by hex
	// (the first edition's 25, IT L1505, D46), not one free of German
	// units and ZOC (2.2).
	LinkByControl bool
}

// s2Threshold is the Allied VP the 7-turn scenario needs (S2.2).
const s2Threshold = 14

// s2VictoryPoints counts the Allied VP of the 7-turn scenario (S2.2), with one
// line per item: +3 for a road from Juno beach to Ste-Mère-Église free of
// German units and ZOC; +2 for Bayeux and each City hex outside the NBZ; +1
// for each Town outside the NBZ; +1 for each parachute drop hex; -2 for each
// engineer not on its beach. AMBIG-45 defaults: Bayeux is always 2; control
// needs no supply line; a drop hex counts when Allied units occupy it.
func s2VictoryPoints(s *Scenario, st S2State) (vp int, lines []string) {
	add := func(n int, format string, args ...any) {
		vp += n
		lines = append(lines, fmt.Sprintf("%+d ", n)+fmt.Sprintf(format, args...))
	}
	if beachLink(s, st) && st.LinkByControl {
		add(3, "beach link: road from Juno to Ste-Mère-Église Allied-controlled (S2.2)")
	} else if beachLink(s, st) {
		add(3, "beach link: road from Juno to Ste-Mère-Église clear of German units and ZOC (S2.2)")
	}
	nbz := zoneSet(s, ZoneNBZ)
	for _, h := range s.Hexes {
		if st.Control[h.ID] != Allied {
			continue
		}
		switch {
		case h.Name == "Bayeux":
			add(2, "%s (S2.2)", hexLabel(s, h.ID))
		case h.Terrain == City && !nbz[h.ID]:
			add(cityVP, "City %s outside the NBZ (S2.2)", hexLabel(s, h.ID))
		case h.Terrain == Town && !nbz[h.ID]:
			add(townVP, "Town %s outside the NBZ (S2.2)", hexLabel(s, h.ID))
		}
	}
	occupied := map[string]bool{}
	for id, at := range st.Positions {
		if u, ok := scenarioUnit(s, id); ok && u.Side == Allied {
			occupied[at] = true
		}
	}
	drops := map[string]bool{}
	for _, p := range s.Places {
		if p.Kind == PlaceDrop && !drops[p.Hex] {
			drops[p.Hex] = true
			if occupied[p.Hex] {
				add(1, "drop hex %s (S2.2)", p.Hex)
			}
		}
	}
	for _, u := range s.Units {
		if u.Type != Engineer || u.Side != Allied {
			continue
		}
		at, onMap := st.Positions[u.ID]
		if !onMap || !isBeachOf(s, at, u.Beach) {
			add(-2, "engineer %s not on %s (S2.2)", u.ID, u.Beach)
		}
	}
	return vp, lines
}

func isBeachOf(s *Scenario, hexID, beach string) bool {
	return slices.ContainsFunc(s.Places, func(p Place) bool {
		return p.Kind == PlaceBeach && p.Hex == hexID && p.Arg == beach
	})
}

// beachLink reports whether a road runs from a Juno beach hex to the hex named
// Ste-Mère-Église through hexes free of German units and of German ZOC not
// negated by an Allied unit (S2.2).
func beachLink(s *Scenario, st S2State) bool {
	free := func(id string) bool {
		if st.LinkByControl {
			return st.Control[id] == Allied
		}
		if call1(st.GermanUnit, id) {
			return false
		}
		return call1(st.AlliedUnit, id) || !call1(st.GermanZOC, id)
	}
	next := map[string][]string{}
	for _, r := range s.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			a, b := r.Hexes[i-1], r.Hexes[i]
			next[a] = append(next[a], b)
			next[b] = append(next[b], a)
		}
	}
	goal := ""
	for _, h := range s.Hexes {
		if h.Name == "Ste-Mère-Église" {
			goal = h.ID
		}
	}
	var queue []string
	seen := map[string]bool{}
	for _, p := range s.Places {
		if p.Kind == PlaceBeach && p.Arg == "juno" && free(p.Hex) && !seen[p.Hex] {
			seen[p.Hex] = true
			queue = append(queue, p.Hex)
		}
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		if h == goal {
			return true
		}
		for _, n := range next[h] {
			if !seen[n] && free(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}

// s2Verdict is the 7-turn scenario's result when no one won automatically
// (S2.2): the Allies with 14 VP, else the Germans.
func s2Verdict(s *Scenario, st S2State) Verdict {
	vp, lines := s2VictoryPoints(s, st)
	threshold := s2Threshold
	for _, r := range s.Victory {
		if r.Kind == VictoryThreshold && r.Side == Allied {
			threshold = r.Points
		}
	}
	why := strings.Join(lines, "; ")
	if vp >= threshold {
		return Verdict{Winner: Allied, AlliedVP: vp, Reason: fmt.Sprintf("Allies win with %d VP of %d needed (S2.2): %s", vp, threshold, why)}
	}
	return Verdict{Winner: German, AlliedVP: vp, Reason: fmt.Sprintf("Germans win: the Allies have %d VP of %d needed (S2.2): %s", vp, threshold, why)}
}

// scenarioRemovals lists the formations a scenario's remove records take off
// the map in this End Phase (S3.3 II: the two 6FJ units go when Americans
// occupy Carentan): nationalityAt gives the nationalities of the units on a hex.
func scenarioRemovals(s *Scenario, nationalityAt func(hexID string) []string) []string {
	var out []string
	for _, r := range s.Special {
		if r.Kind != SpecialRemove || len(r.Hexes) == 0 {
			continue
		}
		if slices.Contains(nationalityAt(r.Hexes[0]), r.Nationality) && !slices.Contains(out, r.Formation) {
			out = append(out, r.Formation)
		}
	}
	return out
}
