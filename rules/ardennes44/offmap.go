package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Reinforcements, entry hexes, Off-map Areas and Blocking Positions (13.0),
// leaving the map (11.9), and the boxes a unit's state may name.

const (
	offPrefix   = "off-"   // an Off-map Area: off-se, off-sw, off-nw, off-ne (11.9.1)
	blockPrefix = "block-" // a Blocking Position of an East-map entry hex: block-A (3.2)
	deadBox     = "dead"   // the dead pile (16.4)
	goneBox     = "gone"   // surrendered (23.7) or never arrived (27.7): out of the game
	exitedBox   = "exited" // left the map for victory (S2.4)
	antwerpBox  = "antwerp"
	poolBox     = "pool" // a Remnant or breakdown counter not in play
	// Waiting places of reinforcements due (13.1): entry:LETTERS; an
	// engineer placed in a town (13.2); von der Heydte's drop (27.2); any
	// road hex of a map edge (S3.3).
	waitEngineer = "engineer"
	waitAirdrop  = "airdrop"
	waitEdge     = "edge-road"
)

func validBlock(w string) bool {
	l, ok := strings.CutPrefix(w, blockPrefix)
	return ok && len(l) == 1 && validLetters(l)
}

// inPlay: a unit on the map or in an Off-map box, not yet gone.
func inPlay(at string) bool {
	switch at {
	case "", deadBox, goneBox, exitedBox, poolBox, splitBox:
		return false
	}
	return !strings.HasPrefix(at, hexwar.WaitEntry) && at != waitEngineer && at != waitAirdrop && at != waitEdge
}

// offMap: a unit in an Off-map Area, a Blocking Position or Antwerp.
func offMap(at string) bool {
	return strings.HasPrefix(at, offPrefix) || strings.HasPrefix(at, blockPrefix) || at == antwerpBox
}

// waiting: a reinforcement due to come in.
func waiting(at string) bool {
	return strings.HasPrefix(at, hexwar.WaitEntry) || at == waitEngineer || at == waitAirdrop || at == waitEdge
}

// arrivesOnTrucks: a reinforcement coming onto the map may be on Trucks
// without loading them (12.4.3, L604); a unit that waits in an Off-map
// Area or a Blocking Position from an earlier turn is no longer arriving,
// and loads on a road of the map (L602, OCR-8). ardennes44/1 to /3 let
// every unit entering the map come on Trucks.
func (g *Game) arrivesOnTrucks(i int, enters bool) bool {
	if !g.ver.trucksOnArrival {
		return enters
	}
	return enters && waiting(g.s.Units[i].At)
}

// areaOfEntry is the Off-map Area of an entry letter's sector (13.4).
func (g *Game) areaOfEntry(letter string) string {
	if e := g.b.letters[letter]; e != nil {
		return e.Area
	}
	return ""
}

// hasBlockingPosition: East-map entry hexes have a Blocking Position, West
// ones none (3.2, AMB-14).
func (g *Game) hasBlockingPosition(e *Entry) bool {
	a, ok := g.b.ids[e.Hex]
	return ok && e.Side == Allied && !g.b.zone(ZoneWestMap, a)
}

// sectorOpen reports whether the Allies may enter through the entry hexes
// of an area's sector, or move out of it: every entry hex of the sector a
// German unit holds is blocked by Allied units of 6 DF or more in its
// Blocking Position (13.4); a West-map one, with no Blocking Position,
// closes its sector until it is left (AMB-14). why says which hex closes
// it.
func (g *Game) sectorOpen(area string) (bool, string) {
	occ := g.occupancy()
	for _, e := range g.sc.Entries {
		if e.Area != area {
			continue
		}
		a := g.b.ids[e.Hex]
		if g.sideAt(occ, a) != German {
			continue
		}
		if !g.hasBlockingPosition(&e) || g.blockingDF(e.Letter) < blockDF {
			return false, fmt.Sprintf("German units hold entry hex %s (%s) and its Blocking Position has less than %d DF", e.Letter, e.Hex, blockDF)
		}
	}
	return true, ""
}

