package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Improved Positions built in play (16.1.2-16.1.5). The permanent ones,
// Osteck and Westeck (16.1.6), are scenario places (PlaceFort) and never
// change; these are markers: Entrenching while being built, then IP.

// ipMarker is one IP or Entrenching marker on the map.
type ipMarker struct {
	Hex  string `json:"hex"`
	Side Side   `json:"side"`
	// Army is "german", "us" or "cw": the Allied allowance is per army
	// (16.1.2).
	Army string `json:"army"`
	// Built: the marker is on its IP side (16.1.3). Until then Unit is the
	// unit that began it and Turn the turn it did.
	Built bool   `json:"built,omitempty"`
	Unit  string `json:"unit,omitempty"`
	Turn  int    `json:"turn,omitempty"`
}

// ipCounterMix is the number of IP markers each side has, an absolute limit
// (16.1.2). INVENTED: the rulebook and the digest do not give the number
// (digest 1.5, 1.7); 8 per side stands in until the counter sheet is read.
const ipCounterMix = 8

// ipArmy is the army whose allowance a unit's IP uses (16.1.2): the
// Germans', or the Allied army as for support markers (22.1.1).
func (g *Game) ipArmy(i int) string {
	if u := g.unit(i); u.Side != German {
		return supportArmy(u)
	}
	return "german"
}

// ipAt is the index of the IP or Entrenching marker in a hex, -1 if none.
func (g *Game) ipAt(hexID string) int {
	return slices.IndexFunc(g.s.IPs, func(m ipMarker) bool { return m.Hex == hexID })
}

// entrenchingBy is the index of the Entrenching marker a unit began and
// that is not yet complete, -1 if none (15.1, 16.1.3).
func (g *Game) entrenchingBy(id string) int {
	return slices.IndexFunc(g.s.IPs, func(m ipMarker) bool { return !m.Built && m.Unit == id })
}

// entrenchingAt: an Entrenching marker in the hex (16.1.3: no attack from it).
func (g *Game) entrenchingAt(hexID string) bool {
	k := g.ipAt(hexID)
	return k >= 0 && !g.s.IPs[k].Built
}

// permanentIP: the hex holds Osteck or Westeck, a scenario PlaceFort (16.1.6).
func (g *Game) permanentIP(hexID string) bool {
	return slices.ContainsFunc(g.sc.Places, func(p Place) bool { return p.Kind == PlaceFort && p.Hex == hexID })
}

// improvedFor reports whether a hex gives side's units the benefit of an IP
// (16.1.1): a permanent one, Osteck or Westeck, whoever holds it (16.1.6),
// or a complete IP of that side.
func (g *Game) improvedFor(hexID string, side Side) bool {
	if g.permanentIP(hexID) {
		return true
	}
	k := g.ipAt(hexID)
	return k >= 0 && g.s.IPs[k].Built && g.s.IPs[k].Side == side
}

// ipAllowance is how many IPs an army may still begin in this turn
// (16.1.2, 16.1.4; the Cherbourg scenario's own numbers, S3.2.5, come with
// its resources): the turn's allowance less those begun; it is not saved.
func (g *Game) ipAllowance(army string) int {
	side := Allied
	if army == "german" {
		side = German
	}
	n := g.resources(side).IPs
	for _, a := range g.s.IPsBegun {
		if a == army {
			n--
		}
	}
	return n
}

// ipsToBegin reports whether the phasing side has an IP left to begin this
// turn (16.1.2, 16.1.4), so the prompt offers 'entrench' only then.
func (g *Game) ipsToBegin() bool {
	if g.s.Side == German {
		return g.ipAllowance("german") > 0
	}
	return g.ipAllowance("us") > 0 || g.ipAllowance("cw") > 0
}

