package main

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

// jsonVersion is the version of every --json document: a document names it
// in "version", and a field is renamed or removed only with a new version
// (docs/cli.md). Fields may be added within a version.
const jsonVersion = 1

// writeJSON writes v (a pointer to one of the documents below) as indented
// JSON. Every string in it is escaped as pbem prints received text
// (safetext): a tool that prints a field prints what pbem would.
func writeJSON(w io.Writer, v any) error {
	escapeStrings(reflect.ValueOf(v))
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// escapeStrings escapes every string reachable from v in place.
func escapeStrings(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			escapeStrings(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				escapeStrings(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			escapeStrings(v.Index(i))
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(safetext.Escape(v.String()))
		}
	}
}

// jsonChoice is one legal command (rules.Choice).
type jsonChoice struct {
	Command string `json:"command"`
	Piece   string `json:"piece,omitempty"`
	Cost    int    `json:"cost,omitempty"`
	Note    string `json:"note,omitempty"`
	// Line is the line 'pbem legal' prints, which 'pbem do' also takes.
	Line string `json:"line"`
}

func choicesJSON(cs []rules.Choice) []jsonChoice {
	out := make([]jsonChoice, 0, len(cs))
	for _, c := range cs {
		out = append(out, jsonChoice{Command: c.Command, Piece: c.Piece, Cost: c.Cost, Note: c.Note, Line: legalLine(c)})
	}
	return out
}

// jsonWaiting is what a game waits for (replay.Waiting).
type jsonWaiting struct {
	Seats []string `json:"seats"`
	Dice  bool     `json:"dice"`
	Over  bool     `json:"over"`
	Text  string   `json:"text"`
}

func waitingJSON(w replay.Waiting) jsonWaiting {
	return jsonWaiting{Seats: nonNil(w.Seats), Dice: w.Dice, Over: w.Over, Text: w.Text}
}

// jsonUnit is a counter (rules.Unit).
type jsonUnit struct {
	ID         string      `json:"id"`
	Side       string      `json:"side"`
	Owner      string      `json:"owner,omitempty"`
	Kind       string      `json:"kind"`
	Where      string      `json:"where,omitempty"`
	Status     string      `json:"status"`
	OnMap      bool        `json:"on_map"`
	Eliminated bool        `json:"eliminated"`
	Values     []jsonValue `json:"values"`
	Step       int         `json:"step"`
	Steps      int         `json:"steps"`
	Markers    []string    `json:"markers"`
	Supply     string      `json:"supply,omitempty"`
}

type jsonValue struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

func unitJSON(u rules.Unit) jsonUnit {
	j := jsonUnit{ID: u.ID, Side: u.Side, Owner: string(u.Owner), Kind: u.Kind, Where: u.Where, Status: u.Status,
		OnMap: u.OnMap, Eliminated: u.Eliminated, Step: u.Step, Steps: u.Steps, Markers: nonNil(u.Markers), Supply: u.Supply,
		Values: []jsonValue{}}
	for _, v := range u.Values {
		j.Values = append(j.Values, jsonValue{Name: v.Name, Text: v.Text})
	}
	return j
}

// jsonEntry is one log entry, with what it made happen.
type jsonEntry struct {
	Seq      int64      `json:"seq"`
	TS       string     `json:"ts"`
	By       string     `json:"by"`
	Kind     string     `json:"kind"`
	Commands []string   `json:"commands,omitempty"`
	Text     string     `json:"text,omitempty"`
	To       int64      `json:"to,omitempty"`
	Epoch    int64      `json:"epoch,omitempty"`
	Request  int64      `json:"request,omitempty"`
	Draws    []jsonDraw `json:"draws,omitempty"`
	Events   []string   `json:"events"`
	// The invite's: the game, the scenario and the dice mode.
	Rules    string `json:"rules,omitempty"`
	Engine   string `json:"engine,omitempty"`
	Scenario string `json:"scenario,omitempty"`
	Dice     string `json:"dice,omitempty"`
}

type jsonDraw struct {
	Epoch  int64  `json:"epoch"`
	For    string `json:"for"`
	Sides  []int  `json:"sides"`
	Values []int  `json:"values"`
	// Sealed: a sealed draw taken or shown to a second seat; its values
	// come with the entry that reveals its secret.
	Sealed bool `json:"sealed,omitempty"`
}

func entryJSON(e *logs.Entry, events []rules.Event) jsonEntry {
	j := jsonEntry{Seq: e.Seq, TS: e.TS, By: e.By, Kind: string(e.Kind), Commands: e.Commands, Text: e.Text, To: e.To,
		Epoch: e.Epoch, Request: e.Request, Rules: e.Rules, Engine: e.Engine, Scenario: e.Scenario, Dice: string(e.Dice),
		Events: []string{}}
	for _, d := range e.Draws {
		j.Draws = append(j.Draws, jsonDraw{Epoch: d.Epoch, For: d.For, Sides: d.Sides, Values: nonNilInts(d.Values), Sealed: len(d.Values) == 0})
	}
	for _, ev := range events {
		j.Events = append(j.Events, ev.Text)
	}
	return j
}

func nonNilInts(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}

// nonNil makes an empty list [] rather than null in JSON.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// errorsText lists errors as strings, for JSON.
func errorsText(errs []error) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, fmt.Sprint(e))
	}
	return out
}

// jsonLegal is what 'pbem legal --json' prints.
type jsonLegal struct {
	Version int          `json:"version"`
	Game    string       `json:"game"`
	Seat    string       `json:"seat"`
	Choices []jsonChoice `json:"choices"`
	Nothing string       `json:"nothing,omitempty"`
	// Private: what this player alone sees (a card it looked at).
	Private []string `json:"private,omitempty"`
}

// jsonUnitShown is what 'pbem unit --json' prints.
type jsonUnitShown struct {
	Version int          `json:"version"`
	Game    string       `json:"game"`
	Unit    jsonUnit     `json:"unit"`
	Choices []jsonChoice `json:"choices"`
	Now     string       `json:"now,omitempty"`
	Private []string     `json:"private,omitempty"`
}

// jsonLog is what 'pbem log --json' prints.
type jsonLog struct {
	Version  int          `json:"version"`
	Game     string       `json:"game"`
	Source   string       `json:"source"`
	OK       bool         `json:"ok"`
	Entries  []jsonEntry  `json:"entries"`
	Waiting  *jsonWaiting `json:"waiting,omitempty"`
	Problems []string     `json:"problems"`
	// Protocol is the log's protocol version (its invite's v);
	// ProtocolWarning what casual dice of v1 do not prove.
	Protocol        int    `json:"protocol,omitempty"`
	ProtocolWarning string `json:"protocol_warning,omitempty"`
}
