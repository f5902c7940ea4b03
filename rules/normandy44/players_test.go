package normandy44

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// fourMap is a test map split by the Allied army boundary: columns 01-04 are
// the US side (us-sector zone), 05-08 the CW side. Each seat of a four-player
// game (24.0) commands something on it.
func fourMap() testMap {
	return testMap{
		places: []string{"entry 0108 green", "entry 0808 blue", "mobilization 0302 709", "mobilization 0702 711"},
		boxes:  []string{"mob-709 mobilization 709", "mob-711 mobilization 711"},
		units: []string{
			"a1 allied us 4 infantry 6-4 3-4",
			"a2 allied us 4 infantry 6-4 3-4",
			"b1 allied gb 50 infantry 6-4 3-4",
			"c1 allied ca 3 infantry 6-4 3-4",
			"g1 german heer 91 infantry 4-4 2-4",
			"g2 german heer 21 infantry 4-4 2-4",
			"gr1 german heer 2 infantry 4-4 2-4",
			"gb1 german heer 12 infantry 4-4 2-4",
			"m709 german heer 709 infantry 4-4 2-4",
			"m711 german heer 711 infantry 4-4 2-4",
			"ghq german heer - hq (1)-5 range=3",
		},
		setup: []string{"a1 0403", "a2 0304", "b1 0603", "c1 0802", "g1 0404", "g2 0604",
			"m709 mob-709", "m711 mob-711", "ghq 0705"},
		reinf: []string{"3 gr1 entry:green", "3 gb1 entry:blue"},
	}
}

// fourGame starts fourMap with options and puts it in side's Movement Phase
// of turn 2.
func fourGame(t *testing.T, side Side, options ...string) *Game {
	t.Helper()
	text := fourMap().withZones("us-sector 0101-0108 0201-0208 0301-0308 0401-0408").text()
	gg, err := New([]byte(text), options)
	if err != nil {
		t.Fatalf("four map: %v", err)
	}
	g := gg.(*Game)
	g.setStage(2, PhaseMovement, side)
	return g
}

// TestPlayers_24_0_Options: the players options fix the seats, in the order
// of the dice protocol; without one the game keeps its two seats.
func TestPlayers_24_0_Options(t *testing.T) {
	for _, c := range []struct {
		options []string
		want    []rules.Seat
	}{
		{nil, []rules.Seat{"allied", "german"}},
		{[]string{"players=3-allied"}, []rules.Seat{"us", "cw", "german"}},
		{[]string{"players=3-german"}, []rules.Seat{"allied", "german-cw", "german-us"}},
		{[]string{"players=4"}, []rules.Seat{"us", "cw", "german-cw", "german-us"}},
		{[]string{"players=4", "historical-storms"}, []rules.Seat{"us", "cw", "german-cw", "german-us"}},
	} {
		g := fourGame(t, Allied, c.options...)
		if !slices.Equal(g.Seats(), c.want) {
			t.Errorf("%v: seats %v, want %v", c.options, g.Seats(), c.want)
		}
		seats, err := Engine().Seats(rules.Setup{Scenario: []byte(fourMap().text()), Options: c.options})
		if err != nil || !slices.Equal(seats, c.want) {
			t.Errorf("%v: the engine's Seats gives %v, %v", c.options, seats, err)
		}
	}
	for _, c := range []struct {
		options []string
		want    string
	}{
		{[]string{"players=2"}, "unknown option"},
		{[]string{"players=4", "players=3-allied"}, "both set the number of players"},
		{[]string{"players=4", "players=4"}, "given twice"},
		{[]string{"historical-storms", "random-storm"}, "cannot both be on"},
	} {
		_, err := New([]byte(fourMap().text()), c.options)
		if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.options, err, c.want)
		}
	}
	// Two players keep an empty option list, so their state is what it was.
	g := fourGame(t, Allied)
	if g.s.Options != nil || g.opt.multi() {
		t.Errorf("two players: options %v", g.s.Options)
	}
}

