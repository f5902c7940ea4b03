package salerno43

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

const unitSyntax = "ID SIDE NATION FORMATION TYPE FACE [FACE] sp=N [tq=Q[/Q]] [armor=N[/N]] [range=N level=corps|division] [rem=TYPE] [independent] [no-bond] [silhouette] [td] [8th-army]"

// unit reads "ID SIDE NATION FORMATION TYPE FACE [FACE] fields marks"
// (2.3). A FACE is ATTACK-DEFENSE-MA: attack "-" for none (17.7), defense
// "(n)" bracketed (8.4.6) or "*" variable (19.3).
func (p *parser) unit(l scn.Line) {
	w := l.Words
	if len(w) < 6 {
		p.Errf(l.N, ErrSyntax, "want: %s", unitSyntax)
		return
	}
	u := Unit{ID: w[0], Side: Side(w[1]), Nation: Nation(w[2]), Formation: w[3], Type: UnitType(w[4])}
	if !scn.ValidID(u.ID) {
		p.Errf(l.N, ErrSyntax, "unit id %q", u.ID)
		return
	}
	side, ok := nations[u.Nation]
	switch {
	case u.Side != German && u.Side != Allied:
		p.Errf(l.N, ErrUnknown, "side %q (want allied or german)", w[1])
		return
	case !ok:
		p.Errf(l.N, ErrUnknown, "nationality %q (2.3.4: us, gb, ca, heer, luftwaffe)", w[2])
		return
	case side != u.Side:
		p.Errf(l.N, ErrInvalid, "nationality %s is not the %s side's (2.3.4)", u.Nation, u.Side)
		return
	}
	if u.Formation == "-" {
		u.Formation = ""
	}
	if _, ok := UnitTypes[u.Type]; !ok {
		p.Errf(l.N, ErrUnknown, "unit type %q (2.3.3: %s)", w[4], strings.Join(typeWords(), ", "))
		return
	}
	rest := w[5:]
	for len(rest) > 0 && len(u.Faces) < 2 && strings.Count(rest[0], "-") >= 2 && !strings.Contains(rest[0], "=") {
		f, err := parseFace(rest[0])
		if err != nil {
			p.Errf(l.N, ErrSyntax, "face %q: %v", rest[0], err)
			return
		}
		u.Faces = append(u.Faces, f)
		rest = rest[1:]
	}
	if len(u.Faces) == 0 {
		p.Errf(l.N, ErrSyntax, "want: %s", unitSyntax)
		return
	}
	sp := -1
	var tq, armor string
	ok = p.Fields(l.N, rest, func(word, key, value string, kv bool) bool {
		if kv {
			switch key {
			case "sp":
				sp, _ = p.Int(l.N, "sp", value, 0, 3)
			case "tq":
				tq = value
			case "armor":
				armor = value
			case "range":
				u.Range, _ = p.Int(l.N, "range", value, 1, 9)
			case "level":
				u.Level = value
			case "rem":
				u.Rem = UnitType(value)
			default:
				return false
			}
			return true
		}
		switch word {
		case "independent":
			u.Independent = true
		case "no-bond":
			u.NoBond = true
		case "silhouette":
			u.Silhouette = true
		case "td":
			u.TankDestroyer = true
		case "8th-army":
			u.Eighth = true
		default:
			return false
		}
		return true
	})
	if !ok {
		return
	}
	if err := u.finish(sp, tq, armor); err != nil {
		p.Errf(l.N, ErrInvalid, "unit %s: %v", u.ID, err)
		return
	}
	if !scn.Once(p.Parser, p.unitLine, u.ID, l.N, "unit %s already listed", u.ID) {
		return
	}
	p.s.Units = append(p.s.Units, u)
}

func typeWords() []string {
	var out []string
	for _, t := range unitTypeNames {
		out = append(out, string(t))
	}
	return out
}

