package ardennes44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// The [places], [special] and [victory] records: kinds, each with its own
// syntax (rules/scn.Kinds).

type placeRec struct {
	kind  string
	hexes []string
	entry Entry
	vict  VictoryHex
	start StartPosition
	brdg  NamedBridge
}

var placeKinds = scn.Kinds[placeRec]{What: "place", Kinds: []scn.Kind[placeRec]{
	{Name: "entry", Syntax: "entry HEX LETTER allied|german [se|sw|nw|ne]", Read: readEntry},
	{Name: "source", Syntax: "source HEX allied|german", Read: readSource},
	{Name: "victory", Syntax: "victory HEX east|liege|meuse|west", Read: readVictory},
	{Name: "start", Syntax: "start DIVISION HEX-OR-RUN...", Read: readStart},
	{Name: "bottleneck", Syntax: "bottleneck HEX", Read: oneHex("bottleneck")},
	{Name: "st-vith", Syntax: "st-vith HEX", Read: oneHex("st-vith")},
	{Name: "bastogne", Syntax: "bastogne HEX", Read: oneHex("bastogne")},
	{Name: "fuel-dump", Syntax: "fuel-dump HEX", Read: oneHex("fuel-dump")},
	{Name: "bridge", Syntax: `bridge HEX/HEX [n=N] "Name"`, Read: readBridge},
}}

func oneHex(kind string) func(r scn.Record) (placeRec, bool) {
	return func(r scn.Record) (placeRec, bool) {
		if len(r.Args) != 1 || !r.HexRef(r.N, r.Args[0]) {
			return placeRec{}, r.Bad()
		}
		return placeRec{kind: kind, hexes: r.Args}, true
	}
}

func readEntry(r scn.Record) (placeRec, bool) {
	if len(r.Args) < 3 || len(r.Args) > 4 || !r.HexRef(r.N, r.Args[0]) || len(r.Args[1]) != 1 || !validLetters(r.Args[1]) {
		return placeRec{}, r.Bad()
	}
	e := Entry{Hex: r.Args[0], Letter: r.Args[1], Side: Side(r.Args[2])}
	switch {
	case e.Side != German && e.Side != Allied:
		return placeRec{}, r.Bad()
	case e.Side == Allied && len(r.Args) != 4:
		return placeRec{}, r.Fail(ErrMissing, "an Allied entry hex names its Off-map Area's sector (13.4): se, sw, nw or ne")
	case e.Side == German && len(r.Args) == 4:
		return placeRec{}, r.Fail(ErrInvalid, "German units never enter Off-map Areas (11.9.2): no sector")
	}
	if len(r.Args) == 4 {
		if !slices.Contains(areas, r.Args[3]) {
			return placeRec{}, r.Bad()
		}
		e.Area = r.Args[3]
	}
	return placeRec{kind: "entry", hexes: []string{e.Hex}, entry: e}, true
}

// readSource reads a supply source that is no entry hex (23.2: the German
// balkenkreuz hexes of the East edge).
func readSource(r scn.Record) (placeRec, bool) {
	if len(r.Args) != 2 || !r.HexRef(r.N, r.Args[0]) || (r.Args[1] != string(German) && r.Args[1] != string(Allied)) {
		return placeRec{}, r.Bad()
	}
	return placeRec{kind: "source", hexes: r.Args[:1], entry: Entry{Hex: r.Args[0], Side: Side(r.Args[1])}}, true
}

func readVictory(r scn.Record) (placeRec, bool) {
	if len(r.Args) != 2 || !r.HexRef(r.N, r.Args[0]) || !slices.Contains([]string{"east", "liege", "meuse", "west"}, r.Args[1]) {
		return placeRec{}, r.Bad()
	}
	return placeRec{kind: "victory", hexes: r.Args[:1], vict: VictoryHex{Hex: r.Args[0], Kind: r.Args[1]}}, true
}

