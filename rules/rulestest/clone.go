package rulestest

import (
	"reflect"
	"testing"
)

// CloneIsDeep checks that a game's Clone copies every slice, pointer and map
// of its state, at any depth, so that nothing given to a clone reaches its
// original (rules.Game: clones are independent). state is a pointer to the
// state struct of a game the test may spoil; clone clones that game and
// returns a pointer to the clone's state. Every empty slice, nil pointer and
// nil map is filled first, so a field added to the state without its copy in
// Clone fails here rather than by a rare aliasing bug.
func CloneIsDeep(t testing.TB, state any, clone func() any) {
	t.Helper()
	v := reflect.ValueOf(state)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		t.Fatalf("CloneIsDeep wants a pointer to a state struct, not %T", state)
	}
	FillAll(v.Elem())
	for _, path := range SharedParts(v.Elem(), reflect.ValueOf(clone()).Elem(), "state") {
		t.Errorf("Clone shares %s", path)
	}
}

// FillAll gives every empty slice and map of v one element, and every nil
// pointer a value, recursively. v must be settable (reached
// through a pointer); unexported fields are left as they are.
func FillAll(v reflect.Value) {
	if !v.CanSet() && v.Kind() != reflect.Struct {
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for k := range v.NumField() {
			FillAll(v.Field(k))
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		}
		for k := range v.Len() {
			FillAll(v.Index(k))
		}
	case reflect.Array:
		for k := range v.Len() {
			FillAll(v.Index(k))
		}
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		FillAll(v.Elem())
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		if v.Len() == 0 {
			elem := reflect.New(v.Type().Elem()).Elem()
			FillAll(elem)
			v.SetMapIndex(reflect.Zero(v.Type().Key()), elem)
		}
	}
}

// SharedParts lists the paths of the slices, pointers and maps that a and b
// (two values of one type) hold in common: for a and b an original and its
// clone, what the clone fails to copy.
func SharedParts(a, b reflect.Value, path string) []string {
	var out []string
	switch a.Kind() {
	case reflect.Struct:
		for k := range a.NumField() {
			out = append(out, SharedParts(a.Field(k), b.Field(k), path+"."+a.Type().Field(k).Name)...)
		}
	case reflect.Array:
		for k := range a.Len() {
			out = append(out, SharedParts(a.Index(k), b.Index(k), path+"[]")...)
		}
	case reflect.Slice:
		if a.Len() > 0 && b.Len() > 0 && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		for k := range min(a.Len(), b.Len()) {
			out = append(out, SharedParts(a.Index(k), b.Index(k), path+"[]")...)
		}
	case reflect.Pointer, reflect.Map:
		if !a.IsNil() && !b.IsNil() && a.Pointer() == b.Pointer() {
			out = append(out, path)
		}
		if a.IsNil() || b.IsNil() {
			break
		}
		if a.Kind() == reflect.Pointer {
			out = append(out, SharedParts(a.Elem(), b.Elem(), path)...)
			break
		}
		for it := a.MapRange(); it.Next(); {
			if bv := b.MapIndex(it.Key()); bv.IsValid() {
				out = append(out, SharedParts(it.Value(), bv, path+"[]")...)
			}
		}
	}
	return out
}
