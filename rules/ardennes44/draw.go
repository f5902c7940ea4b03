package ardennes44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Scene implements scene.Drawer: the map, the units on it and in the
// boxes beside it, and the overlays. Nothing is hidden but which fuel dump
// is real (32.1), which no scene shows before the dump is revealed.
func (g *Game) Scene(seat rules.Seat) scene.Scene {
	d := g.drawing()
	p := g.Pending()
	s := scene.Scene{Title: g.sc.Title, Turn: g.s.Turn, Phase: p.Phase, Seat: seat, Hex: d.board, Boxes: d.boxes, Colours: sceneColours}
	s.Notes = append(s.Notes, "Weather: "+weatherWords(g.s.Turn)+" (28.0)")
	s.Notes = append(s.Notes, g.markerNotes()...)
	s.Notes = append(s.Notes, g.victoryWords())
	if p.Over {
		s.Notes = append(s.Notes, "Game over: "+p.Result)
	}
	s.Pieces = g.scenePieces(d)
	s.Overlays = g.sceneOverlays()
	return s
}

// drawing is what every scene of a game shares: the map and the boxes.
type drawing struct {
	board *scene.HexBoard
	boxes []scene.Box
	ids   map[string]bool // box ids
}

func (g *Game) drawing() *drawing {
	if g.drawn == nil {
		g.drawn = newDrawing(g.sc)
	}
	return g.drawn
}

// mapLooks draw the map's terrains, hexsides (TEC), roads (11.7, 11.8) and
// zones, the rear area's boundary drawn as one.
var mapLooks = hexwar.MapLooks{
	Terrains: terrains, TerrainRule: "TEC",
	TerrainLooks: map[Terrain]scene.Look{Clear: scene.LookClear, LightWoods: scene.LookMixed, Forest: scene.LookForest,
		WoodedRough: scene.LookRough, Village: scene.LookTown, Town: scene.LookTown, City: scene.LookCity},
	Features: features, FeatureRule: "TEC",
	FeatureLooks: map[Feature]scene.Look{River: scene.LookMinorRiver, Meuse: scene.LookMajorRiver, Lake: scene.LookImpassable,
		WRSide: scene.LookFortLine, ArmyBoundary: scene.LookFortLine},
	Roads: roadClasses, RoadRule: "11.7, 11.8",
	RoadLooks: map[RoadClass]scene.Look{Primary: scene.LookMajorRoad, Secondary: scene.LookMinorRoad, ForestRoad: scene.LookTrail},
	Boundary:  ZoneRear,
}

// newDrawing draws the scenario's map and lists its boxes.
func newDrawing(sc *Scenario) *drawing {
	b := &scene.HexBoard{Layout: sc.Layout, Rotate: 2}
	mapLooks.Draw(b, sc.Hexsides, sc.Roads, sc.Zones)
	for _, h := range sc.Hexes {
		c := scene.Cell{ID: h.ID, Class: string(h.Terrain), Name: h.Name}
		if h.WestWall {
			c.Marks = append(c.Marks, "west-wall")
		}
		b.Cells = append(b.Cells, c)
	}
	for _, e := range sc.Entries {
		label := fmt.Sprintf("entry %s (%s)", e.Letter, e.Side)
		b.Places = append(b.Places, scene.Place{Cell: e.Hex, Kind: scene.PlaceEntry, Label: label})
	}
	for _, v := range sc.Victory {
		b.Places = append(b.Places, scene.Place{Cell: v.Hex, Kind: scene.PlaceObjective, Label: "victory hex (" + v.Kind + ")"})
	}
	d := &drawing{board: b, ids: map[string]bool{}}
	add := func(id, label string, kind scene.BoxKind) {
		d.boxes = append(d.boxes, scene.Box{ID: id, Label: label, Kind: kind})
		d.ids[id] = true
	}
	for _, ar := range areas {
		add(offPrefix+ar, boxWords(offPrefix+ar)+" (13.5)", scene.BoxHolding)
	}
	for _, e := range sc.Entries {
		if e.Side == Allied && !westMapHex(sc, e.Hex) {
			add(blockPrefix+e.Letter, boxWords(blockPrefix+e.Letter)+" (13.6)", scene.BoxHolding)
		}
	}
	if sc.Win.Campaign {
		add(antwerpBox, "Antwerp (27.3.4)", scene.BoxHolding)
	}
	add(boxWaiting, "Reinforcements due (13.1)", scene.BoxWaiting)
	add(exitedBox, "Exited (S2.4, 30.2 a)", scene.BoxHolding)
	add(deadBox, "Dead pile (16.4)", scene.BoxEliminated)
	add(goneBox, "Out of the game (23.7, 27.7)", scene.BoxEliminated)
	return d
}

