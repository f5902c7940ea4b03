package normandy44

import (
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/hex"
)

// The shared stand-in map (scenarios/normandy44/normandy.map), read through the
// campaign (S1), the seven-turn scenario (S2) and Cherbourg (S3).

func campaignScenario(t testing.TB) *Scenario {
	t.Helper()
	return mustParse(t, readFile(t, "../../scenarios/normandy44/campaign.scn"))
}

func sevenTurnScenario(t testing.TB) *Scenario {
	t.Helper()
	return mustParse(t, readFile(t, "../../scenarios/normandy44/seven-turn.scn"))
}

func hexOf(s *Scenario, id string) *Hex {
	for i := range s.Hexes {
		if s.Hexes[i].ID == id {
			return &s.Hexes[i]
		}
	}
	return nil
}

func placesOf(s *Scenario, kind PlaceKind, arg string) []Place {
	var out []Place
	for _, p := range s.Places {
		if p.Kind == kind && (arg == "" || p.Arg == arg) {
			out = append(out, p)
		}
	}
	return out
}

func hexDistance(t testing.TB, a, b string) int {
	t.Helper()
	pa, errA := hex.FlatOddColumnsDown.Parse(a)
	pb, errB := hex.FlatOddColumnsDown.Parse(b)
	if errA != nil || errB != nil {
		t.Fatalf("bad hex ids %s %s", a, b)
	}
	return hex.Distance(pa, pb)
}

// TestMap_NamedHexes: every hex number and place the rulebook names is on the
// map as the rulebook gives it (digest 1.4 lists them; the rule or example
// that names each is cited).
func TestMap_NamedHexes(t *testing.T) {
	s := campaignScenario(t)
	named := []struct {
		hex, name string
		terrain   Terrain // "" for any land
		rule      string
	}{
		{"2506", "La-Haye-du-Puits", Town, "S3.2.6, L1595"},
		{"2512", "Carentan", Town, "S3.3 I, 13.2 example, L964, L1606"},
		{"2437", "Mont Canisy", "", "25.3, L1515"},
		{"2623", "Longues-sur-Mer", "", "25.3, L1515"},
		{"2818", "Pointe du Hoc", "", "17.5.2, 25.3, L1196, L1515"},
		{"3012", "Crisbecq", "", "25.3, P13, L1515, L1744"},
		{"2811", "Ste-Mère-Église", Town, "S2.2, P19, L1563, L1802"},
		{"2422", "Bayeux", Town, "S2.2, P23, L1564, L1752"},
		{"2624", "Arromanches-les-Bains", Town, "6.5.2, 17.5, 21.1.1, L447, L1425"},
		{"2328", "Buron", Town, "S1.3 examples 1 and 2, L1543, L1547"},
		{"2330", "Épron", Town, "S1.3 example 2, P27, L1547, L1846"},
		{"2331", "Ranville", "", "P16, L1786"},
		{"2433", "Merville", "", "P13, 25.3 note, L1519, L1758"},
		{"2708", "Pont-l'Abbé", "", "P13 (printed Point-l'Abbé), L1746"},
		{"2120", "Balleroy", "", "P13, L1752"},
		{"1808", "Coutances", Town, "designer's notes (30th Brigade), L1874"},
		{"2128", "Carpiquet", "", "11.7, L735"},
		{"3403", "Westeck", "", "16.1.6, L1102"},
		{"3506", "Osteck", "", "16.1.6, L1102"},
	}
	for _, n := range named {
		h := hexOf(s, n.hex)
		if h == nil || h.Name != n.name || h.Terrain == Sea || (n.terrain != "" && h.Terrain != n.terrain) {
			t.Errorf("%s: %s should be %s %s on the map; got %+v", n.rule, n.hex, n.name, n.terrain, h)
		}
	}
	// Hexes named by number only: 2323 (P23, L1828), 2513 (13.2 example,
	// L964), 2713 and 2813 (P03, L1682), 2710 and 2810 (S3.3 III, L1615).
	for _, id := range []string{"2323", "2513", "2713", "2813", "2710", "2810"} {
		if h := hexOf(s, id); h == nil || h.Terrain == Sea || h.Terrain == Marsh {
			t.Errorf("%s should be a land hex a unit may enter: %+v", id, h)
		}
	}
	if d := hexDistance(t, "2513", "2512"); d != 1 {
		t.Errorf("13.2 example: 2513 is next to Carentan; distance %d", d)
	}
	// P03: Advance 2 from Utah: the beach hex first, then 2713 and 2813.
	for _, id := range []string{"2713", "2813"} {
		if d := hexDistance(t, id, "2814"); d != 1 {
			t.Errorf("P03: %s should be next to the Utah beach 2814; distance %d", id, d)
		}
	}
	// P23: Combat F retreats the defender of a Town two hexes to 2323.
	if d := hexDistance(t, "2422", "2323"); d != 2 {
		t.Errorf("P23: Bayeux 2422 should be 2 hexes from 2323; distance %d", d)
	}
	// P27: the panzergrenadier retreats one hex into Épron from the strongpoint's hex.
	if d := hexDistance(t, "2430", "2330"); d != 1 {
		t.Errorf("P27: the strongpoint hex 2430 should be next to Épron; distance %d", d)
	}
	// 5.2, S1.3.1: Cherbourg has 3 City hexes, Caen 4.
	for city, n := range map[string]int{"Cherbourg": 3, "Caen": 4} {
		hs := namedHexes(s, city)
		if len(hs) != n {
			t.Errorf("S1.3.1: %s has %d City hexes, want %d", city, len(hs), n)
		}
		for _, id := range hs {
			if hexOf(s, id).Terrain != City {
				t.Errorf("%s %s is not a City", city, id)
			}
		}
	}
}

