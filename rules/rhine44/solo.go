package rhine44

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/graph"
)

// The solo game's automatic German (§17): the front shift of the numeric
// markers from the fields the player took (R17.4), the counterattacks
// wherever they can be made (R17.3.1), and the 3d6 Axis marker (R17.3.2-3).

// frontShift moves the numeric markers off the fields the player took this
// turn (R17.4), before the German Reaction; the paths start at the corps
// that took them, or at all his corps when encirclement took them.
func (g *Game) frontShift() {
	seat := g.active()
	var values []int
	var from []string
	for _, t := range g.s.Turn.Taken {
		vals := g.s.Numeric[t.Field]
		if len(vals) == 0 || g.controller(t.Field) != seat {
			continue
		}
		values = append(values, vals...)
		delete(g.s.Numeric, t.Field)
		if t.Corps != "" && !slices.Contains(from, t.Corps) {
			from = append(from, t.Corps)
		}
	}
	if len(values) == 0 {
		return
	}
	if len(from) == 0 {
		from = g.corpsOf(seat)
	}
	g.shift(seat, values, from, "front shift (R17.4)")
}

func (g *Game) corpsOf(seat rules.Seat) []string {
	var out []string
	for _, k := range g.s.Corps {
		if k.Owner == seat {
			out = append(out, k.ID)
		}
	}
	return out
}

// shift places numeric markers on the candidates of the shortest paths from
// the corps (shiftCandidates), spread so that the fields' sums differ least
// (R17.4.2). With no candidate the markers leave the game.
func (g *Game) shift(seat rules.Seat, values []int, from []string, why string) {
	slices.Sort(values)
	slices.Reverse(values)
	cands := g.shiftCandidates(seat, from)
	if len(cands) == 0 {
		g.say(seat, "%s: no path to a victory field has a field for the markers %v; they leave the game (X-02).", why, values)
		return
	}
	sums := make([]int, len(cands))
	for i, id := range cands {
		for _, v := range g.s.Numeric[id] {
			sums[i] += v
		}
	}
	to := distribute(values, sums)
	var words []string
	for i, v := range values {
		id := cands[to[i]]
		g.s.Numeric[id] = append(g.s.Numeric[id], v)
		slices.Sort(g.s.Numeric[id])
		words = append(words, fmt.Sprintf("%d to %s", v, g.b.field(id).Name))
	}
	for _, id := range cands {
		if len(g.s.Numeric[id]) > 0 {
			total := 0
			for _, v := range g.s.Numeric[id] {
				total += v
			}
			words = append(words, fmt.Sprintf("%s now %d", g.b.field(id).Name, total))
		}
	}
	g.say(seat, "%s: %s.", why, strings.Join(words, ", "))
}