// blockDF is what blocks an occupied entry hex (13.4).
const blockDF = 6

// blockingDF is the Allied defense strength in an entry letter's Blocking
// Position.
func (g *Game) blockingDF(letter string) int {
	n := 0
	for i, us := range g.s.Units {
		if us.At == blockPrefix+letter {
			n += g.face(i).DF
		}
	}
	return n
}

// checkEntry checks where an off-map unit comes onto the map: the first hex
// of its path.
func (g *Game) checkEntry(i int, a hex.Axial) error {
	u, us := g.unit(i), g.s.Units[i]
	id := g.b.id(a)
	e := g.b.entries[id]
	closed := e != nil && slices.Contains(g.s.Closed, id) && u.Side == Allied
	switch at := us.At; {
	case strings.HasPrefix(at, hexwar.WaitEntry):
		letters := strings.TrimPrefix(at, hexwar.WaitEntry)
		if e == nil || !strings.Contains(letters, e.Letter) {
			return rules.Refuse("13.1", "%s enters through entry hex %s: its move starts there", u.ID, g.lettersWords(letters))
		}
	case at == waitEdge:
		if !g.edgeRoadHex(a) {
			return rules.Refuse("S3.3", "%s enters through a road hex of the map edge, not %s", u.ID, id)
		}
		return nil
	case strings.HasPrefix(at, offPrefix):
		area := strings.TrimPrefix(at, offPrefix)
		if e == nil || e.Area != area {
			return rules.Refuse("13.5", "%s, in the %s Off-map Area, enters through one of its entry hexes", u.ID, strings.ToUpper(area))
		}
		if us.Status != "" {
			return rules.Refuse("11.9.4", "%s is %s: it leaves the Off-map Area only once rallied", u.ID, us.Status)
		}
	case strings.HasPrefix(at, blockPrefix):
		letter := strings.TrimPrefix(at, blockPrefix)
		if e == nil || e.Letter != letter {
			return rules.Refuse("13.6", "%s enters from Blocking Position %s through entry hex %s only", u.ID, letter, letter)
		}
		if us.Status != "" {
			return rules.Refuse("11.9.4", "%s is %s: it leaves the Blocking Position only once rallied", u.ID, us.Status)
		}
	case at == waitEngineer:
		return rules.Refuse("13.2.1", "US engineers do not enter from off the map: 'place %s HEX' in a friendly town", u.ID)
	case at == waitAirdrop:
		return rules.Refuse("27.2", "von der Heydte enters by airdrop: 'drop %s HEX'", u.ID)
	default:
		return rules.Refuse("11.1", "%s is not on the map (%s)", u.ID, at)
	}
	if closed {
		return rules.Refuse("11.9.3", "German units have left the map through %s: the Allies no longer use it", id)
	}
	if u.Side == Allied {
		if ok, why := g.sectorOpen(e.Area); !ok {
			return rules.Refuse("13.4", "no Allied unit enters through the %s sector: %s", strings.ToUpper(e.Area), why)
		}
	}
	return nil
}

// lettersWords names entry letters for players: "A or B".
func (g *Game) lettersWords(letters string) string {
	var ws []string
	for _, l := range letters {
		ws = append(ws, string(l))
	}
	return strings.Join(ws, " or ")
}

// edgeRoadHex: a road hex of the map edge (S3.3).
func (g *Game) edgeRoadHex(a hex.Axial) bool {
	edge := false
	road := false
	for _, n := range a.Neighbors() {
		if !g.b.OnMap(n) && g.b.edgeBeyond(n) != "" {
			edge = true
		}
		if g.b.road(a, n) != "" {
			road = true
		}
	}
	return edge && road
}

