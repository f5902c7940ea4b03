package normandy44

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// The [units], [setup] and [reinforcements] records: the counters and when and
// where they come into play.

func (p *parser) unit(l scn.Line) {
	const syntax = "want: id side nationality formation type step [step [step]] [quality=n] [ac=gray:n|red:n] [cadre=X] [range=n] [size=S] [beach=name] [marks...]"
	if len(l.Words) < 6 {
		p.Errf(l.N, ErrSyntax, syntax)
		return
	}
	u := Unit{ID: l.Words[0], Side: Side(l.Words[1]), Nationality: l.Words[2], Formation: l.Words[3], Type: UnitType(l.Words[4])}
	if !validUnitID(u.ID) {
		p.Errf(l.N, ErrSyntax, "unit id %q: letters, digits and - / ( ) + . _", u.ID)
		return
	}
	if u.Side != Allied && u.Side != German {
		p.Errf(l.N, ErrUnknown, "side %q (want allied or german)", l.Words[1])
		return
	}
	side, ok := nationalities[u.Nationality]
	if !ok {
		p.Errf(l.N, ErrUnknown, "nationality %q (want us, gb, ca, heer, ss, luftwaffe, kriegsmarine or todt)", u.Nationality)
		return
	}
	if side != u.Side {
		p.Errf(l.N, ErrInvalid, "nationality %s is not on the %s side", u.Nationality, u.Side)
		return
	}
	if u.Formation == "-" {
		u.Formation = ""
	} else if !scn.ValidID(u.Formation) {
		p.Errf(l.N, ErrSyntax, "formation %q: lower-case letters, digits and '-', or '-' for none", u.Formation)
		return
	}
	if _, ok := UnitTypes[u.Type]; !ok {
		p.Errf(l.N, ErrUnknown, "unit type %q (see the unit-type chart, T14)", l.Words[4])
		return
	}
	rest := l.Words[5:]
	for len(rest) > 0 {
		st, ok := parseStep(rest[0])
		if !ok {
			break
		}
		u.Steps = append(u.Steps, st)
		rest = rest[1:]
	}
	if len(u.Steps) == 0 || len(u.Steps) > 3 {
		p.Errf(l.N, ErrSyntax, "a unit has 1 to 3 steps written strength-MA, e.g. 6-4 4-4 (2)-4 (2.3.5)")
		return
	}
	if !p.Fields(l.N, rest, func(_, k, v string, kv bool) bool { return p.unitField(l.N, &u, k, v, kv) }) {
		return
	}
	slices.Sort(u.Marks)
	if !p.unitCoherent(l.N, &u) {
		return
	}
	if !scn.Once(p.Parser, p.unitLine, u.ID, l.N, "unit %s already defined", u.ID) {
		return
	}
	p.s.Units = append(p.s.Units, u)
}

// parseStep reads "6-4" or "(2)-4".
func parseStep(w string) (Step, bool) {
	s, m, ok := strings.Cut(w, "-")
	if !ok {
		return Step{}, false
	}
	var st Step
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		st.DefendOnly = true
		s = s[1 : len(s)-1]
	}
	var err1, err2 error
	st.Strength, err1 = strconv.Atoi(s)
	st.MA, err2 = strconv.Atoi(m)
	if err1 != nil || err2 != nil || len(s) > 2 || len(m) > 2 || st.Strength < 0 || st.MA < 0 || s[0] == '+' || m[0] == '+' {
		return Step{}, false
	}
	return st, true
}

func (p *parser) unitField(n int, u *Unit, k, v string, kv bool) bool {
	switch {
	case kv && k == "quality":
		q, ok := p.Int(n, "quality", v, -2, 2)
		u.Quality = q
		return ok
	case kv && k == "ac":
		colour, num, _ := strings.Cut(v, ":")
		if colour != "gray" && colour != "red" {
			p.Errf(n, ErrSyntax, "ac=%s: write ac=gray:N for armor or ac=red:N for anti-tank (2.3.1)", v)
			return false
		}
		ac, ok := p.Int(n, "armor class", num, 1, 9)
		u.AC, u.AntiTank = ac, colour == "red"
		return ok
	case kv && k == "cadre":
		if len(v) != 1 || v[0] < 'A' || v[0] > 'Z' {
			p.Errf(n, ErrSyntax, "cadre=%s: a cadre is one capital letter (17.9.5)", v)
			return false
		}
		u.Cadre = v
	case kv && k == "range":
		r, ok := p.Int(n, "range", v, 1, 9)
		u.Range = r
		return ok
	case kv && k == "size":
		base := strings.TrimSuffix(strings.TrimSuffix(v, "(+)"), "(-)")
		if !slices.Contains([]string{"II", "III", "X", "XX", "XXX", "XXXX"}, base) {
			p.Errf(n, ErrUnknown, "size=%s (want II, III, X, XX, XXX or XXXX, with (+) or (-)) (2.3.2)", v)
			return false
		}
		u.Size = v
	case kv && k == "beach":
		if _, ok := beaches[v]; !ok {
			p.Errf(n, ErrUnknown, "beach=%s is not a beach", v)
			return false
		}
		u.Beach = v
	case !kv && marks[Mark(k)]:
		u.Marks = append(u.Marks, Mark(k))
	default:
		p.Errf(n, ErrUnknown, "unit field %q", k)
		return false
	}
	return true
}

