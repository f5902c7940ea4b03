// Package rhine44 referees 1944: Race to the Rhine (PHALANX, 2014) from its
// Polish rulebook (seeds/002) and the digest of it (shared/rules/rhine44.md,
// whose numbers the code cites: §n the book's sections, Rn.m its rules, Tn
// its tables, En its worked examples, A-nn its ambiguities and the reading
// taken of each, listed in readings.go).
//
// Three Allied commanders, Montgomery, Bradley and Patton, race each other
// to the Rhine on a board of fields joined by coloured arrows, carrying fuel,
// ammo and food to their corps by truck; each entry into a field they do not
// hold turns a card of a pursuit deck or of the Axis deck. One to three play;
// alone, the German reaction is automatic.
//
// Decks are drawn lazily (rules/deck), one card at a time by a die over the
// cards left, so no one, not even the dice, knows a deck's order in advance.
// A card seen by Air Support or Recon is the peeker's alone: the engine takes
// such a draw sealed (rules.Sealer), holding only its token until the card is
// revealed in play.
package rhine44

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// Engine is Race to the Rhine as the rest of pbem knows it.
func Engine() rules.Engine {
	e := rules.Engine{
		Name:      "rhine44",
		Version:   Version,
		Replays:   versionRules.Replays(),
		Title:     "1944: Race to the Rhine (PHALANX, Polish rulebook)",
		Files:     &rules.Files{Ext: []string{Ext}, Assemble: Assemble, Check: CheckFile},
		Player:    RandomCommand,
		Canonical: Canonical,
	}
	e.New = func(s rules.Setup) (rules.Game, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		// A game goes on under the rules version its invite names (versions.go).
		return startGame(s.Scenario, s.Options, s.Version)
	}
	e.Seats = func(s rules.Setup) ([]rules.Seat, error) {
		if err := e.CheckSetup(s); err != nil {
			return nil, err
		}
		sc, err := ParseScenario(s.Scenario)
		if err != nil {
			return nil, err
		}
		_, seats, err := parseOptions(s.Options, sc.Players)
		return seats, err
	}
	return e
}

// parseOptions reads the invite's options (§15B-D, the training game, the
// players, the solo limit) and returns them with the seats that play.
//
//	players=monty,patton   who plays, in seat order (§4; 1 to 3)
//	weather                §15B
//	shared-deck            §15C
//	hard=monty,bradley     §15D, per commander
//	training               the training game: omit §11, §12, §13 and §15 (L476)
//	turns=N                solo: the game ends after turn N without a victory
func parseOptions(opts []string, players []rules.Seat) (options, []rules.Seat, error) {
	var o options
	seats := slices.Clone(players)
	seen := map[string]bool{}
	for _, opt := range opts {
		key, value, hasValue := strings.Cut(opt, "=")
		if seen[key] {
			return o, nil, fmt.Errorf("%w: option %s given twice", ErrOption, key)
		}
		seen[key] = true
		switch {
		case key == "players" && hasValue:
			s, err := parseSeats(strings.Split(value, ","))
			if err != nil {
				return o, nil, fmt.Errorf("%w: players=%s: %v", ErrOption, value, err)
			}
			seats = s
		case key == "weather" && !hasValue:
			o.Weather = true
		case key == "shared-deck" && !hasValue:
			o.Shared = true
		case key == "training" && !hasValue:
			o.Training = true
		case key == "hard" && hasValue:
			h, err := parseSeats(strings.Split(value, ","))
			if err != nil {
				return o, nil, fmt.Errorf("%w: hard=%s: %v", ErrOption, value, err)
			}
			slices.Sort(h)
			o.Hard = h
		case key == "turns" && hasValue:
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 || n > 999 || strconv.Itoa(n) != value {
				return o, nil, fmt.Errorf("%w: turns=%s: a number of turns, 1 to 999", ErrOption, value)
			}
			o.Turns = n
		default:
			return o, nil, fmt.Errorf("%w: %q (rhine44 knows players=COMMANDER,..., weather, shared-deck, hard=COMMANDER,..., training and turns=N)", ErrOption, opt)
		}
	}
	if o.Training && (o.Weather || o.Shared || len(o.Hard) > 0) {
		return o, nil, fmt.Errorf("%w: the training game omits §15, so weather, shared-deck and hard do not go with it (L476)", ErrOption)
	}
	if o.Turns != 0 && len(seats) != 1 {
		return o, nil, fmt.Errorf("%w: turns=N limits a solo game; the others end by the Axis pool (R16.2)", ErrOption)
	}
	if len(seats) == 1 && o.Turns == 0 {
		o.Turns = soloTurnCap
	}
	if o.Shared && len(seats) == 1 {
		return o, nil, fmt.Errorf("%w: shared-deck shuffles the players' decks together (§15C); a solo game has one", ErrOption)
	}
	// Seats keep the commanders' order, whatever order the option gives.
	slices.SortFunc(seats, func(a, b rules.Seat) int { return seatIndex(a) - seatIndex(b) })
	return o, seats, nil
}

func seatIndex(s rules.Seat) int {
	return slices.IndexFunc(commanders, func(c commander) bool { return c.Seat == s })
}

// hard reports whether the higher difficulty of §15D applies to seat.
func (o options) hard(seat rules.Seat) bool { return slices.Contains(o.Hard, seat) }
