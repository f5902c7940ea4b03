package normandy44

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules"
)

// Airborne Scatter (20.2.1, 20.2.2): each unit set up with mode airdrop
// stands on its drop hex (it does not drift) and rolls on the Scatter table
// (T9, invasion_tables.go) in its division's column; glider infantry adds 1
// (L1970).

// airdrops are the units that roll Scatter, in [setup] order: those set up
// with mode airdrop, still on the map, whose formation has a Scatter column
// (82-ab, 101-ab, 6-ab). A unit of another formation is not rolled for: the
// scenario gives the table no column for it.
func (g *Game) airdrops() []int {
	var out []int
	for _, pl := range g.sc.Setup {
		if pl.Mode != SetupAirdrop {
			continue
		}
		i := g.index[pl.Unit]
		if _, on := g.onMap(i); !on {
			continue
		}
		if _, err := scatterColumn(g.unit(i).Formation); err != nil {
			continue
		}
		out = append(out, i)
	}
	return out
}

// airborneNation is the airborne Repl marker a unit's losses move: US or
// British (the General Records Track has no Canadian airborne marker, so the
// Canadian battalion of the 6th Airborne counts as British; digest 1.6).
func airborneNation(u *Unit) string {
	if u.Nationality == "us" {
		return "us"
	}
	return "gb"
}

// scatterDrops applies the Scatter dice, one per unit of airdrops() (20.2.2):
// S marks the unit Scattered; S1 also takes a step and moves that
// nationality's airborne Repl marker one box; S2 takes two steps, moves the
// marker one box (not two) and leaves the unit able to recover only one step
// (AMBIG-70). Steps are lost as in combat: a 3-step unit's third step is its
// cadre, and a unit's last step lost eliminates it (2.3.5, 17.9).
func (g *Game) scatterDrops(values []int) []rules.Event {
	var events []rules.Event
	seat := rules.Seat(Allied)
	for k, i := range g.airdrops() {
		u := g.unit(i)
		col, _ := scatterColumn(u.Formation)
		res := scatter(col, values[k], u.Type == GliderInfantry)
		where := g.s.Units[i].At
		var what string
		switch res {
		case ScatterNone:
			what = "no effect"
		case ScatterS:
			what = "Scattered (20.2.3)"
		case ScatterS1:
			what = "Scattered, loses a step (20.2.2)"
		case ScatterS2:
			what = "Scattered, loses 2 steps and may recover only one of them (20.2.2, AMBIG-70)"
		}
		events = append(events, rules.Event{Seat: seat, Text: fmt.Sprintf("Scatter %s at %s (%s column): die %d, %s: %s", u.ID, where, col, values[k], res, what)})
		events = append(events, g.scatterResult(i, res, "20.2.2; usable from turn 2")...)
	}
	g.s.Invasion.Scattered = true
	return events
}

// scatterResult applies a Scatter result to unit i, dropped (20.2.2) or
// landed by glider (20.2.4): the steps lost as in combat (2.3.5), the
// Scattered marker on a unit that survives (20.2.3), the one step an S2 unit
// may recover (AMBIG-70), and the nationality's airborne Repl marker one box
// up for S1 or S2; note cites the rule in the Repl event.
func (g *Game) scatterResult(i int, res ScatterResult, note string) []rules.Event {
	var events []rules.Event
	for range res.Steps() {
		if g.s.Units[i].Gone {
			break
		}
		events = append(events, g.loseStep(i, "20.2.2"))
	}
	us := &g.s.Units[i]
	// 20.2.2 (seed L1365): an S2 unit gets back at most one step, even
	// when S2 took both of its steps and it is rebuilt (6.2.1).
	us.RecoverOne = us.RecoverOne || res.MaxRecovery() == 1
	if !us.Gone {
		us.Scattered = us.Scattered || res.Scattered()
	}
	if n := res.ReplBoxes(); n > 0 {
		nation := airborneNation(g.unit(i))
		lost := g.addRepl(ReplGrant{Nation: nation, Type: "airborne", Count: n})
		events = append(events, rules.Event{Seat: rules.Seat(Allied), Text: fmt.Sprintf("%s airborne Repl +%d: %d (%s)%s",
			armyWords(nation), n, g.replCount(nation, "airborne"), note, lostWords(lost))})
	}
	return events
}

// replCount is a Repl marker's count (any limit).
func (g *Game) replCount(nation, typ string) int {
	n := 0
	for _, r := range g.s.Repl {
		if r.Nation == nation && r.Type == typ {
			n += r.Count
		}
	}
	return n
}
