package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// cards is a small game that takes sealed draws (rules.Sealer), defined for
// these tests only. The seat whose turn it is may "look" at the top card of
// a deck of ten (a private draw; a look at a card another seat looked at is
// a second look, which its drawer shares), "take" the top card (revealed:
// a sealed top is unsealed by its drawer), "roll" a public d6, "shuffle"
// the deck (a looked-at top is no longer known), or "end" its turn. The
// score is the sum of the cards taken and the dice rolled.
type cards struct {
	Order  []rules.Seat
	Actor  int
	Left   int      // cards left: values 1..Left
	Top    int      // the top card, when known in clear; 0 otherwise
	Sealed string   // the token of the sealed draw that fixed the top
	Seen   []string // who has looked at the top, in order
	Need   string   // "" | "look" | "share" | "take" | "roll"
	Score  []int
	Taken  int
}

func newCards(scenario []byte) (rules.Game, error) {
	seats, err := cardsSeats(scenario)
	if err != nil {
		return nil, err
	}
	return &cards{Order: seats, Left: 10, Score: make([]int, len(seats))}, nil
}

func cardsSeats(scenario []byte) ([]rules.Seat, error) {
	switch string(scenario) {
	case "cards two\n":
		return []rules.Seat{"ann", "bob"}, nil
	case "cards three\n":
		return []rules.Seat{"ann", "bob", "cy"}, nil
	}
	return nil, fmt.Errorf("not a cards scenario")
}

var cardsEngine = rules.Engine{
	Name: "cards", Version: "cards/1", Title: "test cards",
	New: func(s rules.Setup) (rules.Game, error) {
		if s.Variant != "" {
			return nil, fmt.Errorf("%w %q", rules.ErrVariant, s.Variant)
		}
		return newCards(s.Scenario)
	},
	Seats: func(s rules.Setup) ([]rules.Seat, error) { return cardsSeats(s.Scenario) },
}

var cardsLoader = testLoader{engines: []rules.Engine{cardsEngine, duelEngine}, scenario: func(game, scenario string) ([]byte, error) {
	if game == "cards" && (scenario == "two" || scenario == "three") {
		return []byte("cards " + scenario + "\n"), nil
	}
	return duelLoader.Scenario(game, scenario)
}}

func (c *cards) actor() rules.Seat               { return c.Order[c.Actor] }
func (c *cards) Seats() []rules.Seat             { return slices.Clone(c.Order) }
func (c *cards) Legal(rules.Seat) []rules.Choice { return nil }

func (c *cards) Pending() rules.Pending {
	a := c.actor()
	var need *rules.DiceNeed
	switch c.Need {
	case "look":
		need = &rules.DiceNeed{By: a, For: string(a) + "'s look at the top card", Sides: []int{c.Left}, Private: a}
	case "share":
		need = &rules.DiceNeed{By: rules.Seat(c.Seen[0]), For: string(a) + "'s look at a card already looked at", Sides: []int{c.Left}, Private: a, Share: c.Sealed}
	case "take":
		if c.Sealed != "" {
			need = &rules.DiceNeed{By: rules.Seat(c.Seen[0]), For: "the top card, taken", Sides: []int{c.Left}, Unseal: c.Sealed}
		} else {
			need = &rules.DiceNeed{By: a, For: "the top card, taken", Sides: []int{c.Left}}
		}
	case "roll":
		need = &rules.DiceNeed{By: a, For: "a die", Sides: []int{6}}
	}
	return rules.Pending{Seats: []rules.Seat{a}, Phase: "cards", Prompt: "look, take, roll, shuffle or end", Dice: need}
}

