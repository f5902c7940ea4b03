package hexwar

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The series' map records in a scenario file (docs/scenario-format.md), read
// through rules/scn with each game's words:
//
//	[terrain]
//	0101-0104 clear              # a hex or a run down one column, its terrain,
//	0404 town base=bocage "Caen" # the game's marks and keys, a quoted name
//	[hexsides]
//	0404/0405 minor-river        # a hexside and what lies on it
//	[roads]
//	major 0601 0602 0603         # a road's class and the hexes it runs through
//	[zones]
//	nbz 0404 0405-0408           # a zone and its hexes, or runs of them
//
// A game keeps its own hex records ([terrain] lines carry its marks) and
// its places; the hexsides, roads and zones are the series' records.

// MapWords are a game's words for its map records.
type MapWords struct {
	// Terrains are the hex terrains, in the order a message lists them.
	Terrains []Terrain
	// Features are the hexside features, in the order a record lists them.
	Features []Feature
	// Roads are the road classes, in the order a message lists them.
	Roads []RoadClass
	// Zones are the zone names, in the order a message lists them.
	Zones []string
	// Chart is the game's chart: which features are impassable and which
	// terrains unplayable, for the checks of roads.
	Chart *TEC
}

// TerrainLine is one [terrain] record: its hexes (one, or a run down one
// column), their terrain, the unquoted words after it in order (the game's
// marks and key=value pairs, each key or mark at most once), and the quoted
// name, at most one and only for a single hex.
type TerrainLine struct {
	IDs     []string
	Terrain Terrain
	Words   []string
	Name    string
}

// ReadTerrain reads a [terrain] record; syntax says what the game's records
// look like, for the message of a short one. The game reads the Words
// itself: ok is false when the line has a problem, which is reported.
func (w MapWords) ReadTerrain(p *scn.Parser, l scn.Line, syntax string) (TerrainLine, bool) {
	ids, ok := p.HexSpec(l.N, l.Words[0])
	if !ok {
		return TerrainLine{}, false
	}
	if len(l.Words) < 2 {
		p.Errf(l.N, scn.ErrSyntax, "want: %s", syntax)
		return TerrainLine{}, false
	}
	t := TerrainLine{IDs: ids, Terrain: Terrain(l.Words[1])}
	if !slices.Contains(w.Terrains, t.Terrain) {
		p.Errf(l.N, scn.ErrUnknown, "terrain %q (want one of %s)", l.Words[1], strings.Join(words(w.Terrains), ", "))
		return TerrainLine{}, false
	}
	seen := map[string]bool{}
	for i, word := range l.Words[2:] {
		if l.Quoted[i+2] {
			if t.Name != "" || !scn.ValidText(word) {
				p.Errf(l.N, scn.ErrSyntax, "name %q: one name per hex, printable, without '#'", word)
				return TerrainLine{}, false
			}
			t.Name = word
			continue
		}
		key := word
		if k, _, kv := scn.KeyValue(word); kv {
			key = k
		}
		if seen[key] {
			p.Errf(l.N, scn.ErrDuplicate, "%q given twice", key)
			return TerrainLine{}, false
		}
		seen[key] = true
		t.Words = append(t.Words, word)
	}
	if t.Name != "" && len(ids) > 1 {
		p.Errf(l.N, scn.ErrInvalid, "a name belongs to one hex, not a run")
		return TerrainLine{}, false
	}
	return t, true
}

// MapRecords are a scenario's hexsides, roads and zones as read, with the
// line of each record for the checks that need the whole file.
type MapRecords struct {
	Words    MapWords
	Hexsides []Hexside
	Roads    []Road
	Zones    []Zone

	sideLine  map[[2]string]int
	roadLines []int
	zoneLines map[string]map[string]int
}

// Sections are a scenario's map sections in their order, as Normandy '44,
// Ardennes '44 and Salerno '43 read them: the game's [terrain] (its hexes'
// marks are its own), the series' [hexsides], [roads] and [zones], read into
// m through p, and the game's [places].
func (m *MapRecords) Sections(p *scn.Parser, terrain, places func(scn.Line)) []scn.Section {
	return []scn.Section{
		{Name: "terrain", Record: terrain},
		{Name: "hexsides", Record: func(l scn.Line) { m.Hexside(p, l) }},
		{Name: "roads", Record: func(l scn.Line) { m.Road(p, l) }},
		{Name: "zones", Record: func(l scn.Line) { m.Zone(p, l) }},
		{Name: "places", Record: places},
	}
}

// The endings of a series game's side files: its map, and its charts.
const (
	MapExt   = ".map"
	ChartExt = ".chart"
)

