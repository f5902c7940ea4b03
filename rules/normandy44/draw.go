package normandy44

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// Scene implements scene.Drawer. Normandy '44 hides nothing (no fog of war),
// so every seat sees the same scene.
//
// Its texts are in the game's edition's numbers (renumber.go).
func (g *Game) Scene(seat rules.Seat) scene.Scene {
	s := g.scene(seat)
	g.speakAll(&s)
	return s
}

func (g *Game) scene(seat rules.Seat) scene.Scene {
	d := g.drawing()
	p := g.pendingSeats()
	s := scene.Scene{
		Title: g.sc.Title, Turn: g.s.Turn, Phase: p.Phase, Seat: seat,
		Hex: d.board, Boxes: d.boxes, Colours: d.colours,
	}
	if g.s.Weather.Valid() {
		s.Notes = append(s.Notes, "Weather: "+g.s.Weather.String()+" (4.1)")
	}
	s.Notes = append(s.Notes, g.resourceLines()...)
	s.Notes = append(s.Notes, g.supportLines()...)
	s.Notes = append(s.Notes, g.mulberryLines()...)
	if p.Over {
		s.Notes = append(s.Notes, "Game over: "+p.Result)
	}
	var elsewhere bool
	s.Pieces, elsewhere = g.scenePieces(d)
	if elsewhere {
		// A place the drawing does not know: shown, never lost.
		s.Boxes = append(slices.Clip(s.Boxes), scene.Box{ID: boxElsewhere, Kind: scene.BoxHolding, Label: "Elsewhere off the map"})
	}
	s.Overlays = g.sceneOverlays()
	return s
}

// drawing is what every scene of a game shares: the map, the boxes and the
// colours. It depends on the scenario only.
type drawing struct {
	board   *scene.HexBoard
	boxes   []scene.Box
	colours []scene.Colour
	// waitBox maps a waiting reinforcement's At ("entry:red", "at:2506")
	// to its box; outBox the At of units out of play for good.
	waitBox map[string]string
	outBox  map[string]string
}

// Box ids of the boxes a scenario does not define.
const (
	boxEliminated = "eliminated"
	boxGliders    = "gliders"
	boxElsewhere  = "elsewhere"
)

func (g *Game) drawing() *drawing {
	if g.drawn == nil {
		g.drawn = newDrawing(g.sc, newDrawnBoard(g.sc, g.sideFeature))
	}
	return g.drawn
}

// newDrawing lists the boxes: the scenario's, then one per way German
// reinforcements wait to enter (6.6, S3.2), the gliders waiting to land
// (20.2.4) and the eliminated units. The list is the same at every point of
// a game, so a replay's boxes never move.
func newDrawing(sc *Scenario, board *scene.HexBoard) *drawing {
	d := &drawing{board: board, colours: counterColours, waitBox: map[string]string{}, outBox: map[string]string{}}
	for _, b := range sc.Boxes {
		box := scene.Box{ID: b.Name, Label: boxLabel(b)}
		switch b.Kind {
		case BoxApproach:
			box.Kind = scene.BoxApproach
		default:
			box.Kind = scene.BoxHolding
		}
		if b.Kind == BoxInBritain {
			box.Note = "reinforcements to buy with RP (6.5.1)"
		}
		d.boxes = append(d.boxes, box)
	}
	gliders := false
	var waits []string
	for _, r := range sc.Reinforcements {
		gliders = gliders || r.Glider
		switch {
		case strings.HasPrefix(r.At, waitEntry):
		case validHexID(r.At) && !r.Glider:
			r.At = waitAt + r.At
		default:
			continue
		}
		if !slices.Contains(waits, r.At) {
			waits = append(waits, r.At)
		}
	}
	slices.Sort(waits)
	for _, w := range waits {
		id := "waiting-" + strings.TrimPrefix(strings.TrimPrefix(w, waitEntry), waitAt)
		d.waitBox[w] = id
		d.boxes = append(d.boxes, scene.Box{ID: id, Kind: scene.BoxWaiting,
			Label: "Entering at " + entryWords(w) + " (6.6)"})
	}
	if gliders {
		d.boxes = append(d.boxes, scene.Box{ID: boxGliders, Kind: scene.BoxWaiting, Label: "Gliders waiting to land (20.2.4)"})
	}
	// Out of play for good: withdrawn (17.5) and evacuated airborne (22.2),
	// when the scenario has units these rules can take.
	if slices.ContainsFunc(sc.Units, func(u Unit) bool { return slices.Contains(u.Marks, MarkWithdraws) }) {
		d.outBox[atWithdrawn] = "withdrawn"
		d.boxes = append(d.boxes, scene.Box{ID: "withdrawn", Kind: scene.BoxEliminated, Label: "Withdrawn (17.5)"})
	}
	if slices.ContainsFunc(sc.Units, func(u Unit) bool { return u.Type == Paratroop || u.Type == GliderInfantry }) {
		d.outBox[atEvacuated] = "evacuated"
		d.boxes = append(d.boxes, scene.Box{ID: "evacuated", Kind: scene.BoxEliminated, Label: "Airborne evacuated (22.2)"})
	}
	d.boxes = append(d.boxes, scene.Box{ID: boxEliminated, Kind: scene.BoxEliminated, Label: "Eliminated"})
	return d
}

