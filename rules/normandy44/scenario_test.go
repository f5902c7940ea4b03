package normandy44

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/rules/scn"
)

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".scn") {
		// A scenario that names a shared map is read with it, as pbem does.
		b, err = AssembleScenario(b, openBeside(path))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return b
}

// openBeside reads the files a scenario names from the scenario's folder;
// an earlier text of a shipped scenario (scenarios.Past) takes them from the
// game's folder above its past/.
func openBeside(path string) func(string) ([]byte, error) {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "past" {
		dir = filepath.Dir(dir)
	}
	return func(name string) ([]byte, error) {
		return os.ReadFile(filepath.Join(dir, name))
	}
}

func mustParse(t testing.TB, data []byte) *Scenario {
	t.Helper()
	s, err := ParseScenario(data)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return s
}

func TestParseTiny(t *testing.T) {
	s := mustParse(t, readFile(t, "testdata/tiny.scn"))
	if s.Name != "tiny" || s.Turns != 3 || s.Layout != "flat-top odd-columns-down" {
		t.Errorf("header: %q %d %q", s.Name, s.Turns, s.Layout)
	}
	if len(s.Hexes) != 11 {
		t.Errorf("got %d hexes, want 11 (runs expanded)", len(s.Hexes))
	}
	town := s.Hexes[slices.IndexFunc(s.Hexes, func(h Hex) bool { return h.ID == "0202" })]
	if town != (Hex{ID: "0202", Terrain: Town, Base: Bocage, Name: "Ville"}) {
		t.Errorf("0202 = %+v", town)
	}
	inf := s.Units[1]
	want := Unit{ID: "inf", Side: German, Nationality: "heer", Formation: "div", Type: Infantry, Size: "III",
		Steps: []Step{{6, false, 4}, {4, false, 4}, {2, true, 4}}, Quality: -1, Cadre: "A"}
	if !reflect.DeepEqual(inf, want) {
		t.Errorf("unit inf = %+v, want %+v", inf, want)
	}
	if tk := s.Units[4]; tk.AC != 3 || tk.AntiTank || !slices.Equal(tk.Marks, []Mark{MarkDD}) {
		t.Errorf("unit tk = %+v", tk)
	}
	if hs := s.Hexsides[0]; hs.A != "0101" || hs.B != "0201" {
		t.Errorf("hexsides not sorted: first is %+v", hs)
	}
	if r := s.Special[1]; r.Kind != SpecialRange || r.From != 2 || r.Within != 3 || !slices.Equal(r.Hexes, []string{"0103", "0101"}) {
		t.Errorf("range rule = %+v", r)
	}
}

// TestAdjacent checks the layouts a scenario may name against neighbours
// worked out by hand on a drawn flat-top grid: in "odd-columns-down" the odd
// columns sit half a hex down, in "even-columns-down" the even ones.
func TestAdjacent(t *testing.T) {
	cases := []struct {
		layout string
		hex    string
		want   []string
	}{
		{"flat-top odd-columns-down", "2813", []string{"2812", "2814", "2712", "2713", "2912", "2913"}},
		{"flat-top odd-columns-down", "2712", []string{"2711", "2713", "2612", "2613", "2812", "2813"}},
		{"flat-top even-columns-down", "2813", []string{"2812", "2814", "2713", "2714", "2913", "2914"}},
	}
	for _, c := range cases {
		l, err := parseLayout(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for col := 26; col <= 30; col++ {
			for row := 10; row <= 16; row++ {
				if id := hexID(col, row); adjacent(l, c.hex, id) {
					got = append(got, id)
				}
			}
		}
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("neighbours of %s (%s) = %v, want %v", c.hex, c.layout, got, c.want)
		}
	}
	// Normandy '44 maps are flat-top: rules/hex's pointy-top layouts are refused.
	if _, err := parseLayout("pointy-top odd-rows-right"); !errors.Is(err, ErrUnknown) {
		t.Errorf("a pointy-top layout: %v", err)
	}
}

