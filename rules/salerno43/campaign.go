package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scene"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The Campaign (S2, L1449-1487) beyond its set-up: the east entry areas
// that turn Allied (21.2.1), the 8th Army's rules (S2.3: its roads, its
// sector abandoned), the check at the end (S2.4). The 16th Panzer
// withdrawal (S2.2) is in withdrawal.go, the army boundary (S2.3.3) in
// boundary.go. Already elsewhere: 5th and 8th Army never attack together
// (S2.3.1, combat_check.go), only German and 8th Army units use the east
// areas (S2.3.5, 21.2.2: areas.go, and the schedule's check); the scenario
// gives the 8th Army no ASU (S2.3.2) and no REM (S2.3.6), checkCampaign.
//
//	abandon                  the German abandons the 8th Army sector (S2.3.7)

// The [special] records of the Campaign.
const (
	withdrawSyntax = "withdraw FORMATION turn=T defense=N"
	abandonSyntax  = "abandon from=T"
)

// Withdrawal is the 16th Panzer withdrawal (S2.2): at the start of the
// German Preparation Phase of Turn, the German removes units of a current
// defense of Defense or more, those of Formation in supply first.
type Withdrawal struct {
	Formation     string
	Turn, Defense int
}

// campaignSpecial reads "withdraw FORMATION turn=T defense=N" (S2.2) and
// "abandon from=T" (S2.3.7).
func (p *parser) campaignSpecial(l scn.Line) {
	w := l.Words
	sp := &p.s.Special
	switch {
	case w[0] == "withdraw" && len(w) == 4:
		kv := p.KeyValues(l.N, w[2:], "turn", "defense")
		if kv == nil {
			return
		}
		sp.Withdraw.Formation = w[1]
		sp.Withdraw.Turn, _ = p.Int(l.N, "turn", kv["turn"], 1, 40)
		sp.Withdraw.Defense, _ = p.Int(l.N, "defense", kv["defense"], 1, 99)
	case w[0] == "abandon" && len(w) == 2:
		kv := p.KeyValues(l.N, w[1:], "from")
		if kv == nil {
			return
		}
		sp.AbandonFrom, _ = p.Int(l.N, "from", kv["from"], 1, 40)
	default:
		p.Errf(l.N, ErrSyntax, "want: %s (S2.2) or %s (S2.3.7)", withdrawSyntax, abandonSyntax)
	}
}

// checkCampaign checks the 8th Army's units (S2.3.2: no ASU; S2.3.6: no
// REM) and the formation that withdraws (S2.2).
func (p *parser) checkCampaign() {
	s := p.s
	for _, u := range s.Units {
		switch {
		case u.Eighth && u.ASU():
			p.Errf(p.unitLine[u.ID], ErrInvalid, "unit %s: the 8th Army has no ASU (S2.3.2)", u.ID)
		case u.Eighth && u.Rem != "":
			p.Errf(p.unitLine[u.ID], ErrInvalid, "unit %s: the 8th Army has no REM counters (S2.3.6, 10.4.2)", u.ID)
		}
	}
	if f := s.Special.Withdraw.Formation; f != "" && !slices.ContainsFunc(s.Units, func(u Unit) bool { return u.Side == German && u.Formation == f }) {
		p.Errf(0, ErrUnknown, "withdraw %s: no German unit of that formation in [units] (S2.2)", f)
	}
}

func init() {
	syntaxes["abandon"] = nil
}

// eastAllied: east area name is friendly to the Allies (21.2.1, S2.3.7).
func (g *Game) eastAllied(name string) bool {
	return g.s.Abandoned || slices.Contains(g.s.East, name)
}

// inSector: hex id lies in the 8th Army sector (S2.3.3).
func (g *Game) inSector(id string) bool {
	a, ok := g.b.Hex(id)
	return ok && g.b.Zone(ZoneEighthArmy, a)
}

