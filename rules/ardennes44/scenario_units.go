package ardennes44

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// Unit is one counter as the scenario describes it (2.1-2.11): its fixed
// values; what changes in play is the state's.
type Unit struct {
	ID        string
	Side      Side
	Nation    Nation
	Army      Army
	Formation string // the bold division id (14.3.1, 6.1); "-" for an Independent unit
	Type      UnitType
	// Faces are the full-strength side and, for a unit that has one, the
	// reduced side (16.4); an artillery unit's are its Ready and Fired
	// sides (22.5).
	Faces []Face
	// WhiteLine: the reduced side's step value 2 is underlined: the unit
	// becomes a Remnant when it loses that side's step (16.4).
	WhiteLine bool
	TQ        int    // tank quality (2.9); 0 for none
	TQKind    TQKind // how the TQ is printed (21.2)
	Morale    Morale
	Range     int    // artillery range (22.4)
	Corps     string // German corps (2.7: S1.3 artillery set-up, 29.2.2)
	Regiment  string // the yellow-background group that may share an SM marker (12.4.2)
	Marks     []string
}

// Face is one side of a counter (2.2): attack, defense and movement, whether
// the defense is in parentheses (15.1), and its steps (8.2). AF is
// ArtilleryAF on an artillery unit's Ready side, which prints S.
type Face struct {
	AF, DF, MA int
	DFParen    bool
	Steps      int
}

// ArtilleryAF marks the S of an artillery unit's Ready side, where other
// units print their attack strength (2.1, 22.7).
const ArtilleryAF = -1

// noAF is the AF an artillery unit's Fired side prints: none.
const noAF = -2

func (u *Unit) info() typeInfo { return unitTypes[u.Type] }

// Has reports whether the counter carries a mark.
func (u *Unit) Has(mark string) bool { return slices.Contains(u.Marks, mark) }

// Mech: a mechanized unit, a vehicle (2.4, AMB-1).
func (u *Unit) Mech() bool { return u.info().Mech }

// Arty: an artillery unit, Nebelwerfers included (22.1).
func (u *Unit) Arty() bool { return u.info().Artillery }

// Silhouette: a silhouette unit, counted apart for stacking (8.2).
func (u *Unit) Silhouette() bool { return u.Has(MarkSilhouette) }

// Armour: an armour unit for 21.1: a TQ other than FLAK's, whatever the
// counter's symbol (AMB-53: a CC with a TQ in the unit file is armour);
// Sturmtiger and Brumbar are not (27.4).
func (u *Unit) Armour() bool {
	return u.TQ > 0 && u.TQKind != TQFlak && u.Type != Assault
}

// InfantryUnit: an infantry unit for 21.1 (a US Combat Command, a Guards
// Armoured Brigade and the 150th Panzer Brigade count as both, MarkBoth;
// L1196: "for this rule").
func (u *Unit) InfantryUnit() bool {
	return u.Has(MarkBoth) || u.info().Infantry
}

// infantry: an infantry unit for replacements and Improved Positions
// (25.2.1, 15.8.2, AMB-20: any non-armour, non-artillery combat unit). A
// unit marked both is infantry for 21.1 alone (L1196), so here its type
// decides; before ardennes44/4 it counted as infantry here too.
func (g *Game) infantry(u *Unit) bool {
	if g.ver.bothOnly21 {
		return u.info().Infantry
	}
	return u.InfantryUnit()
}

// Independent: a unit with no bold division id is its own formation
// (14.3.1); Remnants are Independent (16.4).
func (u *Unit) Independent() bool { return u.Formation == "-" || u.Has(MarkRemnant) }

// parseFace reads "AF-DF-MA": AF a number, S (an artillery unit's Ready
// side) or x (none); DF a number, or one in parentheses.
func parseFace(w string) (Face, bool) {
	parts := strings.Split(w, "-")
	if len(parts) != 3 {
		return Face{}, false
	}
	var f Face
	switch parts[0] {
	case "S":
		f.AF = ArtilleryAF
	case "x":
		f.AF = noAF
	default:
		n, ok := smallNumber(parts[0], 0, 40)
		if !ok {
			return Face{}, false
		}
		f.AF = n
	}
	df := parts[1]
	if strings.HasPrefix(df, "(") && strings.HasSuffix(df, ")") {
		f.DFParen, df = true, df[1:len(df)-1]
	}
	n, ok := smallNumber(df, 0, 40)
	if !ok {
		return Face{}, false
	}
	f.DF = n
	if f.MA, ok = smallNumber(parts[2], 0, 30); !ok {
		return Face{}, false
	}
	return f, true
}

