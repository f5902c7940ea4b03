package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
)

// duel is a small game defined for these tests only. Seats "red" and "blue"
// take turns. "attack" needs a d6 drawn for the attacker; on a 5 or 6 the
// defender must choose "hold" (another d6, the defender's counter) or "yield",
// unless it gave the standing order "order hold", which the rules apply without
// a decision, so the counter roll belongs to the same dice epoch. "end" passes
// the turn. The score is the sum of the attacker's rolls.
type duel struct {
	Turn  int
	Actor int
	Score [2]int
	Hold  [2]bool // standing orders
	Need  string  // "" | "attack" | "counter" | "choice"
	Rolls int
	// Digest chains every roll, so the hash covers the history in constant time.
	Digest [32]byte
}

var duelSeats = []rules.Seat{"red", "blue"}

func newDuel(scenario []byte, options []string) (rules.Game, error) {
	if string(scenario) != "duel\n" {
		return nil, fmt.Errorf("not a duel scenario")
	}
	return &duel{Turn: 1}, nil
}

// duelEngine is the duel as a replay finds it.
var duelEngine = rules.Engine{
	Name: "duel", Version: "duel/1", Title: "test duel",
	New: func(s rules.Setup) (rules.Game, error) {
		if s.Variant != "" {
			return nil, fmt.Errorf("%w %q", rules.ErrVariant, s.Variant)
		}
		return newDuel(s.Scenario, s.Options)
	},
	Seats: func(rules.Setup) ([]rules.Seat, error) { return duelSeats, nil },
}

// duelLoader finds the duel and its one scenario, "standard".
var duelLoader = testLoader{engines: []rules.Engine{duelEngine}, scenario: func(game, scenario string) ([]byte, error) {
	if game == "duel" && scenario == "standard" {
		return []byte("duel\n"), nil
	}
	return nil, fmt.Errorf("no scenario %s/%s", game, scenario)
}}

// testLoader is a Loader of the engines and scenarios a test gives, and of
// their earlier texts when past is set (PastLoader).
type testLoader struct {
	engines  []rules.Engine
	scenario func(game, scenario string) ([]byte, error)
	past     func(game, scenario string) ([][]byte, error)
}

func (l testLoader) PastScenarios(game, scenario string) ([][]byte, error) {
	if l.past == nil {
		return nil, nil
	}
	return l.past(game, scenario)
}

func (l testLoader) Engine(name string) (rules.Engine, error) {
	for _, e := range l.engines {
		if e.Name == name {
			return e, nil
		}
	}
	return rules.Engine{}, fmt.Errorf("no game %q", name)
}

func (l testLoader) Scenario(game, scenario string) ([]byte, error) {
	return l.scenario(game, scenario)
}

func (d *duel) Seats() []rules.Seat { return slices.Clone(duelSeats) }

func (d *duel) Pending() rules.Pending {
	actor := duelSeats[d.Actor]
	defender := duelSeats[1-d.Actor]
	switch d.Need {
	case "attack":
		return rules.Pending{Seats: []rules.Seat{actor}, Dice: &rules.DiceNeed{By: actor, For: "attack", Sides: []int{6}}}
	case "counter":
		return rules.Pending{Seats: []rules.Seat{defender}, Dice: &rules.DiceNeed{By: actor, For: "counter", Sides: []int{6}}}
	case "choice":
		return rules.Pending{Seats: []rules.Seat{defender}, Prompt: "hold or yield"}
	}
	return rules.Pending{Seats: []rules.Seat{actor}, Prompt: "attack or end"}
}

func (d *duel) Legal(seat rules.Seat) []rules.Choice { return nil }

func (d *duel) Apply(seat rules.Seat, c string) ([]rules.Event, error) {
	p := d.Pending()
	if p.Dice != nil || !slices.Contains(p.Seats, seat) {
		if strings.HasPrefix(c, "order ") {
			goto order
		}
		return nil, fmt.Errorf("%w: not %s's turn", rules.ErrNotPending, seat)
	}
	switch {
	case d.Need == "" && c == "attack":
		d.Need = "attack"
	case d.Need == "" && c == "end":
		d.Actor = 1 - d.Actor
		if d.Actor == 0 {
			d.Turn++
		}
	case d.Need == "choice" && c == "hold":
		d.Need = "counter"
	case d.Need == "choice" && c == "yield":
		d.Need = ""
	default:
		if !strings.HasPrefix(c, "order ") {
			return nil, rules.Refuse("D1", "%q is not allowed now", c)
		}
		goto order
	}
	return []rules.Event{{Seat: seat, Text: string(seat) + " " + c}}, nil
order:
	if c != "order hold" {
		return nil, rules.Refuse("D2", "unknown order %q", c)
	}
	i := slices.Index(duelSeats, seat)
	d.Hold[i] = true
	return []rules.Event{{Seat: seat, Text: string(seat) + " will always hold"}}, nil
}

func (d *duel) Roll(v []int) ([]rules.Event, error) {
	if len(v) != 1 || v[0] < 1 || v[0] > 6 || d.Need != "attack" && d.Need != "counter" {
		return nil, fmt.Errorf("%w: roll %v", rules.ErrIllegal, v)
	}
	d.Rolls++
	d.Digest = sha256.Sum256(append(d.Digest[:], byte(v[0])))
	if d.Need == "counter" {
		d.Need = ""
		return []rules.Event{{Text: fmt.Sprintf("counter %d", v[0])}}, nil
	}
	d.Score[d.Actor] += v[0]
	d.Need = ""
	if v[0] >= 5 {
		d.Need = "choice"
		if d.Hold[1-d.Actor] {
			d.Need = "counter" // the standing order decides: no decision, same epoch
		}
	}
	return []rules.Event{{Text: fmt.Sprintf("attack %d", v[0])}}, nil
}

func (d *duel) Hash() string {
	b := fmt.Appendf(nil, "%d %d %d %d %t %t %s %d %x", d.Turn, d.Actor, d.Score[0], d.Score[1], d.Hold[0], d.Hold[1], d.Need, d.Rolls, d.Digest)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func (d *duel) View(rules.Seat) rules.View { return rules.View{Data: *d} }

func (d *duel) Clone() rules.Game {
	c := *d
	return &c
}
