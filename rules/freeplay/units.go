package freeplay

import "github.com/pbem-referee/pbem/rules"

// Units implements rules.Counters. Free play records moves as free text and
// keeps no counters: the players keep them on their own tables, so there is
// no unit to show, and pbem says so rather than that it cannot tell.
func (g *Game) Units(rules.Seat) []rules.Unit { return nil }

var _ rules.Counters = (*Game)(nil)