// TestMap_Places: beaches with their sectors (1.4, 21.1.1), the nine drop
// hexes (S2.2, 20.2.1), glider hexes (20.2.4), batteries (25.3), Mulberry
// sites (21.1.1), Osteck and Westeck (16.1.6), entry hexes of every colour on
// the map edge (6.6) and the mobilization hexes (6.7).
func TestMap_Places(t *testing.T) {
	s := campaignScenario(t)
	beach := map[string][]string{}
	for _, p := range placesOf(s, PlaceBeach, "") {
		beach[p.Arg] = append(beach[p.Arg], p.Hex+":"+p.Sector)
	}
	want := map[string][]string{
		"utah":          {"2814:uncle-red"},
		"omaha":         {"2719:dog", "2720:easy"},
		"pointe-du-hoc": {"2818:"},
		"gold":          {"2625:jig", "2626:king"},
		"juno":          {"2628:mike", "2629:nan"},
		"sword":         {"2531:queen"},
	}
	if !reflect.DeepEqual(beach, want) {
		t.Errorf("1.4, 21.1.1: beaches %v, want %v", beach, want)
	}
	for _, p := range placesOf(s, PlaceBeach, "") {
		if h := hexOf(s, p.Hex); h == nil || !h.Coastal {
			t.Errorf("20.3: beach hex %s should be coastal: %+v", p.Hex, h)
		}
	}
	drops := map[string][]string{}
	for _, p := range placesOf(s, PlaceDrop, "") {
		drops[p.Arg] = append(drops[p.Arg], p.Hex)
	}
	if len(placesOf(s, PlaceDrop, "")) != 9 || len(drops) != 3 {
		t.Errorf("S2.2: 9 parachute drop hexes of 3 divisions (20.2.1); got %v", drops)
	}
	if got := drops["82-ab"]; !reflect.DeepEqual(got, []string{"2710", "2810", "2811"}) {
		t.Errorf("S3.3 III: the 82nd drops on 2710, 2810 and 2811; got %v", got)
	}
	if len(placesOf(s, PlaceGlider, "")) == 0 {
		t.Error("20.2.4: no glider landing hex")
	}
	var batteries []string
	for _, p := range placesOf(s, PlaceBattery, "") {
		batteries = append(batteries, p.Hex)
	}
	slices.Sort(batteries)
	if !reflect.DeepEqual(batteries, []string{"2437", "2623", "2818", "3012"}) {
		t.Errorf("25.3: batteries %v, want Mont Canisy 2437, Longues 2623, Pointe du Hoc 2818, Crisbecq 3012", batteries)
	}
	if m := placesOf(s, PlaceMulberry, "gb"); len(m) != 1 || m[0].Hex != "2624" {
		t.Errorf("21.1.1: the British Mulberry is at Arromanches-les-Bains 2624: %v", m)
	}
	if m := placesOf(s, PlaceMulberry, "us"); len(m) != 1 || !isBeachOf(s, m[0].Hex, "omaha") {
		t.Errorf("21.1.1: the US Mulberry goes on an Omaha hex: %v", m)
	}
	if f := placesOf(s, PlaceFort, ""); len(f) != 2 || f[0].Hex != "3403" || f[1].Hex != "3506" {
		t.Errorf("16.1.6: two permanent IPs, Osteck and Westeck: %v", f)
	}
	colours := map[string]bool{}
	for _, p := range placesOf(s, PlaceEntry, "") {
		colours[p.Arg] = true
		col, row := colRow(p.Hex)
		if col != 14 && row != 40 {
			t.Errorf("6.6: entry hex %s is not on the south or east map edge", p.Hex)
		}
		if !onRoad(s, p.Hex) {
			t.Errorf("6.6: entry hex %s is on no road", p.Hex)
		}
	}
	if len(colours) != 4 {
		t.Errorf("6.6: entry colours %v, want blue, green, red and orange", colours)
	}
	for _, div := range []string{"243", "709"} {
		if len(placesOf(s, PlaceMobilization, div)) == 0 {
			t.Errorf("6.7: no mobilization hex for the %s", div)
		}
	}
}

