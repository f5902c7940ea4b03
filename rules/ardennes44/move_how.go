package ardennes44

import (
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// How a unit may move (11.0-13.0, 22.1-22.3, 25.3): what bars it from
// moving at all now, and the mode its flags ask for with what that mode
// allows (moveHow).

// mayMove checks what bars a unit from moving at all now.
func (g *Game) mayMove(i int, mc hexwar.MoveCommand) error {
	u, us := g.unit(i), g.s.Units[i]
	turn := g.s.Turn
	switch {
	case us.At == "" || us.At == deadBox || us.At == goneBox || us.At == exitedBox || us.At == antwerpBox || us.At == poolBox:
		return rules.Refuse("11.1", "%s is not in play", u.ID)
	case us.Moved && !us.Halted:
		return rules.Refuse("11.1", "%s has moved in this phase: a unit finishes its move before the next starts", u.ID)
	case us.ENG:
		return rules.Refuse("16.5", "%s is Engaged: it does not move in this Movement Phase (it may disengage in the Combat Phase, 20.1)", u.ID)
	case u.Has(MarkRed) && turn == 1:
		return rules.Refuse("29.1.1", "%s has a red set-up box: it does not move on turn 1", u.ID)
	case u.Has(MarkPRD) && turn == 1:
		return rules.Refuse("27.6", "%s (PRD) does not move at all on turn 1", u.ID)
	case u.Has(MarkVdH) && us.Arrived == turn:
		return rules.Refuse("27.2", "von der Heydte does not move on the turn of its drop")
	case us.Loading:
		return rules.Refuse("12.4.3", "%s is loading its Trucks this turn: it moves next turn", u.ID)
	case u.Type == SupplyDepot:
		return rules.Refuse("32.2", "a fuel dump does not move")
	}
	if g.night() {
		return g.mayMoveAtNight(i, mc)
	}
	if us.Night && !mc.Has("tactical") {
		// 25.3.5: marked for the Night, a unit spends at most 1 MP now.
		return nil
	}
	return nil
}

// mayMoveAtNight: at night only the stacks under Night markers move (25.3.1),
// and on the first Night KG Peiper's four units (27.5); the unused markers
// let other stacks infiltrate 1 hex (31).
func (g *Game) mayMoveAtNight(i int, mc hexwar.MoveCommand) error {
	u, us := g.unit(i), g.s.Units[i]
	if us.Night || (u.Has(MarkKGP) && g.firstNight()) {
		if mc.Has("sm") {
			return rules.Refuse("25.3.1", "no Strategic Movement at night")
		}
		return nil
	}
	if !g.opt.infiltration {
		return rules.Refuse("25.3.1", "at night only the stacks under Night markers move; %s has none", u.ID)
	}
	return g.mayInfiltrate(i, mc)
}

// moveHow works out how a unit moves and its budget.
func (g *Game) moveHow(i int, mc hexwar.MoveCommand, enters bool) (moveHow, error) {
	return g.moveHowFar(i, mc, enters, len(mc.Path) > 2)
}

// moveHowFar is moveHow for a move of more than 1 hex (far) or of 1,
// whatever mc's path: Legal asks how a unit moves before it has a path, and
// artillery moves one way for 1 hex and another for more (artilleryHow).
func (g *Game) moveHowFar(i int, mc hexwar.MoveCommand, enters, far bool) (moveHow, error) {
	u, us := g.unit(i), g.s.Units[i]
	f := g.face(i)
	how := moveHow{mech: u.Mech(), budget: f.MA * hexwar.MP}
	forced := g.tacticalOnly(i)
	flags := 0
	for _, fl := range []string{"tactical", "extended", "sm", "mover"} {
		if mc.Has(fl) {
			flags++
		}
	}
	tacticalMover := flags == 2 && mc.Has("tactical") && mc.Has("mover") && g.ver.moverTactical
	if flags > 1 && !tacticalMover {
		if g.ver.moverTactical {
			return how, rules.Refuse("11.1", "a move is Tactical, Extended, Strategic or on a Prime Mover: one of them, or Tactical on a Prime Mover (22.3)")
		}
		return how, rules.Refuse("11.1", "a move is Tactical, Extended, Strategic or on a Prime Mover: one of them")
	}
	if us.SM && !mc.Has("sm") {
		return how, rules.Refuse("12.6", "%s is under an SM marker: take it off first ('unmark %s', before it moves) or move with 'sm'", u.ID, u.ID)
	}
	if us.Halted && g.ver.haltedGoesOn {
		if err := g.mayGoOn(i, mc); err != nil {
			return how, err
		}
	}
	switch {
	case u.Arty() && !mc.Has("mover") && !mc.Has("sm") && !g.gunByMA(u):
		return g.artilleryHow(i, mc, how, far)
	case mc.Has("tactical") || forced != "":
		if !mc.Has("tactical") {
			return how, rules.Refuse(forced, "%s moves only by Tactical Movement (add 'tactical')", u.ID)
		}
		how.mode, how.maxHex = modeTactical, 2
		ma := f.MA
		if tacticalMover {
			// 22.3 (L1234, OCR-13): on a Prime Mover, Tactical Movement
			// with its MA of 5.
			if err := g.mayPrimeMover(i); err != nil {
				return how, err
			}
			how.mech, how.primeMover, ma = true, true, primeMoverMA
		}
		if ma < 2 {
			how.maxHex = 1 // AMB-12: a unit of MA 1 made to move tactically goes 1 hex
		}
		if ma == 0 {
			return how, rules.Refuse("11.3", "%s has no movement allowance", u.ID)
		}
	case mc.Has("extended"):
		if u.Mech() {
			return how, rules.Refuse("11.2", "mechanized units have no Extended Movement; they have Strategic Movement (12.1)")
		}
		how.mode = modeExtended
		how.budget += 2 * hexwar.MP
	case mc.Has("sm"):
		if err := g.maySM(i, enters); err != nil {
			return how, err
		}
		how.mode = modeSM
		if !u.Mech() && !u.Arty() {
			how.trucks, how.mech, how.budget = true, true, trucksMP
		} else {
			how.budget *= 2
		}
	case mc.Has("mover"):
		if err := g.mayPrimeMover(i); err != nil {
			return how, err
		}
		how.mode, how.mech, how.budget = modeMover, true, primeMoverMA*hexwar.MP
	}
	how.budget -= us.Spent // a halted move's MP spent (AMB-9), or an arrival's (S3.3)
	if g.s.Units[i].Night && !g.night() {
		how.maxHex, how.budget = 0, min(how.budget, hexwar.MP) // 25.3.5: 1 MP
		if how.mode == modeTactical {
			return how, rules.Refuse("25.3.5", "a unit under a Night marker spends at most 1 MP in its PM turn, without Tactical Movement")
		}
	}
	if us.Repl && g.s.Turn%2 == 1 {
		how.maxHex = 1 // 25.2.4: a replaced unit moves at most 1 hex in the next AM turn
	}
	if g.night() && !g.s.Units[i].Night && !(u.Has(MarkKGP) && g.firstNight()) {
		how.maxHex = 1 // 31: Night Infiltration is 1 hex
		how.mode = modeTactical
	}
	if g.gunByMA(u) && !how.onPrimeMover() {
		how.maxHex = 1 // 22.1: more needs a Prime Mover
	}
	return how, nil
}

// gunByMA: from ardennes44/4, German artillery other than a Nebelwerfer
// has no 22.2 shift (L1227 gives it to the Werfers and the Allies): it
// moves 1 hex by the movement rules on its printed MA (AMB-27), and may
// not fire in the turn it moves (22.1, L1223). ardennes44/1 to /3 shifted
// it as a Werfer, whatever the hex's cost, and let it fire.
func (g *Game) gunByMA(u *Unit) bool {
	return g.ver.gunsMoveOrFire && u.Side == German && u.Arty() && u.Type != Werfer
}

// mayGoOn checks the rest of the move of a unit halted before the
// collapsed Ouren bridge (7.7): it keeps the MP it has not spent (AMB-9)
// and goes on as it moved, Extended, in SM or on a Prime Mover, with them;
// not by Tactical Movement, a move of up to 2 hexes made whole (11.3,
// L503), nor so across the river it did not start its move next to
// (11.4.1, L509). ardennes44/1 to /3 let it start a new move of any kind.
func (g *Game) mayGoOn(i int, mc hexwar.MoveCommand) error {
	u, us := g.unit(i), g.s.Units[i]
	if us.Tactical || mc.Has("tactical") {
		return rules.Refuse("11.3", "%s halted at the collapsed Ouren bridge: Tactical Movement is one move of up to 2 hexes, not the rest of another (AMB-9)", u.ID)
	}
	was := map[string]bool{"extended": us.Extended, "sm": us.SM, "mover": us.Mover}
	for _, fl := range []string{"extended", "sm", "mover"} {
		if mc.Has(fl) != was[fl] {
			return rules.Refuse("7.7", "%s halted at the collapsed Ouren bridge goes on as it moved (%s), with the MP it has left (AMB-9)", u.ID, haltedWay(was))
		}
	}
	return nil
}

// haltedWay names how a halted unit was moving, as its flag.
func haltedWay(was map[string]bool) string {
	for _, fl := range []string{"extended", "sm", "mover"} {
		if was[fl] {
			return "'" + fl + "'"
		}
	}
	return "by its MA, no flag"
}

// trucksMP: a unit on Trucks has 12 MP, not doubled (12.4.4); a Prime
// Mover gives MA 5 (22.3).
const (
	trucksMP     = 12 * hexwar.MP
	primeMoverMA = 5
)

// tacticalOnly names the rule that allows a unit Tactical Movement only,
// "" for none: Disrupted or Broken (18.3), out of supply (23.4), a US
// engineer on its arrival turn (13.2.2), the 2nd Division's PRD regiments
// on turn 2 (27.6).
func (g *Game) tacticalOnly(i int) string {
	u, us := g.unit(i), g.s.Units[i]
	switch {
	case us.Status != "":
		return "18.3"
	case us.OOS:
		return "23.4"
	case u.Type == Engineer && us.Arrived == g.s.Turn && g.arrivedAsEngineer(i):
		return "13.2.2"
	case u.Has(MarkPRD) && g.s.Turn == 2:
		return "27.6"
	}
	return ""
}

// artilleryHow: artillery on its Ready side shifts 1 hex and stays Ready
// (22.2: Allied artillery and Nebelwerfers; other German artillery too
// before ardennes44/4, gunByMA); Allied artillery may move further as a
// mechanized unit on its Fired side, which flips it (22.1); German
// artillery needs a Prime Mover for more than 1 hex. far: the move goes
// more than 1 hex.
func (g *Game) artilleryHow(i int, mc hexwar.MoveCommand, how moveHow, far bool) (moveHow, error) {
	u, us := g.unit(i), g.s.Units[i]
	if !far && (us.Face == 0 || u.Side == German) {
		how.mode, how.maxHex, how.mech = modeShift, 1, u.Mech() || u.Side == Allied
		return how, nil
	}
	if u.Side == German {
		return how, rules.Refuse("22.1", "German artillery needs a Prime Mover to move more than 1 hex (add 'mover', 22.3)")
	}
	// 22.1: Allied artillery moves as a mechanized unit on its Fired side.
	how.mech, how.budget = true, u.Faces[1].MA*hexwar.MP
	if g.tacticalOnly(i) != "" {
		return how, rules.Refuse(g.tacticalOnly(i), "%s moves only by Tactical Movement", u.ID)
	}
	if mc.Has("tactical") && g.ver.firedTactical {
		if u.Faces[1].MA < 2 {
			return how, rules.Refuse("11.3", "Tactical Movement needs an MA of 2 or more; %s has %d on its Fired side", u.ID, u.Faces[1].MA)
		}
		how.mode, how.maxHex = modeTactical, 2
	}
	return how, nil
}

// hexesEntered is how many hexes a path of n hexes enters: those after the
// first, and a reinforcement's entry hex too (13.1, L622: it pays the cost
// of the first hex it enters), so that Tactical Movement takes it 2 hexes
// in all (11.3, L503). ardennes44/1 to /3 counted the hexes after the
// entry hex only.
func (g *Game) hexesEntered(n int, enters bool) int {
	if enters && g.ver.tacticalEntryHex {
		return n
	}
	return n - 1
}

// hexesMoved is how many hexes a move along a path of n hexes counts
// against a limit in hexes: those it enters, and from ardennes44/7 its exit
// from the map, if it leaves it (11.9.1, exitIsAHex).
func (g *Game) hexesMoved(n int, enters, exit bool) int {
	if exit && g.ver.exitIsAHex {
		return g.hexesEntered(n, enters) + 1
	}
	return g.hexesEntered(n, enters)
}

// maxHexRefusal is the refusal of a move over its limit in hexes; one that
// leaves the map (exit) counts its exit as a hex (hexesMoved), and says so.
func (g *Game) maxHexRefusal(i int, how moveHow, enters, exit bool) error {
	rule, why := g.maxHexRule(i, how, enters)
	if exit && g.ver.exitIsAHex {
		why += "; leaving the map counts as a hex, as in an advance (11.9.1)"
	}
	return rules.Refuse(rule, "%s", why)
}

// maxHexRule is the rule that limits unit i's move in hexes, and its words.
func (g *Game) maxHexRule(i int, how moveHow, enters bool) (rule, why string) {
	u, us := g.unit(i), g.s.Units[i]
	switch {
	case how.mode == modeShift:
		return "22.2", u.ID + " shifts its firing position 1 hex (more needs its Fired side or a Prime Mover, 22.1, 22.3)"
	case g.night() && !us.Night:
		return "31", "a Night Infiltration moves a stack 1 hex"
	case us.Repl && g.s.Turn%2 == 1:
		return "25.2.4", u.ID + " took a replacement last Night: it moves at most 1 hex this AM turn"
	case g.gunByMA(u) && !how.onPrimeMover():
		return "22.1", "German artillery needs a Prime Mover to move more than 1 hex (add 'mover', 22.3)"
	case how.maxHex == 1:
		return "11.3", u.ID + " has MA 1: Tactical Movement takes it 1 hex (AMB-12)"
	}
	if enters && g.ver.tacticalEntryHex {
		return "11.3", "Tactical Movement goes at most 2 hexes, the entry hex the first (13.1)"
	}
	return "11.3", "Tactical Movement goes at most 2 hexes"
}
