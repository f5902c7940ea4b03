package hexwar

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// The engine of a series game as the rest of pbem knows it, the same shape
// in Ardennes '44 and Salerno '43: New and Seats begin with the setup's
// checks (rules.Engine.CheckSetup: the edition and the rules version), and
// a map or chart file is checked on its own through the game's own
// assembler and parser.

// Engine completes e, a series game's rules.Engine, with New, which checks
// the setup and starts the game with start under the rules version it
// names ("" for the current one), and Seats, which checks the setup, the
// scenario and the options with check and names seats (the same for every
// scenario of the game).
func Engine(e rules.Engine, start func(scenario []byte, opts []string, version string) (rules.Game, error), check func(scenario []byte, opts []string) error, seats []rules.Seat) rules.Engine {
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		return start(s.Scenario, s.Options, s.Version)
	}
	e.Seats = func(s rules.Setup) ([]rules.Seat, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		if err := check(s.Scenario, s.Options); err != nil {
			return nil, err
		}
		return slices.Clone(seats), nil
	}
	return e
}

// SideFiles checks a series game's side files on their own
// (rules.Files.Check): a chart file is read whole; a map file is assembled
// into a stand-in scenario that names it and the standard chart, which the
// game parses and so checks.
type SideFiles struct {
	Game             string // the scenario header's game
	MapExt, ChartExt string
	// StandIn is what the stand-in scenario needs after its header for
	// the game to parse it ("[victory]\nvp 1\n").
	StandIn   string
	ReadChart func(name string, data []byte) error
	Assemble  func(scenario []byte, open func(name string) ([]byte, error)) ([]byte, error)
	Parse     func(scenario []byte) error
}

// Check checks the side file name, whose text is data; open reads the
// other files a map may name.
func (f SideFiles) Check(name string, data []byte, open func(string) ([]byte, error)) error {
	if base, ok := strings.CutSuffix(name, f.ChartExt); ok && base != "" {
		return f.ReadChart(name, data)
	}
	mapName, ok := strings.CutSuffix(name, f.MapExt)
	if !ok {
		return fmt.Errorf("%s: a map file's name ends in %s, a chart file's in %s", name, f.MapExt, f.ChartExt)
	}
	scenario := fmt.Sprintf("game %s\nscenario map-check\ntitle map check\nprovenance stand-in: a map check\nmap %s\nchart standard\nturns 1\n%s", f.Game, mapName, f.StandIn)
	withMap := func(file string) ([]byte, error) {
		if file == name {
			return data, nil
		}
		return open(file)
	}
	text, err := f.Assemble([]byte(scenario), withMap)
	if err != nil {
		return err
	}
	return f.Parse(text)
}