// TestPlayers_24_0_Ownership: the US player commands the US units, the CW
// player every other Allied nationality; the German units set up on the US
// side of the army boundary, the green-entry reinforcements and the
// mobilization units whose hexes lie there belong to the player facing the
// US, all others to the player facing the CW (24.0, ENGINE NOTE reading).
func TestPlayers_24_0_Ownership(t *testing.T) {
	g := fourGame(t, Allied, "players=4")
	want := map[string]rules.Seat{
		"a1": "us", "a2": "us", "b1": "cw", "c1": "cw",
		"g1": "german-us", "g2": "german-cw", "gr1": "german-us", "gb1": "german-cw",
		"m709": "german-us", "m711": "german-cw", "ghq": "german-cw",
	}
	for id, seat := range want {
		if o := g.owner(g.index[id]); o != seat {
			t.Errorf("%s belongs to %s, want %s", id, o, seat)
		}
	}
	// A German unit crossing the boundary stays with its owner (24.0).
	g.s.Units[g.index["g2"]].At = "0303"
	if o := g.owner(g.index["g2"]); o != SeatGermanCW {
		t.Errorf("g2 across the boundary belongs to %s", o)
	}
	three := fourGame(t, Allied, "players=3-allied")
	if o := three.owner(three.index["g2"]); o != "german" {
		t.Errorf("with one German player g2 belongs to %s", o)
	}
}

// TestPlayers_24_0_MovementSubTurns: the two players of a side take each
// phase in turn, each commanding only his own units, and the phase ends when
// both have said 'end'. The player facing the CW takes the German phases
// first.
func TestPlayers_24_0_MovementSubTurns(t *testing.T) {
	g := fourGame(t, Allied, "players=4")
	g.enterPhase()
	if p := g.Pending(); !slices.Equal(p.Seats, []rules.Seat{"us"}) {
		t.Fatalf("Allied movement waits for %v, want us first", p.Seats)
	}
	if _, err := g.Apply("cw", "move b1 0603 0602"); !errors.Is(err, rules.ErrNotPending) {
		t.Errorf("cw moves in the us player's part: %v", err)
	}
	rulestest.Refused(t, g, "us", "move b1 0603 0602", "24.0", "b1 belongs to the cw seat")
	if ps := pieces(g.Legal("us")); !slices.Equal(ps, []string{"a1", "a2"}) {
		t.Errorf("us may move %v, want a1 a2", ps)
	}
	if g.Legal("cw") != nil {
		t.Error("cw has legal commands while us plays")
	}
	rulestest.Apply(t, g, "us", "move a2 0304 0303")
	ev := rulestest.Apply(t, g, "us", "end")
	if g.s.Phase != PhaseMovement || !strings.Contains(ev[0].Text, "cw to play (24.0)") {
		t.Fatalf("after us's end: %s, %v", g.Pending().Phase, ev)
	}
	if p := g.Pending(); !slices.Equal(p.Seats, []rules.Seat{"cw"}) {
		t.Fatalf("then %v, want cw", p.Seats)
	}
	rulestest.Refused(t, g, "cw", "move a1 0403 0402", "24.0", "a1 belongs to the us seat")
	if ps := pieces(g.Legal("cw")); !slices.Equal(ps, []string{"b1", "c1"}) {
		t.Errorf("cw may move %v, want b1 c1", ps)
	}
	rulestest.Apply(t, g, "cw", "move b1 0603 0602")
	rulestest.Apply(t, g, "cw", "end")
	if g.s.Phase == PhaseMovement || len(g.s.Ended) != 0 {
		t.Fatalf("both ended, still %s (ended %v)", g.Pending().Phase, g.s.Ended)
	}

	gg := fourGame(t, German, "players=4")
	gg.enterPhase()
	if p := gg.Pending(); !slices.Equal(p.Seats, []rules.Seat{"german-cw"}) {
		t.Fatalf("German movement waits for %v, want german-cw first", p.Seats)
	}
	rulestest.Refused(t, gg, "german-cw", "move g1 0404 0405", "24.0", "g1 belongs to the german-us seat")
	rulestest.Apply(t, gg, "german-cw", "end")
	rulestest.Apply(t, gg, "german-us", "move g1 0404 0405")
}