// String prints a face as the counter does: "6-6-3", "S-2-1", "(2)-3".
func (f Face) String() string {
	af := strconv.Itoa(f.AF)
	switch f.AF {
	case ArtilleryAF:
		af = "S"
	case noAF:
		af = "x"
	}
	df := strconv.Itoa(f.DF)
	if f.DFParen {
		df = "(" + df + ")"
	}
	return af + "-" + df + "-" + strconv.Itoa(f.MA)
}

func smallNumber(w string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(w)
	if err != nil || len(w) > 2 || n < lo || n > hi || (len(w) > 1 && w[0] == '0') {
		return 0, false
	}
	return n, true
}

const unitSyntax = "ID SIDE NATION ARMY FORMATION TYPE FACE [FACE] [steps=F/B[r]] [tq=N|tdN|flakN] [morale=elite|green] [range=N] [corps=C] [regiment=R] [marks]"

// unit reads a [units] record.
func (p *parser) unit(l scn.Line) {
	w := l.Words
	if len(w) < 7 {
		p.Errf(l.N, ErrSyntax, "want: %s", unitSyntax)
		return
	}
	u := Unit{ID: w[0], Side: Side(w[1]), Nation: Nation(w[2]), Army: Army(w[3]), Formation: w[4], Type: UnitType(w[5])}
	switch {
	case !validUnitID(u.ID):
		p.Errf(l.N, ErrSyntax, "unit id %q: lower-case letters, digits and - / ( ) + . _, not four digits", u.ID)
		return
	case u.Side != German && u.Side != Allied:
		p.Errf(l.N, ErrUnknown, "side %q (want german or allied)", w[1])
		return
	}
	if s, ok := nations[u.Nation]; !ok || s != u.Side {
		p.Errf(l.N, ErrUnknown, "nationality %q is not the %s side's (2.10: us, gb; ss, heer, fj)", w[2], u.Side)
		return
	}
	if s, ok := armies[u.Army]; !ok || (s != "" && s != u.Side) {
		p.Errf(l.N, ErrUnknown, "army colour %q is not the %s side's (2.11)", w[3], u.Side)
		return
	}
	if u.Formation != "-" && !scn.ValidID(u.Formation) {
		p.Errf(l.N, ErrSyntax, "formation %q: an id, or - for an Independent unit (14.3.1)", u.Formation)
		return
	}
	if _, ok := unitTypes[u.Type]; !ok {
		p.Errf(l.N, ErrUnknown, "unit type %q (want one of %s)", w[5], strings.Join(typeNames(), ", "))
		return
	}
	rest := w[6:]
	for len(rest) > 0 && len(u.Faces) < 2 && strings.Count(rest[0], "-") == 2 && !strings.Contains(rest[0], "=") {
		f, ok := parseFace(rest[0])
		if !ok {
			p.Errf(l.N, ErrSyntax, "face %q: want AF-DF-MA, AF a number, S or x, DF in parentheses or not", rest[0])
			return
		}
		u.Faces, rest = append(u.Faces, f), rest[1:]
	}
	if len(u.Faces) == 0 {
		p.Errf(l.N, ErrSyntax, "want: %s", unitSyntax)
		return
	}
	steps := ""
	ok := p.Fields(l.N, rest, func(word, key, value string, kv bool) bool {
		var good bool
		switch {
		case kv && key == "steps":
			steps, good = value, true
		case kv && key == "tq":
			good = u.readTQ(value)
		case kv && key == "morale":
			u.Morale, good = Morale(value), value == string(Elite) || value == string(Green)
		case kv && key == "range":
			u.Range, good = smallNumber(value, 1, 20)
		case kv && key == "corps":
			u.Corps, good = value, scn.ValidID(value)
		case kv && key == "regiment":
			u.Regiment, good = value, scn.ValidID(value)
		case !kv && slices.Contains(unitMarks, key):
			u.Marks, good = append(u.Marks, key), true
		}
		if !good {
			p.Errf(l.N, ErrUnknown, "%q (want %s)", word, unitSyntax)
		}
		return good
	})
	if !ok || !p.unitSteps(l.N, &u, steps) || !p.unitChecks(l.N, &u) {
		return
	}
	if !scn.Once(p.Parser, p.unitLine, u.ID, l.N, "unit %s already described", u.ID) {
		return
	}
	p.s.Units = append(p.s.Units, u)
}

