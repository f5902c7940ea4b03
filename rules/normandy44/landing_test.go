package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
)

// beachMap has the Utah beach at 0408 with its engineer, In Britain units
// that cost 3, 2 and 1 RP, and a German unit at 0605.
func beachMap() testMap {
	return testMap{
		terrain: map[string]string{"0508": "sea", "0308": "sea"},
		units: []string{"eng allied us - engineer (1)-0 beach=utah", "reg1 allied us 4 infantry 6-4 4-4 size=III",
			"reg2 allied us 4 infantry 6-4 4-4 size=III", "tk allied us - armored 3-6 1-6", "cav allied us - recon 1-6",
			"ostr allied gb 50 infantry 6-4 4-4", "geng allied gb - engineer (1)-0 beach=gold", gerInf},
		setup:  []string{"eng 0408", "ginf 0605", "geng 0101"},
		places: []string{"beach 0408 utah", "beach 0101 gold"},
		boxes:  []string{"in-britain in-britain"},
		reinf: []string{"2 reg1 in-britain rp=3", "2 reg2 in-britain rp=3", "2 tk in-britain", "2 cav in-britain",
			"3 ostr in-britain"},
	}
}

// TestLanding_E04_6_5: Allied units bought with RP land on an open beach by
// Tactical Movement; at most 4 RP through one beach a turn (6.5.2 c), no more
// RP than the turn gives (6.5.1), nothing before turn 2.
func TestLanding_E04_6_5(t *testing.T) {
	g := beachMap().game(t, Allied, 2)
	g.s.RP = []supPool{{"us", 6}}
	refused(t, g, Allied, "move reg1 0407", "6.5.2")           // not a beach
	refused(t, g, Allied, "move reg1 0408 0407 0406", "6.5.2") // 3 hexes
	refused(t, g, Allied, "move reg1 0101", "6.5.2")           // a CW beach for US RP
	refused(t, g, Allied, "move ostr 0101", "6.5.1")           // not yet on the card (turn 3)
	if _, ok := legalTo(g, "reg1", "0407"); !ok {
		t.Error("Legal does not offer reg1's landing at 0408 and move to 0407")
	}
	ev := apply(t, g, Allied, "move reg1 0408 0407")
	if at(g, "reg1") != "0407" || !strings.Contains(ev[0].Text, "3 us RP") || !g.s.Units[g.index["reg1"]].Tactical {
		t.Errorf("reg1 at %q: %v", at(g, "reg1"), ev)
	}
	// 3 RP have gone through Utah: another regiment would make 6 (E04).
	refused(t, g, Allied, "move reg2 0408 0407", "6.5.2")
	apply(t, g, Allied, "move cav 0408 0307") // 1 RP: Utah's 4
	refused(t, g, Allied, "move tk 0408", "6.5.2")
	// A German unit on the beach hex bars it.
	g = beachMap().game(t, Allied, 3)
	g.s.RP = []supPool{{"us", 2}}
	refused(t, g, Allied, "move reg1 0408", "6.5.1") // 3 RP, 2 left
	g.s.Units[g.index["ginf"]].At = "0408"
	g.s.Units[g.index["eng"]].At = "0407"
	refused(t, g, Allied, "move tk 0408", "6.5.2")
	// Closed beach: no engineer on it (21.1.4).
	g.s.Units[g.index["ginf"]].At = "0605"
	refused(t, g, Allied, "move tk 0408", "21.1.4")
}

// TestLanding_LegalListsWhatPlanLandingAccepts: Legal makes planLanding's
// checks once for the unit and once for each beach hex (landingMoves); it
// must list exactly the landings that planLanding and the end check accept
// (6.5.1, 6.5.2), path by path, for every In Britain unit of the campaign's
// turn-2 Allied Movement Phase, with the RP spent as landings go in.
func TestLanding_LegalListsWhatPlanLandingAccepts(t *testing.T) {
	g := germanMovementTurn2(t, "campaign")
	// The German Movement and Combat Phases, the Allied Replacement Phase.
	for _, seat := range []rules.Seat{"german", "german", "allied"} {
		for g.Pending().Dice != nil {
			if _, err := g.Roll([]int{6}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := g.Apply(seat, "end"); err != nil {
			t.Fatal(err)
		}
	}
	if g.s.Phase != PhaseMovement || g.s.Side != Allied {
		t.Fatalf("at %s, want the Allied Movement Phase", g.phaseName())
	}
	// skipInvasion leaves the Germans on the beaches and the engineers off
	// them: clear the beaches and land the engineers, so that they open
	// (21.1.1).
	beachHexes := map[hex.Axial]bool{}
	for _, a := range g.landingHexes() {
		beachHexes[a] = true
	}
	for i := range g.s.Units {
		if a, ok := g.onMap(i); ok && beachHexes[a] && g.unit(i).Side == German {
			g.s.Units[i].Gone = true
		}
	}
	for i := range g.s.Units {
		if u := g.unit(i); u.Type == Engineer && u.Side == Allied {
			for _, a := range g.landingHexes() {
				if g.sup.beach[a] == u.Beach {
					g.s.Units[i].At, g.s.Units[i].Gone = g.b.id(a), false
					break
				}
			}
		}
	}
	landings := 0
	for round := 0; round < 4; round++ {
		listed := map[string]bool{}
		for _, c := range g.Legal("allied") {
			listed[c.Command] = true
		}
		ctx := g.moveContext(Allied)
		var accepted []string
		for i := range g.s.Units {
			r, ok := g.inBritainEntry(i)
			if !ok {
				continue
			}
			for _, a := range g.landingHexes() {
				for _, p := range append([][]hex.Axial{{a}}, func() (ps [][]hex.Axial) {
					for _, n := range a.Neighbors() {
						ps = append(ps, []hex.Axial{a, n})
					}
					return ps
				}()...) {
					c := Command{Verb: "move", Unit: g.unit(i).ID}
					for _, h := range p {
						c.Path = append(c.Path, g.b.id(h))
					}
					_, _, err := g.planLanding(ctx, i, r, p)
					ok := err == nil && g.landCheck(ctx, i, p[len(p)-1]) == nil
					if ok {
						accepted = append(accepted, c.String())
					}
					if ok != listed[c.String()] {
						t.Fatalf("round %d: %q: planLanding says %v (%v), Legal lists it: %v", round, c, ok, err, listed[c.String()])
					}
				}
			}
		}
		if len(accepted) == 0 {
			break
		}
		if _, err := g.Apply("allied", accepted[len(accepted)/2]); err != nil {
			t.Fatal(err)
		}
		landings++
	}
	if landings == 0 {
		t.Fatal("no landing was open to check")
	}
}
