package rules

import (
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// The state hash is the SHA-256 of the bytes encoding/json writes for a
// state, and every recorded log holds hashes of exactly those bytes, so they
// may never change. Games hash their state after every entry, and
// encoding/json, which walks each field through reflection every time, cost
// a sixth of verifying a campaign (issue 18). appendState writes the same
// bytes from a plan made once per type, reading fields at their offsets.
//
// It covers what game states are made of: structs (embedding structs whose
// fields clash with none), bools, integers, strings, slices, arrays,
// pointers and maps keyed by strings. A type holding anything else (a
// float, an interface, a []byte, a Marshaler or TextMarshaler, an embedded
// pointer, a field name held twice, a tag option it does not know) is left
// whole to encoding/json, so it is never encoded otherwise.
// statejson_test.go checks the two byte for byte.

// encodeFunc appends the JSON of the value p points to.
type encodeFunc func(dst []byte, p unsafe.Pointer) []byte

// typePlan is how a state type is encoded: enc, and for a struct its fields
// (which StateHasher walks itself).
type typePlan struct {
	enc encodeFunc
	st  *structPlan
}

// plans holds each state type's plan, or nil for a type left to
// encoding/json.
var plans sync.Map // reflect.Type -> *typePlan

// encodeState returns the JSON encoding of state, as json.Marshal would.
func encodeState(state any) ([]byte, error) {
	v := reflect.ValueOf(state)
	if !v.IsValid() {
		return json.Marshal(state)
	}
	tp := planFor(v.Type())
	if tp == nil {
		return json.Marshal(state)
	}
	// The plan reads the value through a pointer: a copy it can address.
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return tp.enc(make([]byte, 0, 4096), p.UnsafePointer()), nil
}

func planFor(t reflect.Type) *typePlan {
	if tp, ok := plans.Load(t); ok {
		return tp.(*typePlan)
	}
	pl := planner{building: map[reflect.Type]*encodeFunc{}, structs: map[reflect.Type]*structPlan{}}
	var tp *typePlan
	if f, ok := pl.plan(t); ok {
		tp = &typePlan{enc: f, st: pl.structs[t]}
	}
	plans.Store(t, tp)
	return tp
}

// planner makes the encodeFunc of one type and the types inside it.
type planner struct {
	// building holds the types being planned, for a type that holds itself
	// (through a pointer, slice or map).
	building map[reflect.Type]*encodeFunc
	// structs holds the struct types' plans.
	structs map[reflect.Type]*structPlan
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// plan returns t's encodeFunc, and false when t is left to encoding/json.
func (pl *planner) plan(t reflect.Type) (encodeFunc, bool) {
	if f, ok := pl.building[t]; ok {
		return func(dst []byte, p unsafe.Pointer) []byte { return (*f)(dst, p) }, true
	}
	for _, m := range []reflect.Type{marshalerType, textMarshalerType} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			return nil, false
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return appendBool, true
	case reflect.Int:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendInt(dst, int64(*(*int)(p)), 10) }, true
	case reflect.Int8:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendInt(dst, int64(*(*int8)(p)), 10) }, true
	case reflect.Int16:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendInt(dst, int64(*(*int16)(p)), 10) }, true
	case reflect.Int32:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendInt(dst, int64(*(*int32)(p)), 10) }, true
	case reflect.Int64:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendInt(dst, *(*int64)(p), 10) }, true
	case reflect.Uint:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendUint(dst, uint64(*(*uint)(p)), 10) }, true
	case reflect.Uint16:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendUint(dst, uint64(*(*uint16)(p)), 10) }, true
	case reflect.Uint32:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendUint(dst, uint64(*(*uint32)(p)), 10) }, true
	case reflect.Uint64:
		return func(dst []byte, p unsafe.Pointer) []byte { return strconv.AppendUint(dst, *(*uint64)(p), 10) }, true
	case reflect.String:
		return appendStringAt, true
	case reflect.Pointer:
		return pl.planPointer(t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, false // encoding/json writes base64
		}
		return pl.planList(t, true)
	case reflect.Array:
		return pl.planList(t, false)
	case reflect.Map:
		return pl.planMap(t)
	case reflect.Struct:
		// A struct planned on its own before (a game's state, which every
		// Hash encodes) is not planned again inside another: planning a
		// state costs a process just started some 0.2 ms (issue 18).
		if tp, ok := plans.Load(t); ok {
			if tp := tp.(*typePlan); tp != nil {
				return tp.enc, true
			}
			return nil, false
		}
		return pl.planStruct(t)
	}
	// Floats, complex numbers, interfaces, uint8 and uintptr on their
	// own, channels, functions: encoding/json's.
	return nil, false
}

// hold plans t with a placeholder first, for the types inside it that hold t.
func (pl *planner) hold(t reflect.Type, plan func() (encodeFunc, bool)) (encodeFunc, bool) {
	var f encodeFunc
	pl.building[t] = &f
	defer delete(pl.building, t)
	g, ok := plan()
	f = g
	return g, ok
}