func onRoad(s *Scenario, id string) bool {
	for _, r := range s.Roads {
		if slices.Contains(r.Hexes, id) {
			return true
		}
	}
	return false
}

// TestMap_Zones: the 27 June line (S1.3.1), the army boundary (22.1.2, 25.3),
// the NBZ (S2.2) and the Cherbourg region and line (16.3).
func TestMap_Zones(t *testing.T) {
	s := campaignScenario(t)
	north := zoneSet(s, ZoneNorth27)
	for _, id := range []string{"2512", "2811", "2422", "2624"} {
		if !north[id] {
			t.Errorf("S1.3.1: %s (%s) lies north of the 27 June line", id, hexOf(s, id).Name)
		}
	}
	for _, id := range []string{"2506", "2129", "2130", "2229", "2230", "2328", "2330", "1916"} {
		if north[id] {
			t.Errorf("S1.3.1, S1.3 example 2: %s (%s) lies south of the 27 June line", id, hexOf(s, id).Name)
		}
	}
	us := zoneSet(s, ZoneUSSector)
	for _, id := range []string{"2814", "2719", "2720", "2818", "3012"} {
		if !us[id] {
			t.Errorf("22.1.2, 25.3: %s is on the US side of the army boundary", id)
		}
	}
	for _, id := range []string{"2625", "2628", "2531", "2623", "2437"} {
		if us[id] {
			t.Errorf("22.1.2, 25.3: %s is on the CW side of the army boundary", id)
		}
	}
	south := false
	for _, h := range s.Hexes {
		if col, _ := colRow(h.ID); col < editionDefault.armyBoundaryEndRow && h.Terrain != Sea {
			south = true
		}
	}
	if !south {
		t.Error("22.1.2: the army boundary ends at row 16xx; the map should reach south of it")
	}
	nbz := zoneSet(s, ZoneNBZ)
	if !nbz["2422"] || nbz["2129"] {
		t.Error("S2.2: Bayeux counts apart because it lies in the NBZ; Caen lies outside it")
	}
	region := zoneSet(s, ZoneCherbourg)
	for _, id := range namedHexes(s, "Cherbourg") {
		if !region[id] {
			t.Errorf("16.3: Cherbourg %s is outside the Cherbourg region", id)
		}
	}
	lines := 0
	for _, hs := range s.Hexsides {
		if slices.Contains(hs.Features, CherbourgLine) {
			lines++
		}
	}
	if lines == 0 || len(zoneSet(s, ZoneEdge)) == 0 {
		t.Errorf("16.3, 23.2: %d Cherbourg line hexsides, %d east-south-edge hexes", lines, len(zoneSet(s, ZoneEdge)))
	}
}

