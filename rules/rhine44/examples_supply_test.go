package rhine44

import (
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/rules/rulestest"
)

// The worked examples of the digest (§6), each a test named by its id. The
// board facts an example assumes hold on the stand-in board (race.map).

// E1 (L436-438): the two-player supply track holds 6 F, 6 A and 6 R.
func TestE1TwoPlayerSupplyTrack(t *testing.T) {
	g := start(t, "two-player")
	if g.s.Track != (Tokens{F: 6, A: 6, R: 6}) {
		t.Errorf("supply track %v, want 6 of each (T3)", g.s.Track)
	}
	// T3: 18 Axis markers in the two-player pool, 25 in three.
	if g.s.AxisPool != 18 || start(t, "three-player").s.AxisPool != 25 {
		t.Errorf("Axis pools %d and %d, want 18 and 25 (L413-416)", g.s.AxisPool, start(t, "three-player").s.AxisPool)
	}
	// The supply comes from the pool: it keeps its count (§1.1).
	if total := supplyTotal(g); total != (Tokens{F: poolFuel, A: poolAmmo, R: poolFood}) {
		t.Errorf("the supply counts %v", total)
	}
}

// supplyTotal counts every supply token: pool, track, fields, corps cards.
func supplyTotal(g *Game) Tokens {
	t := g.s.Pool.Plus(g.s.Track)
	for _, v := range g.s.Supply {
		t = t.Plus(v)
	}
	for _, k := range g.s.Corps {
		t = t.Plus(k.Card)
	}
	return t
}

// E2 (L458-459): a random order white, red, blue puts white on space 1,
// red on 2 and blue on 3; it holds for the whole game (R5.1).
func TestE2TurnOrder(t *testing.T) {
	g := start(t, "three-player")
	need := g.Pending().Dice
	if need == nil || !slices.Equal(need.Sides, []int{3, 2}) {
		t.Fatalf("the turn order's dice: %+v", need)
	}
	// Seats are monty, bradley, patton: white is the 2nd of three, then
	// red the 1st of the two left.
	ev := rulestest.Roll(t, g, 2, 1)
	if want := []rules.Seat{"bradley", "monty", "patton"}; !slices.Equal(g.s.Order, want) {
		t.Errorf("order %v, want %v", g.s.Order, want)
	}
	if !rulestest.HasEvent(ev, "1. bradley, 2. monty, 3. patton") {
		t.Errorf("events: %s", rulestest.EventsText(ev))
	}
	if p := g.Pending(); len(p.Seats) != 1 || p.Seats[0] != "bradley" {
		t.Errorf("pending %+v", p)
	}
}

// E5 (L561-565): Monty at level 1 (draw 6, limit 9) holding 4 trucks takes
// at most 5.
func TestE5TruckLimit(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	g.player("monty").Trucks = 4
	rulestest.Refused(t, g, "monty", "trucks 6", "R7.2", "at most 5 more")
	do(t, g, "monty", "trucks 5")
	if p := g.player("monty"); p.Trucks != 9 || g.s.TruckTrack != 1 {
		t.Errorf("monty holds %d trucks, the track %d", p.Trucks, g.s.TruckTrack)
	}
}

// E6 (L570-577): with 2 trucks on the track, taking both empties it and the
// Logistics Phase runs for everyone at once; taking 1 does not.
func TestE6EmptyingTheTruckTrack(t *testing.T) {
	for _, c := range []struct {
		take      int
		logistics bool
	}{{2, true}, {1, false}} {
		g := start(t, "three-player")
		turnOf(t, g, "patton")
		g.s.TruckTrack = 2
		ev := do(t, g, "patton", "trucks "+string(rune('0'+c.take)))
		if got := rulestest.HasEvent(ev, "Logistics Phase"); got != c.logistics {
			t.Errorf("taking %d: Logistics Phase %v, want %v: %s", c.take, got, c.logistics, rulestest.EventsText(ev))
		}
		if c.logistics && (g.player("monty").Level != 2 || g.s.Stage != stageActions || g.active() != "patton") {
			t.Errorf("after the phase: monty level %d, stage %s, %s's turn", g.player("monty").Level, g.s.Stage, g.active())
		}
	}
}