// mayEntrench checks 16.1.2-16.1.4 for unit i beginning an IP in its hex.
func (g *Game) mayEntrench(i int) error {
	u, us := g.unit(i), g.s.Units[i]
	at, on := g.onMap(i)
	switch {
	case u.Side != g.s.Side:
		return rules.Refuse("16.1.3", "%s is not a %s unit", u.ID, g.s.Side)
	case g.s.Phase != PhaseMovement:
		return rules.Refuse("16.1.3", "an IP is begun in the owner's Movement Phase")
	case !on:
		return rules.Refuse("16.1.3", "%s is not on the map", u.ID)
	case !UnitTypes[u.Type].InfantryT:
		return rules.Refuse("16.1.3", "%s is not an infantry-type unit", u.ID)
	case us.OutOfSupply && g.ed.ipBuilderMustBeSupplied: // D30: 2.2 only
		return rules.Refuse("16.1.3", "%s is not supplied (AMBIG-51: it carries an out-of-supply marker)", u.ID)
	case us.Disrupted:
		return rules.Refuse("16.1.3", "%s is Disrupted (13.6)", u.ID)
	case us.Scattered && g.ed.ipBuilderMustBeSupplied: // D30: 2.2's 20.2.3
		return rules.Refuse("20.2.3", "%s is Scattered: no IP building", u.ID)
	case us.Moved:
		return rules.Refuse("16.1.3", "%s has moved: only a unit that does not move begins an IP", u.ID)
	case us.Repl:
		return rules.Refuse("16.1.3", "%s took a replacement this turn", u.ID)
	case us.Reserve:
		return rules.Refuse("16.1.3", "%s is in Reserve: a unit that begins an IP may not be in Reserve ('unreserve' it first)", u.ID)
	case !g.s.Weather.NewIPsAllowed():
		return rules.Refuse("16.1.2", "no IP is begun in Storm")
	case g.ipAllowance(g.ipArmy(i)) <= 0:
		return rules.Refuse("16.1.2, 16.1.4", "no IP left to begin this turn for the %s (the weather table's allowance, none before turn 5 for the Germans)", g.ipArmy(i))
	case g.b.terrain(at) == City:
		return rules.Refuse("16.1.4", "no IP in a City hex")
	case g.permanentIP(us.At):
		return rules.Refuse("16.1.4", "%s holds a permanent fortification", us.At)
	case g.ipAt(us.At) >= 0:
		return rules.Refuse("16.1.4", "%s already holds an IP marker", us.At)
	case !g.ed.ipAllowedInSPHex && g.holds(us.At, u.Side, isStrongpoint):
		return rules.Refuse("16.1.4", "no IP in a hex holding a strongpoint") // D29, IT L1083
	}
	n := 0
	for _, m := range g.s.IPs {
		if m.Side == u.Side {
			n++
		}
	}
	if n >= ipCounterMix {
		return rules.Refuse("16.1.2", "all %d IP markers are on the map: 'remove-ip' one to build elsewhere", ipCounterMix)
	}
	return nil
}

// entrench applies 'entrench UNIT' (16.1.3): the Entrenching marker goes on
// the unit's hex.
func (g *Game) entrench(c Command) ([]rules.Event, error) {
	i, ok := g.index[c.Unit]
	if !ok {
		return nil, rules.Refuse("16.1.3", "no unit %s in this scenario", c.Unit)
	}
	if err := g.mayEntrench(i); err != nil {
		return nil, err
	}
	us := g.s.Units[i]
	army := g.ipArmy(i)
	g.s.IPs = append(g.s.IPs, ipMarker{Hex: us.At, Side: g.unit(i).Side, Army: army, Unit: us.ID, Turn: g.s.Turn})
	g.s.IPsBegun = append(g.s.IPsBegun, army)
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("%s begins an Improved Position at %s: Entrenching (16.1.3)", us.ID, us.At)}}, nil
}

// removeIPCommand applies 'remove-ip HEX': a player takes his own marker off
// to build elsewhere (16.1.2), in his own turn.
func (g *Game) removeIPCommand(c Command) ([]rules.Event, error) {
	k := g.ipAt(c.Path[0])
	if k < 0 || g.s.IPs[k].Side != g.s.Side {
		return nil, rules.Refuse("16.1.2", "no %s IP or Entrenching marker in %s", g.s.Side, c.Path[0])
	}
	g.s.IPs = slices.Delete(g.s.IPs, k, k+1)
	return []rules.Event{{Seat: rules.Seat(g.s.Side), Text: fmt.Sprintf("The IP marker in %s is removed (16.1.2)", c.Path[0])}}, nil
}

// completeIPs runs at the start of the owner's Movement Phase (16.1.3): an
// Entrenching marker with a friendly infantry-type unit still in its hex
// flips to IP; one without is removed (reading: the construction failed).
// The turn's allowance starts afresh (16.1.2: not saved).
func (g *Game) completeIPs() []rules.Event {
	side := g.s.Side
	g.s.IPsBegun = nil
	var done, failed []string
	g.s.IPs = slices.DeleteFunc(g.s.IPs, func(m ipMarker) bool {
		if m.Side != side || m.Built {
			return false
		}
		if g.holds(m.Hex, side, func(u *Unit) bool { return UnitTypes[u.Type].InfantryT }) {
			done = append(done, m.Hex)
			return false
		}
		failed = append(failed, m.Hex)
		return true
	})
	for k := range g.s.IPs {
		if slices.Contains(done, g.s.IPs[k].Hex) {
			g.s.IPs[k].Built, g.s.IPs[k].Unit, g.s.IPs[k].Turn = true, "", 0
		}
	}
	var events []rules.Event
	if len(done) > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: "Improved Positions complete (16.1.3): " + strings.Join(done, ", ")})
	}
	if len(failed) > 0 {
		events = append(events, rules.Event{Seat: rules.Seat(side), Text: "Entrenching markers removed, no infantry-type unit left to finish them (16.1.3): " + strings.Join(failed, ", ")})
	}
	return events
}

