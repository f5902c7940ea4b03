package combat

import (
	"fmt"
	"strconv"
	"strings"
)

// The record of a combat: the declaration (the game's) and every die and
// decision since, in order, each one line, so that a game can rebuild the
// combat from its hashed state alone: "roll crt 4", "german: dd 8ab".

// RollStep is the record of a die.
func RollStep(p RollPurpose, die int) string { return fmt.Sprintf("roll %s %d", p, die) }

// DecisionStep is the record of a decision by side, taken by a player or
// by an order.
func DecisionStep(side string, cmd Command) string { return side + ": " + cmd.String() }

// Replay applies one recorded step to the combat.
func (c *Combat) Replay(step string) error {
	if rest, ok := strings.CutPrefix(step, "roll "); ok {
		purpose, die, _ := strings.Cut(rest, " ")
		n, err := strconv.Atoi(die)
		if err != nil {
			return err
		}
		return c.RollDie(RollPurpose(purpose), n)
	}
	side, text, _ := strings.Cut(step, ": ")
	cmd, err := c.Grammar.Parse(text)
	if err != nil {
		return err
	}
	return c.Decide(side, cmd)
}
