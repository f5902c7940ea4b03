package salerno43

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Scene implements scene.Drawer: the map, the units on it and in the boxes
// beside it, and the overlays. Nothing is hidden.
func (g *Game) Scene(seat rules.Seat) scene.Scene {
	p := g.Pending()
	box := g.b.chart.Weather.Boxes[g.s.Weather]
	s := scene.Scene{Title: g.sc.Title, Turn: g.s.Turn, Phase: p.Phase, Seat: seat, Hex: g.boardScene(), Boxes: g.campaignBoxes(sceneBoxes), Colours: sceneColours}
	s.Notes = append(s.Notes,
		fmt.Sprintf("Weather: box %s, %s (22.1)", boxNames[g.s.Weather], box.Weather),
		fmt.Sprintf("SP: German %d, Allied %d (22.3)", g.s.SP[0], g.s.SP[1]),
		"Ready air and naval markers: "+strings.Join(g.s.Ready, ", ")+" (9.4, 9.6)",
		fmt.Sprintf("Allied VP at the last check: %d, BH lost %d (23.1)", g.s.VP, g.s.BHLost))
	if p.Over {
		s.Notes = append(s.Notes, "Game over: "+p.Result)
	}
	s.Pieces = g.scenePieces()
	s.Overlays = g.sceneOverlays()
	return s
}

// mapLooks draw the map's terrains (TEC), hexsides (2.2), roads (5.2) and
// zones, the Eighth Army's drawn as a boundary.
var mapLooks = hexwar.MapLooks{
	Terrains: terrains, TerrainRule: "TEC",
	TerrainLooks: map[Terrain]scene.Look{Clear: scene.LookClear, Hills: scene.LookHills, Swamp: scene.LookMarsh,
		City: scene.LookCity, Town: scene.LookTown, Sea: scene.LookSea},
	Features: features, FeatureRule: "2.2", SidePrefix: "side-",
	FeatureLooks: map[Feature]scene.Look{Mountain: scene.LookFortLine, Pass: scene.LookCauseway, River: scene.LookMinorRiver, SeaSide: scene.LookImpassable},
	Roads:        roadClasses, RoadRule: "5.2",
	RoadLooks: map[RoadClass]scene.Look{MainRoad: scene.LookMajorRoad, SecondaryRoad: scene.LookMinorRoad},
	Boundary:  ZoneEighthArmy,
}

// boardScene draws the scenario's map.
func (g *Game) boardScene() *scene.HexBoard {
	sc := g.sc
	b := &scene.HexBoard{Layout: sc.Layout}
	mapLooks.Draw(b, sc.Hexsides, sc.Roads, sc.Zones)
	for _, h := range sc.Hexes {
		b.Cells = append(b.Cells, scene.Cell{ID: h.ID, Class: string(h.Terrain), Name: h.Name})
	}
	for _, e := range sc.Entries {
		for _, h := range e.Hexes {
			b.Places = append(b.Places, scene.Place{Cell: h, Kind: scene.PlaceEntry, Label: "next to entry area " + e.Name + " (21.0)"})
		}
	}
	for _, x := range sc.Beaches {
		b.Places = append(b.Places, scene.Place{Cell: x.Hex, Kind: scene.PlaceBeach, Label: x.Name + " beach (24.2)"})
	}
	for _, p := range sc.Ports {
		label := fmt.Sprintf("port, %d LP (18.4.4)", p.LP)
		if p.Unusable {
			label = fmt.Sprintf("port, [%d] unusable (18.2.2)", p.LP)
		}
		b.Places = append(b.Places, scene.Place{Cell: p.Hex, Kind: scene.PlacePort, Label: label})
	}
	for _, v := range sc.VP {
		b.Places = append(b.Places, scene.Place{Cell: v.Hex, Kind: scene.PlaceObjective, Label: fmt.Sprintf("%d VP (23.1.1)", v.Points)})
	}
	return b
}

// sceneBoxes are the boxes beside the map.
var sceneBoxes = func() []scene.Box {
	out := []scene.Box{{ID: BoxFloating, Label: "Floating Reserve (18.3)", Kind: scene.BoxApproach},
		{ID: boxTwoTurnScene, Label: "At sea, 2-Turn Naval Transport (18.4.4)", Kind: scene.BoxApproach}}
	for _, l := range landingNames {
		out = append(out, scene.Box{ID: boxAssault + l, Label: "Assault, " + landingWords(l) + " (24.2)", Kind: scene.BoxApproach})
	}
	for _, b := range beachNames {
		out = append(out, scene.Box{ID: boxFollowUp + b, Label: "Follow-up wave, " + b + " (24.4.2)", Kind: scene.BoxApproach})
	}
	for _, a := range entryAreas {
		out = append(out, scene.Box{ID: boxEntry + a, Label: "Entry area " + a + " (21.0)", Kind: scene.BoxHolding})
	}
	out = append(out, scene.Box{ID: boxWaitingScene, Label: "Reinforcements to place or drop (21.1, 21.6)", Kind: scene.BoxWaiting},
		scene.Box{ID: BoxEliminated, Label: "Eliminated Units (10.3)", Kind: scene.BoxEliminated})
	return out
}()

const (
	boxWaitingScene = "waiting"
	boxTwoTurnScene = "two-turn"
)

