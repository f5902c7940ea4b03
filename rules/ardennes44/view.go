package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// View implements rules.Game: the position in lines for people, and the
// state as data, the real fuel dump hidden from the German player until
// it is revealed (32.1).
func (g *Game) View(seat rules.Seat) rules.View {
	p := g.Pending()
	lines := []string{
		fmt.Sprintf("%s: %s", g.sc.Title, p.Phase),
		"Weather: " + weatherWords(g.s.Turn) + " (28.0)",
		g.victoryWords(),
	}
	if p.Over {
		lines = append(lines, "Game over: "+p.Result)
	}
	byHex := map[string][]string{}
	var hexes []string
	for i, us := range g.s.Units {
		if _, ok := g.onMap(i); !ok {
			continue
		}
		if byHex[us.At] == nil {
			hexes = append(hexes, us.At)
		}
		label := us.ID + " " + g.face(i).String()
		for _, m := range g.unitMarkers(i) {
			label += " [" + m.short + "]"
		}
		byHex[us.At] = append(byHex[us.At], label)
	}
	for _, h := range sortedStrings(hexes) {
		lines = append(lines, fmt.Sprintf("%s: %s", h, strings.Join(byHex[h], ", ")))
	}
	off := map[string][]string{}
	var boxes []string
	for i, us := range g.s.Units {
		if _, ok := g.onMap(i); ok || us.At == "" || us.At == poolBox {
			continue
		}
		if off[us.At] == nil {
			boxes = append(boxes, us.At)
		}
		off[us.At] = append(off[us.At], g.unit(i).ID)
	}
	for _, b := range sortedStrings(boxes) {
		lines = append(lines, fmt.Sprintf("%s: %s", boxLabel(b), strings.Join(off[b], ", ")))
	}
	lines = append(lines, g.markerNotes()...)
	s := g.s
	if Side(seat) != Allied {
		s.RealDump = "" // 32.1: the German player does not see which dump is real
		if g.s.RealDump != "" {
			for _, d := range g.s.Dumps {
				if d.Revealed && d.Real {
					s.RealDump = g.s.RealDump
				}
			}
		}
	}
	return rules.View{Lines: lines, Data: s}
}

// boxLabel names a unit's place off the map.
func boxLabel(at string) string {
	switch {
	case at == deadBox:
		return "Dead pile (16.4)"
	case at == goneBox:
		return "Out of the game"
	case at == exitedBox:
		return "Exited"
	case at == splitBox:
		return "Broken down (26.1)"
	case waiting(at):
		return "Due: " + waitWords(at)
	}
	return strings.ToUpper(boxWords(at)[:1]) + boxWords(at)[1:]
}

// waitWords says how a reinforcement due comes in.
func waitWords(at string) string {
	switch at {
	case waitEngineer:
		return "placed in a town (13.2)"
	case waitAirdrop:
		return "airdrop (27.2)"
	case waitEdge:
		return "a road hex of the map edge (S3.3)"
	}
	return "entry " + strings.TrimPrefix(at, hexwar.WaitEntry) + " (13.1)"
}

func sortedStrings(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// Units implements rules.Counters: every counter of the scenario as it
// stands, in scenario order.
func (g *Game) Units(rules.Seat) []rules.Unit {
	out := make([]rules.Unit, 0, len(g.s.Units))
	for i, us := range g.s.Units {
		u := g.unit(i)
		f := g.face(i)
		ru := rules.Unit{ID: u.ID, Side: string(u.Side), Kind: u.describe(), Step: us.Face + 1, Steps: len(u.Faces)}
		ru.Values = []rules.Value{{Name: "AF-DF-MA", Text: f.String()}, {Name: "steps", Text: fmt.Sprint(f.Steps)}}
		if u.TQ > 0 {
			ru.Values = append(ru.Values, rules.Value{Name: "TQ", Text: fmt.Sprintf("%d (%s)", u.TQ, u.TQKind)})
		}
		if u.Morale != Veteran {
			ru.Values = append(ru.Values, rules.Value{Name: "morale", Text: string(u.Morale)})
		}
		if u.Range > 0 {
			ru.Values = append(ru.Values, rules.Value{Name: "range", Text: fmt.Sprint(u.Range)})
		}
		if _, ok := g.onMap(i); ok {
			ru.OnMap, ru.Where, ru.Status = true, us.At, "on the map"
			ru.Supply = "in supply"
			switch {
			case us.Isolated:
				ru.Supply = "isolated (23.6)"
			case us.OOS:
				ru.Supply = "out of supply (23.4)"
			}
		} else {
			ru.Eliminated = us.At == deadBox || us.At == goneBox
			ru.Status = g.offMapStatus(i)
		}
		for _, m := range g.unitMarkers(i) {
			ru.Markers = append(ru.Markers, m.note)
		}
		out = append(out, ru)
	}
	return out
}

// offMapStatus says where a unit off the map is, or when it comes.
func (g *Game) offMapStatus(i int) string {
	us := g.s.Units[i]
	switch us.At {
	case "":
		for _, r := range g.sc.Reinforcements {
			if r.Unit == us.ID {
				return fmt.Sprintf("arrives on turn %d (%s, 13.1)", r.Turn, arrivalWords(r))
			}
		}
		return "not in play"
	case poolBox:
		return "in the counter mix (16.4, 26.2)"
	case deadBox:
		return "eliminated"
	}
	return boxLabel(us.At)
}
