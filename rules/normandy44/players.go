package normandy44

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	hx "github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Three or four players (24.0). The number of players is a variant option fixed
// in the invitation; without one the game has its two seats, allied and
// german, and its state (and hash) is what it always was.
//
//	option              seats, in the fixed order of the dice protocol
//	(none)              allied, german
//	players=3-allied    us, cw, german                 (two Allied players)
//	players=3-german    allied, german-cw, german-us   (two German players)
//	players=4           us, cw, german-cw, german-us
//
// us commands the US 1st Army (units of nationality us), cw the British 2nd
// Army (every other Allied nationality: gb, ca and the rest). german-us faces
// the US 1st Army and german-cw the British 2nd Army; which German units each
// commands is germanOwner's reading of 24.0.
//
// ENGINE NOTE (24.0, the turn with two players per side): the log is one
// chain, so the two players of a side cannot act at the same time without
// forking it. They take each of their side's phases in turn, in seat order:
// the first acts and says 'end', then the second acts and says 'end', and
// only then does the phase end. In the German phases the player facing the CW
// goes first: where both could claim the same thing (this turn's SupP, the
// German Repl, which the rules do not divide), 24.0 gives him the last word
// in disputes, so he takes his share first.
//
// 24.0's agreement rule for air units (an owner must consent before his air
// units support a combat without his army's units) is moot in edition 2.2:
// air markers support only attacks by their own nationality (19.1.2), so a
// player's air markers only ever fly for his own army's combats.

// Player-count options.
const (
	players3Allied = "players=3-allied"
	players3German = "players=3-german"
	players4       = "players=4"
)

// The seats of the multi-player games (24.0).
const (
	SeatUS       rules.Seat = "us"
	SeatCW       rules.Seat = "cw"
	SeatGermanUS rules.Seat = "german-us"
	SeatGermanCW rules.Seat = "german-cw"
)

// variant is what the invitation's options decide, read once from them.
type variant struct {
	alliedSplit bool   // two Allied players (24.0)
	germanSplit bool   // two German players (24.0)
	storms      string // "", optHistoricalStorms (25.1) or optRandomStorm (25.2)
	batteries   bool   // optCoastalBatteries (25.3, batteries.go)
	flankFire   bool   // optFlankFire (first edition 28.2, flankfire.go)
	// The readings players may choose against the digest's (versions.go):
	// one retreat step however many crossings (AMBIG-24), one-hex retreat
	// capacity counted per retreat (AMBIG-25).
	retreatStepOnce, oneHexPerRetreat bool
}

// options are the options of an edition: the players' and its optional
// rules, each with what it does.
func (e *edition) optionList() map[string]string {
	out := maps.Clone(playerOptions)
	maps.Copy(out, e.options)
	return out
}

// readOptions checks the options of a game in edition ed and reads them.
// Each may appear once; at most one player count, and 25.1 and 25.2 exclude
// each other. An optional rule of the other edition is refused with why.
func readOptions(ed *edition, options []string) (variant, error) {
	var v variant
	players := ""
	known := ed.optionList()
	for k, o := range options {
		if _, ok := known[o]; !ok {
			for _, other := range editions {
				if what, ok := other.options[o]; ok {
					return variant{}, fmt.Errorf("normandy44: %w %q in %s: it is an optional rule of %s (%s), which this edition does not have",
						ErrOption, o, ed.title, other.title, what)
				}
			}
			return variant{}, fmt.Errorf("normandy44: %w %q (known in %s: %s)", ErrOption, o, ed.title, strings.Join(slices.Sorted(maps.Keys(known)), ", "))
		}
		if slices.Contains(options[:k], o) {
			return variant{}, fmt.Errorf("normandy44: %w %q given twice", ErrOption, o)
		}
		switch o {
		case players3Allied, players3German, players4:
			if players != "" {
				return variant{}, fmt.Errorf("normandy44: %w: %s and %s both set the number of players (24.0)", ErrOption, players, o)
			}
			players = o
			v.alliedSplit = o != players3German
			v.germanSplit = o != players3Allied
		case optHistoricalStorms, optRandomStorm:
			if v.storms != "" {
				return variant{}, fmt.Errorf("normandy44: %w: %s (25.1) and %s (25.2) cannot both be on: each replaces the weather roll's 1s its own way", ErrOption, optHistoricalStorms, optRandomStorm)
			}
			v.storms = o
		case optCoastalBatteries:
			v.batteries = true
		case optFlankFire:
			v.flankFire = true
		case optRetreatStepOnce:
			v.retreatStepOnce = true
		case optOneHexPerRetreat:
			v.oneHexPerRetreat = true
		}
	}
	return v, nil
}