func typeNames() []string {
	var out []string
	for t := range unitTypes {
		out = append(out, string(t))
	}
	slices.Sort(out)
	return out
}

// readTQ reads a TQ: "4" a tank's grey TQ, "td3" a red circle (21.2),
// "flak3" a FLAK square.
func (u *Unit) readTQ(v string) bool {
	kind, num := TQTank, v
	if n, ok := strings.CutPrefix(v, "td"); ok {
		kind, num = TQTD, n
	} else if n, ok := strings.CutPrefix(v, "flak"); ok {
		kind, num = TQFlak, n
	}
	n, ok := smallNumber(num, 1, 9)
	u.TQ, u.TQKind = n, kind
	return ok
}

// unitSteps sets the steps of each face (8.2): "steps=3/2r" the full and
// reduced sides' step values and the reduced side's white line (16.4);
// silhouettes count by their DF (8.2 note: DF 3-4 two steps, 1-2 one);
// artillery has 1 step (22.5).
func (p *parser) unitSteps(n int, u *Unit, steps string) bool {
	if u.Arty() {
		if steps != "" || len(u.Faces) != 2 || u.Faces[0].AF != ArtilleryAF || u.Faces[1].AF != noAF || u.Range == 0 {
			p.Errf(n, ErrInvalid, "an artillery unit has a Ready side S-DF-MA, a Fired side x-DF-MA and a range=, and 1 step (2.1, 22.5)")
			return false
		}
		u.Faces[0].Steps, u.Faces[1].Steps = 1, 1
		return true
	}
	if slices.ContainsFunc(u.Faces, func(f Face) bool { return f.AF < 0 }) {
		p.Errf(n, ErrInvalid, "only artillery prints S or x for its attack strength (2.1)")
		return false
	}
	if u.Silhouette() {
		if steps != "" {
			p.Errf(n, ErrInvalid, "a silhouette unit's steps come from its DF (8.2 note): leave steps= out")
			return false
		}
		for i := range u.Faces {
			u.Faces[i].Steps = 1
			if u.Faces[i].DF >= 3 {
				u.Faces[i].Steps = 2
			}
		}
		return true
	}
	if steps == "" {
		steps = "1"
		if len(u.Faces) == 2 {
			steps = "2/1"
		}
	}
	white := strings.HasSuffix(steps, "r")
	parts := strings.Split(strings.TrimSuffix(steps, "r"), "/")
	if len(parts) != len(u.Faces) {
		p.Errf(n, ErrInvalid, "steps=%s: one step value per face, %d here", steps, len(u.Faces))
		return false
	}
	for i, s := range parts {
		k, ok := smallNumber(s, 1, 3)
		if !ok {
			p.Errf(n, ErrSyntax, "steps=%s: step values are 1 to 3 (8.2)", steps)
			return false
		}
		u.Faces[i].Steps = k
	}
	if white && (len(u.Faces) != 2 || u.Faces[1].Steps != 2) {
		p.Errf(n, ErrInvalid, "steps=%s: only a reduced side of 2 steps has the white line (16.4)", steps)
		return false
	}
	// 27.2: von der Heydte is a 1-step unit on either side, the drop's
	// die choosing the side it lands on.
	if len(u.Faces) == 2 && u.Faces[1].Steps >= u.Faces[0].Steps && !u.Has(MarkVdH) {
		p.Errf(n, ErrInvalid, "steps=%s: the reduced side has fewer steps", steps)
		return false
	}
	u.WhiteLine = white
	return true
}