// goBox moves an off-map unit between boxes (13.1, 13.5, 13.6): a
// reinforcement into its sector's Off-map Area or one of its Blocking
// Positions; from an Off-map Area to one of its Blocking Positions or an
// adjacent Area; from a Blocking Position back to its Area. Each is the
// unit's move for the phase (AMB-15).
func (g *Game) goBox(c Command) ([]rules.Event, error) {
	id, box := c.Args[0], c.Args[1]
	i, ok := g.unitIndex(id)
	if !ok {
		return nil, rules.Refuse("13.5", "no unit %s", id)
	}
	u, us := g.unit(i), &g.s.Units[i]
	switch {
	case u.Side != g.s.Side:
		return nil, rules.Refuse("13.5", "%s is not the phasing player's", u.ID)
	case u.Side != Allied:
		return nil, rules.Refuse("11.9.2", "German units never enter Off-map Areas")
	case us.Moved:
		return nil, rules.Refuse("11.1", "%s has moved in this phase", u.ID)
	case g.night() && !us.Night:
		return nil, rules.Refuse("25.3.1", "at night only the stacks under Night markers move")
	case us.Status != "" && offMap(us.At):
		return nil, rules.Refuse("11.9.4", "%s is %s: it leaves its Off-map Area only once rallied", u.ID, us.Status)
	}
	target := strings.TrimPrefix(strings.TrimPrefix(box, offPrefix), blockPrefix)
	toBlock := strings.HasPrefix(box, blockPrefix)
	var from string // the area the unit is in or due to
	switch at := us.At; {
	case strings.HasPrefix(at, hexwar.WaitEntry):
		letters := strings.TrimPrefix(at, hexwar.WaitEntry)
		from = g.areaOfEntry(letters[:1])
		if toBlock && !strings.Contains(letters, target) {
			return nil, rules.Refuse("13.1", "%s may go to the Blocking Position of %s only", u.ID, g.lettersWords(letters))
		}
		if !toBlock && target != from {
			return nil, rules.Refuse("13.1", "%s may go to the %s Off-map Area, its entry hexes' sector", u.ID, strings.ToUpper(from))
		}
	case strings.HasPrefix(at, offPrefix):
		from = strings.TrimPrefix(at, offPrefix)
		if !toBlock && !slices.Contains(adjacentAreas[from], target) {
			return nil, rules.Refuse("13.5", "from the %s Off-map Area a unit moves to an adjacent Area (%s)", strings.ToUpper(from), strings.ToUpper(strings.Join(adjacentAreas[from], ", ")))
		}
		if !toBlock {
			if ok, why := g.sectorOpen(from); !ok {
				return nil, rules.Refuse("13.5", "no unit leaves the %s sector for another: %s", strings.ToUpper(from), why)
			}
		}
	case strings.HasPrefix(at, blockPrefix):
		from = g.areaOfEntry(strings.TrimPrefix(at, blockPrefix))
		if toBlock || target != from {
			return nil, rules.Refuse("13.6", "from a Blocking Position a unit returns to its Off-map Area (%s) or enters through its entry hex", strings.ToUpper(from))
		}
	default:
		return nil, rules.Refuse("13.5", "%s is not off the map: it leaves it by a move across an edge ('exit', 11.9.1)", u.ID)
	}
	if toBlock {
		e := g.b.letters[target]
		if e == nil || e.Area != from || !g.hasBlockingPosition(e) {
			return nil, rules.Refuse("3.2", "entry hex %s has no Blocking Position in the %s sector (only East-map entry hexes have one)", target, strings.ToUpper(from))
		}
	}
	if us.At == "" || waiting(us.At) {
		us.Arrived = g.s.Turn
		if u.Arty() {
			us.Face = 1 // 13.3
		}
	}
	us.At, us.Moved = box, true
	if u.Arty() {
		us.Face = 1 // 22.1: Allied artillery entering an Area or a Blocking Position is Fired
	}
	return []rules.Event{{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s goes to %s", u.ID, boxWords(box))}}, nil
}

// boxWords names a box for players.
func boxWords(box string) string {
	switch {
	case strings.HasPrefix(box, offPrefix):
		return "the " + strings.ToUpper(strings.TrimPrefix(box, offPrefix)) + " Off-map Area"
	case strings.HasPrefix(box, blockPrefix):
		return "the Blocking Position of entry hex " + strings.TrimPrefix(box, blockPrefix)
	case box == antwerpBox:
		return "Antwerp"
	}
	return box
}

// exitBox is where a unit leaving the map from hex a goes (11.9): an Allied
// unit to the Off-map Area beyond the edge (11.9.1); a German unit only
// through entry hex F or G, to Antwerp, for victory (11.9.2, 11.9.3), or in
// the short scenarios across the exit edge (S2.4).
func (g *Game) exitBox(i int, a hex.Axial) (string, error) {
	u := g.unit(i)
	id := g.b.id(a)
	if u.Side == Allied {
		area := g.b.areaOf(a)
		if area == "" {
			return "", rules.Refuse("11.9.1", "Allied units leave the map across the south, west or north edge: %s is no hex of it", id)
		}
		return offPrefix + area, nil
	}
	if g.b.zone(ZoneExit, a) {
		return exitedBox, nil
	}
	if e := g.b.entries[id]; e != nil && (e.Letter == "F" || e.Letter == "G") && g.sc.Win.Campaign {
		return antwerpBox, nil
	}
	if g.sc.Win.Campaign {
		return "", rules.Refuse("11.9.3", "German units leave the map only through entry hex F or G, to Antwerp")
	}
	return "", rules.Refuse("S2.4", "German units leave the map only across its west edge, for victory")
}

// smExitRefusal checks a move in Strategic Movement or on Trucks that
// leaves the map from hex a: it goes only along roads (12.1, L569; 12.4.4,
// L606), its last step across the edge too (11.9.1, L543; 11.9.3, L549).
// The stand-in map draws no road past its edge, so a road through a hex of
// the edge is taken to cross it there (edgeRoadHex), as through the edge's
// road hexes units enter by in Strategic Movement (S3.3, L1872: "przez
// każdy drogowy heks na krawędzi mapy"); nil when none of this binds the
// move. ardennes44/1 to /5 let it leave from any hex of the edge.
func (g *Game) smExitRefusal(how moveHow, a hex.Axial) error {
	if how.mode != modeSM || !g.ver.smExitByRoad || g.edgeRoadHex(a) {
		return nil
	}
	if how.trucks {
		return rules.Refuse("12.4.4", "a unit on Trucks obeys every rule of Strategic Movement: it leaves the map only along a road, and none crosses the edge at %s", g.b.id(a))
	}
	return rules.Refuse("12.1", "Strategic Movement is only along roads: it leaves the map only along one, and none crosses the edge at %s", g.b.id(a))
}

// countExitVP: in the short scenarios a unit's exit earns VP only if an
// exit hex has Road Supply as it leaves (S2.4, L1858: "Gdy gracz Niemiecki
// wychodzi jednostkami ... inaczej PZ za te jednostki się nie liczą").
func (g *Game) countExitVP(af int) string {
	if !g.exitOpen() {
		return "; no exit hex has Road Supply: no VP for it (S2.4)"
	}
	g.s.ExitVP += af
	return ""
}

// leaveMap takes unit i off the map into box (11.9).
func (g *Game) leaveMap(i int, box string) []rules.Event {
	u, us := g.unit(i), &g.s.Units[i]
	from := us.At
	us.At = box
	text := fmt.Sprintf("%s leaves the map from %s to %s", u.ID, from, boxWords(box))
	switch box {
	case exitedBox, antwerpBox:
		af := max(g.face(i).AF, 0) // AMB-37: the AF of the side showing, unhalved
		g.s.Exited += af
		text += fmt.Sprintf(" (%d AF; %d in all)", af, g.s.Exited)
		if !slices.Contains(g.s.ExitHexes, from) {
			g.s.ExitHexes = append(g.s.ExitHexes, from)
			slices.Sort(g.s.ExitHexes)
		}
		if box == exitedBox && g.ver.exitVPWhenLeaving {
			text += g.countExitVP(af)
		}
		if box == antwerpBox && !slices.Contains(g.s.Closed, from) {
			g.s.Closed = append(g.s.Closed, from) // 11.9.3
		}
	default:
		if u.Arty() {
			us.Face = 1 // 22.1
		}
	}
	return []rules.Event{{Seat: rules.Seat(u.Side), Text: text}}
}

// arrive brings in the reinforcements due this turn for side, at the start
// of its Movement Phase (13.1): each waits at its entry, to come in by a
// move, a placement or a drop.
func (g *Game) arrive(side Side) []rules.Event {
	var events []rules.Event
	var names []string
	for _, r := range g.sc.Reinforcements {
		i := g.index[r.Unit]
		if g.sideOf(i) != side || r.Turn != g.s.Turn || g.s.Units[i].At != "" {
			continue
		}
		us := &g.s.Units[i]
		if g.unit(i).Nation == British && g.antwerpDF(German) > 0 && g.antwerpDF(German)+antwerpMargin > g.antwerpDF(Allied) {
			us.At, us.Arrived = antwerpBox, g.s.Turn // 27.3.4: while Antwerp is short
			names = append(names, r.Unit+" (to Antwerp, 27.3.4)")
			continue
		}
		switch r.Kind {
		case ArriveEngineer:
			us.At = waitEngineer
		case ArriveAirdrop:
			us.At = waitAirdrop
		case ArriveRoll:
			continue // 27.7: the die decides (special.go)
		case ArriveEdgeRoad:
			us.At = waitEdge
		default:
			us.At = hexwar.WaitEntry + r.Letters
		}
		us.Spent = r.Spent * hexwar.MP
		names = append(names, r.Unit+" ("+arrivalWords(r)+")")
	}
	if len(names) > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: "Reinforcements (13.1): " + strings.Join(names, ", ")})
	}
	return events
}

