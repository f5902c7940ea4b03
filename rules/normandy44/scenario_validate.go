package normandy44

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// finish checks what needs the whole file (references between records, the
// layout, stacking) and puts the map data in its canonical order.
func (p *parser) finish() {
	s := p.s
	layout, layoutErr := parseLayout(s.Layout)
	haveLayout := layoutErr == nil
	hexes := map[string]*Hex{}
	slices.SortFunc(s.Hexes, func(a, b Hex) int { return strings.Compare(a.ID, b.ID) })
	for i := range s.Hexes {
		hexes[s.Hexes[i].ID] = &s.Hexes[i]
	}
	onMap := func(n int, id, what string) bool {
		if _, ok := hexes[id]; !ok {
			p.Errf(n, ErrOffMap, "%s %s is not in [terrain]", what, id)
			return false
		}
		return true
	}
	nextTo := func(n int, a, b, what string) bool {
		if haveLayout && !adjacent(layout, a, b) {
			p.Errf(n, ErrAdjacent, "%s %s/%s: the hexes are not adjacent", what, a, b)
			return false
		}
		return true
	}
	zones := map[string][]string{}
	for _, z := range s.Zones {
		zones[z.Name] = z.Hexes
	}
	formations := map[string]bool{}
	units := map[string]*Unit{}
	for i := range s.Units {
		units[s.Units[i].ID] = &s.Units[i]
		if s.Units[i].Formation != "" {
			formations[s.Units[i].Formation] = true
		}
	}

	// Hexsides (TEC hexside rows).
	for _, hs := range s.Hexsides {
		n := p.sideLine[[2]string{hs.A, hs.B}]
		if !onMap(n, hs.A, "hexside hex") || !onMap(n, hs.B, "hexside hex") || !nextTo(n, hs.A, hs.B, "hexside") {
			continue
		}
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
		if has(FloodedRiver) && (hexes[hs.A].Terrain != Flooded || hexes[hs.B].Terrain != Flooded) {
			p.Errf(n, ErrInvalid, "hexside %s/%s: a flooded-river hexside lies between two flooded hexes (9.5)", hs.A, hs.B)
		}
		if has(Causeway) && !has(FloodedRiver) {
			p.Errf(n, ErrInvalid, "hexside %s/%s: a causeway bridges a flooded-river hexside (9.11)", hs.A, hs.B)
		}
		if has(CherbourgLine) {
			in := zones[ZoneCherbourg]
			if slices.Contains(in, hs.A) == slices.Contains(in, hs.B) {
				p.Errf(n, ErrInvalid, "hexside %s/%s: the Cherbourg line separates a cherbourg-region hex from one outside (16.3)", hs.A, hs.B)
			}
		}
	}
	slices.SortFunc(s.Hexsides, func(a, b Hexside) int {
		return cmp.Or(strings.Compare(a.A, b.A), strings.Compare(a.B, b.B))
	})
	impassable := map[[2]string]bool{}
	for _, hs := range s.Hexsides {
		if slices.Contains(hs.Features, Impassable) {
			impassable[[2]string{hs.A, hs.B}] = true
		}
	}

	// Roads (9.3): each step crosses a hexside between adjacent land hexes.
	for i, r := range s.Roads {
		n := p.roadLines[i]
		for j, id := range r.Hexes {
			if !onMap(n, id, "road hex") {
				break
			}
			if hexes[id].Terrain == Sea {
				p.Errf(n, ErrInvalid, "road through all-sea hex %s", id)
				break
			}
			if j == 0 {
				continue
			}
			prev := r.Hexes[j-1]
			if !nextTo(n, prev, id, "road step") {
				break
			}
			if impassable[[2]string{min(prev, id), max(prev, id)}] {
				p.Errf(n, ErrInvalid, "road crosses impassable hexside %s/%s (9.6)", prev, id)
				break
			}
		}
	}

	// Zones.
	for zi := range s.Zones {
		z := &s.Zones[zi]
		for _, id := range z.Hexes {
			onMap(p.zoneLines[z.Name][id], id, "zone "+z.Name+" hex")
		}
		slices.Sort(z.Hexes)
	}
	slices.SortFunc(s.Zones, func(a, b Zone) int { return strings.Compare(a.Name, b.Name) })

	// Places.
	for i, pl := range s.Places {
		n := p.placeLines[i]
		if !onMap(n, pl.Hex, string(pl.Kind)) {
			continue
		}
		if hexes[pl.Hex].Terrain == Sea {
			p.Errf(n, ErrInvalid, "%s %s is an all-sea hex", pl.Kind, pl.Hex)
		}
		// A shared map's places serve every scenario on it; one that has none of
		// a formation's units simply does not use them (scenario_map.go).
		fromMap := p.Origin(n).File != ""
		if (pl.Kind == PlaceDrop || pl.Kind == PlaceGlider || pl.Kind == PlaceMobilization) && !formations[pl.Arg] && !fromMap {
			p.Errf(n, ErrMissing, "%s %s: no unit belongs to formation %s", pl.Kind, pl.Hex, pl.Arg)
		}
	}
	slices.SortFunc(s.Places, func(a, b Place) int {
		return cmp.Or(strings.Compare(string(a.Kind), string(b.Kind)), strings.Compare(a.Hex, b.Hex))
	})
	hasPlace := func(kind PlaceKind, hex, arg string) bool {
		return slices.ContainsFunc(s.Places, func(q Place) bool {
			return q.Kind == kind && (hex == "" || q.Hex == hex) && (arg == "" || q.Arg == arg)
		})
	}

	// Boxes.
	boxes := map[string]Box{}
	for _, b := range s.Boxes {
		boxes[b.Name] = b
		if b.Kind == BoxMobilization && !formations[b.For] {
			p.Errf(p.boxLine[b.Name], ErrMissing, "mobilization box %s: no unit belongs to division %s", b.Name, b.For)
		}
		if b.Sector != "" && !slices.ContainsFunc(s.Places, func(q Place) bool {
			return q.Kind == PlaceBeach && q.Arg == b.For && q.Sector == b.Sector
		}) {
			p.Errf(p.boxLine[b.Name], ErrMissing, "approach box %s: beach %s has no sector %s in [places] (20.3.1)", b.Name, b.For, b.Sector)
		}
	}

	// Where units start and arrive.
	placedAt := map[string]int{}
	location := func(n int, at string) bool {
		if validHexID(at) {
			if !onMap(n, at, "hex") {
				return false
			}
			if t := hexes[at].Terrain; t == Sea || t == Marsh {
				p.Errf(n, ErrInvalid, "hex %s is %s: no unit may stand there", at, t)
				return false
			}
			return true
		}
		if _, ok := boxes[at]; !ok {
			p.Errf(n, ErrMissing, "box %s is not declared in [boxes]", at)
			return false
		}
		return true
	}
	claim := func(n int, id string) *Unit {
		u, ok := units[id]
		if !ok {
			p.Errf(n, ErrMissing, "unit %s is not defined in [units]", id)
			return nil
		}
		if !scn.Once(p.Parser, placedAt, id, n, "unit %s already comes into play", id) {
			return nil
		}
		return u
	}
	invasion := slices.ContainsFunc(s.Special, func(r SpecialRule) bool { return r.Kind == SpecialInvasion })
	stacks := map[string][]*Unit{}
	stackLine := map[string]int{}
	var stackOrder []string
	for i, pl := range s.Setup {
		n := p.setupLines[i]
		u := claim(n, pl.Unit)
		if u == nil || !location(n, pl.At) {
			continue
		}
		switch pl.Mode {
		case SetupAirdrop:
			if !validHexID(pl.At) || !(hasPlace(PlaceDrop, pl.At, u.Formation) || hasPlace(PlaceGlider, pl.At, u.Formation)) {
				p.Errf(n, ErrInvalid, "unit %s airdrops on a drop or glider hex of formation %q (20.2.1)", u.ID, u.Formation)
			} else if _, err := scatterColumn(u.Formation); err != nil && invasion {
				// 20.2.1: the Scatter table has a column per division only.
				p.Errf(n, ErrInvalid, "unit %s airdrops, but its formation %q has no Scatter column (20.2.1: 82-ab, 101-ab or 6-ab)", u.ID, u.Formation)
			}
		case SetupFirstAssault, SetupFollowUp:
			b, ok := boxes[pl.At]
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
	for _, hex := range stackOrder {
		if pts := stackingPoints(stacks[hex]); pts > stackLimit {
			p.Errf(stackLine[hex], ErrStacking, "hex %s holds %d stacking points at set-up; the limit is %d (7.1)", hex, pts, stackLimit)
		}
	}
	for i, r := range s.Reinforcements {
		n := p.reinfLines[i]
		if s.Turns > 0 && r.Turn > s.Turns {
			p.Errf(n, ErrTurn, "turn %d is after the last turn, %d", r.Turn, s.Turns)
		}
		u := claim(n, r.Unit)
		if colour, isEntry := strings.CutPrefix(r.At, "entry:"); isEntry {
			if !hasPlace(PlaceEntry, "", colour) {
				p.Errf(n, ErrMissing, "no %s entry hex in [places] (6.6)", colour)
			}
		} else {
			location(n, r.At)
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

	p.checkSpecial(zones, formations, hasPlace, onMap)
	p.checkVictory(hexes, zones, onMap)
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

func (p *parser) checkSpecial(zones map[string][]string, formations map[string]bool,
	hasPlace func(PlaceKind, string, string) bool, onMap func(int, string, string) bool) {
	s := p.s
	for i, r := range s.Special {
		n := p.specialLines[i]
		if r.Formation != "" && !formations[r.Formation] {
			p.Errf(n, ErrMissing, "no unit belongs to formation %s", r.Formation)
		}
		if r.Zone != "" {
			if _, ok := zones[r.Zone]; !ok {
				p.Errf(n, ErrMissing, "zone %s is not defined in [zones]", r.Zone)
			}
		}
		for _, h := range r.Hexes {
			onMap(n, h, string(r.Kind))
		}
		if r.Kind == SpecialRange && s.Turns > 0 && r.From > s.Turns {
			p.Errf(n, ErrTurn, "turn %d is after the last turn, %d", r.From, s.Turns)
		}
		for _, b := range r.Names {
			if r.Kind == SpecialInvasion && !hasPlace(PlaceBeach, "", b) {
				p.Errf(n, ErrMissing, "beach %s has no hex in [places]", b)
			}
		}
	}
}

func (p *parser) checkVictory(hexes map[string]*Hex, zones map[string][]string, onMap func(int, string, string) bool) {
	s := p.s
	for i, v := range s.Victory {
		n := p.victoryLines[i]
		if v.Hex != "" {
			onMap(n, v.Hex, "victory hex")
		}
		if v.Zone != "" {
			if _, ok := zones[v.Zone]; !ok {
				p.Errf(n, ErrMissing, "zone %s is not defined in [zones]", v.Zone)
			}
		}
		if v.Turn > 0 && s.Turns > 0 && v.Turn > s.Turns {
			p.Errf(n, ErrTurn, "turn %d is after the last turn, %d", v.Turn, s.Turns)
		}
		if v.Place != "" {
			found := false
			for _, h := range hexes {
				found = found || (h.Name == v.Place && h.Terrain == City)
			}
			if !found {
				p.Errf(n, ErrMissing, "no City hex is named %q", v.Place)
			}
		}
	}
}
