package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Beaches and Mulberries (21.1). A beach is open while its engineer stands on
// one of its hexes (openBeach, supplyphase.go); it closes when the engineer is
// eliminated and stays closed until the rebuilt engineer lands again (21.1.4,
// landing.go). A closed Gold, Juno or US beach costs its army 2 RP a turn
// (6.5.3). Mulberries are begun, delayed, completed and lost here:
//
//	buy-supp us|gb N   the army buys N SupP for 3 RP each, once its Mulberry
//	                   is complete (21.1.3, 5.3), in the Allied Replacement Phase
//	                   (AMBIG-4)
//
// Mulberry sites are the scenario's 'mulberry HEX us|gb' places: the British
// one is Arromanches-les-Bains, the US one the Omaha hex the marker goes on
// (21.1.1). ENGINE NOTE: the scenario names that hex, so the Allied player is
// not asked which of the two Omaha hexes takes it.

// mulberry is one army's Mulberry once begun (21.1.1): the Turn-track box it
// completes in, or complete. A captured one is kept as Lost until the
// conditions hold again and it restarts (21.1.5).
type mulberry struct {
	Army     string `json:"army"`  // "us" or "gb"
	Ready    int    `json:"ready"` // completes in this turn's Initial Phase
	Complete bool   `json:"complete,omitempty"`
	Lost     bool   `json:"lost,omitempty"`
}

// mulberryBeach is the beach a Mulberry counts as for landings: the British one
// is part of Gold (6.5.2 c), the US one of Omaha (AMBIG-49).
var mulberryBeach = map[string]string{"gb": "gold", "us": "omaha"}

// mulberrySites lists an army's Mulberry hexes, in id order.
func (g *Game) mulberrySites(army string) []string {
	var ids []string
	for _, p := range g.sc.Places {
		if p.Kind == PlaceMulberry && p.Arg == army {
			ids = append(ids, p.Hex)
		}
	}
	slices.Sort(ids)
	return ids
}

// beachHexes lists the hexes of a beach, in id order.
func (g *Game) beachHexes(beach string) []string { return beachHexesIn(g.sc.Places, beach) }

// beachHexesIn lists the hexes of a beach among a scenario's places, in id
// order (21.1.1).
func beachHexesIn(places []Place, beach string) []string {
	var ids []string
	for _, p := range places {
		if p.Kind == PlaceBeach && p.Arg == beach {
			ids = append(ids, p.Hex)
		}
	}
	slices.Sort(ids)
	return ids
}

// mulberryTargets are the hexes whose neighbourhood delays an army's Mulberry
// (21.1.2): Arromanches for the British; for the US either Omaha hex, and the
// site itself.
func (g *Game) mulberryTargets(army string) []string {
	ids := g.mulberrySites(army)
	if army == "us" {
		ids = append(ids, g.beachHexes("omaha")...)
		slices.Sort(ids)
		ids = slices.Compact(ids)
	}
	return ids
}

// controller is who controls a hex now (2.2.5): the occupant, else the side
// that last held a Town, City or fortification.
func (g *Game) controller(occ map[hex.Axial][]int, id string) Side {
	if a, ok := g.b.ids[id]; ok {
		if s := g.sideAt(occ, a); s != "" {
			return s
		}
	}
	for _, c := range g.s.Control {
		if c.Hex == id {
			return c.Side
		}
	}
	return ""
}

// germanNear reports whether a German unit stands on (if on) or next to hex id.
func (g *Game) germanNear(occ map[hex.Axial][]int, id string, on bool) bool {
	a, ok := g.b.ids[id]
	if !ok {
		return false
	}
	if on && g.sideAt(occ, a) == German {
		return true
	}
	for _, n := range a.Neighbors() {
		if g.sideAt(occ, n) == German {
			return true
		}
	}
	return false
}

