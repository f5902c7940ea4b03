package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// Victory (30.0, S2.4, S3.4, S4.4, S5.2), checked in the Allied player
// turn's Victory Phase only (30.1.1).

// exitAF: the German player wins the campaign with 24 AF exited (30.2 a);
// vpPerAF: in the short scenarios 1 VP per 4 AF exited, rounded down
// (S2.4, AMB-39).
const (
	exitAF      = 24
	vpPerAF     = 4
	liegeHexes  = 4 // 30.2 b: all four
	meuseNeeded = 4 // 30.2 c: 4 of the 6
	westNeeded  = 6 // 30.2 d
	westS5      = 4 // S5.2 b
	startsHeld  = 3 // 30.3 b
)

// germanHolds reports whether the Germans control a victory hex (30.1.2):
// a German unit in it or the last through it, and Road Supply to a German
// source; option 33's Roadblocks control their hex (33.1), a unit in it
// first.
func (g *Game) germanHolds(occ map[hex.Axial][]int, road map[int]int, id string) bool {
	a := g.b.ids[id]
	held := g.controller(occ, id) == German || (g.roadblockAt(id, German) && g.sideAt(occ, a) != Allied)
	if g.ver.roadblockControls && g.sideAt(occ, a) == "" && g.roadblockAt(id, Allied) && !g.roadblockAt(id, German) {
		held = false // 33.1: the Allied Roadblock controls the empty hex
	}
	if !held {
		return false
	}
	k, _ := g.b.Cell(a)
	_, ok := road[k]
	return ok
}

// victoryCount counts the victory hexes of a kind the Germans control.
func (g *Game) victoryCount(kind string) (n, of int) {
	occ := g.occupancy()
	road := g.roadCells(German)
	for _, v := range g.sc.Victory {
		if v.Kind != kind {
			continue
		}
		of++
		if g.germanHolds(occ, road, v.Hex) {
			n++
		}
	}
	return n, of
}

// exitOpen: an exit hex used has Road Supply to a German source (30.2 a,
// S2.4).
func (g *Game) exitOpen() bool {
	for _, h := range g.s.ExitHexes {
		if g.roadSupplied(g.b.ids[h], German) {
			return true
		}
	}
	return false
}

// germanWin says which German victory condition holds now, "" for none
// (30.2).
func (g *Game) germanWin() string {
	if !g.sc.Win.Campaign {
		return ""
	}
	if g.s.Exited >= exitAF && g.exitOpen() {
		return fmt.Sprintf("30.2 a: %d AF exited through F or G", g.s.Exited)
	}
	if n, of := g.victoryCount("liege"); of > 0 && n >= min(liegeHexes, of) {
		return "30.2 b: the Germans control Liège"
	}
	if n, _ := g.victoryCount("meuse"); n >= meuseNeeded {
		return fmt.Sprintf("30.2 c: the Germans control %d Meuse victory hexes", n)
	}
	if n, _ := g.victoryCount("west"); n >= westNeeded {
		return fmt.Sprintf("30.2 d: the Germans control %d West-map victory hexes", n)
	}
	return ""
}

// startPositionsHeld counts the German start positions the Allies control
// (30.3 b): an Allied unit in supply in each, no German unit in it.
func (g *Game) startPositionsHeld() int {
	n := 0
	for _, sp := range g.sc.Starts {
		allied, german := false, false
		for i, us := range g.s.Units {
			if _, ok := g.onMap(i); !ok || !slices.Contains(sp.Hexes, us.At) {
				continue
			}
			if g.sideOf(i) == German {
				german = true
			} else if !us.OOS {
				allied = true
			}
		}
		if allied && !german {
			n++
		}
	}
	return n
}

// enterVictory is the Victory Phase (30.1): the Allied 30.3 b count, the
// German conditions, and at the scenario's end the result.
func (g *Game) enterVictory() []rules.Event {
	var events []rules.Event
	if g.sc.Win.Campaign {
		if g.startPositionsHeld() >= startsHeld {
			g.s.Held++
		} else {
			g.s.Held = 0
		}
		if g.s.Held >= 2 {
			return g.finish("Allied victory (30.3 b): the Allies held 3 German start positions two Victory Phases running")
		}
		if win := g.germanWin(); win != "" {
			return g.finish("German victory (" + win + ")")
		}
	}
	if g.s.Turn >= g.lastTurn() {
		return append(events, g.endGame()...)
	}
	return events
}

// finish ends the game with a result.
func (g *Game) finish(result string) []rules.Event {
	g.s.Over, g.s.Result = true, result
	return []rules.Event{{Text: "Game over: " + result}}
}

// vp counts the German victory points of the short scenarios (S2.4): a
// victory hex of the East map controlled, and 1 per 4 AF exited while an
// exit hex has Road Supply: as they left from ardennes44/5 (countExitVP),
// at the end before.
func (g *Game) vp() (hexes, exits int) {
	hexes, _ = g.victoryCount("east")
	if g.ver.exitVPWhenLeaving {
		return hexes, g.s.ExitVP / vpPerAF
	}
	if g.exitOpen() {
		exits = g.s.Exited / vpPerAF
	}
	return hexes, exits
}

