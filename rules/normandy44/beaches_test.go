package normandy44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// mulberryMap: Gold beach at 0406 with its engineer, Arromanches-les-Bains
// (the British Mulberry site) at 0405 held by a British brigade, Omaha at 0208
// and 0308 with its engineer and the US Mulberry site at 0208, a German unit
// far off at 0801, and In Britain units of 3, 2 and 1 RP.
func mulberryMap() testMap {
	return testMap{
		terrain: map[string]string{"0405": `town base=clear "Arromanches-les-Bains"`, "0407": "sea", "0507": "sea", "0108": "sea"},
		units: []string{"geng allied gb - engineer (1)-0 beach=gold", "oeng allied us - engineer (1)-0 beach=omaha",
			"seng allied gb - engineer (1)-0 beach=sword",
			"bde allied gb 50 infantry 6-4 4-4 size=X", "bde2 allied gb 50 infantry 6-4 4-4 size=X",
			"hq allied gb - hq (1)-4", "cav allied gb - recon 1-6", gerInf},
		setup:  []string{"geng 0406", "oeng 0208", "seng 0601", "bde 0405", "ginf 0801"},
		places: []string{"beach 0406 gold", "beach 0208 omaha", "beach 0308 omaha", "beach 0601 sword", "mulberry 0405 gb", "mulberry 0208 us"},
		boxes:  []string{"in-britain in-britain"},
		reinf:  []string{"2 bde2 in-britain rp=3", "2 hq in-britain", "2 cav in-britain"},
	}
}

// initialPhase plays the Initial Phase of turn with a weather die of 4 (Clear):
// the Mulberry check (21.1.1) and the resources (5.3, 6.5.1).
func initialPhase(t *testing.T, g *Game, turn int) []rules.Event {
	t.Helper()
	g.setStage(turn, PhaseInitial, "")
	ev, err := g.Roll([]int{4})
	if err != nil {
		t.Fatalf("turn %d weather: %v", turn, err)
	}
	return ev
}

func pool(g *Game, name string) int {
	if k := poolIndex(g.s.SupP, name); k >= 0 {
		return g.s.SupP[k].N
	}
	return 0
}

// TestMulberry_21_1_1_Turn7 (digest example E29): conditions met in turn 2 -> ready in the turn-7
// Initial Phase (the 21.1.1 example). Before then the army gets 1 free SupP a
// turn and cannot buy SupP; from then on 2 (21.1.3).
func TestMulberry_21_1_1_Turn7(t *testing.T) {
	g := mulberryMap().game(t, Allied, 2)
	g.setControl("0405", Allied)
	ev := initialPhase(t, g, 2)
	if m := g.mulberryOf("gb"); m == nil || m.Ready != 7 || m.Complete {
		t.Fatalf("21.1.1: British Mulberry after turn 2: %+v\n%s", m, rulestest.EventsText(ev))
	}
	// Omaha is clear of German units too: the US Mulberry starts with it.
	if m := g.mulberryOf("us"); m == nil || m.Ready != 7 {
		t.Errorf("21.1.1: US Mulberry after turn 2: %+v", m)
	}
	if v := strings.Join(g.View(seatOf(Allied)).Lines, "\n"); !strings.Contains(v, "British Mulberry: complete in turn 7 (21.1.1)") {
		t.Errorf("the view does not show the Mulberry on the Turn track:\n%s", v)
	}
	for turn := 3; turn <= 6; turn++ {
		before := pool(g, "gb")
		initialPhase(t, g, turn)
		if g.mulberryComplete("gb") {
			t.Fatalf("21.1.1: complete in turn %d, want turn 7", turn)
		}
		if got := pool(g, "gb") - before; got != 1 {
			t.Errorf("21.1.3: turn %d gave %d free gb SupP before completion, want 1", turn, got)
		}
	}
	before := pool(g, "gb")
	ev = initialPhase(t, g, 7)
	if !g.mulberryComplete("gb") || !strings.Contains(rulestest.EventsText(ev), "complete") {
		t.Fatalf("21.1.1: not complete in the turn-7 Initial Phase:\n%s", rulestest.EventsText(ev))
	}
	if got := pool(g, "gb") - before; got != 2 {
		t.Errorf("21.1.3: %d free gb SupP after completion, want 2", got)
	}
}

// TestMulberry_21_1_1_Conditions: the British Mulberry needs Arromanches
// Allied-controlled with no German unit adjacent; the US one no German unit on
// or adjacent to either Omaha hex.
func TestMulberry_21_1_1_Conditions(t *testing.T) {
	g := mulberryMap().game(t, Allied, 2)
	// The Germans hold Arromanches (2.2.5: its last occupant), the brigade
	// stands beside it.
	g.s.Units[g.index["bde"]].At = "0404"
	g.setControl("0405", German)
	g.s.Units[g.index["ginf"]].At = "0307" // next to Omaha 0308
	initialPhase(t, g, 2)
	if g.mulberryOf("gb") != nil {
		t.Error("21.1.1: British Mulberry begun with Arromanches German-controlled")
	}
	if g.mulberryOf("us") != nil {
		t.Error("21.1.1: US Mulberry begun with a German unit next to Omaha 0308")
	}
	// The British take Arromanches; a German unit stands next to it.
	g.setControl("0405", Allied)
	g.s.Units[g.index["ginf"]].At = "0505"
	initialPhase(t, g, 3)
	if g.mulberryOf("gb") != nil {
		t.Error("21.1.1: British Mulberry begun with a German unit adjacent to Arromanches")
	}
	if m := g.mulberryOf("us"); m == nil || m.Ready != 8 {
		t.Errorf("21.1.1: US Mulberry with Omaha clear in turn 3: %+v, want ready in turn 8", m)
	}
}