// mulberryConditions reports whether an army's Mulberry may be begun now
// (21.1.1): British, Arromanches Allied-controlled with no German unit
// adjacent; US, no German unit on or adjacent to either Omaha hex (nor the
// site).
func (g *Game) mulberryConditions(occ map[hex.Axial][]int, army string) bool {
	sites := g.mulberrySites(army)
	if len(sites) == 0 {
		return false
	}
	if army == "gb" {
		for _, id := range sites {
			if g.controller(occ, id) != Allied || g.germanNear(occ, id, false) {
				return false
			}
		}
		return true
	}
	for _, id := range g.mulberryTargets(army) {
		if g.germanNear(occ, id, true) {
			return false
		}
	}
	return true
}

func (g *Game) mulberryOf(army string) *mulberry {
	for k := range g.s.Mulberries {
		if g.s.Mulberries[k].Army == army {
			return &g.s.Mulberries[k]
		}
	}
	return nil
}

// mulberryComplete reports whether an army's Mulberry is complete (21.1.3).
func (g *Game) mulberryComplete(army string) bool {
	m := g.mulberryOf(army)
	return m != nil && m.Complete && !m.Lost
}

// mulberryHex reports whether a hex is a complete Mulberry (18.2, 21.1.3).
func (g *Game) mulberryHex(id string) bool {
	a, ok := g.b.ids[id]
	return ok && g.mulberryAt(a)
}

// mulberryAt is mulberryHex for a hex.
func (g *Game) mulberryAt(a hex.Axial) bool {
	return g.sup.mulberry[a] != "" && g.mulberryComplete(g.sup.mulberry[a])
}

// mulberryLosses removes the Mulberry of each army whose site the Germans have
// captured, under construction or complete (21.1.5).
func (g *Game) mulberryLosses(occ map[hex.Axial][]int) []rules.Event {
	var events []rules.Event
	for k := range g.s.Mulberries {
		m := &g.s.Mulberries[k]
		if m.Lost {
			continue
		}
		for _, id := range g.mulberrySites(m.Army) {
			if g.controller(occ, id) == German {
				m.Lost, m.Complete, m.Ready = true, false, 0
				why := "it may be begun again once the hex is retaken (21.1.5)"
				if !g.ed.mulberryRebuildable {
					// D07, D08: destroyed for good, and its army's RP
					// fall by 2 a turn (6.5.3, 21.1; IT L456-458, L1423).
					why = fmt.Sprintf("it is destroyed for good, and the %s army has %d RP a turn less (6.5.3, 21.1)", armyWords(m.Army), g.ed.mulberryDestroyedRPPenalty)
				}
				events = append(events, rules.Event{Seat: rules.Seat(Allied),
					Text: fmt.Sprintf("The Germans capture %s: the %s Mulberry is lost; %s", hexLabel(g.sc, id), armyWords(m.Army), why)})
				break
			}
		}
	}
	return events
}

// mulberryInitial is the Initial Phase check (21.1.1): a Mulberry whose turn
// has come is complete; one not begun (or lost, where the edition lets a
// lost one be begun again, D08) whose conditions hold goes on the Turn
// track the edition's number of turns on (D09: 5 in 2.2, 4 in the first
// edition, whose first qualifying Initial Phase is the first of the five,
// IT L1417).
func (g *Game) mulberryInitial() []rules.Event {
	occ := g.occupancy()
	events := g.mulberryLosses(occ)
	for _, army := range []string{"us", "gb"} {
		m := g.mulberryOf(army)
		switch {
		case m != nil && !m.Lost && !m.Complete && m.Ready <= g.s.Turn:
			m.Complete = true
			events = append(events, rules.Event{Seat: rules.Seat(Allied),
				Text: fmt.Sprintf("The %s Mulberry at %s is complete: 2 free SupP a turn, SupP for 3 RP, landings there (21.1.3)", armyWords(army), g.mulberrySites(army)[0])})
		case (m == nil || m.Lost && g.ed.mulberryRebuildable) && g.mulberryConditions(occ, army):
			if m == nil {
				g.s.Mulberries = append(g.s.Mulberries, mulberry{Army: army})
				m = &g.s.Mulberries[len(g.s.Mulberries)-1]
			}
			m.Lost, m.Ready = false, g.s.Turn+g.ed.mulberryCompletionOffset
			events = append(events, rules.Event{Seat: rules.Seat(Allied),
				Text: fmt.Sprintf("The %s Mulberry is begun: complete in the Initial Phase of turn %d (21.1.1)", armyWords(army), m.Ready)})
		}
	}
	return events
}