// TestPlayers_24_0_Stacking: the stacking limit holds at the end of the
// Movement Phase, both players' parts of it played (7.2); the owner of a
// stack over it, the owner of its first unit where it is mixed, eliminates
// units of it, his pick. (normandy44/4 refused a player's 'end' over the
// limit, TestPlayers_24_0_StackingV4.)
func TestPlayers_24_0_Stacking(t *testing.T) {
	g := fourGame(t, Allied, "players=4")
	g.enterPhase()
	for _, id := range []string{"a1", "a2", "b1", "c1"} {
		g.s.Units[g.index[id]].At = "0202"
	}
	if len(g.overstacked(Allied)) == 0 {
		t.Skip("four infantry units are not over the limit on this map")
	}
	rulestest.Apply(t, g, "us", "end")
	rulestest.Apply(t, g, "cw", "end")
	p := g.Pending()
	if !g.s.StackCheck || !slices.Equal(p.Seats, []rules.Seat{g.owner(g.index["a1"])}) || !strings.Contains(p.Prompt, "7.2") {
		t.Fatalf("at the end of the phase: %+v", p)
	}
	rulestest.Apply(t, g, p.Seats[0], "eliminate b1")
	rulestest.Apply(t, g, g.Pending().Seats[0], "eliminate c1") // 8 points, then 6, then 4
	if g.s.StackCheck || !g.s.Units[g.index["b1"]].Gone || g.s.Phase == PhaseMovement {
		t.Errorf("after eliminating b1: %+v", g.Pending())
	}
}

func TestPlayers_24_0_StackingV4(t *testing.T) {
	text := fourMap().withZones("us-sector 0101-0108 0201-0208 0301-0308 0401-0408").text()
	gg, err := newGame([]byte(text), "", []string{"players=4"}, "normandy44/4")
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	g.setStage(2, PhaseMovement, Allied)
	g.enterPhase()
	for _, id := range []string{"a1", "a2", "b1", "c1"} {
		g.s.Units[g.index[id]].At = "0202"
	}
	if len(g.overstacked(Allied)) == 0 {
		t.Skip("four infantry units are not over the limit on this map")
	}
	rulestest.Refused(t, g, "us", "end", "7.2", "0202")
}

// attackSetup: the Allied Combat Phase of turn 2 in a four-player game, with
// g1 (german-us) in 0404 next to a1 and a2 of the us player.
func attackSetup(t *testing.T) *Game {
	g := fourGame(t, Allied, "players=4")
	g.s.Phase = PhaseCombat
	g.enterPhase()
	return g
}

