package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// The Movement Phase (11.1) around the moves themselves: what opens it
// (reinforcements, 13.1; IPs completed, 15.8.2; the 653rd's roll, 27.7; the
// Allied air markers, 15.6.2), what a player does in it besides moving
// (Trucks, 12.4.3; SM markers off, 12.6; IPs begun, 15.8.2; Night markers,
// 25.3.3; von der Heydte's drop, 27.2), and what closes it (reinforcements
// not entered, 13.1; empty IPs, 15.8.4; Roadblocks passed, 33.3).

// resetMoves clears the phase's movement record of side's units. The SM
// marker is no part of it: it stays on from turn to turn until the unit is
// attacked or its owner takes it off (12.6, AMB-47).
func (g *Game) resetMoves(side Side) {
	for i := range g.s.Units {
		if g.sideOf(i) != side {
			continue
		}
		us := &g.s.Units[i]
		us.Moved, us.Spent, us.Hexes, us.Tactical, us.Extended, us.Halted = false, 0, 0, false, false, false
	}
}

// enterMovement opens the day Movement Phase.
func (g *Game) enterMovement() []rules.Event {
	side := g.s.Side
	g.resetMoves(side)
	for i := range g.s.Units {
		if g.sideOf(i) == side {
			g.s.Units[i].Loading = false // 12.4.3: loaded last turn, they move now
		}
	}
	events := []rules.Event{{Seat: rules.Seat(side), Text: fmt.Sprintf("Turn %d (%s): %s (28.0)", g.s.Turn, turnDate(g.s.Turn, false), weatherWords(g.s.Turn))}}
	events = append(events, g.completeIPs(side)...)
	events = append(events, g.arrive(side)...)
	if g.ver.disruptedLeaveEZOC {
		g.s.MustLeave = g.disruptedInEZOC(side)
	}
	switch {
	case side == German && g.due653():
		g.s.Dice = dice653
	case side == Allied && clear(g.s.Turn):
		g.s.Air, g.s.AirRolled = 0, false
		g.s.Dice = diceAir
	}
	return events
}

func (g *Game) movementPrompt() string {
	if g.night() {
		return "move the stacks under Night markers ('move UNIT HEX...', 25.3.1), then 'end'"
	}
	s := "move units ('move UNIT HEX...' naming every hex entered), then 'end'"
	if pm(g.s.Turn) && g.s.Turn < g.lastTurn() {
		s += fmt.Sprintf("; Night markers on up to %d stacks ('night HEX', 25.3.3)", nightStacks)
	}
	return s
}

// nightStacks: at most 3 stacks are marked for the Night (25.3.3).
const nightStacks = 3

// endMovement closes a Movement Phase.
func (g *Game) endMovement() {
	g.s.MustLeave = nil
	if g.s.Side == Allied && !g.night() {
		g.left = append(g.left, g.unentered()...)
	}
	var gone []string
	for _, m := range g.s.IPs {
		if a, ok := g.b.ids[m.Hex]; ok && len(g.occupancy()[a]) == 0 {
			gone = append(gone, m.Hex)
		}
	}
	if len(gone) > 0 {
		g.s.IPs = slices.DeleteFunc(g.s.IPs, func(m ipMarker) bool { return slices.Contains(gone, m.Hex) })
		g.left = append(g.left, rules.Event{Seat: rules.Seat(g.s.Side), Text: "Empty Improved Positions removed (15.8.4): " + strings.Join(gone, ", ")})
	}
	g.left = append(g.left, g.liftPassedRoadblocks()...)
}

// completeIPs completes the IPs under construction of side whose hex still
// holds an own infantry unit not Engaged (15.8.2, 15.8.3; OOS units may,
// 23.5).
func (g *Game) completeIPs(side Side) []rules.Event {
	occ := g.occupancy()
	var done []string
	for k, m := range g.s.IPs {
		if !m.Building || m.Side != side {
			continue
		}
		a := g.b.ids[m.Hex]
		if slices.ContainsFunc(occ[a], func(i int) bool {
			return g.sideOf(i) == side && g.infantry(g.unit(i)) && !g.s.Units[i].ENG
		}) {
			g.s.IPs[k].Building, g.s.IPs[k].Builder = false, ""
			done = append(done, m.Hex)
		}
	}
	if len(done) == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: "Improved Positions completed (15.8.2): " + strings.Join(done, ", ")}}
}

