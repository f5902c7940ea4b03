package combat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
)

// board is a test map of our own making around a center, (0,0) unless
// said otherwise: hexes within radius of it, clear unless terrain says otherwise, with a small TEC of its own:
//
//	marsh   no retreat or advance into it
//	swamp   a retreat into it costs the stack a step
//	town    a two-hex retreat may stop in it after one hex
//	woods   an advance stops on entering it, and leaves it only as its
//	        first hex
type board struct {
	center  hex.Axial
	radius  int
	terrain map[hex.Axial]string
	enemy   map[hex.Axial]bool
	zoc     map[hex.Axial]bool
	lines   map[[2]hex.Axial]bool // ZOC bonds, by step
	friends map[hex.Axial]int     // the hold strength of friends that stay
	full    map[hex.Axial]bool
}

func newBoard(radius int) *board {
	return &board{radius: radius, terrain: map[hex.Axial]string{}, enemy: map[hex.Axial]bool{}, zoc: map[hex.Axial]bool{},
		lines: map[[2]hex.Axial]bool{}, friends: map[hex.Axial]int{}, full: map[hex.Axial]bool{}}
}

var origin = hex.Axial{}

func (b *board) Map() Map {
	return Map{
		OnMap:    func(a hex.Axial) bool { return hex.Distance(b.center, a) <= b.radius },
		Enemy:    func(a hex.Axial) bool { return b.enemy[a] },
		EnemyZOC: func(a hex.Axial) bool { return b.zoc[a] },
		ZOCLine:  func(x, y hex.Axial) bool { return b.lines[[2]hex.Axial{x, y}] },
		Friends: func(a hex.Axial) (bool, int) {
			n, ok := b.friends[a]
			return ok, n
		},
		Room: func(a hex.Axial, _ []string) bool { return !b.full[a] },
		Retreat: func(_, to hex.Axial, _ int, _ []RetreatUnit, p RetreatPath) (RetreatPath, bool) {
			switch b.terrain[to] {
			case "marsh":
				return p, false
			case "swamp":
				if p.Steps == 0 {
					p.Steps++
					p.Losses++
				}
			}
			return p, true
		},
		Holds:   func(a hex.Axial) bool { return b.terrain[a] == "town" },
		Advance: func(_ AdvanceUnit, _, to hex.Axial, _ int) bool { return b.terrain[to] != "marsh" },
		Stops:   func(_ AdvanceUnit, _, a, _ hex.Axial) bool { return b.terrain[a] == "woods" },
		Leaves:  func(_ AdvanceUnit, from, _ hex.Axial) bool { return b.terrain[from] != "woods" },
	}
}

// ring lists the hexes at distance n from (0,0).
func ring(n int) []hex.Axial {
	var out []hex.Axial
	for q := -n; q <= n; q++ {
		for r := -n; r <= n; r++ {
			if a := (hex.Axial{Q: q, R: r}); hex.Distance(origin, a) == n {
				out = append(out, a)
			}
		}
	}
	return out
}

// pathTexts prints paths as sorted lines "(1,0) (2,0)".
func pathTexts(paths [][]hex.Axial) []string {
	var out []string
	for _, p := range paths {
		var s []string
		for _, a := range p {
			s = append(s, a.String())
		}
		out = append(out, strings.Join(s, " "))
	}
	slices.Sort(out)
	return out
}

func hexesOf(ps []RetreatPath) [][]hex.Axial {
	var out [][]hex.Axial
	for _, p := range ps {
		out = append(out, p.Hexes)
	}
	return out
}

var (
	east  = hex.Axial{Q: 1, R: 0}
	east2 = hex.Axial{Q: 2, R: 0}
)

func unitsOf(strengths ...int) []RetreatUnit {
	var out []RetreatUnit
	for i, s := range strengths {
		out = append(out, RetreatUnit{ID: fmt.Sprintf("u%d", i), Strength: s, Steps: 2, MA: 4})
	}
	return out
}
