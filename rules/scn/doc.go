// Package scn is the scenario text toolkit shared by the games: the lexer
// (lines, comments, quoted words, key=value fields, the origin marks of
// assembled text), line errors and their sentinels, a parser frame that
// dispatches header lines, sections and kinds of record to a game's handlers,
// printed hex ids and their runs, shared map files cut to a window and
// assembled into one self-contained scenario, and the canonical writer.
//
// A game keeps its vocabulary (terrain, unit types, the kinds of its special
// and victory records) and its records; scn knows none of them. Every game
// writes the same kind of file (docs/scenario-format.md):
//
//	game pond                  # header lines: keyword and value
//	title A pond in spring     # '#' after a space starts a comment
//
//	[water]                    # sections, each at most once
//	0101-0104 shallow          # a hex run goes down one column
//	0201 deep "Middle"         # a quoted word may hold spaces
//
//	[creatures]
//	frog 0101 size=2           # key=value fields after the positional words
//
// The package is pure: it does no I/O, and files named by a scenario arrive
// through an open function.
package scn
