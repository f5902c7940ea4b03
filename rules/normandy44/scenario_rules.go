package normandy44

import (
	"slices"
	"strings"

	"github.com/pbem-referee/pbem/rules/scn"
)

// The [special] and [victory] records: a scenario's own rules. Each record
// starts with its kind; the tables give each kind's syntax and reader, in the
// order messages list them (docs/scenario-format.md).

var specialRecords = scn.Kinds[SpecialRule]{What: "special rule", Kinds: []scn.Kind[SpecialRule]{
	{Name: string(SpecialInvasion), Syntax: "invasion beach...", Read: readInvasion},
	{Name: string(SpecialRange), Syntax: "range formation from=turn within=n of=hex[,hex...]", Read: readRange},
	{Name: string(SpecialNoEntry), Syntax: "no-entry zone", Read: readNoEntry},
	{Name: string(SpecialNoCross), Syntax: "no-cross side zone", Read: readNoCross},
	{Name: string(SpecialNoMarker), Syntax: "no-marker side trucks|strategic-move...", Read: readNoMarker},
	{Name: string(SpecialRemove), Syntax: "remove formation when=hex by=nationality", Read: readRemove},
	{Name: string(SpecialSupply), Syntax: "supply marker points", Read: readSupply},
	{Name: string(SpecialPanzer21), Syntax: "panzer-21 formation", Read: readPanzer21},
	{Name: string(SpecialSupport), Syntax: "support us|cw air=n naval=n", Read: readSupport},
}}

func (p *parser) special(l scn.Line) {
	r, ok := specialRecords.Read(p.Parser, l)
	if !ok {
		return
	}
	if r.Kind == SpecialSupport && slices.ContainsFunc(p.s.Special, func(o SpecialRule) bool {
		return o.Kind == SpecialSupport && o.Nationality == r.Nationality
	}) {
		p.Errf(l.N, ErrDuplicate, "support %s given twice", r.Nationality)
		return
	}
	p.specialLines = append(p.specialLines, l.N)
	p.s.Special = append(p.s.Special, r)
}

func readInvasion(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialInvasion}
	if len(r.Args) == 0 {
		return v, r.Bad()
	}
	for _, b := range r.Args {
		if _, ok := beaches[b]; !ok || slices.Contains(v.Names, b) {
			return v, r.Fail(ErrUnknown, "%q is not a beach, or is named twice", b)
		}
		v.Names = append(v.Names, b)
	}
	return v, true
}

func readRange(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialRange}
	if len(r.Args) != 4 || !scn.ValidID(r.Args[0]) {
		return v, r.Bad()
	}
	v.Formation = r.Args[0]
	kv := r.KeyValues(r.N, r.Args[1:], "from", "within", "of")
	if kv == nil {
		return v, false
	}
	var ok1, ok2 bool
	v.From, ok1 = r.Int(r.N, "from", kv["from"], 1, 99)
	v.Within, ok2 = r.Int(r.N, "within", kv["within"], 0, 99)
	if !ok1 || !ok2 {
		return v, false
	}
	for _, h := range strings.Split(kv["of"], ",") {
		if !r.HexRef(r.N, h) {
			return v, false
		}
		v.Hexes = append(v.Hexes, h)
	}
	return v, true
}

func readNoEntry(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialNoEntry}
	if len(r.Args) != 1 {
		return v, r.Bad()
	}
	v.Zone = r.Args[0]
	return v, true
}

func readNoCross(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialNoCross}
	if len(r.Args) != 2 || !readSide(r, r.Args[0], &v.Side) {
		return v, r.Bad()
	}
	v.Zone = r.Args[1]
	return v, true
}

func readNoMarker(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialNoMarker}
	if len(r.Args) < 2 || !readSide(r, r.Args[0], &v.Side) {
		return v, r.Bad()
	}
	for _, m := range r.Args[1:] {
		if !withheldMarkers[m] || slices.Contains(v.Names, m) {
			return v, r.Fail(ErrUnknown, "marker %q (want trucks or strategic-move, once each)", m)
		}
		v.Names = append(v.Names, m)
	}
	return v, true
}

func readRemove(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialRemove}
	if len(r.Args) != 3 || !scn.ValidID(r.Args[0]) {
		return v, r.Bad()
	}
	v.Formation = r.Args[0]
	kv := r.KeyValues(r.N, r.Args[1:], "when", "by")
	if kv == nil || !r.HexRef(r.N, kv["when"]) {
		return v, false
	}
	v.Hexes = []string{kv["when"]}
	v.Nationality = kv["by"]
	if _, ok := nationalities[v.Nationality]; !ok {
		return v, r.Fail(ErrUnknown, "nationality %q", v.Nationality)
	}
	return v, true
}

// readPanzer21 names the formation that is the 21st Panzer Division (20.4).
func readPanzer21(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialPanzer21}
	if len(r.Args) != 1 || !scn.ValidID(r.Args[0]) {
		return v, r.Bad()
	}
	v.Formation = r.Args[0]
	return v, true
}

func readSupply(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialSupply}
	if len(r.Args) != 2 {
		return v, r.Bad()
	}
	if !supplyPools[r.Args[0]] {
		return v, r.Fail(ErrUnknown, "SupP marker %q (want 7th-army, cherbourg-fortress, pz-west, us-1st-army or gb-2nd-army)", r.Args[0])
	}
	v.Pool = r.Args[0]
	n, ok := r.Int(r.N, "supply points", r.Args[1], 0, 19)
	v.Points = n
	return v, ok
}

