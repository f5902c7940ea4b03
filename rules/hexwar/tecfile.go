package hexwar

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// The chart as scenario data: Ardennes '44 and Salerno '43 print no values
// of their Terrain Effects Chart (A44 4.2, S43 4.B), so their scenarios carry
// it in a [tec] section, every row with the rule it comes from:
//
//	[tec]
//	terrain clear nonmech=1 mech=1 armor rule=TEC
//	terrain woods nonmech=2 mech=3 db=2 stops-retreat rule=TEC
//	terrain marsh nonmech=no mech=no rule=TEC
//	road primary nonmech=1/2 mech=1/3 rule=11.7
//	hexside river nonmech=1 mech=no first-move river rule=11.4.1
//	ezoc leave=1 rule=9.2.1
//
// A cost is whole MP ("2"), a fraction of sixths ("1/2", "1/3", "3/2"), or
// "no" where the chart prohibits it. Flags: for terrain "stop" (a
// non-mechanized unit stops on entering it off road), "leave-by-road" (a
// mechanized unit leaves it only along a road), "tactical-stop" (Tactical
// Movement stops on entering it), "unplayable", "armor" (an attacker may
// claim armor superiority into it), "stops-retreat", and "db=N", its
// defensive bonus; for hexsides "first-move", "impassable", "bridge",
// "river" (TerrainRow, HexsideRow).

// TECRecords reads a [tec] section into a chart. Words are the game's: a row
// for a word the game does not have is an error, and Check requires a row
// for every terrain, road class and hexside feature it has.
type TECRecords struct {
	Words MapWords
	TEC   TEC
	lines map[[2]string]int
	ezoc  bool
}

// tecRow is one [tec] record as read, for the table of kinds.
type tecRow struct {
	kind, word string
	terrain    TerrainRow
	road       RoadRow
	hexside    HexsideRow
	leave      int
	leaveRule  string
}

var tecKinds = scn.Kinds[tecRow]{What: "chart row", Kinds: []scn.Kind[tecRow]{
	{Name: "terrain", Syntax: "terrain TERRAIN nonmech=COST mech=COST [db=N] [stop] [unplayable] [armor] [stops-retreat] rule=REF", Read: readTerrainRow},
	{Name: "road", Syntax: "road CLASS nonmech=COST mech=COST rule=REF", Read: readRoadRow},
	{Name: "hexside", Syntax: "hexside FEATURE nonmech=COST mech=COST [first-move] [impassable] [bridge] [river] rule=REF", Read: readHexsideRow},
	{Name: "ezoc", Syntax: "ezoc leave=COST rule=REF", Read: readEZOCRow},
}}

// Record reads one [tec] record.
func (r *TECRecords) Record(p *scn.Parser, l scn.Line) {
	row, ok := tecKinds.Read(p, l)
	if !ok {
		return
	}
	if r.lines == nil {
		r.lines = map[[2]string]int{}
		r.TEC.Terrain, r.TEC.Roads, r.TEC.Hexsides = map[Terrain]TerrainRow{}, map[RoadClass]RoadRow{}, map[Feature]HexsideRow{}
	}
	if !scn.Once(p, r.lines, [2]string{row.kind, row.word}, l.N, "the %s row %s already given", row.kind, row.word) {
		return
	}
	known := true
	switch row.kind {
	case "terrain":
		known = slices.Contains(r.Words.Terrains, Terrain(row.word))
		r.TEC.Terrain[Terrain(row.word)] = row.terrain
	case "road":
		known = slices.Contains(r.Words.Roads, RoadClass(row.word))
		r.TEC.Roads[RoadClass(row.word)] = row.road
	case "hexside":
		known = slices.Contains(r.Words.Features, Feature(row.word))
		r.TEC.Hexsides[Feature(row.word)] = row.hexside
	case "ezoc":
		r.TEC.LeaveEZOC, r.TEC.LeaveRule, r.ezoc = row.leave, row.leaveRule, true
	}
	if !known {
		p.Errf(l.N, scn.ErrUnknown, "%s %q: not one of this game's", row.kind, row.word)
	}
}

