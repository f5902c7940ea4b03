package rhine44

import (
	"fmt"
	"slices"

	"github.com/pbem-referee/pbem/rules/graph"
	"github.com/pbem-referee/pbem/rules/scn"
)

// Component counts a transcription must match (§2, L36-66; §1.2).
const (
	axisCards    = 24 // one shared Axis deck (L718-720)
	pursuitCards = 22 // per player (L286-298)
)

// finish checks the scenario whole once every line is read: references
// between records, the counts of the components, and what the rules need
// of the board.
func (p *parser) finish() {
	sc := &p.sc
	fields := map[string]*Field{}
	for i := range sc.Fields {
		fields[sc.Fields[i].ID] = &sc.Fields[i]
	}
	first := func(m map[string]int) int { // the first line of a section, for problems of the whole
		n := 0
		for _, v := range m {
			if n == 0 || v < n {
				n = v
			}
		}
		return n
	}
	fieldLine := first(p.fieldAt)
	if len(sc.Fields) == 0 {
		p.Errf(0, scn.ErrMissing, "[fields]: a board needs its fields")
		return
	}
	p.checkArrows(fields)
	p.checkBoardSymbols(fieldLine)
	p.checkCorps(fields)
	for lv := range maxLevel {
		if _, ok := p.levelAt[lv+1]; !ok {
			p.Errf(0, scn.ErrMissing, "[tracks]: level %d of the logistics track (T1)", lv+1)
		}
	}
	if _, ok := p.trackAt[0]; !ok {
		p.Errf(0, scn.ErrMissing, "[tracks]: supply-track 1=N 2=N 3=N (T3)")
	}
	p.checkCards()
	p.checkSolo(fields)
	for _, f := range sc.Fields {
		if f.X > sc.Width || f.Y > sc.Height {
			p.Errf(p.fieldAt[f.ID], scn.ErrInvalid, "field %s at (%d, %d) is outside the board's layout %dx%d", f.ID, f.X, f.Y, sc.Width, sc.Height)
		}
	}
}

// checkArrows: arrows join known fields, and a player's arrow joins fields
// his corps may enter (L87-103, L166-180): a transcription's slip shows here.
func (p *parser) checkArrows(fields map[string]*Field) {
	var ids []string
	for _, f := range p.sc.Fields {
		ids = append(ids, f.ID)
	}
	var edges []graph.Edge
	for _, a := range p.sc.Arrows {
		n := p.arrowAt[[2]string{min(a.A, a.B), max(a.A, a.B)}]
		fa, fb := fields[a.A], fields[a.B]
		if fa == nil || fb == nil {
			p.Errf(n, scn.ErrUnknown, "arrow %s-%s: no field %s", a.A, a.B, map[bool]string{true: a.A, false: a.B}[fa == nil])
			continue
		}
		if a.A == a.B {
			p.Errf(n, scn.ErrInvalid, "arrow %s-%s joins a field to itself", a.A, a.B)
			continue
		}
		for _, c := range a.Colours {
			if c == black {
				continue
			}
			for _, f := range []*Field{fa, fb} {
				if !slices.Contains(f.Colours, c) && !f.Black() {
					p.Errf(n, scn.ErrInvalid, "arrow %s-%s is %s, but %s is %s: a %s corps may not enter it (L87-96)", a.A, a.B, c, f.ID, joinColours(f.Colours), c)
				}
			}
		}
		edges = append(edges, graph.Edge{A: a.A, B: a.B, Colours: a.Colours})
	}
	if _, err := graph.New(ids, edges); err != nil {
		p.Errf(0, scn.ErrInvalid, "[arrows]: %v", err)
	}
}

func joinColours(cs []string) string {
	s := cs[0]
	for _, c := range cs[1:] {
		s += "+" + c
	}
	return s
}

// checkBoardSymbols: one main base per commander, the hub, Antwerpen and its
// four [A] fields, at most one Ostende and one Metz.
func (p *parser) checkBoardSymbols(line int) {
	count := func(is func(f *Field) bool) (n int) {
		for i := range p.sc.Fields {
			if is(&p.sc.Fields[i]) {
				n++
			}
		}
		return n
	}
	for _, c := range commanders {
		switch n := count(func(f *Field) bool { return f.Main == c.Seat }); {
		case n != 1:
			p.Errf(line, scn.ErrInvalid, "[fields]: %d main supply bases of %s (main=%s), want 1 (L134-138)", n, c.Seat, c.Seat)
		}
	}
	for i := range p.sc.Fields {
		f := &p.sc.Fields[i]
		n := p.fieldAt[f.ID]
		if f.Main != "" && !slices.Contains(f.Colours, colourOf(f.Main)) {
			p.Errf(n, scn.ErrInvalid, "field %s: the main base of %s is not %s", f.ID, f.Main, colourOf(f.Main))
		}
		if f.Hub && (!f.Victory || !f.Axis) {
			p.Errf(n, scn.ErrInvalid, "field %s: the hub (Düsseldorf) is a victory field with an Axis symbol (L117-124)", f.ID)
		}
		if f.Dark && (f.Shared() || f.Black()) {
			p.Errf(n, scn.ErrInvalid, "field %s: a field of a darkened area has one player's colour (L349-362)", f.ID)
		}
	}
	checks := []struct {
		n    int
		want func(int) bool
		what string
	}{
		{count(func(f *Field) bool { return f.Hub }), func(n int) bool { return n == 1 }, "one hub (Düsseldorf, L121-124)"},
		{count(func(f *Field) bool { return f.Antwerp }), func(n int) bool { return n == 1 }, "one antwerp field (§15A)"},
		{count(func(f *Field) bool { return f.Blockade }), func(n int) bool { return n == 4 }, "four blockade [A] fields (L157-163)"},
		{count(func(f *Field) bool { return f.Ostend }), func(n int) bool { return n <= 1 }, "at most one ostend field (L300-303)"},
		{count(func(f *Field) bool { return f.HardPatton }), func(n int) bool { return n <= 1 }, "at most one hard-patton field (Metz, R15.6)"},
		{count(func(f *Field) bool { return f.Victory }), func(n int) bool { return n >= 1 }, "a victory field (L105-107)"},
	}
	for _, c := range checks {
		if !c.want(c.n) {
			p.Errf(line, scn.ErrInvalid, "[fields]: %d, want %s", c.n, c.what)
		}
	}
}