func readStart(r scn.Record) (placeRec, bool) {
	if len(r.Args) < 2 || !scn.ValidID(r.Args[0]) {
		return placeRec{}, r.Bad()
	}
	var hs []string
	for _, w := range r.Args[1:] {
		ids, ok := r.HexSpec(r.N, w)
		if !ok {
			return placeRec{}, false
		}
		hs = append(hs, ids...)
	}
	return placeRec{kind: "start", hexes: hs, start: StartPosition{Division: r.Args[0], Hexes: hs}}, true
}

func readBridge(r scn.Record) (placeRec, bool) {
	if len(r.Args) < 2 || len(r.Args) > 3 || !r.Quoted[len(r.Quoted)-1] {
		return placeRec{}, r.Bad()
	}
	a, b, ok := strings.Cut(r.Args[0], "/")
	if !ok || !r.HexRef(r.N, a) || !r.HexRef(r.N, b) {
		return placeRec{}, r.Bad()
	}
	nb := NamedBridge{Side: sideKey(a, b), Name: r.Args[len(r.Args)-1]}
	if len(r.Args) == 3 {
		n, ok := strings.CutPrefix(r.Args[1], "n=")
		if !ok {
			return placeRec{}, r.Bad()
		}
		if _, ok := smallNumber(n, 1, 9); !ok {
			return placeRec{}, r.Bad()
		}
		nb.Number = n
	}
	return placeRec{kind: "bridge", hexes: []string{a, b}, brdg: nb}, true
}

// sideKey is a hexside as the state writes it: the lower id first.
func sideKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "/" + b
}

func (p *parser) place(l scn.Line) {
	rec, ok := placeKinds.Read(p.Parser, l)
	if !ok {
		return
	}
	p.placeLines = append(p.placeLines, placeLine{l.N, rec.hexes})
	s := p.s
	switch rec.kind {
	case "entry":
		s.Entries = append(s.Entries, rec.entry)
	case "source":
		s.Sources = append(s.Sources, rec.entry)
	case "victory":
		s.Victory = append(s.Victory, rec.vict)
	case "start":
		if i := slices.IndexFunc(s.Starts, func(sp StartPosition) bool { return sp.Division == rec.start.Division }); i >= 0 {
			s.Starts[i].Hexes = append(s.Starts[i].Hexes, rec.start.Hexes...)
		} else {
			s.Starts = append(s.Starts, rec.start)
		}
	case "bottleneck":
		s.Bottleneck = append(s.Bottleneck, rec.hexes[0])
	case "st-vith":
		if s.StVith != "" {
			p.Errf(l.N, ErrDuplicate, "St-Vith already named")
		}
		s.StVith = rec.hexes[0]
	case "bastogne":
		s.Bastogne = append(s.Bastogne, rec.hexes[0])
	case "fuel-dump":
		s.FuelDumps = append(s.FuelDumps, rec.hexes[0])
	case "bridge":
		s.Bridges = append(s.Bridges, rec.brdg)
	}
}

type placeLine struct {
	n     int
	hexes []string
}

// Special are the scenario's special rules ([special]).
type Special struct {
	Blown    []string // bridges blown at the start (S1.4 #1-4, S4.3 E)
	Building []string // bridges under construction, on their Working side (7.9, S1.4)
	Ouren    string   // the bridge checked the first time a German unit crosses it (7.7)
	// NoSetup: units that may not be set up in these hexes (S1.3).
	NoSetup []NoSetup
	// Traffic is how many numbered Traffic (Allied) and Greif (German)
	// markers each side has (24.1, AMB-56).
	Traffic map[Side]int
	// PreludeTraffic: before the game the Allies place this many Traffic
	// markers anywhere and roll PreludeRolls removal rolls (S4.3 B).
	PreludeTraffic, PreludeRolls int
	// Surrender: isolated groups the game starts with, their points (S4.3 F).
	Surrender []SurrenderGroup
	// Control: hexes a side controls at the start whoever's start position
	// they lie in (AMB-42): a scenario that opens behind a moved front (S4).
	Control []StartControl
}

// StartControl gives a side the control of hexes at the start.
type StartControl struct {
	Side  Side
	Hexes []string
}

