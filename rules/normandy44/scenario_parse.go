package normandy44

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseScenario reads a scenario file. It reports every problem it finds, each
// as a *LineError ("line N: ..."), joined with errors.Join; a file with any
// problem yields no Scenario.
func ParseScenario(data []byte) (*Scenario, error) {
	p := &parser{
		s:        &Scenario{},
		hexLine:  map[string]int{},
		sideLine: map[[2]string]int{},
		unitLine: map[string]int{},
		boxLine:  map[string]int{},
		headers:  map[string]int{},
		sections: map[string]int{},
	}
	lines, errs, origins := splitLines(data)
	p.errs = errs
	p.origins = origins
	section := ""
	for _, l := range lines {
		if strings.HasPrefix(l.words[0], "[") {
			section = p.section(l)
			continue
		}
		switch section {
		case "":
			p.header(l)
		case "terrain":
			p.terrain(l)
		case "hexsides":
			p.hexside(l)
		case "roads":
			p.road(l)
		case "zones":
			p.zone(l)
		case "places":
			p.place(l)
		case "boxes":
			p.box(l)
		case "units":
			p.unit(l)
		case "setup":
			p.setup(l)
		case "reinforcements":
			p.reinforcement(l)
		case "special":
			p.special(l)
		case "victory":
			p.victory(l)
		case "?":
			// an unknown section, already reported once
		}
	}
	p.finish()
	if len(p.errs) > 0 {
		p.remapErrors()
		slices.SortStableFunc(p.errs, func(a, b error) int {
			return cmp.Or(cmp.Compare(errFile(a), errFile(b)), cmp.Compare(errLine(a), errLine(b)))
		})
		return nil, errors.Join(p.errs...)
	}
	return p.s, nil
}

var sectionNames = []string{"terrain", "hexsides", "roads", "zones", "places", "boxes", "units", "setup", "reinforcements", "special", "victory"}

// parser holds the scenario being built and, for later checks, the line of
// every record.
type parser struct {
	s    *Scenario
	errs []error

	headers  map[string]int
	sections map[string]int
	hexLine  map[string]int    // terrain record of each hex
	sideLine map[[2]string]int // hexside record of each hexside
	unitLine map[string]int
	boxLine  map[string]int

	roadLines    []int
	zoneLines    map[string]map[string]int // per zone, the line of each hex
	placeLines   []int
	setupLines   []int
	reinfLines   []int
	specialLines []int
	victoryLines []int
	turnsLine    int
	layoutLine   int

	origins map[int]origin // where each line of assembled text came from
}

// at names a line for a message: "line 12", or "normandy.map line 40" for a
// line of assembled text that came from a map file.
func (p *parser) at(n int) string {
	if o, ok := p.origins[n]; ok {
		if o.file != "" {
			return fmt.Sprintf("%s line %d", o.file, o.line)
		}
		return fmt.Sprintf("line %d", o.line)
	}
	return fmt.Sprintf("line %d", n)
}

// remapErrors gives each error of assembled text its origin's file and line.
func (p *parser) remapErrors() {
	if p.origins == nil {
		return
	}
	for _, err := range p.errs {
		var le *LineError
		if errors.As(err, &le) && le.File == "" {
			if o, ok := p.origins[le.Line]; ok {
				le.File, le.Line = o.file, o.line
			}
		}
	}
}

func errFile(err error) string {
	var le *LineError
	if errors.As(err, &le) {
		return le.File
	}
	return ""
}

func (p *parser) errf(n int, class error, format string, args ...any) {
	p.errs = append(p.errs, lineErr(n, class, format, args...))
}

func errLine(err error) int {
	var le *LineError
	if errors.As(err, &le) {
		return le.Line
	}
	return 0
}

func (p *parser) section(l line) string {
	name := strings.TrimSuffix(strings.TrimPrefix(l.words[0], "["), "]")
	if len(l.words) != 1 || !strings.HasSuffix(l.words[0], "]") {
		p.errf(l.n, ErrSyntax, "a section line is just [name]")
		return "?"
	}
	if !slices.Contains(sectionNames, name) {
		p.errf(l.n, ErrUnknown, "section [%s] (want one of %s)", name, strings.Join(sectionNames, ", "))
		return "?"
	}
	if prev, dup := p.sections[name]; dup {
		p.errf(l.n, ErrDuplicate, "section [%s] already opened at %s", name, p.at(prev))
		return "?"
	}
	p.sections[name] = l.n
	return name
}