// multi reports whether some side has two players (24.0).
func (v variant) multi() bool { return v.alliedSplit || v.germanSplit }

// seats are the game's seats in their fixed order (the dice protocol's).
func (v variant) seats() []rules.Seat {
	var out []rules.Seat
	if v.alliedSplit {
		out = append(out, SeatUS, SeatCW)
	} else {
		out = append(out, rules.Seat(Allied))
	}
	if v.germanSplit {
		out = append(out, SeatGermanCW, SeatGermanUS)
	} else {
		out = append(out, rules.Seat(German))
	}
	return out
}

// sideSeats are a side's seats, in the order they take its phases.
func (v variant) sideSeats(side Side) []rules.Seat {
	return slices.DeleteFunc(v.seats(), func(s rules.Seat) bool { return seatSide(s) != side })
}

// seatSide is the side a seat plays.
func seatSide(s rules.Seat) Side {
	if s == rules.Seat(German) || strings.HasPrefix(string(s), "german-") {
		return German
	}
	return Allied
}

// owner is the seat that commands unit i (24.0). It depends only on the
// scenario and the options, so New works it out once for every unit
// (unitOwners); Legal, View and the combat seats ask for it per unit.
func (g *Game) owner(i int) rules.Seat {
	if g.owners == nil {
		return rules.Seat(g.unit(i).Side)
	}
	return g.owners[i]
}

// unitOwners is owner for every unit, in scenario order; nil when each side
// has one player.
func (g *Game) unitOwners() []rules.Seat {
	if !g.opt.multi() {
		return nil
	}
	out := make([]rules.Seat, len(g.sc.Units))
	for i := range out {
		out[i] = g.ownerOf(i)
	}
	return out
}

// ownerOf works out owner(i) from the scenario (24.0).
func (g *Game) ownerOf(i int) rules.Seat {
	u := g.unit(i)
	switch {
	case u.Side == Allied && g.opt.alliedSplit:
		if g.army(i) == "cw" {
			return SeatCW
		}
		return SeatUS
	case u.Side == German && g.opt.germanSplit:
		return g.germanOwner(i)
	}
	return rules.Seat(u.Side)
}

// germanOwner is the German player who commands unit i when two play the
// Germans. 24.0 divides them by the Allied army boundary, lets units cross it
// freely afterwards, gives reinforcements entering by green entry hexes to
// the player facing the US and all others to the player facing the CW. The
// engine reads this as a fixed ownership decided by where a unit first comes
// into play (ENGINE NOTE, 24.0 reading):
//   - a unit set up on a map hex, or arriving as a reinforcement on a named
//     hex, belongs to german-us if that hex lies on the US side of the
//     boundary (the scenario's us-sector zone; a scenario without one lies
//     wholly on the US side, as cherbourg.scn says), otherwise to german-cw;
//   - a reinforcement entering by a green entry hex belongs to german-us, by
//     any other colour to german-cw (24.0);
//   - a unit waiting in a mobilization box (6.7) goes with its division's
//     mobilization hexes, judged like a set-up hex;
//   - every other unit belongs to german-cw (24.0: "all others"; in disputes
//     the player facing the CW decides).
func (g *Game) germanOwner(i int) rules.Seat {
	id := g.unit(i).ID
	where := ""
	for _, p := range g.sc.Setup {
		if p.Unit == id {
			where = p.At
		}
	}
	for _, r := range g.sc.Reinforcements {
		if r.Unit == id {
			where = r.At
		}
	}
	if colour, ok := strings.CutPrefix(where, "entry:"); ok {
		if colour == "green" {
			return SeatGermanUS
		}
		return SeatGermanCW
	}
	if slices.ContainsFunc(g.sc.Boxes, func(b Box) bool { return b.Name == where && b.Kind == BoxMobilization }) {
		where = ""
		for _, p := range g.sc.Places {
			if p.Kind == PlaceMobilization && p.Arg == g.unit(i).Formation {
				where = p.Hex
				break
			}
		}
	}
	if a, ok := g.b.ids[where]; ok && g.usSide(a) {
		return SeatGermanUS
	}
	return SeatGermanCW
}

// usSide reports whether a map hex lies on the US side of the Allied army
// boundary (22.1.2, 24.0).
func (g *Game) usSide(a hx.Axial) bool {
	if g.b.ZoneCells(ZoneUSSector) == nil {
		return true
	}
	return g.b.inZone(ZoneUSSector, a)
}