// Stacking points (7.1, T16): current strength 3 or more counts 2, 1 or 2
// counts 1; one silhouette and one each of strongpoint, HQ, Werfer and
// engineer count 0 (AMBIG-7).
func TestStackingPoints(t *testing.T) {
	u := func(typ UnitType, strength int) *Unit {
		return &Unit{Type: typ, Steps: []Step{{Strength: strength, MA: 4}}}
	}
	cases := []struct {
		name  string
		units []*Unit
		want  int
	}{
		{"two strong infantry", []*Unit{u(Infantry, 6), u(Infantry, 3)}, 4},
		{"weak units count 1", []*Unit{u(Infantry, 2), u(Ost, 1)}, 2},
		{"one silhouette free", []*Unit{u(Infantry, 6), u(Infantry, 6), u(Tank, 5)}, 4},
		{"second silhouette counts", []*Unit{u(Tank, 5), u(Tank, 2)}, 1},
		{"free kinds, one of each", []*Unit{u(HQ, 1), u(Strongpoint, 3), u(Werfer, 1), u(Engineer, 2)}, 0},
		{"second HQ counts", []*Unit{u(HQ, 1), u(HQ, 1)}, 1},
	}
	for _, c := range cases {
		if got := stackingPoints(c.units); got != c.want {
			t.Errorf("%s: %d points, want %d", c.name, got, c.want)
		}
	}
}