func (p *parser) header(l line) {
	key := l.words[0]
	value := strings.TrimSpace(strings.TrimPrefix(l.text, key))
	known := []string{"game", "scenario", "title", "edition", "provenance", "layout", "turns"}
	if key == "map" || key == "window" {
		p.errf(l.n, ErrInvalid, "%s: a scenario that names a map is read with its map file (AssembleScenario; pbem does it when it loads or checks a file)", key)
		return
	}
	if !slices.Contains(known, key) {
		p.errf(l.n, ErrUnknown, "header keyword %q (want one of %s, or a [section])", key, strings.Join(known, ", "))
		return
	}
	if prev, dup := p.headers[key]; dup {
		p.errf(l.n, ErrDuplicate, "%s already given at %s", key, p.at(prev))
		return
	}
	p.headers[key] = l.n
	if !validText(value) {
		p.errf(l.n, ErrSyntax, "%s needs a value of printable text without quotes or '#'", key)
		return
	}
	s := p.s
	switch key {
	case "game":
		if value != "normandy44" {
			p.errf(l.n, ErrInvalid, "game %q: this parser reads normandy44 scenarios", value)
		}
		s.Game = value
	case "scenario":
		if !validName(value) {
			p.errf(l.n, ErrSyntax, "scenario name %q: use lower-case letters, digits and '-'", value)
		}
		s.Name = value
	case "title":
		s.Title = value
	case "edition":
		s.Edition = value
	case "provenance":
		s.Provenance = value
	case "layout":
		p.layoutLine = l.n
		if _, err := parseGridLayout(value); err != nil {
			p.errs = append(p.errs, &LineError{Line: l.n, Err: err})
		}
		s.Layout = value
	case "turns":
		p.turnsLine = l.n
		n, ok := p.int(l.n, "turns", value, 1, 99)
		if ok {
			s.Turns = n
		}
	}
}

// int parses a decimal integer within [lo, hi].
func (p *parser) int(n int, what, v string, lo, hi int) (int, bool) {
	i, err := strconv.Atoi(v)
	if err != nil || len(v) > 4 {
		p.errf(n, ErrSyntax, "%s %q is not a number", what, v)
		return 0, false
	}
	if i < lo || i > hi {
		p.errf(n, ErrInvalid, "%s %d out of range %d..%d", what, i, lo, hi)
		return 0, false
	}
	return i, true
}

// hexRef checks a hex id's form (that it is on the map is checked later).
func (p *parser) hexRef(n int, id string) bool {
	if !validHexID(id) {
		p.errf(n, ErrBadHex, "%q is not a four-digit hex number", id)
		return false
	}
	return true
}

// hexSpec reads "CCRR" or a run "CCRR-CCRR" down one column.
func (p *parser) hexSpec(n int, w string) ([]string, bool) {
	a, b, isRun := strings.Cut(w, "-")
	if !isRun {
		return []string{w}, p.hexRef(n, w)
	}
	if !p.hexRef(n, a) || !p.hexRef(n, b) {
		return nil, false
	}
	ca, ra := colRow(a)
	cb, rb := colRow(b)
	if ca != cb || rb <= ra {
		p.errf(n, ErrBadHex, "run %s: a run goes down one column, from a lower to a higher row", w)
		return nil, false
	}
	var ids []string
	for r := ra; r <= rb; r++ {
		ids = append(ids, hexID(ca, r))
	}
	return ids, true
}