// TestMap_Hexsides: the Orne (with its canal) is a major river at Caen (2.2.4)
// and runs through the City (2.2.3); Carpiquet has its hexsides (11.7); Utah
// has its four causeways (9.11).
func TestMap_Hexsides(t *testing.T) {
	s := campaignScenario(t)
	count := map[HexsideFeature]int{}
	orneAtCaen := false
	caen := namedHexes(s, "Caen")
	for _, hs := range s.Hexsides {
		for _, f := range hs.Features {
			count[f]++
			if f == MajorRiver && (slices.Contains(caen, hs.A) || slices.Contains(caen, hs.B)) {
				orneAtCaen = true
			}
		}
	}
	if !orneAtCaen {
		t.Error("2.2.4: no major-river hexside at Caen")
	}
	if count[Causeway] != 4 || count[Carpiquet] == 0 || count[FloodedRiver] == 0 || count[MinorRiver] == 0 {
		t.Errorf("9.11, 11.7, 9.5: hexside features %v", count)
	}
	rivered := 0
	for _, id := range caen {
		if hexOf(s, id).River {
			rivered++
		}
	}
	if rivered == 0 {
		t.Error("2.2.3: the Orne runs through Caen, but no Caen hex has the river flag")
	}
}

// TestMap_VictoryExamples: S1.3 examples 1 and 2 and the S2.2 beach link read
// the map: the Cotentin's Towns and Cities are 9 Allied VP, Buron and Épron
// and Caen's hexes count for the Allies, and a road runs from Juno to
// Ste-Mère-Église.
func TestMap_VictoryExamples(t *testing.T) {
	s := campaignScenario(t)
	cotentin := 0
	for _, r := range s1VPRecords(s) {
		col, row := colRow(r.Hex)
		if r.Side == Allied && col >= 20 && row <= 15 {
			cotentin += r.Points
		}
	}
	if cotentin != 9 {
		t.Errorf("S1.3 example 1: the Cotentin's Towns and Cities are worth %d Allied VP, want 9", cotentin)
	}
	allied := map[string]int{}
	for _, r := range s1VPRecords(s) {
		if r.Side == Allied {
			allied[r.Hex] = r.Points
		}
	}
	if allied["2328"] != 1 || allied["2330"] != 1 || allied["2129"] != 2 {
		t.Errorf("S1.3 example 2: Buron and Épron 1 VP each, a Caen hex 2: %v", allied)
	}
	if !beachLink(s, S2State{}) {
		t.Error("S2.2: no road from a Juno beach hex to Ste-Mère-Église")
	}
}

