package ardennes44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The charts the rulebook lacks (digest 1.6, 4.1, 4.2): the Terrain Effects
// Chart's values and the Combat Results Table's grid are on the player-aid
// card, not in the book. They are scenario data in a chart file
// (standard.chart), which a player who owns the game replaces with the real
// card:
//
//	[tec]       the core's rows (docs/scenario-format.md): costs, DCB, armour shift
//	[frozen]    road NAME mech=COST rule=28.1: the mechanized road costs from turn 11
//	[crt]       columns 1-3 1-2 ... 7-1, then one row per die: ROLL CODE...
//
// What the rulebook prints is checked against the chart when a game starts
// (checkChart): the exit cost of an enemy ZOC (9.2.1), the DCB of a town
// and a city (15.1 examples), the forest road (11.8) and the 1-3 and 7-1
// columns (14.5).

// Chart is the player-aid card's charts as a game reads them.
type Chart struct {
	TEC hexwar.TEC
	// Frozen is the mechanized cost of each road class from turn 11 (28.1).
	Frozen map[RoadClass]int
	CRT    combat.CRT
}

// The CRT's ladder (14.4 step 2, 14.5): columns 1-3 to 7-1; odds below 1-3
// before shifts are an attack all the same, counted on the virtual columns
// beyond (digest 4.1); below 1-3 after shifts an automatic A1, above 7-1
// read 7-1.
var ladder = combat.Ladder{Lo: combat.At(1, 3), Hi: combat.At(7, 1), Virtual: true, Below: "A1", Rule: "14.5"}

// Result tags: what A44's results do beyond the series' fields.
const (
	TagENG          combat.Tags = 1 << iota // ENG on the surviving defenders (16.5)
	TagFF                                   // the attacker may roll the Fire Fight table (16.2)
	TagFFPlus                               // FF(+1): +1 on that roll
	TagAA                                   // ENG+: an Attacker's Advantage marker (16.6)
	TagBreakthrough                         // DS: a Breakthrough (19.4)
)

// legend is 16.1's results, from the worst for the attacker to the best
// (combat.CRT): each says what the series' procedure does with it.
var legend = []combat.Result{
	{Code: "A1", AttackerSteps: 1},
	{Code: "A1/ENG", AttackerSteps: 1, Tags: TagENG},
	{Code: "ENG", Tags: TagENG},
	{Code: "FF", Tags: TagFF},
	{Code: "FF(+1)", Tags: TagFF | TagFFPlus},
	{Code: "EX", AttackerSteps: 1, DefenderSteps: 1, Tags: TagENG, Advance: combat.LimitedIfWiped},
	{Code: "DR2", Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: combat.AdvanceIfVacated, Reach: 1},
	{Code: "DR3", Retreat: 3, Mark: "Broken", Advance: combat.AdvanceIfVacated, Reach: 2},
	{Code: "DR4", Retreat: 4, Mark: "Broken", Advance: combat.AdvanceIfVacated, Reach: 2},
	{Code: "DS", DefenderSteps: 1, Retreat: 4, Mark: "Broken", Advance: combat.AdvanceIfVacated, Reach: 2, Tags: TagBreakthrough},
}

// ffLegend is the Fire Fight table's own results (16.2.2); DR2 and A1/ENG
// are the CRT's.
var ffLegend = []combat.Result{
	{Code: "D1", DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: combat.AdvanceIfVacated, Reach: 1},
	{Code: "A1/D1", AttackerSteps: 1, DefenderSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: combat.AdvanceIfVacated, Reach: 1},
	{Code: "A1/DR2", AttackerSteps: 1, Retreat: 2, DeterminedDefense: true, Mark: "Disrupted", Advance: combat.AdvanceIfVacated, Reach: 1},
	{Code: "ENG+", Tags: TagENG | TagAA},
}

// resultOf finds a code in the CRT's legend or the Fire Fight's.
func resultOf(code combat.ResultCode) (combat.Result, bool) {
	for _, l := range [][]combat.Result{legend, ffLegend} {
		if i := slices.IndexFunc(l, func(r combat.Result) bool { return r.Code == code }); i >= 0 {
			return l[i], true
		}
	}
	return combat.Result{}, false
}

