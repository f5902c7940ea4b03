package normandy44

import (
	"fmt"
	"strconv"

	"github.com/pbem-referee/pbem/rules/hex"
)

// board is a scenario's map in axial coordinates, built once per game and
// shared (read only) by every clone.
type board struct {
	layout hex.Layout
	hexes  map[hex.Axial]*Hex
	ids    map[string]hex.Axial
	sides  map[hex.Side]sideInfo
	roads  map[hex.Side]RoadClass // the best road through each hexside
	zones  map[string]hex.Set
	// minRow is the lowest second pair of digits on the map: hexes beyond it
	// lie off the west edge, which anchors no ZOC Line (8.5.5, AMBIG-66).
	minRow int
}

// sideInfo is what lies on one hexside.
type sideInfo map[HexsideFeature]bool

func newBoard(sc *Scenario) (*board, error) {
	layout, err := hex.ParseLayout(sc.Layout)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	b := &board{
		layout: layout,
		hexes:  map[hex.Axial]*Hex{},
		ids:    map[string]hex.Axial{},
		sides:  map[hex.Side]sideInfo{},
		roads:  map[hex.Side]RoadClass{},
		zones:  map[string]hex.Set{},
		minRow: 99,
	}
	for i := range sc.Hexes {
		h := &sc.Hexes[i]
		a, err := layout.Parse(h.ID)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
		}
		b.hexes[a], b.ids[h.ID] = h, a
		_, row := colRow(h.ID)
		b.minRow = min(b.minRow, row)
	}
	for _, hs := range sc.Hexsides {
		s, err := b.side(hs.A, hs.B)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: hexside %s/%s: %w", sc.Name, hs.A, hs.B, err)
		}
		info := sideInfo{}
		for _, f := range hs.Features {
			info[f] = true
		}
		// 2.2.3: a river that runs through a Town, City or flooded hex is
		// part of that hex's terrain, so its hexsides there are not rivers.
		if x, y := s.Hexes(); b.hexes[x].River || b.hexes[y].River {
			delete(info, MinorRiver)
			delete(info, MajorRiver)
		}
		b.sides[s] = info
	}
	for _, r := range sc.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			s, err := b.side(r.Hexes[i-1], r.Hexes[i])
			if err != nil {
				return nil, fmt.Errorf("scenario %s: road: %w", sc.Name, err)
			}
			if b.roads[s] != MajorRoad {
				b.roads[s] = r.Class
			}
		}
	}
	for _, z := range sc.Zones {
		set := b.zones[z.Name]
		for _, id := range z.Hexes {
			if a, ok := b.ids[id]; ok {
				set.Add(a)
			}
		}
		b.zones[z.Name] = set
	}
	return b, nil
}

func (b *board) side(x, y string) (hex.Side, error) {
	a, err := b.layout.Parse(x)
	if err != nil {
		return hex.Side{}, err
	}
	c, err := b.layout.Parse(y)
	if err != nil {
		return hex.Side{}, err
	}
	s, ok := hex.SideBetween(a, c)
	if !ok {
		return hex.Side{}, fmt.Errorf("%s and %s: %w", x, y, ErrAdjacent)
	}
	return s, nil
}

// id is the printed id of a hex.
func (b *board) id(a hex.Axial) string { return b.layout.ID(a) }

// onMap reports whether a hex is part of the map (sea hexes included).
func (b *board) onMap(a hex.Axial) bool { _, ok := b.hexes[a]; return ok }

// land reports whether a hex is on the map and not all sea (2.2.1, 8.5.6).
func (b *board) land(a hex.Axial) bool {
	h, ok := b.hexes[a]
	return ok && h.Terrain != Sea
}

func (b *board) terrain(a hex.Axial) Terrain {
	if h, ok := b.hexes[a]; ok {
		return h.Terrain
	}
	return ""
}

// feature reports whether the hexside between two adjacent hexes carries f.
func (b *board) feature(x, y hex.Axial, f HexsideFeature) bool {
	s, ok := hex.SideBetween(x, y)
	return ok && b.sides[s][f]
}

// road is the best road class crossing the hexside between x and y, "" if none.
func (b *board) road(x, y hex.Axial) RoadClass {
	s, ok := hex.SideBetween(x, y)
	if !ok {
		return ""
	}
	return b.roads[s]
}

func (b *board) inZone(zone string, a hex.Axial) bool {
	set, ok := b.zones[zone]
	return ok && set.Has(a)
}

// westOf reports whether an off-map hex lies beyond the west edge.
func (b *board) westOf(a hex.Axial) bool {
	_, row, ok := b.layout.Offset(a)
	return ok && row < b.minRow
}

func itoa(n int) string { return strconv.Itoa(n) }

// known reports whether id is a hex of the map (not a box or a waiting mark).
func (b *board) known(id string) bool { _, ok := b.ids[id]; return ok }
