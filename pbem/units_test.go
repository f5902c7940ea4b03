package pbem

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	ids := []string{"505/82", "507/82", "4-Cav", "70-Tk", "919/709", "Chr-1", "Cotentin"}
	for _, c := range []struct {
		word string
		want []string
	}{
		{"505", []string{"505/82"}},       // a part of the id
		{"cav", []string{"4-Cav"}},        // a part, in another case
		{"Cotentn", []string{"Cotentin"}}, // a letter left out
		{"919/790", []string{"919/709"}},  // two digits swapped
		{"70-tk", []string{"70-Tk"}},      // case
		{"xyz", nil},                      // nothing near
		{"506/82", []string{"505/82", "507/82"}},
	} {
		if got := Suggest(c.word, ids); !slices.Equal(got, c.want) {
			t.Errorf("Suggest(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestNoUnitError(t *testing.T) {
	err := noUnitError("Cotentn", []string{"Cotentin", "Chr-1"})
	if !errors.Is(err, ErrNoUnit) || !strings.Contains(err.Error(), `no such unit "Cotentn": did you mean 'Cotentin'?`) {
		t.Errorf("got %v", err)
	}
	err = noUnitError("zz", []string{"Cotentin"})
	if !strings.Contains(err.Error(), "'pbem status' shows where each unit is") {
		t.Errorf("got %v", err)
	}
}
