package normandy44

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

func cherbourgScenario(t *testing.T) *Scenario {
	t.Helper()
	return mustParse(t, readFile(t, "../../scenarios/normandy44/cherbourg.scn"))
}

func reinforcementUnits(rs []Reinforcement) []string {
	var ids []string
	for _, r := range rs {
		ids = append(ids, r.Unit)
	}
	return ids
}

// TestReinforceCherbourgSchedule is S3.2.6: 3/1050/77 on turn 5 and
// 1049(-)/77 and 2/1050/77 on turn 6, all at La-Haye-du-Puits (2506); and the
// turn-2 gliders (20.2.4).
func TestReinforceCherbourgSchedule(t *testing.T) {
	s := cherbourgScenario(t)
	cases := []struct {
		turn int
		side Side
		want []string
	}{
		{5, German, []string{"3/1050/77"}},
		{6, German, []string{"1049(-)/77", "2/1050/77"}},
		{4, German, nil},
		{2, Allied, []string{"325/82", "2-401/82"}}, // 20.2.4: the gliders, not the units bought with RP
		{2, German, nil},
	}
	for _, c := range cases {
		got := arrivals(s, c.turn, c.side)
		if !slices.Equal(reinforcementUnits(got), c.want) {
			t.Errorf("S3.2.6: turn %d %s arrivals %v, want %v", c.turn, c.side, reinforcementUnits(got), c.want)
		}
		for _, r := range got {
			if c.side == German && !slices.Equal(entryHexes(s, r.At), []string{"2506"}) {
				t.Errorf("S3.2.6: %s enters at %v, want 2506", r.Unit, entryHexes(s, r.At))
			}
		}
	}
}

// TestReinforcePurchasable is 6.5.1 with S3.2.7: from turn 2 the In Britain
// units may be bought; bought units leave the list.
func TestReinforcePurchasable(t *testing.T) {
	s := cherbourgScenario(t)
	if got := purchasable(s, 1, nil); len(got) != 0 {
		t.Errorf("6.5.1: %d units purchasable in turn 1", len(got))
	}
	all := purchasable(s, 2, nil)
	if len(all) != 17 || slices.Contains(reinforcementUnits(all), "325/82") {
		t.Errorf("6.5.1: turn 2 purchasable %v", reinforcementUnits(all))
	}
	left := purchasable(s, 3, map[string]bool{"CCA/3": true})
	if slices.Contains(reinforcementUnits(left), "CCA/3") || len(left) != 16 {
		t.Errorf("6.5.1: a bought unit is still purchasable: %v", reinforcementUnits(left))
	}
}

// TestCherbourgInBritain_S3_2_7: in the Cherbourg scenario every US unit on
// the In Britain card may be bought, but the US 2nd Infantry and 2nd Armored
// Divisions (S3.2.7, L1600): the stand-in card is the campaign's, so the
// Cherbourg list is the campaign's US units but those two divisions, at the
// campaign's costs. Its first text left out 330/83, 331/83, 99-Sep and
// XIX-Corps.
func TestCherbourgInBritain_S3_2_7(t *testing.T) {
	cher, camp := cherbourgScenario(t), campaignScenario(t)
	costs := func(s *Scenario, keep func(u *Unit) bool) map[string]int {
		out := map[string]int{}
		for _, r := range purchasable(s, 2, nil) {
			for k := range s.Units {
				if u := &s.Units[k]; u.ID == r.Unit && keep(u) {
					out[u.ID] = r.RP
				}
			}
		}
		return out
	}
	want := costs(camp, func(u *Unit) bool { return u.Nationality == "us" && u.Formation != "2" && u.Formation != "2-ad" })
	got := costs(cher, func(*Unit) bool { return true })
	if !maps.Equal(got, want) {
		t.Errorf("S3.2.7: Cherbourg's In Britain list %v, want the campaign's US units but the 2nd Infantry and 2nd Armored %v", got, want)
	}
	for _, id := range []string{"330/83", "331/83", "99-Sep", "XIX-Corps"} {
		if _, ok := got[id]; !ok {
			t.Errorf("S3.2.7: %s is not on Cherbourg's In Britain list", id)
		}
	}
}