// boxLabel names a scenario box for players.
func boxLabel(b Box) string {
	switch b.Kind {
	case BoxInBritain:
		return "In Britain (6.5.1)"
	case BoxApproach:
		s := title(b.For) + " approach box"
		if b.Sector != "" {
			s = title(b.For) + " " + title(b.Sector) + " approach box"
		}
		return s + " (20.5)"
	case BoxMobilization:
		return b.For + " mobilization box (6.7)"
	}
	return b.Name
}

// counterColours are the counters' background colours (2.3.4): US green,
// British and Commonwealth beige, Canadian brown; Wehrmacht gray, SS dark
// gray, Luftwaffe light blue, Kriegsmarine dark blue, Organisation Todt
// maroon. The sides' colours mark their areas on the map.
var counterColours = []scene.Colour{
	{ID: "us", Label: "US", Fill: "#8a9c5a", Ink: "#111111"},
	{ID: "gb", Label: "British and Commonwealth", Fill: "#dccba0", Ink: "#111111"},
	{ID: "ca", Label: "Canadian", Fill: "#b07d4f", Ink: "#111111"},
	{ID: "heer", Label: "Wehrmacht", Fill: "#aab2b8", Ink: "#111111"},
	{ID: "ss", Label: "SS", Fill: "#4b4e52", Ink: "#f4f4f4"},
	{ID: "luftwaffe", Label: "Luftwaffe", Fill: "#a9cbe6", Ink: "#111111"},
	{ID: "kriegsmarine", Label: "Kriegsmarine", Fill: "#27446e", Ink: "#f4f4f4"},
	{ID: "todt", Label: "Organisation Todt", Fill: "#7a2f3b", Ink: "#f4f4f4"},
	{ID: string(Allied), Label: "Allied", Fill: "#4f7a2a", Ink: "#ffffff"},
	{ID: string(German), Label: "German", Fill: "#4a5560", Ink: "#ffffff"},
}

// unitSymbols maps the unit types (2.3.3) to the symbols printed on them.
var unitSymbols = map[UnitType]scene.UnitType{
	Infantry: scene.TypeInfantry, Paratroop: scene.TypeAirborne, GliderInfantry: scene.TypeGlider,
	Cyclist: scene.TypeCyclist, Security: scene.TypeSecurity, Ost: scene.TypeInfantry,
	Garrison: scene.TypeInfantry, Commando: scene.TypeCommando, Engineer: scene.TypeEngineer,
	Armored: scene.TypeArmor, Panzergrenadier: scene.TypeMechanized, Motorized: scene.TypeMotorized,
	Recon: scene.TypeRecon, HQ: scene.TypeHQ, Werfer: scene.TypeRocket, Flak88: scene.TypeFlak,
	AT88: scene.TypeAntiTank, Tank: scene.TypeArmor, SPAntiTank: scene.TypeSPAntiTank,
	Strongpoint: scene.TypeFortification, Fallschirmjager: scene.TypeAirborne,
}

// scenePieces lists the IP markers, under the units of their hex, then the
// units in play in scenario order (which keeps a stack's order the same from
// one scene to the next).
// elsewhere reports a unit at a place the drawing has no box for.
func (g *Game) scenePieces(d *drawing) (out []scene.Piece, elsewhere bool) {
	for _, m := range g.s.IPs {
		p := scene.Piece{ID: "IP " + m.Hex, At: m.Hex, Owner: rules.Seat(m.Side), Colour: string(m.Side),
			Type: scene.TypeMarker, Label: "IP", Note: "Improved Position (16.1)"}
		if !m.Built {
			p.Label, p.Note = "Entr.", fmt.Sprintf("Entrenching by %s in turn %d (16.1.3)", m.Unit, m.Turn)
		}
		out = append(out, p)
	}
	for i := range g.s.Units {
		at, ok := g.pieceAt(d, i)
		if !ok {
			continue
		}
		if at == boxElsewhere {
			elsewhere = true
		}
		out = append(out, g.piece(i, at))
	}
	return out, elsewhere
}

// pieceAt is where unit i is drawn; false when it is not in play (a
// reinforcement not due yet).
func (g *Game) pieceAt(d *drawing, i int) (string, bool) {
	us := g.s.Units[i]
	switch {
	case us.Gone:
		return boxEliminated, true
	case g.isCell(us.At):
		return us.At, true
	case g.isBox(us.At):
		return us.At, true
	case g.waiting(i):
		if b, ok := d.waitBox[us.At]; ok {
			return b, true
		}
		return boxElsewhere, true
	}
	if _, _, ok := g.gliderHex(i); ok {
		return boxGliders, true
	}
	if b, ok := d.outBox[us.At]; ok {
		return b, true
	}
	if us.At != "" {
		return boxElsewhere, true
	}
	// 6.5.1: a reinforcement due is bought from the In Britain card.
	if box := g.inBritainBox(); box != "" {
		if _, ok := g.inBritainEntry(i); ok {
			return box, true
		}
	}
	return "", false
}

