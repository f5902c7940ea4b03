package rules

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// zoo holds every kind of field a state plan covers, each with and without
// omitempty where that differs.
type zoo struct {
	S      string                `json:"s"`
	SO     string                `json:"so,omitempty"`
	N      int                   `json:"n"`
	NO     int                   `json:"no,omitempty"`
	I8     int8                  `json:"i8,omitempty"`
	I16    int16                 `json:"i16"`
	I32    int32                 `json:"i32,omitempty"`
	I64    int64                 `json:"i64"`
	U      uint                  `json:"u,omitempty"`
	U16    uint16                `json:"u16"`
	U32    uint32                `json:"u32,omitempty"`
	U64    uint64                `json:"u64"`
	B      bool                  `json:"b"`
	BO     bool                  `json:"bo,omitempty"`
	Named  zooName               `json:"named,omitempty"`
	List   []string              `json:"list"`
	ListO  []zooName             `json:"list_o,omitempty"`
	Arr    [2]int                `json:"arr"`
	Arr0   [0]int                `json:"arr0,omitempty"`
	ArrO   [1]bool               `json:"arr_o,omitempty"`
	Ptr    *zooInner             `json:"ptr"`
	PtrO   *zooInner             `json:"ptr_o,omitempty"`
	PtrPtr **int                 `json:"pp,omitempty"`
	Inner  zooInner              `json:"inner"`
	InnerO zooInner              `json:"inner_o,omitempty"` // a struct is never empty
	Inners []zooInner            `json:"inners,omitempty"`
	M      map[string]int        `json:"m"`
	MO     map[zooName]*zooInner `json:"mo,omitempty"`
	Nested [][]int               `json:"nested"`
	NoTag  string
	Opts   int    `json:",omitempty"`
	Skip   string `json:"-"`
	Dash   string `json:"-,"`
	hidden string
}

type zooName string

// zooInner holds itself, as a recursive state type would.
type zooInner struct {
	A    string              `json:"a"`
	B    []int               `json:"b,omitempty"`
	Next *zooInner           `json:"next,omitempty"`
	Kids map[string]zooInner `json:"kids,omitempty"`
}

// zooString is a random string of the characters encoding/json escapes, or
// writes as they are: quotes, backslashes, control characters, HTML
// characters, multi-byte runes, U+2028 and U+2029, and invalid UTF-8.
func zooString(rnd *rand.Rand) string {
	parts := []string{"a", "Z", "0", " ", "\"", "\\", "/", "<", ">", "&", "\b", "\f", "\n", "\r", "\t", "\x00", "\x1f", "\x7f",
		"é", "Ż", "\u2028", "\u2029", "\u2027", "\u202a", "😀", "\xff", "\xc3", "\xe2\x80", "\ufffd", "'", "%", "}"}
	var b strings.Builder
	for range rnd.IntN(6) {
		b.WriteString(parts[rnd.IntN(len(parts))])
	}
	return b.String()
}

func zooInnerValue(rnd *rand.Rand, depth int) zooInner {
	in := zooInner{A: zooString(rnd)}
	if rnd.IntN(2) == 0 {
		in.B = []int{}
		for range rnd.IntN(3) {
			in.B = append(in.B, rnd.IntN(200)-100)
		}
	}
	if depth > 0 && rnd.IntN(3) == 0 {
		n := zooInnerValue(rnd, depth-1)
		in.Next = &n
	}
	if depth > 0 && rnd.IntN(3) == 0 {
		in.Kids = map[string]zooInner{}
		for range rnd.IntN(3) {
			in.Kids[zooString(rnd)] = zooInnerValue(rnd, depth-1)
		}
	}
	return in
}

