package normandy44

import (
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
)

// Artillery in combat: the HQ and Werfer fire of an attack and its SupP
// (11.6, 17.2.5, 17.3), and the defensive support of a Determined Defense
// (12.4.7, 19.2.2).

// ddSource is one source of defensive support for a Determined Defense
// (12.4.7): its name in 'dd UNIT support SOURCE' (a unit id, "naval", "air"
// or "caen"), and what pays for it and names it in the events.
type ddSource struct {
	name string
	pay  func() string
}

// Source names of defensive support that are no unit.
const (
	sourceNaval = "naval" // a naval marker of the Lead's army (19.2.2)
	sourceAir   = "air"   // an Allied air marker, in the first edition (12.4.3, D23)
	sourceCaen  = "caen"  // Caen's artillery (17.2.8)
)

// ddSources are the defender's sources of defensive support for the DD in
// the combat's hex (12.4.7), in the order normandy44/4 chose among them, the
// free ones first: a naval marker of the Lead's army still ready this turn
// (Allies, the hex in the NBZ, not in Storm; 19.2.2, 19.2.3), in the first
// edition an Allied air marker (12.4.3, D23), each Werfer
// within 3 (Germans), each HQ within its range on its ready side (17.2.3)
// that can trace supply and pay 1 SupP (17.2.6, 17.2.7), then Caen's
// artillery (17.2.8). lead "" asks for the sources of any defender.
func (g *Game) ddSources(c *Combat, lead string) []ddSource {
	def := c.defender()
	target := g.b.ids[c.Origin]
	var out, hqs []ddSource
	if army, ok := g.defensiveNaval(c, lead); ok {
		out = append(out, ddSource{name: sourceNaval, pay: func() string {
			poolUse(g.s.Naval, army, 1) // 19.2.1: once a game turn
			return "a " + army + " naval marker (19.2.2)"
		}})
	}
	if army, ok := g.defensiveAir(c, lead); ok { // D23, the first edition
		out = append(out, ddSource{name: sourceAir, pay: func() string {
			poolUse(g.s.Air, army, 1) // 19.1.1: one mission a turn
			return "a " + army + " air marker (12.4.7)"
		}})
	}
	for i := range g.s.Units {
		u, us := g.unit(i), g.s.Units[i]
		at, on := g.onMap(i)
		if u.Side != def || !on || us.Disrupted || (us.SM && !g.ed.smMarkedArtyFire) || hx.Distance(at, target) > u.Range ||
			(g.opt.multi() && g.owner(i) != g.combatSeat(c, def)) { // 24.0: the defender's own support
			continue
		}
		switch {
		case u.Type == Werfer && !us.Fired:
			out = append(out, ddSource{name: u.ID, pay: func() string {
				g.s.Units[i].Fired = true // 12.4.7: it flips
				return u.ID
			}})
		case u.Type == HQ && !us.OutOfSupply && !us.HQMoved:
			if k := poolIndex(g.s.SupP, g.artilleryPool(i)); k >= 0 && g.s.SupP[k].N > 0 {
				hqs = append(hqs, ddSource{name: u.ID, pay: func() string {
					g.s.SupP[poolIndex(g.s.SupP, g.artilleryPool(i))].N--
					return u.ID + " (1 SupP)"
				}})
			}
		}
	}
	out = append(out, hqs...)
	if def == German {
		if ok, _ := g.caenArtillery(target); ok {
			out = append(out, ddSource{name: sourceCaen, pay: func() string {
				g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N-- // 17.2.8
				return "Caen artillery (1 7th Army SupP, 17.2.8)"
			}})
		}
	}
	return out
}

// ddSupport is the source of defensive support the engine picks, as
// normandy44/4 always did and an 'order dd-support always' does: the first
// of ddSources. The function returned pays for it and names it; nil means no
// source.
func (g *Game) ddSupport(c *Combat, lead string) func() string {
	if s := g.ddSources(c, lead); len(s) > 0 {
		return s[0].pay
	}
	return nil
}

// ddSupportBy is the source named by a player's 'dd UNIT support SOURCE'
// (12.4.7: the defender chooses it), where the rules version lets him name
// it; nil when the Lead cannot have it.
func (g *Game) ddSupportBy(c *Combat, lead, name string) func() string {
	for _, s := range g.ddSources(c, lead) {
		if s.name == name {
			return s.pay
		}
	}
	return nil
}

// supportChoices are the DD choices Legal lists: "dd U support" where the
// Lead can have defensive support, and, where the rules version lets the
// player name its source, one "dd U support SOURCE" for each source instead
// (12.4.7).
func (g *Game) supportChoices(c *Combat, choices []string) []string {
	var out []string
	for _, ch := range choices {
		w := strings.Fields(ch)
		if !strings.HasSuffix(ch, " support") || len(w) != 3 {
			out = append(out, ch)
			continue
		}
		sources := g.ddSources(c, w[1]) // a naval marker supports only a Lead of its own army (19.2.3)
		if !g.ver.ddSupportSource {
			if len(sources) > 0 {
				out = append(out, ch)
			}
			continue
		}
		for _, s := range sources {
			out = append(out, ch+" "+s.name)
		}
	}
	return out
}

