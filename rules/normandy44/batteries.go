package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Optional rule 25.3, German coastal batteries (option "coastal-batteries"):
// from turn 2 the Allies commit, each turn, one US Western TF naval marker
// while a battery on the US side of the army boundary stands, and one
// British Eastern TF marker while one on the CW side does. The batteries are
// the scenario's 'battery HEX' places (Crisbecq 3012, Pointe du Hoc 2818,
// Longues-sur-Mer 2623, Mont Canisy 2437).

// optCoastalBatteries names the option.
const optCoastalBatteries = "coastal-batteries"

// montCanisy is the one battery the Allies need not suppress while no
// reinforcement has landed through Sword (25.3).
const montCanisy = "2437"

// batteryHexes are the scenario's coastal batteries, in file order.
func (g *Game) batteryHexes() []string {
	var out []string
	for _, p := range g.sc.Places {
		if p.Kind == PlaceBattery {
			out = append(out, p.Hex)
		}
	}
	return out
}

// checkBatteries records the batteries eliminated since the last check
// (25.3): an Allied unit occupies the hex, or the strongpoint set up there
// is eliminated. ENGINE NOTE: checked whenever a phase ends and in the
// Initial Phase, so "occupies" reads as ending a move, a retreat or an
// advance there.
func (g *Game) checkBatteries() []rules.Event {
	if !g.opt.batteries {
		return nil
	}
	occ := g.occupancy()
	var events []rules.Event
	for _, h := range g.batteryHexes() {
		if slices.Contains(g.s.Batteries, h) {
			continue
		}
		a, ok := g.b.ids[h]
		gone := ok && g.sideAt(occ, a) == Allied
		for _, pl := range g.sc.Setup {
			// 2.2: or its strongpoint is eliminated (D55; the first
			// edition's 28.3, IT L1600, only the occupation).
			if i, ok := g.index[pl.Unit]; ok && g.ed.navalBatteryDiesWithSP && pl.At == h && g.unit(i).Type == Strongpoint && g.s.Units[i].Gone {
				gone = true
			}
		}
		if gone {
			g.s.Batteries = append(g.s.Batteries, h)
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("The coastal battery at %s is eliminated (25.3)", h)})
		}
	}
	return events
}

// batteryArmy is the army whose naval marker suppresses the battery: the
// side of the army boundary it stands on (25.3, 22.1.2).
func (g *Game) batteryArmy(h string) string {
	if a, ok := g.b.ids[h]; ok && g.b.inZone(ZoneUSSector, a) {
		return "us"
	}
	return "cw"
}

// commitBatteries takes this turn's naval markers off to the batteries still
// standing (25.3), from turn 2.
func (g *Game) commitBatteries() []rules.Event {
	if !g.opt.batteries || g.s.Turn < 2 {
		return nil
	}
	events := g.checkBatteries()
	for k := range g.s.Naval {
		p := &g.s.Naval[k]
		var standing []string
		for _, h := range g.batteryHexes() {
			if slices.Contains(g.s.Batteries, h) || g.batteryArmy(h) != p.Army {
				continue
			}
			if h == montCanisy && !g.s.SwordLanded {
				continue // 25.3: no reinforcement through Sword, no need
			}
			standing = append(standing, h)
		}
		if len(standing) == 0 || p.Ready == 0 {
			continue
		}
		p.Ready--
		p.Committed = 1
		events = append(events, rules.Event{Seat: rules.Seat(Allied),
			Text: fmt.Sprintf("One %s naval marker suppresses the coastal batteries at %s this turn (25.3)", p.Army, strings.Join(standing, ", "))})
	}
	return events
}