// E7 (L593-615): Monty (level 1: two trucks) carries 3 A and 2 F from
// Lisieux to Brionne, then on from Brionne to Rouen in the same action; the
// trucks stay on their arrows until the Logistics Phase (R8.3).
func TestE7ChainedTransport(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	mark(g, "monty", "brionne", "rouen")
	supplyOn(t, g, "lisieux", "FFFAAA")
	supplyOn(t, g, "brionne", "R")
	// The first truck alone leaves Brionne at its limit of 6 (R6.4).
	x := g.Clone().(*Game)
	do(t, x, "monty", "transport lisieux>brionne:FFAAA")
	if x.s.Supply["brionne"] != (Tokens{F: 2, A: 3, R: 1}) || x.s.Supply["lisieux"] != (Tokens{F: 1}) || x.s.Ask != nil {
		t.Errorf("after truck 1: Brionne %v, Lisieux %v, ask %+v", x.s.Supply["brionne"], x.s.Supply["lisieux"], x.s.Ask)
	}
	// The text loses which 2 tokens went on to Rouen (L615-616): say 2 A.
	do(t, g, "monty", "transport lisieux>brionne:FFAAA brionne>rouen:AA")
	if g.s.Supply["rouen"] != (Tokens{A: 2}) || g.s.Supply["brionne"] != (Tokens{F: 2, A: 1, R: 1}) {
		t.Errorf("Rouen %v, Brionne %v", g.s.Supply["rouen"], g.s.Supply["brionne"])
	}
	if len(g.s.Trucks) != 2 || g.player("monty").Trucks != trucksPerPlayer-2 {
		t.Errorf("trucks on arrows %v, in resources %d", g.s.Trucks, g.player("monty").Trucks)
	}
	// Level 1 places two trucks (T1), and a truck blocks its arrow (R8.3).
	y := start(t, "three-player")
	turnOf(t, y, "monty")
	mark(y, "monty", "brionne", "rouen", "dieppe")
	supplyOn(t, y, "lisieux", "FFFAAA")
	rulestest.Refused(t, y, "monty", "transport lisieux>brionne:F brionne>rouen:F rouen>dieppe:F", "R8.1", "2 trucks")
	do(t, g, "monty", "trucks 1")
	rulestest.Refused(t, g, "monty", "transport brionne>rouen:F", "R5.2")
	g.s.Turn.Extra++
	rulestest.Refused(t, g, "monty", "transport brionne>rouen:F", "R8.1", "already stands")
	rulestest.Refused(t, g, "monty", "transport lisieux>yvetot:F", "R8.1", "yvetot is not")
}

// E8 (L651-658): in the Logistics Phase each corps eats 1 R; VII, with none,
// is immobilized, until food reaches its field (R8.5).
func TestE8FoodInTheLogisticsPhase(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "bradley")
	put(t, g, "V", "paris", "FRR")
	put(t, g, "XIX", "chartres", "FR")
	put(t, g, "VII", "mantes", "FA")
	g.s.TruckTrack = 1
	ev := do(t, g, "bradley", "trucks 1")
	if card(g, "V") != "FR" || card(g, "XIX") != "F" || card(g, "VII") != "FA" {
		t.Errorf("cards V %s, XIX %s, VII %s", card(g, "V"), card(g, "XIX"), card(g, "VII"))
	}
	if !g.corps("VII").Immobile || g.corps("V").Immobile || !rulestest.HasEvent(ev, "VII has no food and is immobilized") {
		t.Fatalf("VII immobile %v: %s", g.corps("VII").Immobile, rulestest.EventsText(ev))
	}
	rulestest.Refused(t, g, "bradley", "move VII dreux", "R9.3")
	// Food carried to Mantes is eaten at once, and VII can move again.
	supplyOn(t, g, "dreux", "RR")
	do(t, g, "bradley", "transport dreux>mantes:RR")
	if g.corps("VII").Immobile || g.s.Supply["mantes"] != (Tokens{R: 1}) {
		t.Errorf("VII immobile %v, Mantes %v", g.corps("VII").Immobile, g.s.Supply["mantes"])
	}
}

// E9 (L668-670) and E21 (L1321-1336): levels start at Monty 1, Patton 1,
// Bradley 2 (R13.2); the first Logistics Phase puts Bradley on 3 and adds 8
// trucks at once (3 players: 2 + 2 x 3); the second puts all on 3 and adds
// none (once a game, R9.2.4).
func TestE9E21LevelsAndExtraTrucks(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	levels := func() []int {
		var l []int
		for _, p := range g.s.Players {
			l = append(l, p.Level)
		}
		return l
	}
	if !slices.Equal(levels(), []int{1, 2, 1}) {
		t.Fatalf("levels monty, bradley, patton: %v", levels())
	}
	g.s.TruckTrack = 1
	do(t, g, "monty", "trucks 1")
	if !slices.Equal(levels(), []int{2, 3, 2}) || g.s.TruckTrack != 8 || g.s.TrucksAside != trucksInBox-6-18-8 {
		t.Errorf("after phase 1: levels %v, truck track %d, aside %d", levels(), g.s.TruckTrack, g.s.TrucksAside)
	}
	g.s.TruckTrack = 1
	do(t, g, "monty", "trucks 1")
	if !slices.Equal(levels(), []int{3, 3, 3}) || g.s.TruckTrack != 0 {
		t.Errorf("after phase 2: levels %v, truck track %d", levels(), g.s.TruckTrack)
	}
	// R15.7 and A-18: no head start for Bradley at the higher difficulty,
	// nor in the training game.
	for _, opt := range []string{"hard=bradley", "training"} {
		if lv := start(t, "three-player", opt).player("bradley").Level; lv != 1 {
			t.Errorf("%s: Bradley starts on level %d", opt, lv)
		}
	}
}

