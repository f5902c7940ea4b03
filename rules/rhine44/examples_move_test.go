package rhine44

import (
	"errors"
	"slices"
	"testing"

	"github.com/pbem-referee/pbem/rules/rulestest"
)

// E3 (L509-510): no Air Support between two steps of a move: each action
// ends before the next begins (R5.4).
func TestE3ActionsAreAtomic(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	mark(g, "monty", "yvetot")
	do(t, g, "monty", "move I yvetot")
	rulestest.Refused(t, g, "monty", "air axis", "R5.4")
	rulestest.Refused(t, g, "monty", "supply lisieux", "R5.4")
	do(t, g, "monty", "stop")
	do(t, g, "monty", "air axis")
}

// E4 (L521-526): Patton's turn of Take Supply, his commander's Move Corps
// and Transport Supply, then the German Reaction: three actions.
func TestE4TurnWithACommanderAction(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	mark(g, "patton", "sens")
	do(t, g, "patton", "supply orleans")
	do(t, g, "patton", "commander move XX sens")
	do(t, g, "patton", "stop")
	do(t, g, "patton", "transport orleans>montargis:FAR")
	rulestest.Refused(t, g, "patton", "supply orleans", "R5.2")
	rulestest.Refused(t, g, "patton", "commander move XII pithiviers", "R13.1")
	do(t, g, "patton", "end")
	if g.s.Stage != stageReaction {
		t.Fatalf("stage %s", g.s.Stage)
	}
	rulestest.Refused(t, g, "patton", "supply orleans", "R5.6")
	do(t, g, "patton", "axis rheydt")
	if g.active() != "monty" || g.s.Turn.Actions != 0 {
		t.Errorf("next: %s, %d actions", g.active(), g.s.Turn.Actions)
	}
}

// E11 (L691-693): a corps moved this turn moves no more, by a Resistance
// card or Patton's commander action (R10.2).
func TestE11OneMovePerCorps(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes", "vitry", "chalons")
	do(t, g, "patton", "move XII vitry")
	do(t, g, "patton", "stop")
	rulestest.Refused(t, g, "patton", "commander move XII chalons", "R10.2", "once a turn")
	g.player("patton").Kept = []string{"p17"}
	do(t, g, "patton", "resistance")
	rulestest.Refused(t, g, "patton", "move XII chalons", "R10.2")
}

// E12 (L821-893): XII in Troyes with 3 F, 1 R moves to Vitry (Black market:
// 1 R for 1 A), Châlons (Starving civilians: no food, no effect) and Reims
// (Resistance with a hand, kept; Reims's medal).
func TestE12MoveExample1(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes")
	do(t, g, "patton", "move XII vitry")
	if card(g, "XII") != "FFR" {
		t.Fatalf("after paying to start: %s", card(g, "XII"))
	}
	rollCard(t, g, "p16") // Black market
	if g.s.Ask == nil || g.s.Ask.Kind != askMarket {
		t.Fatalf("ask %+v", g.s.Ask)
	}
	rulestest.Refused(t, g, "patton", "step chalons", "R10.12")
	if _, err := g.Apply("patton", "market FF"); !errors.Is(err, ErrCommand) {
		t.Errorf("market FF: %v", err)
	}
	do(t, g, "patton", "market RA")
	if card(g, "XII") != "FFA" {
		t.Fatalf("after the Black market: %s", card(g, "XII"))
	}
	do(t, g, "patton", "step chalons") // no fuel to go on: no Les Boches, no combat
	ev := rollCard(t, g, "p08")        // Starving civilians
	if g.s.Ask != nil || !rulestest.HasEvent(ev, "no food") {
		t.Fatalf("ask %+v: %s", g.s.Ask, rulestest.EventsText(ev))
	}
	do(t, g, "patton", "step reims")
	rollCard(t, g, "p17") // Resistance, hand symbol
	p := g.player("patton")
	if card(g, "XII") != "FFA" || !slices.Equal(p.Kept, []string{"p17"}) || p.Medals != 1 {
		t.Errorf("XII %s, kept %v, medals %d", card(g, "XII"), p.Kept, p.Medals)
	}
	for _, f := range []string{"vitry", "chalons", "reims"} {
		if g.s.Control[f] != "patton" {
			t.Errorf("%s is %q's", f, g.s.Control[f])
		}
	}
	if g.s.Move != nil {
		t.Error("the move goes on after 3 steps")
	}
	// The cards went to the discard pile, the kept one to his resources
	// (R10.9).
	if d := g.s.Decks["patton"].Discard; !slices.Equal(d, []string{"p16", "p08"}) {
		t.Errorf("discard pile %v", d)
	}
}