// westMapHex reports whether a hex is on the West map (the zone west-map),
// where entry hexes have no Blocking Position (AMB-14).
func westMapHex(sc *Scenario, id string) bool {
	for _, z := range sc.Zones {
		if z.Name == ZoneWestMap && slices.Contains(z.Hexes, id) {
			return true
		}
	}
	return false
}

const boxWaiting = "waiting"

// sceneColours are the counters' colours (2.10).
var sceneColours = []scene.Colour{
	{ID: string(US), Label: "US Army", Fill: "#8a9a5b", Ink: "#000000"},
	{ID: string(British), Label: "British Army", Fill: "#c2a36b", Ink: "#000000"},
	{ID: string(Wehrmacht), Label: "Wehrmacht", Fill: "#7f8c8d", Ink: "#000000"},
	{ID: string(WaffenSS), Label: "Waffen-SS", Fill: "#2c2c2c", Ink: "#ffffff"},
	{ID: string(Fallschirmjger), Label: "Fallschirmjäger", Fill: "#5d7fa3", Ink: "#ffffff"},
	{ID: string(German), Label: "German", Fill: "#7f8c8d", Ink: "#000000"},
	{ID: string(Allied), Label: "Allied", Fill: "#8a9a5b", Ink: "#000000"},
}

var sceneTypes = map[UnitType]scene.UnitType{Infantry: scene.TypeInfantry, MechInf: scene.TypeMechanized, Para: scene.TypeAirborne,
	Armor: scene.TypeArmor, Tank: scene.TypeArmor, TankDest: scene.TypeSPAntiTank, Recon: scene.TypeRecon, Artillery: scene.TypeArtillery,
	Werfer: scene.TypeRocket, Engineer: scene.TypeEngineer, Flak: scene.TypeFlak, Assault: scene.TypeSPAntiTank, TaskForce: scene.TypeArmor,
	SupplyDepot: scene.TypeMarker}

// boxOf is the box a unit off the map is drawn in, "" for none.
func (d *drawing) boxOf(at string) string {
	switch {
	case d.ids[at]:
		return at
	case waiting(at):
		return boxWaiting
	}
	return ""
}

// scenePieces lists the units on the map and in the boxes.
func (g *Game) scenePieces(d *drawing) []scene.Piece {
	var out []scene.Piece
	for i, us := range g.s.Units {
		u := g.unit(i)
		at := us.At
		if _, ok := g.onMap(i); !ok {
			if at = d.boxOf(at); at == "" {
				continue
			}
		}
		f := g.face(i)
		pc := scene.Piece{ID: u.ID, At: at, Owner: rules.Seat(u.Side), Colour: string(u.Nation), Type: sceneTypes[u.Type],
			Label: u.ID, Values: f.String(), Steps: f.Steps, MaxSteps: u.Faces[0].Steps, Note: u.describe()}
		if u.TQ > 0 {
			pc.Right = fmt.Sprint(u.TQ)
			if u.TQKind != TQTank {
				pc.RightTone = scene.ToneBad
			}
		}
		for _, m := range g.unitMarkers(i) {
			pc.Markers = append(pc.Markers, scene.Marker{Text: m.short, Tone: m.tone, Note: m.note})
		}
		out = append(out, pc)
	}
	return out
}

// aMarker is a marker on a unit, as the scene and the views show it.
type aMarker struct {
	short, note string
	tone        scene.Tone
}

// unitMarkers lists the markers on unit i.
func (g *Game) unitMarkers(i int) []aMarker {
	us := g.s.Units[i]
	var out []aMarker
	add := func(ok bool, short, note string, tone scene.Tone) {
		if ok {
			out = append(out, aMarker{short, note, tone})
		}
	}
	add(us.Status == statusDisrupted, "DIS", "Disrupted (18.3)", scene.ToneWarn)
	add(us.Status == statusBroken, "BRK", "Broken (18.5)", scene.ToneBad)
	add(us.ENG, "ENG", "Engaged (16.5)", scene.ToneWarn)
	add(us.Isolated, "ISO", "Isolated (23.6)", scene.ToneBad)
	add(us.OOS && !us.Isolated, "OOS", "out of supply (23.4)", scene.ToneWarn)
	add(us.SM && !us.Trucks, "SM", "Strategic Movement (12.5)", scene.ToneInfo)
	add(us.Trucks, "TRK", "Trucks (12.4.3)", scene.ToneInfo)
	add(us.Mover, "PM", "Prime Mover (22.3)", scene.ToneInfo)
	add(us.Night, "NGT", "Night marker (25.3.3)", scene.ToneInfo)
	add(us.Repl, "RPL", "Replacement (25.2.4)", scene.ToneInfo)
	add(g.unit(i).Arty() && us.Face == 1, "FIRED", "Fired (22.5)", scene.ToneInfo)
	return out
}

