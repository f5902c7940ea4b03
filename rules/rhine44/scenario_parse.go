package rhine44

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scn"
)

// parser reads an assembled scenario.
type parser struct {
	scn.Parser
	sc       Scenario
	fieldAt  map[string]int // field id -> line
	arrowAt  map[[2]string]int
	cardAt   map[string]int
	corpsAt  map[string]int
	levelAt  map[int]int
	trackAt  map[int]int
	soloAt   map[string]int
	lines    map[string]int // "fields" etc. -> first record line, for whole-file problems
	layoutAt int
}

// ParseScenario reads an assembled scenario (Assemble) and checks it whole.
// Every problem names its file and line (*scn.LineError), all of them, not
// only the first.
func ParseScenario(data []byte) (*Scenario, error) {
	p := &parser{
		sc:      Scenario{SupplyTrack: map[int]int{}, Solo: map[rules.Seat][]SoloMarker{}, Exclude: map[rules.Seat][]string{}},
		fieldAt: map[string]int{}, arrowAt: map[[2]string]int{}, cardAt: map[string]int{}, corpsAt: map[string]int{},
		levelAt: map[int]int{}, trackAt: map[int]int{}, soloAt: map[string]int{}, lines: map[string]int{},
	}
	p.Read(data, scn.Grammar{
		Game:     "rhine44",
		Headers:  grammarHeaders,
		Required: []string{"game", "scenario", "title", "layout", "players"},
		Maps:     true,
		Header:   p.header,
		Sections: []scn.Section{
			{Name: "fields", Record: p.field},
			{Name: "arrows", Record: p.arrow},
			{Name: "tracks", Record: p.track},
			{Name: "corps", Record: p.corps},
			{Name: "cards", Record: p.card},
			{Name: "solo", Record: p.solo},
		},
	})
	p.finish()
	if err := p.Err(); err != nil {
		return nil, err
	}
	return &p.sc, nil
}

func (p *parser) header(l scn.Line, key, value string) {
	switch key {
	case "scenario":
		if !scn.ValidName(value) {
			p.Errf(l.N, scn.ErrSyntax, "scenario %q: lower-case letters, digits and '-'", value)
		}
		p.sc.Name = value
	case "title":
		p.sc.Title = value
	case "provenance":
		p.sc.Provenance = value
	case "layout":
		w, h, err := parseSize(value)
		if err != nil {
			p.Report(l.N, err)
		}
		p.sc.Width, p.sc.Height, p.layoutAt = w, h, l.N
	case "players":
		seats, err := parseSeats(l.Words[1:])
		if err != nil {
			p.Errf(l.N, scn.ErrInvalid, "players: %v", err)
		}
		p.sc.Players = seats
	}
}

// parseSeats reads 1 to 3 distinct commanders.
func parseSeats(words []string) ([]rules.Seat, error) {
	if len(words) < 1 || len(words) > len(commanders) {
		return nil, fmt.Errorf("1 to 3 of monty, bradley, patton")
	}
	var seats []rules.Seat
	for _, w := range words {
		if _, ok := commanderOf(rules.Seat(w)); !ok {
			return nil, fmt.Errorf("%q is not a commander (monty, bradley, patton)", w)
		}
		if slices.Contains(seats, rules.Seat(w)) {
			return nil, fmt.Errorf("%s given twice", w)
		}
		seats = append(seats, rules.Seat(w))
	}
	return seats, nil
}

// name reads a quoted or bare name.
func (p *parser) name(n int, w string) (string, bool) {
	if !scn.ValidText(w) || len(w) > 60 {
		p.Errf(n, scn.ErrSyntax, "name %q: printable text of 1 to 60 bytes", w)
		return "", false
	}
	return w, true
}