// ipAt reports whether a completed IP stands in hex id (15.8.1). It serves
// whoever holds the hex (AMB-46): an IP is a neutral marker, its Side only
// says who completes it (15.8.2); an empty one comes off at the end of the
// Movement Phase (endMovement, 15.8.4), so a hex changes hands with it only
// by combat.
func (g *Game) ipAt(id string) bool {
	return slices.ContainsFunc(g.s.IPs, func(m ipMarker) bool { return m.Hex == id && !m.Building })
}

// building reports whether unit i began an IP this turn, and so does not
// attack (15.8.2).
func (g *Game) building(i int) bool {
	id, at := g.unit(i).ID, g.s.Units[i].At
	return slices.ContainsFunc(g.s.IPs, func(m ipMarker) bool { return m.Building && m.Builder == id && m.Hex == at })
}

// ownUnit finds a unit of the phasing side by id, or refuses.
func (g *Game) ownUnit(id, rule string) (int, error) {
	i, ok := g.unitIndex(id)
	if !ok || g.sideOf(i) != g.s.Side {
		return 0, rules.Refuse(rule, "no unit %s of yours", id)
	}
	return i, nil
}

// load is 'load UNIT': Trucks for an Allied non-mechanized unit (12.4.3):
// it starts the phase on a road, not next to an enemy unit, not off the
// map; loading is its whole move; it moves next turn.
func (g *Game) load(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "12.4.3")
	if err != nil {
		return nil, err
	}
	u, us := g.unit(i), &g.s.Units[i]
	a, on := g.onMap(i)
	switch {
	case u.Side != Allied || u.Mech() || u.Arty() || u.Type == SupplyDepot:
		return nil, rules.Refuse("12.4.3", "Trucks carry Allied non-mechanized units")
	case g.night():
		return nil, rules.Refuse("25.3.1", "no Strategic Movement at night")
	case !on:
		return nil, rules.Refuse("12.4.3", "%s loads on the map, not in an Off-map Area", u.ID)
	case us.Moved:
		return nil, rules.Refuse("12.4.3", "loading takes %s's whole movement allowance: it has moved", u.ID)
	case us.SM:
		return nil, rules.Refuse("12.4.3", "%s is under an SM marker already", u.ID)
	case us.Status != "" || us.OOS:
		return nil, rules.Refuse("12.1", "Disrupted, Broken and out of supply units have no Strategic Movement")
	case us.ENG:
		return nil, rules.Refuse("16.5", "%s is Engaged", u.ID)
	case !g.roadHex(a):
		return nil, rules.Refuse("12.4.3", "%s is not on a road", us.At)
	case g.unitNextToEnemy(i, g.occupancy()):
		return nil, rules.Refuse("12.4.3", "%s is next to an enemy unit", u.ID)
	}
	sm, _, _ := g.markersInUse(Allied)
	if sm >= alliedSMMarkers && !g.groupMarker(i) {
		return nil, rules.Refuse("12.4.1", "all %d Truck markers are in use", alliedSMMarkers)
	}
	us.SM, us.Trucks, us.Loading, us.Moved = true, true, true, true
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s loads its Trucks in %s: it moves in Strategic Movement next turn (12.4.3)", u.ID, us.At)}}, nil
}

// roadHex: a road crosses one of the hex's hexsides.
func (g *Game) roadHex(a hex.Axial) bool {
	for _, n := range a.Neighbors() {
		if g.b.OnMap(n) && g.b.road(a, n) != "" {
			return true
		}
	}
	return false
}