// markerNotes are the markers not on a unit: bridges, Traffic markers,
// Roadblocks, IPs, Attacker's Advantage, air markers.
func (g *Game) markerNotes() []string {
	var out []string
	var blown []string
	for _, b := range g.s.Bridges {
		w := g.bridgeName(b.Side)
		if b.Working {
			w += " (Working)"
		}
		blown = append(blown, w)
	}
	if len(blown) > 0 {
		out = append(out, "Bridges out (7.2, 7.8): "+strings.Join(blown, ", "))
	}
	if g.s.Ouren != "" {
		out = append(out, "Ouren bridge: "+g.s.Ouren+" (7.7)")
	}
	if len(g.s.Traffic) > 0 {
		var ts []string
		for _, m := range g.s.Traffic {
			ts = append(ts, fmt.Sprintf("%s #%d %s", m.Side, m.N, m.Hex))
		}
		out = append(out, "Traffic and Greif markers (24.1): "+strings.Join(ts, ", "))
	}
	if len(g.s.Roadblocks) > 0 {
		var ts []string
		for _, m := range g.s.Roadblocks {
			ts = append(ts, string(m.Side)+" "+m.Hex)
		}
		out = append(out, "Roadblocks (33): "+strings.Join(ts, ", "))
	}
	if len(g.s.IPs) > 0 {
		var ts []string
		for _, m := range g.s.IPs {
			w := m.Hex
			if m.Building {
				w += " (building)"
			}
			ts = append(ts, w)
		}
		out = append(out, "Improved Positions (15.8): "+strings.Join(ts, ", "))
	}
	for _, m := range g.s.AA {
		out = append(out, fmt.Sprintf("Attacker's Advantage in %s against %s (16.6)", m.Hex, m.Target))
	}
	if g.s.Air > 0 {
		out = append(out, fmt.Sprintf("Allied Air Support markers: %d (15.6.2)", g.s.Air))
	}
	if g.s.Greif != "" && g.s.Greif != greifUsed {
		out = append(out, "Greif Commando on "+g.bridgeName(g.s.Greif)+" (36)")
	}
	for _, d := range g.s.Dumps {
		w := "fuel dump marker in " + d.Hex
		if d.Captured {
			w += " (captured)"
		}
		out = append(out, w+" (32)")
	}
	return out
}

// sceneOverlays are the ZOCs, control and supply.
func (g *Game) sceneOverlays() scene.Overlays {
	var o scene.Overlays
	for _, side := range []Side{German, Allied} {
		z := g.zoc(side)
		var cells []string
		for _, a := range z.Sorted() {
			cells = append(cells, g.b.id(a))
		}
		o.ZOC = append(o.ZOC, scene.Area{Colour: string(side), Label: string(side) + " ZOC (9.1)", Cells: cells})
		var held []string
		occ := g.occupancy()
		for _, c := range g.s.Control {
			if g.controller(occ, c.Hex) == side {
				held = append(held, c.Hex)
			}
		}
		o.Control = append(o.Control, scene.Area{Colour: string(side), Label: string(side) + " control (30.1.2)", Cells: held})
		var oos []string
		for i, us := range g.s.Units {
			if _, ok := g.onMap(i); ok && g.sideOf(i) == side && us.OOS && !slices.Contains(oos, us.At) {
				oos = append(oos, us.At)
			}
		}
		slices.Sort(oos)
		if len(oos) > 0 {
			o.Supply = append(o.Supply, scene.Area{Colour: string(side), Label: string(side) + " out of supply (23.4)", Tone: scene.ToneWarn, Cells: oos})
		}
	}
	if g.s.Combat != nil {
		r := g.combatReport(g.combat(), g.s.Combat.N)
		o.Combat = &r
	} else if r, ok := g.ended.Last(); ok && r.Turn == g.s.Turn && r.Phase == g.phaseName() {
		o.Combat = &r
	}
	return o
}
