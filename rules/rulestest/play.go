package rulestest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// Input is one input to a game: a command by a seat, or dice (Roll set).
type Input struct {
	Seat    rules.Seat
	Command string
	Roll    []int
}

func (in Input) String() string {
	if in.Roll != nil {
		words := make([]string, len(in.Roll))
		for i, v := range in.Roll {
			words[i] = strconv.Itoa(v)
		}
		return "roll " + strings.Join(words, " ")
	}
	return string(in.Seat) + ": " + in.Command
}

// Give gives the input to g.
func (in Input) Give(g rules.Game) ([]rules.Event, error) {
	if in.Roll != nil {
		return g.Roll(in.Roll)
	}
	return g.Apply(in.Seat, in.Command)
}

// Player picks a legal command for seat, "" when it has none:
// rules.Engine.RandomCommand, or a test's own.
type Player func(g rules.Game, seat rules.Seat, rnd *rand.Rand) string

// Dice draws the values a dice need asks for from rnd.
func Dice(need *rules.DiceNeed, rnd *rand.Rand) []int {
	values := make([]int, len(need.Sides))
	for i, n := range need.Sides {
		values[i] = rnd.IntN(n) + 1
	}
	return values
}

// maxInputs bounds a random game played to its end: more means it never ends.
const maxInputs = 200000

// Next is the next random input of g: dice drawn from rnd when the game
// awaits them, else player's command for the first seat it waits for. It
// fails the test when the game waits for a seat that has nothing to do.
func Next(t testing.TB, g rules.Game, player Player, rnd *rand.Rand) Input {
	t.Helper()
	p := g.Pending()
	if p.Dice != nil {
		return Input{Roll: Dice(p.Dice, rnd)}
	}
	if len(p.Seats) == 0 {
		t.Fatalf("%s: the game is not over and waits for no seat", p.Phase)
	}
	seat := p.Seats[0]
	c := player(g, seat, rnd)
	if c == "" {
		t.Fatalf("%s: the game waits for %s, whose random player finds nothing to do (%s)", p.Phase, seat, p.Prompt)
	}
	return Input{Seat: seat, Command: c}
}

// Play plays random inputs on g (Next) until the game is over, or until it
// has given commands commands when commands > 0 (dice are not counted). A
// refused input fails the test: a random legal player gives only legal
// commands. check, when set, sees each input with the state before it (a
// clone) and after. Play returns the inputs given.
func Play(t testing.TB, g rules.Game, player Player, rnd *rand.Rand, commands int, check func(before, after rules.Game, in Input)) []Input {
	t.Helper()
	var inputs []Input
	given := 0
	for !g.Pending().Over && (commands <= 0 || given < commands) {
		if len(inputs) >= maxInputs {
			t.Fatalf("no end after %d inputs, at %s", len(inputs), g.Pending().Phase)
		}
		in := Next(t, g, player, rnd)
		var before rules.Game
		if check != nil {
			before = g.Clone()
		}
		if _, err := in.Give(g); err != nil {
			t.Fatalf("%s: a legal input was refused: %s: %v", g.Pending().Phase, in, err)
		}
		if in.Roll == nil {
			given++
		}
		if check != nil {
			check(before, g, in)
		}
		inputs = append(inputs, in)
	}
	return inputs
}

// PlayUntil plays g with player, the dice drawn from rnd, until reached
// reports true: a position of a real game to test or measure. It fails the
// test if the game ends first or a legal input is refused.
func PlayUntil(t testing.TB, g rules.Game, player Player, rnd *rand.Rand, reached func() bool) {
	t.Helper()
	for !reached() {
		if g.Pending().Over {
			t.Fatalf("the game ended at %s before the position sought", g.Pending().Phase)
		}
		in := Next(t, g, player, rnd)
		if _, err := in.Give(g); err != nil {
			t.Fatalf("%s: a legal input was refused: %s: %v", g.Pending().Phase, in, err)
		}
	}
}

// Replay gives inputs to a clone of base and returns the clone and the state
// hash after each input. A refused input fails the test.
func Replay(t testing.TB, base rules.Game, inputs []Input) (rules.Game, []string) {
	t.Helper()
	g := base.Clone()
	hashes := make([]string, 0, len(inputs))
	for i, in := range inputs {
		if _, err := in.Give(g); err != nil {
			t.Fatalf("replay, input %d: %s: %v", i+1, in, err)
		}
		hashes = append(hashes, g.Hash())
	}
	return g, hashes
}

// SameHashes fails the test at the first input after which two replays of
// the same inputs differ: an engine is deterministic.
func SameHashes(t testing.TB, inputs []Input, a, b []string) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%d and %d hashes", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("after input %d (%s) the state hashes differ: %s and %s", i+1, describe(inputs, i), a[i], b[i])
		}
	}
}

func describe(inputs []Input, i int) string {
	if i < len(inputs) {
		return inputs[i].String()
	}
	return fmt.Sprintf("#%d", i+1)
}
