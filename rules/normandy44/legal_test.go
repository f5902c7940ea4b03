package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// TestLegal_MovesAndEnd: Legal lists each reachable hex once per unit with its
// cost rounded up to whole MP, every listed move is accepted, and 'end' comes
// last; the side not phasing gets nothing.
func TestLegal_MovesAndEnd(t *testing.T) {
	g := costMap.game(t, Allied, 2)
	cs := g.Legal("allied")
	if len(cs) == 0 || cs[len(cs)-1].Command != "end" {
		t.Fatalf("Legal does not end with 'end': %v", cs)
	}
	if len(g.Legal("german")) != 0 {
		t.Error("Legal lists commands for the side not phasing")
	}
	// amech 0401 to 0405: down column 4 costs forest 2, bocage 1, Town on
	// forest 2, clear 1 = 6; by the minor road it is 0501 (1), 0502-0504
	// (3 x 1/2), 0405 (1) = 3 1/2, listed as cost 4 in whole MP.
	c, ok := legalTo(g, "amech", "0405")
	if !ok || c.Cost != 4 || !strings.HasPrefix(c.Note, "3 1/2 of 6 MP") || !strings.Contains(c.Command, "0501 0502 0503 0504 0405") {
		t.Errorf("amech to 0405: %+v", c)
	}
	seen := map[string]bool{}
	for _, ch := range cs[:len(cs)-1] {
		dest := ch.Command[strings.LastIndex(ch.Command, " ")+1:]
		if !strings.HasPrefix(ch.Command, "move ") {
			dest = ch.Command // reserve, entrench (15.1, 16.1.3)
		}
		if seen[ch.Piece+dest] {
			t.Errorf("%s listed twice for %s", dest, ch.Piece)
		}
		seen[ch.Piece+dest] = true
		c := g.Clone().(*Game)
		if _, err := c.Apply("allied", ch.Command); err != nil {
			t.Errorf("listed move refused: %s: %v", ch.Command, err)
		}
	}
}

// TestLegal_EveryMoveWalks: every move Legal lists at the start of the
// campaign's second German Movement Phase (units on the map and entering,
// 6.6; Strategic Movement, 9.8.1; Trucks, 9.8.6; cyclists, 9.9; Tactical
// Movement, 9.10) is a path the unit may take (9.1), in its way of moving,
// at the cost Legal gives, and each unit's moves end in
// distinct hexes: a command written as another's and one hex
// (destinations.go) names the path its search found.
func TestLegal_EveryMoveWalks(t *testing.T) {
	g := germanMovementTurn2(t, "campaign")
	ctx := g.moveContext(German)
	ends := map[string]bool{}
	walked := 0
	for _, ch := range g.Legal("german") {
		c, err := ParseCommand(ch.Command)
		if err != nil || c.Verb != "move" {
			continue
		}
		i := g.index[c.Unit]
		path := make([]hex.Axial, len(c.Path))
		for k, id := range c.Path {
			path[k] = g.b.ids[id]
		}
		plan := g.plan
		if g.waiting(i) {
			plan = g.planEntry
		}
		p, err := plan(ctx, i, path, c.SM, c.Trucks)
		if err != nil {
			t.Fatalf("%s: %v", ch.Command, err)
		}
		if cost := (p.cost + mp - 1) / mp; cost != ch.Cost {
			t.Fatalf("%s: listed at %d MP, walks at %d", ch.Command, ch.Cost, cost)
		}
		if end := c.Unit + " " + c.Path[len(c.Path)-1]; ends[end] {
			t.Fatalf("%s: a second move of %s to %s", ch.Command, c.Unit, c.Path[len(c.Path)-1])
		} else {
			ends[end] = true
		}
		walked++
	}
	if walked < 4000 {
		t.Fatalf("only %d moves walked", walked)
	}
}