// campaignSweep applies, after every input, what happens at once when an
// area changes hands or a unit enters where it may not be: an east area an
// Allied unit stands in turns Allied, and German units in an entry area
// friendly to the Allies are eliminated, without combat (21.2.1); once the
// sector is abandoned, German units in it are eliminated (S2.3.7). In
// Avalanche, ended before turn 11, it finds nothing to do.
func (g *Game) campaignSweep() []rules.Event {
	var events []rules.Event
	for i, us := range g.s.Units {
		area, ok := strings.CutPrefix(us.Box, boxEntry)
		if ok && area[0] == 'E' && g.sc.Units[i].Side == Allied && !g.eastAllied(area) {
			g.s.East = append(g.s.East, area)
			slices.Sort(g.s.East)
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s enters %s: the area is friendly to the Allies from now on (21.2.1)", us.ID, area)})
		}
	}
	for i, us := range g.s.Units {
		if g.sc.Units[i].Side != German {
			continue
		}
		if area, ok := strings.CutPrefix(us.Box, boxEntry); ok && !g.friendlyArea(German, area) {
			g.eliminate(i)
			events = append(events, rules.Event{Seat: rules.Seat(German), Text: fmt.Sprintf("%s in %s is eliminated: the area is friendly to the Allies (21.2.1)", us.ID, area)})
		}
		if g.s.Abandoned && us.Hex != "" && g.inSector(us.Hex) {
			g.eliminate(i)
			events = append(events, rules.Event{Seat: rules.Seat(German), Text: fmt.Sprintf("%s in %s is eliminated: the German has abandoned the 8th Army sector (S2.3.7)", us.ID, us.Hex)})
		}
	}
	return events
}

// sectorStepRules are the 8th Army sector's rules of movement for unit i:
// its roads cost 1 MP to Allied mechanized units (S2.3.4: a rule of the
// Campaign, where the 8th Army plays, not of Avalanche), and no German unit
// enters it once abandoned (S2.3.7).
func (g *Game) sectorStepRules(i int) []hexwar.StepRule {
	u := g.sc.Units[i]
	zone := g.b.ZoneCells(ZoneEighthArmy)
	if len(zone) == 0 {
		return nil
	}
	var rs []hexwar.StepRule
	if u.Side == Allied && u.Info().Mech && g.sc.hasEighthArmy() {
		rs = append(rs, hexwar.StepRule{Price: func(m *hexwar.Mover, s *hexwar.Step) int {
			if s.Road != "" && zone[s.To] && s.Cost < hexwar.MP {
				s.Cost = hexwar.MP // S2.3.4: 1 MP, not 1/2 or 1/3
			}
			return 0
		}})
	}
	if u.Side == German && g.s.Abandoned {
		rs = append(rs, hexwar.StepRule{
			Check: func(m *hexwar.Mover, s *hexwar.Step) int {
				if zone[s.To] {
					return 1
				}
				return 0
			},
			Refuse: func(_ int, _, to hex.Axial) error {
				return rules.Refuse("S2.3.7", "the German has abandoned the 8th Army sector: no German unit enters it again (%s)", g.b.ID(to))
			},
		})
	}
	return rs
}

// hasEighthArmy: the scenario has 8th Army units, and so the 8th Army's
// rules (S2.3).
func (s *Scenario) hasEighthArmy() bool {
	return slices.ContainsFunc(s.Units, func(u Unit) bool { return u.Eighth })
}