// colourSet reads "red", "red+white" or "black".
func colourSet(w string) ([]string, error) {
	cs := strings.Split(w, "+")
	for i, c := range cs {
		if !slices.Contains(colours, c) {
			return nil, fmt.Errorf("colour %q (want red, white, blue, black, or two joined by '+')", c)
		}
		if slices.Contains(cs[:i], c) {
			return nil, fmt.Errorf("colour %q given twice", c)
		}
	}
	switch {
	case len(cs) > 2:
		return nil, fmt.Errorf("%q: at most two colours (a shared field, a double arrow)", w)
	case len(cs) == 2 && slices.Contains(cs, black):
		return nil, fmt.Errorf("%q: black stands alone", w)
	}
	// Written in the commanders' order, so that the same set reads the same.
	slices.SortFunc(cs, func(a, b string) int { return slices.Index(colours, a) - slices.Index(colours, b) })
	if strings.Join(cs, "+") != w {
		return nil, fmt.Errorf("%q: write the colours in the order red, white, blue (%s)", w, strings.Join(cs, "+"))
	}
	return cs, nil
}

// field reads: id "Name" colours x y [flags].
func (p *parser) field(l scn.Line) {
	w := l.Words
	if len(w) < 5 {
		p.Errf(l.N, scn.ErrSyntax, "want: id \"Name\" colours x y [flags] (flags: victory axis fort forward medal blockade antwerp ostend dark hub main=COMMANDER start=CORPS hard-monty hard-patton)")
		return
	}
	f := Field{ID: w[0]}
	if !scn.ValidName(f.ID) {
		p.Errf(l.N, scn.ErrSyntax, "field id %q: lower-case letters, digits and '-'", f.ID)
		return
	}
	if !scn.Once(&p.Parser, p.fieldAt, f.ID, l.N, "field %s", f.ID) {
		return
	}
	name, ok := p.name(l.N, w[1])
	if !ok {
		return
	}
	f.Name = name
	cs, err := colourSet(w[2])
	if err != nil {
		p.Errf(l.N, scn.ErrInvalid, "field %s: %v", f.ID, err)
		return
	}
	f.Colours = cs
	x, okX := p.Int(l.N, "x", w[3], 0, 100000)
	y, okY := p.Int(l.N, "y", w[4], 0, 100000)
	if !okX || !okY {
		return
	}
	f.X, f.Y = x, y
	flags := map[string]*bool{"victory": &f.Victory, "axis": &f.Axis, "fort": &f.Fort, "forward": &f.Forward, "medal": &f.Medal,
		"blockade": &f.Blockade, "antwerp": &f.Antwerp, "ostend": &f.Ostend, "dark": &f.Dark, "hub": &f.Hub, "hard-monty": &f.HardMonty, "hard-patton": &f.HardPatton}
	ok = p.Fields(l.N, w[5:], func(word, key, value string, kv bool) bool {
		switch {
		case !kv && flags[key] != nil:
			*flags[key] = true
		case kv && key == "main":
			if _, known := commanderOf(rules.Seat(value)); !known {
				p.Errf(l.N, scn.ErrUnknown, "main=%s: not a commander (monty, bradley, patton)", value)
				return false
			}
			f.Main = rules.Seat(value)
		case kv && key == "start":
			if !validCorps(value) {
				p.Errf(l.N, scn.ErrSyntax, "start=%s: a corps id is 1 to 8 capital letters and digits, e.g. XII", value)
				return false
			}
			f.Start = value
		default:
			p.Errf(l.N, scn.ErrUnknown, "field flag %q (want victory, axis, fort, forward, medal, blockade, antwerp, ostend, dark, hub, main=COMMANDER, start=CORPS, hard-monty or hard-patton)", word)
			return false
		}
		return true
	})
	if !ok {
		return
	}
	if f.Victory && !f.Black() {
		p.Errf(l.N, scn.ErrInvalid, "field %s: a victory field is black (L105-107)", f.ID)
	}
	p.sc.Fields = append(p.sc.Fields, f)
}