// unmark is 'unmark UNIT': an SM or Truck marker comes off before the unit
// moves (12.6).
func (g *Game) unmark(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "12.6")
	if err != nil {
		return nil, err
	}
	us := &g.s.Units[i]
	switch {
	case !us.SM:
		return nil, rules.Refuse("12.6", "%s is under no SM marker", us.ID)
	case us.Moved && !us.Loading:
		return nil, rules.Refuse("12.6", "the marker comes off before the unit moves; %s has moved", us.ID)
	}
	us.SM, us.Trucks = false, false
	if us.Loading {
		us.Loading = false // the load is undone; its move is spent
	}
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: us.ID + "'s SM marker comes off (12.6)"}}, nil
}

// entrench is 'entrench UNIT': an IP under construction (15.8.2) by an
// infantry unit not Engaged, in Good Order, supplied, not in SM, that has
// not moved; it does not attack this Combat Phase.
func (g *Game) entrench(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "15.8.2")
	if err != nil {
		return nil, err
	}
	u, us := g.unit(i), &g.s.Units[i]
	_, on := g.onMap(i)
	switch {
	case !on:
		return nil, rules.Refuse("15.8.2", "%s is not on the map", u.ID)
	case !g.infantry(u):
		return nil, rules.Refuse("15.8.2", "only infantry builds Improved Positions (AMB-20)")
	case us.ENG || us.Status != "" || us.OOS || us.SM:
		return nil, rules.Refuse("15.8.2", "%s is Engaged, Disrupted, Broken, out of supply or under SM", u.ID)
	case us.Moved:
		return nil, rules.Refuse("15.8.2", "%s has moved in this phase", u.ID)
	case u.Has(MarkRed) && g.s.Turn == 1:
		return nil, rules.Refuse("29.1.1", "%s has a red set-up box: no IP on turn 1", u.ID)
	case slices.ContainsFunc(g.s.IPs, func(m ipMarker) bool { return m.Hex == us.At }):
		return nil, rules.Refuse("15.8.2", "%s has an Improved Position, or one under construction, already", us.At)
	}
	g.s.IPs = append(g.s.IPs, ipMarker{Hex: us.At, Building: true, Side: u.Side, Builder: u.ID})
	slices.SortFunc(g.s.IPs, func(a, b ipMarker) int { return strings.Compare(a.Hex, b.Hex) })
	us.Moved = true
	return []rules.Event{{Seat: rules.Seat(u.Side), Text: fmt.Sprintf("%s begins an Improved Position in %s: completed next Movement Phase if it stays; it does not attack this turn (15.8.2)", u.ID, us.At)}}, nil
}

// nightMarker is 'night HEX': a Night marker on a stack in the PM Movement
// Phase (25.3.3): its units in Good Order, not Engaged or out of supply
// (25.3.4), that spent at most 1 MP this phase (AMB-31).
func (g *Game) nightMarker(c Command) ([]rules.Event, error) {
	side := g.s.Side
	h := c.Args[0]
	a, ok := g.b.ids[h]
	switch {
	case !pm(g.s.Turn) || g.s.Turn >= g.lastTurn():
		return nil, rules.Refuse("25.3.3", "Night markers are placed in a PM turn that a Night follows")
	case !ok:
		return nil, rules.Refuse("25.3.3", "%s is not a hex of the map", h)
	case g.nightsPlaced(side) >= nightStacks:
		return nil, rules.Refuse("25.3.3", "at most %d stacks are marked for the Night", nightStacks)
	case slices.ContainsFunc(g.s.Nights, func(m marker) bool { return m.Side == side && m.Hex == h }):
		return nil, rules.Refuse("25.3.3", "the stack in %s is marked already", h)
	}
	var marked, left []string
	for _, i := range g.occupancy()[a] {
		us := &g.s.Units[i]
		if g.sideOf(i) != side {
			return nil, rules.Refuse("25.3.3", "%s holds enemy units", h)
		}
		if why := g.nightBar(i); why != "" {
			left = append(left, us.ID+" ("+why+")")
			continue
		}
		us.Night = true
		marked = append(marked, us.ID)
	}
	if len(marked) == 0 {
		if len(left) == 0 {
			return nil, rules.Refuse("25.3.3", "no unit of yours is in %s", h)
		}
		return nil, rules.Refuse("25.3.4", "no unit in %s may be marked: %s", h, strings.Join(left, ", "))
	}
	g.s.Nights = append(g.s.Nights, marker{Side: side, Hex: h})
	text := fmt.Sprintf("Night marker on %s: %s (25.3.3); they spend at most 1 MP and do not attack this turn (25.3.5)", h, strings.Join(marked, ", "))
	if len(left) > 0 {
		text += "; not " + strings.Join(left, ", ")
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: text}}, nil
}