// endGame decides the game at the scenario's last Victory Phase. S4.4's
// draw decides Patton's counterattack ending on turn 22, not the extended
// game, whose victory is the campaign's and S5.2's (from ardennes44/5).
func (g *Game) endGame() []rules.Event {
	if g.s.Over {
		return nil
	}
	w := g.sc.Win
	switch {
	case w.VP > 0:
		h, x := g.vp()
		if h+x >= w.VP {
			return g.finish(fmt.Sprintf("German victory (S2.4): %d VP (%d victory hexes, %d for AF exited) of %d needed", h+x, h, x, w.VP))
		}
		return g.finish(fmt.Sprintf("Allied victory (S2.4): the Germans have %d VP (%d victory hexes, %d for AF exited) of %d needed", h+x, h, x, w.VP))
	case g.opt.extended && g.s.Turn >= 30:
		if why := g.extendedWin(); why != "" {
			return g.finish("German victory (S5.2): " + why)
		}
	}
	if w.BastogneDraw && !g.bastogneSupplied() && !(g.opt.extended && g.ver.extendedNoDraw) {
		return g.finish("Draw (S4.4): the Allies cannot trace Road Supply from both Bastogne hexes")
	}
	return g.finish("Allied victory (30.3 a): no German victory")
}

// bastogneSupplied: both Bastogne hexes have Allied Road Supply (S4.4; read
// as both, the draw coming when either lacks it).
func (g *Game) bastogneSupplied() bool {
	for _, h := range g.sc.Bastogne {
		if !g.roadSupplied(g.b.ids[h], Allied) {
			return false
		}
	}
	return len(g.sc.Bastogne) > 0
}

// extendedWin says the S5.2 German victory, "" when it does not hold: both
// Bastogne hexes held, or no Allied Road Supply to a Bastogne hex; and 4
// West-map victory hexes.
func (g *Game) extendedWin() string {
	occ := g.occupancy()
	road := g.roadCells(German)
	held := len(g.sc.Bastogne) > 0
	anyAllied := false
	for _, h := range g.sc.Bastogne {
		held = held && g.germanHolds(occ, road, h)
		anyAllied = anyAllied || g.roadSupplied(g.b.ids[h], Allied)
	}
	n, _ := g.victoryCount("west")
	if (held || !anyAllied) && n >= westS5 {
		return fmt.Sprintf("Bastogne held or cut off, and %d West-map victory hexes", n)
	}
	return ""
}

// endTurn closes the turn: the fuel dumps go after turn 6 (32.3); the 29th
// Armoured Brigade is released on turn 29 or once a German unit is west of
// the Meuse (27.3.2, AMB-34).
func (g *Game) endTurn() {
	g.left = append(g.left, g.clearDumps()...)
	if !g.s.Released29 && (g.s.Turn+1 >= released29 || g.germansBeyondMeuse()) {
		g.s.Released29 = true
		g.left = append(g.left, rules.Event{Seat: rules.Seat(Allied), Text: "The 29th Armoured Brigade is released (27.3.2)"})
	}
	g.s.Air, g.s.AirRolled = 0, false
}

// released29: the 29th Armoured Brigade is released on turn 29 (27.3.2).
const released29 = 29

// isReleased29: the 29th Armoured Brigade is free of 27.3.1. From
// ardennes44/4 it is as soon as a German unit stands west of the Meuse
// (27.3.2, L1565, AMB-34), not only from the end of that turn; latch29
// keeps it released once a stage ends so.
func (g *Game) isReleased29() bool {
	return g.s.Released29 || (g.ver.release29AtOnce && g.germansBeyondMeuse())
}

// latch29 releases the 29th Armoured Brigade for good when a stage ends
// with a German unit west of the Meuse (27.3.2), from ardennes44/4.
func (g *Game) latch29() {
	if g.ver.release29AtOnce && !g.s.Released29 && g.germansBeyondMeuse() {
		g.s.Released29 = true
		g.left = append(g.left, rules.Event{Seat: rules.Seat(Allied), Text: "The 29th Armoured Brigade is released: the Germans have crossed the Meuse (27.3.2)"})
	}
}

// germansBeyondMeuse: a German unit stands west of the Meuse (27.3.2).
func (g *Game) germansBeyondMeuse() bool {
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && g.sideOf(i) == German && g.b.zone(ZoneWestOfMeuse, a) {
			return true
		}
	}
	return false
}

// victoryWords says how the game stands for the status view.
func (g *Game) victoryWords() string {
	w := g.sc.Win
	if w.VP > 0 {
		h, x := g.vp()
		return fmt.Sprintf("German VP %d of %d (victory hexes %d, AF exited %d)", h+x, w.VP, h, g.s.Exited)
	}
	var parts []string
	for _, k := range []string{"liege", "meuse", "west"} {
		n, of := g.victoryCount(k)
		if of > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, n, of))
		}
	}
	parts = append(parts, fmt.Sprintf("AF exited %d/%d", g.s.Exited, exitAF), fmt.Sprintf("start positions held by the Allies %d (%d phases)", g.startPositionsHeld(), g.s.Held))
	return "German-controlled victory hexes: " + strings.Join(parts, ", ")
}
