package rhine44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// R14.4a (L1422-1428): the field a counterattack takes "nie może sąsiadować
// z główną bazą zaopatrzenia, polem startowym lub dowolnym korpusem
// dowolnego gracza (ani być pod nim)"; a field next to a main base is safe,
// so the main base itself is too. Once Antwerp is open (§15A, L1487-1492)
// Antwerpen, which carries red's ordinary control marker, is his main base:
// no counterattack takes it, nor does Legal offer one. rhine44/1 let one
// take it, and red kept a main base he no longer controlled.
func TestCounterattackNeverTakesMainBase(t *testing.T) {
	antwerpOpen := func(version string) *Game {
		g := startUnder(t, version, "three-player")
		turnOf(t, g, "bradley")
		mark(g, "monty", "breskens", "terneuzen", "woensdrecht", "bergen-op-zoom", "antwerpen")
		g.checkAntwerp()
		if g.mainBase("monty") != "antwerpen" {
			t.Fatal("Antwerp did not open (§15A)")
		}
		do(t, g, "bradley", "end")
		return g
	}
	g := antwerpOpen(Version)
	if slices.Contains(g.counterFields("bradley"), "antwerpen") {
		t.Error("Antwerpen, red's main base, may be counterattacked")
	}
	for _, c := range g.Legal("bradley") {
		if c.Command == "counter antwerpen" {
			t.Errorf("Legal offers %q", c.Command)
		}
	}
	rulestest.Refused(t, g, "bradley", "counter antwerpen", "R14.4")
	if g.controller("antwerpen") != "monty" {
		t.Errorf("Antwerpen's controller %q, want monty", g.controller("antwerpen"))
	}

	old := antwerpOpen("rhine44/1")
	if !slices.Contains(old.counterFields("bradley"), "antwerpen") {
		t.Fatal("rhine44/1 no longer counterattacks Antwerpen")
	}
	do(t, old, "bradley", "counter antwerpen")
	if old.controller("antwerpen") != "" || old.mainBase("monty") != "antwerpen" {
		t.Errorf("rhine44/1: Antwerpen's controller %q, red's main base %s; want none, antwerpen as before", old.controller("antwerpen"), old.mainBase("monty"))
	}
}
