package render

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// A story is a log told for the HTML replay: the board once, and for each
// entry what it did and how the pieces changed. Pieces are laid out for the
// largest number each box ever holds, so the boxes never move.

// story is what a walk of the log gathers before anything is laid out.
type story struct {
	first   scene.Scene // the board, boxes and colours come from here
	boxes   []scene.Box
	boxMax  map[string]int
	lib     *library
	notes   map[tag]string    // each marker tag's meaning, for the legend
	looks   numbering[string] // each piece's markup inside its group
	pieces  numbering[string] // piece ids
	layers  numbering[layer]
	frames  []storyFrame
	mode    logs.DiceMode
	seat    rules.Seat
	game    string
	engine  string
	problem error // the walk's error: frames stop at the entry before
}

// storyFrame is one entry: its words and the position after it.
type storyFrame struct {
	seq          int64
	by, kind, ts string
	turn         int
	phase        string
	lines        []string // commands, note text, what the entry carries
	dice         [][]string
	events       []string
	notes        []string
	pieces       []framePiece
	areas        map[int][]string // layer -> its cells
	moves        []scene.Move
	combat       *scene.Combat
	over         bool
}

type framePiece struct {
	piece, look int
	at          string
}

// tell walks the log and gathers its story.
func tell(entries []*logs.Entry, load replay.Loader, seat rules.Seat) (*story, error) {
	st := &story{boxMax: map[string]int{}, lib: newLibrary(), notes: map[tag]string{}, seat: seat}
	if len(entries) > 0 {
		st.mode, st.game, st.engine = entries[0].Dice, entries[0].Game, entries[0].Engine
	}
	colours := map[string]scene.Colour{}
	err := replay.Walk(entries, load, func(f replay.Frame) error {
		d, ok := f.Game.(scene.Drawer)
		if !ok {
			return drawError{fmt.Errorf("rules %s cannot draw its positions yet", entries[0].Engine)}
		}
		s := d.Scene(seat)
		s.Overlays.Moves = f.Moves
		if err := scene.Check(s); err != nil {
			return drawError{fmt.Errorf("entry %d: %w", f.Entry.Seq, err)}
		}
		if len(st.frames) == 0 {
			st.first = s
			colours = colourMap(s.Colours)
		}
		for _, b := range s.Boxes {
			if !slices.ContainsFunc(st.boxes, func(x scene.Box) bool { return x.ID == b.ID }) {
				st.boxes = append(st.boxes, b)
			}
		}
		for box, n := range boxCounts(s.Pieces) {
			st.boxMax[box] = max(st.boxMax[box], n)
		}
		fr := frameWords(f)
		fr.turn, fr.phase, fr.notes, fr.over = s.Turn, s.Phase, s.Notes, f.Game.Pending().Over
		fr.moves, fr.combat = s.Overlays.Moves, s.Overlays.Combat
		for _, pc := range s.Pieces {
			look := pieceLook(st.lib, colours, pc, st.notes)
			fr.pieces = append(fr.pieces, framePiece{piece: st.pieces.of(pc.ID), look: st.looks.of(look), at: pc.At})
		}
		ls, cells := layersOf(s.Overlays)
		fr.areas = map[int][]string{}
		for i, l := range ls {
			fr.areas[st.layers.of(l)] = cells[i]
		}
		st.frames = append(st.frames, fr)
		return nil
	})
	if de := (drawError{}); errors.As(err, &de) {
		return nil, de.err // the engine's bug, not the log's: no page
	}
	if len(st.frames) == 0 {
		return nil, err
	}
	st.problem = err
	st.first.Boxes = st.boxes
	return st, nil
}

// frameWords is what an entry says and did, in words: its commands or text,
// its dice with what they decided, and the events. Everything here came from
// a log, and is escaped where it is written.
func frameWords(f replay.Frame) storyFrame {
	e := f.Entry
	fr := storyFrame{seq: e.Seq, by: e.By, kind: string(e.Kind), ts: e.TS}
	switch e.Kind {
	case logs.KindInvite:
		fr.lines = append(fr.lines, fmt.Sprintf("invites: %s/%s (%s), %s dice", e.Rules, e.Scenario, e.Engine, e.Dice))
	case logs.KindAccept:
		fr.lines = append(fr.lines, "joins the game"+nameOf(e.Name))
	case logs.KindNote:
		fr.lines = append(fr.lines, "note: "+e.Text)
	case logs.KindTakeback, logs.KindAgree:
		fr.lines = append(fr.lines, fmt.Sprintf("%s to entry %d", e.Kind, e.To))
	case logs.KindReveal:
		if e.Epoch != 0 {
			fr.lines = append(fr.lines, fmt.Sprintf("answers dice request %d with its chain link", e.Epoch))
		}
	}
	for _, c := range e.Commands {
		fr.lines = append(fr.lines, "> "+c)
	}
	if e.Request != 0 {
		fr.lines = append(fr.lines, fmt.Sprintf("requests dice (epoch %d)", e.Request))
	}
	for _, r := range f.Rolls {
		var vs []string
		for _, v := range r.Values {
			vs = append(vs, strconv.Itoa(v))
		}
		fr.dice = append(fr.dice, []string{string(r.Seat), strings.Join(vs, " "), r.For})
	}
	for _, ev := range f.Events {
		fr.events = append(fr.events, ev.Text)
	}
	return fr
}

// drawError is a position the engine cannot draw, as against an entry that
// does not verify.
type drawError struct{ err error }

func (e drawError) Error() string { return e.err.Error() }
func (e drawError) Unwrap() error { return e.err }

func nameOf(name string) string {
	if name == "" {
		return ""
	}
	return " (" + name + ")"
}
