package normandy44

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Scenarios and editions. Both books have the three scenarios: the
// campaign (2.2 S1, first edition 24), the seven-turn game (S2, 25) and
// Cherbourg (S3, 26). A scenario file holds what the books do not print
// and says with its 'edition' line which book its data follows ("2.2", the
// default, or "ed1"). It plays in either edition: where the two books print
// different data for it, the game's edition's book is read. That is the
// Cherbourg scenario's German reinforcements (D47): S3.2.6 (PL L1595-1596)
// against 26.1 (IT L1525-1526). The file's units are found by the ids its
// own book prints, and take the ids and strengths of the game's book.

// dataEdition is the edition a scenario's data follows: its 'edition' line,
// 2.2 when it has none or names another.
func dataEdition(sc *Scenario) *edition {
	for _, e := range editions {
		if e.name != "" && e.name == sc.Edition {
			return e
		}
	}
	return editionDefault
}

// plays reports why a game of edition e cannot be made from sc, or nil: a
// Cherbourg scenario made for the other edition whose German reinforcements
// are not the ones its book prints, so that they cannot be read as e's.
func (e *edition) plays(sc *Scenario) error {
	from := dataEdition(sc)
	if from == e || !isCherbourgRules(sc) || slices.Equal(from.printedS3, e.printedS3) {
		return nil
	}
	for _, p := range from.printedS3 {
		if _, ok := scenarioUnit(sc, p.ID); !ok {
			return fmt.Errorf("normandy44: scenario %s follows %s, whose Cherbourg scenario brings %s; this file has no %s, "+
				"so %s's reinforcements (%s) cannot take their places: give the file an 'edition %s' line and the reinforcements %s prints",
				sc.Name, from.title, printedList(from.printedS3), p.ID, e.title, printedList(e.printedS3), editionWord(e), e.title)
		}
	}
	return nil
}

func editionWord(e *edition) string {
	if e.name == "" {
		return "2.2"
	}
	return e.name
}

func printedList(ps []printedUnit) string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s %s on turn %d", p.ID, p.Steps, p.Turn))
	}
	return strings.Join(out, ", ")
}

// scenarioData is sc as e's book has it: a Cherbourg scenario made for the
// other edition takes e's German reinforcements (D47). Each printed unit of
// the file's book becomes the one of e's book printed in its place: its id,
// its turn and its full strength. Its other steps are those of the file's
// unit printed with that strength (in the shipped stand-in, 1050(-)/77 4-3
// is stepped as 1049(-)/77 4-3 is), or none. sc is not changed (plays has
// checked it).
func (e *edition) scenarioData(sc *Scenario) *Scenario {
	from := dataEdition(sc)
	if from == e || !isCherbourgRules(sc) || slices.Equal(from.printedS3, e.printedS3) {
		return sc
	}
	out := *sc
	out.Units = slices.Clone(sc.Units)
	out.Setup = slices.Clone(sc.Setup)
	out.Reinforcements = slices.Clone(sc.Reinforcements)
	for k, p := range from.printedS3 {
		to := e.printedS3[k]
		i := slices.IndexFunc(out.Units, func(u Unit) bool { return u.ID == p.ID })
		u := &out.Units[i]
		if to.Steps != p.Steps {
			u.Steps = printedSteps(sc, from.printedS3, to.Steps)
		}
		u.ID = to.ID
		for r := range out.Reinforcements {
			if out.Reinforcements[r].Unit == p.ID {
				out.Reinforcements[r].Unit, out.Reinforcements[r].Turn = to.ID, to.Turn
			}
		}
		for r := range out.Setup {
			if out.Setup[r].Unit == p.ID {
				out.Setup[r].Unit = to.ID
			}
		}
	}
	return &out
}

// printedSteps are the steps of a unit printed as full strength-MA: those
// of the file's unit of the list printed so, else that one step.
func printedSteps(sc *Scenario, list []printedUnit, full string) []Step {
	for _, p := range list {
		if u, ok := scenarioUnit(sc, p.ID); ok && p.Steps == full {
			return slices.Clone(u.Steps)
		}
	}
	s, m, _ := strings.Cut(full, "-")
	strength, _ := strconv.Atoi(s)
	ma, _ := strconv.Atoi(m)
	return []Step{{Strength: strength, MA: ma}}
}
