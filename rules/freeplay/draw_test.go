package freeplay

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/scene"
)

// TestScene_NoBoard: free play draws no board, only where the game stands
// and what happened last, and the scene is valid; its dice are grouped by
// their shape.
func TestScene_NoBoard(t *testing.T) {
	gg, err := New([]byte("title Duel\nseats allied german\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	if _, err := g.Apply("allied", "play 5/352 2512 to 2513"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply("allied", "roll 2d6 for attack on 2613"); err != nil {
		t.Fatal(err)
	}
	if got := g.DicePurpose(); got != "2d6" {
		t.Errorf("DicePurpose = %q, want 2d6", got)
	}
	if err := scene.CheckGame(g); err != nil {
		t.Fatal(err)
	}
	s := g.Scene(rules.Seat("german"))
	if s.Hex != nil || s.Graph != nil || len(s.Pieces) != 0 || s.Turn != 1 || s.Title != "Duel" {
		t.Errorf("scene %+v", s)
	}
	if len(s.Notes) < 2 || s.Notes[1] != "allied: 5/352 2512 to 2513" {
		t.Errorf("notes %q", s.Notes)
	}
}
