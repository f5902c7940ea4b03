package salerno43

import (
	"errors"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Engine is Salerno '43 as the rest of pbem knows it: the living rules of
// 2022.
func Engine() rules.Engine {
	e := rules.Engine{
		Name:    "salerno43",
		Version: Version,
		Replays: versionRules.Replays(),
		Title:   "Salerno '43 (GMT, living rules 2022)",
		Files: &rules.Files{
			Ext:      []string{MapExt, ChartExt},
			Assemble: Assemble,
			Check:    sideFiles.Check,
		},
		Player:    RandomCommand,
		Canonical: canonicalCommand,
	}
	// A game goes on under the rules version its invite names (versions.go).
	return hexwar.Engine(e, startGame, checkSetup, seats)
}

// checkSetup checks a scenario and options for Seats, without starting
// the game.
func checkSetup(scenario []byte, opts []string) error {
	if _, err := ParseScenario(scenario); err != nil {
		return err
	}
	_, err := readOptions(opts)
	return err
}

var seats = []rules.Seat{rules.Seat(German), rules.Seat(Allied)}

// Seats implements rules.Game: the German player, then the Allied (3.0:
// the German player turn comes first).
func (g *Game) Seats() []rules.Seat { return slices.Clone(seats) }

// ErrOption is returned for an option the engine does not know.
var ErrOption = errors.New("unknown option")

// sideFiles checks a map or chart file on its own; the stand-in scenario
// of a map needs a victory record.
var sideFiles = hexwar.SideFiles{
	Game: "salerno43", MapExt: MapExt, ChartExt: ChartExt,
	StandIn:   "[victory]\nvp 1\n",
	ReadChart: readChartFile,
	Assemble:  Assemble,
	Parse:     func(text []byte) error { _, err := ParseScenario(text); return err },
}

// New starts a game from an assembled scenario under the current rules
// version: the units where the set-up puts them, the markers of S1.1, and
// the game waiting for its first phase.
func New(scenario []byte, opts []string) (rules.Game, error) {
	return startGame(scenario, opts, Version)
}

// startGame is New under a rules version the engine plays (versions.go).
func startGame(scenario []byte, opts []string, version string) (rules.Game, error) {
	ver, err := versionRules.Rules(version)
	if err != nil {
		return nil, err
	}
	sc, err := ParseScenario(scenario)
	if err != nil {
		return nil, err
	}
	o, err := readOptions(opts)
	if err != nil {
		return nil, err
	}
	b, err := newBoard(sc)
	if err != nil {
		return nil, err
	}
	g := &Game{sc: sc, b: b, opt: o, ver: ver, hasher: new(rules.StateHasher)}
	g.s = state{Scenario: sc.Name, Options: slices.Clone(opts), Turn: 1}
	for _, u := range sc.Units {
		g.s.Units = append(g.s.Units, unitState{ID: u.ID})
	}
	for _, pl := range sc.Setup {
		i := g.index(pl.Unit)
		if a, ok := b.Hex(pl.At); ok {
			g.s.Units[i].Hex = b.ID(a)
		} else {
			g.s.Units[i].Box = pl.At
		}
		g.s.Units[i].Used = pl.Used
	}
	g.s.SP = [2]int{sc.Special.Supply[German], sc.Special.Supply[Allied]}
	// S1.1: the Allies start with their four air and naval markers ready;
	// the weather marker is in box A (22.1).
	g.s.Ready = []string{markerCWAir, markerCWNaval, markerUSAir, markerUSNaval}
	for _, l := range landingNames {
		if slices.ContainsFunc(g.s.Units, func(u unitState) bool { return u.Box == boxAssault+l }) {
			g.s.Landings = append(g.s.Landings, l)
		}
	}
	st := sequence.First(g, 1)
	g.s.Phase, g.s.Side = st.Phase, st.Side
	g.enterPhase()
	return g, nil
}

// The air and naval markers (9.4, 9.6, 22.2.2), by name.
const (
	markerCWAir     = "cw-air"
	markerCWNaval   = "cw-naval"
	markerUSAir     = "us-air"
	markerUSNaval   = "us-naval"
	markerLuftwaffe = "luftwaffe"
)
