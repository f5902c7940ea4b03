package salerno43

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
	"github.com/pbem-referee/pbem/rules/scn"
)

// Invasion is the Invasion CRT (24.2, digest T6): no odds; a column by the
// kind of landing, a d6 down; each cell the steps the landing loses and
// how far its assault units advance, the beach hex first (24.2.3).
type Invasion struct {
	Table combat.Table[Landing]
	// Column is each landing's column: beaches by name, and the ports of
	// the Rangers (maiori) and the Commandos (vietri) (24.2, A-58).
	Column map[string]int
}

// Landing is an Invasion CRT cell.
type Landing struct {
	Loss, Advance int
}

// Roll reads the landing's column with a die.
func (inv *Invasion) Roll(landing string, die int) (Landing, bool) {
	c, ok := inv.Column[landing]
	if !ok {
		return Landing{}, false
	}
	return inv.Table.Roll(c, die, 0), true
}

// landingNames are the landings of 24.2: the five beaches, the Rangers at
// Maiori and the Commandos at Vietri (24.2, L1634-1658).
var landingNames = []string{"maiori", "vietri", "uncle", "sugar", "roger", "red", "blue"}

func parseLanding(w string) (Landing, error) {
	l, a, ok := strings.Cut(w, "/")
	loss, err1 := strconv.Atoi(l)
	adv, err2 := strconv.Atoi(a)
	if !ok || err1 != nil || err2 != nil || loss < 0 || loss > 3 || adv < 1 || adv > 2 {
		return Landing{}, fmt.Errorf("cell %q: want LOSS/ADVANCE, a loss of 0-3 steps and an advance of 1 or 2 hexes (24.2.2, 24.2.3)", w)
	}
	return Landing{Loss: loss, Advance: adv}, nil
}

func (c *chartReader) invasionRecord(p *scn.Parser, l scn.Line) {
	if l.Words[0] != "landings" {
		c.inv.record(p, l, "invasion", 1, combat.Die, func(w string) error { _, err := parseLanding(w); return err })
		return
	}
	if len(l.Words) < 3 {
		p.Errf(l.N, ErrSyntax, "[invasion] want: landings COLUMN LANDING...")
		return
	}
	for _, name := range l.Words[2:] {
		if !slices.Contains(landingNames, name) {
			p.Errf(l.N, ErrUnknown, "landing %q (24.2: %s)", name, strings.Join(landingNames, ", "))
			continue
		}
		if n, dup := c.landLine[name]; dup {
			p.Errf(l.N, ErrDuplicate, "landing %s already has a column at %s", name, p.At(n))
			continue
		}
		c.landings[name], c.landLine[name] = l.Words[1], l.N
	}
}

func (c *chartReader) finishInvasion(p *scn.Parser, ch *Chart) bool {
	if !c.inv.check(p, "invasion", 1, combat.Die) {
		return false
	}
	ok := true
	inv := Invasion{Column: map[string]int{}}
	for _, name := range landingNames {
		col, have := c.landings[name]
		i := slices.Index(c.inv.cols, col)
		switch {
		case !have:
			p.Errf(0, ErrMissing, "[invasion] landing %s has no column (landings COLUMN %s)", name, name)
			ok = false
		case i < 0:
			p.Errf(c.landLine[name], ErrUnknown, "[invasion] column %q (columns %s)", col, strings.Join(c.inv.cols, " "))
			ok = false
		default:
			inv.Column[name] = i
		}
	}
	inv.Table = combat.Table[Landing]{Name: "Invasion CRT", Rule: "24.2", Lo: 1, Cols: c.inv.cols}
	for roll := 1; roll <= combat.Die; roll++ {
		var row []Landing
		for _, w := range c.inv.rows[roll] {
			cell, _ := parseLanding(w)
			row = append(row, cell)
		}
		inv.Table.Rows = append(inv.Table.Rows, row)
	}
	ch.Invasion = inv
	return ok
}

