package normandy44

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Format writes the scenario in canonical form: fixed section order, one space
// between words, runs of identical hexes merged. Comments are not kept. The
// result parses back to a value equal to s.
func (s *Scenario) Format() []byte {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("game %s", s.Game)
	w("scenario %s", s.Name)
	w("title %s", s.Title)
	if s.Edition != "" {
		w("edition %s", s.Edition)
	}
	w("provenance %s", s.Provenance)
	w("layout %s", s.Layout)
	w("turns %d", s.Turns)

	section := func(name string, n int) {
		if n > 0 {
			w("\n[%s]", name)
		}
	}
	section("terrain", len(s.Hexes))
	for i := 0; i < len(s.Hexes); {
		j := i + 1
		for j < len(s.Hexes) && s.Hexes[i].Name == "" && sameTerrain(s.Hexes[j-1], s.Hexes[j]) {
			j++
		}
		spec := s.Hexes[i].ID
		if j-1 > i {
			spec += "-" + s.Hexes[j-1].ID
		}
		w("%s", strings.Join(append([]string{spec}, hexWords(s.Hexes[i])...), " "))
		i = j
	}
	section("hexsides", len(s.Hexsides))
	for _, hs := range s.Hexsides {
		words := []string{hs.A + "/" + hs.B}
		for _, f := range hs.Features {
			words = append(words, string(f))
		}
		w("%s", strings.Join(words, " "))
	}
	section("roads", len(s.Roads))
	for _, r := range s.Roads {
		w("%s %s", r.Class, strings.Join(r.Hexes, " "))
	}
	section("zones", len(s.Zones))
	for _, z := range s.Zones {
		runs := hexRuns(z.Hexes)
		for len(runs) > 0 {
			k := min(len(runs), 10)
			w("%s %s", z.Name, strings.Join(runs[:k], " "))
			runs = runs[k:]
		}
	}
	section("places", len(s.Places))
	for _, pl := range s.Places {
		words := []string{string(pl.Kind), pl.Hex}
		if pl.Arg != "" {
			words = append(words, pl.Arg)
		}
		if pl.Sector != "" {
			words = append(words, "sector="+pl.Sector)
		}
		w("%s", strings.Join(words, " "))
	}
	section("boxes", len(s.Boxes))
	for _, bx := range s.Boxes {
		line := strings.TrimSpace(bx.Name + " " + string(bx.Kind) + " " + bx.For)
		if bx.Sector != "" {
			line += " sector=" + bx.Sector
		}
		w("%s", line)
	}
	section("units", len(s.Units))
	for _, u := range s.Units {
		w("%s", strings.Join(unitWords(u), " "))
	}
	section("setup", len(s.Setup))
	for _, pl := range s.Setup {
		w("%s", strings.TrimSpace(pl.Unit+" "+pl.At+" "+string(pl.Mode)))
	}
	section("reinforcements", len(s.Reinforcements))
	for _, r := range s.Reinforcements {
		words := []string{strconv.Itoa(r.Turn), r.Unit, r.At}
		if r.RP > 0 {
			words = append(words, "rp="+strconv.Itoa(r.RP))
		}
		if r.Glider {
			words = append(words, "glider")
		}
		w("%s", strings.Join(words, " "))
	}
	section("special", len(s.Special))
	for _, r := range s.Special {
		w("%s", strings.Join(specialWords(r), " "))
	}
	section("victory", len(s.Victory))
	for _, v := range s.Victory {
		w("%s", strings.Join(victoryWords(v), " "))
	}
	return b.Bytes()
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
		words = append(words, `"`+h.Name+`"`)
	}
	return words
}

// hexRuns writes sorted ids as runs down a column where it can.
func hexRuns(ids []string) []string {
	var out []string
	for i := 0; i < len(ids); {
		j := i + 1
		for j < len(ids) {
			c0, r0 := colRow(ids[j-1])
			c1, r1 := colRow(ids[j])
			if c0 != c1 || r1 != r0+1 {
				break
			}
			j++
		}
		if j-1 > i {
			out = append(out, ids[i]+"-"+ids[j-1])
		} else {
			out = append(out, ids[i])
		}
		i = j
	}
	return out
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
		words = append(words, `"`+v.Place+`"`)
	case VictoryVP:
		words = append(words, v.Hex, strconv.Itoa(v.Points))
	case VictoryThreshold:
		words = append(words, strconv.Itoa(v.Points))
	}
	return words
}