// TestCampaign_VPRecords: the campaign's vp records are exactly what S1.3.1
// derives from the map's Towns, Cities and zones.
func TestCampaign_VPRecords(t *testing.T) {
	s := campaignScenario(t)
	var vps []VictoryRule
	threshold := 0
	for _, r := range s.Victory {
		switch r.Kind {
		case VictoryVP:
			vps = append(vps, r)
		case VictoryThreshold:
			threshold = r.Points
		}
	}
	less := func(a, b VictoryRule) int { return strings.Compare(a.Hex+string(a.Side), b.Hex+string(b.Side)) }
	derived := s1VPRecords(s)
	slices.SortFunc(vps, less)
	slices.SortFunc(derived, less)
	if !reflect.DeepEqual(vps, derived) {
		t.Errorf("S1.3.1: the file's vp records\n%v\ndiffer from the map's\n%v", vps, derived)
	}
	if threshold != 10 || s.Turns != 22 {
		t.Errorf("S1.1, S1.3.1: %d turns and a threshold of %d; want 22 and 10", s.Turns, threshold)
	}
}

// TestSevenTurn_IsTheCampaign: S2.1 uses the campaign's rules, set-up and
// reinforcements and ends after turn 7, with the S2.2 victory.
func TestSevenTurn_IsTheCampaign(t *testing.T) {
	c, s := campaignScenario(t), sevenTurnScenario(t)
	if s.Turns != 7 || !sevenTurnVP(s) || !automaticVictory(s) || !automaticVictory(c) {
		t.Errorf("S2.1, S2.2: %d turns, seven-turn %v, automatic %v", s.Turns, sevenTurnVP(s), automaticVictory(s))
	}
	if !reflect.DeepEqual(c.Hexes, s.Hexes) || !reflect.DeepEqual(c.Units, s.Units) ||
		!reflect.DeepEqual(c.Setup, s.Setup) || !reflect.DeepEqual(c.Special, s.Special) ||
		!reflect.DeepEqual(c.Boxes, s.Boxes) || !reflect.DeepEqual(c.Places, s.Places) {
		t.Error("S2.1: the seven-turn scenario's map, units, set-up or special rules differ from the campaign's")
	}
	var early []Reinforcement
	for _, r := range c.Reinforcements {
		if r.Turn <= 7 {
			early = append(early, r)
		}
	}
	if !reflect.DeepEqual(early, s.Reinforcements) {
		t.Error("S2.1: the seven-turn reinforcements are not the campaign's of turns 1-7")
	}
	inv := slices.IndexFunc(c.Special, func(r SpecialRule) bool { return r.Kind == SpecialInvasion })
	if inv < 0 || len(c.Special[inv].Names) != 6 {
		t.Errorf("S1.1, 20.1: the campaign assaults every beach: %+v", c.Special)
	}
}

// TestCampaign_OrderOfBattle: the units the rulebook names are in the campaign
// and enter play, airborne on their drop hexes, the first wave and follow-up in
// the approach boxes (S1.2, 20.2-20.5, 17.8).
func TestCampaign_OrderOfBattle(t *testing.T) {
	s := campaignScenario(t)
	units := map[string]Unit{}
	for _, u := range s.Units {
		units[u.ID] = u
	}
	for _, id := range []string{"329/83", "SFR", "744/711", "922(-)/243", "712-Tk", "1/3FK", "2-Rgr", "5-Rgr",
		"1SS", "4SS", "505/82", "507/82", "508/82", "501/101", "502/101", "506/101", "327/101", "3(-)", "5", "8/3",
		"Chr-1", "Chr-2", "Chr-3", "Chr-4", "I/6FJ", "II/6FJ", "Sturm-AOK7", "Cotentin",
		"3/1050/77", "1049(-)/77", "2/1050/77", "30-Schnell-1", "30-Schnell-2"} {
		if _, ok := units[id]; !ok {
			t.Errorf("the rulebook names %s; it is not in the campaign", id)
		}
	}
	entered := map[string]SetupMode{}
	for _, p := range s.Setup {
		entered[p.Unit] = p.Mode
	}
	for _, r := range s.Reinforcements {
		entered[r.Unit] = "reinforcement"
	}
	for _, u := range s.Units {
		if _, ok := entered[u.ID]; !ok {
			t.Errorf("S1.2: %s never enters play", u.ID)
		}
	}
	engineers := map[string]bool{}
	ddBeaches := 0
	for _, u := range s.Units {
		if u.Type == Engineer {
			engineers[u.Beach] = true
			if entered[u.ID] != SetupFollowUp {
				t.Errorf("17.8: engineer %s lands as follow-up", u.ID)
			}
		}
		if slices.Contains(u.Marks, MarkDD) && entered[u.ID] == SetupFirstAssault {
			ddBeaches++
		}
		if u.Type == Paratroop && entered[u.ID] != SetupAirdrop {
			t.Errorf("20.2.1: paratroop unit %s should drop", u.ID)
		}
	}
	if len(engineers) != 5 {
		t.Errorf("17.8: one engineer per invasion beach: %v", engineers)
	}
	if ddBeaches != 8 {
		t.Errorf("20.3.5: a DD battalion in each of the 8 sea-borne assaults; got %d", ddBeaches)
	}
	formations := map[string]int{}
	for _, u := range s.Units {
		formations[u.Formation]++
	}
	for _, f := range []string{"chr", "30", "cdn2ab", "8ab", "27ab", "4ab", "31ab", "33ab", "21pz"} {
		if formations[f] == 0 {
			t.Errorf("10.3.2: no unit of formation %s", f)
		}
	}
	if formations["chr"] != 4 || formations["30"] != 2 {
		t.Errorf("10.3.2: 4 Chr units and 2 of the 30th Brigade; got %d and %d", formations["chr"], formations["30"])
	}
}