// TestMulberry_21_1_2_Delay: at the start of each Allied turn with a German
// unit next to the target hex the marker moves one turn later.
func TestMulberry_21_1_2_Delay(t *testing.T) {
	g := mulberryMap().game(t, Allied, 2)
	g.setControl("0405", Allied)
	initialPhase(t, g, 2)
	g.s.Units[g.index["ginf"]].At = "0505" // next to Arromanches
	g.s.Phase, g.s.Side = PhaseReplacement, Allied
	ev := g.startReplacement()
	if m := g.mulberryOf("gb"); m.Ready != 8 || !strings.Contains(rulestest.EventsText(ev), "21.1.2") {
		t.Errorf("21.1.2: British Mulberry ready in %d, want 8: %s", m.Ready, rulestest.EventsText(ev))
	}
	if m := g.mulberryOf("us"); m.Ready != 7 {
		t.Errorf("21.1.2: the US Mulberry is delayed by a German unit far from Omaha: %d", m.Ready)
	}
	// The German Replacement Phase is no Allied turn.
	g.s.Side = German
	g.startReplacement()
	if m := g.mulberryOf("gb"); m.Ready != 8 {
		t.Errorf("21.1.2: delayed at the start of a German turn: %d", m.Ready)
	}
}

// TestMulberry_21_1_5_Lost: a German capture of the site removes the Mulberry,
// complete or not; retaken, it starts again from scratch.
func TestMulberry_21_1_5_Lost(t *testing.T) {
	g := mulberryMap().game(t, Allied, 2)
	g.setControl("0405", Allied)
	initialPhase(t, g, 2)
	for turn := 3; turn <= 7; turn++ {
		initialPhase(t, g, turn)
	}
	if !g.mulberryHex("0405") {
		t.Fatal("21.1.3: the complete Mulberry hex is no supply source")
	}
	// The Germans take Arromanches.
	g.s.Units[g.index["bde"]].At = "0404"
	g.s.Units[g.index["ginf"]].At = "0405"
	g.setControl("0405", German)
	ev := initialPhase(t, g, 8)
	if g.mulberryComplete("gb") || g.mulberryHex("0405") || !strings.Contains(rulestest.EventsText(ev), "21.1.5") {
		t.Fatalf("21.1.5: the captured Mulberry stands: %+v\n%s", g.mulberryOf("gb"), rulestest.EventsText(ev))
	}
	if n := len(g.closedMulberries(g.occupancy())); n != 1 {
		t.Errorf("23.3: %d closed Mulberry hexes, want 1", n)
	}
	// Retaken in turn 9: begun again, ready in turn 14.
	g.s.Units[g.index["ginf"]].At = "0801"
	g.s.Units[g.index["bde"]].At = "0405"
	g.setControl("0405", Allied)
	initialPhase(t, g, 9)
	if m := g.mulberryOf("gb"); m.Lost || m.Complete || m.Ready != 14 {
		t.Errorf("21.1.5: restarted Mulberry %+v, want ready in turn 14", m)
	}
}

// TestMulberry_6_5_2_Landing: a complete British Mulberry takes landings and
// counts as part of Gold for the 4 RP a beach takes a turn (6.5.2 c, 21.1.3).
func TestMulberry_6_5_2_Landing(t *testing.T) {
	g := mulberryMap().game(t, Allied, 2)
	g.s.RP = []supPool{{"gb", 6}}
	g.s.Units[g.index["bde"]].At = "0404"
	refused(t, g, Allied, "move hq 0405", "6.5.2") // not complete: no landing place
	g.s.Mulberries = []mulberry{{Army: "gb", Ready: 2, Complete: true}}
	if _, ok := legalTo(g, "bde2", "0405"); !ok {
		t.Error("Legal offers no landing on the complete Mulberry")
	}
	ev := apply(t, g, Allied, "move bde2 0405")
	if at(g, "bde2") != "0405" || !strings.Contains(ev[0].Text, "3 gb RP") {
		t.Errorf("bde2 at %s: %v", at(g, "bde2"), ev)
	}
	// 3 RP through Gold by its Mulberry: the 2-RP HQ would make 5 (6.5.2 c).
	refused(t, g, Allied, "move hq 0406", "6.5.2")
	apply(t, g, Allied, "move cav 0406")
}

