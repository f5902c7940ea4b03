package ardennes44

import (
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
)

// 11.3 (L503: Tactical Movement goes "do dwóch heksów", up to two hexes),
// 13.1 (L622: a reinforcement pays the cost of the first hex it enters):
// a reinforcement's entry hex is the first of its 2 hexes, so by Tactical
// Movement it enters at 0301 and goes 1 hex further, and Legal offers no
// more. Under ardennes44/3 it went 2 hexes past the entry hex.
func TestTactical_EntryHexIsTheFirst_11_3(t *testing.T) {
	p1, p2 := nb("0301", 5), nb(nb("0301", 5), 5)
	three := "move 4/8/2 0301 " + p1 + " " + p2 + " tactical"
	two := "move 4/8/2 0301 " + p1 + " tactical"
	g := entryFixture.game(t, 3, PhaseMovement, Allied)
	g.enterForTest()
	_, err := g.Clone().(*Game).Apply(rules.Seat(Allied), three)
	refused(t, err, "11.3")
	// Out of supply it moves only by Tactical Movement (23.4): Legal offers
	// the entry hex and 1 hex more at most.
	oos := g.Clone().(*Game)
	st(oos, "4/8/2").OOS = true
	moves := 0
	for _, c := range choicesFor(oos, Allied, "4/8/2") {
		if strings.HasPrefix(c, "move ") {
			moves++
			if len(strings.Fields(c)) > 5 {
				t.Errorf("Legal offers %q: 3 hexes by Tactical Movement (11.3)", c)
			}
		}
	}
	if moves == 0 {
		t.Errorf("Legal offers no Tactical Movement onto the map: %v", choicesFor(oos, Allied, "4/8/2"))
	}
	apply(t, g, Allied, two)
	if at(g, "4/8/2") != p1 {
		t.Errorf("4/8/2 at %s, want %s", at(g, "4/8/2"), p1)
	}

	f := entryFixture
	f.version = "ardennes44/3"
	old := f.game(t, 3, PhaseMovement, Allied)
	old.enterForTest()
	apply(t, old, Allied, three)
	if at(old, "4/8/2") != p2 {
		t.Errorf("ardennes44/3: 4/8/2 at %s, want %s as it played", at(old, "4/8/2"), p2)
	}
}

// 11.3 (L503: Tactical Movement goes "do dwóch heksów"), 11.4.1 (L509:
// infantry crosses an unbridged river only "jeśli zaczynają ruch obok
// heksydu z rzeką i używają Ruchu Taktycznego"), AMB-9 (a unit halted
// before the collapsed Ouren bridge keeps its unspent MP): 12/27, halted
// in 0607 after 2 hexes by road, goes on by its MA with what it has left,
// but not by a new Tactical Movement across the river nor by another way
// of moving, and Legal offers it none. Under ardennes44/3 it crossed by a second, Tactical move.
func TestTactical_NotToGoOnFromTheOurenBridge_11_3(t *testing.T) {
	halted := func(version string) *Game {
		f := fixture{
			sides:   [][3]string{{"0606", "0607", "river"}},
			roads:   [][]string{{"secondary", "0609", "0608", "0607", "0606", "0605"}},
			setup:   []string{"12/27 0609"},
			extra:   "ouren 0606/0607\n",
			version: version,
		}
		g := f.game(t, 3, PhaseMovement, German)
		apply(t, g, German, "move 12/27 0609 0608 0607 0606 0605")
		roll(t, g, 1) // 1-4: the bridge collapses (7.7)
		if at(g, "12/27") != "0607" || !g.bridgeOut(sideKey("0606", "0607")) || !st(g, "12/27").Halted {
			t.Fatalf("fixture: want 12/27 halted in 0607 before the collapsed bridge, at %s", at(g, "12/27"))
		}
		return g
	}
	const across = "move 12/27 0607 0606 0505 tactical"

	g := halted("")
	_, err := g.Clone().(*Game).Apply(rules.Seat(German), across)
	refused(t, err, "11.3")
	_, err = g.Clone().(*Game).Apply(rules.Seat(German), "move 12/27 0607 "+nb("0607", 0)+" tactical")
	refused(t, err, "11.3")
	_, err = g.Clone().(*Game).Apply(rules.Seat(German), "move 12/27 0607 0608 extended")
	refused(t, err, "7.7") // no other way of moving than the one it halted in (AMB-9)
	moves := 0
	for _, c := range choicesFor(g, German, "12/27") {
		if hasFlag(c, "tactical") {
			t.Errorf("Legal offers %q to the halted 12/27 (11.3, AMB-9)", c)
		}
		if strings.HasPrefix(c, "move ") {
			moves++
		}
	}
	if moves == 0 {
		t.Errorf("Legal offers the halted 12/27 no move with the MP it has left (AMB-9): %v", choicesFor(g, German, "12/27"))
	}
	apply(t, g, German, "move 12/27 0607 0608") // back along the road, by its MA

	old := halted("ardennes44/3")
	apply(t, old, German, across)
	if at(old, "12/27") != "0505" {
		t.Errorf("ardennes44/3: 12/27 at %s, want 0505 across the river as it played", at(old, "12/27"))
	}
}
