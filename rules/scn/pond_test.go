package scn

import (
	"fmt"
	"io/fs"
	"slices"
)

// The tests read a tiny made-up game, "pond", whose scenarios hold
// water hexes, banks (hexsides), streams (paths) and creatures: records whose
// kind comes first, read through a Kinds table.
//
//	game pond
//	scenario spring
//	title Spring on the pond
//	layout square
//	turns 3
//
//	[water]
//	0101-0103 shallow
//	0201 deep "Middle"
//
//	[banks]
//	0101/0102 reeds
//
//	[streams]
//	brook 0101 0102 0103
//
//	[creatures]
//	frog 0101 size=2
//	heron 0201 hunts=frog

type pondWater struct {
	Hex, Depth, Name string
}

type pondCreature struct {
	Kind, Hex string
	Size      int
	Hunts     string
}

type pond struct {
	Parser
	headers   map[string]string
	water     []pondWater
	waterLine map[string]int
	banks     []string
	streams   [][]string
	creatures []pondCreature
}

var pondCreatures = Kinds[pondCreature]{What: "creature", Kinds: []Kind[pondCreature]{
	{Name: "frog", Syntax: "frog hex [size=n]", Read: readFrog},
	{Name: "heron", Syntax: "heron hex hunts=kind", Read: readHeron},
	{Name: "newt", Syntax: "newt hex", Read: readNewt},
}}

func readFrog(r Record) (pondCreature, bool) {
	c := pondCreature{Kind: "frog", Size: 1}
	if len(r.Args) < 1 || !r.HexRef(r.N, r.Args[0]) {
		if len(r.Args) < 1 {
			r.Bad()
		}
		return c, false
	}
	c.Hex = r.Args[0]
	ok := r.Fields(r.N, r.Args[1:], func(w, k, v string, kv bool) bool {
		if !kv || k != "size" {
			return r.Fail(ErrUnknown, "frog field %q (want size=n)", w)
		}
		var ok bool
		c.Size, ok = r.Int(r.N, "size", v, 1, 3)
		return ok
	})
	return c, ok
}

func readHeron(r Record) (pondCreature, bool) {
	c := pondCreature{Kind: "heron"}
	if len(r.Args) != 2 || !ValidHexID(r.Args[0]) {
		return c, r.Bad()
	}
	kv := r.KeyValues(r.N, r.Args[1:], "hunts")
	if kv == nil {
		return c, false
	}
	c.Hex, c.Hunts = r.Args[0], kv["hunts"]
	return c, true
}

func readNewt(r Record) (pondCreature, bool) {
	if len(r.Args) != 1 {
		return pondCreature{}, r.Bad()
	}
	return pondCreature{Kind: "newt", Hex: r.Args[0]}, true
}

func parsePond(data []byte) (*pond, error) {
	p := &pond{headers: map[string]string{}, waterLine: map[string]int{}}
	p.Read(data, Grammar{
		Game:     "pond",
		Headers:  []string{"game", "scenario", "title", "layout", "turns"},
		Required: []string{"game", "scenario", "title", "turns"},
		Maps:     true,
		Header: func(l Line, key, value string) {
			if key == "turns" {
				if _, ok := p.Int(l.N, "turns", value, 1, 9); !ok {
					return
				}
			}
			p.headers[key] = value
		},
		Sections: []Section{
			{Name: "water", Record: p.waterRecord},
			{Name: "banks", Record: func(l Line) { p.banks = append(p.banks, l.Words[0]) }},
			{Name: "streams", Record: func(l Line) { p.streams = append(p.streams, l.Words) }},
			{Name: "creatures", Record: func(l Line) {
				if c, ok := pondCreatures.Read(&p.Parser, l); ok {
					p.creatures = append(p.creatures, c)
				}
			}},
			{Name: "lilies", Record: func(Line) {}},
			{Name: "stones", Record: func(Line) {}},
			{Name: "notes", Record: func(Line) {}},
		},
	})
	return p, p.Err()
}

func (p *pond) waterRecord(l Line) {
	ids, ok := p.HexSpec(l.N, l.Words[0])
	if !ok {
		return
	}
	if len(l.Words) < 2 || (l.Words[1] != "shallow" && l.Words[1] != "deep") {
		p.Errf(l.N, ErrSyntax, "want: hex-or-run shallow|deep [\"Name\"]")
		return
	}
	w := pondWater{Depth: l.Words[1]}
	if len(l.Words) == 3 && l.Quoted[2] {
		w.Name = l.Words[2]
	}
	for _, id := range ids {
		if Once(&p.Parser, p.waterLine, id, l.N, "hex %s already described", id) {
			w.Hex = id
			p.water = append(p.water, w)
		}
	}
}

// pondMaps is the pond's shared map files: ".pond", with water, banks and
// streams; its layouts are "square" and "round".
var pondMaps = Maps{
	Game:    "pond",
	Ext:     ".pond",
	Headers: []string{"game", "map", "title", "provenance", "layout"},
	Layout: func(v string) error {
		if v != "square" && v != "round" {
			return fmt.Errorf("%w: layout %q (want square or round)", ErrUnknown, v)
		}
		return nil
	},
	Sections: []MapSection{
		{Name: "water", Clip: ClipHexFirst},
		{Name: "banks", Clip: ClipHexside},
		{Name: "streams", Clip: ClipPath},
		{Name: "lilies", Clip: ClipHexesAfter},
		{Name: "stones", Clip: ClipHexSecond},
		{Name: "notes"}, // not clipped
	},
}

const pondMap = `# the shared pond map
game pond
map big
title The big pond
provenance stand-in: all of it
layout square

[water]
0101-0106 shallow
0201-0203 deep
0204 deep "Middle"
0301-0306 shallow

[banks]
0101/0102 reeds
0102/0202 reeds
0203/0303 reeds

[streams]
brook 0101 0102 0103 0104 0105
creek 0201 0301 0302 0202 0203

[lilies]
white 0101-0106 0204 0305

[stones]
stone 0102
stone 0305 "Big"

[notes]
note 0909 anything
`

const pondScenario = `game pond
scenario spring
title Spring on the pond
map big
window 0101-0204
turns 3

[creatures]
frog 0101 size=2

[water]
0401 deep
`

func pondOpen(files map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		b, ok := files[name]
		if !ok {
			return nil, fs.ErrNotExist
		}
		return []byte(b), nil
	}
}

// errorTexts is the messages of the LineErrors joined in err.
func errorTexts(err error) []string {
	var out []string
	for _, le := range LineErrors(err) {
		out = append(out, le.Error())
	}
	return slices.Clip(out)
}
