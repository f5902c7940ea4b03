package salerno43

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// rollWeather is the Weather Phase (22.1-22.3): the marker moves 0, 1 or 2
// boxes right, wrapping from F to A; the box's air and naval markers are
// flipped ready (22.2.1), the Luftwaffe's only in box C and only while the
// Allies cannot use Montecorvino (22.2.2, 22.2.3); each side adds the box's
// SP, at most 19 (22.3.1), the Allies one more on an asterisk once they
// hold Salerno with no German unit within 2 hexes (22.3.2).
func (g *Game) rollWeather(die int) []rules.Event {
	w := &g.b.chart.Weather
	next, roll := w.Next(g.s.Weather, die)
	g.s.Weather = next
	box := w.Boxes[next]
	g.s.Ready = nil
	for _, m := range box.Air {
		g.s.Ready = append(g.s.Ready, m+"-air")
	}
	for _, m := range box.Naval {
		g.s.Ready = append(g.s.Ready, m+"-naval")
	}
	if box.Luftwaffe && !g.alliesUseAirfield() {
		g.s.Ready = append(g.s.Ready, markerLuftwaffe)
	}
	slices.Sort(g.s.Ready)
	for _, side := range []Side{German, Allied} {
		sp := box.SP[side]
		if side == Allied && roll.Star && g.alliesHoldSalerno() {
			sp++
		}
		g.s.SP[sideIndex(side)] = min(19, g.s.SP[sideIndex(side)]+sp)
	}
	text := fmt.Sprintf("Weather: die %d, the marker moves %d to box %s, %s; ready: %v; SP German %d, Allied %d (22.1-22.3)",
		die, roll.Move, boxNames[next], box.Weather, g.s.Ready, g.s.SP[0], g.s.SP[1])
	return append([]rules.Event{{Seat: rules.Seat(German), Text: text}}, g.nextStage()...)
}

// rain: the weather is Rain (22.4).
func (g *Game) rain() bool { return g.b.chart.Weather.Boxes[g.s.Weather].Weather == "rain" }

// clear: the weather is Clear (16.5.5, 22.5).
func (g *Game) clearWeather() bool { return g.b.chart.Weather.Boxes[g.s.Weather].Weather == "clear" }

// alliesUseAirfield: the Allies control Montecorvino with no German combat
// unit within 3 hexes (22.2.3).
func (g *Game) alliesUseAirfield() bool {
	for _, id := range g.sc.Airfields {
		if g.controls(Allied, id) && !g.germanWithin(id, 3) {
			return true
		}
	}
	return false
}

// alliesHoldSalerno: the Allies control Salerno and no German unit is
// within 2 hexes of it (22.3.2, A-57).
func (g *Game) alliesHoldSalerno() bool {
	id := g.salerno()
	return id != "" && g.controls(Allied, id) && !g.germanWithin(id, 2)
}

// salerno is the hex named Salerno, "" for none.
func (g *Game) salerno() string {
	for id, n := range g.b.names {
		if n == "Salerno" {
			return id
		}
	}
	return ""
}

// germanWithin: a German combat unit stands within n hexes of id.
func (g *Game) germanWithin(id string, n int) bool {
	c, ok := g.b.Hex(id)
	if !ok {
		return false
	}
	for i := range g.s.Units {
		if a, on := g.axial(i); on && g.sc.Units[i].Side == German && hex.Distance(a, c) <= n {
			return true
		}
	}
	return false
}

// markerReady: the marker is on its ready side.
func (g *Game) markerReady(m string) bool { return slices.Contains(g.s.Ready, m) }

// useMarker flips it to USED (9.4).
func (g *Game) useMarker(m string) {
	g.s.Ready = slices.DeleteFunc(g.s.Ready, func(r string) bool { return r == m })
}
