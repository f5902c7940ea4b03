package freeplay

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Scene implements scene.Drawer. Free play's board is the players' own, and
// its moves are free text, so the scene has no board and no pieces: the
// title, the turn and the latest happenings.
func (g *Game) Scene(seat rules.Seat) scene.Scene {
	return scene.Scene{
		Title: g.s.Title, Turn: g.s.Turn, Phase: g.Pending().Phase, Seat: seat,
		Notes: append([]string{fmt.Sprintf("%d moves and %d rolls so far", g.s.Moves, g.s.Rolls)}, slices.Clone(g.s.Last)...),
	}
}

// DicePurpose implements scene.DicePurposer. The players word each roll as
// they like, so the statistics group rolls by their dice: "2d6".
func (g *Game) DicePurpose() string {
	if g.s.Roll == nil || len(g.s.Roll.Sides) == 0 {
		return "other"
	}
	return fmt.Sprintf("%dd%d", len(g.s.Roll.Sides), g.s.Roll.Sides[0])
}