// chartReader reads the chart's sections.
type chartReader struct {
	tec      hexwar.TECRecords
	frozen   map[RoadClass]int
	cols     []string
	colsLine int
	rows     map[int][]combat.ResultCode
	rowLine  map[int]int
}

func newChartReader() *chartReader {
	return &chartReader{tec: hexwar.TECRecords{Words: mapWords(nil)}, frozen: map[RoadClass]int{},
		rows: map[int][]combat.ResultCode{}, rowLine: map[int]int{}}
}

// frozenRecord reads "road CLASS mech=COST rule=28.1".
func (c *chartReader) frozenRecord(p *scn.Parser, l scn.Line) {
	if len(l.Words) != 4 || l.Words[0] != "road" || !slices.Contains(roadClasses, RoadClass(l.Words[1])) {
		p.Errf(l.N, ErrSyntax, "want: road primary|secondary|forest mech=COST rule=28.1")
		return
	}
	kv := p.KeyValues(l.N, l.Words[2:], "mech", "rule")
	if kv == nil {
		return
	}
	cost, ok := parseRoadCost(kv["mech"])
	if !ok {
		p.Errf(l.N, ErrSyntax, "mech=%s: a cost is whole MP or a fraction such as 1/2", kv["mech"])
		return
	}
	if kv["rule"] != "28.1" {
		p.Errf(l.N, ErrInvalid, "rule=%s: the frozen road costs are 28.1's", kv["rule"])
		return
	}
	class := RoadClass(l.Words[1])
	if _, dup := c.frozen[class]; dup {
		p.Errf(l.N, ErrDuplicate, "the frozen cost of %s already given", class)
		return
	}
	c.frozen[class] = cost
}

// parseRoadCost reads a road cost in sixths of an MP: "1", "1/2", "1/3".
func parseRoadCost(w string) (int, bool) {
	num, den, frac := strings.Cut(w, "/")
	n, ok := smallNumber(num, 0, 9)
	if !ok {
		return 0, false
	}
	if !frac {
		return n * hexwar.MP, n > 0
	}
	d, ok := smallNumber(den, 2, 6)
	if !ok || hexwar.MP%d != 0 || n == 0 {
		return 0, false
	}
	return n * hexwar.MP / d, true
}

// crtRecord reads the grid: "columns ..." then "ROLL CODE...".
func (c *chartReader) crtRecord(p *scn.Parser, l scn.Line) {
	if l.Words[0] == "columns" {
		if c.cols != nil {
			p.Errf(l.N, ErrDuplicate, "columns already given at %s", p.At(c.colsLine))
			return
		}
		c.cols, c.colsLine = l.Words[1:], l.N
		return
	}
	roll, ok := smallNumber(l.Words[0], 1, 6)
	if !ok {
		p.Errf(l.N, ErrSyntax, "want: columns ODDS... or a die roll 1-6 and its row of results")
		return
	}
	if _, dup := c.rows[roll]; dup {
		p.Errf(l.N, ErrDuplicate, "row %d already given at %s", roll, p.At(c.rowLine[roll]))
		return
	}
	var row []combat.ResultCode
	for _, w := range l.Words[1:] {
		code := combat.ResultCode(w)
		if !slices.ContainsFunc(legend, func(r combat.Result) bool { return r.Code == code }) {
			p.Errf(l.N, ErrUnknown, "result %q (16.1: %s)", w, strings.Join(legendCodes(), ", "))
			return
		}
		row = append(row, code)
	}
	c.rows[roll], c.rowLine[roll] = row, l.N
}

func legendCodes() []string {
	var out []string
	for _, r := range legend {
		out = append(out, string(r.Code))
	}
	return out
}