// tinyWith returns testdata/tiny.scn with extra lines added at the end of a
// section, and the line number of the first added line.
func tinyWith(t *testing.T, section string, extra ...string) (string, int) {
	t.Helper()
	lines := strings.Split(string(readFile(t, "testdata/tiny.scn")), "\n")
	at := -1
	for i, l := range lines {
		if l == "["+section+"]" {
			at = i + 1
			for at < len(lines) && lines[at] != "" {
				at++
			}
		}
	}
	if section == "" {
		at = 1
	}
	if at < 0 {
		t.Fatalf("no section %s", section)
	}
	out := slices.Concat(lines[:at], extra, lines[at:])
	return strings.Join(out, "\n"), at + 1
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name    string
		section string
		extra   []string
		class   error
		offset  int // lines from the first added line to the error
	}{
		{"unknown header keyword", "", []string{"colour red"}, ErrUnknown, 0},
		{"unknown section", "victory", []string{"[map]"}, ErrUnknown, 0},
		{"duplicate header", "", []string{"turns 4"}, ErrDuplicate, 7},
		{"bad hex id", "terrain", []string{"01x1 clear"}, ErrBadHex, 0},
		{"bad run", "terrain", []string{"0504-0501 clear"}, ErrBadHex, 0},
		{"unknown terrain", "terrain", []string{"0501 jungle"}, ErrUnknown, 0},
		{"town without base", "terrain", []string{"0501 town \"X\""}, ErrMissing, 0},
		{"duplicate hex", "terrain", []string{"0501 clear", "0501 bocage"}, ErrDuplicate, 1},
		{"hexside not adjacent", "hexsides", []string{"0101/0103 minor-river"}, ErrAdjacent, 0},
		{"hexside off map", "hexsides", []string{"0402/0502 minor-river"}, ErrOffMap, 0},
		{"unknown hexside feature", "hexsides", []string{"0101/0102 canal"}, ErrUnknown, 0},
		{"flooded river between dry hexes", "hexsides", []string{"0101/0102 flooded-river"}, ErrInvalid, 0},
		{"causeway without flooded river", "hexsides", []string{"0102/0103 causeway"}, ErrInvalid, 0},
		{"two rivers", "hexsides", []string{"0102/0103 minor-river major-river"}, ErrInvalid, 0},
		{"duplicate hexside", "hexsides", []string{"0201/0101 major-river"}, ErrDuplicate, 0},
		{"cherbourg line inside the region", "hexsides", []string{"0301/0302 cherbourg-line"}, ErrInvalid, 0},
		{"road through a missing hexside", "roads", []string{"minor 0101 0103"}, ErrAdjacent, 0},
		{"road off the map", "roads", []string{"minor 0402 0502"}, ErrOffMap, 0},
		{"road into the sea", "roads", []string{"minor 0202 0203"}, ErrInvalid, 0},
		{"unknown zone", "zones", []string{"atlantic-wall 0101"}, ErrUnknown, 0},
		{"zone hex off map", "zones", []string{"nbz 0901"}, ErrOffMap, 0},
		{"unknown place", "places", []string{"lighthouse 0101"}, ErrUnknown, 0},
		{"drop hex of no formation", "places", []string{"drop 0101 101-ab"}, ErrMissing, 0},
		{"unknown entry colour", "places", []string{"entry 0102 purple"}, ErrUnknown, 0},
		{"unknown box kind", "boxes", []string{"pool storage"}, ErrUnknown, 0},
		{"duplicate unit", "units", []string{"hq german heer - hq (1)-5"}, ErrDuplicate, 0},
		{"unknown unit type", "units", []string{"x german heer - cavalry 4-4"}, ErrUnknown, 0},
		{"nationality of the other side", "units", []string{"x allied heer - infantry 4-4"}, ErrInvalid, 0},
		{"no steps", "units", []string{"x german heer - infantry quality=1"}, ErrSyntax, 0},
		{"three steps without cadre", "units", []string{"x german heer - infantry 6-4 4-4 2-4"}, ErrInvalid, 0},
		{"unknown unit field", "units", []string{"x german heer - infantry 4-4 elite"}, ErrUnknown, 0},
		{"quality out of range", "units", []string{"x german heer - infantry 4-4 quality=3"}, ErrInvalid, 0},
		{"engineer without beach", "units", []string{"x allied us - engineer (1)-0"}, ErrInvalid, 0},
		{"tiger mark on infantry", "units", []string{"x german heer - infantry 4-4 tiger"}, ErrInvalid, 0},
		{"withdraws mark on infantry (17.5)", "units", []string{"x allied gb - infantry 4-4 withdraws"}, ErrInvalid, 0},
		{"set-up off the map", "setup", []string{"spare 0909"}, ErrOffMap, 0},
		{"set-up in the sea", "setup", []string{"spare 0203"}, ErrInvalid, 0},
		{"set-up of an unknown unit", "setup", []string{"ghost 0101"}, ErrMissing, 0},
		{"set-up in an undeclared box", "setup", []string{"spare mobilization-243"}, ErrMissing, 0},
		{"unit placed twice", "setup", []string{"hq 0101"}, ErrDuplicate, 0},
		{"airdrop off a drop hex", "setup", []string{"spare 0101 airdrop"}, ErrInvalid, 0},
		{"stacking over the limit", "units", []string{"a german heer - infantry 4-4", "b german heer - infantry 4-4", "c german heer - infantry 4-4"}, ErrStacking, 0},
		{"reinforcement after the last turn", "reinforcements", []string{"4 spare 0101"}, ErrTurn, 0},
		{"reinforcement also set up", "reinforcements", []string{"2 inf 0101"}, ErrDuplicate, 0},
		{"entry colour with no entry hex", "reinforcements", []string{"2 spare entry:red"}, ErrMissing, 0},
		{"special rule of an unknown zone", "special", []string{"no-entry nbz"}, ErrMissing, 0},
		{"unknown special rule", "special", []string{"fog-of-war"}, ErrUnknown, 0},
		{"support of no army (S3.2.4)", "special", []string{"support gb air=0 naval=0"}, ErrSyntax, 0},
		{"support without naval", "special", []string{"support us air=2"}, ErrSyntax, 0},
		{"support over the table", "special", []string{"support us air=4 naval=1"}, ErrInvalid, 0},
		{"support twice", "special", []string{"support us air=2 naval=1", "support us air=1 naval=1"}, ErrDuplicate, 1},
		{"occupy after the last turn", "victory", []string{"occupy allied cherbourg-region turn=9"}, ErrTurn, 0},
		{"cut-off of no city", "victory", []string{"cut-off allied \"Paris\""}, ErrMissing, 0},
		{"seven-turn with a side (S2.2)", "victory", []string{"seven-turn allied"}, ErrSyntax, 0},
		{"unterminated quote", "victory", []string{"cut-off allied \"Port"}, ErrSyntax, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, first := tinyWith(t, c.section, c.extra...)
			if c.name == "stacking over the limit" {
				// the three new units join inf in 0201: 2+2+2+2 points.
				text = strings.Replace(text, "hq 0201\n", "hq 0201\na 0201\nb 0201\nc 0201\n", 1)
				first = strings.Count(text[:strings.Index(text, "c 0201")], "\n") + 1
			}
			_, err := ParseScenario([]byte(text))
			if err == nil {
				t.Fatal("parsed without error")
			}
			les := lineErrors(err)
			if len(les) != 1 {
				t.Fatalf("want one error, got %d: %v", len(les), err)
			}
			if want := first + c.offset; les[0].Line != want || !errors.Is(les[0], c.class) {
				t.Errorf("got %v (line %d), want %v at line %d", les[0], les[0].Line, c.class, want)
			}
			if !strings.HasPrefix(les[0].Error(), "line ") {
				t.Errorf("message %q does not start with the line", les[0].Error())
			}
		})
	}
}

