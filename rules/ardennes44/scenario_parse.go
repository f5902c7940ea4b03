package ardennes44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// ParseScenario reads an assembled scenario. It reports every problem it
// finds, each as a *scn.LineError naming the file and line, joined with
// errors.Join; a file with any problem yields no Scenario.
func ParseScenario(data []byte) (*Scenario, error) {
	p := &parser{Parser: &scn.Parser{}, s: &Scenario{}, hexLine: map[string]int{}, unitLine: map[string]int{},
		chart: newChartReader()}
	p.maps = hexwar.MapRecords{Words: mapWords(nil)}
	p.Read(data, scn.Grammar{
		Game:     "ardennes44",
		Headers:  []string{"game", "scenario", "title", "edition", "provenance", "layout", "first-turn", "turns"},
		Required: []string{"game", "scenario", "title", "provenance", "layout", "turns"},
		Maps:     true,
		Header:   p.header,
		Sections: slices.Concat(p.maps.Sections(p.Parser, p.terrain, p.place), []scn.Section{
			{Name: "tec", Record: func(l scn.Line) { p.chart.tec.Record(p.Parser, l) }},
			{Name: "frozen", Record: func(l scn.Line) { p.chart.frozenRecord(p.Parser, l) }},
			{Name: "crt", Record: func(l scn.Line) { p.chart.crtRecord(p.Parser, l) }},
			{Name: "units", Record: p.unit},
			{Name: "setup", Record: p.setup},
			{Name: "reinforcements", Record: p.reinforcement},
			{Name: "replacements", Record: p.replacement},
			{Name: "special", Record: p.special},
			{Name: "victory", Record: p.victory},
		}),
	})
	p.finish()
	if err := p.Err(); err != nil {
		return nil, err
	}
	return p.s, nil
}

// parser holds the scenario being built and the line of every record, for
// the checks of the whole file.
type parser struct {
	*scn.Parser
	s     *Scenario
	maps  hexwar.MapRecords
	chart *chartReader

	hexLine      map[string]int
	unitLine     map[string]int
	placeLines   []placeLine
	setupLines   []int
	reinfLines   []int
	specialLines []specialLine
}

// header reads a header line: the series' head (S1.1: turns up to 30), and
// the turn a scenario begins with.
func (p *parser) header(l scn.Line, key, value string) {
	switch key {
	case "first-turn":
		p.s.FirstTurn, _ = p.Int(l.N, "first-turn", value, 1, 30)
	case "chart":
		// Grammar.Maps catches a map line left in the text; a chart line
		// is the same mistake.
	default:
		p.s.Record(p.Parser, l, key, value, hexwar.HeadRules{Edition: "3", Rules: "the 3rd edition's", MaxTurn: 30})
	}
}

const terrainSyntax = `HEX-OR-RUN TERRAIN [river] [west-wall] ["Name"]`

func (p *parser) terrain(l scn.Line) {
	t, ok := mapWords(nil).ReadTerrain(p.Parser, l, terrainSyntax)
	if !ok {
		return
	}
	h := Hex{Terrain: t.Terrain, Name: t.Name}
	for _, w := range t.Words {
		switch w {
		case "river":
			h.River = true
		case "west-wall":
			h.WestWall = true
		default:
			p.Errf(l.N, ErrUnknown, "hex feature %q (want %s)", w, terrainSyntax)
			return
		}
	}
	if h.River && h.Terrain != Town && h.Terrain != City && h.Terrain != WoodedRough {
		p.Errf(l.N, ErrInvalid, "river: 3.3 ignores only a river through a town, city or wooded-rough hex; elsewhere a river follows hexsides")
		return
	}
	for _, id := range t.IDs {
		if !scn.Once(p.Parser, p.hexLine, id, l.N, "hex %s already described", id) {
			continue
		}
		h.ID = id
		p.s.Hexes = append(p.s.Hexes, h)
	}
}

// finish checks what needs the whole file.
func (p *parser) finish() {
	s := p.s
	if s.FirstTurn == 0 {
		s.FirstTurn = 1
	}
	if s.LastTurn > 0 && s.LastTurn < s.FirstTurn {
		p.Errf(0, ErrInvalid, "turns %d ends before first-turn %d", s.LastTurn, s.FirstTurn)
	}
	s.Chart = p.chart.finish(p.Parser)
	slices.SortFunc(s.Hexes, func(a, b Hex) int { return strings.Compare(a.ID, b.ID) })
	terrain := map[string]Terrain{}
	for _, h := range s.Hexes {
		terrain[h.ID] = h.Terrain
	}
	layout, err := hex.ParseLayout(s.Layout)
	mc := hexwar.MapCheck{Layout: layout, HaveLayout: err == nil, Terrain: terrain}
	if s.Chart != nil {
		p.maps.Words.Chart = &s.Chart.TEC
		p.maps.Check(p.Parser, mc, nil)
	}
	s.Hexsides, s.Roads, s.Zones = p.maps.Hexsides, p.maps.Roads, p.maps.Zones
	p.checkPlaces(mc)
	p.checkUnits(mc)
	p.checkSpecial(mc)
}