// shiftCandidates are the fields numeric markers may go to (R17.4.1,
// R17.4.3; A-16): on each shortest path from a corps to a victory field, by
// the player's arrows through fields his corps may enter, the nearest field
// with no Axis marker that no one controls; when a corps' shortest paths
// have none, its next shortest. The corps whose paths with a candidate are
// shortest give the candidates, in path order.
func (g *Game) shiftCandidates(seat rules.Seat, from []string) []string {
	best := -1
	var out []string
	for _, id := range from {
		k := g.corps(id)
		length, cands := g.corpsCandidates(seat, k.At)
		switch {
		case length < 0:
		case best < 0 || length < best:
			best, out = length, cands
		case length == best:
			for _, c := range cands {
				if !slices.Contains(out, c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// pathSlack and pathLimit bound the search for a path with a candidate:
// paths at most pathSlack longer than the shortest, and at most pathLimit of
// one length.
const (
	pathSlack = 6
	pathLimit = 5000
)

func (g *Game) corpsCandidates(seat rules.Seat, from string) (int, []string) {
	rules := graph.Rules{Use: g.arrowOf(seat), Pass: func(id string) bool { return g.mayEnter(seat, id) }}
	victory := func(id string) bool { return g.b.field(id).Victory }
	n := g.b.g.Nearest(from, victory, rules)
	if n < 1 {
		return -1, nil
	}
	for length := n; length <= n+pathSlack; length++ {
		paths, err := g.b.g.Paths(from, victory, length, rules, pathLimit)
		if err != nil {
			return -1, nil
		}
		var cands []string
		for _, p := range paths {
			for _, id := range p[1 : len(p)-1] {
				if !g.hasAxis(id) && g.controller(id) == "" {
					if !slices.Contains(cands, id) {
						cands = append(cands, id)
					}
					break
				}
			}
		}
		if len(cands) > 0 {
			return length, cands
		}
	}
	return -1, nil
}

// distribute puts each value (largest first) on a field, so that the
// fields' sums, with what they hold, differ least (R17.4.2): the least
// spread (largest sum less smallest), then the least sum of pairwise
// differences, then the first such assignment in order. It tries every
// assignment when there are few, and otherwise puts each value on the field
// with the smallest sum.
func distribute(values, sums []int) []int {
	k := len(sums)
	total := 1
	for range values {
		total *= k
		if total > 1<<17 {
			return greedy(values, sums)
		}
	}
	best := make([]int, len(values))
	cur := make([]int, len(values))
	bestSpread, bestPairs := -1, -1
	for n := range total {
		x := n
		for i := len(values) - 1; i >= 0; i-- {
			cur[i] = x % k
			x /= k
		}
		s := slices.Clone(sums)
		for i, v := range values {
			s[cur[i]] += v
		}
		spread := slices.Max(s) - slices.Min(s)
		pairs := 0
		for i := range s {
			for j := i + 1; j < len(s); j++ {
				pairs += max(s[i]-s[j], s[j]-s[i])
			}
		}
		if bestSpread < 0 || spread < bestSpread || (spread == bestSpread && pairs < bestPairs) {
			bestSpread, bestPairs = spread, pairs
			copy(best, cur)
		}
	}
	return best
}

func greedy(values, sums []int) []int {
	s := slices.Clone(sums)
	out := make([]int, len(values))
	for i, v := range values {
		j := slices.Index(s, slices.Min(s))
		out[i] = j
		s[j] += v
	}
	return out
}

// soloCounterattacks makes every counterattack the rules allow against the
// solo player (R17.3.1): the fields are found once, before any is taken
// back.
func (g *Game) soloCounterattacks() {
	for _, id := range g.counterFields("") {
		g.counter(g.active(), id)
	}
}

// soloAxisMarker is the solo German Reaction's 3d6 (R17.3.2-3; T7): the
// numeric marker of the sum turns to its Axis side where it lies, or the
// next one on the board, higher first from a low sum and lower first from a
// high one (E27). Other numeric markers on its field move off (R17.4.4).
func (g *Game) soloAxisMarker(values []int) {
	seat := g.active()
	sum := 0
	for _, v := range values {
		sum += v
	}
	at := map[int]string{}
	for id, vals := range g.s.Numeric {
		for _, v := range vals {
			at[v] = id
		}
	}
	v, ok := soloPick(sum, func(v int) bool { _, on := at[v]; return on })
	if !ok {
		g.say(seat, "German Reaction: 3d6 = %d, and no numeric marker is left on the board (A-17).", sum)
		g.s.Stage = stageActions
		g.endTurn()
		return
	}
	id := at[v]
	rest := slices.DeleteFunc(slices.Clone(g.s.Numeric[id]), func(x int) bool { return x == v })
	delete(g.s.Numeric, id)
	g.addAxis(id)
	g.say(seat, "German Reaction: 3d6 = %d; the numeric marker %d on %s turns to its Axis side (R17.3).", sum, v, g.b.field(id).Name)
	if len(rest) > 0 {
		g.shift(seat, rest, g.corpsOf(seat), "knock-on shift (R17.4.4)")
	}
	g.endTurn()
}

// soloPick is T7: the value of the marker a 3d6 sum flips.
func soloPick(sum int, on func(int) bool) (int, bool) {
	if on(sum) {
		return sum, true
	}
	up := func() (int, bool) {
		for v := sum + 1; v <= soloBands.HighMax; v++ {
			if on(v) {
				return v, true
			}
		}
		return 0, false
	}
	down := func() (int, bool) {
		for v := sum - 1; v >= soloBands.LowMin; v-- {
			if on(v) {
				return v, true
			}
		}
		return 0, false
	}
	first, second := up, down
	if sum >= soloBands.HighMin {
		first, second = down, up
	}
	if v, ok := first(); ok {
		return v, true
	}
	return second()
}

// snapshot is the state as JSON, without what undo keeps.
func (g *Game) snapshot() string {
	s := g.s.clone()
	if s.Solo != nil {
		s.Solo.Base, s.Solo.Commands = "", nil
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic("rhine44: the state is plain data: " + err.Error())
	}
	return string(b)
}

// recordUndo keeps a solo command that may be taken back (R17.5): none that
// revealed or looked at a card, rolled, or ended the actions.
func (g *Game) recordUndo(before, text string) {
	so := g.s.Solo
	if so == nil {
		return
	}
	if g.revealed || g.s.Stage != stageActions || g.s.Draw != nil || g.s.Over {
		so.Base, so.Commands = "", nil
		return
	}
	if so.Base == "" {
		so.Base = before
	}
	so.Commands = append(so.Commands, text)
}

// undo takes back the solo player's last command (R17.5, L1718-1719): the
// state before the commands that may be taken back, and all of them but the
// last given again.
func (g *Game) undo() error {
	so := g.s.Solo
	if so == nil {
		return rules.Refuse("R17.5", "only the solo player takes back his actions")
	}
	if so.Base == "" || len(so.Commands) == 0 {
		return rules.Refuse("R17.5", "nothing to take back this turn since the last card revealed or looked at")
	}
	var base state
	if err := json.Unmarshal([]byte(so.Base), &base); err != nil {
		return fmt.Errorf("rhine44: undo: %w", err)
	}
	base.norm()
	last := so.Commands[len(so.Commands)-1]
	again := g.with(base)
	seat := g.active()
	for _, text := range so.Commands[:len(so.Commands)-1] {
		c, err := Parse(text)
		if err == nil {
			err = again.command(seat, c, text)
		}
		if err != nil {
			return fmt.Errorf("rhine44: undo: replaying %q: %w", text, err)
		}
	}
	g.s = again.s
	g.out = nil
	g.say(seat, "%s takes back '%s' (R17.5).", seat, last)
	return nil
}

// norm gives a state read from JSON its empty maps.
func (s *state) norm() {
	if s.Control == nil {
		s.Control = map[string]rules.Seat{}
	}
	if s.Supply == nil {
		s.Supply = map[string]Tokens{}
	}
	if s.Solo != nil && s.Numeric == nil {
		s.Numeric = map[string][]int{}
	}
}