// MapFiles is what a series map file holds (scn.Maps), as Ardennes '44 and
// Salerno '43 write it: the header lines that describe the map, and the
// map sections of a scenario in their order, each clipped to a window as
// its records need; places clips the game's own [places] records.
func MapFiles(game string, places func(scn.Window, scn.Line) ([]string, bool)) scn.Maps {
	return scn.Maps{
		Game:    game,
		Ext:     MapExt,
		Headers: []string{"game", "map", "title", "edition", "provenance", "layout"},
		Layout:  func(value string) error { _, err := hex.ParseLayout(value); return err },
		Sections: []scn.MapSection{
			{Name: "terrain", Clip: scn.ClipHexFirst},
			{Name: "hexsides", Clip: scn.ClipHexside},
			{Name: "roads", Clip: scn.ClipPath},
			{Name: "zones", Clip: scn.ClipHexesAfter},
			{Name: "places", Clip: places},
		},
	}
}

// ChartFiles is what a series chart file holds (scn.Maps): the header lines
// that describe the charts, and the game's chart sections, whole. A
// scenario names it with "chart NAME".
func ChartFiles(game string, sections []scn.MapSection) scn.Maps {
	return scn.Maps{
		Game:     game,
		Keyword:  "chart",
		Ext:      ChartExt,
		Headers:  []string{"game", "chart", "title", "edition", "provenance"},
		Sections: sections,
	}
}

// Hexside reads a [hexsides] record: "hex/hex feature...".
func (m *MapRecords) Hexside(p *scn.Parser, l scn.Line) {
	a, b, ok := strings.Cut(l.Words[0], "/")
	if !ok || len(l.Words) < 2 {
		p.Errf(l.N, scn.ErrSyntax, "want: hex/hex feature...")
		return
	}
	if !p.HexRef(l.N, a) || !p.HexRef(l.N, b) {
		return
	}
	if a == b {
		p.Errf(l.N, scn.ErrBadHex, "hexside %s/%s joins a hex to itself", a, b)
		return
	}
	if b < a {
		a, b = b, a
	}
	hs := Hexside{A: a, B: b}
	for _, word := range l.Words[1:] {
		f := Feature(word)
		if !slices.Contains(m.Words.Features, f) {
			p.Errf(l.N, scn.ErrUnknown, "hexside feature %q (want %s; roads go in [roads])", word, scn.OneOf(words(m.Words.Features)...))
			return
		}
		if slices.Contains(hs.Features, f) {
			p.Errf(l.N, scn.ErrDuplicate, "feature %s given twice", word)
			return
		}
		hs.Features = append(hs.Features, f)
	}
	slices.SortFunc(hs.Features, func(x, y Feature) int {
		return slices.Index(m.Words.Features, x) - slices.Index(m.Words.Features, y)
	})
	if m.sideLine == nil {
		m.sideLine = map[[2]string]int{}
	}
	if !scn.Once(p, m.sideLine, [2]string{a, b}, l.N, "hexside %s/%s already described", a, b) {
		return
	}
	m.Hexsides = append(m.Hexsides, hs)
}

// Road reads a [roads] record: "class hex hex...".
func (m *MapRecords) Road(p *scn.Parser, l scn.Line) {
	class := RoadClass(l.Words[0])
	if !slices.Contains(m.Words.Roads, class) {
		p.Errf(l.N, scn.ErrUnknown, "road class %q (want %s)", l.Words[0], scn.OneOf(words(m.Words.Roads)...))
		return
	}
	if len(l.Words) < 3 {
		p.Errf(l.N, scn.ErrSyntax, "a road runs through at least two hexes")
		return
	}
	r := Road{Class: class}
	for _, w := range l.Words[1:] {
		if !p.HexRef(l.N, w) {
			return
		}
		r.Hexes = append(r.Hexes, w)
	}
	m.roadLines = append(m.roadLines, l.N)
	m.Roads = append(m.Roads, r)
}

// Zone reads a [zones] record: "zone hex-or-run...". A zone may take
// several lines.
func (m *MapRecords) Zone(p *scn.Parser, l scn.Line) {
	name := l.Words[0]
	if !slices.Contains(m.Words.Zones, name) {
		p.Errf(l.N, scn.ErrUnknown, "zone %q (want %s)", name, scn.OneOf(m.Words.Zones...))
		return
	}
	if len(l.Words) < 2 {
		p.Errf(l.N, scn.ErrSyntax, "want: zone hex-or-run...")
		return
	}
	if m.zoneLines == nil {
		m.zoneLines = map[string]map[string]int{}
	}
	if m.zoneLines[name] == nil {
		m.zoneLines[name] = map[string]int{}
	}
	zi := slices.IndexFunc(m.Zones, func(z Zone) bool { return z.Name == name })
	if zi < 0 {
		m.Zones = append(m.Zones, Zone{Name: name})
		zi = len(m.Zones) - 1
	}
	for _, w := range l.Words[1:] {
		ids, ok := p.HexSpec(l.N, w)
		if !ok {
			continue
		}
		for _, id := range ids {
			if !scn.Once(p, m.zoneLines[name], id, l.N, "hex %s is already in zone %s", id, name) {
				continue
			}
			m.Zones[zi].Hexes = append(m.Zones[zi].Hexes, id)
		}
	}
}

