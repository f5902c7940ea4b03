package normandy44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/scene"
)

// sceneOverlays are the zones of control (8.1), the control of Towns, Cities
// and fortifications (2.2.5), the units out of supply or isolated (18.1) and
// the combat in progress or just resolved.
func (g *Game) sceneOverlays() scene.Overlays {
	o := scene.Overlays{Combat: g.lastCombat()}
	for _, side := range []Side{German, Allied} {
		var cells []string
		for _, a := range g.zocHexes(side).Sorted() {
			cells = append(cells, g.cellID(a))
		}
		o.ZOC = append(o.ZOC, scene.Area{Colour: string(side), Label: sideWord(side) + " ZOC (8.1)", Cells: cells})
		var held []string
		for _, c := range g.s.Control {
			if c.Side == side {
				held = append(held, c.Hex)
			}
		}
		o.Control = append(o.Control, scene.Area{Colour: string(side), Label: sideWord(side) + " control (2.2.5)", Cells: held})
	}
	var oos, iso []string
	for i, us := range g.s.Units {
		if _, on := g.onMap(i); !on || !(us.OutOfSupply || us.Isolated) {
			continue
		}
		if us.Isolated {
			iso = appendOnce(iso, us.At)
		} else {
			oos = appendOnce(oos, us.At)
		}
	}
	slices.Sort(oos)
	slices.Sort(iso)
	o.Supply = []scene.Area{
		{Label: "Out of supply (18.1)", Tone: scene.ToneWarn, Cells: oos},
		{Label: "Isolated (18.1)", Tone: scene.ToneBad, Cells: iso},
	}
	return o
}

func appendOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// Moves implements scene.Mover: the path of a move, an HQ's relocation
// (17.4), a mobilization (6.7), and a combat's retreat and advances given as
// decisions (13.1.4, 14.1). The position is the one before the command.
func (g *Game) Moves(command string) []scene.Move {
	if c, err := ParseCommand(command); err == nil {
		i, ok := g.index[c.Unit]
		if !ok {
			return nil
		}
		switch c.Verb {
		case "move":
			return []scene.Move{{Pieces: []string{c.Unit}, Path: g.knownCells(c.Path), Kind: scene.MoveNormal}}
		case "relocate":
			return []scene.Move{{Pieces: []string{c.Unit}, Path: g.knownCells(append([]string{g.s.Units[i].At}, c.Path...)), Kind: scene.MoveNormal}}
		case "mobilize":
			return []scene.Move{{Pieces: []string{c.Unit}, Path: g.knownCells(c.Path), Kind: scene.MoveNormal}}
		}
		return nil
	}
	cc, err := ParseCombatCommand(command)
	if err != nil || g.s.Combat == nil {
		return nil
	}
	cb := g.combat()
	switch cc.Kind {
	case CmdRetreat:
		var who []string
		for _, u := range cb.survivors() {
			who = append(who, u.ID)
		}
		return []scene.Move{{Pieces: who, Path: g.knownCells(append([]string{cb.Origin}, cc.Hexes...)), Kind: scene.MoveRetreat}}
	case CmdAdvance:
		from := ""
		for _, u := range cb.In.Attackers {
			if slices.Contains(cc.Units, u.ID) {
				from = u.FromHex
			}
		}
		return []scene.Move{{Pieces: cc.Units, Path: g.knownCells(append([]string{from}, cc.Hexes...)), Kind: scene.MoveAdvance}}
	}
	return nil
}

// knownCells keeps the hexes of the map: a path read from a command may name
// one the map lacks only in a command the rules then refuse.
func (g *Game) knownCells(ids []string) []string {
	var out []string
	for _, id := range ids {
		if g.isCell(id) {
			out = append(out, id)
		}
	}
	return out
}

// DicePurpose implements scene.DicePurposer: what the dice awaited decide,
// as the dice statistics group them.
func (g *Game) DicePurpose() string {
	switch {
	case g.gliderNeed() != nil:
		return "glider scatter (20.2.4)"
	case g.s.Phase == PhaseInitial:
		return "weather (4.1)"
	case g.s.Phase == PhaseInvasion && g.s.Invasion != nil:
		switch r := g.s.Invasion; {
		case !r.Scattered:
			return "airborne scatter (20.2.1)"
		case r.Rangers:
			return "Ranger landing (20.3.4)"
		}
		return "beach assault (20.3)"
	case g.s.Strafing != nil:
		return "strafing (19.1.4)"
	case g.s.Combat != nil:
		switch g.combat().pending().Roll {
		case RollJabos:
			return "Jabos (19.1.3)"
		case RollDD:
			return "determined defense (12.4)"
		}
		return "combat results (10.5)"
	case g.s.Phase == PhaseSupply:
		return "isolation attrition (18.5)"
	}
	return "other"
}