// TestPlayers_24_0_CombatSeats: the attacker's dice and decisions go to the
// player who declared the attack, the defender's to the owner of the
// defending units; a stack of both German players' units is decided by the
// player facing the CW (24.0: disputes). Each player's standing orders answer
// only for his own units.
func TestPlayers_24_0_CombatSeats(t *testing.T) {
	g := attackSetup(t)
	rulestest.Refused(t, g, "us", "attack 0404 from 0403 maf a1 with b1", "24.0", "b1 belongs to the cw seat")
	rulestest.Apply(t, g, "us", "attack 0404 from 0304 0403 maf a1 a2")
	p := g.Pending()
	if p.Dice == nil || p.Dice.By != "us" || !slices.Equal(p.Seats, []rules.Seat{"us"}) {
		t.Fatalf("the CRT roll: %+v", p)
	}
	decided := map[rules.Seat]bool{}
	for die := 1; die <= 6; die++ {
		c := g.Clone().(*Game)
		if _, err := c.Roll([]int{die}); err != nil {
			t.Fatal(err)
		}
		for steps := 0; c.s.Combat != nil && steps < 20; steps++ {
			p := c.Pending()
			if p.Dice != nil {
				if _, err := c.Roll([]int{die}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			cp := c.combat().pending()
			want := rules.Seat("us")
			if cp.Side == string(German) {
				want = "german-us"
			}
			if !slices.Equal(p.Seats, []rules.Seat{want}) {
				t.Fatalf("die %d: %s decides %s, want %s", die, p.Seats, cp.Decision, want)
			}
			decided[want] = true
			choices := c.Legal(want)
			if len(choices) == 0 {
				t.Fatalf("die %d: %s has no choices for %s", die, want, cp.Decision)
			}
			rulestest.Apply(t, c, want, choices[0].Command)
		}
		if c.s.Combat != nil {
			t.Fatalf("die %d: the combat does not end", die)
		}
		if p := c.Pending(); !slices.Equal(p.Seats, []rules.Seat{"us"}) {
			t.Errorf("die %d: after the combat %v acts, want us", die, p.Seats)
		}
	}
	if !decided["german-us"] {
		t.Error("no die left a decision to german-us")
	}

	// A mixed German stack: the player facing the CW decides.
	m := attackSetup(t)
	m.s.Units[m.index["g2"]].At = "0404"
	rulestest.Apply(t, m, "us", "attack 0404 from 0304 0403 maf a1 a2")
	c := m.combat()
	if s := m.combatSeat(c, German); s != SeatGermanCW {
		t.Errorf("a mixed German stack is decided by %s", s)
	}

	// Orders: german-cw's standing order does not answer for german-us.
	o := attackSetup(t)
	o.s.Orders = append(o.s.Orders, orderRecord{Side: German, Text: "order dd always", Seat: "german-cw"})
	rulestest.Apply(t, o, "us", "attack 0404 from 0304 0403 maf a1 a2")
	if got := o.ordersFor(o.combat()); len(got[string(German)]) != 0 {
		t.Errorf("german-cw's order answers for g1 of german-us: %v", got)
	}
	o.s.Orders[0].Seat = "german-us"
	if got := o.ordersFor(o.combat()); len(got[string(German)]) != 1 {
		t.Errorf("german-us's own order is not in force: %v", got)
	}
}

// TestPlayers_24_0_PzWest: with two German players, the player facing the CW
// takes his share of the turn's SupP onto Pz West; the other cannot, the
// two-player game has no Pz West, and a german-cw HQ fires with Pz West SupP.
func TestPlayers_24_0_PzWest(t *testing.T) {
	g := fourGame(t, German, "players=4")
	g.s.Phase = PhaseReplacement
	g.addSupP(germanSupPPool, 3)
	g.s.SupPNew = 3
	rulestest.Refused(t, g, "german-cw", "allot pz-west 4", "24.0, 5.2", "3 SupP of this turn are left")
	if !slices.ContainsFunc(g.Legal("german-cw"), func(c rules.Choice) bool { return c.Command == "allot pz-west 2" }) {
		t.Errorf("german-cw's choices lack 'allot pz-west 2': %v", g.Legal("german-cw"))
	}
	rulestest.Apply(t, g, "german-cw", "allot pz-west 2")
	if g.s.SupP[poolIndex(g.s.SupP, pzWestPool)].N != 2 || g.s.SupP[poolIndex(g.s.SupP, germanSupPPool)].N != 1 || g.s.SupPNew != 1 {
		t.Errorf("after the split: %+v, new %d", g.s.SupP, g.s.SupPNew)
	}
	rulestest.Apply(t, g, "german-cw", "end")
	rulestest.Refused(t, g, "german-us", "allot pz-west 1", "24.0", "pz-west SupP belong to the german-cw seat")
	if g.artilleryPool(g.index["ghq"]) != pzWestPool {
		t.Errorf("a german-cw HQ fires with %s SupP", g.artilleryPool(g.index["ghq"]))
	}

	two := fourGame(t, German)
	two.s.Phase = PhaseReplacement
	two.addSupP(germanSupPPool, 3)
	two.s.SupPNew = 3
	rulestest.Refused(t, two, "german", "allot pz-west 1", "24.0", "only when two players play the Germans")
}

// TestPlayers_24_0_InitialSplit: the starting 7th Army SupP are split at the
// start of the scenario; the German Replacement Phase of turn 1 waits for it.
func TestPlayers_24_0_InitialSplit(t *testing.T) {
	m := fourMap()
	m.special = []string{"supply 7th-army 4"}
	gg, err := New([]byte(m.text()), []string{"players=3-german"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	if g.s.Phase != PhaseReplacement || g.s.Side != German || g.s.SupPNew != 4 {
		t.Fatalf("turn 1 starts at %s with %d to split", g.Pending().Phase, g.s.SupPNew)
	}
	rulestest.Apply(t, g, "german-cw", "allot pz-west 3")
	rulestest.Apply(t, g, "german-cw", "end")
	rulestest.Apply(t, g, "german-us", "end")
	if g.s.SupP[poolIndex(g.s.SupP, pzWestPool)].N != 3 || g.s.SupPNew != 0 || g.s.Phase != PhaseMovement {
		t.Errorf("after the split: %+v at %s", g.s.SupP, g.Pending().Phase)
	}
	// Two players: no split, turn 1 starts in the Movement Phase as before.
	two, err := New([]byte(m.text()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if two.(*Game).s.Phase != PhaseMovement || two.(*Game).s.SupPNew != 0 {
		t.Errorf("two players: turn 1 at %s", two.Pending().Phase)
	}
}

// TestPlayers_24_0_InitialWeatherSeat: with two Allied players the weather
// die is asked of the first Allied seat.
func TestPlayers_24_0_InitialWeatherSeat(t *testing.T) {
	g := fourGame(t, Allied, "players=4")
	g.setStage(3, PhaseInitial, "")
	g.enterPhase()
	if p := g.Pending(); p.Dice == nil || p.Dice.By != "us" || !slices.Equal(p.Seats, []rules.Seat{"us"}) {
		t.Errorf("the weather die: %+v", p)
	}
}

// TestProperty_MultiPlayerCherbourg: the random legal player plays whole
// Cherbourg games with three and four players (24.0) and the optional storms
// (25.1, 25.2): one seat acts at a time, each command moves, attacks with or
// spends only what its seat owns, every dice need names a seat of the game,
// and replaying the inputs gives the same hashes.
func TestProperty_MultiPlayerCherbourg(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games whole: run without -short")
	}
	data := readFile(t, "../../scenarios/normandy44/cherbourg.scn")
	for k, options := range [][]string{
		{"players=4"},
		{"players=3-allied", "historical-storms"},
		{"players=3-german", "random-storm"},
		{"players=4", "historical-storms"},
	} {
		gg, err := New(data, options)
		if err != nil {
			t.Fatal(err)
		}
		start := gg.(*Game)
		seen := map[rules.Seat]bool{}
		end, plays := playToEnd(t, rand.New(rand.NewPCG(uint64(k)+1, 24)), start.Clone().(*Game), func(before, after *Game, p play) {
			q := before.Pending()
			if len(q.Seats) != 1 || !slices.Contains(before.Seats(), q.Seats[0]) {
				t.Fatalf("%v: %s waits for %v", options, q.Phase, q.Seats)
			}
			if q.Dice != nil && !slices.Contains(before.Seats(), q.Dice.By) {
				t.Fatalf("%v: dice by %q", options, q.Dice.By)
			}
			if p.Command == "" {
				return
			}
			seen[p.Seat] = true
			if err := before.checkOwner(p.Seat, p.Command); err != nil {
				t.Fatalf("%v: %s gave %q: %v", options, p.Seat, p.Command, err)
			}
		})
		for _, s := range start.Seats() {
			if !seen[s] {
				t.Errorf("%v: %s never acted", options, s)
			}
		}
		_, hashes := replay(t, start, plays)
		if hashes[len(hashes)-1] != end.Hash() {
			t.Errorf("%v: the replay ends on another hash", options)
		}
	}
}

// TestPlayers_24_0_ViewNamesOwners: with two players a side the view names
// each unit's seat; the two-player view does not change.
func TestPlayers_24_0_ViewNamesOwners(t *testing.T) {
	g := fourGame(t, Allied, "players=4")
	text := strings.Join(g.View("us").Lines, "\n")
	for _, want := range []string{"0404 german: g1 <german-us>", "0604 german: g2 <german-cw>", "0603 allied: b1 <cw>", "0403 allied: a1 <us>"} {
		if !strings.Contains(text, want) {
			t.Errorf("the view lacks %q:\n%s", want, text)
		}
	}
	if two := strings.Join(fourGame(t, Allied).View("allied").Lines, "\n"); strings.Contains(two, "<") {
		t.Errorf("the two-player view names seats:\n%s", two)
	}
}

// TestPlayers_24_0_InvasionSeats: in the Special Invasion Phase of a
// four-player Cherbourg game the Utah assault's dice and Allied decisions go
// to the US player, and the German choice of EX losses (20.3.2) to the
// player facing the US, who owns the Utah strongpoint.
func TestPlayers_24_0_InvasionSeats(t *testing.T) {
	gg, err := New(readFile(t, "../../scenarios/normandy44/cherbourg.scn"), []string{"players=4"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	if g.s.Phase != PhaseInvasion || g.s.Invasion == nil {
		t.Skip("the scenario does not open with a refereed invasion")
	}
	for n := 0; !g.s.Invasion.Scattered; n++ {
		if n > 3 {
			t.Fatal("the Scatter dice do not settle")
		}
		if _, err := g.Roll(make6s(g.Pending().Dice.Sides)); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Pending()
	if p.Dice == nil || p.Dice.By != "us" || !slices.Equal(p.Seats, []rules.Seat{"us"}) {
		t.Fatalf("the Utah assault dice: %+v", p)
	}
	g.s.Invasion.Owed, g.s.Invasion.Chooser = 1, German
	if p := g.Pending(); !slices.Equal(p.Seats, []rules.Seat{"german-us"}) {
		t.Errorf("the German EX choice goes to %v", p.Seats)
	}
	g.s.Invasion.Chooser = Allied
	if p := g.Pending(); !slices.Equal(p.Seats, []rules.Seat{"us"}) {
		t.Errorf("the Allied loss choice goes to %v", p.Seats)
	}
}

func make6s(sides []int) []int {
	out := make([]int, len(sides))
	for k := range out {
		out[k] = 6
	}
	return out
}

// TestProperty_MultiPlayerCampaign: the random legal player plays the first
// turns of the campaign (S1) with four players, 25.2 and 25.3 (the invasion,
// follow-up landings, both armies and both German players all in play):
// one seat acts at a time, every command touches only its seat's forces,
// every seat acts, and none is ever left with nothing to do.
func TestProperty_MultiPlayerCampaign(t *testing.T) {
	if testing.Short() {
		t.Skip("plays random games whole: run without -short")
	}
	gg, err := New(readFile(t, "../../scenarios/normandy44/campaign.scn"), []string{"players=4", "random-storm", "coastal-batteries"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	rnd := rand.New(rand.NewPCG(44, 24))
	acted := map[rules.Seat]int{}
	for steps := 0; g.s.Turn <= 3 && !g.s.Over; steps++ {
		if steps > 5000 {
			t.Fatalf("no turn 4 after %d inputs, at %s", steps, g.Pending().Phase)
		}
		p := g.Pending()
		if len(p.Seats) != 1 || !slices.Contains(g.Seats(), p.Seats[0]) {
			t.Fatalf("%s waits for %v", p.Phase, p.Seats)
		}
		if p.Dice != nil {
			if !slices.Contains(g.Seats(), p.Dice.By) {
				t.Fatalf("%s: dice by %q", p.Phase, p.Dice.By)
			}
			roll := make([]int, len(p.Dice.Sides))
			for k, n := range p.Dice.Sides {
				roll[k] = rnd.IntN(n) + 1
			}
			if _, err := g.Roll(roll); err != nil {
				t.Fatalf("%s: roll %v: %v", p.Phase, roll, err)
			}
			continue
		}
		seat := p.Seats[0]
		cmd := RandomCommand(g, seat, rnd)
		if cmd == "" {
			t.Fatalf("%s: %s has nothing to do", p.Phase, seat)
		}
		if err := g.checkOwner(seat, cmd); err != nil {
			t.Fatalf("%s: %s is offered %q: %v", p.Phase, seat, cmd, err)
		}
		if _, err := g.Apply(seat, cmd); err != nil {
			t.Fatalf("%s: %s %q refused: %v", p.Phase, seat, cmd, err)
		}
		acted[seat]++
	}
	for _, s := range g.Seats() {
		if acted[s] == 0 {
			t.Errorf("%s never acted", s)
		}
	}
}

// TestPlayers_24_0_FollowUpPerSeat: a player may not end his part of the
// Allied Movement Phase while one of his own follow-up units can land
// (20.5.3), but is not held up by the other army's.
func TestPlayers_24_0_FollowUpPerSeat(t *testing.T) {
	gg, err := New(readFile(t, "../../scenarios/normandy44/campaign.scn"), []string{"players=4"})
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	rnd := rand.New(rand.NewPCG(7, 7))
	for steps := 0; !(g.s.Phase == PhaseMovement && g.s.Side == Allied); steps++ {
		if steps > 3000 {
			t.Fatal("no Allied Movement Phase in turn 1")
		}
		p := g.Pending()
		if p.Dice != nil {
			roll := make([]int, len(p.Dice.Sides))
			for k, n := range p.Dice.Sides {
				roll[k] = rnd.IntN(n) + 1
			}
			if _, err := g.Roll(roll); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := g.Apply(p.Seats[0], RandomCommand(g, p.Seats[0], rnd)); err != nil {
			t.Fatal(err)
		}
	}
	us := g.mustLand()
	if us == "" {
		t.Skip("no US follow-up unit can land in this game")
	}
	if o := g.owner(g.index[us]); o != SeatUS {
		t.Fatalf("us must land %s of %s", us, o)
	}
	rulestest.Refused(t, g, "us", "end", "20.5.3", us)
	if slices.ContainsFunc(g.Legal("us"), func(c rules.Choice) bool { return c.Command == "end" }) {
		t.Error("'end' is offered to us while its follow-up can land")
	}
}

// TestPlayers_24_0_StrafeByOwnArmy: a strafing mission flies with one
// army's air markers (19.1.4), which only that army's player commands.
func TestPlayers_24_0_StrafeByOwnArmy(t *testing.T) {
	g := attackSetup(t)
	rulestest.Refused(t, g, "us", "strafe 0604 cw", "24.0", "the cw air markers belong to the cw seat")
	if err := g.checkOwner("us", "strafe 0404 us"); err != nil {
		t.Errorf("us strafes with its own markers: %v", err)
	}
	two := fourGame(t, Allied)
	if err := two.checkOwner("allied", "strafe 0604 cw"); err != nil {
		t.Errorf("two players: %v", err)
	}
}
