package normandy44

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Units implements rules.Counters: every counter of the scenario as it
// stands, in scenario order. Normandy '44 has no hidden units, so every
// seat sees the same.
func (g *Game) Units(rules.Seat) []rules.Unit {
	inCombat := g.combatLabels()
	out := make([]rules.Unit, 0, len(g.s.Units))
	for i, us := range g.s.Units {
		u := g.unit(i)
		ru := rules.Unit{
			ID:    us.ID,
			Side:  string(u.Side),
			Kind:  unitKind(u),
			Step:  us.Step + 1,
			Steps: len(u.Steps),
		}
		if g.opt.multi() {
			ru.Owner = g.owner(i) // 24.0
		}
		ru.Values = unitValues(u, us.Step)
		ru.Status, ru.OnMap = g.unitWhere(i)
		ru.Eliminated = us.Gone
		if ru.OnMap {
			ru.Where = us.At
			ru.Supply = "in supply"
			switch {
			case us.Isolated:
				ru.Supply = "isolated (18.1)"
			case us.OutOfSupply:
				ru.Supply = "out of supply (18.1)"
			}
		}
		ru.Markers = counterMarkers(us)
		if l := strings.TrimSpace(inCombat[i]); l != "" {
			ru.Markers = append(ru.Markers, strings.Trim(l, "[]"))
		}
		out = append(out, ru)
	}
	g.speakAll(&out) // the edition's numbers (renumber.go)
	return out
}

// unitWhere says where a unit is, in the words of the View, and whether it
// is on the map.
func (g *Game) unitWhere(i int) (string, bool) {
	us := g.s.Units[i]
	if _, ok := g.onMap(i); ok {
		return "on the map", true
	}
	if us.Gone {
		return "eliminated", false
	}
	if g.waiting(i) {
		return "waiting to enter at " + entryWords(us.At) + " (6.6)", false
	}
	if r, ok := g.inBritainEntry(i); ok {
		if rp, _, ok := g.rpCost(r, g.unit(i)); ok {
			return fmt.Sprintf("in Britain, to buy for %d RP (6.5.1)", rp), false
		}
		return "in Britain (6.5.1)", false
	}
	if words, ok := g.gliderWaitWords(i); ok {
		return words, false
	}
	if us.At != "" {
		return "off the map, in " + us.At, false
	}
	for _, r := range g.sc.Reinforcements {
		if r.Unit == us.ID {
			where := "at " + entryWords(r.At)
			if !g.b.known(r.At) && !strings.HasPrefix(r.At, waitEntry) {
				where = "in " + r.At // a box: In Britain, an approach box
			}
			return fmt.Sprintf("arrives on turn %d %s (6.5, 6.6)", r.Turn, where), false
		}
	}
	return "not in play", false
}

// unitKind is the counter's type and size, nationality and formation.
func unitKind(u *Unit) string {
	parts := []string{string(u.Type)}
	if u.Size != "" {
		parts[0] += " " + u.Size
	}
	if u.Nationality != "" {
		parts = append(parts, u.Nationality)
	}
	if u.Formation != "" {
		parts = append(parts, u.Formation)
	}
	for _, m := range u.Marks {
		parts = append(parts, string(m))
	}
	return strings.Join(parts, ", ")
}

// unitValues are the printed values of step (2.3.1, 2.3.5): a strength in
// parentheses defends only (10.7).
func unitValues(u *Unit, step int) []rules.Value {
	st := u.Steps[min(step, len(u.Steps)-1)]
	strength := fmt.Sprint(st.Strength)
	if st.DefendOnly {
		strength = "(" + strength + ")"
	}
	vs := []rules.Value{{Name: "strength", Text: strength}, {Name: "MA", Text: fmt.Sprint(st.MA)}}
	if u.Quality != 0 {
		vs = append(vs, rules.Value{Name: "quality", Text: fmt.Sprintf("%+d", u.Quality)})
	}
	if u.AC != 0 {
		ac := fmt.Sprint(u.AC)
		if u.AntiTank {
			ac += " anti-tank (11.4.3)"
		}
		vs = append(vs, rules.Value{Name: "AC", Text: ac})
	}
	if u.Range != 0 {
		vs = append(vs, rules.Value{Name: "range", Text: fmt.Sprint(u.Range)})
	}
	if u.Cadre != "" {
		vs = append(vs, rules.Value{Name: "cadre", Text: u.Cadre})
	}
	if u.Beach != "" {
		vs = append(vs, rules.Value{Name: "beach", Text: u.Beach})
	}
	var steps []string
	for _, s := range u.Steps {
		t := fmt.Sprintf("%d-%d", s.Strength, s.MA)
		if s.DefendOnly {
			t = fmt.Sprintf("(%d)-%d", s.Strength, s.MA)
		}
		steps = append(steps, t)
	}
	return append(vs, rules.Value{Name: "steps", Text: strings.Join(steps, ", ")})
}

// counterMarkers are the markers on a counter in words: the drawing's
// (unitMarkers) but supply, which the unit's Supply says, and whether it has
// moved this phase.
func counterMarkers(us unitState) []string {
	var m []string
	for _, mk := range unitMarkers(us) {
		if mk.Text != "ISO" && mk.Text != "OOS" {
			m = append(m, mk.Note)
		}
	}
	if us.Moved {
		m = append(m, "moved this phase (9.1)")
	}
	return m
}

var _ rules.Counters = (*Game)(nil)
