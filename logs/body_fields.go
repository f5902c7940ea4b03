package logs

// The mapping between Body and its canonical JSON object: each field with its
// name, whether it is always written, and how to read and write it.

import (
	"fmt"
	"slices"
	"strconv"
)

// field describes one member of a struct encoded as a JSON object. The same
// table drives encoding and decoding so the two cannot drift apart.
type field[T any] struct {
	name string
	// always: emitted even when empty (the common fields); otherwise the field
	// is omitted when empty and must be present when decoding.
	always bool
	set    func(*T) bool // non-empty, for omitempty fields
	enc    func(*encoder, *T)
	dec    func(*decoder, string, *jvalue, *T) error
}

// sortFields puts a table in canonical key order once, at start-up.
func sortFields[T any](fs []field[T]) []field[T] {
	slices.SortFunc(fs, func(a, b field[T]) int { return compareUTF16(a.name, b.name) })
	return fs
}

func writeObject[T any](e *encoder, fs []field[T], v *T) {
	outer := e.path
	e.buf = append(e.buf, '{')
	first := true
	for i := range fs {
		f := &fs[i]
		if !f.always && !f.set(v) {
			continue
		}
		if !first {
			e.buf = append(e.buf, ',')
		}
		first = false
		e.buf = appendString(e.buf, f.name)
		e.buf = append(e.buf, ':')
		e.path = joinPath(outer, f.name)
		f.enc(e, v)
	}
	e.path = outer
	e.buf = append(e.buf, '}')
}

func joinPath(outer, name string) string {
	if outer == "" {
		return name
	}
	return outer + "." + name
}

func decodeObject[T any](d *decoder, path string, v *jvalue, fs []field[T], t *T) error {
	if v.kind != jObject {
		return d.typeErr(path, "object", v)
	}
	seen := make([]bool, len(fs))
	for i := range v.members {
		m := &v.members[i]
		j := slices.IndexFunc(fs, func(f field[T]) bool { return f.name == m.key })
		p := joinPath(path, m.key)
		if j < 0 {
			return fmt.Errorf("%w: unknown field %s", ErrMalformed, strconv.Quote(p))
		}
		seen[j] = true
		f := &fs[j]
		if err := f.dec(d, p, &m.val, t); err != nil {
			return err
		}
		if !f.always && !f.set(t) {
			d.note(m.keyOff, "field "+p+": empty value must be left out")
		}
	}
	for j := range fs {
		if fs[j].always && !seen[j] {
			return fmt.Errorf("%w: missing field %s", ErrMalformed, strconv.Quote(joinPath(path, fs[j].name)))
		}
	}
	return nil
}

// decoder converts parsed values to Go fields and keeps the first sign of a
// non-canonical encoding, to explain a mismatch.
type decoder struct {
	issue issue
}

func (d *decoder) note(off int, msg string) {
	if d.issue.msg == "" || off < d.issue.off {
		d.issue = issue{off: off, msg: msg}
	}
}

func (d *decoder) typeErr(path, want string, v *jvalue) error {
	return fmt.Errorf("%w: field %s: want %s, got %s", ErrMalformed, path, want, v.kind)
}

func (d *decoder) str(path string, v *jvalue) (string, error) {
	if v.kind != jString {
		return "", d.typeErr(path, "string", v)
	}
	return v.str, nil
}

func (d *decoder) int(path string, v *jvalue) (int64, error) {
	if v.kind != jNumber {
		return 0, d.typeErr(path, "integer", v)
	}
	return v.num, nil
}

func (d *decoder) strs(path string, v *jvalue) ([]string, error) {
	if v.kind != jArray {
		return nil, d.typeErr(path, "array of strings", v)
	}
	out := make([]string, len(v.elems))
	for i := range v.elems {
		if v.elems[i].kind != jString {
			return nil, d.typeErr(fmt.Sprintf("%s[%d]", path, i), "string", &v.elems[i])
		}
		out[i] = v.elems[i].str
	}
	return out, nil
}

func (d *decoder) ints(path string, v *jvalue) ([]int, error) {
	if v.kind != jArray {
		return nil, d.typeErr(path, "array of integers", v)
	}
	out := make([]int, len(v.elems))
	for i := range v.elems {
		if v.elems[i].kind != jNumber {
			return nil, d.typeErr(fmt.Sprintf("%s[%d]", path, i), "integer", &v.elems[i])
		}
		out[i] = int(v.elems[i].num)
	}
	return out, nil
}

// Field-table builders for the three kinds of Go field a body uses.