// NoSetup forbids units some hexes at the set-up (S1.3).
type NoSetup struct {
	Units []string
	Hexes []string
}

// SurrenderGroup is a set of units out of supply at the start, with the
// Surrender Points their group has (S4.3 F, AMB-57).
type SurrenderGroup struct {
	Units  []string
	Points int
}

type specialRec struct {
	kind  string
	side  string
	units []string
	hexes []string
	n, k  int
	sides map[Side]int
	owner Side
}

var specialKinds = scn.Kinds[specialRec]{What: "special rule", Kinds: []scn.Kind[specialRec]{
	{Name: "blown", Syntax: "blown HEX/HEX", Read: readBridgeRule("blown")},
	{Name: "building", Syntax: "building HEX/HEX", Read: readBridgeRule("building")},
	{Name: "ouren", Syntax: "ouren HEX/HEX", Read: readBridgeRule("ouren")},
	{Name: "no-setup", Syntax: "no-setup UNIT... in HEX...", Read: readNoSetup},
	{Name: "traffic", Syntax: "traffic german=N allied=N", Read: readTraffic},
	{Name: "prelude-traffic", Syntax: "prelude-traffic markers=N rolls=N", Read: readPrelude},
	{Name: "surrender", Syntax: "surrender UNIT... points=N", Read: readSurrender},
	{Name: "control", Syntax: "control german|allied HEX...", Read: readControl},
}}

func readControl(r scn.Record) (specialRec, bool) {
	if len(r.Args) < 2 || (r.Args[0] != string(German) && r.Args[0] != string(Allied)) {
		return specialRec{}, r.Bad()
	}
	rec := specialRec{kind: "control", owner: Side(r.Args[0])}
	for _, w := range r.Args[1:] {
		ids, ok := r.HexSpec(r.N, w)
		if !ok {
			return specialRec{}, false
		}
		rec.hexes = append(rec.hexes, ids...)
	}
	return rec, true
}

func readBridgeRule(kind string) func(r scn.Record) (specialRec, bool) {
	return func(r scn.Record) (specialRec, bool) {
		if len(r.Args) != 1 {
			return specialRec{}, r.Bad()
		}
		a, b, ok := strings.Cut(r.Args[0], "/")
		if !ok || !r.HexRef(r.N, a) || !r.HexRef(r.N, b) {
			return specialRec{}, r.Bad()
		}
		return specialRec{kind: kind, side: sideKey(a, b), hexes: []string{a, b}}, true
	}
}

func readNoSetup(r scn.Record) (specialRec, bool) {
	i := slices.Index(r.Args, "in")
	if i < 1 || i == len(r.Args)-1 {
		return specialRec{}, r.Bad()
	}
	rec := specialRec{kind: "no-setup", units: r.Args[:i]}
	for _, w := range r.Args[i+1:] {
		ids, ok := r.HexSpec(r.N, w)
		if !ok {
			return specialRec{}, false
		}
		rec.hexes = append(rec.hexes, ids...)
	}
	return rec, true
}

func readTraffic(r scn.Record) (specialRec, bool) {
	kv := r.KeyValues(r.N, r.Args, "german", "allied")
	if kv == nil {
		return specialRec{}, false
	}
	g, okG := smallNumber(kv["german"], 0, 9)
	a, okA := smallNumber(kv["allied"], 0, 9)
	if !okG || !okA {
		return specialRec{}, r.Bad()
	}
	return specialRec{kind: "traffic", sides: map[Side]int{German: g, Allied: a}}, true
}

func readPrelude(r scn.Record) (specialRec, bool) {
	kv := r.KeyValues(r.N, r.Args, "markers", "rolls")
	if kv == nil {
		return specialRec{}, false
	}
	n, okN := smallNumber(kv["markers"], 1, 9)
	k, okK := smallNumber(kv["rolls"], 1, 9)
	if !okN || !okK {
		return specialRec{}, r.Bad()
	}
	return specialRec{kind: "prelude-traffic", n: n, k: k}, true
}