// unitChecks checks marks against side and type.
func (p *parser) unitChecks(n int, u *Unit) bool {
	bad := func(format string, args ...any) bool {
		p.Errf(n, ErrInvalid, "%s: "+format, append([]any{u.ID}, args...)...)
		return false
	}
	germanOnly := []string{MarkKGP, MarkPz150, MarkVdH, MarkPzJ653, MarkDouble}
	for _, m := range germanOnly {
		if u.Has(m) && u.Side != German {
			return bad("%s is a German unit's mark (27.x)", m)
		}
	}
	switch {
	case (u.Has(MarkPRD) || u.Has(Mark29Armd) || u.Has(MarkV187)) && u.Side != Allied:
		return bad("that mark is an Allied unit's (27.3, 27.6, 29.2.1)")
	case u.TQ > 0 && u.Arty():
		return bad("artillery has no TQ (2.9)")
	case u.Has(MarkRemnant) && u.Has(MarkBreakdown):
		return bad("a counter is a Remnant or a breakdown unit, not both")
	case u.Has(MarkRemnant) && u.Army != Yellow:
		return bad("Remnants are yellow, army-level (2.11, 16.4)")
	case u.Has(MarkBreakdown) && u.Army != White:
		return bad("breakdown units are white (2.11)")
	case u.Type == TaskForce && !u.Has(MarkBreakdown):
		return bad("a Task Force is a US breakdown unit (26.1)")
	case u.Type == SupplyDepot:
		return bad("the fuel dump is an optional rule's marker (32.2), not a [units] record")
	}
	return true
}

// validUnitID: an id commands can name, never a hex id or a grammar word.
func validUnitID(s string) bool {
	return scn.ValidID(s) && !scn.ValidHexID(s) && !reserved[s]
}

// reserved are words of the command grammar that no unit may be called.
var reserved = map[string]bool{"from": true, "with": true, "art": true, "air": true, "support": true, "loss": true,
	"sm": true, "trucks": true, "extended": true, "tactical": true, "exit": true, "all": true, "none": true, "zero": true,
	"infiltrate": true, "by": true, "surprise": true, "peiper": true, "breakthrough": true, "mover": true, "two": true,
	"ip": true, "fired": true}

// Placement is one [setup] record: a unit's hex or Off-map box at the
// start (S1.3), in an Improved Position (the printed dot) or not; Fired for
// artillery set up spent (S4.3 C).
type Placement struct {
	Unit  string
	At    string
	IP    bool
	Fired bool
}

func (p *parser) setup(l scn.Line) {
	if len(l.Words) < 2 || len(l.Words) > 4 {
		p.Errf(l.N, ErrSyntax, "want: UNIT HEX|BOX [ip] [fired]")
		return
	}
	pl := Placement{Unit: l.Words[0], At: l.Words[1]}
	for _, w := range l.Words[2:] {
		switch {
		case w == "ip" && !pl.IP:
			pl.IP = true
		case w == "fired" && !pl.Fired:
			pl.Fired = true
		default:
			p.Errf(l.N, ErrUnknown, "%q (want ip for a printed dot, S1.3; fired for spent artillery, S4.3 C)", w)
			return
		}
	}
	if !scn.ValidHexID(pl.At) && !validBox(pl.At) {
		p.Errf(l.N, ErrSyntax, "%q is neither a hex nor an Off-map box (off-se, off-sw, off-nw, off-ne)", pl.At)
		return
	}
	p.setupLines = append(p.setupLines, l.N)
	p.s.Setup = append(p.s.Setup, pl)
}

// validBox: an Off-map Area a unit may be set up in.
func validBox(at string) bool {
	a, ok := strings.CutPrefix(at, offPrefix)
	return ok && slices.Contains(areas, a)
}

// Reinforcement is one [reinforcements] record: a unit's arrival turn and
// entry (2.6: "3-AB"), how it comes.
type Reinforcement struct {
	Turn int
	Unit string
	// Letters are the entry letters it may use (2.6); Kind says when it
	// enters otherwise: "engineer" placed in a town (13.2), "airdrop"
	// (27.2), "roll" arriving on a die from Turn (27.7), "edge-road" any
	// road hex of a map edge (S3.3).
	Letters string
	Kind    string
	SM      bool // enters in Strategic Movement (13.1), or on Trucks if non-mechanized (12.4.3)
	Spent   int  // MP already spent when it enters (S3.3: 4)
}