// Check reports the rows the chart lacks, at line 0 (the file as a whole).
func (r *TECRecords) Check(p *scn.Parser) {
	for _, t := range r.Words.Terrains {
		if _, ok := r.TEC.Terrain[t]; !ok {
			p.Errf(0, scn.ErrMissing, "[tec] has no terrain row %s", t)
		}
	}
	for _, c := range r.Words.Roads {
		if _, ok := r.TEC.Roads[c]; !ok {
			p.Errf(0, scn.ErrMissing, "[tec] has no road row %s", c)
		}
	}
	for _, f := range r.Words.Features {
		if _, ok := r.TEC.Hexsides[f]; !ok {
			p.Errf(0, scn.ErrMissing, "[tec] has no hexside row %s", f)
		}
	}
	if !r.ezoc {
		p.Errf(0, scn.ErrMissing, "[tec] has no ezoc row: the cost of leaving an enemy zone of control")
	}
}

// WriteTEC writes a chart as a [tec] section in canonical form, its rows in
// the order of the game's words.
func WriteTEC(w *scn.Writer, t *TEC, words MapWords) {
	w.Section("tec", len(t.Terrain)+len(t.Roads)+len(t.Hexsides)+1)
	for _, name := range words.Terrains {
		if r, ok := t.Terrain[name]; ok {
			w.Record("terrain", string(name), "nonmech="+costWord(r.NonMech), "mech="+costWord(r.Mech), intWord("db", r.DB),
				flagWord(r.Stop, "stop"), flagWord(r.LeaveByRoad, "leave-by-road"), flagWord(r.TacticalStop, "tactical-stop"),
				flagWord(r.Unplayable, "unplayable"), flagWord(r.AttackerAS, "armor"),
				flagWord(r.StopsRetreat, "stops-retreat"), "rule="+r.Rule)
		}
	}
	for _, name := range words.Roads {
		if r, ok := t.Roads[name]; ok {
			w.Record("road", string(name), "nonmech="+costWord(r.NonMech), "mech="+costWord(r.Mech), "rule="+r.Rule)
		}
	}
	for _, name := range words.Features {
		if r, ok := t.Hexsides[name]; ok {
			w.Record("hexside", string(name), "nonmech="+costWord(r.NonMech), "mech="+costWord(r.Mech), flagWord(r.FirstMove, "first-move"),
				flagWord(r.Impassable, "impassable"), flagWord(r.Bridge, "bridge"), flagWord(r.River, "river"), "rule="+r.Rule)
		}
	}
	w.Record("ezoc", "leave="+costWord(t.LeaveEZOC), "rule="+t.LeaveRule)
}

func flagWord(on bool, word string) string {
	if on {
		return word
	}
	return ""
}

func intWord(key string, n int) string {
	if n == 0 {
		return ""
	}
	return key + "=" + strconv.Itoa(n)
}

