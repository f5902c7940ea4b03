package replay

import (
	"cmp"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// DiceStats are the statistics of a log's dice, which its verification
// recomputed from the players' committed chains: every one counts, and none
// could be faked.
type DiceStats struct {
	Rolls int // dice needs answered
	Dice  int // single dice thrown
	// Groups count the dice per seat, purpose and die size, then per seat,
	// per purpose and in all; "" stands for all seats or all purposes.
	Groups []DiceGroup
	// Luck is how the combat results dice fell for each side, attacking and
	// defending.
	Luck []CombatLuck
}

// DiceGroup is the dice of one seat and purpose with the same number of
// sides.
type DiceGroup struct {
	Seat    rules.Seat
	Purpose string
	Sides   int
	// Counts[v-1] is how often v came up.
	Counts []int
	N      int
	// Mean is the mean value; Expected a fair die's, (Sides+1)/2.
	Mean, Expected float64
	// ChiSquare tests the counts against a fair die with DF = Sides-1
	// degrees of freedom; P is the chance that fair dice stray at least as
	// far.
	ChiSquare float64
	DF        int
	P         float64
}

// Few reports whether the chi-square test says little: fewer than 5 dice
// expected on a face.
func (g DiceGroup) Few() bool { return g.N < 5*g.Sides }

// CombatLuck is the luck of a side's combat results dice in one role.
type CombatLuck struct {
	Side    string
	Role    string // "attacking" or "defending"
	Combats int
	// Better is the mean share of the die's faces that would have given the
	// attacker a better result than the one rolled: 0 when every roll was
	// the attacker's best, so low is lucky attacking and high is lucky
	// defending. Expected is that mean for fair dice on the same columns.
	Better, Expected float64
}

// Stats counts the dice of rolls and the luck of combats.
func Stats(rolls []Roll, combats []scene.Combat) DiceStats {
	st := DiceStats{Rolls: len(rolls)}
	type key struct {
		seat    rules.Seat
		purpose string
		sides   int
	}
	groups := map[key]*DiceGroup{}
	count := func(k key, v int) {
		g := groups[k]
		if g == nil {
			g = &DiceGroup{Seat: k.seat, Purpose: k.purpose, Sides: k.sides, Counts: make([]int, k.sides)}
			groups[k] = g
		}
		g.Counts[v-1]++
	}
	for _, r := range rolls {
		for i, v := range r.Values {
			sides := r.Sides[i]
			if v < 1 || v > sides {
				continue // never in a verified log
			}
			st.Dice++
			for _, k := range []key{{r.Seat, r.Purpose, sides}, {r.Seat, "", sides}, {"", r.Purpose, sides}, {"", "", sides}} {
				count(k, v)
			}
		}
	}
	for _, g := range groups {
		g.finish()
		st.Groups = append(st.Groups, *g)
	}
	// Seats first, all seats last; within each, purposes, then their total.
	slices.SortFunc(st.Groups, func(a, b DiceGroup) int {
		return cmp.Or(lastIfEmpty(string(a.Seat), string(b.Seat)), lastIfEmpty(a.Purpose, b.Purpose), cmp.Compare(a.Sides, b.Sides))
	})
	st.Luck = combatLuck(combats)
	return st
}

// lastIfEmpty orders strings with "" after all the others.
func lastIfEmpty(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	return cmp.Compare(a, b)
}

func (g *DiceGroup) finish() {
	sum := 0
	for i, c := range g.Counts {
		g.N += c
		sum += c * (i + 1)
	}
	g.Expected = float64(g.Sides+1) / 2
	if g.N > 0 {
		g.Mean = float64(sum) / float64(g.N)
	}
	g.DF = g.Sides - 1
	g.ChiSquare = chiSquare(g.Counts)
	g.P = chiSquareP(g.ChiSquare, g.DF)
}

// combatLuck averages, per side and role, the share of faces better for the
// attacker than the one rolled, over the combats that rolled on their table.
func combatLuck(combats []scene.Combat) []CombatLuck {
	type key struct{ side, role string }
	sum := map[key]*CombatLuck{}
	var order []key
	for _, c := range combats {
		better, expected, ok := faceShares(c)
		if !ok {
			continue
		}
		for _, k := range []key{{c.Attacker, "attacking"}, {c.Defender, "defending"}} {
			l := sum[k]
			if l == nil {
				l = &CombatLuck{Side: k.side, Role: k.role}
				sum[k] = l
				order = append(order, k)
			}
			l.Combats++
			l.Better += better
			l.Expected += expected
		}
	}
	slices.SortFunc(order, func(a, b key) int { return cmp.Or(cmp.Compare(a.side, b.side), cmp.Compare(a.role, b.role)) })
	var out []CombatLuck
	for _, k := range order {
		l := *sum[k]
		l.Better /= float64(l.Combats)
		l.Expected /= float64(l.Combats)
		out = append(out, l)
	}
	return out
}

// faceShares is, for one combat, the share of the die's faces better for the
// attacker than the face rolled, and that share's mean over every face (what
// a fair die gives on average).
func faceShares(c scene.Combat) (better, expected float64, ok bool) {
	if c.Die == 0 || len(c.Faces) == 0 {
		return 0, 0, false
	}
	k := slices.IndexFunc(c.Faces, func(f scene.Face) bool { return f.Die == c.Die })
	if k < 0 {
		return 0, 0, false
	}
	above := func(score int) float64 {
		n := 0
		for _, f := range c.Faces {
			if f.Score > score {
				n++
			}
		}
		return float64(n) / float64(len(c.Faces))
	}
	for _, f := range c.Faces {
		expected += above(f.Score)
	}
	return above(c.Faces[k].Score), expected / float64(len(c.Faces)), true
}
