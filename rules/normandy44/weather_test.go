package normandy44

import (
	"reflect"
	"testing"
)

// TestWeatherTable checks every die face from turn 3 against the Weather
// table (4.1, T5 "Rzut/Pogoda": 1 Storm, 2-3 Overcast, 4-6 Clear).
func TestWeatherTable(t *testing.T) {
	want := map[int]string{1: "Storm", 2: "Overcast-2", 3: "Overcast-3", 4: "Clear-4", 5: "Clear-5", 6: "Clear-6"}
	for roll, name := range want {
		for _, turn := range []int{3, 12, 22} {
			w, ev := weatherFor(turn, roll)
			if w.String() != name || len(ev) != 1 {
				t.Errorf("T5 row %d, turn %d: got %v (events %v), want %s", roll, turn, w, ev, name)
			}
		}
	}
}

// TestWeatherTurns12 is 4.1 (turn 1 Overcast-2 without a roll) and T6 (turn 2:
// 1-3 Overcast-2, 4-6 Overcast-3).
func TestWeatherTurns12(t *testing.T) {
	for roll := 1; roll <= 6; roll++ {
		if w, _ := weatherFor(1, roll); w != WeatherOvercast2 {
			t.Errorf("4.1: turn 1 is %v", w)
		}
		want := WeatherOvercast2
		if roll >= 4 {
			want = WeatherOvercast3
		}
		if w, _ := weatherFor(2, roll); w != want {
			t.Errorf("T6: turn 2 roll %d gives %v, want %v", roll, w, want)
		}
	}
}

// TestWeatherE01 is digest example E01 (4.2; L329): in turn 2 a 6 gives
// Overcast-3, and the resources come from row 3, not row 6.
func TestWeatherE01(t *testing.T) {
	w, _ := weatherFor(2, 6)
	if w != WeatherOvercast3 {
		t.Fatalf("E01: turn 2, roll 6 gives %v, want Overcast-3", w)
	}
	ger := resourcesFor(2, w, German)
	if ger.Row != 3 || ger.SupP != 2 || ger.IPs != 0 ||
		!reflect.DeepEqual(ger.Repl, []ReplGrant{{Nation: "german", Type: "infantry", Count: 1}}) {
		t.Errorf("E01 German: %+v; want row 3, 2 SupP, no IPs before turn 5, 1 infantry Repl", ger)
	}
	al := resourcesFor(2, w, Allied)
	wantRepl := []ReplGrant{{Nation: "us", Type: "infantry", Count: 1}, {Nation: "gb", Type: "infantry", Count: 1}}
	if al.AirUS != 1 || al.AirCW != 1 || al.NavalUS != 2 || al.NavalCW != 2 || al.SupP != 1 ||
		al.RPUS != 6 || al.RPCW != 6 || !reflect.DeepEqual(al.Repl, wantRepl) {
		t.Errorf("E01 Allied: %+v; want air 1/1, naval 2/2, 1 free SupP per army, RP 6/6, US and GB infantry Repl", al)
	}
}

// TestWeatherE02FreeSupP is digest example E02 (5.3; L355): no Mulberry, roll
// 4: the Germans get 1 SupP (put on the 7th Army), each Allied army 1.
func TestWeatherE02FreeSupP(t *testing.T) {
	w, _ := weatherFor(5, 4)
	ger, al := resourcesFor(5, w, German), resourcesFor(5, w, Allied)
	if ger.SupP != 1 || al.SupP != 1 {
		t.Fatalf("E02: German %d SupP, Allied %d per army; want 1 and 1", ger.SupP, al.SupP)
	}
	if err := allocateGermanSupP(ger.SupP, 1, 0, true, true); err != nil {
		t.Errorf("E02: all to the 7th Army refused: %v", err)
	}
	if err := allocateGermanSupP(ger.SupP, 0, 1, false, true); err == nil {
		t.Error("5.2: SupP to a Cherbourg cut off from the south edge accepted")
	}
	if err := allocateGermanSupP(ger.SupP, 0, 0, true, true); err == nil {
		t.Error("5.2: an allocation that drops a SupP accepted")
	}
}

// TestWeatherE03FullResources is digest example E03 (6.1; L363): roll 4 with
// both Mulberries complete.
func TestWeatherE03FullResources(t *testing.T) {
	ger := resourcesFor(5, WeatherClear4, German)
	if ger.SupP != 1 || ger.IPs != 1 || !reflect.DeepEqual(ger.Repl, []ReplGrant{{Nation: "german", Type: "infantry", Count: 1}}) {
		t.Errorf("E03 German: %+v; want 1 SupP, 1 IP, 1 infantry Repl", ger)
	}
	al := resourcesFor(5, WeatherClear4, Allied)
	wantRepl := []ReplGrant{{Nation: "us", Type: "infantry", Count: 1}, {Nation: "us", Type: "armor", Count: 1}, {Nation: "gb", Type: "armor", Count: 1}}
	if !reflect.DeepEqual(al.Repl, wantRepl) || al.NavalUS+al.NavalCW != 4 || al.AirUS != 2 || al.AirCW != 2 || al.SupPMulberry != 2 {
		t.Errorf("E03 Allied: %+v; want US inf+armor, CW armor Repl, 4 naval, 2+2 air, 2+2 SupP", al)
	}
}

