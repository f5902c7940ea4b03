package salerno43

import (
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// track reads the turn track (20.1.1, 23.2): "benchmark TURN VP" and
// "replacements TURN SIDE armor=N infantry=N special=N".
func (p *parser) track(l scn.Line) {
	w := l.Words
	switch {
	case len(w) == 3 && w[0] == "benchmark":
		turn, ok1 := p.Int(l.N, "turn", w[1], 4, 40)
		vp, ok2 := p.Int(l.N, "benchmark", w[2], 0, 40)
		if ok1 && ok2 {
			b := p.box(turn)
			if b.HasMark {
				p.Errf(l.N, ErrDuplicate, "turn %d already has a benchmark", turn)
				return
			}
			b.Benchmark, b.HasMark = vp, true
		}
	case len(w) >= 4 && w[0] == "replacements":
		turn, ok := p.Int(l.N, "turn", w[1], 1, 40)
		side := Side(w[2])
		if !ok {
			return
		}
		if side != German && side != Allied {
			p.Errf(l.N, ErrUnknown, "side %q (want allied or german)", w[2])
			return
		}
		b := p.box(turn)
		if b.Repl[side] != nil {
			p.Errf(l.N, ErrDuplicate, "turn %d already has the %s replacements", turn, side)
			return
		}
		m := map[Replacement]int{}
		p.Fields(l.N, w[3:], func(_, key, value string, kv bool) bool {
			if !kv || !containsRepl(key) {
				return false
			}
			m[Replacement(key)], _ = p.Int(l.N, key, value, 0, 9)
			return true
		})
		b.Repl[side] = m
	default:
		p.Errf(l.N, ErrSyntax, "want: benchmark TURN VP (23.2, from turn 4) or replacements TURN SIDE armor=N infantry=N special=N (20.1)")
	}
}

func containsRepl(k string) bool {
	for _, r := range replacements {
		if string(r) == k {
			return true
		}
	}
	return false
}

// box is the track's box of a turn, made when first named.
func (p *parser) box(turn int) *TurnBox {
	for i := range p.s.Track {
		if p.s.Track[i].Turn == turn {
			return &p.s.Track[i]
		}
	}
	p.s.Track = append(p.s.Track, TurnBox{Turn: turn, Repl: map[Side]map[Replacement]int{}})
	return &p.s.Track[len(p.s.Track)-1]
}

// special reads the scenario's rules: "supply SIDE N" (S1.1), "garrison
// UNIT turn=T within=N" (19.2), "invasion" (24.0).
func (p *parser) special(l scn.Line) {
	w := l.Words
	sp := &p.s.Special
	switch {
	case len(w) == 3 && w[0] == "supply":
		side := Side(w[1])
		if side != German && side != Allied {
			p.Errf(l.N, ErrUnknown, "side %q (want allied or german)", w[1])
			return
		}
		n, ok := p.Int(l.N, "supply", w[2], 0, 19) // 22.3.1: at most 19
		if !ok {
			return
		}
		if sp.Supply == nil {
			sp.Supply = map[Side]int{}
		}
		sp.Supply[side] = n
	case len(w) == 4 && w[0] == "garrison":
		kv := p.KeyValues(l.N, w[2:], "turn", "within")
		if kv == nil {
			return
		}
		sp.Garrison = w[1]
		sp.ReleaseTurn, _ = p.Int(l.N, "turn", kv["turn"], 1, 40)
		sp.ReleaseWithin, _ = p.Int(l.N, "within", kv["within"], 1, 9)
	case len(w) == 1 && w[0] == "invasion":
		sp.Invasion = true
	case w[0] == "withdraw" || w[0] == "abandon":
		p.campaignSpecial(l)
	default:
		p.Errf(l.N, ErrSyntax, "want: supply SIDE N (S1.1), garrison UNIT turn=T within=N (19.2), invasion (24.0), "+withdrawSyntax+" (S2.2) or "+abandonSyntax+" (S2.3.7)")
	}
}

// victory reads "vp N" (S1.2), "automatic" (23.2), "bh-penalty" (23.1.3).
func (p *parser) victory(l scn.Line) {
	w := l.Words
	v := &p.s.Win
	switch {
	case len(w) == 2 && w[0] == "vp":
		v.VP, _ = p.Int(l.N, "vp", w[1], 1, 60)
	case len(w) == 1 && w[0] == "automatic":
		v.Automatic = true
	case len(w) == 1 && w[0] == "bh-penalty":
		v.BHPenalty = true
	case len(w) == 1 && w[0] == "isolated-hexes":
		v.IsolatedHexes = true
	default:
		p.Errf(l.N, ErrSyntax, "want: vp N (S1.2), automatic (23.2), bh-penalty (23.1.3) or isolated-hexes (S2.4)")
	}
}

// checkUnits checks the set-up and the schedule against the units and the
// map, and the set-up's stacking (4.1-4.3).
func (p *parser) checkUnits(mc hexwar.MapCheck) {
	s := p.s
	placed := map[string]int{}
	for k, pl := range s.Setup {
		n := p.setupLines[k]
		u := s.unit(pl.Unit)
		if u == nil {
			p.Errf(n, ErrUnknown, "unit %s is not in [units]", pl.Unit)
			continue
		}
		if !scn.Once(p.Parser, placed, pl.Unit, n, "unit %s already placed", pl.Unit) {
			continue
		}
		p.where(pl.At, mc, n, false)
		if pl.Used && !u.ASU() {
			p.Errf(n, ErrInvalid, "only an ASU has a USED side (17.5)")
		}
		if u.Side == German && !scn.ValidHexID(pl.At) && !strings.HasPrefix(pl.At, boxEntry) {
			p.Errf(n, ErrInvalid, "German units start on the map or in an entry area (21.1.1)")
		}
	}
	for k, r := range s.Reinforcements {
		n := p.reinLines[k]
		u := s.unit(r.Unit)
		if u == nil {
			p.Errf(n, ErrUnknown, "unit %s is not in [units]", r.Unit)
			continue
		}
		if !scn.Once(p.Parser, placed, r.Unit, n, "unit %s already comes into play", r.Unit) {
			continue
		}
		if s.LastTurn > 0 && r.Turn > s.LastTurn {
			p.Errf(n, scn.ErrTurn, "turn %d is after the scenario's last, %d", r.Turn, s.LastTurn)
		}
		p.where(r.At, mc, n, true)
		switch {
		case r.At == BoxFloating && (u.Side != Allied || u.Eighth):
			p.Errf(n, ErrInvalid, "only the 5th Army arrives in the Floating Reserve (21.1.1)")
		case strings.HasPrefix(r.At, "airdrop:") && u.Type != "paratroop" && u.Type != "glider":
			p.Errf(n, ErrInvalid, "only airborne units drop (21.6)")
		case strings.HasPrefix(r.At, boxEntry) && u.Side == Allied && !u.Eighth:
			p.Errf(n, ErrInvalid, "the 5th Army arrives in the Floating Reserve, not an entry area (21.1.1)")
		}
	}
	p.checkSetupStacking()
}

// checkSetupStacking holds each set-up hex to 6 points a side, one tank
// silhouette free (4.1-4.3).
func (p *parser) checkSetupStacking() {
	byHex := map[string][]*Unit{}
	var hexes []string
	for _, pl := range p.s.Setup {
		if u := p.s.unit(pl.Unit); u != nil && scn.ValidHexID(pl.At) {
			if byHex[pl.At] == nil {
				hexes = append(hexes, pl.At)
			}
			byHex[pl.At] = append(byHex[pl.At], u)
		}
	}
	for _, h := range hexes {
		if pts := stackingPoints(byHex[h]); pts > StackingLimit {
			p.Errf(0, ErrStacking, "the set-up of %s holds %d stacking points; the limit is %d (4.1)", h, pts, StackingLimit)
		}
	}
}

// checkRest checks the special rules and victory conditions whole.
func (p *parser) checkRest() {
	s := p.s
	if g := s.Special.Garrison; g != "" && s.unit(g) == nil {
		p.Errf(0, ErrUnknown, "garrison %s is not in [units] (19.2)", g)
	}
	p.checkCampaign()
	if s.Win.VP == 0 {
		p.Errf(0, ErrMissing, "[victory] needs vp N: the VP the Allies need (S1.2, S2.4)")
	}
	for _, side := range []Side{German, Allied} {
		total := 0
		for _, b := range s.Track {
			for _, n := range b.Repl[side] {
				total += n
			}
		}
		if total > 18 {
			p.Errf(0, ErrInvalid, "[track] gives the %s side %d replacement steps; each side receives 18 over the game (designer's notes, L1531)", side, total)
		}
	}
}
