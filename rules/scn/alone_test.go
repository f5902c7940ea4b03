package scn

import (
	"errors"
	"strings"
	"testing"
)

// TestMaps_ReadAlone: a side file read on its own must name itself on its
// keyword line and hold the game's line; its records reach the game's
// readers and the whole-file check runs; problems name the file.
func TestMaps_ReadAlone(t *testing.T) {
	charts := Maps{Game: "test", Keyword: "chart", Ext: ".chart", Headers: []string{"game", "chart", "title"}}
	var rows []string
	finished := 0
	sections := func(p *Parser) []Section {
		return []Section{{Name: "crt", Record: func(l Line) { rows = append(rows, l.Words[0]) }}}
	}
	finish := func(p *Parser) { finished++ }

	good := "game test\nchart standard\ntitle The charts\n[crt]\n1 A1\n2 DR\n"
	if err := charts.ReadAlone("standard.chart", []byte(good), sections, finish); err != nil {
		t.Fatalf("standard.chart: %v", err)
	}
	if strings.Join(rows, ",") != "1,2" || finished != 1 {
		t.Errorf("records %v, finished %d times", rows, finished)
	}

	err := charts.ReadAlone("other.chart", []byte(good), sections, finish)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "other.chart") || !strings.Contains(err.Error(), `chart "standard"`) {
		t.Errorf("standard's text as other.chart: %v, want ErrInvalid naming both", err)
	}
	if err := charts.ReadAlone("standard.chart", []byte("game test\n[crt]\n1 A1\n"), sections, nil); !errors.Is(err, ErrMissing) {
		t.Errorf("no chart line: %v, want ErrMissing", err)
	}
	if err := charts.ReadAlone("standard.chart", []byte("game other\nchart standard\n"), sections, nil); err == nil {
		t.Error("another game's chart read as this game's")
	}
}