// E13 (L895-922): Vitry: Les Boches, 1 F to go on; Châlons: Captured
// supplies, 1 F on the field, loaded; Reims: Battle of Angaur, no effect.
func TestE13MoveExample2(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes")
	do(t, g, "patton", "move XII vitry")
	rollCard(t, g, "p01") // Les Boches
	if !g.s.Move.Pay {
		t.Fatal("Les Boches: going on is free")
	}
	ev := do(t, g, "patton", "step chalons")
	if !rulestest.HasEvent(ev, "pays 1 F to go on") {
		t.Errorf("events: %s", rulestest.EventsText(ev))
	}
	rollCard(t, g, "p12") // Captured supplies
	if g.s.Supply["chalons"] != (Tokens{F: 1}) {
		t.Fatalf("Châlons %v", g.s.Supply["chalons"])
	}
	do(t, g, "patton", "load XII F")
	if card(g, "XII") != "FFR" {
		t.Fatalf("XII %s", card(g, "XII"))
	}
	do(t, g, "patton", "step reims") // free: Captured supplies is no fight
	rollCard(t, g, "p20")            // Battle of Angaur
	if card(g, "XII") != "FFR" || g.player("patton").Medals != 1 || g.s.Control["reims"] != "patton" {
		t.Errorf("XII %s, medals %d", card(g, "XII"), g.player("patton").Medals)
	}
}

// E14 (L953-975): XII in Thionville with 2 F, 4 A enters Luxembourg and
// beats 711 Infanterie Div with 1 A: a trophy, a marker, Luxembourg's medal.
// E15 (L986-1032): it pays 1 F to go on, 1 A for Trier's fortification, and
// cannot pay Panzer Brigade 105's 2 A + 1 F: it loses, spends its ammo,
// retreats to Luxembourg with an empty card; the card goes back into the
// Axis deck; Trier keeps its Axis marker.
func TestE14E15CombatWonThenLost(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "thionville", "FFAAAA")
	mark(g, "patton", "thionville")
	g.addAxis("trier")
	do(t, g, "patton", "move XII luxembourg")
	rollCard(t, g, "p04") // 711 Infanterie Div
	p := g.player("patton")
	if card(g, "XII") != "FAAA" || !slices.Equal(p.Trophies, []string{"p04"}) || p.Medals != 1 || g.s.Control["luxembourg"] != "patton" {
		t.Fatalf("E14: XII %s, trophies %v, medals %d", card(g, "XII"), p.Trophies, p.Medals)
	}
	axisLeft := g.s.Decks[deckAxis].Len()
	do(t, g, "patton", "step trier")
	if g.s.Draw == nil || g.s.Draw.Deck != deckAxis {
		t.Fatalf("Trier draws from %+v", g.s.Draw)
	}
	ev := rollCard(t, g, "a03") // Panzer Brigade 105
	k := g.corps("XII")
	if k.At != "luxembourg" || k.Card != (Tokens{}) || g.s.Move != nil {
		t.Errorf("E15: XII at %s with %s, move %+v: %s", k.At, k.Card.Words(), g.s.Move, rulestest.EventsText(ev))
	}
	if !g.hasAxis("trier") || g.controller("trier") != "" || g.s.Decks[deckAxis].Len() != axisLeft {
		t.Errorf("Trier: Axis marker %v, controller %q; the Axis deck %d cards, was %d", g.hasAxis("trier"), g.controller("trier"), g.s.Decks[deckAxis].Len(), axisLeft)
	}
	if !slices.Contains(g.s.Decks[deckAxis].Left, "a03") {
		t.Error("Panzer Brigade 105 is not back in the Axis deck")
	}
	if supplyTotal(g) != (Tokens{F: poolFuel, A: poolAmmo, R: poolFood}) {
		t.Errorf("the supply counts %v", supplyTotal(g).Words())
	}
}