// lineErrors lists the line errors of a parse or an assembly.
func lineErrors(err error) []*LineError { return scn.LineErrors(err) }

// TestParseMessages: a message offers every word the record may take.
func TestParseMessages(t *testing.T) {
	cases := []struct {
		section, line, want string
	}{
		{"zones", "atlantic-wall 0101", `zone "atlantic-wall" (want cherbourg-region, nbz, north-of-27june, us-sector, no-entry or east-south-edge)`},
		{"places", "beach", "want: beach hex utah|omaha|gold|juno|sword|pointe-du-hoc [sector=name]"},
		{"places", "lighthouse 0101", `place "lighthouse" (want beach, drop, glider, entry, mobilization, battery, mulberry or fort)`},
		{"special", "fog-of-war", `special rule "fog-of-war" (want invasion, range, no-entry, no-cross, no-marker, remove, supply, panzer-21 or support)`},
		{"victory", "draw", `victory record "draw" (want automatic, default, require, occupy, cut-off, vp, threshold or seven-turn)`},
	}
	for _, c := range cases {
		text, first := tinyWith(t, c.section, c.line)
		_, err := ParseScenario([]byte(text))
		les := lineErrors(err)
		if len(les) != 1 || les[0].Line != first || !strings.HasSuffix(les[0].Error(), c.want) {
			t.Errorf("%s: got %v, want line %d: ...%s", c.line, err, first, c.want)
		}
	}
}

func TestParseReportsEveryProblem(t *testing.T) {
	text := "game chess\nscenario x\nbogus line\n[terrain]\n0101 lava\n"
	_, err := ParseScenario([]byte(text))
	les := lineErrors(err)
	var got []int
	for _, le := range les {
		got = append(got, le.Line)
	}
	// lines 1, 3 and 5, then the four missing header lines (line 0) first.
	want := []int{0, 0, 0, 0, 1, 3, 5}
	if !slices.Equal(got, want) {
		t.Errorf("error lines %v, want %v: %v", got, want, err)
	}
}

func TestFormatRoundTrip(t *testing.T) {
	for _, path := range []string{"testdata/tiny.scn", "../../scenarios/normandy44/cherbourg.scn"} {
		s := mustParse(t, readFile(t, path))
		out := s.Format()
		again, err := ParseScenario(out)
		if err != nil {
			t.Fatalf("%s: Format output does not parse: %v\n%s", path, err, out)
		}
		if !reflect.DeepEqual(s, again) {
			t.Errorf("%s: Format does not round-trip", path)
		}
		if out2 := again.Format(); string(out2) != string(out) {
			t.Errorf("%s: Format is not canonical: a second pass differs", path)
		}
	}
}