// actingSide is the side whose players act in the current phase: the phasing
// side, and the Allies in the End Phase (22.2).
func (g *Game) actingSide() Side {
	if g.s.Phase == PhaseEnd || g.s.Phase == PhaseInitial {
		return Allied
	}
	return g.s.Side
}

// actingSeat is the seat that acts now outside a combat: in a two-player side
// the side's seat; otherwise its first seat that has not yet said 'end' in
// this phase (24.0 ENGINE NOTE above).
func (g *Game) actingSeat() rules.Seat {
	ss := g.opt.sideSeats(g.actingSide())
	for _, s := range ss {
		if !slices.Contains(g.s.Ended, string(s)) {
			return s
		}
	}
	return ss[len(ss)-1]
}

// seatFor turns a side named as a seat ("allied", "german") into a seat of a
// game with two players on that side: the one whose part of the phase it is,
// or the side's first. Seats of the game pass unchanged.
func (g *Game) seatFor(s rules.Seat) rules.Seat {
	if slices.Contains(g.opt.seats(), s) {
		return s
	}
	side := seatSide(s)
	if side == g.actingSide() {
		return g.actingSeat()
	}
	return g.opt.sideSeats(side)[0]
}

// invasionSeats gives the Special Invasion Phase's dice and decisions on a
// beach to the players of the armies there (24.0): the Allied ones to the
// owner of the assaulting units, the German ones (the EX losses, 20.3.2) to
// the owner of the German units on the beach hex, or with none there to the
// player facing that side of the army boundary. The Scatter dice, which
// cover both armies' airborne, stay with the first Allied seat.
func (g *Game) invasionSeats(p *rules.Pending) {
	r := g.s.Invasion
	if g.s.Phase != PhaseInvasion || r == nil || !r.Scattered {
		return
	}
	as := g.assaults()
	if r.Assault >= len(as) || len(as[r.Assault].Force) == 0 {
		return
	}
	a := as[r.Assault]
	seat := func(side Side) rules.Seat {
		if side == Allied {
			return g.owner(a.Force[0])
		}
		if h, ok := g.b.ids[a.Hex]; ok {
			for _, i := range g.occupancy()[h] {
				if g.unit(i).Side == German {
					return g.owner(i)
				}
			}
			if g.opt.germanSplit && g.usSide(h) {
				return SeatGermanUS
			}
		}
		return g.opt.sideSeats(German)[0]
	}
	for k, s := range p.Seats {
		p.Seats[k] = seat(seatSide(s))
	}
	if p.Dice != nil {
		p.Dice.By = seat(seatSide(p.Dice.By))
	}
}

// ownerTag names unit i's seat for the view, when a side has two players.
func (g *Game) ownerTag(i int) string {
	if !g.opt.multi() {
		return ""
	}
	return " <" + string(g.owner(i)) + ">"
}

// ownedByActor reports whether unit i is commanded by the seat acting now.
func (g *Game) ownedByActor(i int) bool { return !g.opt.multi() || g.owner(i) == g.actingSeat() }

// poolSeat is the seat that spends a SupP pool (24.0): 7th Army and
// Cherbourg Fortress for the player facing the US, Pz West for the one
// facing the CW; us and gb for the US and CW players.
func (g *Game) poolSeat(pool string) rules.Seat {
	switch pool {
	case "us":
		if g.opt.alliedSplit {
			return SeatUS
		}
		return rules.Seat(Allied)
	case "gb":
		if g.opt.alliedSplit {
			return SeatCW
		}
		return rules.Seat(Allied)
	case pzWestPool:
		return SeatGermanCW
	}
	if g.opt.germanSplit {
		return SeatGermanUS
	}
	return rules.Seat(German)
}

