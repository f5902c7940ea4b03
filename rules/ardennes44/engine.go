package ardennes44

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hexwar"
)

// Engine is Ardennes '44 as the rest of pbem knows it: the 3rd edition.
func Engine() rules.Engine {
	e := rules.Engine{
		Name:    "ardennes44",
		Version: Version,
		Replays: versionRules.Replays(),
		Title:   "Ardennes '44 (GMT, 3rd edition)",
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

var seats = []rules.Seat{rules.Seat(German), rules.Seat(Allied)}

// checkSetup checks a scenario and options for Seats, without starting
// the game.
func checkSetup(scenario []byte, opts []string) error {
	if _, err := ParseScenario(scenario); err != nil {
		return err
	}
	_, err := readOptions(opts, nil)
	return err
}

// sideFiles checks a map or chart file on its own; the stand-in scenario
// of a map needs the traffic record (24.3) and a victory record.
var sideFiles = hexwar.SideFiles{
	Game: "ardennes44", MapExt: MapExt, ChartExt: ChartExt,
	StandIn:   "[special]\ntraffic german=0 allied=0\n[victory]\nvp 1\n",
	ReadChart: readChartFile,
	Assemble:  Assemble,
	Parse:     func(text []byte) error { _, err := ParseScenario(text); return err },
}

// ErrOption is returned for an option the engine does not know.
var ErrOption = errors.New("unknown option")

// The invitation's options: the optional rules 31-36 (used only by
// agreement, digest 3.31-3.36) and the extended game (S5).
const (
	OptExtended     = "extended"           // S5: play on to 30 PM
	OptInfiltration = "night-infiltration" // 31
	OptFuelDumps    = "fuel-dumps"         // 32
	OptRoadblocks   = "roadblocks"         // 33
	OptAttackLimit  = "attack-limit"       // 34
	OptBodenplatte  = "bodenplatte"        // 35
	OptGreif        = "greif"              // 36
)

var knownOptions = map[string]string{
	OptExtended:     "S5: the extended game, on to turn 30 (30 PM) after the campaign or Patton's counterattack",
	OptInfiltration: "31: each unused Night marker moves one stack 1 hex in the Night Movement Phase",
	OptFuelDumps:    "32: the Allied fuel dumps, one real, which the Germans may capture to skip the turn 7 and 8 fuel checks",
	OptRoadblocks:   "33: two Roadblocks a side",
	OptAttackLimit:  "34: at most 18 attack strength counts in a combat",
	OptBodenplatte:  "35: Operation Bodenplatte, rolled at the start of turn 15",
	OptGreif:        "36: the Greif Commando, once a game on a bridge before turn 7",
}

// options is what the invitation's options decide.
type options struct {
	extended, infiltration, dumps, roadblocks, limit, bodenplatte, greif bool
}

// Options lists the options the engine knows, with what each does.
func Options() map[string]string {
	out := map[string]string{}
	for k, v := range knownOptions {
		out[k] = v
	}
	return out
}

func readOptions(opts []string, sc *Scenario) (options, error) {
	var o options
	for _, opt := range opts {
		switch opt {
		case OptExtended:
			o.extended = true
		case OptInfiltration:
			o.infiltration = true
		case OptFuelDumps:
			o.dumps = true
		case OptRoadblocks:
			o.roadblocks = true
		case OptAttackLimit:
			o.limit = true
		case OptBodenplatte:
			o.bodenplatte = true
		case OptGreif:
			o.greif = true
		default:
			names := make([]string, 0, len(knownOptions))
			for k := range knownOptions {
				names = append(names, k)
			}
			sort.Strings(names)
			return o, fmt.Errorf("%w %q (ardennes44 knows %s)", ErrOption, opt, strings.Join(names, ", "))
		}
	}
	if sc != nil && o.extended && !sc.Win.Campaign {
		return o, fmt.Errorf("%w: extended (S5) continues the campaign or Patton's counterattack, not %s", ErrOption, sc.Name)
	}
	return o, nil
}

// New starts a game from an assembled scenario under the current rules
// version: the units where the set-up puts them, the markers of the
// scenario's special rules, and the game waiting for its first phase.
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
	o, err := readOptions(opts, sc)
	if err != nil {
		return nil, err
	}
	b, err := newBoard(sc)
	if err != nil {
		return nil, err
	}
	if o.dumps && len(sc.FuelDumps) > 0 {
		sc.Units = append(sc.Units, dumpCounter()) // 32.2
	}
	g := &Game{sc: sc, b: b, index: map[string]int{}, opt: o, ver: ver, hasher: new(rules.StateHasher)}
	g.s = state{Scenario: sc.Name, Options: slices.Clone(opts), Turn: sc.FirstTurn}
	for i, u := range sc.Units {
		g.index[u.ID] = i
		g.s.Units = append(g.s.Units, unitState{ID: u.ID})
	}
	if err := g.setUp(); err != nil {
		return nil, err
	}
	first := stages(g, sc.FirstTurn)[0]
	g.s.Phase, g.s.Side = first.Phase, first.Side
	g.enterPhase()
	return g, nil
}

// Seats implements rules.Game: the German player, then the Allied.
func (g *Game) Seats() []rules.Seat { return slices.Clone(seats) }

func seatSide(s rules.Seat) Side { return Side(s) }