// finish checks the chart whole and builds it; nil when it has a problem,
// which is reported.
func (c *chartReader) finish(p *scn.Parser) *Chart {
	c.tec.Check(p)
	want := []string{}
	for col := ladder.Lo; col <= ladder.Hi; col++ {
		want = append(want, col.String())
	}
	bad := false
	if !slices.Equal(c.cols, want) {
		p.Errf(c.colsLine, ErrInvalid, "[crt] columns %s: the ladder runs from 1-3 to 7-1 (14.5): want columns %s", strings.Join(c.cols, " "), strings.Join(want, " "))
		bad = true
	}
	grid := make([][]combat.ResultCode, combat.Die)
	for roll := 1; roll <= combat.Die; roll++ {
		row, ok := c.rows[roll]
		switch {
		case !ok:
			p.Errf(0, ErrMissing, "[crt] has no row for a die of %d", roll)
			bad = true
		case len(row) != len(want):
			p.Errf(c.rowLine[roll], ErrInvalid, "[crt] row %d has %d results, one per column: %d", roll, len(row), len(want))
			bad = true
		}
		grid[roll-1] = row
	}
	for _, class := range roadClasses {
		if _, ok := c.frozen[class]; !ok {
			p.Errf(0, ErrMissing, "[frozen] has no road %s: the mechanized cost from turn 11 (28.1)", class)
			bad = true
		}
	}
	if bad {
		return nil
	}
	ch := &Chart{TEC: c.tec.TEC, Frozen: c.frozen,
		CRT: combat.CRT{Ladder: ladder, Legend: legend,
			Table: combat.Table[combat.ResultCode]{Name: "Combat Results Table", Rule: "14.4", Lo: 1, Cols: want, Rows: grid}}}
	if err := ch.CRT.Check(); err != nil {
		p.Errf(0, ErrInvalid, "%v", err)
		return nil
	}
	checkChart(p, ch)
	return ch
}

// checkChart holds a chart to what the rulebook prints: a value the book
// states cannot be otherwise on its card.
func checkChart(p *scn.Parser, ch *Chart) {
	t := &ch.TEC
	must := func(ok bool, format string, args ...any) {
		if !ok {
			p.Errf(0, ErrInvalid, "the chart contradicts the rulebook: "+format, args...)
		}
	}
	must(t.LeaveEZOC == hexwar.MP, "leaving an enemy ZOC costs 1 MP (9.2.1), not %s", hexwar.MPText(t.LeaveEZOC))
	must(t.Terrain[Town].DB == 3, "a town's DCB is +3 (15.1 example), not %d", t.Terrain[Town].DB)
	must(t.Terrain[City].DB == 4, "a city's DCB is +4 (15.1 example), not %d", t.Terrain[City].DB)
	must(t.Terrain[Village].DB >= 2, "a village's DCB is 2 or more (15.8.1), not %d", t.Terrain[Village].DB)
	must(t.Roads[ForestRoad].Mech == 2*hexwar.MP, "a forest road costs a mechanized unit 2 MP (11.8)")
	must(t.Roads[Primary].Mech == hexwar.MP/2, "a primary road costs a mechanized unit 1/2 MP in mud (12.1, 12.4.4 examples)")
	for _, tr := range []Terrain{Forest, WoodedRough} {
		must(t.Terrain[tr].Mech == hexwar.NotAllowed, "vehicles enter %s only along a road (11.5, 11.6)", tr)
		must(!t.Terrain[tr].AttackerAS, "no armour shift into %s (21.3)", tr)
	}
	must(!t.Terrain[City].AttackerAS, "no armour shift into a city (21.3)")
	for _, f := range []Feature{River, Meuse, WRSide} {
		r := t.Hexsides[f]
		must(r.Mech == hexwar.NotAllowed && r.FirstMove, "the %s hexside is crossed only by infantry starting next to it (11.4, 11.6)", f)
	}
	must(t.Hexsides[Lake].NonMech == hexwar.NotAllowed, "no unit crosses a lake hexside (17.2)")
}

// readChartFile reads a chart file on its own, for 'pbem scenario check'.
func readChartFile(name string, data []byte) error {
	c := newChartReader()
	return chartFiles.ReadAlone(name, data, func(p *scn.Parser) []scn.Section {
		return []scn.Section{
			{Name: "tec", Record: func(l scn.Line) { c.tec.Record(p, l) }},
			{Name: "frozen", Record: func(l scn.Line) { c.frozenRecord(p, l) }},
			{Name: "crt", Record: func(l scn.Line) { c.crtRecord(p, l) }},
		}
	}, func(p *scn.Parser) { c.finish(p) })
}