// TestFormatCanonical checks that spacing, word order and run notation do not
// change the value, and that Format writes one fixed text.
func TestFormatCanonical(t *testing.T) {
	a := "game normandy44\nscenario x\ntitle T\nprovenance stand-in: all\nlayout flat-top odd-columns-down\nturns 2\n" +
		"[terrain]\n0101-0102 clear\n0103 clear\n0201 town \"A\"   base=clear\n"
	b := "turns 2\nlayout flat-top odd-columns-down\nprovenance stand-in: all\ntitle T\nscenario x\ngame normandy44\n" +
		"[terrain]\n0201 town base=clear \"A\" # a comment\n0103 clear\n0101\tclear\n0102 clear\n"
	sa, sb := mustParse(t, []byte(a)), mustParse(t, []byte(b))
	if !reflect.DeepEqual(sa, sb) {
		t.Fatalf("equivalent files parse differently:\n%+v\n%+v", sa, sb)
	}
	want := "game normandy44\nscenario x\ntitle T\nprovenance stand-in: all\nlayout flat-top odd-columns-down\nturns 2\n\n[terrain]\n0101-0103 clear\n0201 town base=clear \"A\"\n"
	if got := string(sa.Format()); got != want {
		t.Errorf("Format =\n%s\nwant\n%s", got, want)
	}
}