// TestReinforceRPCosts is T15 (6.5.1): the costs derived from each counter
// agree with the In Britain card of the stand-in scenario, whose rp= values were
// written from 6.5.1 (4 for a US CC 7-6, 3 for a US regiment, 2 for an HQ or a
// 2-step armored unit).
func TestReinforceRPCosts(t *testing.T) {
	s := cherbourgScenario(t)
	for _, r := range purchasable(s, 2, nil) {
		u, ok := scenarioUnit(s, r.Unit)
		if !ok {
			t.Fatalf("no unit %s", r.Unit)
		}
		noCard := r
		noCard.RP = 0
		rp, rule, ok := rpCost(noCard, u)
		if !ok || rp != r.RP {
			t.Errorf("T15: %s derives %d RP (%s), the card says %d", r.Unit, rp, rule, r.RP)
		}
	}
	one := &Unit{ID: "2Rgr", Side: Allied, Nationality: "us", Type: Commando, Steps: []Step{{3, false, 4}}, Marks: []Mark{MarkRanger}}
	if rp, _, _ := rpCost(Reinforcement{}, one); rp != 1 {
		t.Errorf("T15: a 1-step unit costs %d RP, want 1", rp)
	}
	bde := &Unit{ID: "8Armd", Side: Allied, Nationality: "gb", Type: Armored, Size: "X", Steps: []Step{{8, false, 6}, {5, false, 6}}}
	if rp, _, _ := rpCost(Reinforcement{}, bde); rp != 4 {
		t.Errorf("T15: a British armored brigade 8-6 costs %d RP, want 4", rp)
	}
	cw := &Unit{ID: "56Bde", Side: Allied, Nationality: "gb", Type: Infantry, Size: "X", Steps: []Step{{6, false, 4}, {4, false, 4}, {2, true, 4}}}
	if rp, _, _ := rpCost(Reinforcement{}, cw); rp != 3 {
		t.Errorf("T15: a CW infantry brigade costs %d RP, want 3", rp)
	}
	if rp, _, _ := rpCost(Reinforcement{RP: 5}, cw); rp != 5 {
		t.Errorf("6.5.1: the In Britain card's cost wins, got %d", rp)
	}
}

// TestReinforceE04Landings is digest example E04 (6.5.2; L449): in Clear
// weather, 4 RP through Utah, 2 through Omaha, 4 through Gold and 2 through
// Juno is legal; 5 through one beach and US RP through a CW beach are not.
func TestReinforceE04Landings(t *testing.T) {
	r := resourcesFor(5, WeatherClear4, Allied)
	legal := []Landing{
		{Unit: "a", Army: "us", Beach: "utah", RP: 3}, {Unit: "b", Army: "us", Beach: "utah", RP: 1},
		{Unit: "c", Army: "us", Beach: "omaha", RP: 2},
		{Unit: "d", Army: "gb", Beach: "gold", RP: 4},
		{Unit: "e", Army: "gb", Beach: "juno", RP: 2},
	}
	if err := checkLandings(legal, r.RPUS, r.RPCW); err != nil {
		t.Errorf("E04: legal landings refused: %v", err)
	}
	cases := []struct {
		name string
		l    []Landing
		rule string
	}{
		{"5 RP through Utah", []Landing{{Unit: "a", Army: "us", Beach: "utah", RP: 3}, {Unit: "b", Army: "us", Beach: "utah", RP: 2}}, "6.5.2"},
		{"US RP through Gold", []Landing{{Unit: "a", Army: "us", Beach: "gold", RP: 3}}, "6.5.2"},
		{"7 US RP", []Landing{{Unit: "a", Army: "us", Beach: "utah", RP: 4}, {Unit: "b", Army: "us", Beach: "omaha", RP: 3}}, "6.5.1"},
	}
	for _, c := range cases {
		err := checkLandings(c.l, r.RPUS, r.RPCW)
		var ref *rules.Refusal
		if !errors.As(err, &ref) || ref.Rule != c.rule || !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("E04 %s: got %v, want a refusal under %s", c.name, err, c.rule)
		}
	}
	if got := rpAfterEngineers(6, 1); got != 4 {
		t.Errorf("6.5.3: 6 RP with one engineer off its beach = %d, want 4", got)
	}
}

// TestReinforceDelayedEntry is 6.6: a delayed unit enters in the same or an
// adjacent entry zone.
func TestReinforceDelayedEntry(t *testing.T) {
	if got := delayedEntryColours("green"); !slices.Equal(got, []string{"blue", "green", "red"}) {
		t.Errorf("6.6: green delays to %v", got)
	}
	if got := delayedEntryColours("orange"); !slices.Equal(got, []string{"red", "orange"}) {
		t.Errorf("6.6: orange delays to %v", got)
	}
	s := cherbourgScenario(t)
	if got := entryHexes(s, "entry:green"); !slices.Equal(got, []string{"2006", "2009", "2012"}) {
		t.Errorf("6.6: green entry hexes %v", got)
	}
}