// R10.5: a fortification that cannot be paid is not entered.
func TestFortificationNeedsAmmo(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "luxembourg", "FF")
	mark(g, "patton", "luxembourg")
	rulestest.Refused(t, g, "patton", "move XII trier", "R10.5", "fortified")
}

// E16 (L1053-1066): XII takes Brienne, then Chaumont; Châtillon, Tonnerre,
// Auxerre and Bonny, cut off from Düsseldorf by that marker, become
// Patton's (R10.18-R10.19).
func TestE16Encirclement(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes", "sens")
	do(t, g, "patton", "move XII brienne")
	rollCard(t, g, "p22") // an event: no effect
	for _, f := range []string{"chatillon", "tonnerre", "auxerre", "bonny"} {
		if g.controller(f) != "" {
			t.Fatalf("%s is taken after Brienne", f)
		}
	}
	do(t, g, "patton", "step chaumont")
	ev := rollCard(t, g, "p10") // Captured stock
	for _, f := range []string{"chatillon", "tonnerre", "auxerre", "bonny"} {
		if g.s.Control[f] != "patton" {
			t.Errorf("%s is %q's: %s", f, g.s.Control[f], rulestest.EventsText(ev))
		}
	}
	for _, f := range []string{"vitry", "neufchateau", "fontainebleau"} {
		if g.controller(f) != "" {
			t.Errorf("%s was taken too", f)
		}
	}
	// R10.20: a field already cut off is not taken by a later marker.
	h := start(t, "three-player")
	turnOf(t, h, "patton")
	mark(h, "patton", "troyes", "sens", "brienne")
	h.s.Control["chaumont"] = "patton"
	put(t, h, "XII", "vitry", "FFFR")
	mark(h, "patton", "vitry")
	do(t, h, "patton", "move XII chalons")
	rollCard(t, h, "p22")
	if h.controller("bonny") != "" {
		t.Error("a field cut off before is taken by a later marker")
	}
}

// R10.19: a field with an Axis symbol or marker is never encircled; a
// shared field goes to the player who cut it off.
func TestEncirclementExceptions(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	put(t, g, "XII", "troyes", "FFFR")
	mark(g, "patton", "troyes", "sens")
	g.addAxis("tonnerre")
	do(t, g, "patton", "move XII brienne")
	rollCard(t, g, "p22")
	do(t, g, "patton", "step chaumont")
	rollCard(t, g, "p21")
	if g.controller("tonnerre") != "" || g.s.Control["auxerre"] != "patton" {
		t.Errorf("Tonnerre %q (Axis marker), Auxerre %q", g.controller("tonnerre"), g.s.Control["auxerre"])
	}
}