// unitCoherent checks what the rules say about the fields together.
func (p *parser) unitCoherent(n int, u *Unit) bool {
	fail := func(format string, args ...any) bool {
		p.Errf(n, ErrInvalid, format, args...)
		return false
	}
	if len(u.Steps) == 3 && u.Cadre == "" {
		return fail("unit %s has 3 steps: give its cadre letter, cadre=X (2.3.5)", u.ID)
	}
	if len(u.Steps) != 3 && u.Cadre != "" {
		return fail("only 3-step units have a cadre (2.3.5)")
	}
	if (u.Type == Engineer) != (u.Beach != "") {
		return fail("an engineer names its beach with beach=, and only an engineer does (17.8)")
	}
	if u.Range != 0 && u.Type != HQ && u.Type != Werfer {
		return fail("range= is printed on HQs and Werfers only (17.2.4, 17.3)")
	}
	if u.Type == HQ && u.Quality != 0 {
		return fail("HQs have quality 0 (2.3.1)")
	}
	if UnitTypes[u.Type].Silhouette && u.Quality != 0 {
		return fail("silhouette units have quality 0 (2.3.1)")
	}
	for _, m := range u.Marks {
		need, ok := markTypes[m]
		if ok && !slices.Contains(need, u.Type) {
			return fail("%s marks a unit of type %s only", m, strings.Join(typeNames(need), " or "))
		}
		if markSide[m] != "" && markSide[m] != u.Side {
			return fail("%s marks %s units only", m, markSide[m])
		}
	}
	return true
}

// markTypes limits marks to the unit types they can appear on.
var markTypes = map[Mark][]UnitType{
	MarkTiger:          {Tank},
	MarkPanther:        {Tank},
	MarkDD:             {Tank, Armored},
	MarkRanger:         {Commando},
	MarkSpecialService: {Commando},
	MarkWithdraws:      {Commando},
	MarkCotentin:       {HQ},
	MarkBattery:        {Strongpoint},
	MarkBeachDefense:   {Strongpoint},
}

var markSide = map[Mark]Side{
	MarkRestricted: German, MarkCherbourgDefense: German, MarkTiger: German, MarkPanther: German,
	MarkCotentin: German, MarkBattery: German, MarkBeachDefense: German,
	MarkDD: Allied, MarkRanger: Allied, MarkSpecialService: Allied, MarkWithdraws: Allied,
}

func typeNames(ts []UnitType) []string {
	var out []string
	for _, t := range ts {
		out = append(out, string(t))
	}
	return out
}

func (p *parser) setup(l scn.Line) {
	if len(l.Words) < 2 || len(l.Words) > 3 {
		p.Errf(l.N, ErrSyntax, "want: unit hex-or-box [airdrop|first-assault|follow-up]")
		return
	}
	pl := Placement{Unit: l.Words[0], At: l.Words[1]}
	if len(l.Words) == 3 {
		pl.Mode = SetupMode(l.Words[2])
		if !setupModes[pl.Mode] {
			p.Errf(l.N, ErrUnknown, "set-up mode %q (want airdrop, first-assault or follow-up)", l.Words[2])
			return
		}
	}
	if !p.location(l.N, pl.At) {
		return
	}
	p.setupLines = append(p.setupLines, l.N)
	p.s.Setup = append(p.s.Setup, pl)
}

// location checks the form of a hex id or box name; whether it exists is
// checked once the whole file is read.
func (p *parser) location(n int, at string) bool {
	if at != "" && at[0] >= '0' && at[0] <= '9' {
		return p.HexRef(n, at)
	}
	if !scn.ValidID(at) {
		p.Errf(n, ErrSyntax, "%q is neither a hex number nor a box name", at)
		return false
	}
	return true
}

func (p *parser) reinforcement(l scn.Line) {
	if len(l.Words) < 3 {
		p.Errf(l.N, ErrSyntax, "want: turn unit hex|entry:colour|box [rp=n] [glider]")
		return
	}
	turn, ok := p.Int(l.N, "turn", l.Words[0], 1, 99)
	if !ok {
		return
	}
	r := Reinforcement{Turn: turn, Unit: l.Words[1], At: l.Words[2]}
	if colour, isEntry := strings.CutPrefix(r.At, "entry:"); isEntry {
		if !entryColours[colour] {
			p.Errf(l.N, ErrUnknown, "entry colour %q (want blue, green, red or orange, 6.6)", colour)
			return
		}
	} else if !p.location(l.N, r.At) {
		return
	}
	read := p.Fields(l.N, l.Words[3:], func(w, k, v string, kv bool) bool {
		switch {
		case kv && k == "rp":
			rp, ok := p.Int(l.N, "rp", v, 1, 9)
			r.RP = rp
			return ok
		case !kv && w == "glider":
			r.Glider = true
			return true
		}
		p.Errf(l.N, ErrUnknown, "reinforcement field %q (want rp=n or glider)", w)
		return false
	})
	if !read {
		return
	}
	p.reinfLines = append(p.reinfLines, l.N)
	p.s.Reinforcements = append(p.s.Reinforcements, r)
}