const (
	ArriveEngineer = "engineer"
	ArriveAirdrop  = "airdrop"
	ArriveRoll     = "roll"
	ArriveEdgeRoad = "edge-road"
)

func (p *parser) reinforcement(l scn.Line) {
	if len(l.Words) < 3 {
		p.Errf(l.N, ErrSyntax, "want: TURN UNIT LETTERS|engineer|airdrop|roll|edge-road [sm] [spent=N]")
		return
	}
	turn, ok := p.Int(l.N, "turn", l.Words[0], 1, 30)
	if !ok {
		return
	}
	r := Reinforcement{Turn: turn, Unit: l.Words[1]}
	switch w := l.Words[2]; w {
	case ArriveEngineer, ArriveAirdrop, ArriveRoll, ArriveEdgeRoad:
		r.Kind = w
	default:
		if !validLetters(w) {
			p.Errf(l.N, ErrSyntax, "%q: entry letters (2.6: AB), or engineer, airdrop, roll, edge-road", w)
			return
		}
		r.Letters = w
	}
	if !p.Fields(l.N, l.Words[3:], func(word, key, value string, kv bool) bool {
		switch {
		case !kv && key == "sm":
			r.SM = true
		case kv && key == "spent":
			n, ok := smallNumber(value, 1, 20)
			if !ok {
				p.Errf(l.N, ErrSyntax, "spent=%s: the MP spent before entering", value)
				return false
			}
			r.Spent = n
		default:
			p.Errf(l.N, ErrUnknown, "%q (want sm or spent=N)", word)
			return false
		}
		return true
	}) {
		return
	}
	p.reinfLines = append(p.reinfLines, l.N)
	p.s.Reinforcements = append(p.s.Reinforcements, r)
}

// validLetters: capital entry letters, each once.
func validLetters(w string) bool {
	if w == "" || len(w) > 6 {
		return false
	}
	for i, r := range w {
		if r < 'A' || r > 'Z' || strings.ContainsRune(w[:i], r) {
			return false
		}
	}
	return true
}

// NightReplacements is the turn card's replacements for the Night after PM
// turn Turn (25.2.1, [DATA]).
type NightReplacements struct {
	Turn           int
	German, Allied int
}

func (p *parser) replacement(l scn.Line) {
	if len(l.Words) != 3 {
		p.Errf(l.N, ErrSyntax, "want: TURN german=N allied=N (the Night after that PM turn, 25.2.1)")
		return
	}
	turn, ok := p.Int(l.N, "turn", l.Words[0], 2, 30)
	if !ok {
		return
	}
	if turn%2 != 0 {
		p.Errf(l.N, ErrInvalid, "turn %d is an AM turn: a Night follows a PM turn, an even one (25.1)", turn)
		return
	}
	kv := p.KeyValues(l.N, l.Words[1:], "german", "allied")
	if kv == nil {
		return
	}
	r := NightReplacements{Turn: turn}
	var okG, okA bool
	r.German, okG = smallNumber(kv["german"], 0, 9)
	r.Allied, okA = smallNumber(kv["allied"], 0, 9)
	if !okG || !okA {
		p.Errf(l.N, ErrSyntax, "replacements are 0 to 9")
		return
	}
	if slices.ContainsFunc(p.s.Replacements, func(x NightReplacements) bool { return x.Turn == turn }) {
		p.Errf(l.N, ErrDuplicate, "the Night after turn %d already given", turn)
		return
	}
	p.s.Replacements = append(p.s.Replacements, r)
}

// describe says what a unit is, for players: "infantry III, us, 106".
func (u *Unit) describe() string {
	s := u.info().Name + ", " + string(u.Nation)
	if u.Formation != "-" {
		s += ", " + u.Formation
	}
	if n, ok := armyNames[u.Army]; ok {
		s += ", " + n
	}
	return s
}

func (u *Unit) String() string { return fmt.Sprintf("%s (%s)", u.ID, u.describe()) }