// sceneColours are the counters' colours (2.3.4).
var sceneColours = []scene.Colour{
	{ID: string(US), Label: "US", Fill: "#8a9a5b", Ink: "#000000"},
	{ID: string(British), Label: "British", Fill: "#c2a36b", Ink: "#000000"},
	{ID: string(Canadian), Label: "Canadian", Fill: "#8b5a2b", Ink: "#ffffff"},
	{ID: string(Heer), Label: "Heer", Fill: "#7f8c8d", Ink: "#000000"},
	{ID: string(Luftwaffe), Label: "Luftwaffe", Fill: "#9ec3e6", Ink: "#000000"},
	{ID: string(German), Label: "German", Fill: "#7f8c8d", Ink: "#000000"},
	{ID: string(Allied), Label: "Allied", Fill: "#8a9a5b", Ink: "#000000"},
}

var sceneTypes = map[UnitType]scene.UnitType{"infantry": scene.TypeInfantry, "paratroop": scene.TypeAirborne, "glider": scene.TypeGlider,
	"engineer": scene.TypeEngineer, "commando": scene.TypeCommando, "ranger": scene.TypeCommando, "beachhead": scene.TypeFortification,
	"garrison": scene.TypeSecurity, "hq": scene.TypeHQ, "werfer": scene.TypeRocket, "mech-inf": scene.TypeMechanized,
	"motorized": scene.TypeMotorized, "recon": scene.TypeRecon, "armor": scene.TypeArmor, "tank-destroyer": scene.TypeSPAntiTank,
	"assault-gun": scene.TypeSPAntiTank}

// scenePieces lists the units on the map and in the boxes.
func (g *Game) scenePieces() []scene.Piece {
	var out []scene.Piece
	for i, us := range g.s.Units {
		u := g.sc.Units[i]
		at := us.Hex
		if at == "" {
			switch {
			case us.Box == "" || us.Box == BoxRemnant:
				continue
			case strings.HasPrefix(us.Box, boxArrive) || strings.HasPrefix(us.Box, "airdrop:"):
				at = boxWaitingScene
			case twoTurnPort(us) != "":
				at = boxTwoTurnScene
			default:
				at = us.Box
			}
		}
		f := g.pos().face(i)
		def := fmt.Sprint(f.Defense)
		switch {
		case f.Variable:
			def = "*"
		case f.Bracketed:
			def = "(" + def + ")"
		}
		pc := scene.Piece{ID: u.ID, At: at, Owner: rules.Seat(u.Side), Colour: string(u.Nation), Type: sceneTypes[u.Type],
			Label: u.ID, Values: fmt.Sprintf("%d-%s-%d", f.Attack, def, f.MA), Steps: g.stepsLeft(i), MaxSteps: u.Steps()}
		if f.Quality == Elite {
			pc.Left = "E"
		}
		if f.Armor > 0 {
			pc.Right = fmt.Sprint(f.Armor)
		}
		add := func(on bool, text, note string, tone scene.Tone) {
			if on {
				pc.Markers = append(pc.Markers, scene.Marker{Text: text, Tone: tone, Note: note})
			}
		}
		add(us.Status == Disorganized, "DG", "Disorganized (13.2)", scene.ToneWarn)
		add(us.Status == Shattered, "SH", "Shattered (13.3)", scene.ToneBad)
		add(us.HalfEff, "½", "½ Eff (5.7)", scene.ToneWarn)
		add(twoTurnPort(us) != "", "2T", "2-Turn Naval Transport to "+twoTurnPort(us)+" (18.4.4)", scene.ToneInfo)
		add(us.Isolated, "ISO", "isolated (16.5)", scene.ToneBad)
		add(us.OOS && !us.Isolated, "OOS", "out of supply (16.1)", scene.ToneWarn)
		add(u.ASU() && us.Used, "USED", "USED (17.5)", scene.ToneInfo)
		out = append(out, pc)
	}
	return out
}

// sceneOverlays are the ZOCs, control and supply.
func (g *Game) sceneOverlays() scene.Overlays {
	var o scene.Overlays
	for _, side := range []Side{German, Allied} {
		var cells []string
		for _, a := range g.pos().zoc(side).Sorted() {
			cells = append(cells, g.b.ID(a))
		}
		o.ZOC = append(o.ZOC, scene.Area{Colour: string(side), Label: string(side) + " ZOC (6.1)", Cells: cells})
		var held []string
		for _, p := range g.keyHexes() {
			if g.controls(side, p) {
				held = append(held, p)
			}
		}
		o.Control = append(o.Control, scene.Area{Colour: string(side), Label: string(side) + " control (16.3.4)", Cells: held})
		var oos []string
		for i, us := range g.s.Units {
			if us.Hex != "" && g.sc.Units[i].Side == side && us.OOS && !slices.Contains(oos, us.Hex) {
				oos = append(oos, us.Hex)
			}
		}
		slices.Sort(oos)
		if len(oos) > 0 {
			o.Supply = append(o.Supply, scene.Area{Colour: string(side), Label: string(side) + " out of supply (16.1)", Tone: scene.ToneWarn, Cells: oos})
		}
	}
	return o
}

// keyHexes are the ports, cities and VP hexes, whose control counts
// (16.3.4), in id order.
func (g *Game) keyHexes() []string {
	var out []string
	for _, h := range g.sc.Hexes {
		if g.b.keyHex(h.ID) {
			out = append(out, h.ID)
		}
	}
	return out
}