func (c *cards) Apply(seat rules.Seat, cmd string) ([]rules.Event, error) {
	if c.Need != "" || seat != c.actor() {
		return nil, fmt.Errorf("%w: not %s's turn", rules.ErrNotPending, seat)
	}
	switch cmd {
	case "look":
		switch {
		case c.Left == 0:
			return nil, rules.Refuse("C1", "no card left")
		case slices.Contains(c.Seen, string(seat)):
			return nil, rules.Refuse("C2", "you have seen it")
		case c.Sealed != "":
			c.Need = "share"
		case c.Top != 0:
			c.Seen = append(c.Seen, string(seat))
		default:
			c.Need = "look"
		}
	case "take":
		if c.Left == 0 {
			return nil, rules.Refuse("C1", "no card left")
		}
		if c.Top != 0 && c.Sealed == "" {
			c.takeTop()
		} else {
			c.Need = "take"
		}
	case "roll":
		c.Need = "roll"
	case "shuffle":
		c.Top, c.Sealed, c.Seen = 0, "", nil
	case "end":
		c.Actor = (c.Actor + 1) % len(c.Order)
	default:
		return nil, rules.Refuse("C0", "%q is no command", cmd)
	}
	return []rules.Event{{Seat: seat, Text: string(seat) + " " + cmd}}, nil
}

func (c *cards) takeTop() {
	c.Score[c.Actor] += c.Top
	c.Taken++
	c.Left--
	c.Top, c.Sealed, c.Seen = 0, "", nil
}

func (c *cards) Roll(v []int) ([]rules.Event, error) {
	need := c.Pending().Dice
	if need == nil || len(v) != 1 || v[0] < 1 || v[0] > need.Sides[0] {
		return nil, fmt.Errorf("%w: roll %v", rules.ErrIllegal, v)
	}
	switch c.Need {
	case "look":
		c.Top, c.Seen = v[0], []string{string(c.actor())}
	case "share":
		c.Top, c.Sealed = v[0], ""
		c.Seen = append(c.Seen, string(c.actor()))
	case "take":
		c.Top, c.Sealed = v[0], ""
		c.takeTop()
	case "roll":
		c.Score[c.Actor] += v[0]
	}
	c.Need = ""
	return []rules.Event{{Text: fmt.Sprintf("%s: %d", need.For, v[0])}}, nil
}

func (c *cards) Seal(token string) ([]rules.Event, error) {
	switch {
	case c.Need == "look":
		c.Sealed, c.Seen = token, []string{string(c.actor())}
	case c.Need == "share" && token == c.Sealed:
		c.Seen = append(c.Seen, string(c.actor()))
	default:
		return nil, fmt.Errorf("%w: no private draw awaits %q", rules.ErrNotPending, token)
	}
	c.Need = ""
	return []rules.Event{{Seat: c.actor(), Text: string(c.actor()) + " looks at the top card; it is sealed"}}, nil
}

func (c *cards) Unseal(token string, v []int) ([]rules.Event, error) {
	if c.Sealed == "" || token != c.Sealed {
		return nil, fmt.Errorf("%w: nothing is sealed under %q", rules.ErrNotPending, token)
	}
	if len(v) != 1 || v[0] < 1 || v[0] > c.Left {
		return nil, fmt.Errorf("%w: unseal %v", rules.ErrIllegal, v)
	}
	c.Top, c.Sealed = v[0], ""
	if c.Need == "take" {
		c.Need = ""
		c.takeTop()
		return []rules.Event{{Text: fmt.Sprintf("the top card is %d", v[0])}}, nil
	}
	return nil, nil
}

func (c *cards) Hash() string {
	b := fmt.Appendf(nil, "%v %d %d %d %q %q %q %v %d", c.Order, c.Actor, c.Left, c.Top, c.Sealed, c.Seen, c.Need, c.Score, c.Taken)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// View shows the top card only to those who have seen it.
func (c *cards) View(seat rules.Seat) rules.View {
	top := "unknown"
	switch {
	case c.Top != 0 && slices.Contains(c.Seen, string(seat)):
		top = fmt.Sprintf("card %d", c.Top)
	case c.Sealed != "":
		top = "sealed, seen by " + strings.Join(c.Seen, " ")
	}
	return rules.View{Lines: []string{"top: " + top, fmt.Sprintf("score: %v", c.Score)}}
}

func (c *cards) Snapshot() ([]byte, error) { return json.Marshal(c) }

func (c *cards) Restore(b []byte) (rules.Game, error) {
	var d cards
	if err := rules.DecodeState(b, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

func (c *cards) Clone() rules.Game {
	d := *c
	d.Seen = slices.Clone(c.Seen)
	d.Score = slices.Clone(c.Score)
	return &d
}