// TestCampaign_RandomTurns: S1 and S2 start with New, and the random legal
// player plays them from the Special Invasion Phase (20.1) to their end: the
// campaign after turn 22 by S1.3, the seven-turn scenario after turn 7 by S2.2
// (or either by automatic victory, 23.0). After every input no unit stands at
// sea or with the enemy and no stack is over the limit outside a Movement
// Phase (7.2, 13.1, 14.4.2), reserves keep their rules (15.x), and replaying
// the inputs gives the same state hashes.
func TestCampaign_RandomTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the whole map to the end")
	}
	for _, name := range []string{"campaign", "seven-turn"} {
		g := shipped(t, name)
		base := g.Clone().(*Game)
		rnd := rand.New(rand.NewPCG(7, uint64(len(name))))
		var hashes []string
		g, plays := playToEnd(t, rnd, g, func(_, after *Game, p play) {
			checkPlacement(t, after, p) // 7.2, 13.1, 14.4.2
			checkReserves(t, after, p)  // 15.1-15.4
			hashes = append(hashes, after.Hash())
		})
		want := map[string]string{"campaign": "after turn 22 (S1.3)", "seven-turn": "after turn 7 (S2.2)"}[name]
		if !strings.Contains(g.s.Result, want) && !strings.Contains(g.s.Result, "23.") {
			t.Errorf("S1.1, S2.1: %s ends %s (or by automatic victory, 23.0): %q", name, want, g.s.Result)
		}
		if _, h := replay(t, base, plays); !slices.Equal(h, hashes) {
			t.Errorf("%s: replaying the %d inputs gives other state hashes", name, len(plays))
		}
		t.Logf("%s: %d inputs, turn %d, %s", name, len(plays), g.s.Turn, g.s.Result)
	}
}

