package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// ParseScenario reads a scenario file. It reports every problem it finds, each
// as a *LineError ("line N: ..."), joined with errors.Join; a file with any
// problem yields no Scenario.
func ParseScenario(data []byte) (*Scenario, error) {
	p := &parser{
		Parser:    &scn.Parser{},
		s:         &Scenario{},
		maps:      hexwar.MapRecords{Words: mapWords},
		hexLine:   map[string]int{},
		unitLine:  map[string]int{},
		boxLine:   map[string]int{},
		placeLine: map[[2]string]int{},
	}
	p.Read(data, scn.Grammar{
		Game:     "normandy44",
		Headers:  []string{"game", "scenario", "title", "edition", "provenance", "layout", "turns"},
		Required: []string{"game", "scenario", "title", "provenance", "layout", "turns"},
		Maps:     true,
		Header:   p.header,
		Sections: slices.Concat(p.maps.Sections(p.Parser, p.terrain, p.place), []scn.Section{
			{Name: "boxes", Record: p.box},
			{Name: "units", Record: p.unit},
			{Name: "setup", Record: p.setup},
			{Name: "reinforcements", Record: p.reinforcement},
			{Name: "special", Record: p.special},
			{Name: "victory", Record: p.victory},
		}),
	})
	p.finish()
	if err := p.Err(); err != nil {
		return nil, err
	}
	return p.s, nil
}

// parser holds the scenario being built and, for later checks, the line of
// every record.
type parser struct {
	*scn.Parser
	s *Scenario

	// maps reads the series' map records: hexsides, roads, zones.
	maps hexwar.MapRecords

	hexLine  map[string]int // terrain record of each hex
	unitLine map[string]int
	boxLine  map[string]int

	placeLine    map[[2]string]int // place record of each kind and hex
	placeLines   []int
	setupLines   []int
	reinfLines   []int
	specialLines []int
	victoryLines []int

	ix crossIndex // built by finish
}

func (p *parser) header(l scn.Line, key, value string) {
	s := p.s
	switch key {
	case "game":
		s.Game = value
	case "scenario":
		if !scn.ValidID(value) {
			p.Errf(l.N, ErrSyntax, "scenario name %q: use lower-case letters, digits and '-'", value)
		}
		s.Name = value
	case "title":
		s.Title = value
	case "edition":
		s.Edition = value
	case "provenance":
		s.Provenance = value
	case "layout":
		if _, err := parseLayout(value); err != nil {
			p.Report(l.N, err)
		}
		s.Layout = value
	case "turns":
		n, ok := p.Int(l.N, "turns", value, 1, 99)
		if ok {
			s.Turns = n
		}
	}
}

func (p *parser) terrain(l scn.Line) {
	t, ok := mapWords.ReadTerrain(p.Parser, l, `hex terrain [base=terrain] [hilltop] [airfield] [coastal] [river] ["Name"]`)
	if !ok {
		return
	}
	h := Hex{Terrain: t.Terrain, Name: t.Name}
	for _, w := range t.Words {
		k, v, kv := scn.KeyValue(w)
		switch {
		case kv && k == "base":
			h.Base = Terrain(v)
			if !townBases[h.Base] {
				p.Errf(l.N, ErrUnknown, "base %q (a Town stands on clear, mixed, bocage or forest)", v)
				return
			}
		case !kv && w == "hilltop":
			h.Hilltop = true
		case !kv && w == "airfield":
			h.Airfield = true
		case !kv && w == "coastal":
			h.Coastal = true
		case !kv && w == "river":
			h.River = true
		default:
			p.Errf(l.N, ErrUnknown, "hex feature %q (want base=, hilltop, airfield, coastal, river or a quoted name)", w)
			return
		}
	}
	if h.River && h.Terrain != Town && h.Terrain != City && h.Terrain != Flooded {
		p.Errf(l.N, ErrSyntax, "river: 2.2.3 ignores only rivers that run through a Town, City or flooded hex; elsewhere a river follows hexsides")
		return
	}
	if h.Terrain == Town && h.Base == "" {
		p.Errf(l.N, ErrMissing, "a Town needs base=<terrain>: its movement cost is the other terrain in the hex (TEC)")
		return
	}
	if h.Terrain != Town && h.Base != "" {
		p.Errf(l.N, ErrInvalid, "base= is for Towns only")
		return
	}
	for _, id := range t.IDs {
		if !scn.Once(p.Parser, p.hexLine, id, l.N, "hex %s already described", id) {
			continue
		}
		h.ID = id
		p.s.Hexes = append(p.s.Hexes, h)
	}
}

func (p *parser) place(l scn.Line) {
	pl, ok := placeRecords.Read(p.Parser, l)
	if !ok || !scn.Once(p.Parser, p.placeLine, [2]string{string(pl.Kind), pl.Hex}, l.N, "%s %s already given", pl.Kind, pl.Hex) {
		return
	}
	p.placeLines = append(p.placeLines, l.N)
	p.s.Places = append(p.s.Places, pl)
}

