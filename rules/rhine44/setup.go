package rhine44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/deck"
)

// setup lays out the game (§4, L357-470): the players' resources, the
// corps on their start fields with the supply of their cards, the decks, the
// tracks and pools; the absent commander of a two-player game; the solo
// game's numeric markers (§17A).
func (g *Game) setup(seats []rules.Seat, o options) error {
	sc := g.b.sc
	n := len(seats)
	s := state{
		Scenario: sc.Name, Seats: seats, Options: o,
		Pool:        Tokens{F: poolFuel, A: poolAmmo, R: poolFood},
		TruckTrack:  trucksOnTrack,
		TrucksAside: trucksInBox - trucksOnTrack - trucksPerPlayer*n,
		AxisPool:    axisPool[n],
		MedalPool:   medalTokens,
		ParaTrack:   paratroopers,
		Decks:       map[string]deck.Deck{},
		Control:     map[string]rules.Seat{},
		Supply:      map[string]Tokens{},
	}
	for _, seat := range seats {
		c, _ := commanderOf(seat)
		level := c.Start
		// R15.7: Bradley's passive ability is off at the higher
		// difficulty; A-18: and in the training game, which omits §13.
		if o.hard(seat) || o.Training {
			level = 1
		}
		// §4 (L377-401): commander card face up, 6 trucks, the air marker.
		s.Players = append(s.Players, player{Seat: seat, Level: level, Trucks: trucksPerPlayer, Commander: !o.Training})
	}
	for _, k := range sc.Corps {
		if !slices.Contains(seats, k.Owner) {
			continue
		}
		at := ""
		for _, f := range sc.Fields {
			if f.Start == k.ID {
				at = f.ID
			}
		}
		// The printed supply comes from the pool (L377-384).
		supply := k.Supply.Min(s.Pool)
		s.Pool = s.Pool.Minus(supply)
		s.Corps = append(s.Corps, corps{ID: k.ID, Owner: k.Owner, At: at, Card: supply})
	}
	// The supply track, filled from the pool for the player count (§4.9;
	// T3).
	each := sc.SupplyTrack[n]
	s.Track = Tokens{F: each, A: each, R: each}.Min(s.Pool)
	s.Pool = s.Pool.Minus(s.Track)
	// The decks (§4.5-4.6): the Axis deck, and each player's pursuit deck or,
	// under §15C, one deck of them all.
	cardsOf := map[string][]string{}
	for _, c := range sc.Cards {
		cardsOf[c.Deck] = append(cardsOf[c.Deck], c.ID)
	}
	s.Decks[deckAxis] = deck.New(cardsOf[deckAxis])
	var shared []string
	for _, seat := range seats {
		if o.Shared {
			shared = append(shared, cardsOf[string(seat)]...)
		} else {
			s.Decks[string(seat)] = deck.New(cardsOf[string(seat)])
		}
	}
	if o.Shared {
		s.Decks[deckShared] = deck.New(shared)
	}
	g.s = s
	switch n {
	case 1:
		if err := g.setupSolo(); err != nil {
			return err
		}
	case 2:
		g.setupAbsent()
	}
	// R15.6: Patton's higher difficulty puts an Axis marker on Metz.
	if o.hard("patton") && slices.Contains(seats, "patton") {
		for _, f := range sc.Fields {
			if f.HardPatton {
				g.s.Axis = append(g.s.Axis, f.ID)
				if g.s.AxisPool > 0 {
					g.s.AxisPool--
				}
			}
		}
	}
	if n == 1 {
		g.s.Order = slices.Clone(seats)
		g.s.Round = 1
		g.s.Stage = stageActions
		g.startTurn()
	} else {
		g.s.Stage = stageOrder
	}
	return nil
}

// setupAbsent marks the fields of the commander who does not play in a
// two-player game (§2.2, L461-468): his fields, shared ones too, count as
// his; his markers lie there as a reminder. In Monty against Patton, the
// fields Bradley shares stay open.
func (g *Game) setupAbsent() {
	var absent rules.Seat
	for _, c := range commanders {
		if !slices.Contains(g.s.Seats, c.Seat) {
			absent = c.Seat
		}
	}
	colour := colourOf(absent)
	for _, f := range g.b.sc.Fields {
		if !slices.Contains(f.Colours, colour) || f.permanent() {
			continue
		}
		if f.Shared() && absent == "bradley" {
			continue // L466-468: the Monty-Patton exception
		}
		g.s.Control[f.ID] = absent
	}
}

// setupSolo lays out the solo game (§17A, L1587-1593): no Axis-marker pool,
// the numeric markers of the player's colour where its layout puts them,
// and the shared fields outside his zone under another commander's marker
// (R17.7).
func (g *Game) setupSolo() error {
	seat := g.s.Seats[0]
	markers := g.b.sc.Solo[seat]
	if len(markers) == 0 {
		return fmt.Errorf("%w: the scenario lays out no numeric markers for a solo %s ([solo] marker %s ...)", ErrScenario, seat, seat)
	}
	g.s.AxisPool = 0
	g.s.Numeric = map[string][]int{}
	for _, m := range markers {
		g.s.Numeric[m.Field] = append(g.s.Numeric[m.Field], m.Value)
	}
	for _, v := range g.s.Numeric {
		slices.Sort(v)
	}
	for _, id := range g.b.sc.Exclude[seat] {
		f := g.b.field(id)
		for _, c := range f.Colours {
			if c != colourOf(seat) {
				g.s.Control[id] = seatOf(c)
			}
		}
	}
	g.s.Solo = &solo{}
	return nil
}

// startTurn begins the active player's turn.
func (g *Game) startTurn() {
	g.s.Turn = turn{}
	if g.solo() && g.s.Solo != nil {
		g.s.Solo.Base, g.s.Solo.Commands = "", nil
	}
}
