package ardennes44

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// britishFixture: columns 07-12 are the West sheet and west of the Meuse
// (27.3.1); the 29th Armoured Brigade in 0706, 12/27 in 0508, east of the
// line (0606 beyond it).
func britishFixture(version string) fixture {
	var west []string
	for c := 7; c <= 12; c++ {
		for r := 1; r <= 12; r++ {
			west = append(west, fmt.Sprintf("%02d%02d", c, r))
		}
	}
	return fixture{
		zones:   []string{"west-map " + strings.Join(west, " "), "west-of-meuse " + strings.Join(west, " ")},
		setup:   []string{"xxx/29ab 0706", "12/27 0508"},
		version: version,
	}
}

// 27.3.2 (L1565): the 29th Armoured Brigade is free of 27.3.1 "gdy armia
// Niemiecka przekroczy rzekę Mozę" (AMB-34: a German unit west of the
// Meuse). From ardennes44/4 it is in the Allied player turn right after the
// German crossing; under ardennes44/3 only from the end of the turn.
func TestBritish_29thReleasedWhenGermansCross_27_3_2(t *testing.T) {
	for _, tc := range []struct {
		version string
		free    bool
	}{{"", true}, {"ardennes44/3", false}} {
		g := britishFixture(tc.version).game(t, 10, PhaseMovement, Allied)
		st(g, "12/27").At = "0910" // west of the Meuse
		g.enterForTest()
		if !g.germansBeyondMeuse() {
			t.Fatal("12/27 should stand west of the Meuse")
		}
		offers := len(offered(g, "move xxx/29ab 0706 0606")) > 0
		_, err := g.Apply(rules.Seat(Allied), "move xxx/29ab 0706 0606")
		if offers != tc.free || (err == nil) != tc.free {
			t.Errorf("%q: the Germans across the Meuse, the 29th's move east of it offered %v, refused %v; want it free %v (27.3.2)", tc.version, offers, err, tc.free)
		}
		if !tc.free {
			refused(t, err, "27.3.1")
		}
	}
}

// 27.3.2: once released, the 29th stays so: from ardennes44/4 the stage
// that ends with a German unit west of the Meuse releases it for good, and
// says so, though the unit is gone again by the Allied player turn.
func TestBritish_29thStaysReleased_27_3_2(t *testing.T) {
	g := britishFixture("").game(t, 10, PhaseMovement, German)
	g.enterForTest()
	apply(t, g, German, "move 12/27 0508 0608 0708")
	if g.s.Released29 {
		t.Fatal("the 29th released before the stage ends")
	}
	events := apply(t, g, German, "end")
	if !g.s.Released29 || !strings.Contains(fmt.Sprint(events), "27.3.2") {
		t.Fatalf("the German Movement Phase ends with 12/27 west of the Meuse: released %v, events %v; want the 29th released, told (27.3.2)", g.s.Released29, events)
	}
	st(g, "12/27").At = deadBox
	if g.keptOut(g.index["xxx/29ab"]) != nil {
		t.Error("the 29th is held again once no German stands west of the Meuse; 27.3.2 released it for good")
	}
}