// nightBar says why unit i may not take a Night marker, "" (25.3.4, 25.2.5,
// AMB-31).
func (g *Game) nightBar(i int) string {
	us := g.s.Units[i]
	switch {
	case us.Status != "":
		return "not in Good Order"
	case us.ENG:
		return "Engaged"
	case us.OOS:
		return "out of supply"
	case us.Spent > hexwar.MP:
		return "it spent more than 1 MP (AMB-31)"
	case g.unit(i).Type == SupplyDepot:
		return "a fuel dump"
	}
	return ""
}

// nightsPlaced counts side's Night markers.
func (g *Game) nightsPlaced(side Side) int {
	n := 0
	for _, m := range g.s.Nights {
		if m.Side == side {
			n++
		}
	}
	return n
}

// mayInfiltrate checks a Night Infiltration (31): each Night marker not
// used lets one stack move 1 hex; its units in Good Order without
// Replacement, SM or ENG markers; Green units never into an enemy ZOC
// (AMB-38).
func (g *Game) mayInfiltrate(i int, mc hexwar.MoveCommand) error {
	u, us := g.unit(i), g.s.Units[i]
	if _, ok := g.onMap(i); !ok {
		return rules.Refuse("31", "a Night Infiltration moves a stack on the map")
	}
	switch {
	case us.Status != "" || us.Repl || us.SM || us.ENG:
		return rules.Refuse("31", "%s is not in Good Order, or carries a Replacement, SM or ENG marker", u.ID)
	case !slices.Contains(g.s.Infiltrated, us.At) && len(g.s.Infiltrated) >= nightStacks-g.nightsPlaced(u.Side):
		return rules.Refuse("31", "each unused Night marker lets one stack infiltrate; %d are used", len(g.s.Infiltrated))
	}
	if u.Morale == Green && len(mc.Path) > 1 {
		if a, ok := g.b.ids[mc.Path[len(mc.Path)-1]]; ok && g.zoc(u.Side.Other()).Has(a) {
			return rules.Refuse("31", "Green units do not infiltrate into an enemy ZOC (AMB-38)")
		}
	}
	return nil
}

// drop is 'drop UNIT HEX': von der Heydte's airdrop (27.2) into a clear or
// light-woods hex, not built up, without enemy units, not in an enemy ZOC;
// then the drop's die.
func (g *Game) drop(c Command) ([]rules.Event, error) {
	i, err := g.ownUnit(c.Args[0], "27.2")
	if err != nil {
		return nil, err
	}
	h := c.Args[1]
	if err := g.dropBar(i, h); err != nil {
		return nil, err
	}
	us := &g.s.Units[i]
	us.At, us.Arrived, us.Moved = h, g.s.Turn, true
	g.s.VdH = "dropped"
	g.s.Dice = diceVdH
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("von der Heydte drops into %s (27.2)", h)}}, nil
}

// dropBar is why unit i may not drop into hex h now (27.2), nil if it
// may: Legal asks it of every hex of the map.
func (g *Game) dropBar(i int, h string) error {
	a, ok := g.b.ids[h]
	switch {
	case g.s.Units[i].At != waitAirdrop:
		return rules.Refuse("27.2", "%s is not due to drop", g.s.Units[i].ID)
	case !ok:
		return rules.Refuse("27.2", "%s is not a hex of the map", h)
	}
	occ := g.occupancy()
	switch t := g.b.terrain(a); {
	case t != Clear && t != LightWoods:
		return rules.Refuse("27.2", "the drop hex is clear or light woods, not %s", t)
	case g.sideAt(occ, a) == Allied:
		return rules.Refuse("27.2", "Allied units hold %s", h)
	case g.zoc(Allied).Has(a):
		return rules.Refuse("27.2", "%s is in an Allied ZOC", h)
	}
	return g.stackErr(occ[a], i, h)
}

