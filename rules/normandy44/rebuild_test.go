package normandy44

import (
	"strings"
	"testing"
)

// rebuildMap: German entry hex 0304 (a source, 18.2), Towns at 0405 and
// 0808, ginf2 of division 1 at 0403; ginf of the same division eliminated.
func rebuildMap() testMap {
	return testMap{
		terrain: map[string]string{"0405": "town base=clear", "0808": "town base=clear", "0102": "sea"},
		units:   []string{gerInf, gerInf2, allInf, "eng allied us - engineer (1)-0 beach=utah"},
		setup:   []string{"ginf2 0403", "ainf 0801", "eng 0101"},
		places:  []string{"entry 0304 green", "beach 0101 utah"},
		boxes:   []string{"in-britain in-britain"},
	}
}

// TestRebuild_6_2_2: an eliminated German unit returns at its lowest step on
// a friendly Town in supply, out of enemy ZOC, within 5 hexes of a unit of
// its division; an Allied one goes to the In Britain card and lands again.
func TestRebuild_6_2_2(t *testing.T) {
	g := rebuildMap().game(t, German, 3)
	g.s.Phase = PhaseReplacement
	g.s.Repl = []replStock{{Nation: "german", Type: "infantry", Count: 2}, {Nation: "us", Type: "infantry", Count: 1}}
	g.eliminate(g.index["ginf"])
	refused(t, g, German, "rebuild ginf2 0405", "6.2.1") // not eliminated
	refused(t, g, German, "rebuild ginf", "6.2.2")       // a German unit needs a hex
	refused(t, g, German, "rebuild ginf 0406", "6.2.2")  // not a Town, no HQ
	refused(t, g, German, "rebuild ginf 0808", "6.2.2")  // 6 hexes from ginf2 (c)
	g.s.Units[g.index["ainf"]].At = "0505"               // next to 0405: enemy ZOC (b)
	refused(t, g, German, "rebuild ginf 0405", "6.2.2")
	g.s.Units[g.index["ainf"]].At = "0801"
	if _, ok := choiceOf(g, "rebuild ginf 0405"); !ok {
		t.Error("Legal does not offer 'rebuild ginf 0405'")
	}
	ev := apply(t, g, German, "rebuild ginf 0405")
	us := g.s.Units[g.index["ginf"]]
	if us.At != "0405" || us.Gone || us.Step != 1 || !us.Repl || !strings.Contains(ev[0].Text, "6.2.2") {
		t.Errorf("rebuilt: %+v, %v", us, ev)
	}
	refused(t, g, German, "replace ginf", "6.2.3") // one Repl a turn

	// The Allied side: ainf is eliminated and rebuilt to the In Britain card.
	g.s.Side = Allied
	g.eliminate(g.index["ainf"])
	refused(t, g, Allied, "rebuild ainf 0801", "6.2.2")
	apply(t, g, Allied, "rebuild ainf")
	if at(g, "ainf") != "in-britain" || !g.s.Units[g.index["ainf"]].Repl {
		t.Fatalf("ainf at %q", at(g, "ainf"))
	}
	// 6.5.1 T15: a 2-step infantry of no listed kind has no cost row, so the
	// test gives it one: a US regiment costs 3 RP.
	g.sc.Units[g.index["ainf"]].Size = "III"
	g.s.Phase = PhaseMovement
	g.s.RP = []supPool{{"us", 3}}
	apply(t, g, Allied, "move ainf 0101 0201")
	if at(g, "ainf") != "0201" || g.rpSpent("us") != 3 {
		t.Errorf("ainf lands at %q, %d RP spent", at(g, "ainf"), g.rpSpent("us"))
	}
}

func choiceOf(g *Game, cmd string) (string, bool) {
	for _, c := range g.Legal(seatOf(g.s.Side)) {
		if c.Command == cmd {
			return c.Note, true
		}
	}
	return "", false
}