// checkOwner refuses a command that touches units or pools of another seat
// (24.0: each player commands only his own forces). Two-player games pass
// everything; syntax errors are left to the command's own parser.
func (g *Game) checkOwner(seat rules.Seat, command string) error {
	if !g.opt.multi() {
		return nil
	}
	verb, _, _ := strings.Cut(command, " ")
	var units []string
	switch {
	case verb == "attack":
		a, err := ParseAttack(command)
		if err != nil {
			return nil
		}
		units = append(a.Units(), a.Art...)
	case verb == "strafe":
		// 19.1.4: a strafing mission flies with one army's air markers.
		sc, err := ParseStrafe(command)
		if err != nil {
			return nil
		}
		pool := map[string]string{"us": "us", "cw": "gb"}[sc.Army]
		if o := g.poolSeat(pool); pool != "" && o != seat {
			return rules.Refuse("24.0", "the %s air markers belong to the %s seat", sc.Army, o)
		}
		return nil
	default:
		c, err := ParseCommand(command)
		if err != nil {
			// Orders and combat decisions, which Pending gives to the seat
			// that decides (combatSeat), or bad syntax, which the
			// command's own parser names.
			return nil
		}
		switch c.Verb {
		default:
			// move, relocate, mobilize, replace, rebuild, evacuate, and any
			// later verb: every word after the verb that names a unit, but
			// the hexes of its path.
			for _, w := range strings.Fields(command)[1:] {
				if _, ok := g.index[w]; ok && !slices.Contains(c.Path, w) {
					units = append(units, w)
				}
			}
		case "evacuate-division":
			for i := range g.s.Units {
				if g.unit(i).Formation == c.Unit && g.unit(i).Side == Allied {
					units = []string{g.unit(i).ID}
					break
				}
			}
		case "buy-supp", "allot":
			if o := g.poolSeat(c.Path[0]); o != seat {
				return rules.Refuse("24.0", "the %s SupP belong to the %s seat", c.Path[0], o)
			}
		}
	}
	for _, id := range units {
		i, ok := g.index[id]
		if !ok {
			continue // the rules' own checks name the missing unit
		}
		if o := g.owner(i); o != seat {
			return rules.Refuse("24.0", "%s belongs to the %s seat", id, o)
		}
	}
	return nil
}

// endSeat is 'end' given by one player of a side with two (24.0 ENGINE
// NOTE): it closes that player's part of the phase. It reports done when the
// other player of the side still has his part to play; otherwise the phase
// itself ends (endStage) and Ended is cleared.
func (g *Game) endSeat(seat rules.Seat) ([]rules.Event, error) {
	if g.s.Phase == PhaseMovement && g.stackCheck() == hexwar.StackEachMove {
		// 7.2: a player leaves no stack of his own over the limit; where
		// moves may end over it, the owners reduce them at the end of the
		// phase (stackcheck.go).
		occ := g.occupancy()
		for _, a := range g.overstacked(g.s.Side) {
			for _, i := range occ[a] {
				if g.owner(i) == seat {
					return nil, rules.Refuse("7.2", "%s is over the stacking limit: move units out before ending your part of the phase", g.b.id(a))
				}
			}
		}
	}
	if id := g.mustLand(); id != "" {
		// 20.5.3, for the player whose units they are.
		return nil, g.mustLandRefusal(id)
	}
	if id := g.mustMoveBack(); id != "" {
		return nil, g.mustMoveBackRefusal(id) // S3.3, 22.1.2
	}
	ss := g.opt.sideSeats(g.actingSide())
	if seat != ss[len(ss)-1] {
		g.s.Ended = append(g.s.Ended, string(seat))
		return []rules.Event{{Seat: seat, Text: fmt.Sprintf("%s ends its part of the %s; %s to play (24.0)", seat, phaseRules[g.s.Phase].Name, g.actingSeat())}}, nil
	}
	return g.endStage()
}

// combatSeat is the seat that decides or rolls for side in the combat in
// progress (24.0): the attacker's decisions go to the seat that declared the
// attack, whose units they all are; the defender's to the seat owning the
// defending units. When the defenders belong to both German players, the
// player facing the CW decides (24.0: disputes); a mixed Allied stack is
// decided by the owner of its first unit in scenario order.
func (g *Game) combatSeat(c *Combat, side Side) rules.Seat {
	if !g.opt.multi() {
		return rules.Seat(side)
	}
	if side == c.In.Attacker {
		// Every attacking unit is the declaring player's (checkOwner).
		if i, ok := g.index[c.In.Attackers[0].ID]; ok {
			return g.owner(i)
		}
		return g.actingSeat()
	}
	var owners []rules.Seat
	for _, u := range c.In.Defenders {
		if i, ok := g.index[u.ID]; ok && !slices.Contains(owners, g.owner(i)) {
			owners = append(owners, g.owner(i))
		}
	}
	switch {
	case len(owners) == 0:
		return g.opt.sideSeats(side)[0]
	case len(owners) > 1 && side == German:
		return SeatGermanCW
	}
	return owners[0]
}

// ordersFor are the orders in force that answer side's decisions in the
// combat in progress: in a multi-player game only those of the seat that
// decides for side (combatSeat).
func (g *Game) ordersFor(c *Combat) Orders {
	if !g.opt.multi() {
		return g.orders()
	}
	o := Orders{}
	for _, r := range g.s.Orders {
		if rules.Seat(r.Seat) != g.combatSeat(c, r.Side) {
			continue
		}
		if cmd, err := ParseCombatCommand(r.Text); err == nil {
			o[string(r.Side)] = append(o[string(r.Side)], cmd)
		}
	}
	return o
}