// TestCherbourgFacts checks the shipped S3 scenario against what the rulebook
// states (rule numbers in each message).
func TestCherbourgFacts(t *testing.T) {
	s := mustParse(t, readFile(t, "../../scenarios/normandy44/cherbourg.scn"))
	hex := map[string]Hex{}
	for _, h := range s.Hexes {
		hex[h.ID] = h
	}
	zone := map[string][]string{}
	for _, z := range s.Zones {
		zone[z.Name] = z.Hexes
	}
	if s.Turns != 12 || !strings.HasPrefix(s.Provenance, "stand-in: ") {
		t.Errorf("S3.1: 12 turns and a stand-in provenance; got %d, %q", s.Turns, s.Provenance)
	}
	if h := hex["2512"]; h.Terrain != Town || h.Name != "Carentan" {
		t.Errorf("S3.3: Carentan is a Town at 2512, got %+v", h)
	}
	if h := hex["2506"]; h.Terrain != Town || h.Name != "La-Haye-du-Puits" {
		t.Errorf("S3.2: La-Haye-du-Puits is at 2506, got %+v", h)
	}
	if h := hex["3012"]; h.Name != "Crisbecq" || !slices.Contains(s.Places, Place{Kind: PlaceBattery, Hex: "3012"}) {
		t.Errorf("25.3: Crisbecq battery at 3012, got %+v", h)
	}
	var drops82, utah []string
	for _, p := range s.Places {
		if p.Kind == PlaceDrop && p.Arg == "82-ab" {
			drops82 = append(drops82, p.Hex)
		}
		if p.Kind == PlaceBeach && p.Arg == "utah" {
			utah = append(utah, p.Hex)
		}
	}
	if !slices.Equal(drops82, []string{"2710", "2810", "2811"}) {
		t.Errorf("S3.3 III: 82nd drop hexes %v", drops82)
	}
	// Utah is one hex (21.1.1) from which the assault advances to 2713 and 2813 (P03).
	layout, _ := parseLayout(s.Layout)
	if len(utah) != 1 || !adjacent(layout, utah[0], "2713") || !adjacent(layout, utah[0], "2813") {
		t.Errorf("Utah beach %v must be one hex next to 2713 and 2813", utah)
	}
	causeways := 0
	for _, hs := range s.Hexsides {
		if slices.Contains(hs.Features, Causeway) {
			causeways++
		}
	}
	if causeways != 4 {
		t.Errorf("9.11: four causeways at Utah, got %d", causeways)
	}
	var cherbourg []string
	for _, h := range s.Hexes {
		if h.Name == "Cherbourg" && h.Terrain == City {
			cherbourg = append(cherbourg, h.ID)
			if !slices.Contains(zone[ZoneCherbourg], h.ID) {
				t.Errorf("Cherbourg hex %s outside the cherbourg-region", h.ID)
			}
		}
	}
	if len(cherbourg) != 3 {
		t.Errorf("5.2: Cherbourg has 3 City hexes, got %v", cherbourg)
	}
	// S1.3.1 example 1: the peninsula's VP Towns and Cities (German side of the
	// 27 June line, or inside the Cherbourg perimeter) are worth 9 VP.
	vp := 0
	for _, h := range s.Hexes {
		eligible := !slices.Contains(zone[ZoneNorth27], h.ID) || slices.Contains(zone[ZoneCherbourg], h.ID)
		switch {
		case eligible && h.Terrain == Town:
			vp++
		case eligible && h.Terrain == City:
			vp += 2
		}
	}
	if vp != 9 {
		t.Errorf("S1.3.1: peninsula VP %d, want 9", vp)
	}
	if !slices.Contains(zone[ZoneNorth27], "2512") || slices.Contains(zone[ZoneNorth27], "2506") {
		t.Error("S3: Carentan lies north of the 27 June line, La-Haye-du-Puits south")
	}
	for _, h := range s.Hexes {
		if _, row := colRow(h.ID); row == 15 && h.Terrain != Sea && !slices.Contains(zone[ZoneNoEntry], h.ID) {
			t.Errorf("S3.1: land hex %s of row xx15 is not in the no-entry zone", h.ID)
		}
	}
	type arrival struct {
		turn     int
		at       string
		strength int
		ma       int
	}
	units := map[string]Unit{}
	for _, u := range s.Units {
		units[u.ID] = u
	}
	got := map[string]arrival{}
	for _, r := range s.Reinforcements {
		if u := units[r.Unit]; u.Side == German {
			got[r.Unit] = arrival{r.Turn, r.At, u.Steps[0].Strength, u.Steps[0].MA}
		}
	}
	want := map[string]arrival{
		"3/1050/77":  {5, "2506", 2, 3},
		"1049(-)/77": {6, "2506", 4, 3},
		"2/1050/77":  {6, "2506", 2, 3},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("S3.2.6: German reinforcements %v, want %v", got, want)
	}
	wantSpecial := []SpecialRule{
		{Kind: SpecialRange, Formation: "101-ab", From: 3, Within: 4, Hexes: []string{"2512"}},
		{Kind: SpecialRange, Formation: "82-ab", From: 3, Within: 3, Hexes: []string{"2710", "2810", "2811"}},
		{Kind: SpecialRemove, Formation: "6fj", Hexes: []string{"2512"}, Nationality: "us"},
		{Kind: SpecialNoMarker, Side: German, Names: []string{"trucks", "strategic-move"}},
		{Kind: SpecialSupply, Pool: "cherbourg-fortress", Points: 3},
	}
	for _, w := range wantSpecial {
		if !slices.ContainsFunc(s.Special, func(r SpecialRule) bool { return reflect.DeepEqual(r, w) }) {
			t.Errorf("S3 special rule missing: %+v", w)
		}
	}
	fj := 0
	for _, u := range s.Units {
		if u.Formation == "6fj" {
			fj++
		}
	}
	if fj != 2 {
		t.Errorf("S3.3 II: two 6FJ units, got %d", fj)
	}
	if !slices.Contains(s.Victory, VictoryRule{Kind: VictoryRequire, Side: Allied, Hex: "2512"}) ||
		!slices.Contains(s.Victory, VictoryRule{Kind: VictoryAutomatic}) {
		t.Errorf("S3.3 I: victory records %+v", s.Victory)
	}
}

func FuzzParseScenario(f *testing.F) {
	f.Add(readFile(f, "testdata/tiny.scn"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseScenario(data)
		if err != nil {
			if len(lineErrors(err)) == 0 {
				t.Fatalf("error without a LineError: %v", err)
			}
			return
		}
		out := s.Format()
		again, err := ParseScenario(out)
		if err != nil {
			t.Fatalf("Format output does not parse: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(s, again) {
			t.Fatalf("round trip differs:\n%+v\n%+v", s, again)
		}
	})
}