// mulberryDelays moves each Mulberry under construction one turn later at the
// start of an Allied turn in which a German unit stands next to its target hex
// (21.1.2; for Omaha either hex).
func (g *Game) mulberryDelays(occ map[hex.Axial][]int) []rules.Event {
	var events []rules.Event
	for k := range g.s.Mulberries {
		m := &g.s.Mulberries[k]
		if m.Lost || m.Complete {
			continue
		}
		for _, id := range g.mulberryTargets(m.Army) {
			if g.germanNear(occ, id, false) {
				m.Ready++
				events = append(events, rules.Event{Seat: rules.Seat(Allied),
					Text: fmt.Sprintf("A German unit next to %s delays the %s Mulberry to turn %d (21.1.2)", id, armyWords(m.Army), m.Ready)})
				break
			}
		}
	}
	return events
}

func armyWords(army string) string {
	if army == "us" {
		return "US"
	}
	return "British"
}

// freeSupP is the free SupP an Allied army receives this turn (21.1.3, 5.3):
// 1 before its Mulberry is complete, 2 after.
func (g *Game) freeSupP(r Resources, army string) int {
	if g.mulberryComplete(army) {
		return r.SupPMulberry
	}
	return r.SupP
}

// engineersOff counts an army's engineers removed from their beach hexes
// (6.5.3): eliminated, or rebuilt and not yet landed again. For the CW only
// Gold and Juno count.
func (g *Game) engineersOff(army string) int {
	n := 0
	box := g.inBritainBox()
	for i, us := range g.s.Units {
		u := g.unit(i)
		if u.Type != Engineer || u.Side != Allied || beaches[u.Beach] != army || u.Beach == "sword" {
			continue
		}
		if us.Gone || (box != "" && us.At == box) {
			n++
		}
	}
	return n
}

// engineerRP is an army's RP after 6.5.3 (rpAfterEngineers), and in the
// first edition after its Mulberry's destruction (D07, IT L456-458: -2 RP
// a turn), never below 0.
func (g *Game) engineerRP(army string, rp int) int {
	if rp == 0 {
		return 0
	}
	rp = rpAfterEngineers(rp, g.engineersOff(army))
	if m := g.mulberryOf(army); m != nil && m.Lost && !g.ed.mulberryRebuildable {
		rp = max(rp-g.ed.mulberryDestroyedRPPenalty, 0)
	}
	return rp
}

// closedBeaches lists the beaches closed under 21.1.4, in name order: their
// engineer has been eliminated and has not landed again. Pointe du Hoc has no
// engineer and never counts.
func (g *Game) closedBeaches() []string {
	var out []string
	box := g.inBritainBox()
	for i, us := range g.s.Units {
		u := g.unit(i)
		if u.Type != Engineer || u.Side != Allied || u.Beach == "" || u.Beach == "pointe-du-hoc" {
			continue
		}
		hexes := g.beachHexes(u.Beach)
		if len(hexes) == 0 || g.openBeach(hexes[0]) {
			continue
		}
		if (us.Gone || (box != "" && us.At == box)) && !slices.Contains(out, u.Beach) {
			out = append(out, u.Beach)
		}
	}
	slices.Sort(out)
	return out
}