func validCorps(s string) bool {
	if s == "" || len(s) > 8 {
		return false
	}
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// arrow reads: a b colours.
func (p *parser) arrow(l scn.Line) {
	if len(l.Words) != 3 {
		p.Errf(l.N, scn.ErrSyntax, "want: field field colours (red, red+white, black, ...)")
		return
	}
	a, b := l.Words[0], l.Words[1]
	cs, err := colourSet(l.Words[2])
	if err != nil {
		p.Errf(l.N, scn.ErrInvalid, "arrow %s-%s: %v", a, b, err)
		return
	}
	key := [2]string{min(a, b), max(a, b)}
	if !scn.Once(&p.Parser, p.arrowAt, key, l.N, "arrow between %s and %s", key[0], key[1]) {
		return
	}
	p.sc.Arrows = append(p.sc.Arrows, Arrow{A: a, B: b, Colours: cs})
}

// track reads the logistics track and the supply track (T1, T3):
//
//	level N draw=D place=P limit=L
//	supply-track 1=N 2=N 3=N
func (p *parser) track(l scn.Line) {
	switch l.Words[0] {
	case "level":
		if len(l.Words) != 5 {
			p.Errf(l.N, scn.ErrSyntax, "want: level N draw=D place=P limit=L")
			return
		}
		n, ok := p.Int(l.N, "level", l.Words[1], 1, maxLevel)
		if !ok || !scn.Once(&p.Parser, p.levelAt, n, l.N, "level %d", n) {
			return
		}
		kv := p.KeyValues(l.N, l.Words[2:], "draw", "place", "limit")
		if kv == nil {
			return
		}
		d, ok1 := p.Int(l.N, "draw", kv["draw"], 0, trucksInBox)
		pl, ok2 := p.Int(l.N, "place", kv["place"], 0, trucksInBox)
		li, ok3 := p.Int(l.N, "limit", kv["limit"], 0, trucksInBox)
		if ok1 && ok2 && ok3 {
			p.sc.Levels[n-1] = Level{Draw: d, Place: pl, Limit: li}
		}
	case "supply-track":
		if len(l.Words) != 4 {
			p.Errf(l.N, scn.ErrSyntax, "want: supply-track 1=N 2=N 3=N (tokens of each type, by player count)")
			return
		}
		if !scn.Once(&p.Parser, p.trackAt, 0, l.N, "supply-track") {
			return
		}
		kv := p.KeyValues(l.N, l.Words[1:], "1", "2", "3")
		for k, v := range kv {
			players, _ := strconv.Atoi(k)
			if n, ok := p.Int(l.N, "supply-track "+k, v, 0, poolFood); ok {
				p.sc.SupplyTrack[players] = n
			}
		}
	default:
		p.Errf(l.N, scn.ErrUnknown, "track record %q (want level or supply-track)", l.Words[0])
	}
}

// corps reads: ID commander supply.
func (p *parser) corps(l scn.Line) {
	if len(l.Words) != 3 {
		p.Errf(l.N, scn.ErrSyntax, "want: CORPS commander supply (e.g. XII patton FFFR; - for none)")
		return
	}
	c := CorpsCard{ID: l.Words[0], Owner: rules.Seat(l.Words[1])}
	if !validCorps(c.ID) {
		p.Errf(l.N, scn.ErrSyntax, "corps %q: 1 to 8 capital letters and digits, e.g. XII", c.ID)
		return
	}
	if !scn.Once(&p.Parser, p.corpsAt, c.ID, l.N, "corps %s", c.ID) {
		return
	}
	if _, ok := commanderOf(c.Owner); !ok {
		p.Errf(l.N, scn.ErrUnknown, "corps %s: %q is not a commander (monty, bradley, patton)", c.ID, c.Owner)
		return
	}
	if l.Words[2] != "-" {
		t, err := ParseTokens(l.Words[2], cardCapacity)
		if err != nil {
			p.Errf(l.N, scn.ErrInvalid, "corps %s: supply: %v", c.ID, err)
			return
		}
		c.Supply = t
	}
	p.sc.Corps = append(p.sc.Corps, c)
}

// card reads: deck id "Name" kind [medal] [hand] [weather=sun|rain].
func (p *parser) card(l scn.Line) {
	w := l.Words
	if len(w) < 4 {
		p.Errf(l.N, scn.ErrSyntax, "want: deck id \"Name\" kind [medal] [hand] [weather=sun|rain] (deck: axis, monty, bradley, patton)")
		return
	}
	c := Card{Deck: w[0], ID: w[1], Kind: w[3]}
	_, pursuit := commanderOf(rules.Seat(c.Deck))
	if c.Deck != deckAxis && !pursuit {
		p.Errf(l.N, scn.ErrUnknown, "deck %q (want axis, monty, bradley or patton)", c.Deck)
		return
	}
	if !scn.ValidName(c.ID) {
		p.Errf(l.N, scn.ErrSyntax, "card id %q: lower-case letters, digits and '-'", c.ID)
		return
	}
	if !scn.Once(&p.Parser, p.cardAt, c.ID, l.N, "card %s", c.ID) {
		return
	}
	name, ok := p.name(l.N, w[2])
	if !ok {
		return
	}
	c.Name = name
	kinds := pursuitKinds
	if c.Deck == deckAxis {
		kinds = axisKinds
	}
	if !slices.Contains(kinds, c.Kind) {
		p.Errf(l.N, scn.ErrUnknown, "card %s: kind %q for the %s deck (want %s)", c.ID, c.Kind, c.Deck, scn.OneOf(kinds...))
		return
	}
	p.Fields(l.N, w[4:], func(word, key, value string, kv bool) bool {
		switch {
		case !kv && key == "medal":
			c.Medal = true
		case !kv && key == "hand":
			c.Hand = true
		case kv && key == "weather" && (value == "sun" || value == "rain"):
			c.Weather = value
		default:
			p.Errf(l.N, scn.ErrUnknown, "card flag %q (want medal, hand, weather=sun or weather=rain)", word)
			return false
		}
		return true
	})
	if c.Hand && c.Kind != kindResistance && c.Kind != kindRecon {
		p.Errf(l.N, scn.ErrInvalid, "card %s: only Resistance and Recon cards carry a hand symbol (R10.13)", c.ID)
	}
	if c.Medal && !c.Division() {
		p.Errf(l.N, scn.ErrInvalid, "card %s: only division cards carry a medal (R16.3)", c.ID)
	}
	p.sc.Cards = append(p.sc.Cards, c)
}

// solo reads the solo markers' layout and the fields outside a solo
// commander's zone:
//
//	marker COMMANDER VALUE FIELD
//	exclude COMMANDER FIELD...
func (p *parser) solo(l scn.Line) {
	w := l.Words
	switch w[0] {
	case "marker":
		if len(w) != 4 {
			p.Errf(l.N, scn.ErrSyntax, "want: marker commander value field")
			return
		}
		seat := rules.Seat(w[1])
		if _, ok := commanderOf(seat); !ok {
			p.Errf(l.N, scn.ErrUnknown, "marker: %q is not a commander", w[1])
			return
		}
		v, ok := p.Int(l.N, "value", w[2], soloBands.LowMin, soloBands.HighMax)
		if !ok || !scn.Once(&p.Parser, p.soloAt, fmt.Sprintf("%s %d", seat, v), l.N, "marker %d of %s", v, seat) {
			return
		}
		p.sc.Solo[seat] = append(p.sc.Solo[seat], SoloMarker{Value: v, Field: w[3]})
	case "exclude":
		if len(w) < 3 {
			p.Errf(l.N, scn.ErrSyntax, "want: exclude commander field...")
			return
		}
		seat := rules.Seat(w[1])
		if _, ok := commanderOf(seat); !ok {
			p.Errf(l.N, scn.ErrUnknown, "exclude: %q is not a commander", w[1])
			return
		}
		for _, f := range w[2:] {
			if !scn.Once(&p.Parser, p.soloAt, "exclude "+string(seat)+" "+f, l.N, "exclude %s %s", seat, f) {
				return
			}
			p.sc.Exclude[seat] = append(p.sc.Exclude[seat], f)
		}
		p.lines["exclude "+string(seat)] = l.N
	default:
		p.Errf(l.N, scn.ErrUnknown, "solo record %q (want marker or exclude)", w[0])
	}
}
