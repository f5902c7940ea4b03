package normandy44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
)

// The resources one weather roll gives (4.3 note, T5), Supply Points (5.x),
// Replacement pools (6.1) and Allied reinforcement points (6.5.1).

// Pool limits of the General Records Track.
const (
	maxSupP    = 19 // 5.1: SupP per pool; the excess is lost at once
	maxRepl    = 9  // 6.1: Repl per marker type; the excess is lost
	supPRPCost = 3  // 5.3, 6.5.1 (T15): 3 RP buy 1 SupP, once that army's Mulberry is complete
	beachRPCap = 4  // 6.5.2(c): RP landed through one beach per turn
)

// ReplLimit restricts what a Repl may be used on (T5 footnotes, 6.4).
type ReplLimit int

const (
	ReplAny           ReplLimit = iota
	ReplQuality0                // T5 "(0)", 6.4.2: a unit of quality 0 or -1, used at once or lost
	ReplQualityMinus1           // T5 "(-1)", 6.4.2: a unit of quality -1, used at once or lost
	ReplTigerPanther            // T5 "PT", 6.4.1: used at once it may restore a Tiger or Panther; saved it is plain armor
	ReplStormOnly               // S3.2.3: the German armor Repl, usable only in a Storm turn
)

// ReplGrant is Repl a side receives: Count Repl of one type for one nationality.
// Nation is "german" (any German service, 2.3.4), "us", "gb", "ca", or "cw" for
// the T5 "WN" Repl the Allied player gives to the British or the Canadians
// (6.2.7). Type is "infantry" or "armor" (6.2.6).
type ReplGrant struct {
	Nation string
	Type   string
	Count  int
	Limit  ReplLimit
}

// Expires reports whether the Repl must be used in the Replacement Phase it is
// received or be lost (6.4.2; AMBIG: the digest's ENGINE NOTE on 6.4.2).
func (g ReplGrant) Expires() bool {
	return g.Limit == ReplQuality0 || g.Limit == ReplQualityMinus1
}

// replFits says whether one Repl of the grant may be given to u in weather w,
// and if not, why, citing the rule (6.2.3, 6.2.6, 6.3, 6.4). Supply, Disrupted,
// Scattered and once-per-turn are the caller's (6.2.3).
func replFits(g ReplGrant, u *Unit, w Weather) error {
	info := UnitTypes[u.Type]
	switch {
	case slices.Contains(u.Marks, MarkRanger) || slices.Contains(u.Marks, MarkSpecialService):
		return rules.Refuse("6.3", "%s never receives Repl", u.ID)
	case info.Repl == "":
		return rules.Refuse("6.3", "%s (%s) never receives Repl", u.ID, u.Type)
	case info.Repl == "airborne" && g.Type != "airborne":
		// 6.3, 20.2.2: the airborne Repl the Scatter table gave, and no other.
		return rules.Refuse("6.3", "%s takes only the airborne Repl of the Scatter table (20.2)", u.ID)
	case info.Repl != g.Type:
		return rules.Refuse("6.2.6", "%s needs %s Repl, not %s", u.ID, info.Repl, g.Type)
	}
	if !replNationFits(g, u) {
		return rules.Refuse("6.2.3", "a %s Repl cannot go to %s (%s)", g.Nation, u.ID, u.Nationality)
	}
	tigerPanther := slices.Contains(u.Marks, MarkTiger) || slices.Contains(u.Marks, MarkPanther)
	switch {
	case g.Limit == ReplQuality0 && u.Quality > 0:
		return rules.Refuse("6.4.2", "this Repl (roll 5) goes only to quality 0 or -1 units; %s is %+d", u.ID, u.Quality)
	case g.Limit == ReplQualityMinus1 && u.Quality != -1:
		return rules.Refuse("6.4.2", "this Repl (roll 6) goes only to quality -1 units; %s is %+d", u.ID, u.Quality)
	case g.Limit == ReplStormOnly && !w.Storm():
		return rules.Refuse("S3.2.3", "the German armor Repl may be used only in a Storm turn")
	case tigerPanther && !w.Storm():
		// 6.4.1, AMBIG-74: Tigers and Panthers are refitted only in a turn whose
		// weather roll is 1.
		return rules.Refuse("6.4.1", "%s is a Tiger or Panther: Repl only in a turn whose weather roll is 1", u.ID)
	}
	return nil
}

