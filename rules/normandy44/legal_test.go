package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// bruteReach finds each hex's least cost by trying every simple path within
// the budget, step by step: no queue, no pruning, so it checks the Dijkstra
// search over (hex, stopped) states independently.
func bruteReach(m *mover) map[hex.Axial]int {
	best := map[hex.Axial]int{m.start: 0}
	seen := map[hex.Axial]bool{m.start: true}
	var dfs func(at hex.Axial, cost int)
	dfs = func(at hex.Axial, cost int) {
		for _, to := range at.Neighbors() {
			if seen[to] {
				continue
			}
			r, err := m.step(at, to)
			if err != nil || cost+r.cost > m.budget {
				continue
			}
			c := cost + r.cost
			if old, ok := best[to]; !ok || c < old {
				best[to] = c
			}
			if !r.stop {
				seen[to] = true
				dfs(to, c)
				seen[to] = false
			}
		}
	}
	dfs(m.start, 0)
	return best
}

// TestReach_MatchesBruteForce: on the TEC test map with enemy units about, the
// move search finds exactly the hexes and least costs that trying every path
// finds, and each path it returns walks at the cost it reports.
func TestReach_MatchesBruteForce(t *testing.T) {
	mp := costMap
	mp.units = append(append([]string(nil), costMap.units...), gerInf, allSlow)
	mp.setup = append(append([]string(nil), costMap.setup...), "ginf 0306", "aslow 0108")
	g := mp.game(t, Allied, 2)
	starts := []string{"0101", "0204", "0401", "0503", "0602", "0704", "0705", "0805", "0304"}
	checked := 0
	for _, unit := range []string{"ainf", "amech"} {
		for _, s := range starts {
			i := g.index[unit]
			g.s.Units[i].At, g.s.Units[i].Moved = s, false
			ctx := g.moveContext(Allied)
			m, err := g.newMover(ctx, i, false, false)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteReach(m)
			got := m.reach()
			for a, c := range want {
				_, ok := got.hexes[a]
				if !ok || got.cost(a) != c {
					t.Errorf("%s from %s to %s: search found %v, brute force %d", unit, s, g.b.id(a), ok, c)
					continue
				}
				if wc, err := m.walk(got.path(a)); err != nil || wc != c {
					t.Errorf("%s from %s to %s: path %v walks at %d, %v", unit, s, g.b.id(a), got.path(a), wc, err)
				}
				checked++
			}
			for a := range got.hexes {
				if _, ok := want[a]; !ok {
					t.Errorf("%s from %s: search reaches %s, brute force does not", unit, s, g.b.id(a))
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d destinations compared", checked)
	}
}

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