// costWord writes a cost in sixths: "no", "2", "1/2", "3/2".
func costWord(sixths int) string {
	if sixths == NotAllowed {
		return "no"
	}
	if sixths%MP == 0 {
		return strconv.Itoa(sixths / MP)
	}
	d := gcd(sixths, MP)
	return strconv.Itoa(sixths/d) + "/" + strconv.Itoa(MP/d)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// parseCost reads a cost word into sixths: whole MP up to 99, a fraction
// whose denominator divides 6, or "no".
func parseCost(w string) (int, bool) {
	if w == "no" {
		return NotAllowed, true
	}
	num, den, frac := strings.Cut(w, "/")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || n > 99 || len(num) > 2 || (len(num) > 1 && num[0] == '0') {
		return 0, false
	}
	if !frac {
		return n * MP, true
	}
	d, err := strconv.Atoi(den)
	if err != nil || d < 2 || MP%d != 0 || len(den) > 1 || n == 0 || gcd(n, d) != 1 {
		return 0, false
	}
	return n * MP / d, true
}

// rowFields reads a row's words after its kind and name: the costs, the
// rule and the flags and numbers one of flags or ints names; it returns the
// costs, the rule, the flags set and the numbers given.
func rowFields(r scn.Record, costs []string, flags []string, ints []string) (map[string]int, string, map[string]bool, map[string]int, bool) {
	cost, set, num := map[string]int{}, map[string]bool{}, map[string]int{}
	rule := ""
	ok := r.Fields(r.N, r.Args[1:], func(w, key, value string, kv bool) bool {
		switch {
		case kv && slices.Contains(costs, key):
			c, ok := parseCost(value)
			if !ok {
				return r.Fail(scn.ErrSyntax, "%s=%s: a cost is whole MP, a fraction such as 1/2, or no", key, value)
			}
			cost[key] = c
		case kv && key == "rule":
			if !scn.ValidID(strings.ToLower(value)) {
				return r.Fail(scn.ErrSyntax, "rule=%s: a rule number such as 9.4.1 or T3", value)
			}
			rule = value
		case kv && slices.Contains(ints, key):
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 || n > 9 || len(value) > 1 {
				return r.Fail(scn.ErrSyntax, "%s=%s: a number from 0 to 9", key, value)
			}
			num[key] = n
		case !kv && slices.Contains(flags, key):
			set[key] = true
		default:
			return r.Bad()
		}
		return true
	})
	if !ok {
		return nil, "", nil, nil, false
	}
	for _, c := range costs {
		if _, given := cost[c]; !given {
			return nil, "", nil, nil, r.Bad()
		}
	}
	if rule == "" {
		return nil, "", nil, nil, r.Fail(scn.ErrMissing, "rule=: every row says which rule it comes from")
	}
	return cost, rule, set, num, true
}

func readTerrainRow(r scn.Record) (tecRow, bool) {
	if len(r.Args) < 1 || !scn.ValidName(r.Args[0]) {
		return tecRow{}, r.Bad()
	}
	cost, rule, set, num, ok := rowFields(r, []string{"nonmech", "mech"}, []string{"stop", "leave-by-road", "tactical-stop", "unplayable", "armor", "stops-retreat"}, []string{"db"})
	if !ok {
		return tecRow{}, false
	}
	return tecRow{kind: "terrain", word: r.Args[0], terrain: TerrainRow{Rule: rule, NonMech: cost["nonmech"], Mech: cost["mech"],
		Stop: set["stop"], LeaveByRoad: set["leave-by-road"], TacticalStop: set["tactical-stop"], Unplayable: set["unplayable"],
		DB: num["db"], AttackerAS: set["armor"], StopsRetreat: set["stops-retreat"]}}, true
}

func readRoadRow(r scn.Record) (tecRow, bool) {
	if len(r.Args) < 1 || !scn.ValidName(r.Args[0]) {
		return tecRow{}, r.Bad()
	}
	cost, rule, _, _, ok := rowFields(r, []string{"nonmech", "mech"}, nil, nil)
	if !ok {
		return tecRow{}, false
	}
	if cost["nonmech"] == NotAllowed || cost["mech"] == NotAllowed {
		return tecRow{}, r.Fail(scn.ErrInvalid, "a road row is the cost along the road: no is for terrain and hexsides")
	}
	return tecRow{kind: "road", word: r.Args[0], road: RoadRow{Rule: rule, NonMech: cost["nonmech"], Mech: cost["mech"]}}, true
}

func readHexsideRow(r scn.Record) (tecRow, bool) {
	if len(r.Args) < 1 || !scn.ValidName(r.Args[0]) {
		return tecRow{}, r.Bad()
	}
	cost, rule, set, _, ok := rowFields(r, []string{"nonmech", "mech"}, []string{"first-move", "impassable", "bridge", "river"}, nil)
	if !ok {
		return tecRow{}, false
	}
	return tecRow{kind: "hexside", word: r.Args[0], hexside: HexsideRow{Rule: rule, NonMech: cost["nonmech"], Mech: cost["mech"],
		FirstMove: set["first-move"], Impassable: set["impassable"], Bridge: set["bridge"], River: set["river"]}}, true
}

func readEZOCRow(r scn.Record) (tecRow, bool) {
	r.Args = append([]string{"ezoc"}, r.Args...) // rowFields reads after a name
	cost, rule, _, _, ok := rowFields(r, []string{"leave"}, nil, nil)
	if !ok {
		return tecRow{}, false
	}
	if cost["leave"] == NotAllowed {
		return tecRow{}, r.Fail(scn.ErrInvalid, "leave=no: a unit may always leave an enemy zone of control, at a cost")
	}
	return tecRow{kind: "ezoc", word: "leave", leave: cost["leave"], leaveRule: rule}, true
}