func replNationFits(g ReplGrant, u *Unit) bool {
	switch g.Nation {
	case "german":
		return u.Side == German
	case "cw":
		return u.Nationality == "gb" || u.Nationality == "ca"
	case "gb":
		// 6.2.3: British armor Repl may go to Canadian armored units.
		return u.Nationality == "gb" || (g.Type == "armor" && u.Nationality == "ca")
	}
	return u.Nationality == g.Nation
}

// Resources is what a side receives in one turn's Initial Phase (4.3 note, 5.0,
// 6.1, 6.5.1, 16.1.2, 19). Fields of the other side stay zero.
type Resources struct {
	Row int // T5 row (4.2: the weather state, not the die)
	// IPs is how many new Improved Positions the side may start (16.1.2, 16.1.4);
	// for the Allies per army (1 US + 1 CW).
	IPs int
	// SupP: German SupP to share between 7th Army and Cherbourg Fortress (5.2);
	// Allied free SupP per army before its Mulberry is complete (5.3).
	SupP int
	// SupPMulberry: Allied free SupP per army once its Mulberry is complete (5.3).
	SupPMulberry int
	// BuySupPFrom is the first turn the Allies may buy SupP with RP without a
	// completed Mulberry (S3.2.7: turn 7); 0 means only after the Mulberry (5.3).
	BuySupPFrom      int
	Repl             []ReplGrant
	AirUS, AirCW     int // ready air markers (19.1, T5)
	NavalUS, NavalCW int // ready naval markers (19.2, T5)
	RPUS, RPCW       int // reinforcement points, not saved (6.5.1)
}

// t5Row is one row of the Weather table's resource columns (T5, L2066-2085).
type t5Row struct {
	gerIPs, gerSupP  int
	gerInf           int
	gerInfLimit      ReplLimit
	gerArm           int
	gerArmLimit      ReplLimit
	usInf, usArm     int
	gbInf, gbArm     int
	caInf, cwInf     int // cwInf is "WN": British or Canadian, the Allied choice (6.2.7)
	airUS, airCW     int
	navalUS, navalCW int
	alliedSupP, rp   bool // "Tak"/"Nie"; RP 6+6 except in Storm (6.5.1)
	rule             string
}

// weatherResources is T5, indexed by row 1-6.
var weatherResources = [7]t5Row{
	1: {gerSupP: 3, gerArm: 1, gerArmLimit: ReplTigerPanther, usInf: 1, cwInf: 1,
		rule: "T5 row 1 (Storm)"},
	2: {gerIPs: 2, gerSupP: 2, gerArm: 1, usInf: 1, gbInf: 1, navalUS: 2, navalCW: 2,
		alliedSupP: true, rp: true, rule: "T5 row 2 (Overcast)"},
	3: {gerIPs: 2, gerSupP: 2, gerInf: 1, usInf: 1, gbInf: 1, airUS: 1, airCW: 1, navalUS: 2, navalCW: 2,
		alliedSupP: true, rp: true, rule: "T5 row 3 (Overcast)"},
	4: {gerIPs: 1, gerSupP: 1, gerInf: 1, usInf: 1, usArm: 1, gbArm: 1, airUS: 2, airCW: 2, navalUS: 2, navalCW: 2,
		alliedSupP: true, rp: true, rule: "T5 row 4 (Clear)"},
	5: {gerIPs: 1, gerSupP: 1, gerInf: 1, gerInfLimit: ReplQuality0, usInf: 1, usArm: 1, gbInf: 1,
		airUS: 3, airCW: 3, navalUS: 2, navalCW: 2, alliedSupP: true, rp: true, rule: "T5 row 5 (Clear)"},
	6: {gerIPs: 1, gerSupP: 1, gerInf: 1, gerInfLimit: ReplQualityMinus1, usArm: 1, gbArm: 1, caInf: 1,
		airUS: 3, airCW: 3, navalUS: 2, navalCW: 2, alliedSupP: true, rp: true, rule: "T5 row 6 (Clear)"},
}

const (
	firstGermanIPTurn = 5 // 16.1.4, T5 footnote *
	alliedRPPerArmy   = 6 // 6.5.1: 6 US + 6 CW in Clear or Overcast
)