// mayBuySupP reports whether an army may buy SupP with RP this turn: once its
// Mulberry is complete (21.1.3), or in S3 from turn 7 (S3.2.7).
func (g *Game) mayBuySupP(army string) bool {
	if r := g.resources(Allied); r.BuySupPFrom > 0 && army == "us" {
		return g.s.Turn >= r.BuySupPFrom
	}
	return g.mulberryComplete(army)
}

// rpLeft is what an army has left of this turn's RP.
func (g *Game) rpLeft(army string) int { return g.rpIncome(army) - g.rpSpent(army) }

// buySupPCommand is 'buy-supp ARMY N' (21.1.3, 5.3, 6.5.1).
func (g *Game) buySupPCommand(c Command) ([]rules.Event, error) {
	army := c.Path[0]
	if g.s.Side != Allied {
		return nil, rules.Refuse("5.3", "only the Allies buy SupP with RP")
	}
	if !g.mayBuySupP(army) {
		return nil, rules.Refuse("21.1.3", "the %s Mulberry is not complete: no SupP can be bought with RP", armyWords(army))
	}
	left, err := buySupP(g.rpLeft(army), c.N, true)
	if err != nil {
		return nil, err
	}
	k := poolIndex(g.s.RP, army)
	g.s.RP[k].N -= c.N * supPRPCost
	lost := g.addSupP(army, c.N)
	return []rules.Event{{Seat: rules.Seat(Allied),
		Text: fmt.Sprintf("The %s army buys %d SupP for %d RP (%d RP left)%s (21.1.3, 5.3)", armyWords(army), c.N, c.N*supPRPCost, left, lostWords(lost))}}, nil
}

// buySupPChoices lists 'buy-supp ARMY 1' for each army that may buy one now.
func (g *Game) buySupPChoices() []rules.Choice {
	if g.s.Side != Allied || g.s.Phase != PhaseReplacement {
		return nil
	}
	var out []rules.Choice
	for _, army := range []string{"us", "gb"} {
		if g.mayBuySupP(army) && g.rpLeft(army) >= supPRPCost {
			c := Command{Verb: "buy-supp", Path: []string{army}, N: 1}
			out = append(out, rules.Choice{Command: c.String(), Cost: supPRPCost,
				Note: fmt.Sprintf("1 %s SupP for 3 RP, 'buy-supp %s N' for more (21.1.3)", army, army)})
		}
	}
	return out
}

// landingHexes are where reinforcements may land: beach hexes and complete
// Mulberry hexes (6.5.2, 21.1.3), in Axial order.
func (g *Game) landingHexes() []hex.Axial {
	out := hex.SortedKeys(g.sup.beach)
	for _, a := range hex.SortedKeys(g.sup.mulberry) {
		if g.sup.beach[a] == "" {
			out = append(out, a)
		}
	}
	hex.SortAxials(out)
	return out
}

// mulberryLanding is the beach a complete Mulberry hex counts as for landings
// (21.1.3, 6.5.2 c), "" if the hex is none.
func (g *Game) mulberryLanding(a hex.Axial) string {
	army := g.sup.mulberry[a]
	if army == "" || !g.mulberryComplete(army) {
		return ""
	}
	return mulberryBeach[army]
}

// mulberryLines describe the Mulberries for View.
func (g *Game) mulberryLines() []string {
	var lines []string
	for _, m := range g.s.Mulberries {
		switch {
		case m.Lost:
			lines = append(lines, fmt.Sprintf("%s Mulberry: lost (21.1.5)", armyWords(m.Army)))
		case m.Complete:
			lines = append(lines, fmt.Sprintf("%s Mulberry: complete (21.1.3)", armyWords(m.Army)))
		default:
			lines = append(lines, fmt.Sprintf("%s Mulberry: complete in turn %d (21.1.1)", armyWords(m.Army), m.Ready))
		}
	}
	if cl := g.closedBeaches(); len(cl) > 0 {
		lines = append(lines, fmt.Sprintf("closed beaches (21.1.4): %v", cl))
	}
	return lines
}
