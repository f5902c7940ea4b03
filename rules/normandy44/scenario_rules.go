package normandy44

import (
	"slices"
	"strings"
)

// The [special] and [victory] records: a scenario's own rules.

var specialSyntax = map[SpecialKind]string{
	SpecialInvasion: "invasion beach...",
	SpecialRange:    "range formation from=turn within=n of=hex[,hex...]",
	SpecialNoEntry:  "no-entry zone",
	SpecialNoCross:  "no-cross side zone",
	SpecialNoMarker: "no-marker side trucks|strategic-move...",
	SpecialRemove:   "remove formation when=hex by=nationality",
	SpecialSupply:   "supply marker points",
	SpecialPanzer21: "panzer-21 formation",
	SpecialSupport:  "support us|cw air=n naval=n",
}

func (p *parser) special(l line) {
	kind := SpecialKind(l.words[0])
	if !specialKinds[kind] {
		p.errf(l.n, ErrUnknown, "special rule %q (want invasion, range, no-entry, no-cross, no-marker, remove, supply, panzer-21 or support)", l.words[0])
		return
	}
	args := l.words[1:]
	r := SpecialRule{Kind: kind}
	bad := func() {
		p.errf(l.n, ErrSyntax, "want: %s", specialSyntax[kind])
	}
	switch kind {
	case SpecialInvasion:
		if len(args) == 0 {
			bad()
			return
		}
		for _, b := range args {
			if _, ok := beaches[b]; !ok || slices.Contains(r.Names, b) {
				p.errf(l.n, ErrUnknown, "%q is not a beach, or is named twice", b)
				return
			}
			r.Names = append(r.Names, b)
		}
	case SpecialRange:
		if len(args) != 4 || !validName(args[0]) {
			bad()
			return
		}
		r.Formation = args[0]
		kv := p.keyValues(l.n, args[1:], "from", "within", "of")
		if kv == nil {
			return
		}
		var ok1, ok2 bool
		r.From, ok1 = p.int(l.n, "from", kv["from"], 1, 99)
		r.Within, ok2 = p.int(l.n, "within", kv["within"], 0, 99)
		if !ok1 || !ok2 {
			return
		}
		for _, h := range strings.Split(kv["of"], ",") {
			if !p.hexRef(l.n, h) {
				return
			}
			r.Hexes = append(r.Hexes, h)
		}
	case SpecialNoEntry:
		if len(args) != 1 {
			bad()
			return
		}
		r.Zone = args[0]
	case SpecialNoCross:
		if len(args) != 2 || !p.side(l.n, args[0], &r.Side) {
			bad()
			return
		}
		r.Zone = args[1]
	case SpecialNoMarker:
		if len(args) < 2 || !p.side(l.n, args[0], &r.Side) {
			bad()
			return
		}
		for _, m := range args[1:] {
			if !withheldMarkers[m] || slices.Contains(r.Names, m) {
				p.errf(l.n, ErrUnknown, "marker %q (want trucks or strategic-move, once each)", m)
				return
			}
			r.Names = append(r.Names, m)
		}
	case SpecialRemove:
		if len(args) != 3 || !validName(args[0]) {
			bad()
			return
		}
		r.Formation = args[0]
		kv := p.keyValues(l.n, args[1:], "when", "by")
		if kv == nil || !p.hexRef(l.n, kv["when"]) {
			return
		}
		r.Hexes = []string{kv["when"]}
		r.Nationality = kv["by"]
		if _, ok := nationalities[r.Nationality]; !ok {
			p.errf(l.n, ErrUnknown, "nationality %q", r.Nationality)
			return
		}
	case SpecialPanzer21:
		if len(args) != 1 || !validName(args[0]) {
			bad()
			return
		}
		r.Formation = args[0] // 20.4
	case SpecialSupply:
		if len(args) != 2 {
			bad()
			return
		}
		if !supplyPools[args[0]] {
			p.errf(l.n, ErrUnknown, "SupP marker %q (want 7th-army, cherbourg-fortress, pz-west, us-1st-army or gb-2nd-army)", args[0])
			return
		}
		r.Pool = args[0]
		n, ok := p.int(l.n, "supply points", args[1], 0, 19)
		if !ok {
			return
		}
		r.Points = n
	case SpecialSupport:
		// S3.2.4: the most air and naval markers an army has a turn, below
		// what the Weather table gives (19.1.1, 19.2.1).
		if len(args) != 3 || (args[0] != "us" && args[0] != "cw") {
			bad()
			return
		}
		r.Nationality = args[0]
		kv := p.keyValues(l.n, args[1:], "air", "naval")
		if kv == nil {
			return
		}
		var ok1, ok2 bool
		r.Air, ok1 = p.int(l.n, "air", kv["air"], 0, 3)
		r.Naval, ok2 = p.int(l.n, "naval", kv["naval"], 0, 2)
		if !ok1 || !ok2 {
			return
		}
		for _, o := range p.s.Special {
			if o.Kind == SpecialSupport && o.Nationality == r.Nationality {
				p.errf(l.n, ErrDuplicate, "support %s given twice", r.Nationality)
				return
			}
		}
	}
	p.specialLines = append(p.specialLines, l.n)
	p.s.Special = append(p.s.Special, r)
}