// ipSupplyEnd runs at the end of the owner's Supply Phase (16.1.5, seed
// L1099): an IP or Entrenching marker with no friendly combat unit in its
// hex is removed. Every unit counts, an HQ too: "Sztaby to oddziały bojowe"
// (17.2.2, L1143), and 18.5.4 (L1300) has to say "a combat unit other than
// an HQ" where it means one; the digest's B7 (c) says "no own unit".
func (g *Game) ipSupplyEnd() []rules.Event {
	side := g.s.Side
	var gone []string
	g.s.IPs = slices.DeleteFunc(g.s.IPs, func(m ipMarker) bool {
		if m.Side != side || g.holds(m.Hex, side, isAnyUnit) {
			return false
		}
		gone = append(gone, m.Hex)
		return true
	})
	if len(gone) == 0 {
		return nil
	}
	return []rules.Event{{Seat: rules.Seat(side), Text: "IP markers with no friendly combat unit removed (16.1.5): " + strings.Join(gone, ", ")}}
}

// ipAfterCombat removes the defending hex's marker when the DD result "*"
// destroyed it (12.4.8, 16.1.5), or when every defending unit was
// eliminated or retreated (16.1.5). Osteck and Westeck are never destroyed
// (16.1.6): they are places, not markers.
func (g *Game) ipAfterCombat(c *Combat) []string {
	out := g.ipAttackersAfterCombat(c)
	k := g.ipAt(c.Origin)
	if k < 0 || g.s.IPs[k].Side != c.defender() {
		return out
	}
	why := ""
	switch {
	case c.DDOut != nil && c.DDOut.Result.Tags.Has(TagIPDestroyed) && g.s.IPs[k].Built:
		why = "destroyed by the Determined Defense result * (12.4.8)"
	case !g.holds(c.Origin, c.defender(), isAnyUnit):
		why = "its defenders are gone (16.1.5)"
	default:
		return out
	}
	g.s.IPs = slices.Delete(g.s.IPs, k, k+1)
	return append(out, fmt.Sprintf("IP marker in %s removed: %s", c.Origin, why))
}

// ipAttackersAfterCombat removes the attacker's own marker from a hex it
// attacked from when the combat's losses took every friendly unit there
// (16.1.5, seed L1097: "all friendly units in the hex are eliminated"). A
// hex emptied by an advance keeps its marker until the owner's Supply Phase
// ends (ipSupplyEnd).
func (g *Game) ipAttackersAfterCombat(c *Combat) []string {
	var out []string
	done := map[string]bool{}
	for _, u := range c.In.Attackers {
		h := u.FromHex
		if done[h] {
			continue
		}
		done[h] = true
		k := g.ipAt(h)
		if k < 0 || g.s.IPs[k].Side != c.In.Attacker || g.holds(h, c.In.Attacker, isAnyUnit) {
			continue
		}
		allLost := true
		for _, v := range c.In.Attackers {
			if v.FromHex == h && !g.s.Units[g.index[v.ID]].Gone {
				allLost = false
			}
		}
		if allLost {
			g.s.IPs = slices.Delete(g.s.IPs, k, k+1)
			out = append(out, fmt.Sprintf("IP marker in %s removed: its units are gone (16.1.5)", h))
		}
	}
	return out
}

// ipChoices are the 'entrench' and 'remove-ip' commands of the Movement
// Phase, for Legal.
func (g *Game) ipChoices() []rules.Choice {
	if g.s.Phase != PhaseMovement {
		return nil
	}
	var out []rules.Choice
	for _, m := range g.s.IPs {
		if m.Side == g.s.Side {
			out = append(out, rules.Choice{Command: "remove-ip " + m.Hex, Piece: m.Hex, Note: "take the IP marker off (16.1.2)"})
		}
	}
	// The allowance of the army of the unit before (ipAllowance reads the
	// side's resources): the units of an army mostly follow each other.
	army, left := "", 0
	for i := range g.s.Units {
		// Two of mayEntrench's bars first, without the words of its
		// refusal, which most units of a side meet: only infantry-type
		// units begin an IP, and only while their army has one left
		// (16.1.3, 16.1.2).
		if u := g.unit(i); u.Side != g.s.Side || !UnitTypes[u.Type].InfantryT {
			continue
		}
		if a := g.ipArmy(i); a != army || army == "" {
			army, left = a, g.ipAllowance(a)
		}
		if left <= 0 {
			continue
		}
		if g.mayEntrench(i) == nil {
			id := g.unit(i).ID
			out = append(out, rules.Choice{Command: "entrench " + id, Piece: id, Note: "begin an Improved Position (16.1.3)"})
		}
	}
	return out
}

// ipLines are the View's lines on IP markers.
func (g *Game) ipLines() []string {
	var lines []string
	for _, m := range g.s.IPs {
		if m.Built {
			lines = append(lines, fmt.Sprintf("Improved Position (%s) at %s", m.Side, m.Hex))
		} else {
			lines = append(lines, fmt.Sprintf("Entrenching (%s, by %s) at %s", m.Side, m.Unit, m.Hex))
		}
	}
	return lines
}