func (pl *planner) planPointer(t reflect.Type) (encodeFunc, bool) {
	return pl.hold(t, func() (encodeFunc, bool) {
		elem, ok := pl.plan(t.Elem())
		if !ok {
			return nil, false
		}
		return func(dst []byte, p unsafe.Pointer) []byte {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				return append(dst, "null"...)
			}
			return elem(dst, q)
		}, true
	})
}

// planList plans a slice (nil is null) or an array.
func (pl *planner) planList(t reflect.Type, slice bool) (encodeFunc, bool) {
	return pl.hold(t, func() (encodeFunc, bool) {
		elem, ok := pl.plan(t.Elem())
		if !ok {
			return nil, false
		}
		size := t.Elem().Size()
		length := 0
		if !slice {
			length = t.Len()
		}
		return func(dst []byte, p unsafe.Pointer) []byte {
			base, n := p, length
			if slice {
				h := (*sliceHeader)(p)
				if h.data == nil {
					return append(dst, "null"...)
				}
				base, n = h.data, h.len
			}
			dst = append(dst, '[')
			for i := range n {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = elem(dst, unsafe.Add(base, uintptr(i)*size))
			}
			return append(dst, ']')
		}, true
	})
}

// sliceHeader is the layout of every slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// planMap plans a map keyed by strings: its keys sorted, as encoding/json
// sorts them. States seldom hold one, so it goes through reflect.
func (pl *planner) planMap(t reflect.Type) (encodeFunc, bool) {
	if t.Key().Kind() != reflect.String {
		return nil, false
	}
	for _, m := range []reflect.Type{marshalerType, textMarshalerType} {
		if t.Key().Implements(m) || reflect.PointerTo(t.Key()).Implements(m) {
			return nil, false
		}
	}
	return pl.hold(t, func() (encodeFunc, bool) {
		elem, ok := pl.plan(t.Elem())
		if !ok {
			return nil, false
		}
		return func(dst []byte, p unsafe.Pointer) []byte {
			m := reflect.NewAt(t, p).Elem()
			if m.IsNil() {
				return append(dst, "null"...)
			}
			type kv struct {
				k string
				v reflect.Value
			}
			kvs := make([]kv, 0, m.Len())
			for it := m.MapRange(); it.Next(); {
				// A copy of the value, which a map does not let one address.
				v := reflect.New(t.Elem())
				v.Elem().Set(it.Value())
				kvs = append(kvs, kv{it.Key().String(), v})
			}
			slices.SortFunc(kvs, func(a, b kv) int { return strings.Compare(a.k, b.k) })
			dst = append(dst, '{')
			for i, e := range kvs {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = appendString(dst, e.k)
				dst = append(dst, ':')
				dst = elem(dst, e.v.UnsafePointer())
			}
			return append(dst, '}')
		}, true
	})
}

// structField is one field a struct's JSON may hold.
type structField struct {
	offset uintptr
	name   string // `"name":`
	omit   bool   // omitempty
	kind   reflect.Kind
	typ    reflect.Type
	enc    encodeFunc
	// records: the field is a slice of plain records (flatRecord), and
	// elemEnc encodes one (StateHasher keeps their JSON).
	records bool
	elemEnc encodeFunc
}

// flatRecord reports whether t is a struct whose JSON comes from its own
// bytes alone: every exported field a bool, an integer or a string (whose
// bytes never change). Two such records with the same bytes have the same
// JSON.
func flatRecord(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return false
	}
	for sf := range t.Fields() {
		if sf.Anonymous {
			return false // its fields are the record's in the JSON, whatever their kind
		}
		if !sf.IsExported() {
			continue
		}
		switch sf.Type.Kind() {
		case reflect.Bool, reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		default:
			return false
		}
	}
	return true
}

// empty is encoding/json's isEmptyValue, for the kinds a plan holds.
func (f *structField) empty(p unsafe.Pointer) bool {
	switch f.kind {
	case reflect.Bool:
		return !*(*bool)(p)
	case reflect.Int:
		return *(*int)(p) == 0
	case reflect.Int8, reflect.Uint8:
		return *(*uint8)(p) == 0
	case reflect.Int16, reflect.Uint16:
		return *(*uint16)(p) == 0
	case reflect.Int32, reflect.Uint32:
		return *(*uint32)(p) == 0
	case reflect.Int64, reflect.Uint64:
		return *(*uint64)(p) == 0
	case reflect.Uint:
		return *(*uint)(p) == 0
	case reflect.String:
		return len(*(*string)(p)) == 0
	case reflect.Slice:
		return (*sliceHeader)(p).len == 0
	case reflect.Pointer:
		return *(*unsafe.Pointer)(p) == nil
	case reflect.Map:
		return reflect.NewAt(f.typ, p).Elem().Len() == 0
	case reflect.Array:
		return f.typ.Len() == 0
	}
	return false // a struct is never empty
}

