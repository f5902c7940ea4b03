package salerno43

import (
	"slices"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// placeRec is a [places] record as read.
type placeRec struct {
	hexes []string
	apply func(s *Scenario)
}

var placeKinds = scn.Kinds[placeRec]{What: "place", Kinds: []scn.Kind[placeRec]{
	{Name: "port", Syntax: "port HEX lp=N [unusable]", Read: readPort},
	{Name: "beach", Syntax: "beach HEX NAME us|cw", Read: readBeach},
	{Name: "airfield", Syntax: "airfield HEX", Read: readAirfield},
	{Name: "vp", Syntax: "vp HEX POINTS", Read: readVP},
	{Name: "entry", Syntax: "entry AREA HEX-OR-RUN...", Read: readEntry},
	{Name: "areas", Syntax: "areas AREA AREA", Read: readAreas},
}}

func (p *parser) place(l scn.Line) {
	rec, ok := placeKinds.Read(p.Parser, l)
	if !ok {
		return
	}
	rec.apply(p.s)
	p.placeLines = append(p.placeLines, placeLine{n: l.N, hexes: rec.hexes})
}

// placeLine is a place's line and its hexes, for the checks on the map.
type placeLine struct {
	n     int
	hexes []string
}

func readPort(r scn.Record) (placeRec, bool) {
	if len(r.Args) < 2 || !r.HexRef(r.N, r.Args[0]) {
		return placeRec{}, r.Fail(ErrSyntax, "want: %s", r.Syntax)
	}
	port := Port{Hex: r.Args[0]}
	ok := r.Fields(r.N, r.Args[1:], func(w, key, value string, kv bool) bool {
		switch {
		case kv && key == "lp":
			port.LP, _ = r.Int(r.N, "lp", value, 1, 12)
			return true
		case !kv && w == "unusable":
			port.Unusable = true
			return true
		}
		return false
	})
	if !ok {
		return placeRec{}, false
	}
	if port.LP == 0 {
		return placeRec{}, r.Fail(ErrMissing, "port %s needs lp=N, its capacity (18.4.4)", port.Hex)
	}
	return placeRec{hexes: []string{port.Hex}, apply: func(s *Scenario) { s.Ports = append(s.Ports, port) }}, true
}

var beachNames = []string{"uncle", "sugar", "roger", "red", "blue"}

func readBeach(r scn.Record) (placeRec, bool) {
	if len(r.Args) != 3 || !r.HexRef(r.N, r.Args[0]) {
		return placeRec{}, r.Fail(ErrSyntax, "want: %s", r.Syntax)
	}
	b := Beach{Hex: r.Args[0], Name: r.Args[1], Nation: r.Args[2]}
	if !slices.Contains(beachNames, b.Name) {
		return placeRec{}, r.Fail(ErrUnknown, "beach %q (24.2: %s)", b.Name, scn.OneOf(beachNames...))
	}
	if b.Nation != "us" && b.Nation != "cw" {
		return placeRec{}, r.Fail(ErrUnknown, "beach army %q (want us or cw)", b.Nation)
	}
	return placeRec{hexes: []string{b.Hex}, apply: func(s *Scenario) { s.Beaches = append(s.Beaches, b) }}, true
}

func readAirfield(r scn.Record) (placeRec, bool) {
	if len(r.Args) != 1 || !r.HexRef(r.N, r.Args[0]) {
		return placeRec{}, r.Fail(ErrSyntax, "want: %s", r.Syntax)
	}
	h := r.Args[0]
	return placeRec{hexes: []string{h}, apply: func(s *Scenario) { s.Airfields = append(s.Airfields, h) }}, true
}

func readVP(r scn.Record) (placeRec, bool) {
	if len(r.Args) != 2 || !r.HexRef(r.N, r.Args[0]) {
		return placeRec{}, r.Fail(ErrSyntax, "want: %s", r.Syntax)
	}
	n, ok := r.Int(r.N, "points", r.Args[1], 1, 9)
	if !ok {
		return placeRec{}, false
	}
	v := VPHex{Hex: r.Args[0], Points: n}
	return placeRec{hexes: []string{v.Hex}, apply: func(s *Scenario) { s.VP = append(s.VP, v) }}, true
}

func readEntry(r scn.Record) (placeRec, bool) {
	if len(r.Args) < 2 {
		return placeRec{}, r.Fail(ErrSyntax, "want: %s", r.Syntax)
	}
	if !slices.Contains(entryAreas, r.Args[0]) {
		return placeRec{}, r.Fail(ErrUnknown, "entry area %q (21.1.1: %s)", r.Args[0], scn.OneOf(entryAreas...))
	}
	e := EntryArea{Name: r.Args[0]}
	for _, w := range r.Args[1:] {
		ids, ok := r.HexSpec(r.N, w)
		if !ok {
			return placeRec{}, false
		}
		e.Hexes = append(e.Hexes, ids...)
	}
	return placeRec{hexes: e.Hexes, apply: func(s *Scenario) {
		if i := slices.IndexFunc(s.Entries, func(x EntryArea) bool { return x.Name == e.Name }); i >= 0 {
			s.Entries[i].Hexes = append(s.Entries[i].Hexes, e.Hexes...)
			return
		}
		s.Entries = append(s.Entries, e)
	}}, true
}

func readAreas(r scn.Record) (placeRec, bool) {
	if len(r.Args) != 2 || r.Args[0] == r.Args[1] {
		return placeRec{}, r.Fail(ErrSyntax, "want: %s, two different areas", r.Syntax)
	}
	for _, a := range r.Args {
		if !slices.Contains(entryAreas, a) {
			return placeRec{}, r.Fail(ErrUnknown, "entry area %q (21.1.1: %s)", a, scn.OneOf(entryAreas...))
		}
	}
	pair := [2]string{r.Args[0], r.Args[1]}
	return placeRec{apply: func(s *Scenario) { s.Adjacent = append(s.Adjacent, pair) }}, true
}

// checkPlaces checks the places against the map and the rulebook.
func (p *parser) checkPlaces(mc hexwar.MapCheck) {
	s := p.s
	for _, pl := range p.placeLines {
		for _, id := range pl.hexes {
			if mc.OnMap(p.Parser, pl.n, id, "place") && mc.Terrain[id] == Sea {
				p.Errf(pl.n, ErrInvalid, "place %s is an all-sea hex", id)
			}
		}
	}
	for _, name := range beachNames {
		n := 0
		for _, b := range s.Beaches {
			if b.Name == name {
				n++
			}
		}
		if n == 0 {
			p.Errf(0, ErrMissing, "no beach %s (24.2)", name)
		}
	}
	for _, a := range entryAreas {
		if !slices.ContainsFunc(s.Entries, func(e EntryArea) bool { return e.Name == a }) {
			p.Errf(0, ErrMissing, "no entry area %s (21.1.1)", a)
		}
	}
	for _, pair := range [][2]string{{"N1", "N2"}, {"N2", "E5"}} {
		if !slices.ContainsFunc(s.Adjacent, func(q [2]string) bool { return q == pair || q == [2]string{pair[1], pair[0]} }) {
			p.Errf(0, ErrMissing, "areas %s %s: the book has them touch (21.5)", pair[0], pair[1])
		}
	}
	// The army boundary runs between 2425 and 2426 and between 4100 and
	// 4201 (S2.3.3): the zone of the 8th Army's sector must agree.
	if zone := p.maps.ZoneHexes(ZoneEighthArmy); len(zone) > 0 {
		for _, pair := range [][2]string{{"2425", "2426"}, {"4100", "4201"}} {
			if _, on := mc.Terrain[pair[0]]; !on {
				continue
			}
			if slices.Contains(zone, pair[0]) || !slices.Contains(zone, pair[1]) {
				p.Errf(0, ErrInvalid, "zone %s: the army boundary runs between %s (5th Army) and %s (8th Army) (S2.3.3)",
					ZoneEighthArmy, pair[0], pair[1])
			}
		}
	}
}