// TestReinforceMobilization is 6.7 on the stand-in map: the 243rd's hexes are
// 2902 and 3002; one unit a turn from turn 2; not into an enemy unit or ZOC.
func TestReinforceMobilization(t *testing.T) {
	s := cherbourgScenario(t)
	u, _ := scenarioUnit(s, "3/920/243")
	if err := checkMobilization(s, 2, u, "mobilization-243", "2902", 0, nil, nil); err != nil {
		t.Errorf("6.7: legal mobilization refused: %v", err)
	}
	cases := []struct {
		name      string
		turn      int
		hex       string
		already   int
		ezoc      func(string) bool
		wantInErr string
	}{
		{"turn 1", 1, "2902", 0, nil, "turn 2"},
		{"a second unit", 3, "2902", 1, nil, "one unit"},
		{"the 709th's hex", 3, "3210", 0, nil, "not a mobilization hex"},
		{"into an enemy ZOC", 3, "2902", 0, supIDs("2902"), "enemy"},
	}
	for _, c := range cases {
		err := checkMobilization(s, c.turn, u, "mobilization-243", c.hex, c.already, nil, c.ezoc)
		if err == nil || !strings.Contains(err.Error(), c.wantInErr) || !strings.HasPrefix(err.Error(), "6.7:") {
			t.Errorf("6.7 %s: got %v", c.name, err)
		}
	}
}

// TestReinforceReplFits is 6.2.3, 6.2.6, 6.3 and 6.4.
func TestReinforceReplFits(t *testing.T) {
	s := cherbourgScenario(t)
	unit := func(id string) *Unit {
		u, ok := scenarioUnit(s, id)
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		return u
	}
	germanInf := ReplGrant{Nation: "german", Type: "infantry", Count: 1}
	cases := []struct {
		name string
		g    ReplGrant
		u    *Unit
		w    Weather
		rule string // "" if it fits
	}{
		{"infantry Repl on German infantry", germanInf, unit("922(-)/243"), WeatherClear4, ""},
		{"6.2.6: infantry Repl on an SP anti-tank unit", germanInf, unit("PzJg-709"), WeatherClear4, "6.2.6"},
		{"6.3: Ost never", germanInf, unit("795-Ost"), WeatherClear4, "6.3"},
		{"6.3: 88 Flak never", ReplGrant{Nation: "german", Type: "armor"}, unit("Chr-4"), WeatherClear4, "6.3"},
		{"6.4.2: roll-5 Repl on a quality +1 unit", ReplGrant{Nation: "german", Type: "infantry", Limit: ReplQuality0}, unit("Sturm-AOK7"), WeatherClear5, "6.4.2"},
		{"6.4.2: roll-5 Repl on a quality -1 unit", ReplGrant{Nation: "german", Type: "infantry", Limit: ReplQuality0}, unit("Chr-1"), WeatherClear5, ""},
		{"6.4.2: roll-6 Repl on a quality 0 unit", ReplGrant{Nation: "german", Type: "infantry", Limit: ReplQualityMinus1}, unit("922(-)/243"), WeatherClear6, "6.4.2"},
		{"6.2.3: US Repl on a German unit", ReplGrant{Nation: "us", Type: "infantry"}, unit("922(-)/243"), WeatherClear4, "6.2.3"},
		{"6.3: airborne units take only Scatter Repl", ReplGrant{Nation: "us", Type: "infantry"}, unit("325/82"), WeatherClear4, "6.3"},
		{"US armor Repl on a US tank", ReplGrant{Nation: "us", Type: "armor"}, unit("746-Tk"), WeatherClear4, ""},
		{"S3.2.3: the storm-only armor Repl in Clear", cherbourgGermanArmorRepl, unit("PzJg-709"), WeatherClear4, "S3.2.3"},
		{"S3.2.3: the storm-only armor Repl in Storm", cherbourgGermanArmorRepl, unit("PzJg-709"), WeatherStorm, ""},
	}
	for _, c := range cases {
		err := replFits(c.g, c.u, c.w)
		var ref *rules.Refusal
		switch {
		case c.rule == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.rule != "" && (!errors.As(err, &ref) || ref.Rule != c.rule):
			t.Errorf("%s: got %v, want a refusal under %s", c.name, err, c.rule)
		}
	}
	tiger := &Unit{ID: "503", Side: German, Nationality: "heer", Type: Tank, Marks: []Mark{MarkTiger}}
	pt := ReplGrant{Nation: "german", Type: "armor", Limit: ReplTigerPanther}
	if replFits(pt, tiger, WeatherStorm) != nil || replFits(ReplGrant{Nation: "german", Type: "armor"}, tiger, WeatherClear4) == nil {
		t.Error("6.4.1: Tigers take armor Repl in a roll-1 turn only")
	}
	cdnTank := &Unit{ID: "SFR", Side: Allied, Nationality: "ca", Type: Armored}
	if replFits(ReplGrant{Nation: "gb", Type: "armor"}, cdnTank, WeatherClear4) != nil {
		t.Error("6.2.3: British armor Repl may go to Canadian armor")
	}
	cdnInf := &Unit{ID: "7Bde", Side: Allied, Nationality: "ca", Type: Infantry}
	if replFits(ReplGrant{Nation: "gb", Type: "infantry"}, cdnInf, WeatherClear4) == nil {
		t.Error("6.2.3: British infantry Repl went to Canadian infantry")
	}
	if replFits(ReplGrant{Nation: "cw", Type: "infantry"}, cdnInf, WeatherStorm) != nil {
		t.Error("6.2.7: the WN Repl may go to Canadian infantry")
	}
}