// checkCorps: each commander's corps (§2: 4, 3 and 3), each on one start
// field of its colour.
func (p *parser) checkCorps(fields map[string]*Field) {
	starts := map[string]string{}
	for _, f := range p.sc.Fields {
		if f.Start == "" {
			continue
		}
		if prev, dup := starts[f.Start]; dup {
			p.Errf(p.fieldAt[f.ID], scn.ErrDuplicate, "start=%s: corps %s already starts on %s", f.Start, f.Start, prev)
			continue
		}
		starts[f.Start] = f.ID
		if _, ok := p.corpsAt[f.Start]; !ok && len(p.corpsAt) > 0 {
			p.Errf(p.fieldAt[f.ID], scn.ErrUnknown, "start=%s: no corps %s in [corps]", f.Start, f.Start)
		}
	}
	for _, c := range commanders {
		n := 0
		for _, k := range p.sc.Corps {
			if k.Owner == c.Seat {
				n++
			}
		}
		if n != c.Corps {
			p.Errf(0, scn.ErrInvalid, "[corps]: %s has %d corps, the game %d (§2, L43-45)", c.Seat, n, c.Corps)
		}
	}
	for _, k := range p.sc.Corps {
		at, ok := starts[k.ID]
		if !ok {
			p.Errf(p.corpsAt[k.ID], scn.ErrMissing, "corps %s has no start field (start=%s in [fields])", k.ID, k.ID)
			continue
		}
		if !slices.Contains(fields[at].Colours, colourOf(k.Owner)) {
			p.Errf(p.corpsAt[k.ID], scn.ErrInvalid, "corps %s of %s starts on %s, which is not %s", k.ID, k.Owner, at, colourOf(k.Owner))
		}
	}
}

// checkCards: the Axis deck and the three pursuit decks hold as many cards
// as the game's (§2: 24 Axis cards, 3 x 22 pursuit cards).
func (p *parser) checkCards() {
	count := map[string]int{}
	for _, c := range p.sc.Cards {
		count[c.Deck]++
	}
	if count[deckAxis] != axisCards {
		p.Errf(0, scn.ErrInvalid, "[cards]: the Axis deck has %d cards, the game %d (L718-720)", count[deckAxis], axisCards)
	}
	for _, c := range commanders {
		if n := count[string(c.Seat)]; n != pursuitCards {
			p.Errf(0, scn.ErrInvalid, "[cards]: the pursuit deck of %s has %d cards, the game %d (L286-298)", c.Seat, n, pursuitCards)
		}
	}
}

// checkSolo: the solo markers stand on fields, and excluded fields are
// shared fields of that commander.
func (p *parser) checkSolo(fields map[string]*Field) {
	for _, c := range commanders {
		for _, m := range p.sc.Solo[c.Seat] {
			n := p.soloAt[fmt.Sprintf("%s %d", c.Seat, m.Value)]
			f := fields[m.Field]
			switch {
			case f == nil:
				p.Errf(n, scn.ErrUnknown, "marker %d of %s: no field %s", m.Value, c.Seat, m.Field)
			case f.Victory || f.Dark || f.Start != "" || f.Main != "":
				p.Errf(n, scn.ErrInvalid, "marker %d of %s: %s is a victory field or always controlled", m.Value, c.Seat, m.Field)
			}
		}
		for _, id := range p.sc.Exclude[c.Seat] {
			f := fields[id]
			n := p.lines["exclude "+string(c.Seat)]
			if f == nil {
				p.Errf(n, scn.ErrUnknown, "exclude %s: no field %s", c.Seat, id)
			} else if !f.Shared() || !slices.Contains(f.Colours, c.Colour) {
				p.Errf(n, scn.ErrInvalid, "exclude %s: %s is not a field %s shares (R17.7)", c.Seat, id, c.Seat)
			}
		}
	}
}
