package normandy44

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// finish checks what needs the whole file (references between records, the
// layout, stacking) and puts the map data in its canonical order.
func (p *parser) finish() {
	p.indexRecords()
	p.checkMap()
	p.checkPlaces()
	p.checkBoxes()
	p.checkSetup()
	p.checkReinforcements()
	p.checkSpecial()
	p.checkVictory()
}

// crossIndex is what the checks of finish look records up in.
type crossIndex struct {
	layout     hex.Layout
	haveLayout bool
	hexes      map[string]*Hex
	zones      map[string][]string
	formations map[string]bool
	units      map[string]*Unit
	boxes      map[string]Box
	placedAt   map[string]int // the line each unit comes into play at
}

func (p *parser) indexRecords() {
	s := p.s
	ix := &p.ix
	var err error
	ix.layout, err = parseLayout(s.Layout)
	ix.haveLayout = err == nil
	slices.SortFunc(s.Hexes, func(a, b Hex) int { return strings.Compare(a.ID, b.ID) })
	ix.hexes = map[string]*Hex{}
	for i := range s.Hexes {
		ix.hexes[s.Hexes[i].ID] = &s.Hexes[i]
	}
	ix.formations = map[string]bool{}
	ix.units = map[string]*Unit{}
	for i := range s.Units {
		ix.units[s.Units[i].ID] = &s.Units[i]
		if s.Units[i].Formation != "" {
			ix.formations[s.Units[i].Formation] = true
		}
	}
	ix.boxes = map[string]Box{}
	for _, b := range s.Boxes {
		ix.boxes[b.Name] = b
	}
	ix.placedAt = map[string]int{}
}

// onMap reports whether hex id is on the map; what names it in the message.
func (p *parser) onMap(n int, id, what string) bool {
	if _, ok := p.ix.hexes[id]; !ok {
		p.Errf(n, ErrOffMap, "%s %s is not in [terrain]", what, id)
		return false
	}
	return true
}

// hasPlace reports whether a place of kind exists, on hex id and with arg
// unless they are "".
func (p *parser) hasPlace(kind PlaceKind, id, arg string) bool {
	return slices.ContainsFunc(p.s.Places, func(q Place) bool {
		return q.Kind == kind && (id == "" || q.Hex == id) && (arg == "" || q.Arg == arg)
	})
}

// checkMap checks the series' map records (hexwar.MapRecords: hexsides,
// roads, zones) and the rows of T3 a hexside holds together, and puts the
// records in the scenario.
func (p *parser) checkMap() {
	terrain := make(map[string]Terrain, len(p.ix.hexes))
	for id, h := range p.ix.hexes {
		terrain[id] = h.Terrain
	}
	p.maps.Check(p.Parser, hexwar.MapCheck{Layout: p.ix.layout, HaveLayout: p.ix.haveLayout, Terrain: terrain}, p.checkHexside)
	p.s.Hexsides, p.s.Roads, p.s.Zones = p.maps.Hexsides, p.maps.Roads, p.maps.Zones
	p.ix.zones = map[string][]string{}
	for _, z := range p.s.Zones {
		p.ix.zones[z.Name] = z.Hexes
	}
}

// checkHexside checks the TEC hexside rows a hexside holds together.
func (p *parser) checkHexside(hs Hexside, n int) {
	has := func(f HexsideFeature) bool { return slices.Contains(hs.Features, f) }
	rivers := 0
	for _, f := range []HexsideFeature{MinorRiver, MajorRiver, FloodedRiver} {
		if has(f) {
			rivers++
		}
	}
	if rivers > 1 {
		p.Errf(n, ErrInvalid, "hexside %s/%s: one river per hexside", hs.A, hs.B)
	}
	if has(FloodedRiver) && (p.ix.hexes[hs.A].Terrain != Flooded || p.ix.hexes[hs.B].Terrain != Flooded) {
		p.Errf(n, ErrInvalid, "hexside %s/%s: a flooded-river hexside lies between two flooded hexes (9.5)", hs.A, hs.B)
	}
	if has(Causeway) && !has(FloodedRiver) {
		p.Errf(n, ErrInvalid, "hexside %s/%s: a causeway bridges a flooded-river hexside (9.11)", hs.A, hs.B)
	}
	if has(CherbourgLine) {
		in := p.maps.ZoneHexes(ZoneCherbourg)
		if slices.Contains(in, hs.A) == slices.Contains(in, hs.B) {
			p.Errf(n, ErrInvalid, "hexside %s/%s: the Cherbourg line separates a cherbourg-region hex from one outside (16.3)", hs.A, hs.B)
		}
	}
}

