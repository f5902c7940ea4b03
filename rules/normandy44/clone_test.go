package normandy44

import (
	"reflect"
	"testing"
)

// TestClone_DeepCopiesState: Clone (state.go) copies every slice, pointer and
// map of the state, at any depth, so that no command given to a clone can
// reach its original (rules.Game: clones are independent). Every such field
// is filled first, so a field added to state without its copy in Clone fails
// here rather than by a rare aliasing bug.
func TestClone_DeepCopiesState(t *testing.T) {
	g := cherbourg(t)
	fillAll(reflect.ValueOf(&g.s).Elem())
	c := g.Clone().(*Game)
	sharedPart(t, "state", reflect.ValueOf(g.s), reflect.ValueOf(c.s))
}

// fillAll gives every empty slice of v one element, every nil pointer a value
// and every nil map an empty one, recursively.
func fillAll(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for k := range v.NumField() {
			fillAll(v.Field(k))
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		}
		for k := range v.Len() {
			fillAll(v.Index(k))
		}
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fillAll(v.Elem())
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
	}
}

// sharedPart reports each slice, pointer or map of a that b holds too.
func sharedPart(t *testing.T, path string, a, b reflect.Value) {
	t.Helper()
	switch a.Kind() {
	case reflect.Struct:
		for k := range a.NumField() {
			sharedPart(t, path+"."+a.Type().Field(k).Name, a.Field(k), b.Field(k))
		}
	case reflect.Slice:
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			t.Errorf("Clone shares %s", path)
		}
		for k := range min(a.Len(), b.Len()) {
			sharedPart(t, path+"[]", a.Index(k), b.Index(k))
		}
	case reflect.Pointer, reflect.Map:
		if !a.IsNil() && a.Pointer() == b.Pointer() {
			t.Errorf("Clone shares %s", path)
		}
		if a.Kind() == reflect.Pointer && !a.IsNil() && !b.IsNil() {
			sharedPart(t, path, a.Elem(), b.Elem())
		}
	}
}