// artilleryPool is the SupP pool an HQ draws on: for the Germans the pool
// its supply line reaches (17.2.7, 17.4; hqPools in combat_special.go), the
// army's for the Allies (5.1).
func (g *Game) artilleryPool(i int) string {
	switch {
	case g.unit(i).Side == German && g.opt.germanSplit && g.owner(i) == SeatGermanCW:
		return pzWestPool // 24.0: the player facing the CW (suppsplit.go)
	case g.unit(i).Side == German:
		// 17.2.7, 17.4: the pool its supply line reaches, the 7th Army's
		// first while it can pay.
		// "" when it reaches neither: it may not fire (17.4 for the
		// Cotentin HQ).
		first := ""
		for p := range g.hqPools(i) {
			if k := poolIndex(g.s.SupP, p); k >= 0 && g.s.SupP[k].N > 0 {
				return p
			}
			if first == "" {
				first = p
			}
		}
		return first
	case g.unit(i).Nationality == "us":
		return "us"
	}
	return "gb"
}

// checkArtillery checks the firing units of an attack (11.6, 17.2.3,
// 17.2.5, 17.3, 9.8.4, 13.6) and returns the SupP each pool pays.
func (g *Game) checkArtillery(a AttackCommand, target hx.Axial) (map[string]int, error) {
	spend := map[string]int{}
	army := g.army(g.index[a.MAF[0]])
	for k, id := range a.Art {
		if id == caenArt && g.s.Side == German && g.ed.caenArtillery { // D31: 2.2 only
			// 17.2.8: Caen's guns, 1 SupP from the 7th Army a shift.
			if ok, why := g.caenArtillery(target); !ok {
				return nil, rules.Refuse("17.2.8", "no Caen artillery: %s", why)
			}
			if k > 0 && a.Art[k-1] == id {
				return nil, rules.Refuse("17.2.8, AMBIG-16", "Caen gives one shift")
			}
			spend[germanSupPPool]++
			continue
		}
		i, ok := g.index[id]
		if !ok {
			return nil, rules.Refuse("11.6", "no unit %s", id)
		}
		u, us := g.unit(i), g.s.Units[i]
		at, on := g.onMap(i)
		switch {
		case u.Side != g.s.Side || (u.Type != HQ && u.Type != Werfer):
			return nil, rules.Refuse("11.6", "%s is not one of your HQs or Werfers", id)
		case !on:
			return nil, rules.Refuse("11.6", "%s is not on the map", id)
		case u.Type == HQ && g.army(i) != army:
			return nil, rules.Refuse("17.2.5", "US HQs support only US attacks, CW HQs only CW attacks")
		case hx.Distance(at, target) > u.Range:
			return nil, rules.Refuse("17.2.5, 17.3", "%s is %d hexes from %s, beyond its range of %d", id, hx.Distance(at, target), a.Target, u.Range)
		case us.Disrupted:
			return nil, rules.Refuse("13.6", "%s is Disrupted", id)
		case us.SM && !g.ed.smMarkedArtyFire: // D12: 2.2 only
			return nil, rules.Refuse("9.8.4", "%s carries a Strategic Move marker", id)
		case u.Type == Werfer && us.Fired && g.ed.werferFlipsOnMove:
			return nil, rules.Refuse("17.3", "%s is on its Moved side: it has fired, moved more than 1 hex or retreated this turn", id)
		case u.Type == Werfer && us.Fired:
			return nil, rules.Refuse("17.3", "%s has fired this turn", id)
		case u.Type == HQ && us.Hexes > 1:
			return nil, rules.Refuse("17.2.3", "%s moved more than 1 hex this turn", id)
		case u.Type == HQ && us.HQMoved:
			return nil, rules.Refuse("17.2.3", "%s is on its Moved side (it moved more than 1 hex or retreated) until the Initial Phase", id)
		case u.Type == HQ && us.OutOfSupply:
			return nil, rules.Refuse("17.2.5", "%s cannot trace a supply line", id)
		case u.Type == Werfer && k > 0 && a.Art[k-1] == id:
			return nil, rules.Refuse("17.3", "a Werfer gives one shift")
		}
		if u.Type == HQ {
			pool := g.artilleryPool(i)
			if pool == "" {
				return nil, rules.Refuse("17.2.7, 17.4", "%s can trace a supply line neither to the map edge nor to Cherbourg", id)
			}
			spend[pool]++
		}
	}
	for pool, n := range spend {
		have := 0
		if k := poolIndex(g.s.SupP, pool); k >= 0 {
			have = g.s.SupP[k].N
		}
		if have < n {
			return nil, rules.Refuse("17.2.5", "the %s pool holds %d SupP, %d needed", pool, have, n)
		}
	}
	return spend, nil
}

// artilleryVariants are the attack with each single firing unit that may
// support it, for Legal.
func (g *Game) artilleryVariants(a AttackCommand) []AttackCommand {
	var out []AttackCommand
	t := g.b.ids[a.Target]
	if g.s.Side == German {
		b := a
		b.Art = []string{caenArt}
		if _, err := g.checkArtillery(b, t); err == nil {
			out = append(out, b) // 17.2.8
		}
	}
	for i := range g.s.Units {
		if tp := g.unit(i).Type; g.unit(i).Side != g.s.Side || (tp != HQ && tp != Werfer) {
			continue
		}
		b := a
		b.Art = []string{g.unit(i).ID}
		if _, err := g.checkArtillery(b, t); err == nil {
			out = append(out, b)
		}
	}
	return out
}