// E10 (L678-680): the Logistics Phase refills a two-player supply track of
// F 0, A 3, R 3 to 6 of each from the pool.
func TestE10SupplyTrackRefill(t *testing.T) {
	g := start(t, "two-player")
	turnOf(t, g, "monty")
	g.s.Pool = g.s.Pool.Plus(g.s.Track).Minus(Tokens{A: 3, R: 3})
	g.s.Track = Tokens{A: 3, R: 3}
	pool := g.s.Pool
	g.s.TruckTrack = 1
	do(t, g, "monty", "trucks 1")
	if g.s.Track != (Tokens{F: 6, A: 6, R: 6}) {
		t.Errorf("track %v", g.s.Track)
	}
	// The pool gave 6 F, 3 A, 3 R and got back the food the corps ate.
	eaten := 0
	for _, k := range g.s.Corps {
		if !k.Immobile {
			eaten++
		}
	}
	if want := pool.Minus(Tokens{F: 6, A: 3, R: 3}).Plus(Tokens{R: eaten}); g.s.Pool != want {
		t.Errorf("pool %v, want %v", g.s.Pool, want)
	}
}

// E22 (L1340-1369, after E17): Monty has used his two actions; a kept
// Resistance card gives a third, Take Supply at the forward base Le Havre,
// and his commander card adds 2 A: Le Havre holds 3 A, 1 F, 1 R.
func TestE22MontyWithAResistanceCard(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	mark(g, "monty", "yvetot", "le-havre")
	put(t, g, "I", "le-havre", "FFRR")
	g.player("monty").Kept = []string{"m17"} // Resistance, hand symbol
	g.s.Turn.Actions = 2
	rulestest.Refused(t, g, "monty", "supply le-havre +AA", "R5.2")
	do(t, g, "monty", "resistance")
	do(t, g, "monty", "supply le-havre +AA")
	if g.s.Supply["le-havre"] != (Tokens{F: 1, A: 3, R: 1}) || card(g, "I") != "FFRR" {
		t.Errorf("Le Havre %v, I %s", g.s.Supply["le-havre"], card(g, "I"))
	}
	p := g.player("monty")
	if p.Commander || len(p.Kept) != 0 || !slices.Contains(g.s.Decks["monty"].Discard, "m17") {
		t.Errorf("commander card up %v, kept %v, discard %v", p.Commander, p.Kept, g.s.Decks["monty"].Discard)
	}
	// R6.3: a forward base gives once a turn; one Resistance card a turn.
	g.player("monty").Kept = []string{"m19", "m17"}
	rulestest.Refused(t, g, "monty", "resistance", "R10.13", "one Resistance card a turn")
	g.s.Turn.Extra++
	rulestest.Refused(t, g, "monty", "supply le-havre", "R6.3", "once per turn")
	rulestest.Refused(t, g, "monty", "supply le-havre special A", "R6.3", "standard set")
}

// R6.2: the main base gives the standard set from the pool or a special set
// of three of a type from the supply track; A-06: a track short of three
// gives none. R6.4: a main base holds 9, the player returns what is over.
func TestTakeSupplyAndFieldLimits(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	track := g.s.Track
	do(t, g, "patton", "supply orleans special A")
	if g.s.Track != track.Minus(Tokens{A: 3}) || g.s.Supply["orleans"] != (Tokens{A: 3}) {
		t.Errorf("track %v, Orléans %v", g.s.Track, g.s.Supply["orleans"])
	}
	g.s.Pool.F += g.s.Track.F - 2
	g.s.Track.F = 2
	rulestest.Refused(t, g, "patton", "supply orleans special F", "R6.2", "A-06")
	rulestest.Refused(t, g, "patton", "supply troyes", "R6.1")
	rulestest.Refused(t, g, "patton", "supply orleans +AA", "R13.3")
	supplyOn(t, g, "orleans", "FFFRR")
	ev := do(t, g, "patton", "supply orleans")
	if g.s.Ask == nil || g.s.Ask.Kind != askReturn || g.s.Ask.N != 2 {
		t.Fatalf("ask %+v after 11 tokens on the main base: %s", g.s.Ask, rulestest.EventsText(ev))
	}
	rulestest.Refused(t, g, "patton", "end", "R6.4")
	rulestest.Refused(t, g, "patton", "return orleans F", "R6.4", "exactly 2")
	do(t, g, "patton", "return orleans FF")
	if g.s.Supply["orleans"].Total() != mainBaseLimit || g.s.Ask != nil {
		t.Errorf("Orléans %v", g.s.Supply["orleans"])
	}
	if supplyTotal(g) != (Tokens{F: poolFuel, A: poolAmmo, R: poolFood}) {
		t.Errorf("the supply counts %v", supplyTotal(g))
	}
}