// TestBuySupP_21_1_3: SupP for 3 RP each, only once the army's Mulberry is
// complete, in the Allied Replacement Phase.
func TestBuySupP_21_1_3(t *testing.T) {
	g := mulberryMap().game(t, Allied, 3)
	g.s.Phase = PhaseReplacement
	g.s.RP = []supPool{{"us", 6}, {"gb", 6}}
	refused(t, g, Allied, "buy-supp gb 1", "21.1.3")
	g.s.Mulberries = []mulberry{{Army: "gb", Ready: 3, Complete: true}}
	refused(t, g, Allied, "buy-supp gb 3", "5.3") // 9 RP, 6 left
	refused(t, g, Allied, "buy-supp us 1", "21.1.3")
	if !strings.Contains(g.Pending().Prompt, "buy-supp") {
		t.Errorf("the prompt does not teach buy-supp: %s", g.Pending().Prompt)
	}
	found := false
	for _, c := range g.Legal(seatOf(Allied)) {
		found = found || c.Command == "buy-supp gb 1"
	}
	if !found {
		t.Error("Legal does not list 'buy-supp gb 1'")
	}
	apply(t, g, Allied, "buy-supp gb 2")
	if pool(g, "gb") != 2 || g.rpLeft("gb") != 0 {
		t.Errorf("21.1.3: gb SupP %d, RP left %d; want 2 and 0", pool(g, "gb"), g.rpLeft("gb"))
	}
	g.s.Phase = PhaseMovement
	refused(t, g, Allied, "buy-supp gb 1", "21.1.3")
}

// TestBuySupP_S3_2_7: in the Cherbourg scenario the US RP buy SupP from turn
// 7, when the Omaha Mulberry is assumed complete, and not before.
func TestBuySupP_S3_2_7(t *testing.T) {
	g := cherbourg(t)
	g.setStage(6, PhaseReplacement, Allied)
	g.s.RP = []supPool{{"us", 4}}
	refused(t, g, Allied, "buy-supp us 1", "21.1.3")
	g.s.Turn = 7
	apply(t, g, Allied, "buy-supp us 1")
	if g.rpLeft("us") != 1 {
		t.Errorf("S3.2.7: %d US RP left, want 1", g.rpLeft("us"))
	}
}

// TestEngineerRP_6_5_3: each eliminated engineer of Gold, Juno or a US beach
// costs its army 2 RP a turn while it is off its beach; Sword's costs nothing.
func TestEngineerRP_6_5_3(t *testing.T) {
	g := mulberryMap().game(t, Allied, 2)
	g.eliminate(g.index["geng"])
	g.eliminate(g.index["seng"])
	initialPhase(t, g, 3)
	if got := g.rpIncome("gb"); got != 4 {
		t.Errorf("6.5.3: gb RP %d with Gold's engineer eliminated, want 6-2 = 4", got)
	}
	if got := g.rpIncome("us"); got != 6 {
		t.Errorf("6.5.3: us RP %d, want 6", got)
	}
	if cl := g.closedBeaches(); strings.Join(cl, " ") != "gold sword" {
		t.Errorf("21.1.4: closed beaches %v, want gold and sword", cl)
	}
	// Rebuilt onto the In Britain card, it still costs until it lands.
	g.s.Units[g.index["geng"]] = unitState{ID: "geng", At: "in-britain"}
	initialPhase(t, g, 4)
	if got := g.rpIncome("gb"); got != 4 {
		t.Errorf("6.5.3: gb RP %d with Gold's engineer in Britain, want 4", got)
	}
}

// TestClosedBeach_21_1_4: on a closed beach only its own engineer lands.
func TestClosedBeach_21_1_4(t *testing.T) {
	g := mulberryMap().game(t, Allied, 3)
	g.s.RP = []supPool{{"gb", 6}}
	g.s.Units[g.index["geng"]] = unitState{ID: "geng", At: "in-britain"}
	refused(t, g, Allied, "move cav 0406", "21.1.4")
	apply(t, g, Allied, "move geng 0406")
	if !g.openBeach("0406") {
		t.Error("21.1.1: the engineer landed and Gold is still closed")
	}
	apply(t, g, Allied, "move cav 0406")
}

// TestMulberry_18_2_Source: a complete, Allied-controlled Mulberry hex is an
// Allied supply source (18.2, 21.1.3); one under construction is not.
func TestMulberry_18_2_Source(t *testing.T) {
	g := mulberryMap().game(t, Allied, 5)
	g.eliminate(g.index["geng"]) // Gold closed
	g.eliminate(g.index["seng"]) // Sword closed
	g.s.Units[g.index["bde"]].At = "0402"
	g.setControl("0405", Allied)
	g.s.Mulberries = []mulberry{{Army: "gb", Ready: 7}}
	if st := traceSupply(g.sup, g.supplyView(Allied)); st["0402"] == InSupply {
		t.Fatal("18.2: a line to a Mulberry under construction")
	}
	g.s.Mulberries[0].Complete = true
	if st := traceSupply(g.sup, g.supplyView(Allied)); st["0402"] != InSupply {
		t.Errorf("18.2: 0402, 3 hexes from the complete Mulberry at 0405: %s", st["0402"])
	}
}
