package normandy44

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Engine is Normandy '44 as the rest of pbem knows it. It plays edition 2.2,
// and the first edition as the variant ed1 (edition.go). New games are made
// under Version; the games of the older versions go on under theirs
// (versions.go), and an ed1 game is made under Version only.
func Engine() rules.Engine {
	e := rules.Engine{
		Name:     "normandy44",
		Version:  Version,
		Replays:  versionRules.Replays(),
		Title:    editionDefault.title,
		Variants: variants(),
		// A scenario may take its map from a shared map file (scenario_map.go).
		Files: &rules.Files{
			Ext:      []string{MapExt},
			Assemble: AssembleScenario,
			Check:    checkMapFile,
		},
		Player:    RandomCommand,
		Canonical: canonicalCommand,
	}
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		return newGame(s.Scenario, s.Variant, s.Options, s.Version)
	}
	e.Seats = func(s rules.Setup) ([]rules.Seat, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		ed, _, err := editionVersion(s.Variant, s.Version)
		if err != nil {
			return nil, err
		}
		sc, err := ParseScenario(s.Scenario)
		if err != nil {
			return nil, err
		}
		if err := ed.plays(sc); err != nil {
			return nil, err
		}
		v, err := readOptions(ed, s.Options)
		if err != nil {
			return nil, err
		}
		return v.seats(), nil
	}
	return e
}

// checkMapFile checks a map file on its own: a scenario that names it and
// nothing else is assembled and started, which parses and validates the map
// whole, naming the map file and line of each problem.
func checkMapFile(name string, data []byte, open func(string) ([]byte, error)) error {
	mapName, ok := strings.CutSuffix(name, MapExt)
	if !ok {
		return fmt.Errorf("%s: a map file's name ends in %s", name, MapExt)
	}
	scenario := fmt.Sprintf("game normandy44\nscenario map-check\ntitle map check\nprovenance stand-in: a map check\nmap %s\nturns 1\n", mapName)
	withMap := func(f string) ([]byte, error) {
		if f == name {
			return data, nil
		}
		return open(f)
	}
	text, err := AssembleScenario([]byte(scenario), withMap)
	if err != nil {
		return err
	}
	_, err = New(text, nil)
	return err
}