// resourcesFor is what side receives in turn's Initial Phase under the
// campaign rules (S1, S2). Turn 1 has no Initial Phase: no SupP, Repl or RP
// (20.1, 6.2.3), no air (19.1.1), but the naval markers start ready (20.1,
// AMBIG-65). The Cherbourg scenario has its own: resourcesCherbourg.
func resourcesFor(turn int, w Weather, side Side) Resources {
	if !w.Valid() {
		panic(fmt.Sprintf("normandy44: resources for invalid weather %d", int(w)))
	}
	if turn <= 1 {
		if side == Allied {
			return Resources{Row: int(w), NavalUS: 2, NavalCW: 2}
		}
		return Resources{Row: int(w)}
	}
	row := weatherResources[w]
	r := Resources{Row: int(w)}
	if side == German {
		if turn >= firstGermanIPTurn {
			r.IPs = row.gerIPs
		}
		r.SupP = row.gerSupP
		r.Repl = appendGrant(r.Repl, "german", "infantry", row.gerInf, row.gerInfLimit)
		r.Repl = appendGrant(r.Repl, "german", "armor", row.gerArm, row.gerArmLimit)
		return r
	}
	if w.NewIPsAllowed() {
		r.IPs = 1 // 16.1.2: 1 US + 1 CW in any non-Storm turn
	}
	if row.alliedSupP {
		r.SupP, r.SupPMulberry = 1, 2 // 5.3
	}
	r.Repl = appendGrant(r.Repl, "us", "infantry", row.usInf, ReplAny)
	r.Repl = appendGrant(r.Repl, "us", "armor", row.usArm, ReplAny)
	r.Repl = appendGrant(r.Repl, "gb", "infantry", row.gbInf, ReplAny)
	r.Repl = appendGrant(r.Repl, "gb", "armor", row.gbArm, ReplAny)
	r.Repl = appendGrant(r.Repl, "ca", "infantry", row.caInf, ReplAny)
	r.Repl = appendGrant(r.Repl, "cw", "infantry", row.cwInf, ReplAny)
	r.AirUS, r.AirCW, r.NavalUS, r.NavalCW = row.airUS, row.airCW, row.navalUS, row.navalCW
	if row.rp {
		r.RPUS, r.RPCW = alliedRPPerArmy, alliedRPPerArmy
	}
	return r
}

// resourcesCherbourg is what side receives in turn's Initial Phase in the
// Cherbourg scenario (S3.2):
//   - German SupP: +1 from turn 2 when the weather is not Clear (S3.2.2, "rolls
//     1-3"); none from the table (AMBIG-46). IPs: 1 in each Overcast turn from
//     turn 5 (S3.2.5). Repl from turn 3 (S3.2.3): 1 infantry on a roll of 5,
//     quality 0 or -1 only and not saved; the one armor Repl is a starting
//     stock (cherbourgGermanArmorRepl), not income.
//   - Allied, US only (S3.2.4, S3.2.7): 1 free SupP per non-Storm turn; may buy
//     SupP with RP from turn 7; Repl from turn 3 as T5 gives the US, on odd rows
//     only (1, 3, 5; from turn 3 the row is the die); 1 naval marker per
//     non-Storm turn; air per T5, at most 2; RP from turn 2: 3 Overcast, 4 Clear;
//     1 IP per non-Storm turn (S3.2.5).
func resourcesCherbourg(turn int, w Weather, side Side) Resources {
	if !w.Valid() {
		panic(fmt.Sprintf("normandy44: resources for invalid weather %d", int(w)))
	}
	r := Resources{Row: int(w)}
	if turn <= 1 {
		if side == Allied {
			r.NavalUS = 1 // 20.1, AMBIG-65; S3.2.4: one US naval marker
		}
		return r
	}
	row := weatherResources[w]
	if side == German {
		if !w.Clear() {
			r.SupP = 1
		}
		if turn >= firstGermanIPTurn && w.Overcast() {
			r.IPs = 1
		}
		if turn >= 3 && w == WeatherClear5 {
			r.Repl = appendGrant(r.Repl, "german", "infantry", 1, ReplQuality0)
		}
		return r
	}
	if turn >= 3 && int(w)%2 == 1 {
		// S3.2.3: odd rows only, Storm (row 1) included.
		r.Repl = appendGrant(r.Repl, "us", "infantry", row.usInf, ReplAny)
		r.Repl = appendGrant(r.Repl, "us", "armor", row.usArm, ReplAny)
	}
	if w.Storm() {
		return r
	}
	r.SupP, r.SupPMulberry, r.BuySupPFrom = 1, 1, cherbourgMulberryTurn
	r.IPs = 1
	r.NavalUS = 1
	r.AirUS = min(row.airUS, 2)
	if w.Clear() {
		r.RPUS = 4
	} else {
		r.RPUS = 3
	}
	return r
}