func (p *parser) checkPlaces() {
	s := p.s
	for i, pl := range s.Places {
		n := p.placeLines[i]
		if !p.onMap(n, pl.Hex, string(pl.Kind)) {
			continue
		}
		if p.ix.hexes[pl.Hex].Terrain == Sea {
			p.Errf(n, ErrInvalid, "%s %s is an all-sea hex", pl.Kind, pl.Hex)
		}
		// A shared map's places serve every scenario on it; one that has none of
		// a formation's units simply does not use them (scenario_map.go).
		fromMap := p.Origin(n).File != ""
		if (pl.Kind == PlaceDrop || pl.Kind == PlaceGlider || pl.Kind == PlaceMobilization) && !p.ix.formations[pl.Arg] && !fromMap {
			p.Errf(n, ErrMissing, "%s %s: no unit belongs to formation %s", pl.Kind, pl.Hex, pl.Arg)
		}
	}
	slices.SortFunc(s.Places, func(a, b Place) int {
		return cmp.Or(strings.Compare(string(a.Kind), string(b.Kind)), strings.Compare(a.Hex, b.Hex))
	})
}

func (p *parser) checkBoxes() {
	for _, b := range p.s.Boxes {
		if b.Kind == BoxMobilization && !p.ix.formations[b.For] {
			p.Errf(p.boxLine[b.Name], ErrMissing, "mobilization box %s: no unit belongs to division %s", b.Name, b.For)
		}
		if b.Sector != "" && !slices.ContainsFunc(p.s.Places, func(q Place) bool {
			return q.Kind == PlaceBeach && q.Arg == b.For && q.Sector == b.Sector
		}) {
			p.Errf(p.boxLine[b.Name], ErrMissing, "approach box %s: beach %s has no sector %s in [places] (20.3.1)", b.Name, b.For, b.Sector)
		}
	}
}

// standsAt reports whether a unit may start or arrive at a hex or box.
func (p *parser) standsAt(n int, at string) bool {
	if validHexID(at) {
		if !p.onMap(n, at, "hex") {
			return false
		}
		if t := p.ix.hexes[at].Terrain; t == Sea || t == Marsh {
			p.Errf(n, ErrInvalid, "hex %s is %s: no unit may stand there", at, t)
			return false
		}
		return true
	}
	if _, ok := p.ix.boxes[at]; !ok {
		p.Errf(n, ErrMissing, "box %s is not declared in [boxes]", at)
		return false
	}
	return true
}

// claim is the unit id, which comes into play at line n: nil if there is no
// such unit or it already came into play.
func (p *parser) claim(n int, id string) *Unit {
	u, ok := p.ix.units[id]
	if !ok {
		p.Errf(n, ErrMissing, "unit %s is not defined in [units]", id)
		return nil
	}
	if !scn.Once(p.Parser, p.ix.placedAt, id, n, "unit %s already comes into play", id) {
		return nil
	}
	return u
}

// checkSetup checks where each unit starts and how (S1.2, S3.1, 20.2.1,
// 20.3.1, 20.5), and the stacking limit at set-up (7.1).
func (p *parser) checkSetup() {
	s := p.s
	invasion := slices.ContainsFunc(s.Special, func(r SpecialRule) bool { return r.Kind == SpecialInvasion })
	stacks := map[string][]*Unit{}
	stackLine := map[string]int{}
	var stackOrder []string
	for i, pl := range s.Setup {
		n := p.setupLines[i]
		u := p.claim(n, pl.Unit)
		if u == nil || !p.standsAt(n, pl.At) {
			continue
		}
		switch pl.Mode {
		case SetupAirdrop:
			if !validHexID(pl.At) || !(p.hasPlace(PlaceDrop, pl.At, u.Formation) || p.hasPlace(PlaceGlider, pl.At, u.Formation)) {
				p.Errf(n, ErrInvalid, "unit %s airdrops on a drop or glider hex of formation %q (20.2.1)", u.ID, u.Formation)
			} else if _, err := scatterColumn(u.Formation); err != nil && invasion {
				// 20.2.1: the Scatter table has a column per division only.
				p.Errf(n, ErrInvalid, "unit %s airdrops, but its formation %q has no Scatter column (20.2.1: 82-ab, 101-ab or 6-ab)", u.ID, u.Formation)
			}
		case SetupFirstAssault, SetupFollowUp:
			b, ok := p.ix.boxes[pl.At]
			if !ok || b.Kind != BoxApproach {
				p.Errf(n, ErrInvalid, "unit %s: %s units wait in a beach approach box (20.3.1, 20.5)", u.ID, pl.Mode)
				break
			}
			// 20.3.1: a first assault goes in on one beach hex, named by
			// the box's sector when the beach has several.
			if pl.Mode == SetupFirstAssault && b.Sector == "" && len(beachHexesIn(s.Places, b.For)) > 1 {
				p.Errf(n, ErrInvalid, "unit %s: beach %s has several hexes, so approach box %s names the sector its first assault goes in on (sector=NAME, 20.3.1)", u.ID, b.For, b.Name)
			}
		}

		if validHexID(pl.At) {
			if _, seen := stacks[pl.At]; !seen {
				stackOrder = append(stackOrder, pl.At)
			}
			stacks[pl.At] = append(stacks[pl.At], u)
			stackLine[pl.At] = n
		}
	}
	for _, id := range stackOrder {
		if pts := stackingPoints(stacks[id]); pts > stackLimit {
			p.Errf(stackLine[id], ErrStacking, "hex %s holds %d stacking points at set-up; the limit is %d (7.1)", id, pts, stackLimit)
		}
	}
}