func strField[T any](name string, always bool, get func(*T) *string) field[T] {
	return field[T]{
		name:   name,
		always: always,
		set:    func(t *T) bool { return *get(t) != "" },
		enc:    func(e *encoder, t *T) { e.str(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			s, err := d.str(p, v)
			*get(t) = s
			return err
		},
	}
}

func intField[T any](name string, always bool, get func(*T) *int64) field[T] {
	return field[T]{
		name:   name,
		always: always,
		set:    func(t *T) bool { return *get(t) != 0 },
		enc:    func(e *encoder, t *T) { e.int(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			n, err := d.int(p, v)
			*get(t) = n
			return err
		},
	}
}

func strsField[T any](name string, get func(*T) *[]string) field[T] {
	return field[T]{
		name: name,
		set:  func(t *T) bool { return len(*get(t)) > 0 },
		enc:  func(e *encoder, t *T) { e.strs(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			ss, err := d.strs(p, v)
			*get(t) = ss
			return err
		},
	}
}

func intsField[T any](name string, get func(*T) *[]int) field[T] {
	return field[T]{
		name:   name,
		always: true, // Draw's slices have no omitempty; nil encodes as []
		enc:    func(e *encoder, t *T) { e.ints(*get(t)) },
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			ns, err := d.ints(p, v)
			*get(t) = ns
			return err
		},
	}
}

// objectsField encodes a slice of structs, omitted when empty.
func objectsField[T, E any](name string, fs *[]field[E], get func(*T) *[]E) field[T] {
	return field[T]{
		name: name,
		set:  func(t *T) bool { return len(*get(t)) > 0 },
		enc: func(e *encoder, t *T) {
			outer := e.path
			e.buf = append(e.buf, '[')
			for i := range *get(t) {
				if i > 0 {
					e.buf = append(e.buf, ',')
				}
				e.path = fmt.Sprintf("%s[%d]", outer, i)
				writeObject(e, *fs, &(*get(t))[i])
			}
			e.path = outer
			e.buf = append(e.buf, ']')
		},
		dec: func(d *decoder, p string, v *jvalue, t *T) error {
			if v.kind != jArray {
				return d.typeErr(p, "array of objects", v)
			}
			out := make([]E, len(v.elems))
			for i := range v.elems {
				if err := decodeObject(d, fmt.Sprintf("%s[%d]", p, i), &v.elems[i], *fs, &out[i]); err != nil {
					return err
				}
			}
			*get(t) = out
			return nil
		},
	}
}

var seatFields = sortFields([]field[Seat]{
	strField("seat", true, func(s *Seat) *string { return &s.Seat }),
	strField("key", false, func(s *Seat) *string { return &s.Key }),
	strField("head", false, func(s *Seat) *string { return &s.Head }),
	strField("name", false, func(s *Seat) *string { return &s.Name }),
	strField("mail", false, func(s *Seat) *string { return &s.Mail }),
})

var drawFields = sortFields([]field[Draw]{
	intField("epoch", true, func(d *Draw) *int64 { return &d.Epoch }),
	strField("for", true, func(d *Draw) *string { return &d.For }),
	intsField("sides", func(d *Draw) *[]int { return &d.Sides }),
	intsField("values", func(d *Draw) *[]int { return &d.Values }),
})

var bodyFields = sortFields([]field[Body]{
	{
		name:   "v",
		always: true,
		enc:    func(e *encoder, b *Body) { e.int(int64(b.V)) },
		dec: func(d *decoder, p string, v *jvalue, b *Body) error {
			n, err := d.int(p, v)
			if err != nil {
				return err
			}
			if err := checkVersion(n); err != nil {
				return err
			}
			b.V = int(n)
			return nil
		},
	},
	strField("game", true, func(b *Body) *string { return &b.Game }),
	intField("seq", true, func(b *Body) *int64 { return &b.Seq }),
	strField("prev", true, func(b *Body) *string { return &b.Prev }),
	strField("by", true, func(b *Body) *string { return &b.By }),
	strField("ts", true, func(b *Body) *string { return &b.TS }),
	strField("kind", true, func(b *Body) *string { return (*string)(&b.Kind) }),
	strField("state", true, func(b *Body) *string { return &b.State }),

	strField("rules", false, func(b *Body) *string { return &b.Rules }),
	strField("engine", false, func(b *Body) *string { return &b.Engine }),
	strField("variant", false, func(b *Body) *string { return &b.Variant }),
	strField("scenario", false, func(b *Body) *string { return &b.Scenario }),
	strField("digest", false, func(b *Body) *string { return &b.Digest }),
	strField("scenario_data", false, func(b *Body) *string { return &b.ScenarioData }),
	strsField("options", func(b *Body) *[]string { return &b.Options }),
	strField("dice", false, func(b *Body) *string { return (*string)(&b.Dice) }),
	objectsField("seats", &seatFields, func(b *Body) *[]Seat { return &b.Seats }),

	strField("key", false, func(b *Body) *string { return &b.Key }),
	strField("head", false, func(b *Body) *string { return &b.Head }),
	strField("name", false, func(b *Body) *string { return &b.Name }),
	strField("mail", false, func(b *Body) *string { return &b.Mail }),

	strsField("commands", func(b *Body) *[]string { return &b.Commands }),

	strField("link", false, func(b *Body) *string { return &b.Link }),
	intField("epoch", false, func(b *Body) *int64 { return &b.Epoch }),
	intField("request", false, func(b *Body) *int64 { return &b.Request }),
	objectsField("draws", &drawFields, func(b *Body) *[]Draw { return &b.Draws }),
	strField("seal", false, func(b *Body) *string { return &b.Seal }),
	strField("secret", false, func(b *Body) *string { return &b.Secret }),
	strField("box_key", false, func(b *Body) *string { return &b.BoxKey }),
	strField("box", false, func(b *Body) *string { return &b.Box }),

	strField("text", false, func(b *Body) *string { return &b.Text }),
	intField("to", false, func(b *Body) *int64 { return &b.To }),
})

// The strict JSON parser. encoding/json cannot report duplicate keys, key order
// or escape forms, so bodies are read by this small RFC 8259 parser instead.