// arrivalWords says how a reinforcement comes in.
func arrivalWords(r Reinforcement) string {
	var s string
	switch r.Kind {
	case ArriveEngineer:
		s = "placed in a town, 13.2"
	case ArriveAirdrop:
		s = "airdrop, 27.2"
	case ArriveEdgeRoad:
		s = "a road hex of the map edge, S3.3"
	default:
		s = "entry " + r.Letters
	}
	if r.SM {
		s += ", may enter in SM"
	}
	if r.Spent > 0 {
		s += fmt.Sprintf(", %d MP spent", r.Spent)
	}
	return s
}

// unentered sends the Allied reinforcements that did not come in to their
// sector's Off-map Area at the end of the Movement Phase: they are placed
// there rather than enter (13.1, AMB-55); German ones wait.
func (g *Game) unentered() []rules.Event {
	var names []string
	for i, us := range g.s.Units {
		if g.sideOf(i) != Allied || !strings.HasPrefix(us.At, hexwar.WaitEntry) {
			continue
		}
		letters := strings.TrimPrefix(us.At, hexwar.WaitEntry)
		area := g.areaOfEntry(letters[:1])
		if area == "" {
			continue
		}
		g.s.Units[i].At = offPrefix + area
		g.s.Units[i].Arrived = g.s.Turn
		if g.unit(i).Arty() {
			g.s.Units[i].Face = 1 // 13.3
		}
		names = append(names, us.ID)
	}
	if len(names) == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(Allied), Text: "Reinforcements placed off the map, in their sectors' Off-map Areas (13.1): " + strings.Join(names, ", ")}}
}

// arrivedAsEngineer: a US engineer placed in a town this turn (13.2.2).
func (g *Game) arrivedAsEngineer(i int) bool {
	return g.unit(i).Type == Engineer && g.s.Units[i].Arrived == g.s.Turn
}
