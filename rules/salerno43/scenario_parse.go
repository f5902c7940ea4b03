package salerno43

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/hex"
	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// ParseScenario reads an assembled scenario. It reports every problem it
// finds, each as a *scn.LineError naming the file and line, joined; a file
// with any problem yields no Scenario.
func ParseScenario(data []byte) (*Scenario, error) {
	p := &parser{Parser: &scn.Parser{}, s: &Scenario{}, hexLine: map[string]int{}, unitLine: map[string]int{},
		chart: newChartReader()}
	p.maps = hexwar.MapRecords{Words: mapWords(nil)}
	sections := p.maps.Sections(p.Parser, p.terrain, p.place)
	sections = append(sections, p.chart.sections(p.Parser)...)
	sections = append(sections,
		scn.Section{Name: "units", Record: p.unit},
		scn.Section{Name: "remnants", Record: p.remnant},
		scn.Section{Name: "setup", Record: p.setup},
		scn.Section{Name: "reinforcements", Record: p.reinforcement},
		scn.Section{Name: "track", Record: p.track},
		scn.Section{Name: "special", Record: p.special},
		scn.Section{Name: "victory", Record: p.victory},
	)
	p.Read(data, scn.Grammar{
		Game:     "salerno43",
		Headers:  []string{"game", "scenario", "title", "edition", "provenance", "layout", "turns"},
		Required: []string{"game", "scenario", "title", "provenance", "layout", "turns"},
		Maps:     true,
		Header:   p.header,
		Sections: sections,
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

	hexLine    map[string]int
	unitLine   map[string]int
	placeLines []placeLine
	setupLines []int
	reinLines  []int
}

// header reads a header line: the series' head, of the living rules of
// 2022 (the Campaign's 23 turns, A-30, and room beyond).
func (p *parser) header(l scn.Line, key, value string) {
	p.s.Record(p.Parser, l, key, value, hexwar.HeadRules{Edition: "2022", Rules: "the living rules of 2022", MaxTurn: 40})
}

const terrainSyntax = `HEX-OR-RUN TERRAIN ["Name"]`

func (p *parser) terrain(l scn.Line) {
	t, ok := mapWords(nil).ReadTerrain(p.Parser, l, terrainSyntax)
	if !ok {
		return
	}
	if len(t.Words) > 0 {
		p.Errf(l.N, ErrUnknown, "hex feature %q (want %s)", t.Words[0], terrainSyntax)
		return
	}
	for _, id := range t.IDs {
		if !scn.Once(p.Parser, p.hexLine, id, l.N, "hex %s already described", id) {
			continue
		}
		p.s.Hexes = append(p.s.Hexes, Hex{ID: id, Terrain: t.Terrain, Name: t.Name})
	}
}

// finish checks what needs the whole file.
func (p *parser) finish() {
	s := p.s
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
		p.maps.Check(p.Parser, mc, func(hs hexwar.Hexside, n int) {
			// A pass is a gap through a mountain hexside (5.6).
			if slices.Contains(hs.Features, Pass) && !slices.Contains(hs.Features, Mountain) {
				p.Errf(n, ErrInvalid, "hexside %s/%s: a pass is only on a mountain hexside (5.6)", hs.A, hs.B)
			}
		})
	}
	s.Hexsides, s.Roads, s.Zones = p.maps.Hexsides, p.maps.Roads, p.maps.Zones
	p.checkPlaces(mc)
	p.checkUnits(mc)
	p.checkRest()
}