func (pl *planner) planStruct(t reflect.Type) (encodeFunc, bool) {
	return pl.hold(t, func() (encodeFunc, bool) {
		fields, ok := pl.planFields(t, 0, map[string]bool{})
		if !ok {
			return nil, false
		}
		sp := &structPlan{fields: fields}
		pl.structs[t] = sp
		return func(dst []byte, p unsafe.Pointer) []byte { return sp.append(dst, p, nil) }, true
	})
}

// planFields plans the fields of struct type t, at offset base in the
// struct written: its own, and in their place those of the structs it
// embeds (a game's state may gather some of its fields in one: Salerno
// '43's optional rules), as encoding/json promotes them. seen holds the
// names planned so far. encoding/json settles two fields of one name by
// their depth and tags; a plan holds none: such a struct is left to it, as
// is one that embeds a pointer, a struct under a tag of its own, or another
// type.
func (pl *planner) planFields(t reflect.Type, base uintptr, seen map[string]bool) ([]structField, bool) {
	var fields []structField
	for sf := range t.Fields() {
		if sf.Anonymous {
			if sf.Type.Kind() != reflect.Struct || sf.Tag.Get("json") != "" {
				return nil, false
			}
			promoted, ok := pl.planFields(sf.Type, base+sf.Offset, seen)
			if !ok {
				return nil, false
			}
			fields = append(fields, promoted...)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		}
		if !plainName(name) || seen[name] {
			return nil, false
		}
		seen[name] = true
		omit := false
		for o := range strings.SplitSeq(opts, ",") {
			switch o {
			case "":
			case "omitempty":
				omit = true
			default: // omitzero, string and what else may come
				return nil, false
			}
		}
		enc, ok := pl.plan(sf.Type)
		if !ok {
			return nil, false
		}
		f := structField{offset: base + sf.Offset, name: `"` + name + `":`, omit: omit, kind: sf.Type.Kind(), typ: sf.Type, enc: enc}
		if f.kind == reflect.Slice && flatRecord(sf.Type.Elem()) {
			f.records = true
			f.elemEnc, _ = pl.plan(sf.Type.Elem())
		}
		fields = append(fields, f)
	}
	return fields, true
}

// structPlan is the plan of a struct type: its fields in order.
type structPlan struct {
	fields []structField
}

// append appends the JSON of the struct p points to. With a hasher it takes
// the JSON of its lists of records from the hasher's memo.
func (sp *structPlan) append(dst []byte, p unsafe.Pointer, h *StateHasher) []byte {
	fields := sp.fields
	next := byte('{')
	for i := range fields {
		f := &fields[i]
		q := unsafe.Add(p, f.offset)
		// The kinds most fields are checked and written here, the
		// rest by their plans.
		switch f.kind {
		case reflect.Bool:
			b := *(*bool)(q)
			if !b && f.omit {
				continue
			}
			dst = append(append(dst, next), f.name...)
			if b {
				dst = append(dst, "true"...)
			} else {
				dst = append(dst, "false"...)
			}
		case reflect.String:
			s := *(*string)(q)
			if s == "" && f.omit {
				continue
			}
			dst = appendString(append(append(dst, next), f.name...), s)
		case reflect.Int:
			n := *(*int)(q)
			if n == 0 && f.omit {
				continue
			}
			dst = strconv.AppendInt(append(append(dst, next), f.name...), int64(n), 10)
		default:
			if f.omit && f.empty(q) {
				continue
			}
			if h != nil && f.records {
				dst = h.appendRecords(i, f, append(append(dst, next), f.name...), q)
			} else {
				dst = f.enc(append(append(dst, next), f.name...), q)
			}
		}
		next = ','
	}
	if next == '{' {
		return append(dst, "{}"...)
	}
	return append(dst, '}')
}

// plainName reports whether a field's JSON name is letters, digits, '_' and
// '-' only: a valid tag that HTML escaping leaves alone, as every state's is.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func appendBool(dst []byte, p unsafe.Pointer) []byte {
	if *(*bool)(p) {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

func appendStringAt(dst []byte, p unsafe.Pointer) []byte { return appendString(dst, *(*string)(p)) }

const hexDigits = "0123456789abcdef"

// plainByte is the ASCII that a JSON string holds as it is, HTML-escaped:
// encoding/json's htmlSafeSet.
var plainByte = func() (set [utf8.RuneSelf]bool) {
	for b := ' '; b < utf8.RuneSelf; b++ {
		set[b] = b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
	}
	return set
}()

// appendString is encoding/json's appendString with HTML escaping, as
// json.Marshal writes strings: '"' and '\\' escaped, the control characters
// as \b, \f, \n, \r, \t or \u00XX, '<', '>' and '&' as \u00XX, invalid UTF-8
// as \ufffd, and U+2028 and U+2029 escaped.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if plainByte[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