// MapCheck is what the checks of a whole file read of its map: the layout,
// if known, and each hex's terrain by printed id.
type MapCheck struct {
	Layout     hex.Layout
	HaveLayout bool
	Terrain    map[string]Terrain
}

// OnMap reports whether hex id is on the map, and reports the problem at
// line n when it is not; what names the hex in the message.
func (c MapCheck) OnMap(p *scn.Parser, n int, id, what string) bool {
	if _, ok := c.Terrain[id]; !ok {
		p.Errf(n, scn.ErrOffMap, "%s %s is not in [terrain]", what, id)
		return false
	}
	return true
}

// NextTo reports whether hexes a and b are adjacent, when the layout is
// known, and reports the problem at line n when they are not.
func (c MapCheck) NextTo(p *scn.Parser, n int, a, b, what string) bool {
	if !c.HaveLayout {
		return true
	}
	x, errX := c.Layout.Parse(a)
	y, errY := c.Layout.Parse(b)
	if _, ok := hex.SideBetween(x, y); errX != nil || errY != nil || !ok {
		p.Errf(n, scn.ErrAdjacent, "%s %s/%s: the hexes are not adjacent", what, a, b)
		return false
	}
	return true
}

// Check checks what needs the whole file and puts the records in their
// canonical order: each hexside joins two adjacent hexes of the map (then
// hexside, if set, checks the game's own rules of it, n being its line),
// each road steps between adjacent playable hexes and crosses no impassable
// hexside (N44 9.3, 9.6), each zone's hexes are on the map.
func (m *MapRecords) Check(p *scn.Parser, c MapCheck, hexside func(hs Hexside, n int)) {
	impassable := map[[2]string]bool{}
	for _, hs := range m.Hexsides {
		n := m.sideLine[[2]string{hs.A, hs.B}]
		if slices.ContainsFunc(hs.Features, func(f Feature) bool { return m.Words.Chart.Hexsides[f].Impassable }) {
			impassable[[2]string{hs.A, hs.B}] = true
		}
		if !c.OnMap(p, n, hs.A, "hexside hex") || !c.OnMap(p, n, hs.B, "hexside hex") || !c.NextTo(p, n, hs.A, hs.B, "hexside") {
			continue
		}
		if hexside != nil {
			hexside(hs, n)
		}
	}
	slices.SortFunc(m.Hexsides, func(a, b Hexside) int {
		return cmp.Or(strings.Compare(a.A, b.A), strings.Compare(a.B, b.B))
	})
	for i, r := range m.Roads {
		n := m.roadLines[i]
		for j, id := range r.Hexes {
			if !c.OnMap(p, n, id, "road hex") {
				break
			}
			if t := c.Terrain[id]; m.Words.Chart.Terrain[t].Unplayable {
				p.Errf(n, scn.ErrInvalid, "road through the %s hex %s", t, id)
				break
			}
			if j == 0 {
				continue
			}
			prev := r.Hexes[j-1]
			if !c.NextTo(p, n, prev, id, "road step") {
				break
			}
			if impassable[[2]string{min(prev, id), max(prev, id)}] {
				p.Errf(n, scn.ErrInvalid, "road crosses impassable hexside %s/%s", prev, id)
				break
			}
		}
	}
	for zi := range m.Zones {
		z := &m.Zones[zi]
		for _, id := range z.Hexes {
			c.OnMap(p, m.zoneLines[z.Name][id], id, "zone "+z.Name+" hex")
		}
		slices.Sort(z.Hexes)
	}
	slices.SortFunc(m.Zones, func(a, b Zone) int { return strings.Compare(a.Name, b.Name) })
}

// WriteHexsides writes the [hexsides] section in canonical form.
func WriteHexsides(w *scn.Writer, hexsides []Hexside) {
	w.Section("hexsides", len(hexsides))
	for _, hs := range hexsides {
		ws := []string{hs.A + "/" + hs.B}
		for _, f := range hs.Features {
			ws = append(ws, string(f))
		}
		w.Record(ws...)
	}
}

// WriteRoads writes the [roads] section in canonical form.
func WriteRoads(w *scn.Writer, roads []Road) {
	w.Section("roads", len(roads))
	for _, r := range roads {
		w.Record(append([]string{string(r.Class)}, r.Hexes...)...)
	}
}

// WriteZones writes the [zones] section in canonical form: each zone's hexes
// as runs, ten to a line.
func WriteZones(w *scn.Writer, zones []Zone) {
	w.Section("zones", len(zones))
	for _, z := range zones {
		runs := scn.HexRuns(z.Hexes)
		for len(runs) > 0 {
			k := min(len(runs), 10)
			w.Record(append([]string{z.Name}, runs[:k]...)...)
			runs = runs[k:]
		}
	}
}

// words turns a list of named strings into their words.
func words[S ~string](list []S) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

// ZoneHexes are the hexes of a zone as read so far, nil for a zone the file
// does not name.
func (m *MapRecords) ZoneHexes(name string) []string {
	for _, z := range m.Zones {
		if z.Name == name {
			return z.Hexes
		}
	}
	return nil
}