// E17 (L1090-1169): Air Support shows Monty 275 Infanterie Div on the Axis
// deck; I moves from Lisieux (1 R, 3 F, 2 A) to Yvetot (Vive la
// libération: 1 R, loaded) and Le Havre: 1 A for the fortification, the
// division's 2 A paid with 1 A and the air-support marker. Le Havre is his,
// the card and the marker go to his resources, I holds 2 F, 2 R; he may pay
// 1 F to go on.
func TestE17AirSupportAndLeHavre(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	put(t, g, "I", "lisieux", "FFFAAR")
	do(t, g, "monty", "air axis")
	need := g.Pending().Dice
	if need == nil || need.Private != "monty" || need.By != "monty" {
		t.Fatalf("the look's dice: %+v", need)
	}
	rollCard(t, g, "a01") // 275 Infanterie Div, seen by Monty alone
	if p := g.player("monty"); p.Air != deckAxis {
		t.Fatalf("air marker on %q", p.Air)
	}
	do(t, g, "monty", "move I yvetot")
	rollCard(t, g, "m14") // Vive la libération
	do(t, g, "monty", "load I R")
	if card(g, "I") != "FFAARR" {
		t.Fatalf("at Yvetot: %s", card(g, "I"))
	}
	ev := do(t, g, "monty", "step le-havre")
	if g.s.Draw != nil {
		t.Fatalf("the looked-at card needs dice: %+v", g.Pending().Dice)
	}
	p := g.player("monty")
	if card(g, "I") != "FFRR" || !slices.Contains(p.Trophies, "a01") || p.Air != "" || g.s.Control["le-havre"] != "monty" {
		t.Errorf("I %s, trophies %v, air %q: %s", card(g, "I"), p.Trophies, p.Air, rulestest.EventsText(ev))
	}
	if g.s.Move == nil || !g.s.Move.Pay {
		t.Fatal("after a won combat on step 2, going on should cost 1 F")
	}
	ev = do(t, g, "monty", "step yvetot")
	if card(g, "I") != "FRR" || !rulestest.HasEvent(ev, "pays 1 F to go on") {
		t.Errorf("back to Yvetot: %s", card(g, "I"))
	}
}

// R11.4: another player's air-support marker on the revealed card returns
// with no effect; R11.2: one marker, so no second Air Support while it lies
// on a deck.
func TestAirSupportMarkers(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	do(t, g, "monty", "air axis")
	rollCard(t, g, "a05")
	rulestest.Refused(t, g, "monty", "air pursuit", "R11.2")
	g.s.Active = 1
	g.startTurn()
	// Bradley looks at the same card: no dice, he sees what Monty saw.
	do(t, g, "bradley", "commander air axis")
	if d := g.s.Decks[deckAxis]; g.s.Draw != nil || !slices.Equal(d.Top.Seen, []string{"monty", "bradley"}) {
		t.Fatalf("top %+v", d.Top)
	}
	put(t, g, "VII", "prum", "FAAR")
	mark(g, "bradley", "prum")
	g.addAxis("remagen")
	ev := do(t, g, "bradley", "move VII remagen")
	if g.player("monty").Air != "" || g.player("bradley").Air != "" || !rulestest.HasEvent(ev, "monty's air-support marker returns with no effect") {
		t.Errorf("air markers %q %q: %s", g.player("monty").Air, g.player("bradley").Air, rulestest.EventsText(ev))
	}
	// Bradley's own marker paid 1 of the 2 A: VII beat the division.
	if card(g, "VII") != "AR" || g.s.Control["remagen"] != "bradley" {
		t.Errorf("VII %s, Remagen %q", card(g, "VII"), g.s.Control["remagen"])
	}
}

