package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// The General Records Track in the state: SupP pools (5.x), Repl markers (6.1)
// and the Allied RP of the turn (6.5.1), filled by the Initial Phase from the
// weather roll (4.3 note) with supplypoints.go's resourcesFor or, in the
// Cherbourg scenario, resourcesCherbourg.

// supPool is one pool and its points: SupP pools are "7th-army",
// "cherbourg-fortress", "us" and "gb" (5.1-5.3); RP pools "us" and "gb".
type supPool struct {
	Pool string `json:"pool"`
	N    int    `json:"n"`
}

// replStock is a Repl marker's count for one nationality, type and limit.
type replStock struct {
	Nation string    `json:"nation"`
	Type   string    `json:"type"`
	Limit  ReplLimit `json:"limit,omitempty"`
	Count  int       `json:"count"`
}

func (r replStock) grant() ReplGrant {
	return ReplGrant{Nation: r.Nation, Type: r.Type, Count: r.Count, Limit: r.Limit}
}

// ENGINE NOTE (5.2): the German player is not asked how to split the turn's
// SupP between the 7th Army and the Cherbourg Fortress; they go to the 7th
// Army, the pool every German unit may draw on. SupP are spent by HQs (17.2),
// which come with combat (part 2).
const germanSupPPool = "7th-army"

// alliedArmyPools are the pools the markers of the Allied armies fill (5.3):
// the pools their HQs' artillery and defensive support spend (17.2.5,
// 17.2.6, artilleryPool), and the free and bought SupP of 5.3 fill.
var alliedArmyPools = map[string]string{"us-1st-army": "us", "gb-2nd-army": "gb"}

// supPPool is the pool a scenario's supply record of a marker fills: the
// marker's own, but an Allied army's is the pool its army spends, where the
// game's rules version reads it so (5.3).
func (g *Game) supPPool(marker string) string {
	if p, ok := alliedArmyPools[marker]; ok && g.ver.armyPools {
		return p
	}
	return marker
}

// startingResources sets the scenario's starting stocks: its supply records
// (S3.2.2: 3 SupP on the Cherbourg Fortress) and, in the Cherbourg scenario,
// the German armor Repl usable only in a Storm turn (S3.2.3).
func (g *Game) startingResources() {
	for _, r := range g.sc.Special {
		if r.Kind == SpecialSupply {
			g.addSupP(g.supPPool(r.Pool), r.Points)
		}
	}
	if isCherbourgRules(g.sc) {
		c := cherbourgGermanArmorRepl
		g.s.Repl = append(g.s.Repl, replStock{Nation: c.Nation, Type: c.Type, Limit: c.Limit, Count: c.Count})
	}
}

func poolIndex(ps []supPool, name string) int {
	return slices.IndexFunc(ps, func(p supPool) bool { return p.Pool == name })
}

// addSupP adds n SupP to a pool, at most 19 (5.1); it returns the points lost.
func (g *Game) addSupP(pool string, n int) int {
	k := poolIndex(g.s.SupP, pool)
	if k < 0 {
		g.s.SupP = append(g.s.SupP, supPool{Pool: pool})
		k = len(g.s.SupP) - 1
	}
	total, lost := addSupP(g.s.SupP[k].N, n)
	g.s.SupP[k].N = total
	return lost
}

// addRepl adds a grant to its Repl marker, at most 9 (6.1); it returns the
// Repl lost.
func (g *Game) addRepl(gr ReplGrant) int {
	k := slices.IndexFunc(g.s.Repl, func(r replStock) bool {
		return r.Nation == gr.Nation && r.Type == gr.Type && r.Limit == gr.Limit
	})
	if k < 0 {
		g.s.Repl = append(g.s.Repl, replStock{Nation: gr.Nation, Type: gr.Type, Limit: gr.Limit})
		k = len(g.s.Repl) - 1
	}
	total, lost := addRepl(g.s.Repl[k].Count, gr.Count)
	g.s.Repl[k].Count = total
	return lost
}

// resources is what side receives this turn in this scenario.
func (g *Game) resources(side Side) Resources {
	if isCherbourgRules(g.sc) {
		r := resourcesCherbourg(g.s.Turn, g.s.Weather, side)
		if r.BuySupPFrom > 0 {
			r.BuySupPFrom = g.ed.cherbourgScnRPToSPFromTurn // D48: turn 6 in the first edition (26.1, IT L1527)
		}
		return r
	}
	return resourcesFor(g.s.Turn, g.s.Weather, side)
}