// TestReinforceRebuildPlace is 6.2.2 on the stand-in map: 922(-)/243 returns
// to La-Haye-du-Puits (2506), a German Town.
func TestReinforceRebuildPlace(t *testing.T) {
	s := cherbourgScenario(t)
	b, err := newBoard(s, editionDefault)
	if err != nil {
		t.Fatal(err)
	}
	m, err := newSupplyMap(s, b)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := scenarioUnit(s, "922(-)/243")
	ok := RebuildPlace{Hex: "2506", Controller: German, Supply: InSupply, DivisionAt: []string{"2703"}}
	if err := checkRebuildPlace(s, m, u, ok); err != nil {
		t.Fatalf("6.2.2: legal place refused: %v", err)
	}
	cases := []struct {
		name string
		edit func(*RebuildPlace)
		want string
	}{
		{"(a) no supply line", func(p *RebuildPlace) { p.Supply = OutOfSupply }, "supply"},
		{"(b) enemy ZOC", func(p *RebuildPlace) { p.EnemyZOC = true }, "ZOC"},
		{"(c) too far from the division", func(p *RebuildPlace) { p.DivisionAt = []string{"3106"} }, "more than 5"},
		{"(c) division gone", func(p *RebuildPlace) { p.DivisionAt = nil }, "destroyed"},
		{"Allied-held Town", func(p *RebuildPlace) { p.Controller = Allied }, "neither"},
		{"bocage hex without HQ", func(p *RebuildPlace) { p.Hex = "2507" }, "neither"},
	}
	for _, c := range cases {
		p := ok
		p.DivisionAt = slices.Clone(ok.DivisionAt)
		c.edit(&p)
		err := checkRebuildPlace(s, m, u, p)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "6.2.2:") {
			t.Errorf("6.2.2 %s: got %v", c.name, err)
		}
	}
	hqHex := ok
	hqHex.Hex, hqHex.SameNationHQ = "2507", true
	if err := checkRebuildPlace(s, m, u, hqHex); err != nil {
		t.Errorf("6.2.2: a hex with a German HQ refused: %v", err)
	}
}

// TestReinforceReplLine is 6.2.3: a German unit supplied only through
// Cherbourg takes no Repl.
func TestReinforceReplLine(t *testing.T) {
	_, m := supplyMapOf(t, "testdata/supply_s3.scn")
	v := SupplyView{Side: German, EnemyUnit: supAt(m, "0105"), Control: byID(m, func(id string) Side {
		if id == "0109" || id == "0110" {
			return German
		}
		return ""
	})}
	if traceSupply(m, v)["0107"] != InSupply {
		t.Fatal("18.2: 0107 should trace to Cherbourg")
	}
	if replLine(m, v)["0107"] == InSupply {
		t.Error("6.2.3: a unit supplied only through Cherbourg may take a Repl")
	}
	if replLine(m, v)["0103"] != InSupply {
		t.Error("6.2.3: a unit on the south road may not take a Repl")
	}
}
