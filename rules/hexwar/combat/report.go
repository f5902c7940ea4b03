package combat

import (
	"cmp"
	"slices"

	"github.com/pbem-referee/pbem/rules/scene"
)

// The series' parts of a combat's report (scene.Reporter): the steps lost
// and the moves, which every game of the series records the same way; the
// game adds its own dice, support and notes.

// LossCauses are the rules a game cites for each cause of a step loss.
type LossCauses struct {
	// CRT: the results table's losses; DD the Determined Defense's, the
	// Lead's and the attacker's; Retreat the steps a retreat path costs;
	// Eliminated a stack eliminated in its retreat.
	CRT, DD, Retreat, Eliminated string
	// AttackerCRT and AttackerDD, when set, are the attacker's causes
	// where the game cites a rule of its own for them (Normandy '44:
	// 12.2.1 beside the defender's 12.2.2, 12.4.8 beside 12.4); unset,
	// the attacker's are CRT and DD.
	AttackerCRT, AttackerDD string
	// Stages are the causes of the game's own stages' losses (Combat.Lost)
	// by stage name; a stage not named shows its name.
	Stages map[string]string
}

// ReportLosses lists every step the combat cost, with its cause, each unit
// once a cause.
func (c *Combat) ReportLosses(why LossCauses) []scene.Loss {
	var out []scene.Loss
	add := func(side string, ids []string, why string) {
		for _, id := range ids {
			if k := slices.IndexFunc(out, func(l scene.Loss) bool { return l.Unit == id && l.Why == why }); k >= 0 {
				out[k].Steps++
				continue
			}
			out = append(out, scene.Loss{Side: side, Unit: id, Steps: 1, Why: why})
		}
	}
	add(c.Attacker, c.AttLoss, cmp.Or(why.AttackerCRT, why.CRT))
	add(c.Defender, c.DefLoss, why.CRT)
	add(c.Defender, c.LeadLoss(), why.DD)
	add(c.Attacker, c.DDLoss, cmp.Or(why.AttackerDD, why.DD))
	add(c.Defender, c.RetreatLosses(), why.Retreat)
	for _, l := range c.Lost {
		side := c.Attacker
		if l.Defender {
			side = c.Defender
		}
		add(side, []string{l.Unit}, cmp.Or(why.Stages[l.Stage], l.Stage))
	}
	surv := c.Survivors()
	for _, id := range c.Eliminated {
		steps := 1
		if k := slices.IndexFunc(surv, func(u Unit) bool { return u.ID == id }); k >= 0 {
			steps = surv[k].Steps
		}
		out = append(out, scene.Loss{Side: c.Defender, Unit: id, Steps: steps, Why: why.Eliminated})
	}
	return out
}

// ReportMoves are the retreats and the advances, each from where it began.
// A part of a retreat whose path eliminated every unit of it moved nobody
// (RetreatMove.Units leaves them out) and shows no move.
func (c *Combat) ReportMoves() (retreats, advances []scene.Move) {
	for _, mv := range c.Moves {
		if len(mv.Units) > 0 {
			path := append([]string{c.Origin}, c.PathText(mv.Path)...)
			retreats = append(retreats, scene.Move{Pieces: slices.Clone(mv.Units), Path: path, Kind: scene.MoveRetreat})
		}
	}
	for _, a := range c.Advances {
		if a.Kind != CmdAdvance || len(a.Units) == 0 {
			continue
		}
		from := ""
		for _, u := range c.Attackers {
			if u.ID == a.Units[0] {
				from = u.FromHex
			}
		}
		for _, s := range c.Splits {
			for _, u := range s.Parts {
				if from == "" && u.ID == a.Units[0] {
					from = u.FromHex // a part of a split (SplitMove)
				}
			}
		}
		advances = append(advances, scene.Move{Pieces: slices.Clone(a.Units), Path: append([]string{from}, a.Hexes...), Kind: scene.MoveAdvance})
	}
	return retreats, advances
}