// receiveResources is 3.0 A3 after the weather roll: both sides receive SupP
// (5.x) and Repl (6.1), and the Allies the turn's RP (6.5.1), which are not
// saved.
func (g *Game) receiveResources() []rules.Event {
	var events []rules.Event
	g.s.RP, g.s.Landed, g.s.SupPNew = nil, nil, 0
	for _, side := range []Side{German, Allied} {
		r := g.resources(side)
		var got []string
		if r.SupP > 0 {
			pool := germanSupPPool
			if side == Allied {
				// S3.2.2: US only; the campaign's per-army SupP go to both.
				pool = "us"
			}
			n := r.SupP
			if side == Allied {
				n = g.freeSupP(r, pool) // 21.1.3: 2 once the Mulberry is complete
			}
			lost := g.addSupP(pool, n)
			if side == German {
				g.s.SupPNew = r.SupP - lost
			}
			got = append(got, fmt.Sprintf("%d SupP to %s%s", n, pool, lostWords(lost)))
			if side == Allied && !isCherbourgRules(g.sc) {
				n := g.freeSupP(r, "gb")
				lost := g.addSupP("gb", n)
				got = append(got, fmt.Sprintf("%d SupP to gb%s", n, lostWords(lost)))
			}
		}
		for _, gr := range r.Repl {
			lost := g.addRepl(gr)
			got = append(got, fmt.Sprintf("%d %s %s Repl%s%s", gr.Count, gr.Nation, gr.Type, limitWords(gr.Limit), lostWords(lost)))
		}
		// 6.5.3: -2 RP for each engineer off its beach.
		for _, rp := range []supPool{{"us", g.engineerRP("us", r.RPUS)}, {"gb", g.engineerRP("gb", r.RPCW)}} {
			if rp.N > 0 {
				g.s.RP = append(g.s.RP, rp)
				got = append(got, fmt.Sprintf("%d %s RP (6.5.1)", rp.N, rp.Pool))
			}
		}
		text := fmt.Sprintf("%s resources, %s: nothing", sideWord(side), weatherRowWords(r.Row))
		if len(got) > 0 {
			text = fmt.Sprintf("%s resources, %s: %s", sideWord(side), weatherRowWords(r.Row), joinWords(got))
		}
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: text})
	}
	return events
}

func weatherRowWords(row int) string { return fmt.Sprintf("weather row %d (4.3 note)", row) }

func lostWords(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d lost over the track's limit, 5.1/6.1)", n)
}

func limitWords(l ReplLimit) string {
	switch l {
	case ReplQuality0:
		return " for quality 0 or -1, use it now (6.4.2)"
	case ReplQualityMinus1:
		return " for quality -1, use it now (6.4.2)"
	case ReplTigerPanther:
		return " (Tiger or Panther if used now, 6.4.1)"
	case ReplStormOnly:
		return " (Storm turns only, S3.2.3)"
	}
	return ""
}

func sideWord(s Side) string {
	if s == "" {
		return ""
	}
	return string(s[0]-'a'+'A') + string(s[1:])
}

func joinWords(ws []string) string {
	out := ""
	for k, w := range ws {
		if k > 0 {
			out += ", "
		}
		out += w
	}
	return out
}

// expireRepl drops side's Repl that must be used in the Replacement Phase they
// come in (6.4.2) and, at the end of that phase, turns a saved Tiger/Panther
// Repl into a plain armor Repl (6.4.1).
func (g *Game) expireRepl(side Side) []rules.Event {
	var events []rules.Event
	var kept []replStock
	for _, r := range g.s.Repl {
		if (r.Nation == "german") != (side == German) || r.Count == 0 {
			if r.Count > 0 {
				kept = append(kept, r)
			}
			continue
		}
		gr := r.grant()
		switch {
		case gr.Expires():
			events = append(events, rules.Event{Seat: rules.Seat(side),
				Text: fmt.Sprintf("%d unused %s %s Repl%s are lost (6.4.2)", r.Count, r.Nation, r.Type, limitWords(r.Limit))})
			continue
		case r.Limit == ReplTigerPanther:
			r.Limit = ReplAny
		}
		kept = append(kept, r)
	}
	g.s.Repl = nil
	for _, r := range kept {
		if k := slices.IndexFunc(g.s.Repl, func(x replStock) bool {
			return x.Nation == r.Nation && x.Type == r.Type && x.Limit == r.Limit
		}); k >= 0 {
			g.s.Repl[k].Count, _ = addRepl(g.s.Repl[k].Count, r.Count)
			continue
		}
		g.s.Repl = append(g.s.Repl, r)
	}
	return events
}

// resourceLines describe the track for View.
func (g *Game) resourceLines() []string {
	var lines []string
	for _, p := range g.s.SupP {
		lines = append(lines, fmt.Sprintf("SupP %s: %d", p.Pool, p.N))
	}
	for _, r := range g.s.Repl {
		if r.Count > 0 {
			lines = append(lines, fmt.Sprintf("Repl %s %s%s: %d", r.Nation, r.Type, limitWords(r.Limit), r.Count))
		}
	}
	for _, p := range g.s.RP {
		lines = append(lines, fmt.Sprintf("RP %s this turn: %d, %d spent", p.Pool, p.N, g.rpSpent(p.Pool)))
	}
	return lines
}