// The DD table's rows: a modified roll from -1 (a 1 with a low-quality
// lead on an orange cell, the floor the digest infers from 11.2.4) to 7
// (19.4's cap).
const (
	ddLo = -1
	ddHi = 7
)

// The DD table's columns (11.2.1 step 3).
const (
	DDCity  = 0
	DDClear = 1
	DDOther = 2
)

var ddColumns = []string{"city", "clear", "other"}

// DDCell is a Determined Defense table cell (11.4.1, digest T5a): one
// result, or two the defender chooses between (11.4.3).
type DDCell []DDResult

// DDResult is one DD result.
type DDResult struct {
	Code string
	// AttackerSteps, DefenderSteps: the steps each side loses, the
	// defender's from the lead unit (11.2.3).
	AttackerSteps, DefenderSteps int
	// DefenderPicks: "1*", the defender picks the attacker's step.
	DefenderPicks bool
	// Disorganize: "dis", the lead unit becomes DG but holds.
	Disorganize bool
	Outcome     DDOutcome
}

// DDOutcome is what a DD result does to the retreat (11.4).
type DDOutcome byte

const (
	DDFail    DDOutcome = iota // the retreat stands (11.4.4)
	DDHold                     // H: the retreat is cancelled
	DDPartial                  // P: an urban-combat marker in a city, else a Delay (11.6.2)
	DDDelay                    // D: retreat 1-3 and DG, limited advance (11.6.1)
)

// Succeeds: H and P cancel the retreat (11.4.4).
func (r DDResult) Succeeds() bool { return r.Outcome == DDHold || r.Outcome == DDPartial }

// ddCodes are the codes of 11.4.1.
var ddCodes = map[string]DDResult{
	"-/1":    {DefenderSteps: 1},
	"-/-":    {},
	"-/-P":   {Outcome: DDPartial},
	"-/-D":   {Outcome: DDDelay},
	"-/1H":   {DefenderSteps: 1, Outcome: DDHold},
	"1*/1H":  {AttackerSteps: 1, DefenderSteps: 1, DefenderPicks: true, Outcome: DDHold},
	"1/disH": {AttackerSteps: 1, Disorganize: true, Outcome: DDHold},
}

// parseDDCell reads "CODE" or "CODE|CODE" (11.4.3).
func parseDDCell(w string) (DDCell, error) {
	var cell DDCell
	for _, code := range strings.Split(w, "|") {
		r, ok := ddCodes[code]
		if !ok {
			return nil, fmt.Errorf("cell %q: codes are %s, two joined by | for the defender's choice (11.4.1, 11.4.3)",
				w, strings.Join(ddCodeList(), " "))
		}
		r.Code = code
		cell = append(cell, r)
	}
	if len(cell) > 2 {
		return nil, fmt.Errorf("cell %q: at most two results to choose from (11.4.3)", w)
	}
	return cell, nil
}

func ddCodeList() []string {
	return []string{"-/1", "-/-", "-/-P", "-/-D", "-/1H", "1*/1H", "1/disH"}
}

// Holds: some result of the cell succeeds.
func (c DDCell) Holds() bool { return slices.ContainsFunc(c, DDResult.Succeeds) }

func (c *chartReader) finishDD(p *scn.Parser, ch *Chart) bool {
	if c.dd.cols != nil && !slices.Equal(c.dd.cols, ddColumns) {
		p.Errf(c.dd.colsLine, ErrInvalid, "[dd] columns %s: want columns city clear other (11.2.1)", strings.Join(c.dd.cols, " "))
		return false
	}
	if !c.dd.check(p, "dd", ddLo, ddHi) {
		return false
	}
	ch.DD = combat.Table[DDCell]{Name: "Determined Defense Table", Rule: "11.4.1", Lo: ddLo, Cols: ddColumns}
	for roll := ddLo; roll <= ddHi; roll++ {
		var row []DDCell
		for _, w := range c.dd.rows[roll] {
			cell, _ := parseDDCell(w)
			row = append(row, cell)
		}
		ch.DD.Rows = append(ch.DD.Rows, row)
	}
	return true
}
