package salerno43

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

// The charts the rulebook lacks (digest §4.B): the TEC, the CRT, the
// Invasion CRT, the Determined Defense table and the weather track lived on
// the map and the player-aid cards. They are scenario data in a chart file
// (standard.chart), which a player who owns the game replaces:
//
//	[tec]       the core's rows (docs/scenario-format.md)
//	[crt]       columns 1-3 ... 7-1, then ROLL CELL... (CODE, CODE:o orange, CODE:r red)
//	[invasion]  columns NAME..., landings COLUMN LANDING..., ROLL LOSS/ADVANCE...
//	[dd]        columns city clear other, then ROLL CELL... for rolls -1 to 7
//	[weather]   box A-F WEATHER air=.. naval=.. sp-german=N sp-allied=N [luftwaffe];
//	            roll 1-6 move=0|1|2 [star]
//
// Every value the rulebook reveals is checked when a chart is read
// (checkChart), so a transcription that contradicts the book is refused.

// Chart is the charts as a game reads them.
type Chart struct {
	TEC      hexwar.TEC
	CRT      combat.CRT
	Invasion Invasion
	DD       combat.Table[DDCell]
	Weather  Weather
}

// chartReader reads the chart's sections.
type chartReader struct {
	tec      hexwar.TECRecords
	crt      grid
	inv      grid
	landings map[string]string
	landLine map[string]int
	dd       grid
	boxes    map[string]WeatherBox
	boxLine  map[string]int
	rolls    map[int]WeatherRoll
	rollLine map[int]int
}

// grid is a table as read: its columns and its rows by roll, with lines.
type grid struct {
	cols     []string
	colsLine int
	rows     map[int][]string
	rowLine  map[int]int
}

func newGrid() grid { return grid{rows: map[int][]string{}, rowLine: map[int]int{}} }

func newChartReader() *chartReader {
	return &chartReader{tec: hexwar.TECRecords{Words: mapWords(nil)}, crt: newGrid(), inv: newGrid(), dd: newGrid(),
		landings: map[string]string{}, landLine: map[string]int{},
		boxes: map[string]WeatherBox{}, boxLine: map[string]int{}, rolls: map[int]WeatherRoll{}, rollLine: map[int]int{}}
}

// record reads "columns ..." or "ROLL CELL..." with rolls lo to hi, each
// cell checked by cell.
func (g *grid) record(p *scn.Parser, l scn.Line, table string, lo, hi int, cell func(w string) error) {
	if l.Words[0] == "columns" {
		if g.cols != nil {
			p.Errf(l.N, ErrDuplicate, "[%s] columns already given at %s", table, p.At(g.colsLine))
			return
		}
		g.cols, g.colsLine = l.Words[1:], l.N
		return
	}
	roll, err := strconv.Atoi(l.Words[0])
	if err != nil || roll < lo || roll > hi || strconv.Itoa(roll) != l.Words[0] {
		p.Errf(l.N, ErrSyntax, "[%s] want: columns NAME... or a roll %d to %d and its row", table, lo, hi)
		return
	}
	if _, dup := g.rowLine[roll]; dup {
		p.Errf(l.N, ErrDuplicate, "[%s] row %d already given at %s", table, roll, p.At(g.rowLine[roll]))
		return
	}
	g.rowLine[roll] = l.N
	for _, w := range l.Words[1:] {
		if err := cell(w); err != nil {
			p.Errf(l.N, ErrUnknown, "[%s] %v", table, err)
			return // reported: no second report of a missing row
		}
	}
	g.rows[roll] = l.Words[1:]
}

// check reports missing rows and rows of the wrong width; ok when whole.
func (g *grid) check(p *scn.Parser, table string, lo, hi int) bool {
	ok := true
	if g.cols == nil {
		p.Errf(0, ErrMissing, "[%s] has no columns line", table)
		return false
	}
	for roll := lo; roll <= hi; roll++ {
		row, have := g.rows[roll]
		_, bad := g.rowLine[roll]
		switch {
		case !have && bad:
			ok = false
		case !have:
			p.Errf(0, ErrMissing, "[%s] has no row for a roll of %d", table, roll)
			ok = false
		case len(row) != len(g.cols):
			p.Errf(g.rowLine[roll], ErrInvalid, "[%s] row %d has %d cells, one per column: %d", table, roll, len(row), len(g.cols))
			ok = false
		}
	}
	return ok
}