// keyValues reads words that must be exactly the given keys, each once.
func (p *parser) keyValues(n int, words []string, keys ...string) map[string]string {
	out := map[string]string{}
	for _, w := range words {
		k, v, ok := keyValue(w)
		if !ok || !slices.Contains(keys, k) || v == "" {
			p.errf(n, ErrUnknown, "%q (want %s=...)", w, strings.Join(keys, "=..., "))
			return nil
		}
		if _, dup := out[k]; dup {
			p.errf(n, ErrDuplicate, "%s given twice", k)
			return nil
		}
		out[k] = v
	}
	if len(out) != len(keys) {
		p.errf(n, ErrMissing, "want all of %s", strings.Join(keys, ", "))
		return nil
	}
	return out
}

func (p *parser) side(n int, w string, s *Side) bool {
	if Side(w) != Allied && Side(w) != German {
		p.errf(n, ErrUnknown, "side %q (want allied or german)", w)
		return false
	}
	*s = Side(w)
	return true
}

var victorySyntax = map[VictoryKind]string{
	VictoryAutomatic: "automatic yes|no",
	VictoryDefault:   "default side",
	VictoryRequire:   "require side control hex",
	VictoryOccupy:    "occupy side zone turn=n [supplied] [non-hq]",
	VictoryCutOff:    "cut-off side \"City\"",
	VictoryVP:        "vp side hex points",
	VictoryThreshold: "threshold side points",
	VictorySevenTurn: "seven-turn",
}

func (p *parser) victory(l line) {
	kind := VictoryKind(l.words[0])
	if !victoryKinds[kind] {
		p.errf(l.n, ErrUnknown, "victory record %q (want automatic, default, require, occupy, cut-off, vp, threshold or seven-turn)", l.words[0])
		return
	}
	args := l.words[1:]
	v := VictoryRule{Kind: kind}
	bad := func() { p.errf(l.n, ErrSyntax, "want: %s", victorySyntax[kind]) }
	if kind == VictorySevenTurn {
		if len(args) != 0 {
			bad()
			return
		}
		p.victoryLines = append(p.victoryLines, l.n)
		p.s.Victory = append(p.s.Victory, v)
		return
	}
	if kind == VictoryAutomatic {
		if len(args) != 1 || (args[0] != "yes" && args[0] != "no") {
			bad()
			return
		}
		v.Automatic = args[0] == "yes"
		p.victoryLines = append(p.victoryLines, l.n)
		p.s.Victory = append(p.s.Victory, v)
		return
	}
	if len(args) == 0 || !p.side(l.n, args[0], &v.Side) {
		if len(args) == 0 {
			bad()
		}
		return
	}
	args = args[1:]
	switch kind {
	case VictoryDefault:
		if len(args) != 0 {
			bad()
			return
		}
	case VictoryRequire:
		if len(args) != 2 || args[0] != "control" {
			bad()
			return
		}
		if !p.hexRef(l.n, args[1]) {
			return
		}
		v.Hex = args[1]
	case VictoryOccupy:
		if len(args) < 2 {
			bad()
			return
		}
		v.Zone = args[0]
		for _, w := range args[1:] {
			k, val, kv := keyValue(w)
			switch {
			case kv && k == "turn" && v.Turn == 0:
				t, ok := p.int(l.n, "turn", val, 1, 99)
				if !ok {
					return
				}
				v.Turn = t
			case w == "supplied" && !v.Supplied:
				v.Supplied = true
			case w == "non-hq" && !v.NonHQ:
				v.NonHQ = true
			default:
				p.errf(l.n, ErrUnknown, "%q (want turn=n, supplied, non-hq, once each)", w)
				return
			}
		}
		if v.Turn == 0 {
			p.errf(l.n, ErrMissing, "occupy needs turn=n: the End Phase it is checked in")
			return
		}
	case VictoryCutOff:
		if len(args) != 1 || !l.quote[len(l.words)-1] || !validText(args[0]) {
			bad()
			return
		}
		v.Place = args[0]
	case VictoryVP:
		if len(args) != 2 || !p.hexRef(l.n, args[0]) {
			if len(args) != 2 {
				bad()
			}
			return
		}
		v.Hex = args[0]
		n, ok := p.int(l.n, "points", args[1], 1, 99)
		if !ok {
			return
		}
		v.Points = n
	case VictoryThreshold:
		if len(args) != 1 {
			bad()
			return
		}
		n, ok := p.int(l.n, "points", args[0], 1, 999)
		if !ok {
			return
		}
		v.Points = n
	}
	p.victoryLines = append(p.victoryLines, l.n)
	p.s.Victory = append(p.s.Victory, v)
}
