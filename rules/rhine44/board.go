package rhine44

import (
	"slices"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/graph"
)

// board is what a game reads of its scenario: the fields, the arrows as a
// graph, the cards. It never changes, so clones share it.
type board struct {
	sc      *Scenario
	g       *graph.Graph
	fields  map[string]*Field
	cards   map[string]*Card
	main    map[rules.Seat]string // printed main bases
	starts  []string              // start fields, sorted
	hub     string                // Düsseldorf
	antwerp string
}

func newBoard(sc *Scenario) (*board, error) {
	b := &board{sc: sc, fields: map[string]*Field{}, cards: map[string]*Card{}, main: map[rules.Seat]string{}}
	var ids []string
	for i := range sc.Fields {
		f := &sc.Fields[i]
		b.fields[f.ID] = f
		ids = append(ids, f.ID)
		if f.Main != "" {
			b.main[f.Main] = f.ID
		}
		if f.Start != "" {
			b.starts = append(b.starts, f.ID)
		}
		if f.Hub {
			b.hub = f.ID
		}
		if f.Antwerp {
			b.antwerp = f.ID
		}
	}
	slices.Sort(b.starts)
	var edges []graph.Edge
	for _, a := range sc.Arrows {
		edges = append(edges, graph.Edge{A: a.A, B: a.B, Colours: a.Colours})
	}
	g, err := graph.New(ids, edges)
	if err != nil {
		return nil, err
	}
	b.g = g
	for i := range sc.Cards {
		b.cards[sc.Cards[i].ID] = &sc.Cards[i]
	}
	return b, nil
}

func (b *board) field(id string) *Field { return b.fields[id] }

// permanent reports whether a field is always controlled by the player of
// its colour and carries no marker: a start field, a main base, a field of a
// darkened area (L349-362).
func (f *Field) permanent() bool { return f.Dark || f.Start != "" || f.Main != "" }

// deckName is a deck for people.
func deckName(id string) string {
	switch id {
	case deckAxis:
		return "the Axis deck"
	case deckShared:
		return "the shared pursuit deck"
	}
	return "the pursuit deck of " + id
}

// cardName is a card for people: "275 Infanterie Div".
func (b *board) cardName(id string) string {
	if c := b.cards[id]; c != nil {
		return c.Name
	}
	return id
}

// graphPass is the search rules that pass where pass says, by any arrow.
func graphPass(pass func(id string) bool) graph.Rules { return graph.Rules{Pass: pass} }
