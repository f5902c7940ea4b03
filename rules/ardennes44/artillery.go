package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The Artillery Supply Phase (5.0) and the German Prime Movers (22.3).

// flipsAllowed is how many Fired artillery units the phasing player may
// flip to Ready (5.2): the Germans 3, 6 on turn 2 (5.4), the Allies all.
func (g *Game) flipsAllowed() int {
	if g.s.Side == Allied {
		return 1 << 20
	}
	if g.s.Turn == 2 {
		return 6
	}
	return 3
}

// mayFlip reports why artillery unit i may not flip to Ready, "" when it
// may (5.3): not Disrupted, Broken or out of supply, not under SM.
func (g *Game) mayFlip(i int) string {
	u, us := g.unit(i), g.s.Units[i]
	switch {
	case !u.Arty():
		return "it is not artillery"
	case us.Face == 0:
		return "it is Ready already"
	case !inPlay(us.At) || us.At == antwerpBox:
		return "it is not in play"
	case us.Status != "":
		return "it is Disrupted or Broken (5.3)"
	case us.OOS:
		return "it is out of supply (5.3, 23.4)"
	case us.SM:
		return "it is under an SM marker (5.3, 12.1)"
	}
	return ""
}

// enterArtillery opens the phase: the German player takes his Prime
// Movers off the map first (5.1, 22.3); the Allies flip every unit they
// may (5.2); the Germans up to their number, at once when they have no
// more to flip than that. Bodenplatte is rolled at the start of turn 15
// (35).
func (g *Game) enterArtillery() []rules.Event {
	var events []rules.Event
	g.s.Tried = slices.DeleteFunc(g.s.Tried, func(t string) bool { return true }) // 7.2: a new player turn
	if g.s.Side == German {
		for i := range g.s.Units {
			g.s.Units[i].Mover = false // 5.1, 22.3
		}
		if g.opt.bodenplatte && g.s.Turn == clearFrom && g.s.Bodenplatte == 0 {
			g.s.Dice = diceBodenplatte
		}
	}
	var eligible []int
	for i := range g.s.Units {
		if g.sideOf(i) == g.s.Side && g.mayFlip(i) == "" {
			eligible = append(eligible, i)
		}
	}
	g.s.Flips = g.flipsAllowed()
	if len(eligible) <= g.s.Flips {
		var ids []string
		for _, i := range eligible {
			g.s.Units[i].Face = 0
			ids = append(ids, g.unit(i).ID)
		}
		g.s.Flips -= len(eligible)
		g.s.Done = true
		if len(ids) > 0 {
			events = append(events, rules.Event{Seat: rules.Seat(g.s.Side), Text: "Artillery to Ready (5.1): " + strings.Join(ids, ", ")})
		}
	}
	return events
}

func (g *Game) artilleryAwaits() bool { return g.s.Dice != "" || !g.s.Done }

func (g *Game) artilleryPrompt() string {
	return fmt.Sprintf("flip up to %d Fired artillery units to Ready ('ready UNIT...', 5.2), then 'end'", g.s.Flips)
}

// ready flips German artillery to Ready (5.1, 5.2).
func (g *Game) ready(c Command) ([]rules.Event, error) {
	if len(c.Args) > g.s.Flips {
		return nil, rules.Refuse("5.2", "%d flips are left in this phase", g.s.Flips)
	}
	var idx []int
	for _, id := range c.Args {
		i, ok := g.unitIndex(id)
		if !ok || g.sideOf(i) != g.s.Side {
			return nil, rules.Refuse("5.1", "no artillery unit %s of yours", id)
		}
		if why := g.mayFlip(i); why != "" {
			return nil, rules.Refuse("5.3", "%s may not flip: %s", id, why)
		}
		if slices.Contains(idx, i) {
			return nil, rules.Refuse("5.1", "%s is named twice", id)
		}
		idx = append(idx, i)
	}
	for _, i := range idx {
		g.s.Units[i].Face = 0
	}
	g.s.Flips -= len(idx)
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: "Artillery to Ready (5.1): " + strings.Join(c.Args, ", ")}}, nil
}

// Prime Movers (22.3): 5 markers, 2 for the 5th Panzer Army, 2 for the 6th,
// 1 for the 7th Army, each moving only its army's artillery; they share
// the German SM counters (12.4.1, CON-1: 6 counters, used for one role a
// turn).
var primeMovers = map[Army]int{FifthPzArmy: 2, SixthPzArmy: 2, SeventhArmy: 1}

const (
	germanSMMarkers = 6  // 12.4.1
	alliedSMMarkers = 10 // 12.4.1: the Allied Truck counters' backs
)

