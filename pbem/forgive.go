package pbem

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// Commands as players write them: pasted from 'pbem legal' with its cost and
// note, unit ids in another case, extra spaces. Understand reads them as the
// rules want them, and says what it read otherwise than written; nothing
// here guesses a command the player did not write.

// legalTail is what 'pbem legal' prints after a command: "   (cost 2)" and
// "   # note", three spaces before each.
var legalTail = regexp.MustCompile(`(   \(cost [0-9]+\))?(   # .*)?$`)

// StripLegalLine is the command of a line 'pbem legal' printed: without
// its cost, its note, and the spaces around it.
func StripLegalLine(line string) string {
	return strings.TrimSpace(legalTail.ReplaceAllString(line, ""))
}

// Understand reads each command as the rules of r's game want it, for seat:
// a line of 'pbem legal' pasted whole loses its cost and note, runs of
// spaces become one where the game's own parser wants that, a unit id
// written in another case becomes the id (when only one unit has it), and
// the verb is read in lower case. notes say what was read otherwise than
// written.
func Understand(r *replay.Replay, seat string, commands []string) (read, notes []string) {
	canonical := r.Engine().Canonical
	parses := func(c string) bool {
		if canonical == nil {
			return false
		}
		_, err := canonical(c)
		return err == nil
	}
	ids := unitIDs(r.Game(), seat)
	for _, orig := range commands {
		c := StripLegalLine(orig)
		if !parses(c) {
			if one := strings.Join(strings.Fields(c), " "); parses(one) || canonical == nil {
				c = one
			}
		}
		c = foldUnits(c, ids)
		if verb, rest, _ := strings.Cut(c, " "); !parses(c) && verb != strings.ToLower(verb) {
			if low := strings.TrimSpace(strings.ToLower(verb) + " " + rest); parses(low) {
				c = low
			}
		}
		if c != orig {
			notes = append(notes, fmt.Sprintf("read %q as %q", orig, c))
		}
		read = append(read, c)
	}
	return read, notes
}

// unitIDs are the ids of the game's units: all of them when the game
// describes its units (rules.Counters), else the pieces its legal commands
// name now.
func unitIDs(g rules.Game, seat string) []string {
	var ids []string
	if units, ok := Units(g, seat); ok {
		for _, u := range units {
			ids = append(ids, u.ID)
		}
		return ids
	}
	for _, c := range g.Legal(rules.Seat(seat)) {
		if c.Piece != "" && !slices.Contains(ids, c.Piece) {
			ids = append(ids, c.Piece)
		}
	}
	return ids
}

// foldUnits writes each word of c that names a unit in another case as the
// unit's id; a word that several ids match alike is left as it is.
func foldUnits(c string, ids []string) string {
	words := strings.Split(c, " ")
	changed := false
	for i, w := range words {
		if i == 0 || w == "" {
			continue
		}
		match := ""
		for _, id := range ids {
			if id == w {
				match = ""
				break
			}
			if strings.EqualFold(id, w) {
				if match != "" {
					match = ""
					break
				}
				match = id
			}
		}
		if match != "" {
			words[i], changed = match, true
		}
	}
	if !changed {
		return c
	}
	return strings.Join(words, " ")
}

// UnitHint says, for a command the rules refused, which of its words looks
// like a unit id but names no unit, and what it may mean; "" when none.
func UnitHint(g rules.Game, seat, command string) string {
	ids := unitIDs(g, seat)
	if len(ids) == 0 {
		return ""
	}
	var hints []string
	for _, w := range strings.Fields(command)[1:] {
		if slices.Contains(ids, w) || !unitLike(w) {
			continue
		}
		if near := Suggest(w, ids); len(near) > 0 {
			hints = append(hints, fmt.Sprintf("no unit %q: did you mean %s?", w, quoteOr(near)))
		}
	}
	return strings.Join(hints, "; ")
}

// unitLike says whether a word may be meant as a unit id: not a hex number,
// not a plain lower-case keyword (sm, trucks, from), but with a capital, a
// digit or a sign as unit ids have (505/82, 4-Cav, Cotentin).
func unitLike(w string) bool {
	if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
		return false
	}
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) >= 0
}

// ErrUnseenPhase means a command list would go on into a phase the player
// has not seen: 'end end' ends a phase, then the next one, unseen.
var ErrUnseenPhase = errors.New("a phase you have not seen")

// CheckPhases refuses a command list that goes on past the end of the phase
// it starts in: a command after the one that ends it would be given in a
// phase the player has not seen. It plays the list on a copy of the game;
// at dice, whose values are not known yet, it stops looking. A command the
// rules refuse is left for the real attempt to report.
func CheckPhases(g rules.Game, seat string, commands []string) error {
	c := g.Clone()
	start := c.Pending().Phase
	for i, cmd := range commands {
		if p := c.Pending(); i > 0 && p.Phase != start {
			return fmt.Errorf("%w: command %d %q would be given in %s, after %q ended %s; give it once you have seen the new phase ('pbem status'), or add --yes",
				ErrUnseenPhase, i+1, cmd, p.Phase, commands[i-1], start)
		}
		if _, err := c.Apply(rules.Seat(seat), cmd); err != nil || c.Pending().Dice != nil {
			return nil
		}
	}
	return nil
}

// Step is what one command of a dry run did: its events, or why the rules
// refused it; Dice, when set, is the dice the game then waits for, where a
// dry run stops (the values are drawn only when the entry is made).
type Step struct {
	Command string
	Events  []rules.Event
	Err     error
	Dice    *rules.DiceNeed
}

// DryRun plays commands on a copy of the game, as seat, and says what each
// did, up to the first refusal or the first dice. Nothing is signed, stored
// or drawn.
func DryRun(g rules.Game, seat string, commands []string) []Step {
	c := g.Clone()
	var steps []Step
	for _, cmd := range commands {
		ev, err := c.Apply(rules.Seat(seat), cmd)
		st := Step{Command: cmd, Events: ev, Err: err}
		if err == nil {
			st.Dice = c.Pending().Dice
		}
		steps = append(steps, st)
		if err != nil || st.Dice != nil {
			break
		}
	}
	return steps
}