var placeRecords = scn.Kinds[Place]{What: "place", Kinds: []scn.Kind[Place]{
	{Name: string(PlaceBeach), Syntax: "beach hex utah|omaha|gold|juno|sword|pointe-du-hoc [sector=name]", Read: readPlace(PlaceBeach, isBeach)},
	{Name: string(PlaceDrop), Syntax: "drop hex formation", Read: readPlace(PlaceDrop, scn.ValidID)},
	{Name: string(PlaceGlider), Syntax: "glider hex formation", Read: readPlace(PlaceGlider, scn.ValidID)},
	{Name: string(PlaceEntry), Syntax: "entry hex blue|green|red|orange", Read: readPlace(PlaceEntry, func(c string) bool { return entryColours[c] })},
	{Name: string(PlaceMobilization), Syntax: "mobilization hex division", Read: readPlace(PlaceMobilization, scn.ValidID)},
	{Name: string(PlaceBattery), Syntax: "battery hex", Read: readPlace(PlaceBattery, nil)},
	{Name: string(PlaceMulberry), Syntax: "mulberry hex us|gb", Read: readPlace(PlaceMulberry, func(n string) bool { return n == "us" || n == "gb" })},
	{Name: string(PlaceFort), Syntax: "fort hex", Read: readPlace(PlaceFort, nil)},
}}

// readPlace reads a place of kind: its hex, then the argument valid accepts
// (none when valid is nil). A beach may name its sector (20.3.1).
func readPlace(kind PlaceKind, valid func(arg string) bool) func(scn.Record) (Place, bool) {
	return func(r scn.Record) (Place, bool) {
		pl := Place{Kind: kind}
		if len(r.Args) < 1 {
			return pl, r.Bad()
		}
		if !r.HexRef(r.N, r.Args[0]) {
			return pl, false
		}
		pl.Hex = r.Args[0]
		rest := r.Args[1:]
		if kind == PlaceBeach && len(rest) == 2 {
			k, v, kv := scn.KeyValue(rest[1])
			if !kv || k != "sector" || !scn.ValidID(v) {
				return pl, r.Fail(ErrUnknown, "%q: a beach takes sector=<name>", rest[1])
			}
			pl.Sector = v
			rest = rest[:1]
		}
		if (valid != nil) != (len(rest) == 1) || len(rest) > 1 {
			return pl, r.Bad()
		}
		if valid != nil {
			pl.Arg = rest[0]
			if !valid(pl.Arg) {
				return pl, r.Fail(ErrUnknown, "%q: want %s", pl.Arg, r.Syntax)
			}
		}
		return pl, true
	}
}

func isBeach(name string) bool {
	_, ok := beaches[name]
	return ok
}

func (p *parser) box(l scn.Line) {
	var sector string
	if n := len(l.Words); n == 4 && l.Words[1] == string(BoxApproach) {
		// 20.3.1: the sector whose beach hex the first assault goes in on.
		k, v, kv := scn.KeyValue(l.Words[3])
		if !kv || k != "sector" || !scn.ValidID(v) {
			p.Errf(l.N, ErrUnknown, "%q: an approach box takes sector=<name>", l.Words[3])
			return
		}
		sector, l.Words = v, l.Words[:3]
	}
	if len(l.Words) < 2 || len(l.Words) > 3 {
		p.Errf(l.N, ErrSyntax, "want: name in-britain | name approach beach [sector=name] | name mobilization division")
		return
	}
	b := Box{Name: l.Words[0], Kind: BoxKind(l.Words[1]), Sector: sector}
	if !scn.ValidID(b.Name) || b.Name[0] < 'a' || b.Name[0] > 'z' || strings.ContainsAny(b.Name, "/()") {
		p.Errf(l.N, ErrSyntax, "box name %q: start with a letter; letters, digits and '-'", b.Name)
		return
	}
	if !boxKinds[b.Kind] {
		p.Errf(l.N, ErrUnknown, "box kind %q (want in-britain, approach or mobilization)", l.Words[1])
		return
	}
	if len(l.Words) == 3 {
		b.For = l.Words[2]
	}
	switch b.Kind {
	case BoxInBritain:
		if b.For != "" {
			p.Errf(l.N, ErrSyntax, "an in-britain box belongs to no beach or division")
			return
		}
	case BoxApproach:
		if _, ok := beaches[b.For]; !ok {
			p.Errf(l.N, ErrUnknown, "approach box for %q: want a beach", b.For)
			return
		}
	case BoxMobilization:
		if !scn.ValidID(b.For) {
			p.Errf(l.N, ErrMissing, "a mobilization box names its division (6.7)")
			return
		}
	}
	if !scn.Once(p.Parser, p.boxLine, b.Name, l.N, "box %s already declared", b.Name) {
		return
	}
	p.s.Boxes = append(p.s.Boxes, b)
}