// rollVdH reads the drop's die (27.2, AMB-33).
func (g *Game) rollVdH(die int) []rules.Event {
	i := g.index[g.vdhUnit()]
	r := vdhTable.Roll(0, die, 0)
	text := fmt.Sprintf("von der Heydte's drop: %d, ", die)
	switch {
	case r < 0:
		at := g.s.Units[i].At
		g.eliminate(i)
		g.removeEmptyIP(at)
		text += "scattered, eliminated (27.2, AMB-33)"
	case r == 1 && len(g.unit(i).Faces) > 1:
		g.s.Units[i].Face = 1
		text += "it lands on its reduced side"
	default:
		text += "it lands at full strength"
	}
	return []rules.Event{{Seat: rules.Seat(German), Text: text}}
}

func (g *Game) vdhUnit() string {
	for _, u := range g.sc.Units {
		if u.Has(MarkVdH) {
			return u.ID
		}
	}
	return ""
}

// due653: the 653rd PzJ's die is rolled in the German Movement Phase of
// turn 4, and each turn after while it is delayed (27.7).
func (g *Game) due653() bool {
	for _, r := range g.sc.Reinforcements {
		if r.Kind != ArriveRoll || g.s.Units[g.index[r.Unit]].At != "" {
			continue
		}
		return (g.s.PzJ653 == "" && g.s.Turn == r.Turn) || (g.s.PzJ653 == "delayed" && g.s.Turn > r.Turn)
	}
	return false
}

// roll653 reads the 653rd's die (27.7): it arrives through a German entry
// hex, waits another turn, or never comes.
func (g *Game) roll653(die int) []rules.Event {
	r := pzj653Table.Roll(0, die, 0)
	var id string
	for _, rf := range g.sc.Reinforcements {
		if rf.Kind == ArriveRoll {
			id = rf.Unit
		}
	}
	i := g.index[id]
	text := fmt.Sprintf("653rd PzJ: %d, ", die)
	switch r {
	case "arrives":
		g.s.PzJ653 = "arrived"
		var letters string
		for _, e := range g.sc.Entries {
			if e.Side == German {
				letters += e.Letter
			}
		}
		g.s.Units[i].At = hexwar.WaitEntry + letters
		text += "it arrives this turn, through " + g.lettersWords(letters)
	case "delayed":
		g.s.PzJ653 = "delayed"
		text += "delayed; rolled again next turn"
	default:
		g.s.PzJ653 = "never"
		g.s.Units[i].At = goneBox
		text += "it never arrives"
	}
	return []rules.Event{{Seat: rules.Seat(German), Text: text + " (27.7)"}}
}

// rollAir reads the Allied Air Support markers (15.6.2): the die halved,
// rounded up; -1 with Bodenplatte, at least 1 (35).
func (g *Game) rollAir(die int) []rules.Event {
	drm := 0
	if g.bodenplatteOn() {
		drm = -1
	}
	g.s.Air, g.s.AirRolled = airTable.Roll(0, die, drm), true
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("Allied Air Support: %d%+d, %d marker(s) this turn (15.6.2)", die, drm, g.s.Air)}}
}

// rollBodenplatte reads Operation Bodenplatte's die at the start of turn
// 15 (35).
func (g *Game) rollBodenplatte(die int) []rules.Event {
	from := bodenplatteTable.Roll(0, die, 0)
	text := fmt.Sprintf("Operation Bodenplatte: %d, ", die)
	if from == 0 {
		g.s.Bodenplatte = -1
		text += "no effect"
	} else {
		g.s.Bodenplatte = from
		text += fmt.Sprintf("in effect from turn %d: Allied air rolls -1, Jabos rolls +1", from)
	}
	return []rules.Event{{Seat: rules.Seat(German), Text: text + " (35)"}}
}

