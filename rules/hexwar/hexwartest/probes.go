// Package hexwartest holds what the tests of the series' engines share: the
// moves their conformance tests probe Legal with (rulestest.Options.Probes),
// written as the series' move command on the series' board.
package hexwartest

import (
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Steps are unit id's moves from a into each hex next to it on b, once
// with each of flagSets.
func Steps(b *hexwar.Board, id string, a hex.Axial, flagSets [][]string) []string {
	var out []string
	for _, flags := range flagSets {
		for _, n := range a.Neighbors() {
			if b.OnMap(n) {
				out = append(out, move(id, flags, b.ID(a), b.ID(n)))
			}
		}
	}
	return out
}

// TwoHexes are unit id's moves from a to each hex two steps away on b, with
// flags: Tactical Movement's, which may go 2 hexes whatever they cost (N44
// 9.10, A44 11.3, S43 5.4).
func TwoHexes(b *hexwar.Board, id string, a hex.Axial, flags ...string) []string {
	var out []string
	for _, n := range a.Neighbors() {
		if !b.OnMap(n) {
			continue
		}
		for _, m := range n.Neighbors() {
			if b.OnMap(m) && m != a {
				out = append(out, move(id, flags, b.ID(a), b.ID(n), b.ID(m)))
			}
		}
	}
	return out
}

// Onto are unit id's moves onto b at each of hexes (an entry hex, a beach),
// and from there 1 hex on, once with each of flagSets.
func Onto(b *hexwar.Board, id string, hexes []hex.Axial, flagSets [][]string) []string {
	var out []string
	for _, flags := range flagSets {
		for _, a := range hexes {
			out = append(out, move(id, flags, b.ID(a)))
			for _, n := range a.Neighbors() {
				if b.OnMap(n) {
					out = append(out, move(id, flags, b.ID(a), b.ID(n)))
				}
			}
		}
	}
	return out
}

// Reach is what a move achieves, for rulestest.Options.Reach: its unit
// and the hex it ends in, or the end it names beyond its path (an entry
// area, S43 21.3).
func Reach(mc hexwar.MoveCommand) string {
	switch {
	case mc.End != "":
		return mc.Unit + " " + mc.End
	case len(mc.Path) == 0:
		return mc.Unit
	}
	return mc.Unit + " " + mc.Path[len(mc.Path)-1]
}

func move(id string, flags []string, path ...string) string {
	return hexwar.MoveCommand{Unit: id, Path: path, Flags: flags}.String()
}
