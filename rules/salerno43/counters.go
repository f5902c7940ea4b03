package salerno43

import (
	"fmt"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Units implements rules.Counters: every counter of the scenario as it
// stands, in scenario order, for 'pbem unit'. Salerno '43 hides nothing, so
// every seat sees the same.
func (g *Game) Units(rules.Seat) []rules.Unit {
	out := make([]rules.Unit, 0, len(g.s.Units))
	for i, us := range g.s.Units {
		u := &g.sc.Units[i]
		f := g.pos().face(i)
		ru := rules.Unit{ID: u.ID, Side: string(u.Side), Kind: unitKind(u), Steps: u.Steps(), Step: min(us.Lost, u.Steps()-1) + 1}
		ru.Values = faceValues(u, f)
		switch {
		case us.Hex != "":
			ru.OnMap, ru.Where, ru.Status = true, us.Hex, "on the map"
			switch {
			case us.Isolated:
				ru.Supply = "isolated (16.5)"
			case us.OOS:
				ru.Supply = "out of supply (16.1)"
			default:
				ru.Supply = "in supply"
			}
		case us.Box == BoxEliminated:
			ru.Eliminated, ru.Status = true, "eliminated (10.3)"
			if us.NoReturn {
				ru.Status = "eliminated while isolated, never rebuilt (16.5.6)"
			}
		default:
			ru.Status = g.offMapStatus(i)
		}
		ru.Markers = unitMarkers(u, us)
		out = append(out, ru)
	}
	return out
}

var _ rules.Counters = (*Game)(nil)

// unitKind says what a counter is: type, level, nationality, formation
// (2.3).
func unitKind(u *Unit) string {
	w := []string{string(u.Type)}
	if u.Level != "" {
		w = append(w, u.Level)
	}
	kind := strings.Join(w, " ") + ", " + string(u.Nation)
	if u.Formation != "" {
		kind += ", " + u.Formation
	}
	if u.Eighth {
		kind += ", 8th Army (S2.3)"
	}
	return kind
}

// faceValues are the printed values of a counter's current face (2.3.2),
// then what the counter sheet marks.
func faceValues(u *Unit, f Face) []rules.Value {
	att := fmt.Sprint(f.Attack)
	if f.Attack < 0 {
		att = "none (17.7)"
	}
	def := fmt.Sprint(f.Defense)
	switch {
	case f.Variable:
		def = "* (variable, 19.3)"
	case f.Bracketed:
		def = "(" + def + ") (8.4.6)"
	}
	vs := []rules.Value{{Name: "attack", Text: att}, {Name: "defense", Text: def}, {Name: "MA", Text: fmt.Sprint(f.MA)},
		{Name: "quality", Text: string(f.Quality)}, {Name: "stacking", Text: fmt.Sprint(u.Stacking)}}
	if u.Side == Allied {
		vs = append(vs, rules.Value{Name: "LP", Text: fmt.Sprintf("%d (18.4.3)", lpCost(u))}) // only the Allies go by sea (18.4.1)
	}
	if f.Armor > 0 {
		vs = append(vs, rules.Value{Name: "armor", Text: fmt.Sprint(f.Armor)})
	}
	if u.Range > 0 {
		vs = append(vs, rules.Value{Name: "range", Text: fmt.Sprint(u.Range)})
	}
	return vs
}

// unitMarkers are the markers on a counter, each with its rule.
func unitMarkers(u *Unit, us unitState) []string {
	var out []string
	add := func(on bool, m string) {
		if on {
			out = append(out, m)
		}
	}
	add(us.Status == Disorganized, "Disorganized (13.2)")
	add(us.Status == Shattered, "Shattered (13.3)")
	add(us.HalfEff, "½ Eff (5.7)")
	add(twoTurnPort(us) != "", "2-Turn Naval Transport to "+twoTurnPort(us)+" (18.4.4)")
	add(u.ASU() && us.Used, "USED (17.5)")
	add(us.Repl, "Replacement (20.4)")
	add(us.Truck, "Truck (5.8)")
	add(us.AutoDS != "", "Auto DS at "+us.AutoDS+" (8.7)")
	add(us.Lost > 0 && us.Lost >= len(u.Faces), "REM counter (10.4)")
	return out
}

// offMapStatus says where a unit off the map is, or when it comes.
func (g *Game) offMapStatus(i int) string {
	us := g.s.Units[i]
	switch b := us.Box; {
	case b == BoxFloating:
		return "in the Floating Reserve (18.3)"
	case twoTurnPort(us) != "":
		return "at sea beside " + twoTurnPort(us) + " with a 2-Turn Naval Transport marker (18.4.4)"
	case b == BoxRemnant:
		return "in the REM box, its REM counter in play (10.4.1)"
	case strings.HasPrefix(b, boxEntry):
		return "in entry area " + strings.TrimPrefix(b, boxEntry) + " (21.0)"
	case strings.HasPrefix(b, boxAssault):
		return "in the " + strings.TrimPrefix(b, boxAssault) + " assault box (24.2)"
	case strings.HasPrefix(b, boxFollowUp):
		return "in the " + strings.TrimPrefix(b, boxFollowUp) + " follow-up box (24.4.2)"
	case strings.HasPrefix(b, boxArrive):
		return "arrived, to enter by an entry area " + strings.TrimPrefix(b, boxArrive) + " (21.1.1)"
	case strings.HasPrefix(b, "airdrop:"):
		return "to drop, " + strings.TrimPrefix(b, "airdrop:") + " (21.6)"
	case b != "":
		return b
	}
	for _, r := range g.sc.Reinforcements {
		if r.Unit == us.ID {
			return fmt.Sprintf("arrives on turn %d, %s (21.0)", r.Turn, r.At)
		}
	}
	return "not in play"
}