// markersInUse counts a side's SM and Truck markers on the map (units of
// one regiment grouped in a hex share one, 12.4.2) and its Prime Movers.
func (g *Game) markersInUse(side Side) (sm, movers int, byArmy map[Army]int) {
	byArmy = map[Army]int{}
	seen := map[string]bool{}
	for i, us := range g.s.Units {
		if g.sideOf(i) != side || !inPlay(us.At) {
			continue
		}
		if us.Mover {
			movers++
			byArmy[g.unit(i).Army]++
		}
		if !us.SM {
			continue
		}
		key := us.ID
		if r := g.unit(i).Regiment; r != "" {
			key = us.At + "/" + r
		}
		if !seen[key] {
			seen[key] = true
			sm++
		}
	}
	return sm, movers, byArmy
}

// maySM checks Strategic Movement for unit i (12.1, 12.2, 12.4, 29.1.3,
// 25.3.1).
func (g *Game) maySM(i int, enters bool) error {
	u, us := g.unit(i), g.s.Units[i]
	switch {
	case g.s.Turn == 1:
		return rules.Refuse("29.1.3", "no Strategic Movement on turn 1")
	case g.night():
		return rules.Refuse("25.3.1", "no Strategic Movement at night")
	case us.Status != "":
		return rules.Refuse("12.1", "%s is Disrupted or Broken: no Strategic Movement", u.ID)
	case us.OOS:
		return rules.Refuse("12.1", "%s is out of supply: no Strategic Movement", u.ID)
	case u.Side == German && (!u.Mech() || u.Arty()):
		return rules.Refuse("12.1", "German non-mechanized units and artillery have no Strategic Movement")
	case u.Side == Allied && !u.Mech() && !u.Arty() && !us.Trucks && enters && !g.arrivesOnTrucks(i, enters):
		return rules.Refuse("12.4.3", "only reinforcements arriving enter the map on Trucks unloaded: %s, off the map since an earlier turn, loads them on a road of the map", u.ID)
	case u.Side == Allied && !u.Mech() && !u.Arty() && !us.Trucks && !g.arrivesOnTrucks(i, enters):
		return rules.Refuse("12.4.3", "%s is not mechanized: it uses Strategic Movement on Trucks, loaded a turn before ('load %s')", u.ID, u.ID)
	case u.Side == Allied && !u.Mech() && !u.Arty() && us.Trucks && us.Loading:
		return rules.Refuse("12.4.3", "%s loaded its Trucks this turn: it moves next turn", u.ID)
	}
	if a, ok := g.onMap(i); ok && g.unitNextToEnemy(i, g.occupancy()) {
		return rules.Refuse("12.2", "%s starts next to an enemy unit (%s): no Strategic Movement", u.ID, g.b.id(a))
	}
	if us.SM {
		return nil // its marker is on it already (12.6)
	}
	sm, movers, _ := g.markersInUse(u.Side)
	limit := alliedSMMarkers
	if u.Side == German {
		limit = germanSMMarkers - movers
	}
	if sm >= limit && !g.groupMarker(i) {
		return rules.Refuse("12.4.1", "every SM marker is in use (%d)", limit)
	}
	return nil
}

// groupMarker reports whether unit i may share the SM marker of a unit of
// its regiment in its hex (12.4.2).
func (g *Game) groupMarker(i int) bool {
	r := g.unit(i).Regiment
	if r == "" {
		return false
	}
	at := g.s.Units[i].At
	for j, us := range g.s.Units {
		if j != i && us.SM && us.At == at && g.unit(j).Regiment == r {
			return true
		}
	}
	return false
}

// mayPrimeMover checks a Prime Mover for German artillery unit i (22.3); at
// night for a unit under a Night marker, whose move is by the normal rules
// (25.3.1), from ardennes44/4 (moverAtNight).
func (g *Game) mayPrimeMover(i int) error {
	u := g.unit(i)
	switch {
	case u.Side != German || !u.Arty():
		return rules.Refuse("22.3", "Prime Movers move German artillery")
	case g.s.Units[i].Mover:
		return nil
	case g.night() && !g.ver.moverAtNight:
		return rules.Refuse("25.3.1", "at night only the stacks under Night markers move, on their own MA")
	case g.night() && !g.s.Units[i].Night:
		return rules.Refuse("25.3.1", "at night only the stacks under Night markers move")
	}
	sm, movers, byArmy := g.markersInUse(German)
	switch {
	case movers >= primeMoverCount:
		return rules.Refuse("22.3", "all %d Prime Movers are in use", primeMoverCount)
	case byArmy[u.Army] >= primeMovers[u.Army]:
		return rules.Refuse("22.3", "the %s's %d Prime Movers are in use", armyNames[u.Army], primeMovers[u.Army])
	case sm+movers >= germanSMMarkers:
		return rules.Refuse("12.4.1", "the German SM and Prime Mover counters are all in use (CON-1)")
	}
	return nil
}

// primeMoverCount: 5 a turn (22.3).
const primeMoverCount = 5