// checkReinforcements checks each arrival: its turn, unit and place (6.5,
// 6.6, S3.2), its RP cost (6.5.1) and a glider landing (20.2.4).
func (p *parser) checkReinforcements() {
	s := p.s
	for i, r := range s.Reinforcements {
		n := p.reinfLines[i]
		if s.Turns > 0 && r.Turn > s.Turns {
			p.Errf(n, ErrTurn, "turn %d is after the last turn, %d", r.Turn, s.Turns)
		}
		u := p.claim(n, r.Unit)
		if colour, isEntry := strings.CutPrefix(r.At, "entry:"); isEntry {
			if !p.hasPlace(PlaceEntry, "", colour) {
				p.Errf(n, ErrMissing, "no %s entry hex in [places] (6.6)", colour)
			}
		} else {
			p.standsAt(n, r.At)
		}
		if u == nil {
			continue
		}
		if r.RP > 0 && u.Side != Allied {
			p.Errf(n, ErrInvalid, "rp= is the Allied reinforcement cost (6.5.1); %s is German", u.ID)
		}
		if !r.Glider {
			continue
		}
		if u.Type != GliderInfantry {
			p.Errf(n, ErrInvalid, "%s is not glider infantry (20.2.4)", u.ID)
		}
		if _, err := scatterColumn(u.Formation); err != nil {
			// 20.2.4, AMBIG-36: the glider rolls on its division's column.
			p.Errf(n, ErrInvalid, "%s: formation %q has no Scatter column (T9: 82-ab, 101-ab or 6-ab)", u.ID, u.Formation)
		}
	}
}

// stackLimit is the stacking points a hex may hold (7.1).
const stackLimit = 4

// stackingPoints counts a stack at full strength (7.1): 1 point for strength 1-2,
// 2 for 3 or more; one strongpoint, HQ, Werfer and engineer each stack free
// (AMBIG-7: one of each kind), and so does one silhouette, the costliest.
func stackingPoints(us []*Unit) int {
	total, bestSilhouette := 0, 0
	freeUsed := map[UnitType]bool{}
	for _, u := range us {
		info := UnitTypes[u.Type]
		if info.FreeStack && !freeUsed[u.Type] {
			freeUsed[u.Type] = true
			continue
		}
		pts := 1
		if u.Steps[0].Strength >= 3 {
			pts = 2
		}
		total += pts
		if info.Silhouette {
			bestSilhouette = max(bestSilhouette, pts)
		}
	}
	return total - bestSilhouette
}

func (p *parser) checkSpecial() {
	s := p.s
	for i, r := range s.Special {
		n := p.specialLines[i]
		if r.Formation != "" && !p.ix.formations[r.Formation] {
			p.Errf(n, ErrMissing, "no unit belongs to formation %s", r.Formation)
		}
		if r.Zone != "" {
			if _, ok := p.ix.zones[r.Zone]; !ok {
				p.Errf(n, ErrMissing, "zone %s is not defined in [zones]", r.Zone)
			}
		}
		for _, h := range r.Hexes {
			p.onMap(n, h, string(r.Kind))
		}
		if r.Kind == SpecialRange && s.Turns > 0 && r.From > s.Turns {
			p.Errf(n, ErrTurn, "turn %d is after the last turn, %d", r.From, s.Turns)
		}
		for _, b := range r.Names {
			if r.Kind == SpecialInvasion && !p.hasPlace(PlaceBeach, "", b) {
				p.Errf(n, ErrMissing, "beach %s has no hex in [places]", b)
			}
		}
	}
}

func (p *parser) checkVictory() {
	s := p.s
	for i, v := range s.Victory {
		n := p.victoryLines[i]
		if v.Hex != "" {
			p.onMap(n, v.Hex, "victory hex")
		}
		if v.Zone != "" {
			if _, ok := p.ix.zones[v.Zone]; !ok {
				p.Errf(n, ErrMissing, "zone %s is not defined in [zones]", v.Zone)
			}
		}
		if v.Turn > 0 && s.Turns > 0 && v.Turn > s.Turns {
			p.Errf(n, ErrTurn, "turn %d is after the last turn, %d", v.Turn, s.Turns)
		}
		if v.Place != "" {
			found := false
			for _, h := range p.ix.hexes {
				found = found || (h.Name == v.Place && h.Terrain == City)
			}
			if !found {
				p.Errf(n, ErrMissing, "no City hex is named %q", v.Place)
			}
		}
	}
}
