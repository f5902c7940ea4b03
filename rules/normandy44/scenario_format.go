package normandy44

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/hexwar"
	"github.com/pbem-referee/pbem/rules/scn"
)

// Format writes the scenario in canonical form (scn.Writer): fixed section
// order, one space between words, runs of identical hexes merged. Comments are
// not kept. The result parses back to a value equal to s.
func (s *Scenario) Format() []byte {
	var w scn.Writer
	w.Header("game", s.Game)
	w.Header("scenario", s.Name)
	w.Header("title", s.Title)
	if s.Edition != "" {
		w.Header("edition", s.Edition)
	}
	w.Header("provenance", s.Provenance)
	w.Header("layout", s.Layout)
	w.Header("turns", strconv.Itoa(s.Turns))

	w.Section("terrain", len(s.Hexes))
	for i := 0; i < len(s.Hexes); {
		j := i + 1
		for j < len(s.Hexes) && s.Hexes[i].Name == "" && sameTerrain(s.Hexes[j-1], s.Hexes[j]) {
			j++
		}
		spec := s.Hexes[i].ID
		if j-1 > i {
			spec += "-" + s.Hexes[j-1].ID
		}
		w.Record(append([]string{spec}, hexWords(s.Hexes[i])...)...)
		i = j
	}
	hexwar.WriteHexsides(&w, s.Hexsides)
	hexwar.WriteRoads(&w, s.Roads)
	hexwar.WriteZones(&w, s.Zones)
	w.Section("places", len(s.Places))
	for _, pl := range s.Places {
		sector := ""
		if pl.Sector != "" {
			sector = "sector=" + pl.Sector
		}
		w.Record(string(pl.Kind), pl.Hex, pl.Arg, sector)
	}
	w.Section("boxes", len(s.Boxes))
	for _, bx := range s.Boxes {
		sector := ""
		if bx.Sector != "" {
			sector = "sector=" + bx.Sector
		}
		w.Record(bx.Name, string(bx.Kind), bx.For, sector)
	}
	w.Section("units", len(s.Units))
	for _, u := range s.Units {
		w.Record(unitWords(u)...)
	}
	w.Section("setup", len(s.Setup))
	for _, pl := range s.Setup {
		w.Record(pl.Unit, pl.At, string(pl.Mode))
	}
	w.Section("reinforcements", len(s.Reinforcements))
	for _, r := range s.Reinforcements {
		words := []string{strconv.Itoa(r.Turn), r.Unit, r.At}
		if r.RP > 0 {
			words = append(words, "rp="+strconv.Itoa(r.RP))
		}
		if r.Glider {
			words = append(words, "glider")
		}
		w.Record(words...)
	}
	w.Section("special", len(s.Special))
	for _, r := range s.Special {
		w.Record(specialWords(r)...)
	}
	w.Section("victory", len(s.Victory))
	for _, v := range s.Victory {
		w.Record(victoryWords(v)...)
	}
	return w.Bytes()
}

func sameTerrain(a, b Hex) bool {
	ca, ra := colRow(a.ID)
	cb, rb := colRow(b.ID)
	a.ID, b.ID = "", ""
	return ca == cb && rb == ra+1 && a == b
}

func hexWords(h Hex) []string {
	words := []string{string(h.Terrain)}
	if h.Base != "" {
		words = append(words, "base="+string(h.Base))
	}
	for _, f := range []struct {
		on   bool
		word string
	}{{h.Hilltop, "hilltop"}, {h.Airfield, "airfield"}, {h.Coastal, "coastal"}, {h.River, "river"}} {
		if f.on {
			words = append(words, f.word)
		}
	}
	if h.Name != "" {
		words = append(words, scn.Quote(h.Name))
	}
	return words
}

func unitWords(u Unit) []string {
	formation := u.Formation
	if formation == "" {
		formation = "-"
	}
	words := []string{u.ID, string(u.Side), u.Nationality, formation, string(u.Type)}
	for _, st := range u.Steps {
		strength := strconv.Itoa(st.Strength)
		if st.DefendOnly {
			strength = "(" + strength + ")"
		}
		words = append(words, strength+"-"+strconv.Itoa(st.MA))
	}
	if u.Quality != 0 {
		words = append(words, fmt.Sprintf("quality=%+d", u.Quality))
	}
	if u.AC != 0 {
		colour := "gray"
		if u.AntiTank {
			colour = "red"
		}
		words = append(words, fmt.Sprintf("ac=%s:%d", colour, u.AC))
	}
	if u.Cadre != "" {
		words = append(words, "cadre="+u.Cadre)
	}
	if u.Range != 0 {
		words = append(words, "range="+strconv.Itoa(u.Range))
	}
	if u.Size != "" {
		words = append(words, "size="+u.Size)
	}
	if u.Beach != "" {
		words = append(words, "beach="+u.Beach)
	}
	for _, m := range u.Marks {
		words = append(words, string(m))
	}
	return words
}

func specialWords(r SpecialRule) []string {
	words := []string{string(r.Kind)}
	switch r.Kind {
	case SpecialInvasion:
		words = append(words, r.Names...)
	case SpecialRange:
		words = append(words, r.Formation, "from="+strconv.Itoa(r.From), "within="+strconv.Itoa(r.Within), "of="+strings.Join(r.Hexes, ","))
	case SpecialNoEntry:
		words = append(words, r.Zone)
	case SpecialNoCross:
		words = append(words, string(r.Side), r.Zone)
	case SpecialNoMarker:
		words = append(append(words, string(r.Side)), r.Names...)
	case SpecialRemove:
		words = append(words, r.Formation, "when="+strings.Join(r.Hexes, ","), "by="+r.Nationality)
	case SpecialSupply:
		words = append(words, r.Pool, strconv.Itoa(r.Points))
	case SpecialPanzer21:
		words = append(words, r.Formation)
	case SpecialSupport:
		words = append(words, r.Nationality, "air="+strconv.Itoa(r.Air), "naval="+strconv.Itoa(r.Naval))
	}
	return words
}

func victoryWords(v VictoryRule) []string {
	words := []string{string(v.Kind)}
	switch v.Kind {
	case VictoryAutomatic:
		if v.Automatic {
			return append(words, "yes")
		}
		return append(words, "no")
	case VictorySevenTurn:
		return words
	}
	words = append(words, string(v.Side))
	switch v.Kind {
	case VictoryRequire:
		words = append(words, "control", v.Hex)
	case VictoryOccupy:
		words = append(words, v.Zone, "turn="+strconv.Itoa(v.Turn))
		if v.Supplied {
			words = append(words, "supplied")
		}
		if v.NonHQ {
			words = append(words, "non-hq")
		}
	case VictoryCutOff:
		words = append(words, scn.Quote(v.Place))
	case VictoryVP:
		words = append(words, v.Hex, strconv.Itoa(v.Points))
	case VictoryThreshold:
		words = append(words, strconv.Itoa(v.Points))
	}
	return words
}