// TestCampaign_S13Examples: S1.3 examples 1 and 2 (digest E30 and the second
// example, L1543-1547) on the campaign map: net VP of 10 win for the Allies,
// and a German Town north of the 27 June line counts against them.
func TestCampaign_S13Examples(t *testing.T) {
	s := campaignScenario(t)
	state := func(allied, german []string) VictoryState {
		st := VictoryState{Turn: 22, Control: map[string]Side{}, AlliedSupply: map[string]SupplyStatus{}, GermanSupply: map[string]SupplyStatus{}}
		for _, id := range allied {
			st.Control[id], st.AlliedSupply[id] = Allied, InSupply
		}
		for _, id := range german {
			st.Control[id], st.GermanSupply[id] = German, InSupply
		}
		return st
	}
	// Example 1: the peninsula's Towns and Cities (9 VP) and Buron (1).
	peninsula := []string{"3405", "3504", "3505", "3502", "3507", "2506", "2512", "2811", "3009", "3106", "2805", "3412"}
	if v := checkVictory(s, state(append(peninsula, "2328"), nil)); v.Winner != Allied || v.AlliedVP != 10 {
		t.Errorf("S1.3 example 1: %+v, want an Allied win with 10 VP", v)
	}
	if v := checkVictory(s, state(append(peninsula[:6], "2328"), []string{"2512"})); v.Winner != German {
		t.Errorf("S1.3 example 1: a German-held supplied Carentan north of the line: %+v, want a German win", v)
	}
	// Example 2: 2 Cherbourg hexes, 2 Towns in the region, Buron and Épron, 2
	// Caen hexes (12); the Germans hold one Town north of the line (1): net 11.
	v := checkVictory(s, state([]string{"3504", "3505", "3502", "3507", "2328", "2330", "2129", "2130"}, []string{"3106"}))
	if v.Winner != Allied || v.AlliedVP != 12 || v.GermanVP != 1 {
		t.Errorf("S1.3 example 2: %+v, want an Allied win with net 11", v)
	}
}

// TestCampaign_21PzTurn1: in the German turn 1 the 21st Panzer Division
// (formation 21pz) has 3 MP, whatever its printed MA (20.4, P13); other
// German units keep theirs, and so does the division from turn 2.
func TestCampaign_21PzTurn1(t *testing.T) {
	g := shipped(t, "campaign")
	budget := func(id string) int {
		m, err := g.newMover(nil, g.index[id], false, false)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		return m.Budget / mp
	}
	if b := budget("I/22/21"); b != 3 {
		t.Errorf("20.4: a 21st Panzer tank battalion has %d MP in turn 1, want 3", b)
	}
	if b := budget("1057/91"); b != g.printedMA(g.index["1057/91"]) {
		t.Errorf("20.4: only the 21st Panzer is held to 3 MP; 1057/91 has %d", b)
	}
	g.s.Turn = 2
	if b := budget("I/22/21"); b <= 3 {
		t.Errorf("20.4: from turn 2 the 21st Panzer moves its full MA; got %d", b)
	}
}

// BenchmarkCampaignSupplyTrace traces German supply (18.3) over the whole
// campaign map at set-up.
func BenchmarkCampaignSupplyTrace(b *testing.B) {
	g := shipped(b, "campaign")
	v := g.supplyView(German)
	for b.Loop() {
		traceSupply(g.sup, v)
	}
	b.ReportMetric(float64(len(g.b.landHexes)), "hexes")
}

// BenchmarkAssembleCherbourg assembles the Cherbourg scenario with its window
// of the shared map, as every load of the scenario does.
func BenchmarkAssembleCherbourg(b *testing.B) {
	path := "../../scenarios/normandy44/cherbourg.scn"
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	open := openBeside(path)
	var n int
	for b.Loop() {
		out, err := AssembleScenario(data, open)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	b.ReportMetric(float64(n), "bytes")
}

// TestMap_Roads: no road of the map doubles back on itself, and every Town
// and City lies on a road (9.3; supply lines run on them, 18.3).
func TestMap_Roads(t *testing.T) {
	s := campaignScenario(t)
	for _, r := range s.Roads {
		seen := map[string]bool{}
		for _, id := range r.Hexes {
			if seen[id] {
				t.Errorf("road %v passes %s twice", r.Hexes, id)
			}
			seen[id] = true
		}
	}
	for _, h := range s.Hexes {
		if (h.Terrain == Town || h.Terrain == City) && !onRoad(s, h.ID) {
			t.Errorf("%s %s is on no road", h.ID, h.Name)
		}
	}
}
