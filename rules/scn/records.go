package scn

// Sections such as a game's [special] and [victory] hold records that start
// with their kind, each kind with its own syntax:
//
//	range 101-ab from=3 within=4 of=2512
//	vp allied 2512 2
//
// Kinds is the table from kind to reader, so that a game writes each kind's
// reader once and the lookup, the unknown-kind message and the syntax message
// once for all.

// Kind is one kind of record: its first word, its syntax for messages, and
// the reader of the rest of the line.
type Kind[T any] struct {
	Name   string
	Syntax string // e.g. "vp side hex points": the "want: ..." of a syntax error
	Read   func(r Record) (T, bool)
}

// Kinds is the table of a section's kinds of record.
type Kinds[T any] struct {
	What  string    // names the record in messages: "special rule", "victory record"
	Kinds []Kind[T] // in the order messages list them
}

// Record is one record being read: its line, the words after its kind, and
// the parser to report problems to.
type Record struct {
	*Parser
	Line
	Args   []string // the words after the kind
	Syntax string   // the kind's syntax
}

// Bad reports that the record does not follow its kind's syntax ("want:
// ..."), and returns false.
func (r Record) Bad() bool {
	r.Errf(r.N, ErrSyntax, "want: %s", r.Syntax)
	return false
}

// Fail reports a problem of class at the record's line, and returns false.
func (r Record) Fail(class error, format string, args ...any) bool {
	r.Errf(r.N, class, format, args...)
	return false
}

// Names lists the kinds' names in table order.
func (k Kinds[T]) Names() []string {
	names := make([]string, len(k.Kinds))
	for i, kind := range k.Kinds {
		names[i] = kind.Name
	}
	return names
}

// Read reads line l: it looks its first word up among the kinds and hands
// the record to that kind's reader. ok is false when the kind is unknown or
// its reader refuses the record; the problem is then reported to p.
func (k Kinds[T]) Read(p *Parser, l Line) (v T, ok bool) {
	for _, kind := range k.Kinds {
		if kind.Name == l.Words[0] {
			return kind.Read(Record{Parser: p, Line: l, Args: l.Words[1:], Syntax: kind.Syntax})
		}
	}
	p.Errf(l.N, ErrUnknown, "%s %q (want %s)", k.What, l.Words[0], OneOf(k.Names()...))
	return v, false
}