// parseFace reads ATTACK-DEFENSE-MA.
func parseFace(w string) (Face, error) {
	parts := strings.Split(w, "-")
	if len(parts) != 3 {
		return Face{}, fmt.Errorf("want ATTACK-DEFENSE-MA")
	}
	f := Face{Quality: Normal}
	var err error
	if parts[0] == "" {
		return Face{}, fmt.Errorf("want ATTACK-DEFENSE-MA")
	}
	f.Attack, err = small(parts[0], 0, 20)
	if err != nil {
		return Face{}, fmt.Errorf("attack: %v", err)
	}
	d := parts[1]
	switch {
	case d == "*":
		f.Variable = true
	case strings.HasPrefix(d, "(") && strings.HasSuffix(d, ")"):
		f.Bracketed = true
		d = d[1 : len(d)-1]
		fallthrough
	default:
		if f.Defense, err = small(d, 0, 20); err != nil {
			return Face{}, fmt.Errorf("defense: %v", err)
		}
	}
	if f.MA, err = small(parts[2], 0, 12); err != nil {
		return Face{}, fmt.Errorf("MA: %v", err)
	}
	return f, nil
}

func small(w string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(w)
	if err != nil || strconv.Itoa(n) != w || n < lo || n > hi {
		return 0, fmt.Errorf("%q is not a number %d-%d", w, lo, hi)
	}
	return n, nil
}

// finish applies the per-face fields and checks the counter against the
// rules that describe it.
func (u *Unit) finish(sp int, tq, armor string) error {
	if sp < 0 {
		return fmt.Errorf("sp=N, its stacking points (4.2), is required")
	}
	u.Stacking = sp
	if err := perFace(u, tq, "tq", func(f *Face, v string) error {
		q := Quality(v)
		if q != Normal && q != Elite && q != Low {
			return fmt.Errorf("tq %q (2.3.2: normal, elite, low)", v)
		}
		f.Quality = q
		return nil
	}); err != nil {
		return err
	}
	if err := perFace(u, armor, "armor", func(f *Face, v string) error {
		n, err := small(v, 1, 9)
		f.Armor = n
		return err
	}); err != nil {
		return err
	}
	asu := u.ASU()
	switch {
	case asu && (u.Range == 0 || (u.Level != "corps" && u.Level != "division")):
		return fmt.Errorf("an ASU needs range=N and level=corps|division (17.1, 17.4)")
	case !asu && (u.Range != 0 || u.Level != ""):
		return fmt.Errorf("only an ASU has a range and a level (17.1)")
	case u.Type == "werfer" && u.Level != "corps":
		return fmt.Errorf("a Nebelwerfer counts as corps artillery (19.1)")
	case asu && len(u.Faces) != 1:
		return fmt.Errorf("an ASU has one step (17.2)")
	case u.Beachhead() && (u.Stacking != 0 || u.Faces[0].MA != 0 || len(u.Faces) != 1):
		return fmt.Errorf("a BH unit has one step, 0 stacking points and MA 0 (18.1.1)")
	case u.Rem != "" && len(u.Faces) != 2:
		return fmt.Errorf("rem= marks the third step of a unit of two printed faces (2.3.5)")
	}
	if _, ok := UnitTypes[u.Rem]; u.Rem != "" && !ok {
		return fmt.Errorf("rem type %q (2.3.3)", u.Rem)
	}
	for _, f := range u.Faces {
		if asu && (f.Attack != 0 || !f.Bracketed) {
			return fmt.Errorf("an ASU has no attack and a bracketed defense, 0-(n)-MA (17.7)")
		}
		if f.Variable && u.Type != "garrison" {
			return fmt.Errorf("only a garrison has a variable defense (19.3)")
		}
	}
	return nil
}

// perFace applies "V" to every face or "V/V" face by face.
func perFace(u *Unit, v, key string, set func(*Face, string) error) error {
	if v == "" {
		return nil
	}
	vals := strings.Split(v, "/")
	if len(vals) != 1 && len(vals) != len(u.Faces) {
		return fmt.Errorf("%s=%s: one value, or one a face (%d)", key, v, len(u.Faces))
	}
	for i := range u.Faces {
		if err := set(&u.Faces[i], vals[min(i, len(vals)-1)]); err != nil {
			return err
		}
	}
	return nil
}