// E18 (L1199-1252): Bradley drops 2 paratroopers on Aachen (Axis marker) and
// 1 on Köln, paying a medal token, a panzer division card with a medal, and
// four cards without medals bearing 5 ammo icons; V from Maastricht (3 F,
// 1 R, 2 A) pays 1 F, 1 A for the fortification, and beats 12
// Volksgrenadier Div (3 A) with 1 A and the 2 paratroopers. E19 (L1254-
// 1288): the Köln paratrooper turns dark; next turn Air Support shows 9
// Panzer Div; V pays its last F, the marker and the paratrooper stand in
// for the 2 A: Köln is Bradley's, and with an unbroken line to Chartres he
// wins at once.
func TestE18E19AirborneDropAndKoln(t *testing.T) {
	for _, line := range []bool{false, true} {
		g := start(t, "three-player")
		turnOf(t, g, "bradley")
		p := g.player("bradley")
		p.Medals = 1
		p.Trophies = []string{"a18", "b04", "b05", "b06", "a05"}
		g.s.MedalPool--
		put(t, g, "V", "maastricht", "FFFAAR")
		mark(g, "bradley", "maastricht")
		g.addAxis("aachen")
		axisPool := g.s.AxisPool
		rulestest.Refused(t, g, "bradley", "drop aachen pay b04+b05", "R12.1", "2 ammo icons")
		rulestest.Refused(t, g, "bradley", "drop maastricht pay medal", "R12.2", "controlled")
		do(t, g, "bradley", "drop aachen aachen koln pay medal a18 a05+b04+b05+b06")
		p = g.player("bradley")
		if p.Medals != 0 || len(p.Trophies) != 0 || g.s.MedalBox != 1 || g.s.ParaTrack != 1 || len(g.s.Paras) != 3 {
			t.Fatalf("after the drop: medals %d, trophies %v, box %d, track %d, paras %v", p.Medals, p.Trophies, g.s.MedalBox, g.s.ParaTrack, g.s.Paras)
		}
		do(t, g, "bradley", "move V aachen")
		rollCard(t, g, "a02") // 12 Volksgrenadier Div
		p = g.player("bradley")
		if card(g, "V") != "FFR" || g.s.Control["aachen"] != "bradley" || p.Medals != 1 || g.hasAxis("aachen") || g.s.AxisPool != axisPool+1 {
			t.Fatalf("E18: V %s, Aachen %q, medals %d, Axis pool %d", card(g, "V"), g.s.Control["aachen"], p.Medals, g.s.AxisPool)
		}
		if len(g.s.Paras) != 1 || g.s.ParaBox != 2 {
			t.Fatalf("paratroopers %v, box %d", g.s.Paras, g.s.ParaBox)
		}
		do(t, g, "bradley", "stop")
		do(t, g, "bradley", "end")
		do(t, g, "bradley", "axis rheinhausen")
		if !g.s.Paras[0].Dark {
			t.Fatal("the Köln paratrooper is still light after Bradley's turn (R12.6)")
		}
		// The other players' turns: Bradley's turn again.
		turnOf(t, g, "bradley")
		put(t, g, "V", "aachen", "FFR")
		if line {
			mark(g, "bradley", "beauvais", "amiens", "st-quentin", "cambrai", "mons", "charleroi", "namur", "liege")
		}
		do(t, g, "bradley", "air axis")
		rollCard(t, g, "a04") // 9 Panzer Div
		ev := do(t, g, "bradley", "move V koln")
		if g.s.Control["koln"] != "bradley" || card(g, "V") != "R" || len(g.s.Paras) != 0 {
			t.Fatalf("E19: Köln %q, V %s, paras %v: %s", g.s.Control["koln"], card(g, "V"), g.s.Paras, rulestest.EventsText(ev))
		}
		if over := g.Pending().Over; over != line || (line && g.s.Winner != "bradley") {
			t.Errorf("with a line %v: over %v, winner %q, %s", line, over, g.s.Winner, g.s.Result)
		}
	}
}

// E20 (L1304-1312): supply for VII in Bastogne, Bradley's commander Air
// Support, VII to Prüm with its Axis marker: legal.
func TestE20BradleysCommanderAction(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "bradley")
	mark(g, "bradley", "bastogne", "marche")
	put(t, g, "VII", "bastogne", "FA")
	supplyOn(t, g, "marche", "FAR")
	do(t, g, "bradley", "transport marche>bastogne:FAR")
	do(t, g, "bradley", "load VII FAR")
	do(t, g, "bradley", "commander air axis")
	rollCard(t, g, "a06")
	g.addAxis("prum")
	do(t, g, "bradley", "move VII prum")
	if g.s.Control["prum"] != "bradley" || g.s.Turn.Actions != 2 {
		t.Errorf("Prüm %q, actions %d", g.s.Control["prum"], g.s.Turn.Actions)
	}
	// R15.3: in the rain the action is forbidden, Bradley's commander's not.
	h := start(t, "three-player", "weather")
	turnOf(t, h, "bradley")
	h.s.Rain = true
	rulestest.Refused(t, h, "bradley", "air axis", "R15.3")
	rulestest.Refused(t, h, "bradley", "drop koln pay medal", "R15.3")
	do(t, h, "bradley", "commander air axis")
}

