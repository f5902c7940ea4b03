package hexwar

import (
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/scn"
)

// ScenarioHead is the head of a series game's scenario file: the game, the
// scenario's name and title, the rules edition and the source its data
// comes from, the hex layout, and its last turn. A game's Scenario embeds
// it, and its parser hands it the header lines (Record).
type ScenarioHead struct {
	Game, Name, Title, Edition, Provenance, Layout string
	LastTurn                                       int
}

// HeadRules are what a game checks of a scenario's head beyond its syntax:
// the one edition its rules are (Edition, and the words that name them,
// "the 3rd edition's"), and the last turn a scenario may have.
type HeadRules struct {
	Edition, Rules string
	MaxTurn        int
}

// Record reads one header line, key and value (scn.Grammar.Header), into
// h, reporting on p what is wrong with it: a scenario name that is no
// valid name, another edition than the rules', a layout that does not
// parse, turns out of range. A key it does not know is left to the game.
func (h *ScenarioHead) Record(p *scn.Parser, l scn.Line, key, value string, r HeadRules) {
	switch key {
	case "game":
		h.Game = value
	case "scenario":
		if !scn.ValidName(value) {
			p.Errf(l.N, scn.ErrSyntax, "scenario name %q: use lower-case letters, digits and '-'", value)
		}
		h.Name = value
	case "title":
		h.Title = value
	case "edition":
		if value != r.Edition {
			p.Errf(l.N, scn.ErrInvalid, "edition %q: these rules are %s", value, r.Rules)
		}
		h.Edition = value
	case "provenance":
		h.Provenance = value
	case "layout":
		if _, err := hex.ParseLayout(value); err != nil {
			p.Report(l.N, err)
		}
		h.Layout = value
	case "turns":
		h.LastTurn, _ = p.Int(l.N, "turns", value, 1, r.MaxTurn)
	}
}