// remnant reads "SIDE TYPE FACE count=N" (10.4).
func (p *parser) remnant(l scn.Line) {
	w := l.Words
	if len(w) != 4 {
		p.Errf(l.N, ErrSyntax, "want: SIDE TYPE FACE count=N")
		return
	}
	r := Remnant{Side: Side(w[0]), Type: UnitType(w[1])}
	if r.Side != German && r.Side != Allied {
		p.Errf(l.N, ErrUnknown, "side %q (want allied or german)", w[0])
		return
	}
	if _, ok := UnitTypes[r.Type]; !ok {
		p.Errf(l.N, ErrUnknown, "unit type %q (2.3.3)", w[1])
		return
	}
	f, err := parseFace(w[2])
	if err != nil {
		p.Errf(l.N, ErrSyntax, "face %q: %v", w[2], err)
		return
	}
	r.Face = f
	kv := p.KeyValues(l.N, w[3:], "count")
	if kv == nil {
		return
	}
	if r.Count, err = small(kv["count"], 1, 20); err != nil {
		p.Errf(l.N, ErrInvalid, "count: %v", err)
		return
	}
	p.s.Remnants = append(p.s.Remnants, r)
}

// setup reads "UNIT HEX|BOX [used]".
func (p *parser) setup(l scn.Line) {
	w := l.Words
	if len(w) < 2 || len(w) > 3 || (len(w) == 3 && w[2] != "used") {
		p.Errf(l.N, ErrSyntax, "want: UNIT HEX|floating-reserve|entry:AREA|assault:LANDING|follow-up:BEACH [used]")
		return
	}
	p.s.Setup = append(p.s.Setup, Placement{Unit: w[0], At: w[1], Used: len(w) == 3})
	p.setupLines = append(p.setupLines, l.N)
}

// reinforcement reads "TURN UNIT WHERE".
func (p *parser) reinforcement(l scn.Line) {
	w := l.Words
	if len(w) != 3 {
		p.Errf(l.N, ErrSyntax, "want: TURN UNIT floating-reserve|entry:N|entry:S|entry:E|entry:AREA|airdrop:bh|airdrop:5th-army")
		return
	}
	turn, ok := p.Int(l.N, "turn", w[0], 1, 40)
	if !ok {
		return
	}
	p.s.Reinforcements = append(p.s.Reinforcements, Reinforcement{Turn: turn, Unit: w[1], At: w[2]})
	p.reinLines = append(p.reinLines, l.N)
}

// validPlacement says whether a box or hex is a place a unit may start in
// or arrive at, and why not.
func (p *parser) where(at string, mc hexwar.MapCheck, n int, reinforcement bool) {
	s := p.s
	switch {
	case scn.ValidHexID(at) && !reinforcement:
		if mc.OnMap(p.Parser, n, at, "set-up hex") && mc.Terrain[at] == Sea {
			p.Errf(n, ErrInvalid, "%s is an all-sea hex", at)
		}
	case at == BoxFloating:
	case strings.HasPrefix(at, boxEntry):
		a := strings.TrimPrefix(at, boxEntry)
		if !slices.Contains(entryAreas, a) && !(reinforcement && (a == "N" || a == "S" || a == "E")) {
			p.Errf(n, ErrUnknown, "entry area %q (21.1.1)", a)
		}
	case strings.HasPrefix(at, boxAssault) && !reinforcement:
		if !slices.Contains(landingNames, strings.TrimPrefix(at, boxAssault)) {
			p.Errf(n, ErrUnknown, "landing %q (24.2: %s)", strings.TrimPrefix(at, boxAssault), strings.Join(landingNames, ", "))
		}
	case strings.HasPrefix(at, boxFollowUp) && !reinforcement:
		b := strings.TrimPrefix(at, boxFollowUp)
		if !slices.ContainsFunc(s.Beaches, func(x Beach) bool { return x.Name == b }) {
			p.Errf(n, ErrUnknown, "follow-up box of beach %q (24.4.2)", b)
		}
	case reinforcement && (at == "airdrop:bh" || at == "airdrop:5th-army"):
	default:
		p.Errf(n, ErrUnknown, "place %q", at)
	}
}