// TestWeatherResourceRows checks the columns of T5 that E01-E03 leave out,
// row by row (L2066-2085).
func TestWeatherResourceRows(t *testing.T) {
	storm := resourcesFor(6, WeatherStorm, Allied)
	if storm.SupP != 0 || storm.AirUS != 0 || storm.NavalUS != 0 || storm.RPUS != 0 || storm.IPs != 0 {
		t.Errorf("T5 row 1 / 4.3 / 6.5.1: Allied Storm resources %+v, want no SupP, air, naval, RP or IPs", storm)
	}
	if !reflect.DeepEqual(storm.Repl, []ReplGrant{{Nation: "us", Type: "infantry", Count: 1}, {Nation: "cw", Type: "infantry", Count: 1}}) {
		t.Errorf("T5 row 1: Allied Storm Repl %+v, want US infantry and the WN choice (AMBIG-3)", storm.Repl)
	}
	gs := resourcesFor(6, WeatherStorm, German)
	if gs.SupP != 3 || gs.IPs != 0 || !reflect.DeepEqual(gs.Repl, []ReplGrant{{Nation: "german", Type: "armor", Count: 1, Limit: ReplTigerPanther}}) {
		t.Errorf("T5 row 1: German Storm %+v, want 3 SupP, no IPs, 1 armor Repl (PT)", gs)
	}
	if g2 := resourcesFor(6, WeatherOvercast2, German); g2.IPs != 2 || g2.SupP != 2 || g2.Repl[0].Type != "armor" {
		t.Errorf("T5 row 2: German %+v, want 2 IPs, 2 SupP, 1 armor Repl", g2)
	}
	if g5 := resourcesFor(6, WeatherClear5, German); g5.Repl[0].Limit != ReplQuality0 || !g5.Repl[0].Expires() {
		t.Errorf("T5 row 5: German Repl %+v, want (0), used at once", g5.Repl)
	}
	if g6 := resourcesFor(6, WeatherClear6, German); g6.Repl[0].Limit != ReplQualityMinus1 || !g6.Repl[0].Expires() {
		t.Errorf("T5 row 6: German Repl %+v, want (-1), used at once", g6.Repl)
	}
	a6 := resourcesFor(6, WeatherClear6, Allied)
	if !reflect.DeepEqual(a6.Repl, []ReplGrant{{Nation: "us", Type: "armor", Count: 1}, {Nation: "gb", Type: "armor", Count: 1}, {Nation: "ca", Type: "infantry", Count: 1}}) || a6.AirUS != 3 {
		t.Errorf("T5 row 6: Allied %+v, want US armor, GB armor, Canadian infantry, 3 air", a6)
	}
	if g := resourcesFor(4, WeatherOvercast2, German); g.IPs != 0 {
		t.Errorf("16.1.4: German IPs in turn 4: %d", g.IPs)
	}
	if r := resourcesFor(1, WeatherOvercast2, Allied); r.SupP != 0 || r.RPUS != 0 || len(r.Repl) != 0 || r.AirUS != 0 || r.NavalUS != 2 {
		t.Errorf("20.1: turn 1 Allied %+v, want nothing but the naval markers", r)
	}
}

// TestWeatherCherbourgResources is S3.2 (2-5, 7).
func TestWeatherCherbourgResources(t *testing.T) {
	for w := WeatherStorm; w <= WeatherClear6; w++ {
		g := resourcesCherbourg(4, w, German)
		if want := map[bool]int{true: 0, false: 1}[w.Clear()]; g.SupP != want {
			t.Errorf("S3.2.2: German SupP in %v = %d, want %d", w, g.SupP, want)
		}
	}
	if g := resourcesCherbourg(3, WeatherClear5, German); len(g.Repl) != 1 || g.Repl[0].Limit != ReplQuality0 {
		t.Errorf("S3.2.3: German Repl on a 5: %+v", g.Repl)
	}
	if g := resourcesCherbourg(2, WeatherOvercast3, German); len(g.Repl) != 0 {
		t.Errorf("S3.2.3: German Repl before turn 3: %+v", g.Repl)
	}
	if g := resourcesCherbourg(5, WeatherOvercast2, German); g.IPs != 1 {
		t.Errorf("S3.2.5: German IPs in an Overcast turn 5: %d", g.IPs)
	}
	if g := resourcesCherbourg(5, WeatherClear4, German); g.IPs != 0 {
		t.Errorf("S3.2.5: German IPs in a Clear turn: %d", g.IPs)
	}
	// S3.2.3: US Repl only on odd rolls.
	for w, n := range map[Weather]int{WeatherStorm: 1, WeatherOvercast2: 0, WeatherOvercast3: 1, WeatherClear4: 0, WeatherClear5: 2, WeatherClear6: 0} {
		r := resourcesCherbourg(4, w, Allied)
		got := 0
		for _, g := range r.Repl {
			got += g.Count
			if g.Nation != "us" {
				t.Errorf("S3.2.3: %v gives a %s Repl", w, g.Nation)
			}
		}
		if got != n {
			t.Errorf("S3.2.3: %v gives %d US Repl, want %d", w, got, n)
		}
	}
	if a := resourcesCherbourg(4, WeatherClear6, Allied); a.RPUS != 4 || a.RPCW != 0 || a.AirUS != 2 || a.NavalUS != 1 || a.SupP != 1 || a.AirCW != 0 {
		t.Errorf("S3.2.2/4/7: Clear %+v, want 4 RP, air capped at 2, 1 naval, 1 SupP, no CW", a)
	}
	if a := resourcesCherbourg(4, WeatherOvercast3, Allied); a.RPUS != 3 || a.AirUS != 1 {
		t.Errorf("S3.2.7: Overcast %+v, want 3 RP", a)
	}
	if a := resourcesCherbourg(4, WeatherStorm, Allied); a.RPUS != 0 || a.SupP != 0 || a.NavalUS != 0 {
		t.Errorf("S3.2: Storm %+v, want no RP, SupP or naval", a)
	}
}