func readSurrender(r scn.Record) (specialRec, bool) {
	if len(r.Args) < 2 {
		return specialRec{}, r.Bad()
	}
	pts, ok := strings.CutPrefix(r.Args[len(r.Args)-1], "points=")
	n, okN := smallNumber(pts, 0, 5)
	if !ok || !okN {
		return specialRec{}, r.Bad()
	}
	return specialRec{kind: "surrender", units: r.Args[:len(r.Args)-1], n: n}, true
}

func (p *parser) special(l scn.Line) {
	rec, ok := specialKinds.Read(p.Parser, l)
	if !ok {
		return
	}
	sp := &p.s.Special
	p.specialLines = append(p.specialLines, specialLine{l.N, rec})
	switch rec.kind {
	case "blown":
		sp.Blown = append(sp.Blown, rec.side)
	case "building":
		sp.Building = append(sp.Building, rec.side)
	case "ouren":
		if sp.Ouren != "" {
			p.Errf(l.N, ErrDuplicate, "the Ouren bridge already named")
		}
		sp.Ouren = rec.side
	case "no-setup":
		sp.NoSetup = append(sp.NoSetup, NoSetup{Units: rec.units, Hexes: rec.hexes})
	case "traffic":
		sp.Traffic = rec.sides
	case "prelude-traffic":
		sp.PreludeTraffic, sp.PreludeRolls = rec.n, rec.k
	case "surrender":
		sp.Surrender = append(sp.Surrender, SurrenderGroup{Units: rec.units, Points: rec.n})
	case "control":
		sp.Control = append(sp.Control, StartControl{Side: rec.owner, Hexes: rec.hexes})
	}
}

type specialLine struct {
	n   int
	rec specialRec
}

// VictoryRule is the scenario's victory conditions ([victory]).
type VictoryRule struct {
	// Campaign: 30.2 (exit of 24 AF through F or G, Liege, 4 of the 6
	// Meuse towns, 6 West-sheet victory hexes) and 30.3 (the Allies hold 3
	// German start positions two Victory Phases running).
	Campaign bool
	// VP: the German player wins with at least VP victory points at the
	// end: 1 a victory hex of kind east, 1 per 4 AF exited (S2.4, S3.4).
	VP int
	// BastogneDraw: a draw when the Allies cannot trace Road Supply from
	// both Bastogne hexes (S4.4).
	BastogneDraw bool
	// Extended: the Germans also win holding Bastogne and 4 West-sheet
	// victory hexes at the end (S5.2).
	Extended bool
}

var victoryKinds = scn.Kinds[VictoryRule]{What: "victory record", Kinds: []scn.Kind[VictoryRule]{
	{Name: "campaign", Syntax: "campaign", Read: func(r scn.Record) (VictoryRule, bool) {
		return VictoryRule{Campaign: true}, len(r.Args) == 0 || r.Bad()
	}},
	{Name: "vp", Syntax: "vp N", Read: func(r scn.Record) (VictoryRule, bool) {
		if len(r.Args) != 1 {
			return VictoryRule{}, r.Bad()
		}
		n, ok := r.Int(r.N, "vp", r.Args[0], 1, 99)
		return VictoryRule{VP: n}, ok
	}},
	{Name: "bastogne-draw", Syntax: "bastogne-draw", Read: func(r scn.Record) (VictoryRule, bool) {
		return VictoryRule{BastogneDraw: true}, len(r.Args) == 0 || r.Bad()
	}},
	{Name: "extended", Syntax: "extended", Read: func(r scn.Record) (VictoryRule, bool) {
		return VictoryRule{Extended: true}, len(r.Args) == 0 || r.Bad()
	}},
}}

func (p *parser) victory(l scn.Line) {
	v, ok := victoryKinds.Read(p.Parser, l)
	if !ok {
		return
	}
	w := &p.s.Win
	w.Campaign = w.Campaign || v.Campaign
	w.BastogneDraw = w.BastogneDraw || v.BastogneDraw
	w.Extended = w.Extended || v.Extended
	if v.VP > 0 {
		w.VP = v.VP
	}
}