func zooValue(rnd *rand.Rand) zoo {
	maybe := func() bool { return rnd.IntN(2) == 0 }
	num := func() int64 {
		switch rnd.IntN(4) {
		case 0:
			return 0
		case 1:
			return rnd.Int64() - rnd.Int64()
		}
		return rnd.Int64N(20) - 10
	}
	z := zoo{
		S: zooString(rnd), SO: zooString(rnd), N: int(num()), NO: int(num()),
		I8: int8(num()), I16: int16(num()), I32: int32(num()), I64: num(),
		U: uint(num()), U16: uint16(num()), U32: uint32(num()), U64: rnd.Uint64() >> rnd.IntN(64),
		B: maybe(), BO: maybe(), Named: zooName(zooString(rnd)),
		Arr: [2]int{int(num()), int(num())}, ArrO: [1]bool{maybe()},
		Inner: zooInnerValue(rnd, 2), InnerO: zooInnerValue(rnd, 1),
		NoTag: zooString(rnd), Opts: int(num()), Skip: "skipped", Dash: zooString(rnd), hidden: "hidden",
	}
	if maybe() {
		z.List = []string{}
		for range rnd.IntN(4) {
			z.List = append(z.List, zooString(rnd))
		}
	}
	if maybe() {
		z.ListO = []zooName{}
		for range rnd.IntN(3) {
			z.ListO = append(z.ListO, zooName(zooString(rnd)))
		}
	}
	if maybe() {
		in := zooInnerValue(rnd, 2)
		z.Ptr = &in
	}
	if maybe() {
		in := zooInnerValue(rnd, 0)
		z.PtrO = &in
	}
	if maybe() {
		n := int(num())
		p := &n
		z.PtrPtr = &p
	}
	for range rnd.IntN(4) {
		z.Inners = append(z.Inners, zooInnerValue(rnd, 1))
	}
	if maybe() {
		z.M = map[string]int{}
		for range rnd.IntN(5) {
			z.M[zooString(rnd)] = int(num())
		}
	}
	if maybe() {
		z.MO = map[zooName]*zooInner{}
		for range rnd.IntN(3) {
			var in *zooInner
			if maybe() {
				v := zooInnerValue(rnd, 1)
				in = &v
			}
			z.MO[zooName(zooString(rnd))] = in
		}
	}
	if maybe() {
		z.Nested = [][]int{nil, {}, {int(num())}}
	}
	return z
}

// sameAsJSON fails unless encodeState writes json.Marshal's bytes for v.
func sameAsJSON(t *testing.T, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := encodeState(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("encodeState differs from json.Marshal:\n got %s\nwant %s", got, want)
	}
}

// TestEncodeState_SameBytes: the state hash digests json.Marshal's bytes
// (recorded logs hold hashes of them), so the fast encoding writes exactly
// those for states of every kind of field it plans, with random values.
func TestEncodeState_SameBytes(t *testing.T) {
	if planFor(reflect.TypeFor[zoo]()) == nil {
		t.Fatal("the zoo, which holds only what plans cover, is left to encoding/json")
	}
	rnd := rand.New(rand.NewPCG(18, 2026))
	for range 3000 {
		z := zooValue(rnd)
		sameAsJSON(t, z)
		sameAsJSON(t, &z)
	}
	sameAsJSON(t, zoo{})
	sameAsJSON(t, (*zoo)(nil))
	sameAsJSON(t, []zoo{{}, {N: 1}})
	sameAsJSON(t, map[string]zoo{"b": {}, "a": {S: "<&>"}})
	sameAsJSON(t, "\u2028<\xff>")
	sameAsJSON(t, 42)
}

// TestEncodeState_PlannedBeforeInsideAnother: a struct planned on its own
// (as a game's state is by its Hash) serves the types that hold it, one
// left to encoding/json as well; their bytes are json.Marshal's still.
func TestEncodeState_PlannedBeforeInsideAnother(t *testing.T) {
	type float struct {
		F float64 `json:"f"`
	}
	if planFor(reflect.TypeFor[zoo]()) == nil || planFor(reflect.TypeFor[float]()) != nil {
		t.Fatal("the zoo is left to encoding/json, or the float is planned")
	}
	type key struct {
		Z  zoo            `json:"z"`
		Zs []zoo          `json:"zs,omitempty"`
		SM map[string]int `json:"sm"`
	}
	type withFloat struct {
		Z zoo   `json:"z"`
		F float `json:"f"`
	}
	if planFor(reflect.TypeFor[key]()) == nil || planFor(reflect.TypeFor[withFloat]()) != nil {
		t.Fatal("the zoo's holder is left to encoding/json, or the float's holder is planned")
	}
	rnd := rand.New(rand.NewPCG(18, 27))
	for range 500 {
		z := zooValue(rnd)
		sameAsJSON(t, key{Z: z, Zs: []zoo{z, {}}, SM: map[string]int{"german": 2, "allied": 0}})
		sameAsJSON(t, withFloat{Z: z, F: float{0.25}})
	}
}