func (p *parser) checkPlaces(mc hexwar.MapCheck) {
	s := p.s
	for _, pl := range p.placeLines {
		for _, id := range pl.hexes {
			mc.OnMap(p.Parser, pl.n, id, "place")
		}
	}
	letters := map[string]bool{}
	for _, e := range s.Entries {
		if letters[e.Letter] {
			p.Errf(0, ErrDuplicate, "entry letter %s names two hexes", e.Letter)
		}
		letters[e.Letter] = true
	}
	for _, b := range s.Bridges {
		a, c, _ := strings.Cut(b.Side, "/")
		mc.NextTo(p.Parser, 0, a, c, "bridge")
	}
	if len(s.Bottleneck) > 0 && s.StVith == "" {
		p.Errf(0, ErrMissing, "the bottleneck hexes need the St-Vith town whose control sets their cost (24.7)")
	}
}

func (p *parser) checkUnits(mc hexwar.MapCheck) {
	s := p.s
	index := map[string]*Unit{}
	for i := range s.Units {
		index[s.Units[i].ID] = &s.Units[i]
	}
	placed := map[string]int{}
	for k, pl := range s.Setup {
		n := p.setupLines[k]
		if index[pl.Unit] == nil {
			p.Errf(n, ErrUnknown, "unit %s is not in [units]", pl.Unit)
			continue
		}
		if !scn.Once(p.Parser, placed, pl.Unit, n, "unit %s already placed", pl.Unit) {
			continue
		}
		if scn.ValidHexID(pl.At) {
			mc.OnMap(p.Parser, n, pl.At, "set-up hex")
		} else if index[pl.Unit].Side != Allied {
			p.Errf(n, ErrInvalid, "German units never enter Off-map Areas (11.9.2)")
		}
		if pl.Fired && !index[pl.Unit].Arty() {
			p.Errf(n, ErrInvalid, "only artillery has a Fired side (22.5)")
		}
	}
	letters := map[string]bool{}
	for _, e := range s.Entries {
		letters[e.Letter] = true
	}
	for k, r := range s.Reinforcements {
		n := p.reinfLines[k]
		u := index[r.Unit]
		if u == nil {
			p.Errf(n, ErrUnknown, "unit %s is not in [units]", r.Unit)
			continue
		}
		if !scn.Once(p.Parser, placed, r.Unit, n, "unit %s already comes into play", r.Unit) {
			continue
		}
		if r.Turn < s.FirstTurn || (s.LastTurn > 0 && r.Turn > s.LastTurn) {
			p.Errf(n, scn.ErrTurn, "turn %d is outside the scenario's turns %d-%d", r.Turn, s.FirstTurn, s.LastTurn)
		}
		for _, c := range r.Letters {
			if !letters[string(c)] {
				p.Errf(n, ErrUnknown, "no entry hex %c in [places]", c)
			}
		}
		switch {
		case r.Kind == ArriveEngineer && u.Type != Engineer:
			p.Errf(n, ErrInvalid, "only US engineers are placed in towns on arrival (13.2)")
		case r.Kind == ArriveAirdrop && !u.Has(MarkVdH):
			p.Errf(n, ErrInvalid, "only von der Heydte arrives by airdrop (27.2)")
		case r.Kind == ArriveRoll && !u.Has(MarkPzJ653):
			p.Errf(n, ErrInvalid, "only the 653rd PzJ arrives on a die (27.7)")
		case r.SM && u.Side == German && (!u.Mech() || u.Arty()):
			p.Errf(n, ErrInvalid, "German non-mechanized units and artillery never use Strategic Movement (12.1)")
		}
		for _, c := range r.Letters {
			for _, e := range s.Entries {
				if e.Letter == string(c) && e.Side != u.Side {
					p.Errf(n, ErrInvalid, "entry hex %c is the %s side's (3.2)", c, e.Side)
				}
			}
		}
	}
	p.checkSetupStacking(index)
}

// checkSetupStacking holds the set-up to the stacking limit (8.1, 8.2), at
// full strength.
func (p *parser) checkSetupStacking(index map[string]*Unit) {
	byHex := map[string][]*Unit{}
	var hexes []string
	for _, pl := range p.s.Setup {
		if u := index[pl.Unit]; u != nil && scn.ValidHexID(pl.At) {
			if byHex[pl.At] == nil {
				hexes = append(hexes, pl.At)
			}
			byHex[pl.At] = append(byHex[pl.At], u)
		}
	}
	for _, h := range hexes {
		var faces []stackFace
		for _, u := range byHex[h] {
			faces = append(faces, stackFace{unit: u, face: u.Faces[0]})
		}
		if why := stackProblem(faces); why != "" {
			p.Errf(0, ErrStacking, "the set-up of %s %s", h, why)
		}
	}
}

func (p *parser) checkSpecial(mc hexwar.MapCheck) {
	s := p.s
	index := map[string]bool{}
	for _, u := range s.Units {
		index[u.ID] = true
	}
	for _, sl := range p.specialLines {
		for _, id := range sl.rec.hexes {
			mc.OnMap(p.Parser, sl.n, id, "hex")
		}
		if len(sl.rec.hexes) == 2 && sl.rec.side != "" {
			mc.NextTo(p.Parser, sl.n, sl.rec.hexes[0], sl.rec.hexes[1], "bridge")
		}
		for _, u := range sl.rec.units {
			if !index[u] {
				p.Errf(sl.n, ErrUnknown, "unit %s is not in [units]", u)
			}
		}
	}
	if s.Special.Traffic == nil {
		p.Errf(0, ErrMissing, "[special] traffic german=N allied=N: the numbered Traffic and Greif markers (24.1)")
	}
	w := s.Win
	if !w.Campaign && w.VP == 0 {
		p.Errf(0, ErrMissing, "[victory] needs campaign (30.2, 30.3) or vp N (S2.4)")
	}
}