// readSupport reads S3.2.4's cap: the most air and naval markers an army has
// a turn, below what the Weather table gives (19.1.1, 19.2.1).
func readSupport(r scn.Record) (SpecialRule, bool) {
	v := SpecialRule{Kind: SpecialSupport}
	if len(r.Args) != 3 || (r.Args[0] != "us" && r.Args[0] != "cw") {
		return v, r.Bad()
	}
	v.Nationality = r.Args[0]
	kv := r.KeyValues(r.N, r.Args[1:], "air", "naval")
	if kv == nil {
		return v, false
	}
	var ok1, ok2 bool
	v.Air, ok1 = r.Int(r.N, "air", kv["air"], 0, 3)
	v.Naval, ok2 = r.Int(r.N, "naval", kv["naval"], 0, 2)
	return v, ok1 && ok2
}

// readSide reads a side word; a wrong one is reported.
func readSide(r scn.Record, w string, s *Side) bool {
	if Side(w) != Allied && Side(w) != German {
		return r.Fail(ErrUnknown, "side %q (want allied or german)", w)
	}
	*s = Side(w)
	return true
}

var victoryRecords = scn.Kinds[VictoryRule]{What: "victory record", Kinds: []scn.Kind[VictoryRule]{
	{Name: string(VictoryAutomatic), Syntax: "automatic yes|no", Read: readAutomatic},
	{Name: string(VictoryDefault), Syntax: "default side", Read: readDefault},
	{Name: string(VictoryRequire), Syntax: "require side control hex", Read: readRequire},
	{Name: string(VictoryOccupy), Syntax: "occupy side zone turn=n [supplied] [non-hq]", Read: readOccupy},
	{Name: string(VictoryCutOff), Syntax: "cut-off side \"City\"", Read: readCutOff},
	{Name: string(VictoryVP), Syntax: "vp side hex points", Read: readVP},
	{Name: string(VictoryThreshold), Syntax: "threshold side points", Read: readThreshold},
	{Name: string(VictorySevenTurn), Syntax: "seven-turn", Read: readSevenTurn},
}}

func (p *parser) victory(l scn.Line) {
	v, ok := victoryRecords.Read(p.Parser, l)
	if !ok {
		return
	}
	p.victoryLines = append(p.victoryLines, l.N)
	p.s.Victory = append(p.s.Victory, v)
}

// readAutomatic: whether automatic victory (23.0) applies.
func readAutomatic(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryAutomatic}
	if len(r.Args) != 1 || (r.Args[0] != "yes" && r.Args[0] != "no") {
		return v, r.Bad()
	}
	v.Automatic = r.Args[0] == "yes"
	return v, true
}

// readSevenTurn: the Allied VP of the 7-turn scenario decide (S2.2).
func readSevenTurn(r scn.Record) (VictoryRule, bool) {
	if len(r.Args) != 0 {
		return VictoryRule{}, r.Bad()
	}
	return VictoryRule{Kind: VictorySevenTurn}, true
}

// sided reads the side that starts most victory records into v, and returns
// the words after it.
func sided(r scn.Record, v *VictoryRule) ([]string, bool) {
	if len(r.Args) == 0 {
		return nil, r.Bad()
	}
	if !readSide(r, r.Args[0], &v.Side) {
		return nil, false
	}
	return r.Args[1:], true
}

func readDefault(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryDefault}
	args, ok := sided(r, &v)
	if ok && len(args) != 0 {
		return v, r.Bad()
	}
	return v, ok
}

func readRequire(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryRequire}
	args, ok := sided(r, &v)
	switch {
	case !ok:
		return v, false
	case len(args) != 2 || args[0] != "control":
		return v, r.Bad()
	case !r.HexRef(r.N, args[1]):
		return v, false
	}
	v.Hex = args[1]
	return v, true
}

func readOccupy(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryOccupy}
	args, ok := sided(r, &v)
	if !ok {
		return v, false
	}
	if len(args) < 2 {
		return v, r.Bad()
	}
	v.Zone = args[0]
	for _, w := range args[1:] {
		k, val, kv := scn.KeyValue(w)
		switch {
		case kv && k == "turn" && v.Turn == 0:
			t, ok := r.Int(r.N, "turn", val, 1, 99)
			if !ok {
				return v, false
			}
			v.Turn = t
		case w == "supplied" && !v.Supplied:
			v.Supplied = true
		case w == "non-hq" && !v.NonHQ:
			v.NonHQ = true
		default:
			return v, r.Fail(ErrUnknown, "%q (want turn=n, supplied, non-hq, once each)", w)
		}
	}
	if v.Turn == 0 {
		return v, r.Fail(ErrMissing, "occupy needs turn=n: the End Phase it is checked in")
	}
	return v, true
}

func readCutOff(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryCutOff}
	args, ok := sided(r, &v)
	switch {
	case !ok:
		return v, false
	case len(args) != 1 || !r.Quoted[len(r.Words)-1] || !scn.ValidText(args[0]):
		return v, r.Bad()
	}
	v.Place = args[0]
	return v, true
}

func readVP(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryVP}
	args, ok := sided(r, &v)
	switch {
	case !ok:
		return v, false
	case len(args) != 2:
		return v, r.Bad()
	case !r.HexRef(r.N, args[0]):
		return v, false
	}
	v.Hex = args[0]
	v.Points, ok = r.Int(r.N, "points", args[1], 1, 99)
	return v, ok
}

func readThreshold(r scn.Record) (VictoryRule, bool) {
	v := VictoryRule{Kind: VictoryThreshold}
	args, ok := sided(r, &v)
	switch {
	case !ok:
		return v, false
	case len(args) != 1:
		return v, r.Bad()
	}
	v.Points, ok = r.Int(r.N, "points", args[0], 1, 999)
	return v, ok
}