// mayAbandon says whether the German may abandon the sector now (S2.3.7):
// in his Supply Phase, from the scenario's turn, once.
func (g *Game) mayAbandon() error {
	from := g.sc.Special.AbandonFrom
	switch {
	case from == 0:
		return rules.Refuse("S2.3.7", "this scenario has no 8th Army sector to abandon (the Campaign's rule)")
	case g.s.Abandoned:
		return rules.Refuse("S2.3.7", "the 8th Army sector is abandoned already")
	case g.s.Side != German || g.s.Phase != PhaseSupply:
		return rules.Refuse("S2.3.7", "the German abandons the sector in his own Supply Phase")
	case g.s.Turn < from:
		return rules.Refuse("S2.3.7", "the sector may be abandoned from turn %d; this is turn %d", from, g.s.Turn)
	case len(g.s.Rolls) > 0:
		return rules.Refuse("16.5.2", "the isolation attrition of %s is to be rolled first", g.s.Rolls[0])
	}
	return nil
}

// abandonChoices offers the abandonment when it is allowed (S2.3.7).
func (g *Game) abandonChoices() []rules.Choice {
	if g.mayAbandon() != nil {
		return nil
	}
	return []rules.Choice{{Command: "abandon", Note: "abandon the 8th Army sector for good: German units in it are eliminated, the 8th Army leaves the game, its VP hexes become Allied (S2.3.7)"}}
}

// abandon is the German's abandonment of the 8th Army sector (S2.3.7):
// German units in it are eliminated (campaignSweep, with those of the east
// areas, all Allied now) and none enters it again (sectorStepRules); every
// 8th Army unit is removed from the game, not eliminated; the sector's VP
// hexes become Allied. A-32: German ASU eliminated so count their VP
// (23.1.2), as any eliminated unit's.
func (g *Game) abandon() ([]rules.Event, error) {
	if err := g.mayAbandon(); err != nil {
		return nil, err
	}
	g.s.Abandoned = true
	events := []rules.Event{{Seat: rules.Seat(German), Text: "the German abandons the 8th Army sector: every east entry area is friendly to the Allies (S2.3.7)"}}
	for i, u := range g.sc.Units {
		if u.Eighth && g.s.Units[i].Box != BoxEliminated && g.s.Units[i].Box != BoxWithdrawn {
			g.s.Units[i] = unitState{ID: u.ID, Box: BoxWithdrawn}
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: u.ID + " is removed from the game with the 8th Army (S2.3.7)"})
		}
	}
	for _, v := range g.sc.VP {
		if g.inSector(v.Hex) && !g.controls(Allied, v.Hex) {
			g.setControl(v.Hex, Allied)
			events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("an Allied control marker goes on %s, a VP hex of the 8th Army sector (S2.3.7)", v.Hex)})
		}
	}
	return events, nil
}

// endCampaign is the check at the end of the Campaign (S2.4): the Allies
// win with the scenario's VP (20) or more, counting the German-held VP
// hexes that are isolated (16.5.1) and no eliminated BH (23.1.3).
func (g *Game) endCampaign() []rules.Event {
	vp := g.vp()
	if g.sc.Win.BHPenalty {
		vp += g.s.BHLost
	}
	isolated := 0
	loc := g.supplyStatuses(German).loc
	for id, pts := range g.b.vp {
		k, _ := g.b.CellOf(id)
		if !g.controls(Allied, id) && loc[k] == hexwar.Isolated {
			isolated += pts
		}
	}
	vp += isolated
	g.s.VP = vp
	why := fmt.Sprintf("%d VP at the end (%d of them isolated German VP hexes), %d needed; eliminated BH not counted (S2.4)", vp, isolated, g.sc.Win.VP)
	if vp >= g.sc.Win.VP {
		return g.win(Allied, why)
	}
	return g.win(German, "the Allies have "+why)
}

// campaignBoxes adds to a scene's boxes the one of the units removed from
// the game (S2.2, S2.3.7), in a scenario that has them.
func (g *Game) campaignBoxes(boxes []scene.Box) []scene.Box {
	if g.sc.Special.Withdraw.Formation == "" && g.sc.Special.AbandonFrom == 0 {
		return boxes
	}
	return append(slices.Clone(boxes), scene.Box{ID: BoxWithdrawn, Label: "Removed from the game (S2.2, S2.3.7)", Kind: scene.BoxEliminated})
}