func (g *Game) isBox(name string) bool {
	return name != "" && slices.ContainsFunc(g.sc.Boxes, func(b Box) bool { return b.Name == name })
}

// piece is unit i's counter as it stands.
func (g *Game) piece(i int, at string) scene.Piece {
	u, us := g.unit(i), g.s.Units[i]
	step := min(us.Step, len(u.Steps)-1)
	st := u.Steps[step]
	p := scene.Piece{
		ID: u.ID, At: at, Owner: g.owner(i), Colour: u.Nationality, Type: unitSymbols[u.Type],
		Size: u.Size, Label: u.ID, Values: stepValues(st),
		Steps: len(u.Steps) - step, MaxSteps: len(u.Steps),
	}
	if us.Gone {
		p.Steps = 0
	}
	if u.Quality != 0 {
		p.Left = fmt.Sprintf("%+d", u.Quality)
	}
	if u.AC > 0 {
		p.Right = itoa(u.AC)
		if u.AntiTank {
			p.RightTone = scene.ToneBad
		}
	}
	p.Markers = unitMarkers(us)
	p.Note = g.pieceNote(i)
	return p
}

// stepValues is a step side's bottom line: strength-MA, the strength in
// parentheses when the unit only defends (10.7).
func stepValues(st Step) string {
	s := itoa(st.Strength)
	if st.DefendOnly {
		s = "(" + s + ")"
	}
	return s + "-" + itoa(st.MA)
}

// unitMarkers are the markers on a unit, in the order the View lists them.
func unitMarkers(us unitState) []scene.Marker {
	var out []scene.Marker
	add := func(on bool, text string, tone scene.Tone, note string) {
		if on {
			out = append(out, scene.Marker{Text: text, Tone: tone, Note: note})
		}
	}
	add(us.SM, "SM", scene.ToneInfo, "Strategic Move (9.8.3)")
	add(us.Trucks, "TRK", scene.ToneInfo, "Trucks (9.8.6)")
	add(us.Isolated, "ISO", scene.ToneBad, "Isolated (18.1)")
	add(us.OutOfSupply && !us.Isolated, "OOS", scene.ToneWarn, "Out of supply (18.1)")
	add(us.Repl, "REPL", scene.ToneInfo, "took a replacement this turn (6.2.4)")
	add(us.Disrupted, "DIS", scene.ToneBad, "Disrupted (13.6)")
	add(us.Fired, "FIRED", scene.ToneInfo, "Werfer fired (17.3)")
	add(us.Reserve, "RES", scene.ToneGood, "Reserve (15.1)")
	add(us.HQMoved, "MOVED", scene.ToneInfo, "HQ on its Moved side (17.2.3)")
	add(us.Scattered, "SCAT", scene.ToneBad, "Scattered (20.2.3)")
	add(us.Regroup, "RGP", scene.ToneWarn, "Regroup (6.5.2 b)")
	return out
}

// pieceNote says what the counter prints beyond its face, for a tooltip.
func (g *Game) pieceNote(i int) string {
	u, us := g.unit(i), g.s.Units[i]
	parts := []string{string(u.Type)}
	if u.Formation != "" {
		parts = append(parts, "formation "+u.Formation)
	}
	if u.Size != "" {
		parts = append(parts, "size "+u.Size)
	}
	if len(u.Steps) > 1 {
		var sides []string
		for _, st := range u.Steps {
			sides = append(sides, stepValues(st))
		}
		parts = append(parts, fmt.Sprintf("steps %s", strings.Join(sides, " / ")))
	}
	if u.Quality != 0 {
		parts = append(parts, fmt.Sprintf("quality %+d", u.Quality))
	}
	if u.AC > 0 {
		ac := fmt.Sprintf("armor class %d", u.AC)
		if u.AntiTank {
			ac += " (anti-tank, 11.4.3)"
		}
		parts = append(parts, ac)
	}
	if u.Cadre != "" {
		parts = append(parts, "cadre "+u.Cadre)
	}
	if slices.Contains(u.Marks, MarkRestricted) && !g.s.RestrictedFree {
		parts = append(parts, "restricted mobility (17.6.1)")
	}
	if us.Delay > 0 && g.waiting(i) {
		parts = append(parts, fmt.Sprintf("delayed %d turn(s) (6.6)", us.Delay))
	}
	if r, ok := g.inBritainEntry(i); ok {
		if rp, _, ok := g.rpCost(r, u); ok {
			parts = append(parts, fmt.Sprintf("%d RP to land (6.5.1)", rp))
		}
	}
	if g.opt.multi() {
		parts = append(parts, "played by "+string(g.owner(i))+" (24.0)")
	}
	return strings.Join(parts, "; ")
}