// TestWeatherEffects is T4 (4.3) with 9.7 and 9.9.
func TestWeatherEffects(t *testing.T) {
	if WeatherClear5.GermanMechMALoss() != 2 || WeatherOvercast2.GermanMechMALoss() != 0 || WeatherStorm.GermanMechMALoss() != 0 {
		t.Error("4.3/9.7: German mechanized lose 2 MA in Clear only")
	}
	for w, want := range map[Weather][2]int{WeatherClear4: {1, 2}, WeatherOvercast3: {1, 2}, WeatherStorm: {1, 3}} {
		if n, d := w.GermanMechMajorRoadMP(); [2]int{n, d} != want {
			t.Errorf("9.7: %v major road %d/%d, want %v", w, n, d, want)
		}
	}
	if !WeatherClear6.Jabos() || WeatherOvercast2.Jabos() || WeatherStorm.Jabos() {
		t.Error("19.1.3: Jabos in Clear only")
	}
	if WeatherOvercast3.CyclistRoadMA() != 6 || WeatherClear4.CyclistRoadMA() != 0 {
		t.Error("9.9: cyclists MA 6 by road in Overcast only")
	}
	if WeatherStorm.AirAllowed() || WeatherStorm.NavalAllowed() || WeatherStorm.NewIPsAllowed() || !WeatherClear4.AirAllowed() {
		t.Error("4.3: Storm stops air, naval and new IPs")
	}
	if WeatherStorm.ArtilleryShiftCap() != 1 || WeatherClear4.ArtilleryShiftCap() != 0 {
		t.Error("4.3: one artillery shift per combat in Storm")
	}
	if !WeatherStorm.TigerPantherRepl() || WeatherOvercast2.TigerPantherRepl() {
		t.Error("6.4.1: Tiger and Panther Repl on a Storm roll only")
	}
}

// TestWeatherOptionalStorms is 25.1 and 25.2 (AMBIG-44).
func TestWeatherOptionalStorms(t *testing.T) {
	if weatherRollStands(5, 1, optHistoricalStorms) || !weatherRollStands(5, 2, optHistoricalStorms) {
		t.Error("25.1: a 1 is rerolled")
	}
	if !forcedStorm(15, optHistoricalStorms, 0) || forcedStorm(13, optHistoricalStorms, 0) {
		t.Error("25.1: turns 14-16 are Storm")
	}
	if weatherRollStands(11, 1, optRandomStorm) || !weatherRollStands(12, 1, optRandomStorm) {
		t.Error("25.2: 1s rerolled until turn 11, standing from turn 12")
	}
	if !forcedStorm(13, optRandomStorm, 12) || !forcedStorm(14, optRandomStorm, 12) || forcedStorm(15, optRandomStorm, 12) {
		t.Error("25.2: a Storm from turn 12 lasts 3 turns")
	}
	if !weatherRollStands(5, 1, "") {
		t.Error("without an option a 1 stands")
	}
}

func TestWeatherPools(t *testing.T) {
	if got, lost := addSupP(18, 3); got != 19 || lost != 2 {
		t.Errorf("5.1: 18+3 SupP = %d, lost %d; want 19, 2", got, lost)
	}
	if got, lost := addRepl(8, 1); got != 9 || lost != 0 {
		t.Errorf("6.1: 8+1 Repl = %d, lost %d", got, lost)
	}
	if got, lost := addRepl(9, 1); got != 9 || lost != 1 {
		t.Errorf("6.1: 9+1 Repl = %d, lost %d", got, lost)
	}
	if left, err := buySupP(6, 2, true); err != nil || left != 0 {
		t.Errorf("5.3: 2 SupP for 6 RP: left %d, %v", left, err)
	}
	if _, err := buySupP(6, 1, false); err == nil {
		t.Error("5.3: SupP bought before the Mulberry")
	}
	if _, err := buySupP(5, 2, true); err == nil {
		t.Error("5.3: 2 SupP bought for 5 RP")
	}
}
