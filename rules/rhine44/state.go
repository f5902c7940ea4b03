package rhine44

import (
	"maps"
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/deck"
)

// state is the whole game: plain data, hashed as JSON (rules.HashState).
// Maps are written with their keys sorted; slices keep a fixed order. It
// never holds the value of a sealed draw, nor anything derived from one:
// a deck's sealed top is a token (rules.Sealer).
type state struct {
	Scenario string       `json:"scenario"`
	Seats    []rules.Seat `json:"seats"` // the commanders who play, in seat order
	Options  options      `json:"options"`
	// Order is the turn order, drawn at set-up and fixed (R5.1, L454-459).
	Order []rules.Seat `json:"order,omitempty"`
	Round int          `json:"round"` // from 1; a round is a turn of each player (§3.1)
	// Active indexes Order: whose turn it is.
	Active int   `json:"active"`
	Stage  stage `json:"stage"`
	Turn   turn  `json:"turn"`

	Players []player `json:"players"` // in seat order
	Corps   []corps  `json:"corps"`   // in the scenario's order
	// Control are the control markers on fields (L339-362); the fields a
	// player always controls carry none.
	Control map[string]rules.Seat `json:"control,omitempty"`
	Supply  map[string]Tokens     `json:"supply,omitempty"` // supply tokens on fields
	Axis    []string              `json:"axis,omitempty"`   // fields with an Axis marker, sorted
	// Numeric are the solo game's numeric markers on fields, each field's
	// values sorted (§17).
	Numeric map[string][]int `json:"numeric,omitempty"`
	Paras   []para           `json:"paras,omitempty"`
	Trucks  []truck          `json:"trucks,omitempty"` // trucks on arrows (R8.3)

	Pool        Tokens `json:"pool"`  // the supply pool (L220-226)
	Track       Tokens `json:"track"` // the supply track (T3)
	TruckTrack  int    `json:"truckTrack"`
	TrucksAside int    `json:"trucksAside"`
	ExtraTrucks bool   `json:"extraTrucks,omitempty"` // R9.2.4 done
	AxisPool    int    `json:"axisPool"`
	AxisBox     int    `json:"axisBox,omitempty"`
	MedalPool   int    `json:"medalPool"`
	MedalBox    int    `json:"medalBox,omitempty"`
	ParaTrack   int    `json:"paraTrack"`
	ParaBox     int    `json:"paraBox,omitempty"`
	// CardBox are the division cards paid for paratroopers (R12.1).
	CardBox    []string `json:"cardBox,omitempty"`
	Rain       bool     `json:"rain,omitempty"`       // §15B
	OstendUsed bool     `json:"ostendUsed,omitempty"` // R-OST.2
	Antwerp    bool     `json:"antwerp,omitempty"`    // R15.1: Antwerpen is red's main base
	// Recovered are fields a counterattack from a field of R15.8 freed:
	// never encircled.
	Recovered []string `json:"recovered,omitempty"`

	// Decks are the Axis deck and the pursuit decks, by id (seat, or
	// "shared" under §15C).
	Decks map[string]deck.Deck `json:"decks"`

	Move *moving  `json:"move,omitempty"` // a Move Corps action under way
	Ask  *ask     `json:"ask,omitempty"`  // a decision awaited within an action
	Draw *drawing `json:"draw,omitempty"` // a card drawn or looked at, awaiting dice

	EndTriggered bool       `json:"endTriggered,omitempty"` // the Axis pool ran out this round (R14.3)
	Over         bool       `json:"over,omitempty"`
	Result       string     `json:"result,omitempty"`
	Winner       rules.Seat `json:"winner,omitempty"`

	Solo *solo `json:"solo,omitempty"`
}

// stage is where a turn stands.
type stage string

const (
	stageOrder    stage = "order"    // the turn order awaits its dice (§4.15)
	stageActions  stage = "actions"  // the active player's actions (§5.1)
	stageReaction stage = "reaction" // his German Reaction (§14)
	stageSolo3d6  stage = "solo-3d6" // solo: the 3d6 Axis marker awaits its dice (R17.3)
	stageOver     stage = "over"
)

// options are the rules the players agreed on (§15B-D, the training game,
// the solo limit).
type options struct {
	Weather  bool         `json:"weather,omitempty"`  // §15B
	Shared   bool         `json:"shared,omitempty"`   // §15C
	Hard     []rules.Seat `json:"hard,omitempty"`     // §15D, sorted
	Training bool         `json:"training,omitempty"` // omit §11-13, §15 (L476)
	Turns    int          `json:"turns,omitempty"`    // solo: the last turn
}

// turn is what the active player has done this turn.
type turn struct {
	Actions    int      `json:"actions,omitempty"`    // standard actions used (R5.2)
	Extra      int      `json:"extra,omitempty"`      // actions a Resistance card added (R5.3a)
	Resistance bool     `json:"resistance,omitempty"` // a Resistance card played (R10.13)
	Recon      bool     `json:"recon,omitempty"`      // a Recon card played
	Moved      []string `json:"moved,omitempty"`      // corps moved (R10.2)
	Bases      []string `json:"bases,omitempty"`      // forward bases supplied (R6.3)
	// Taken are the fields taken this turn with numeric markers, and the
	// corps that took them, for the solo front shift (R17.4).
	Taken []taken `json:"taken,omitempty"`
}

