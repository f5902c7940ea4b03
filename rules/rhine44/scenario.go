package rhine44

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scn"
)

// A scenario is what the rulebook does not print and a player who owns the
// game can transcribe (docs/scenario-format.md, "Race to the Rhine"): the
// board (fields, arrows, symbols, the logistics and supply tracks), the corps
// cards, the card lists of the decks and the solo markers' layout, in a
// components file NAME.map that scenarios share, and the scenario itself: its
// players. The engine reads the assembled text.

// Scenario is a parsed scenario: the board and components and who plays.
type Scenario struct {
	Name, Title, Provenance string
	// Players are the commanders who play, in seat order, unless the
	// "players" option says otherwise.
	Players []rules.Seat
	// Width and Height bound the fields' positions, for drawing.
	Width, Height int
	Fields        []Field
	Arrows        []Arrow
	// Levels are the logistics track's columns 1 to 3 (T1).
	Levels [maxLevel]Level
	// SupplyTrack is how many tokens of each type the supply track holds,
	// by player count (T3).
	SupplyTrack map[int]int
	Corps       []CorpsCard
	Cards       []Card
	// Solo are the numeric markers of the solo game, per commander
	// (§17A, L1589-1594).
	Solo map[rules.Seat][]SoloMarker
	// Exclude are the shared fields outside a solo commander's zone, which
	// carry a marker of their other colour (R17.7, L1726-1729).
	Exclude map[rules.Seat][]string
}

// Field is one field of the board (the legend, §1.4, L79-186).
type Field struct {
	ID, Name string
	// Colours are the field's colours: one player colour, two for a shared
	// field, or black (L87-103).
	Colours  []string
	X, Y     int
	Victory  bool // a victory field beyond the Rhine (L105-107)
	Axis     bool // a printed Axis symbol (L111-124)
	Fort     bool // fortification symbol (L126-133)
	Forward  bool // forward supply base symbol (L144-150)
	Medal    bool // medal symbol (L152-155)
	Blockade bool // an [A] Antwerp blockade field (L157-163)
	Antwerp  bool // Antwerpen (§15A)
	Ostend   bool // Ostende, the one-time forward base
	Dark     bool // in a player's darkened area: always his (L349-362)
	// Hub is Düsseldorf, drawn specially: the field every encirclement and
	// counterattack measures connection to (L121-124, R10.18, R14.4c).
	Hub   bool
	Main  rules.Seat // the main supply base of this commander (L134-138)
	Start string     // the corps that starts here (L139-141)
	// HardMonty marks Rotterdam, Vlissingen, Dunkerque, Calais and
	// Boulogne (R15.8); HardPatton marks Metz (R15.6).
	HardMonty, HardPatton bool
}

// Shared reports whether the field is shared by two player colours.
func (f *Field) Shared() bool { return len(f.Colours) == 2 }

// Black reports whether the field is black (a victory field).
func (f *Field) Black() bool { return slices.Contains(f.Colours, black) }

// Arrow is a road between two fields: one colour, two (a double arrow) or
// black (L166-186).
type Arrow struct {
	A, B    string
	Colours []string
}

// Level is one column of the logistics track (T1).
type Level struct{ Draw, Place, Limit int }

// CorpsCard is a corps and the supply printed on its card (L258-271).
type CorpsCard struct {
	ID     string
	Owner  rules.Seat
	Supply Tokens
}

// Card is one card of a deck (§1.2).
type Card struct {
	ID, Deck, Name, Kind string
	Medal                bool   // a medal symbol: worth a medal at scoring (R16.3)
	Hand                 bool   // a hand symbol: may be kept (R10.13)
	Weather              string // "", "sun" or "rain" (§15B)
}

// Division reports whether the card is a division to fight.
func (c *Card) Division() bool {
	_, ok := divisionCost[c.Kind]
	return ok
}

// SoloMarker is a numeric marker of the solo game on its field.
type SoloMarker struct {
	Value int
	Field string
}

// Ext is the ending of a components file: a board and its cards.
const Ext = ".map"

// ErrScenario is wrapped by every problem of a scenario's content that is
// not a line's (the lines' are *scn.LineError).
var ErrScenario = errors.New("rhine44 scenario")

var grammarHeaders = []string{"game", "scenario", "title", "provenance", "layout", "players"}

// mapFiles is how a scenario's components file is assembled into it.
var mapFiles = scn.Maps{
	Game:    "rhine44",
	Ext:     Ext,
	Headers: []string{"game", "map", "title", "provenance", "layout"},
	Layout: func(v string) error {
		_, _, err := parseSize(v)
		return err
	},
	Sections: []scn.MapSection{{Name: "fields"}, {Name: "arrows"}, {Name: "tracks"}, {Name: "corps"}, {Name: "cards"}, {Name: "solo"}},
}

// Assemble writes a scenario and the components file it names as one text,
// the bytes a game reads and an invite digests. A components file is not
// cut: a window is refused.
func Assemble(data []byte, open func(name string) ([]byte, error)) ([]byte, error) {
	lines, _, _ := scn.Lex(data)
	for _, l := range lines {
		if strings.HasPrefix(l.Words[0], "[") {
			break
		}
		if l.Words[0] == "window" {
			return nil, scn.Errorf(l.N, scn.ErrInvalid, "window: a Race to the Rhine board is used whole")
		}
	}
	return mapFiles.Assemble(data, open)
}

// CheckFile checks a components file on its own, for pbem scenario check:
// it is read as the one scenario that names it and no player (name is its
// base name, "race.map").
func CheckFile(name string, data []byte, open func(string) ([]byte, error)) error {
	base, ok := strings.CutSuffix(name, Ext)
	if !ok || !scn.ValidName(base) {
		return fmt.Errorf("%s: a components file is NAME%s, NAME of lower-case letters, digits and '-'", name, Ext)
	}
	text := fmt.Sprintf("game rhine44\nscenario check\ntitle check of %s\nplayers monty bradley patton\nmap %s\n", name, base)
	opened := func(n string) ([]byte, error) {
		if n == name {
			return data, nil
		}
		return open(n)
	}
	assembled, err := Assemble([]byte(text), opened)
	if err != nil {
		return err
	}
	_, err = ParseScenario(assembled)
	return err
}

// parseSize reads a board's size, "WIDTHxHEIGHT".
func parseSize(v string) (int, int, error) {
	var w, h int
	var rest string
	n, _ := fmt.Sscanf(v, "%dx%d%s", &w, &h, &rest)
	if n != 2 || fmt.Sprintf("%dx%d", w, h) != v || w < 1 || h < 1 || w > 100000 || h > 100000 {
		return 0, 0, fmt.Errorf("%w: layout %q: want the board's size, WIDTHxHEIGHT, e.g. 1000x800", scn.ErrSyntax, v)
	}
	return w, h, nil
}