// TestEncodeState_LeftToJSON: what a plan does not cover goes whole to
// encoding/json, which therefore writes it.
func TestEncodeState_LeftToJSON(t *testing.T) {
	type embeddedPointer struct{ *zooInner }
	type embeddedTagged struct {
		zooInner `json:"in"`
	}
	type embeddedClash struct { // encoding/json writes the outer A alone
		zooInner
		A string `json:"a"`
	}
	type embeddedName struct{ zooName }
	type float struct {
		F float64 `json:"f"`
	}
	type iface struct {
		V any `json:"v"`
	}
	type raw struct {
		B []byte `json:"b"`
	}
	type marshaler struct {
		R json.RawMessage `json:"r"`
	}
	type omitzero struct {
		N int `json:"n,omitzero"`
	}
	type quoted struct {
		N int `json:"n,string"`
	}
	type oddName struct {
		N int `json:"a<b"`
	}
	type intKeys struct {
		M map[int]string `json:"m"`
	}
	type deep struct {
		Inner []struct {
			F float32 `json:"f"`
		} `json:"inner"`
	}
	for _, v := range []any{
		embeddedPointer{&zooInner{A: "x"}}, embeddedPointer{}, embeddedTagged{zooInner{A: "x"}},
		embeddedClash{zooInner{A: "in"}, "out"}, embeddedName{"n"}, float{1.5}, iface{[]int{1}}, raw{[]byte("hi")},
		marshaler{json.RawMessage(`{"a":1}`)}, omitzero{0}, quoted{7}, oddName{1},
		intKeys{map[int]string{2: "b", 10: "a"}}, deep{Inner: []struct {
			F float32 `json:"f"`
		}{{F: 0.1}}},
	} {
		if planFor(reflect.TypeOf(v)) != nil {
			t.Errorf("%T: planned; it must be left to encoding/json", v)
		}
		sameAsJSON(t, v)
	}
}

// zooOptional is a record of optional rules a state embeds, as Salerno
// '43's does; zooOuter embeds it and, exported, another that embeds a
// third.
type zooOptional struct {
	Dis   *zooInner `json:"dis,omitempty"`
	Done  []string  `json:"done,omitempty"`
	Recon []record  `json:"recon,omitempty"`
	N     int       `json:"n_opt"`
	quiet string
}

type ZooMiddle struct {
	zooDeep
	Mid bool `json:"mid,omitempty"`
}

type zooDeep struct {
	Deep []int `json:"deep"`
}

type zooOuter struct {
	S string `json:"s"`
	zooOptional
	Units []record `json:"units"`
	ZooMiddle
	Over bool `json:"over,omitempty"`
}

// TestEncodeState_Embedded: the fields of embedded structs are written in
// their place, as encoding/json promotes them, at every depth.
func TestEncodeState_Embedded(t *testing.T) {
	if planFor(reflect.TypeFor[zooOuter]()) == nil {
		t.Fatal("a state that embeds structs is left to encoding/json")
	}
	rnd := rand.New(rand.NewPCG(18, 28))
	for range 1000 {
		var o zooOuter
		o.S, o.Over, o.Mid, o.N = zooString(rnd), rnd.IntN(2) == 0, rnd.IntN(2) == 0, rnd.IntN(3)
		if rnd.IntN(2) == 0 {
			in := zooInnerValue(rnd, 1)
			o.Dis = &in
		}
		for range rnd.IntN(3) {
			o.Done = append(o.Done, zooString(rnd))
			o.Recon = append(o.Recon, record{ID: zooString(rnd), Step: rnd.IntN(3)})
			o.Units = append(o.Units, record{ID: zooString(rnd), Moved: rnd.IntN(2) == 0})
		}
		if rnd.IntN(2) == 0 {
			o.Deep = []int{rnd.IntN(9)}
		}
		sameAsJSON(t, o)
		sameAsJSON(t, &o)
	}
	sameAsJSON(t, zooOuter{})
}

// FuzzEncodeState: strings and numbers from the fuzzer, in the zoo's fields.
func FuzzEncodeState(f *testing.F) {
	f.Add("a<b>&c", "\u2028\xff", int64(-1), uint64(7), true)
	f.Add("", "\x00\x1f\"\\", int64(0), uint64(0), false)
	f.Fuzz(func(t *testing.T, s, k string, n int64, u uint64, b bool) {
		in := zooInner{A: k, B: []int{int(n)}, Kids: map[string]zooInner{k: {A: s}, s: {}}}
		z := zoo{S: s, SO: k, N: int(n), I64: n, I32: int32(n), U64: u, U16: uint16(u), B: b, BO: b,
			Named: zooName(s), List: []string{s, k}, Ptr: &in, Inner: in, M: map[string]int{s: 1, k: 2}, NoTag: k, Dash: s}
		sameAsJSON(t, z)
	})
}

// BenchmarkEncodeState compares the planned encoding with json.Marshal's on
// random zoos.
func BenchmarkEncodeState(b *testing.B) {
	rnd := rand.New(rand.NewPCG(1, 2))
	zs := make([]zoo, 64)
	for i := range zs {
		zs[i] = zooValue(rnd)
	}
	b.Run("planned", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			encodeState(zs[i%len(zs)])
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			json.Marshal(zs[i%len(zs)])
		}
	})
}