// E23 (L1377-1386): five actions in Patton's turn: Take Supply; his
// commander moves XV; Take Trucks empties the track, the Logistics Phase
// turns his card up; a Recon card shows the Axis deck's top card; his
// commander moves XII into an Axis-marker field.
func TestE23FiveActions(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "patton")
	g.player("patton").Kept = []string{"p19"} // Recon
	put(t, g, "XII", "troyes", "FFAAAR")
	mark(g, "patton", "troyes", "sens", "fontainebleau")
	g.addAxis("vitry")
	g.s.TruckTrack = 3
	do(t, g, "patton", "supply orleans")
	do(t, g, "patton", "commander move XV fontainebleau")
	do(t, g, "patton", "stop")
	do(t, g, "patton", "trucks 3")
	if !g.player("patton").Commander {
		t.Fatal("the Logistics Phase did not turn the commander card up")
	}
	do(t, g, "patton", "recon axis")
	rollCard(t, g, "a07")
	rulestest.Refused(t, g, "patton", "recon axis", "R10.13", "one Recon")
	do(t, g, "patton", "commander move XII vitry")
	// XII ate its food in the Logistics Phase, paid 1 F and the 2 A.
	if g.s.Control["vitry"] != "patton" || card(g, "XII") != "FA" {
		t.Errorf("Vitry %q, XII %s (a known win: 2 A)", g.s.Control["vitry"], card(g, "XII"))
	}
}

// L466-468: in Monty against Patton, the fields Bradley shares stay open;
// in Monty against Bradley, Patton's shared fields are his and closed.
func TestAbsentCommander(t *testing.T) {
	mp := start(t, "two-player", "players=monty,patton")
	if c := mp.controller("reims"); c != "" {
		t.Errorf("Reims is %q's in Monty-Patton", c)
	}
	if c := mp.controller("beauvais"); c != "bradley" {
		t.Errorf("Beauvais is %q's in Monty-Patton", c)
	}
	mb := start(t, "two-player")
	if c := mb.controller("reims"); c != "patton" {
		t.Errorf("Reims is %q's in Monty-Bradley", c)
	}
	turnOf(t, mb, "bradley")
	put(t, mb, "V", "soissons", "FFAR")
	mark(mb, "bradley", "soissons")
	rulestest.Refused(t, mb, "bradley", "move V reims", "R10.3", "patton")
	// the absent commander's markers are not counterattacked.
	if fields := mb.counterFields("monty"); slices.Contains(fields, "reims") {
		t.Error("an absent commander's field can be counterattacked")
	}
}

// a marker on Düsseldorf itself disconnects every field and encircles
// none; nothing is encircled after it.
func TestDusseldorfTaken(t *testing.T) {
	g := start(t, "three-player")
	turnOf(t, g, "monty")
	mark(g, "monty", "rheinhausen", "venlo")
	put(t, g, "I", "rheinhausen", "FFAAAR")
	do(t, g, "monty", "move I dusseldorf")
	rollCard(t, g, "a05")
	if g.s.Control["dusseldorf"] != "monty" || len(g.connected()) != 0 {
		t.Fatalf("Düsseldorf %q, connected %d", g.s.Control["dusseldorf"], len(g.connected()))
	}
	for _, f := range []string{"yvetot", "koln", "nijmegen", "auxerre"} {
		if g.controller(f) != "" {
			t.Errorf("%s went to %q", f, g.controller(f))
		}
	}
}
