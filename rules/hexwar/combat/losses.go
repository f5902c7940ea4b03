package combat

import (
	"fmt"
	"slices"
)

// LossChoice is one set of step losses a side must assign: who chooses, how
// many steps, and which units may take them.
type LossChoice struct {
	Chooser string // the side that picks
	Steps   int
	Units   []string // eligible units; a unit may take more than one step
	Rule    string
}

// LossRules are a game's rules for who takes and who picks the losses of a
// CRT result, by the rule each case follows.
type LossRules struct {
	// Opponent: on a result marked OpponentChooses, the defender picks the
	// attacker's loss among the MAF (Normandy '44 12.2.1 step 2).
	Opponent string
	// Providers: otherwise a unit that earned a shift for the attacker
	// must take it, the attacker choosing among them (12.2.1 step 3); ""
	// when the game has no such rule.
	Providers string
	// Owner: otherwise the attacker picks any MAF unit (12.2.1 step 4).
	Owner string
	// Defender: the defenders' loss, which the owner picks except on a
	// result marked OpponentChooses (12.2.2).
	Defender string
	// First: the attacker's pick of the defenders' first step on a result
	// marked OpponentFirst.
	First string
	// Pick, if set, names the units a side's loss must fall on under the
	// game's own rules for this combat, and the rule (A44 16.3: on EX the
	// armour unit that earned the armour shift; in a Fire Fight the Lead);
	// the side's owner picks among them. ok false leaves the series'
	// choice above.
	Pick func(c *Combat, defender bool) (units []string, rule string, ok bool)
	// DefenderFirst: when both sides lose steps, the defender makes his
	// pick first (Salerno '43 10.2.2 from salerno43/3): his own step
	// before the attacker's where each owner picks, the attacker's first
	// where each picks the other's (the series' order). Otherwise the
	// attacker's loss is always settled first.
	DefenderFirst bool
}

// AttackerLoss is the MAF's step loss of the result (Normandy '44 12.2.1,
// Salerno '43 10.2.2): none when the result spares it.
func (lr LossRules) AttackerLoss(c *Combat) (LossChoice, bool) {
	n := c.Result.AttackerLoss(StepsOf(Absorbers(c.Defenders)))
	if n == 0 {
		return LossChoice{}, false
	}
	maf := IDs(MAF(c.Attackers))
	if lr.Pick != nil {
		if units, rule, ok := lr.Pick(c, false); ok && len(units) > 0 {
			return LossChoice{Chooser: c.Attacker, Steps: n, Units: units, Rule: rule}, true
		}
	}
	if c.Result.OpponentChooses {
		return LossChoice{Chooser: c.Defender, Steps: n, Units: maf, Rule: lr.Opponent}, true
	}
	if p := c.Odds.Providers(); lr.Providers != "" && len(p) > 0 {
		return LossChoice{Chooser: c.Attacker, Steps: n, Units: p, Rule: lr.Providers}, true
	}
	return LossChoice{Chooser: c.Attacker, Steps: n, Units: maf, Rule: lr.Owner}, true
}

// DefenderLoss is the defenders' step loss: among the units that may absorb
// one, the defender picking unless the result says the opponent does.
func (lr LossRules) DefenderLoss(c *Combat) (LossChoice, bool) {
	ab := Absorbers(c.Defenders)
	n := c.Result.DefenderLoss(StepsOf(ab))
	if n == 0 || len(ab) == 0 {
		return LossChoice{}, false
	}
	lc := LossChoice{Chooser: c.Defender, Steps: n, Units: IDs(ab), Rule: lr.Defender}
	if lr.Pick != nil {
		if units, rule, ok := lr.Pick(c, true); ok && len(units) > 0 {
			lc.Units, lc.Rule = units, rule
		}
	}
	// OpponentFirst splits the loss whoever picks the attacker's step
	// (Normandy '44 first edition A1/D2: the defender picks the MAF's step,
	// the attacker the defenders' first, the defender the rest).
	switch {
	case c.Result.OpponentFirst && n > 1 && len(c.DefLoss) == 0:
		lc.Chooser, lc.Steps, lc.Rule = c.Attacker, 1, lr.First
	case c.Result.OpponentFirst && n > 1:
		lc.Steps, lc.Units = n-len(c.DefLoss), IDs(Absorbers(c.Survivors()))
	case c.Result.OpponentChooses:
		lc.Chooser = c.Attacker
	}
	return lc, len(lc.Units) > 0
}

// split reports whether the defenders' loss is taken in two decisions and
// the first is still to come.
func (lr LossRules) split(c *Combat) bool {
	lc, ok := lr.DefenderLoss(c)
	return ok && c.Result.OpponentFirst && lc.Chooser == c.Attacker && lc.Steps < c.Result.DefenderLoss(StepsOf(Absorbers(c.Defenders)))
}

// CheckLosses verifies that losses (one unit id per step, repeats allowed)
// answer the choice: the right count, eligible units, no unit losing more
// steps than it has. When the eligible units hold fewer steps than asked,
// all of them are due.
func CheckLosses(lc LossChoice, losses []string, units []Unit) error {
	steps := map[string]int{}
	for _, u := range units {
		steps[u.ID] = u.Steps
	}
	total := 0
	for _, id := range lc.Units {
		total += steps[id]
	}
	want := min(lc.Steps, total)
	if len(losses) != want {
		return fmt.Errorf("%w: %d step losses given, %d due (%s)", ErrDecision, len(losses), want, lc.Rule)
	}
	used := map[string]int{}
	for _, id := range losses {
		if !slices.Contains(lc.Units, id) {
			return fmt.Errorf("%w: %s may not take this loss (%s)", ErrDecision, id, lc.Rule)
		}
		used[id]++
		if used[id] > steps[id] {
			return fmt.Errorf("%w: %s has only %d steps", ErrDecision, id, steps[id])
		}
	}
	return nil
}

// LossSets lists every way of taking n steps from the units, each unit at
// most its steps, as id lists in the units' order: the choices of a loss
// decision.
func LossSets(units []string, steps map[string]int, n int) [][]string {
	if n == 0 {
		return [][]string{nil}
	}
	if len(units) == 0 {
		return nil
	}
	var out [][]string
	for k := min(steps[units[0]], n); k >= 0; k-- {
		for _, rest := range LossSets(units[1:], steps, n-k) {
			out = append(out, append(slices.Repeat([]string{units[0]}, k), rest...))
		}
	}
	return out
}

// ByPreference takes n steps from the eligible units in the order of an
// 'order losses' (pref), each down to its last step before the next; false
// when the order does not cover them.
func ByPreference(eligible []string, n int, pref []string, steps map[string]int) ([]string, bool) {
	var out []string
	for _, u := range pref {
		if !slices.Contains(eligible, u) {
			continue
		}
		for k := steps[u]; k > 0 && len(out) < n; k-- {
			out = append(out, u)
		}
	}
	return out, len(out) >= n
}
