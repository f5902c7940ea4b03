package salerno43

import (
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// 16.3.2: a swamp hex entered off the road counts 2 of the overland part's
// 5 hexes. A straight line of hexes is the only shortest way between its
// ends, so a unit 5 hexes from a source, the swamp among them, has no LOS;
// 4 hexes away it has one (3 + 2). The source is off every road, so the
// line is all overland, and it enters the swamp off the road. Under /2:
// /1 counted the swamp 1.
func TestSwampCountsTwo_16_3_2(t *testing.T) {
	g := emptyGame(t, 3, PhaseSupply, Allied)
	swamp, _ := g.b.Hex("2614")
	if g.b.Terrain(swamp) != Swamp {
		t.Fatal("2614 is a swamp hex on the stand-in map")
	}
	// plain: a land hex that is no key hex (16.3.4).
	plain := func(a hex.Axial) bool { return g.lineHex(a) && !g.b.fullMountain(a) }
	// offRoad: no road leaves a, so no road part of a line ends there.
	offRoad := func(a hex.Axial) bool {
		for _, n := range a.Neighbors() {
			if g.b.Road(a, n) != "" {
				return false
			}
		}
		return true
	}
	var line []hex.Axial // the unit's hex, then the 5 hexes entered, the source last
	for d := range hex.DirectionCount {
		// The swamp is the k-th hex entered; on the stand-in map every
		// straight line through 2614 runs into the sea beyond it, so there
		// it is the source (k = 5), entered last, and counts 2 all the same.
		for k := 1; k <= 5 && line == nil; k++ {
			start := swamp
			for range k {
				start = start.Neighbor(d.Opposite())
			}
			l := []hex.Axial{start}
			for range 5 {
				l = append(l, l[len(l)-1].Neighbor(d))
			}
			ok := offRoad(l[5])
			for n, a := range l {
				ok = ok && plain(a)
				if n > 0 {
					ok = ok && !g.b.mountainNoRoad(l[n-1], a) && !g.b.Feature(l[n-1], a, SeaSide)
					ok = ok && (a != swamp || g.b.Road(l[n-1], a) == "")
				}
			}
			if ok {
				line = l
			}

		}
	}
	if line == nil {
		t.Fatal("no straight line of 6 land hexes through 2614")
	}
	source := []hex.Axial{line[5]}
	r := g.supplyRules(Allied, false)
	st := hexwar.NewTracer(g.b.Board, r).Statuses(source)
	cell := func(a hex.Axial) int { k, _ := g.b.Cell(a); return k }
	if got := st[cell(line[0])]; got == hexwar.InSupply {
		t.Errorf("16.3.2: %s is 5 hexes from the source through the swamp 2614, which counts 2: %v", g.b.ID(line[0]), got)
	}
	if got := st[cell(line[1])]; got != hexwar.InSupply {
		t.Errorf("16.3.2: %s is 4 hexes from the source, the swamp counting 2: %v", g.b.ID(line[1]), got)
	}
}

// outOfSupplyInN1 is 1-64/16 in N1, a German source (16.2.1), with the
// white and red OOS markers, in the German Supply Phase under version.
func outOfSupplyInN1(t *testing.T, version string) (*Game, int) {
	t.Helper()
	g := emptyGameIn(t, version, 3, PhaseSupply, German)
	i := g.index("1-64/16")
	g.s.Units[i] = unitState{ID: "1-64/16", Box: boxEntry + "N1", OOS: true, Isolated: true}
	return g, i
}

// 16.1 (L936): "Jeśli jakkolwiek przyjazna jednostka lub stos ze znacznikiem
// „Bez zaopatrzenia" może teraz śledzić linię zaopatrzenia, znacznik jest
// usuwany." 1-64/16 in N1 stands in a source: its markers come off in the
// German Supply Phase, so it re-enters the map unhindered (16.4).
// salerno43/2 checked units on the map only and left them.
func TestSupplyPhase_MarkersOffInFriendlyArea_16_1(t *testing.T) {
	g, i := outOfSupplyInN1(t, "")
	g.enterSupply()
	if us := g.s.Units[i]; us.OOS || us.Isolated {
		t.Errorf("16.1: 1-64/16 in N1, a German source, traces supply: its OOS markers come off; %+v", us)
	}
	g, i = outOfSupplyInN1(t, "salerno43/2")
	g.enterSupply()
	if us := g.s.Units[i]; !us.OOS || !us.Isolated {
		t.Errorf("salerno43/2 replays as played: the markers stay on 1-64/16 in N1; %+v", us)
	}
}

// 16.1, 16.2: the Floating Reserve is no source the book names, so a unit
// there keeps its OOS marker; only friendly entry areas clear it.
func TestSupplyPhase_FloatingReserveKeepsMarker_16_1(t *testing.T) {
	g := emptyGame(t, 3, PhaseSupply, Allied)
	i := g.index("142/36")
	g.s.Units[i] = unitState{ID: "142/36", Box: BoxFloating, OOS: true}
	g.enterSupply()
	if !g.s.Units[i].OOS {
		t.Errorf("16.2: no source in the Floating Reserve: 142/36 keeps its OOS marker; %+v", g.s.Units[i])
	}
}

// dropFar drops 2/509 on turn 6, under version ("" the current one), in
// the first hex of the 5th Army sector it may land in from 2202 on, far
// from any Allied source, lands it safely and plays on to the end of the
// Allied Supply Phase's check.
func dropFar(t *testing.T, version string) (*Game, int) {
	t.Helper()
	g := emptyGameIn(t, version, 6, PhasePrep, Allied)
	i := g.index("2-509")
	g.s.Units[i].Box = "airdrop:5th-army"
	at := "2202"
	if g.dropAllowed(i, mustHex(t, g, at)) != nil {
		for _, a := range g.b.LandHexes() {
			if g.dropAllowed(i, a) == nil {
				at = g.b.ID(a)
				break
			}
		}
	}
	rulestest.Apply(t, g, rules.Seat(Allied), "drop 2-509 "+at)
	rulestest.Roll(t, g, 6) // landed safely
	for g.s.Phase != PhaseSupply {
		if p := g.Pending(); p.Dice != nil {
			t.Fatalf("dice awaited: %s", p.Prompt)
		}
		rulestest.Apply(t, g, rules.Seat(Allied), "end")
	}
	return g, i
}

// 21.6.3 (L1281): "Jednostki spadochroniarzy są zaopatrzone w turze, w
// której zostały zrzucone i nie sprawdzają zaopatrzenia w tej turze. W
// następnej turze, po zrzuceniu, normalnie sprawdzają zaopatrzenie":
// dropped on turn 6 far from any source, 2/509 is in supply through its
// drop turn's Supply Phase, and is isolated when it checks on turn 7.
// Under salerno43/2 it was checked, and isolated, on its drop turn, and
// its state kept no drop turn, so that it hashes as it did.
func TestParatroopsInSupplyOnDropTurn_21_6_3(t *testing.T) {
	g, i := dropFar(t, "")
	us := g.s.Units[i]
	if us.OOS || us.Isolated || us.Dropped != 6 {
		t.Errorf("21.6.3: 2/509 dropped this turn at %s is in supply and does not check it: OOS %v, isolated %v, dropped on turn %d",
			us.Hex, us.OOS, us.Isolated, us.Dropped)
	}
	g.s.Turn = 7
	if s := g.supplyStatuses(Allied).status(g, i); s != hexwar.Isolated {
		t.Errorf("21.6.3: on turn 7 2/509 at %s checks supply as any unit, isolated; got %v", us.Hex, s)
	}

	g, i = dropFar(t, "salerno43/2")
	if us := g.s.Units[i]; !us.Isolated || us.Dropped != 0 {
		t.Errorf("salerno43/2: 2/509 at %s was checked on its drop turn, isolated, and kept no drop turn; isolated %v, dropped %d",
			us.Hex, us.Isolated, us.Dropped)
	}
}
