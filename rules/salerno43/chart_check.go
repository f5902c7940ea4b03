package salerno43

import (
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

// checkChart holds a chart to what the rulebook prints: a value the book
// states (digest §4.B, every cell the text reveals) cannot be otherwise on
// its card.
func checkChart(p *scn.Parser, ch *Chart) {
	must := func(ok bool, format string, args ...any) {
		if !ok {
			p.Errf(0, ErrInvalid, "the chart contradicts the rulebook: "+format, args...)
		}
	}
	t := &ch.TEC
	must(t.LeaveEZOC == 2*hexwar.MP, "leaving an enemy ZOC costs +2 MP (6.2), not %s", hexwar.MPText(t.LeaveEZOC))
	must(t.Roads[MainRoad].Mech == hexwar.MP/3, "a main road costs a mechanized unit 1/3 MP (5.2, L332)")
	must(t.Roads[SecondaryRoad].Mech == hexwar.MP/2, "a secondary road costs a mechanized unit 1/2 MP (5.2, L334)")
	must(t.Hexsides[River].NonMech == hexwar.MP, "an infantry-type unit pays +1 MP to cross an unbridged river (5.5)")
	must(t.Hexsides[River].Mech == hexwar.NotAllowed, "vehicles cross an unbridged river only by TM (5.5)")
	must(t.Hexsides[Mountain].FirstMove && t.Hexsides[Mountain].Mech == hexwar.NotAllowed,
		"a mountain hexside without road or pass is crossed by infantry only as the first hex of a TM move, by vehicles never (5.6)")
	must(t.Hexsides[Pass].Bridge, "a pass carries vehicles over its mountain hexside (5.6)")
	must(t.Terrain[Sea].Unplayable, "an all-sea hex is unplayable (2.2)")
	for _, tr := range []Terrain{Hills, Swamp, City} {
		must(!t.Terrain[tr].AttackerAS, "no armor superiority in %s (9.3.3)", tr)
	}
	crt := func(col combat.Column, die int, want combat.ResultCode, where string) {
		got := baseCode(ch.CRT.Lookup(col, die, 0).Code)
		must(got == want, "the CRT's %s column gives %s on a %d (%s), not %s", ladder.Label(col), want, die, where, got)
	}
	crt(combat.At(3, 1), 1, "EX", "L1728, the breakthrough on the BH")
	crt(combat.At(3, 1), 3, "DR2", "L1638, L1777")
	crt(combat.At(3, 1), 4, "DR2", "L1720, the German attack J")
	crt(combat.At(2, 1), 6, "A1/D1", "L1779, the attack Q")
	inv := func(landing string, die int, want Landing, where string) {
		got, _ := ch.Invasion.Roll(landing, die)
		must(got == want, "the Invasion CRT gives %s %d/%d on a %d (%s), not %d/%d", landing, want.Loss, want.Advance, die, where, got.Loss, got.Advance)
	}
	inv("maiori", 3, Landing{Advance: 2}, "L1634")
	inv("vietri", 4, Landing{Advance: 2}, "L1636")
	inv("uncle", 3, Landing{Advance: 1}, "L1644")
	inv("sugar", 5, Landing{Advance: 2}, "L1646")
	inv("roger", 3, Landing{Advance: 2}, "L1648")
	inv("red", 6, Landing{Advance: 2}, "L1656")
	inv("blue", 4, Landing{Advance: 2}, "L1658")
	dd := func(col, roll int, holds bool, where string) {
		must(ch.DD.Cell(col, roll).Holds() == holds, "the DD table's %s column %s on %d (%s)", ddColumns[col],
			map[bool]string{true: "holds", false: "fails"}[holds], roll, where)
	}
	dd(DDOther, 3, false, "L675")
	dd(DDOther, 5, true, "L675")
	dd(DDClear, 3, false, "L1720")
	dd(DDCity, 1, false, "L1638")
	dd(DDCity, 2, false, "L1638")
	other5 := ch.DD.Cell(DDOther, 5)
	must(len(other5) == 1 && other5[0].Code == "-/1H", "the DD table's other column gives -/1H on 5 (L675)")
	city5 := ch.DD.Cell(DDCity, 5)
	must(len(city5) == 2 && city5[0].Code == "-/1H" && city5[1].Code == "-/-P", "the DD table's city column gives -/1H|-/-P on 5 (L1777, A-37)")
	w := &ch.Weather
	must(w.Boxes[0].Weather == "clear", "box A is Clear (22.1)")
	for i, b := range w.Boxes {
		must(b.Luftwaffe == (i == 2), "the Luftwaffe marker is available in box C only (22.2.2, A-54)")
	}
}