type taken struct {
	Field string `json:"field"`
	Corps string `json:"corps,omitempty"` // "" for a field taken by encirclement
}

// player is one commander's resources (his area beside the board). His 40
// control markers are not counted.
type player struct {
	Seat      rules.Seat `json:"seat"`
	Level     int        `json:"level"`     // logistics level 1-3 (T1)
	Trucks    int        `json:"trucks"`    // in his resources
	Medals    int        `json:"medals"`    // medal tokens
	Commander bool       `json:"commander"` // the commander card face up (R13.1)
	// Kept are Resistance and Recon cards with a hand symbol in his
	// resources (R10.13); Now those without, usable this turn only.
	Kept     []string `json:"kept,omitempty"`
	Now      []string `json:"now,omitempty"`
	Trophies []string `json:"trophies,omitempty"` // defeated divisions (R10.9)
	// Air is the deck his air-support marker lies on, "" when it is in his
	// resources (R11.1-R11.2).
	Air string `json:"air,omitempty"`
}

// corps is a corps block on the board and its card.
type corps struct {
	ID       string     `json:"id"`
	Owner    rules.Seat `json:"owner"`
	At       string     `json:"at"`
	Card     Tokens     `json:"card"`
	Immobile bool       `json:"immobile,omitempty"` // flipped for want of food (R9.2.2)
}

// para is a paratrooper marker on a field (R12.2, R12.6).
type para struct {
	Field string     `json:"field"`
	Owner rules.Seat `json:"owner"`
	Dark  bool       `json:"dark,omitempty"` // placed in his previous turn
}

// truck is a truck on an arrow (R8.3); A < B.
type truck struct {
	A     string     `json:"a"`
	B     string     `json:"b"`
	Owner rules.Seat `json:"owner"`
}

// moving is a Move Corps action under way (§10).
type moving struct {
	Corps string   `json:"corps"`
	Steps int      `json:"steps"`
	Path  []string `json:"path"` // the fields it stood on, from where it began
	// Pay is set when going on costs 1 F (R10.7: Les Boches, a won combat).
	Pay bool `json:"pay,omitempty"`
}

// ask is a decision the game awaits within an action.
type ask struct {
	Kind  string `json:"kind"` // askCivilians, askMarket, askReturn
	Corps string `json:"corps,omitempty"`
	Field string `json:"field,omitempty"` // askReturn: the field over its limit
	N     int    `json:"n,omitempty"`     // askReturn: how many tokens to return
	Card  string `json:"card,omitempty"`  // the card that asks
}

const (
	askCivilians = "civilians" // Starving civilians: feed or decline (R10.12)
	askMarket    = "market"    // Black market: market GT or decline
	askReturn    = "return"    // tokens over a field's limit (R6.4)
)

// drawing is a card the game draws or looks at, awaiting its dice.
type drawing struct {
	Deck  string     `json:"deck"`
	Seat  rules.Seat `json:"seat"`            // who draws or looks
	Look  string     `json:"look,omitempty"`  // "air" or "recon" for a look; "" for a reveal in play
	Field string     `json:"field,omitempty"` // a reveal: the field entered
}

// solo is the solo game's own state (§17).
type solo struct {
	Civilians int `json:"civilians,omitempty"` // Starving civilians revealed (R17.6)
	// Undo holds the state before the commands that may be taken back and
	// those commands (R17.5): Base is the state as JSON, "" when there is
	// nothing to take back.
	Base     string   `json:"base,omitempty"`
	Commands []string `json:"commands,omitempty"`
}

// clone is a deep copy.
func (s *state) clone() state {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	c.Options.Hard = slices.Clone(s.Options.Hard)
	c.Order = slices.Clone(s.Order)
	c.Turn.Moved = slices.Clone(s.Turn.Moved)
	c.Turn.Bases = slices.Clone(s.Turn.Bases)
	c.Turn.Taken = slices.Clone(s.Turn.Taken)
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		p.Kept, p.Now, p.Trophies = slices.Clone(p.Kept), slices.Clone(p.Now), slices.Clone(p.Trophies)
		c.Players[i] = p
	}
	c.Corps = slices.Clone(s.Corps)
	c.Control = maps.Clone(s.Control)
	c.Supply = maps.Clone(s.Supply)
	c.Axis = slices.Clone(s.Axis)
	if s.Numeric != nil {
		c.Numeric = make(map[string][]int, len(s.Numeric))
		for k, v := range s.Numeric {
			c.Numeric[k] = slices.Clone(v)
		}
	}
	c.Paras = slices.Clone(s.Paras)
	c.Trucks = slices.Clone(s.Trucks)
	c.Recovered = slices.Clone(s.Recovered)
	c.CardBox = slices.Clone(s.CardBox)
	c.Decks = make(map[string]deck.Deck, len(s.Decks))
	for k, d := range s.Decks {
		c.Decks[k] = d.Clone()
	}
	if s.Move != nil {
		m := *s.Move
		m.Path = slices.Clone(m.Path)
		c.Move = &m
	}
	if s.Ask != nil {
		a := *s.Ask
		c.Ask = &a
	}
	if s.Draw != nil {
		d := *s.Draw
		c.Draw = &d
	}
	if s.Solo != nil {
		so := *s.Solo
		so.Commands = slices.Clone(so.Commands)
		c.Solo = &so
	}
	return c
}