// canonicalCommand parses a command of any of the engine's grammars and
// prints it canonically: attacks (combat_declare.go), strafing (strafe.go),
// combat orders and decisions (combat_orders.go), and the rest (command.go).
// 'reserve UNIT...' is both a Movement Phase marker (15.1 a) and a combat
// decision (15.1 b), written alike.
func canonicalCommand(text string) (string, error) {
	verb, _, _ := strings.Cut(text, " ")
	switch {
	case verb == "attack":
		a, err := ParseAttack(text)
		if err != nil {
			return "", err
		}
		return a.String(), nil
	case verb == "strafe":
		c, err := ParseStrafe(text)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	case combatVerbs[verb] && verb != "reserve":
		c, err := ParseCombatCommand(text)
		if err != nil {
			return "", err
		}
		return c.String(), nil
	}
	c, err := ParseCommand(text)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// ErrOption is returned for an option the engine does not know.
var ErrOption = errors.New("unknown option")

// playerOptions lists the options fixed in the invitation ('pbem new
// --option NAME') that every edition has, each with what it does: the
// players of 24.0. The optional rules are the edition's (edition.options:
// 25.x in 2.2, 28.x in the first edition). The ambiguities of the digest
// are otherwise settled by its proposed readings, named in the code.
// players.go reads them.
var playerOptions = map[string]string{
	players3Allied: "24.0: three players, two Allied (seats us, cw, german)",
	players3German: "24.0: three players, two German (seats allied, german-cw, german-us)",
	players4:       "24.0: four players (seats us, cw, german-cw, german-us)",
}

// New starts a game of edition 2.2 from a scenario file, under the current
// rules Version: the units stand where the set-up puts them, and the game
// waits for the first phase of turn 1. Engine().New starts games from an
// invitation's Setup, in its edition and under the version it names.
func New(scenario []byte, options []string) (rules.Game, error) {
	return newGame(scenario, "", options, Version)
}

// newGame starts a game of the edition variant names under a rules version
// the engine plays (versions.go).
func newGame(scenario []byte, variant string, options []string, version string) (rules.Game, error) {
	ed, ver, err := editionVersion(variant, version)
	if err != nil {
		return nil, err
	}
	sc, err := ParseScenario(scenario)
	if err != nil {
		return nil, err
	}
	if err := ed.plays(sc); err != nil {
		return nil, err
	}
	sc = ed.scenarioData(sc) // D47: what the edition's book prints
	v, err := readOptions(ed, options)
	if err != nil {
		return nil, err
	}
	b, err := newBoard(sc, ed)
	if err != nil {
		return nil, err
	}
	sup, err := newSupplyMap(sc, b)
	if err != nil {
		return nil, err
	}
	if !ed.losOffroadThroughFloodMajorRiver {
		sup.closeOverland() // D35
	}
	g := &Game{ed: ed, sc: sc, b: b, sup: sup, index: map[string]int{}, opt: v, keeps: controlRule(sc, b, ed), ver: ver.withOptions(v), hasher: new(rules.StateHasher)}
	g.s = state{Scenario: sc.Name, Variant: ed.name, Options: slices.Clone(options), Turn: 1}
	for i, u := range sc.Units {
		g.index[u.ID] = i
		g.s.Units = append(g.s.Units, unitState{ID: u.ID})
	}
	g.owners = g.unitOwners() // 24.0
	// S1.2, S3.1: the set-up. Airborne units start on their drop hexes; their
	// Scatter roll opens the Special Invasion Phase (20.2, invasion.go).
	for _, pl := range sc.Setup {
		g.s.Units[g.index[pl.Unit]].At = pl.At
	}
	g.initControl()
	g.startingResources()
	g.startingSplit() // 24.0: two German players split the starting SupP
	// 20.1: turn 1 has no Initial Phase; its weather is Overcast-2.
	g.s.Weather = WeatherOvercast2
	g.supportMarkers() // 20.1: the naval markers are ready on turn 1
	g.s.Phase, g.s.Side = firstStage(1, sc)
	g.enterPhase()
	return g, nil
}

// controlRule is which hexes keep their controller once left (2.2.5):
// Towns, Cities and the permanent fortifications (16.1.6); in the first
// edition every hex (D56, IT L1485).
func controlRule(sc *Scenario, b *board, ed *edition) hexwar.ControlRule {
	if ed.controlAllHexes {
		return hexwar.AllHexes
	}
	return startingControl(sc, b)
}

// startingControl is which hexes the Germans control at the start: Towns,
// Cities and the permanent fortifications (2.2.5, 16.1.6; IT L1228: "all
// towns start under German control"), in either edition.
func startingControl(sc *Scenario, b *board) hexwar.ControlRule {
	var forts []string
	for _, p := range sc.Places {
		if p.Kind == PlaceFort {
			forts = append(forts, p.Hex)
		}
	}
	return hexwar.KeepTerrains(b.Board, []Terrain{Town, City}, forts)
}

// initControl lists the hexes whose control outlasts occupation (2.2.5), in
// id order. The Germans hold them at the start (digest 3.1 ENGINE NOTE)
// unless an Allied unit is set up there.
func (g *Game) initControl() {
	german := startingControl(g.sc, g.b)
	for _, h := range g.sc.Hexes { // in id order
		if i, ok := g.b.cellOf(h.ID); ok && german(i) {
			g.s.Control = append(g.s.Control, control{Hex: h.ID, Side: German})
		}
	}
	for i := range g.s.Units {
		if _, ok := g.onMap(i); ok {
			g.setControl(g.s.Units[i].At, g.unit(i).Side)
		}
	}
}

// Seats implements rules.Game.
// The seats come in the fixed order of the dice protocol; the players
// options add seats (24.0, players.go).
func (g *Game) Seats() []rules.Seat { return g.opt.seats() }

// View implements rules.Game. Normandy '44 has no hidden units, so both sides
// see everything.
func (g *Game) View(seat rules.Seat) rules.View {
	p := g.pendingSeats()
	lines := []string{
		fmt.Sprintf("%s: %s", g.sc.Title, p.Phase),
		fmt.Sprintf("weather %s", g.s.Weather),
	}
	occ := g.occupancy()
	byHex := map[string][]string{}
	var hexes []string
	inCombat := g.combatLabels() // combat_words.go
	for i, us := range g.s.Units {
		if _, ok := g.onMap(i); !ok {
			continue
		}
		if byHex[us.At] == nil {
			hexes = append(hexes, us.At)
		}
		label := us.ID + g.ownerTag(i) // 24.0
		if us.Step > 0 {
			label += fmt.Sprintf(" (step %d)", us.Step+1)
		}
		if us.SM {
			label += " [SM]"
		}
		switch {
		case us.Isolated:
			label += " [Isolated]"
		case us.OutOfSupply:
			label += " [out of supply]"
		}
		if us.Repl {
			label += " [Repl]"
		}
		if us.Disrupted {
			label += " [Disrupted]"
		}
		if us.Fired {
			label += " [fired]"
		}
		if us.Reserve {
			label += " [Reserve]" // 15.1
		}
		if us.HQMoved {
			label += " [Moved]" // 17.2.3
		}
		if us.Scattered {
			label += " [Scattered]" // 20.2.3
		}
		label += markerLabels(us) // 6.5.2 b
		label += inCombat[i]
		byHex[us.At] = append(byHex[us.At], label)
	}
	slices.Sort(hexes)
	for _, h := range hexes {
		lines = append(lines, fmt.Sprintf("%s %s: %s", h, g.sideAt(occ, g.b.ids[h]), strings.Join(byHex[h], ", ")))
	}
	for i, us := range g.s.Units {
		if g.waiting(i) {
			lines = append(lines, fmt.Sprintf("waiting to enter: %s at %s", us.ID, entryWords(us.At)))
		}
	}
	var britain []string
	for i, us := range g.s.Units {
		if r, ok := g.inBritainEntry(i); ok {
			if rp, _, ok := g.rpCost(r, g.unit(i)); ok {
				britain = append(britain, fmt.Sprintf("%s (%d RP)", us.ID, rp))
			}
			continue
		}
		if words, ok := g.gliderWaitWords(i); ok {
			lines = append(lines, words)
			continue
		}
		if !us.Gone && us.At != "" && !g.b.known(us.At) && !g.waiting(i) {
			lines = append(lines, fmt.Sprintf("off the map: %s in %s", us.ID, us.At))
		}
	}
	if len(britain) > 0 {
		lines = append(lines, "In Britain, to buy with RP (6.5.1): "+strings.Join(britain, ", "))
	}
	lines = append(lines, g.resourceLines()...)
	lines = append(lines, g.supportLines()...)
	lines = append(lines, g.mulberryLines()...)
	lines = append(lines, g.ipLines()...)
	lines = append(lines, g.combatLines()...)
	if p.Prompt != "" {
		lines = append(lines, p.Prompt)
	}
	for k := range lines {
		lines[k] = g.speak(lines[k]) // the edition's numbers (renumber.go)
	}
	return rules.View{Lines: lines, Data: g.s}
}