func (p *parser) terrain(l line) {
	ids, ok := p.hexSpec(l.n, l.words[0])
	if !ok {
		return
	}
	if len(l.words) < 2 {
		p.errf(l.n, ErrSyntax, "want: hex terrain [base=terrain] [hilltop] [airfield] [coastal] [river] [\"Name\"]")
		return
	}
	h := Hex{Terrain: Terrain(l.words[1])}
	if !terrains[h.Terrain] {
		p.errf(l.n, ErrUnknown, "terrain %q (want one of clear, mixed, bocage, forest, town, city, flooded, marsh, sea)", l.words[1])
		return
	}
	seen := map[string]bool{}
	for i, w := range l.words[2:] {
		if l.quote[i+2] {
			if h.Name != "" || !validText(w) {
				p.errf(l.n, ErrSyntax, "name %q: one name per hex, printable, without '#'", w)
				return
			}
			h.Name = w
			continue
		}
		k, v, kv := keyValue(w)
		key := w
		if kv {
			key = k
		}
		if seen[key] {
			p.errf(l.n, ErrDuplicate, "%q given twice", key)
			return
		}
		seen[key] = true
		switch {
		case kv && k == "base":
			h.Base = Terrain(v)
			if !townBases[h.Base] {
				p.errf(l.n, ErrUnknown, "base %q (a Town stands on clear, mixed, bocage or forest)", v)
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
			p.errf(l.n, ErrUnknown, "hex feature %q (want base=, hilltop, airfield, coastal, river or a quoted name)", w)
			return
		}
	}
	if h.River && h.Terrain != Town && h.Terrain != City && h.Terrain != Flooded {
		p.errf(l.n, ErrSyntax, "river: 2.2.3 ignores only rivers that run through a Town, City or flooded hex; elsewhere a river follows hexsides")
		return
	}
	if h.Terrain == Town && h.Base == "" {
		p.errf(l.n, ErrMissing, "a Town needs base=<terrain>: its movement cost is the other terrain in the hex (TEC)")
		return
	}
	if h.Terrain != Town && h.Base != "" {
		p.errf(l.n, ErrInvalid, "base= is for Towns only")
		return
	}
	if h.Name != "" && len(ids) > 1 {
		p.errf(l.n, ErrInvalid, "a name belongs to one hex, not a run")
		return
	}
	for _, id := range ids {
		if prev, dup := p.hexLine[id]; dup {
			p.errf(l.n, ErrDuplicate, "hex %s already described at %s", id, p.at(prev))
			continue
		}
		p.hexLine[id] = l.n
		h.ID = id
		p.s.Hexes = append(p.s.Hexes, h)
	}
}

func (p *parser) hexside(l line) {
	a, b, ok := strings.Cut(l.words[0], "/")
	if !ok || len(l.words) < 2 {
		p.errf(l.n, ErrSyntax, "want: hex/hex feature...")
		return
	}
	if !p.hexRef(l.n, a) || !p.hexRef(l.n, b) {
		return
	}
	if a == b {
		p.errf(l.n, ErrBadHex, "hexside %s/%s joins a hex to itself", a, b)
		return
	}
	if b < a {
		a, b = b, a
	}
	hs := Hexside{A: a, B: b}
	for _, w := range l.words[1:] {
		f := HexsideFeature(w)
		if !slices.Contains(hexsideFeatures, f) {
			p.errf(l.n, ErrUnknown, "hexside feature %q (want minor-river, major-river, flooded-river, causeway, impassable, carpiquet or cherbourg-line; roads go in [roads])", w)
			return
		}
		if slices.Contains(hs.Features, f) {
			p.errf(l.n, ErrDuplicate, "feature %s given twice", w)
			return
		}
		hs.Features = append(hs.Features, f)
	}
	slices.SortFunc(hs.Features, func(x, y HexsideFeature) int {
		return slices.Index(hexsideFeatures, x) - slices.Index(hexsideFeatures, y)
	})
	key := [2]string{a, b}
	if prev, dup := p.sideLine[key]; dup {
		p.errf(l.n, ErrDuplicate, "hexside %s/%s already described at %s", a, b, p.at(prev))
		return
	}
	p.sideLine[key] = l.n
	p.s.Hexsides = append(p.s.Hexsides, hs)
}

func (p *parser) road(l line) {
	class := RoadClass(l.words[0])
	if class != MajorRoad && class != MinorRoad {
		p.errf(l.n, ErrUnknown, "road class %q (want major or minor)", l.words[0])
		return
	}
	if len(l.words) < 3 {
		p.errf(l.n, ErrSyntax, "a road runs through at least two hexes")
		return
	}
	r := Road{Class: class}
	for _, w := range l.words[1:] {
		if !p.hexRef(l.n, w) {
			return
		}
		r.Hexes = append(r.Hexes, w)
	}
	p.roadLines = append(p.roadLines, l.n)
	p.s.Roads = append(p.s.Roads, r)
}

func (p *parser) zone(l line) {
	name := l.words[0]
	if !zoneNames[name] {
		p.errf(l.n, ErrUnknown, "zone %q (want cherbourg-region, nbz, north-of-27june, us-sector or no-entry)", name)
		return
	}
	if len(l.words) < 2 {
		p.errf(l.n, ErrSyntax, "want: zone hex-or-run...")
		return
	}
	if p.zoneLines == nil {
		p.zoneLines = map[string]map[string]int{}
	}
	if p.zoneLines[name] == nil {
		p.zoneLines[name] = map[string]int{}
	}
	zi := slices.IndexFunc(p.s.Zones, func(z Zone) bool { return z.Name == name })
	if zi < 0 {
		p.s.Zones = append(p.s.Zones, Zone{Name: name})
		zi = len(p.s.Zones) - 1
	}
	for _, w := range l.words[1:] {
		ids, ok := p.hexSpec(l.n, w)
		if !ok {
			continue
		}
		for _, id := range ids {
			if prev, dup := p.zoneLines[name][id]; dup {
				p.errf(l.n, ErrDuplicate, "hex %s is already in zone %s at %s", id, name, p.at(prev))
				continue
			}
			p.s.Zones[zi].Hexes = append(p.s.Zones[zi].Hexes, id)
			p.zoneLines[name][id] = l.n
		}
	}
}

func (p *parser) place(l line) {
	kind := PlaceKind(l.words[0])
	if !placeKinds[kind] {
		p.errf(l.n, ErrUnknown, "place %q (want beach, drop, glider, entry, mobilization, battery, mulberry or fort)", l.words[0])
		return
	}
	if len(l.words) < 2 || !p.hexRef(l.n, l.words[1]) {
		if len(l.words) < 2 {
			p.errf(l.n, ErrSyntax, "want: %s hex ...", kind)
		}
		return
	}
	pl := Place{Kind: kind, Hex: l.words[1]}
	rest := l.words[2:]
	if kind == PlaceBeach && len(rest) == 2 {
		k, v, kv := keyValue(rest[1])
		if !kv || k != "sector" || !validName(v) {
			p.errf(l.n, ErrUnknown, "%q: a beach takes sector=<name>", rest[1])
			return
		}
		pl.Sector = v
		rest = rest[:1]
	}
	needsArg := kind != PlaceBattery && kind != PlaceFort
	if (needsArg && len(rest) != 1) || (!needsArg && len(rest) != 0) {
		p.errf(l.n, ErrSyntax, "want: %s", placeSyntax[kind])
		return
	}
	if needsArg {
		pl.Arg = rest[0]
		ok := true
		switch kind {
		case PlaceBeach:
			_, ok = beaches[pl.Arg]
		case PlaceEntry:
			ok = entryColours[pl.Arg]
		case PlaceMulberry:
			ok = pl.Arg == "us" || pl.Arg == "gb"
		default:
			ok = validName(pl.Arg)
		}
		if !ok {
			p.errf(l.n, ErrUnknown, "%q: want %s", pl.Arg, placeSyntax[kind])
			return
		}
	}
	for i, q := range p.s.Places {
		if q.Kind == pl.Kind && q.Hex == pl.Hex {
			p.errf(l.n, ErrDuplicate, "%s %s already given at %s", kind, pl.Hex, p.at(p.placeLines[i]))
			return
		}
	}
	p.placeLines = append(p.placeLines, l.n)
	p.s.Places = append(p.s.Places, pl)
}

var placeSyntax = map[PlaceKind]string{
	PlaceBeach:        "beach hex utah|omaha|gold|juno|sword|pointe-du-hoc [sector=name]",
	PlaceDrop:         "drop hex formation",
	PlaceGlider:       "glider hex formation",
	PlaceEntry:        "entry hex blue|green|red|orange",
	PlaceMobilization: "mobilization hex division",
	PlaceBattery:      "battery hex",
	PlaceMulberry:     "mulberry hex us|gb",
	PlaceFort:         "fort hex",
}

func (p *parser) box(l line) {
	var sector string
	if n := len(l.words); n == 4 && l.words[1] == string(BoxApproach) {
		// 20.3.1: the sector whose beach hex the first assault goes in on.
		k, v, kv := keyValue(l.words[3])
		if !kv || k != "sector" || !validName(v) {
			p.errf(l.n, ErrUnknown, "%q: an approach box takes sector=<name>", l.words[3])
			return
		}
		sector, l.words = v, l.words[:3]
	}
	if len(l.words) < 2 || len(l.words) > 3 {
		p.errf(l.n, ErrSyntax, "want: name in-britain | name approach beach [sector=name] | name mobilization division")
		return
	}
	b := Box{Name: l.words[0], Kind: BoxKind(l.words[1]), Sector: sector}
	if !validName(b.Name) || b.Name[0] < 'a' || b.Name[0] > 'z' || strings.ContainsAny(b.Name, "/()") {
		p.errf(l.n, ErrSyntax, "box name %q: start with a letter; letters, digits and '-'", b.Name)
		return
	}
	if !boxKinds[b.Kind] {
		p.errf(l.n, ErrUnknown, "box kind %q (want in-britain, approach or mobilization)", l.words[1])
		return
	}
	if len(l.words) == 3 {
		b.For = l.words[2]
	}
	switch b.Kind {
	case BoxInBritain:
		if b.For != "" {
			p.errf(l.n, ErrSyntax, "an in-britain box belongs to no beach or division")
			return
		}
	case BoxApproach:
		if _, ok := beaches[b.For]; !ok {
			p.errf(l.n, ErrUnknown, "approach box for %q: want a beach", b.For)
			return
		}
	case BoxMobilization:
		if !validName(b.For) {
			p.errf(l.n, ErrMissing, "a mobilization box names its division (6.7)")
			return
		}
	}
	if prev, dup := p.boxLine[b.Name]; dup {
		p.errf(l.n, ErrDuplicate, "box %s already declared at %s", b.Name, p.at(prev))
		return
	}
	p.boxLine[b.Name] = l.n
	p.s.Boxes = append(p.s.Boxes, b)
}