// bodenplatteOn: option 35 is in effect this turn.
func (g *Game) bodenplatteOn() bool {
	return g.opt.bodenplatte && g.s.Bodenplatte > 0 && g.s.Turn >= g.s.Bodenplatte && clear(g.s.Turn)
}

// rollOuren reads the Ouren bridge's die when a German move first crosses
// it (7.7): it collapses, and the unit halts before it, free to move on
// with what it has left (AMB-9); or it stands, and the move goes on.
func (g *Game) rollOuren(die int) []rules.Event {
	mv := g.s.Moving
	i := g.index[mv.Unit]
	if ourenTable.Roll(0, die, 0) {
		g.s.Ouren = "collapsed"
		g.blowBridge(g.sc.Special.Ouren)
		g.s.Moving = nil
		us := &g.s.Units[i]
		us.Halted, us.Spent = true, mv.Spent
		return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("The Ouren bridge: %d, it collapses (7.7); %s halts in %s and may move on with what it has left (AMB-9)", die, mv.Unit, us.At)}}
	}
	g.s.Ouren = "intact"
	events := []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("The Ouren bridge: %d, it stands (7.7)", die)}}
	return append(events, g.continueMove(false)...)
}

// rollInfiltrate reads 150 Pz Bde's die in an enemy ZOC (27.8.2): 1-3 the
// ZOC in that hex is ignored and the move goes on; 4-6 the brigade is
// detected and stops.
func (g *Game) rollInfiltrate(die int) []rules.Event {
	mv := g.s.Moving
	if pz150Table.Roll(0, die, 0) {
		g.s.Pz150 = pz150Used
		events := []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("150 Pz Bde infiltrates: %d, the Allied ZOC in %s is ignored (27.8.2)", die, g.s.Units[g.index[mv.Unit]].At)}}
		return append(events, g.continueMove(true)...)
	}
	g.s.Moving = nil
	g.s.Pz150 = pz150Detected
	return []rules.Event{{Seat: rules.Seat(German), Text: fmt.Sprintf("150 Pz Bde infiltrates: %d, detected; it stops in %s (27.8.2)", die, g.s.Units[g.index[mv.Unit]].At)}}
}

// disruptedInEZOC lists side's Disrupted and Broken units (18.5: Broken is
// Disrupted and more) that stand in an enemy ZOC no Good Order friend in
// their hex negates: beginning the Movement Phase there, they must leave it
// if they can (18.3, L1043).
func (g *Game) disruptedInEZOC(side Side) []string {
	ezoc := g.zoc(side.Other())
	occ := g.occupancy()
	var out []string
	for i, us := range g.s.Units {
		a, ok := g.onMap(i)
		if ok && g.sideOf(i) == side && us.Status != "" && ezoc.Has(a) && !g.goodOrderFriend(i, a, occ) {
			out = append(out, g.unit(i).ID)
		}
	}
	return out
}

// stuckInEZOC is the first unit of MustLeave that has not moved, still
// stands in the enemy ZOC it began in, and has a move out of it (18.3):
// the phase does not end while one does. "" for none.
func (g *Game) stuckInEZOC() string {
	if len(g.s.MustLeave) == 0 || (g.s.Phase != PhaseMovement && g.s.Phase != PhaseNightMove) {
		return ""
	}
	side := g.s.Side
	ezoc := g.zoc(side.Other())
	occ := g.occupancy()
	out := func(i int, a hex.Axial) bool { return !ezoc.Has(a) || g.goodOrderFriend(i, a, occ) }
	for _, id := range g.s.MustLeave {
		i := g.index[id]
		a, ok := g.onMap(i)
		if !ok || g.s.Units[i].Moved || g.s.Units[i].Status == "" || out(i, a) {
			continue
		}
		for _, c := range g.unitMoves(i) {
			mc, err := moveGrammar.Parse(c.Command)
			if err != nil {
				continue
			}
			if end, ok := g.b.ids[mc.Path[len(mc.Path)-1]]; mc.Has("exit") || (ok && out(i, end)) {
				return id // off the map, or to a hex out of the ZOC
			}
		}
	}
	return ""
}