// cherbourgMulberryTurn is the turn from which the Omaha Mulberry counts as
// complete in S3, so RP may buy SupP (S3.2.7).
const cherbourgMulberryTurn = 7

// cherbourgGermanArmorRepl is the German armor Repl that S3 starts on box 1 of
// the track, usable only in a Storm turn and lost if none comes (S3.2.3).
var cherbourgGermanArmorRepl = ReplGrant{Nation: "german", Type: "armor", Count: 1, Limit: ReplStormOnly}

func appendGrant(gs []ReplGrant, nation, typ string, n int, limit ReplLimit) []ReplGrant {
	if n == 0 {
		return gs
	}
	return append(gs, ReplGrant{Nation: nation, Type: typ, Count: n, Limit: limit})
}

// addToPool adds n to a pool capped at max; the excess is lost (5.1, 6.1).
func addToPool(have, n, max int) (total, lost int) {
	total = have + n
	if total > max {
		return max, total - max
	}
	return total, 0
}

// addSupP adds SupP to a pool: at most 19, the rest lost at once (5.1).
func addSupP(have, n int) (total, lost int) { return addToPool(have, n, maxSupP) }

// addRepl adds Repl to a marker: at most 9, the rest lost (6.1).
func addRepl(have, n int) (total, lost int) { return addToPool(have, n, maxRepl) }

// buySupP spends RP on SupP for one Allied army in its Replacement Phase
// (5.3): 3 RP each, only once that army's Mulberry is complete (or, in S3,
// from turn 7). It returns the RP left.
func buySupP(rp, n int, mulberryComplete bool) (int, error) {
	if !mulberryComplete {
		return rp, rules.Refuse("5.3", "SupP can be bought only once that army's Mulberry is complete")
	}
	if n < 1 || n*supPRPCost > rp {
		return rp, rules.Refuse("5.3", "%d SupP cost %d RP; %d RP are left", n, n*supPRPCost, rp)
	}
	return rp - n*supPRPCost, nil
}

// allocateGermanSupP checks the German split of the turn's SupP between the
// 7th Army and the Cherbourg Fortress (5.2): all of it, and none to Cherbourg
// unless a Cherbourg city hex traces supply to the south edge (cherbourgLinked,
// see cherbourgCutOff) and the fortress marker is still in play.
func allocateGermanSupP(received, toArmy, toCherbourg int, cherbourgLinked, fortressInPlay bool) error {
	if toArmy < 0 || toCherbourg < 0 || toArmy+toCherbourg != received {
		return rules.Refuse("5.2", "allocate all %d SupP between the 7th Army and Cherbourg Fortress, have %d + %d", received, toArmy, toCherbourg)
	}
	if toCherbourg > 0 && (!cherbourgLinked || !fortressInPlay) {
		return rules.Refuse("5.2", "Cherbourg Fortress receives SupP only while a Cherbourg hex traces supply to the south map edge")
	}
	return nil
}

// cherbourgFortressFalls reports whether every Cherbourg city hex is
// Allied-controlled, which removes the Cherbourg Fortress marker and its SupP
// (5.2). control maps a hex id to its controller (2.2.5).
func cherbourgFortressFalls(s *Scenario, control map[string]Side) bool {
	hexes := cityHexes(s, "Cherbourg")
	if len(hexes) == 0 {
		return false
	}
	for _, id := range hexes {
		if control[id] != Allied {
			return false
		}
	}
	return true
}

// cityHexes lists the City hexes that carry a city's name (5.2: three for
// Cherbourg), in id order.
func cityHexes(s *Scenario, name string) []string {
	var ids []string
	for _, h := range s.Hexes {
		if h.Terrain == City && h.Name == name {
			ids = append(ids, h.ID)
		}
	}
	return ids
}
