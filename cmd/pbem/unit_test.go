package main

import (
	"regexp"
	"strings"
	"testing"
)

// soloCherbourg starts a solo Cherbourg game in a new home and returns the
// home and the game's id.
func soloCherbourg(t *testing.T) (home, id string) {
	t.Helper()
	return soloGame(t, "cherbourg", "normandy44/cherbourg", "allied")
}

// soloGame is a new home, Anna's, with one solo game named name of scenario
// (GAME/SCENARIO), started from side; it returns the home and the game's id.
func soloGame(t *testing.T, name, scenario, side string) (home, id string) {
	t.Helper()
	home = t.TempDir()
	pbemOK(t, home, "", "id", "new", "--name", "Anna", "--email", "anna@example.org")
	out := pbemOK(t, home, "", "new", name, "--scenario", scenario, "--side", side, "--dice", "solo")
	id = regexp.MustCompile(regexp.QuoteMeta(name) + `-[0-9a-f]+`).FindString(out)
	if id == "" {
		t.Fatalf("no game id in:\n%s", out)
	}
	return home, id
}

// 'pbem unit' shows a counter as the scenario prints it (S3.2.6: 3/1050/77
// is a 2-3 arriving on 10 June, turn 5, at La-Haye-du-Puits, 2506), finds an
// id written in another case, and answers a near miss with what it may mean.
func TestUnitShowsCounter(t *testing.T) {
	home, id := soloCherbourg(t)
	wantIn(t, "unit 3/1050/77", pbemOK(t, home, "", "unit", id, "3/1050/77"),
		"3/1050/77: infantry II, heer, 77 (german)", "arrives on turn 5 at 2506 (6.5, 6.6)", "strength 2; MA 3", "step 1 of 1")
	// 505/82 drops on 2811 (S3.1); the game waits for the Scatter dice.
	out := pbemOK(t, home, "", "unit", id, "505/82")
	wantIn(t, "unit 505/82", out, "505/82: paratroop III, us,", "on the map at 2811, in supply", "now: nothing for this unit now")
	wantIn(t, "unit wn5", pbemOK(t, home, "", "unit", id, "wn5"), "WN5: strongpoint", "on the map at 2814")
	out, err := pbemIn(t, home, "", "unit", id, "505")
	if err == nil || !strings.Contains(err.Error(), `no such unit "505": did you mean '505/82'?`) {
		t.Errorf("unit 505: %v\n%s", err, out)
	}
	js := pbemOK(t, home, "", "unit", id, "919/709", "--json")
	wantIn(t, "unit --json", js, `"version": 1`, `"id": "919/709"`, `"on_map": true`, `"where": "3011"`)
}

// 'pbem status' lists the units the map does not show: eliminated ones and
// those off the map, by where they are and when they come.
func TestStatusListsUnitsOffTheMap(t *testing.T) {
	home, id := soloCherbourg(t)
	out := pbemOK(t, home, "", "status", id)
	wantIn(t, "status", out, "  off the map (", "    arrives on turn 5 at 2506 (6.5, 6.6): 3/1050/77",
		"    arrives on turn 6 at 2506 (6.5, 6.6): 1049(-)/77, 2/1050/77")
	if strings.Contains(out, "eliminated (") {
		t.Errorf("no unit is eliminated before the first die:\n%s", out)
	}
}

// A game without counters says so.
func TestUnitInFreeplay(t *testing.T) {
	home, id := soloGame(t, "duel", "freeplay/allied-german", "allied")
	if _, err := pbemIn(t, home, "", "unit", id, "82nd"); err == nil || !strings.Contains(err.Error(), "keeps no units") {
		t.Errorf("unit in freeplay: %v", err)
	}
}