// crtCell reads a CRT cell: a code of 10.1, ":o" on an orange cell, ":r"
// on a red one (11.2.2).
func crtCell(w string) (combat.ResultCode, error) {
	code, _, coloured := strings.Cut(w, ":")
	if !slices.ContainsFunc(baseLegend, func(r combat.Result) bool { return string(r.Code) == code }) {
		return "", fmt.Errorf("result %q (10.1: %s)", code, strings.Join(legendCodes(), ", "))
	}
	if coloured && !slices.ContainsFunc(legend, func(r combat.Result) bool { return string(r.Code) == w }) {
		return "", fmt.Errorf("cell %q: a colour is :o (orange) or :r (red), on a result that allows a DD (11.2.2)", w)
	}
	return combat.ResultCode(w), nil
}

func legendCodes() []string {
	var out []string
	for _, r := range baseLegend {
		out = append(out, string(r.Code))
	}
	return out
}

// finish checks the chart whole and builds it; nil when it has a problem,
// which is reported.
func (c *chartReader) finish(p *scn.Parser) *Chart {
	c.tec.Check(p)
	ch := &Chart{TEC: c.tec.TEC}
	ok := c.finishCRT(p, ch)
	ok = c.finishInvasion(p, ch) && ok
	ok = c.finishDD(p, ch) && ok
	ok = c.finishWeather(p, ch) && ok
	if !ok {
		return nil
	}
	checkChart(p, ch)
	return ch
}

func (c *chartReader) finishCRT(p *scn.Parser, ch *Chart) bool {
	var want []string
	for col := ladder.Lo; col <= ladder.Hi; col++ {
		want = append(want, col.String())
	}
	if c.crt.cols != nil && !slices.Equal(c.crt.cols, want) {
		p.Errf(c.crt.colsLine, ErrInvalid, "[crt] columns %s: the CRT runs from 1-3 to 7-1 without 3-2 (8.3, 8.6): want columns %s",
			strings.Join(c.crt.cols, " "), strings.Join(want, " "))
		return false
	}
	if !c.crt.check(p, "crt", 1, combat.Die) {
		return false
	}
	rows := make([][]combat.ResultCode, combat.Die)
	for roll := 1; roll <= combat.Die; roll++ {
		for _, w := range c.crt.rows[roll] {
			code, _ := crtCell(w)
			rows[roll-1] = append(rows[roll-1], code)
		}
	}
	ch.CRT = combat.CRT{Ladder: ladder, Legend: legend,
		Table: combat.Table[combat.ResultCode]{Name: "Combat Results Table", Rule: "8.3", Lo: 1, Cols: want, Rows: rows}}
	if err := ch.CRT.Check(); err != nil {
		p.Errf(0, ErrInvalid, "%v", err)
		return false
	}
	return true
}

// readChartFile reads a chart file on its own, for 'pbem scenario check'.
func readChartFile(name string, data []byte) error {
	c := newChartReader()
	return chartFiles.ReadAlone(name, data, c.sections, func(p *scn.Parser) { c.finish(p) })
}

// sections are the chart's sections, read into c.
func (c *chartReader) sections(p *scn.Parser) []scn.Section {
	return []scn.Section{
		{Name: "tec", Record: func(l scn.Line) { c.tec.Record(p, l) }},
		{Name: "crt", Record: func(l scn.Line) {
			c.crt.record(p, l, "crt", 1, combat.Die, func(w string) error { _, err := crtCell(w); return err })
		}},
		{Name: "invasion", Record: func(l scn.Line) { c.invasionRecord(p, l) }},
		{Name: "dd", Record: func(l scn.Line) {
			c.dd.record(p, l, "dd", ddLo, ddHi, func(w string) error { _, err := parseDDCell(w); return err })
		}},
		{Name: "weather", Record: func(l scn.Line) { c.weatherRecord(p, l) }},
	}
}
