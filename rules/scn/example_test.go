package scn_test

import (
	"fmt"

	"github.com/pbem-referee/pbem/rules/scn"
)

// A game reads its scenario through a Grammar: its header keywords and its
// sections, each with the handler of its records, here a Kinds table.
func Example() {
	type frog struct {
		Hex  string
		Size int
	}
	creatures := scn.Kinds[frog]{What: "creature", Kinds: []scn.Kind[frog]{
		{Name: "frog", Syntax: "frog hex size=n", Read: func(r scn.Record) (frog, bool) {
			if len(r.Args) != 2 || !r.HexRef(r.N, r.Args[0]) {
				return frog{}, r.Bad()
			}
			kv := r.KeyValues(r.N, r.Args[1:], "size")
			if kv == nil {
				return frog{}, false
			}
			size, ok := r.Int(r.N, "size", kv["size"], 1, 3)
			return frog{r.Args[0], size}, ok
		}},
	}}
	var p scn.Parser
	var water []string
	var frogs []frog
	p.Read([]byte(`game pond
title A pond in spring     # a comment

[water]
0101-0103 shallow

[creatures]
frog 0102 size=2
frog 0103 size=9
toad 0101
`), scn.Grammar{
		Game:     "pond",
		Headers:  []string{"game", "title"},
		Required: []string{"game", "title"},
		Header:   func(l scn.Line, key, value string) { fmt.Printf("%s: %s\n", key, value) },
		Sections: []scn.Section{
			{Name: "water", Record: func(l scn.Line) {
				ids, _ := p.HexSpec(l.N, l.Words[0])
				water = append(water, ids...)
			}},
			{Name: "creatures", Record: func(l scn.Line) {
				if f, ok := creatures.Read(&p, l); ok {
					frogs = append(frogs, f)
				}
			}},
		},
	})
	fmt.Println(water, frogs)
	fmt.Println(p.Err())
	// Output:
	// game: pond
	// title: A pond in spring
	// [0101 0102 0103] [{0102 2}]
	// line 9: invalid: size 9 out of range 1..3
	// line 10: unknown keyword or value: creature "toad" (want frog)
}
