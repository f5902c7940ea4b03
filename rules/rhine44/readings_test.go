package rhine44

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every reading the code cites (A-nn, X-nn) is listed in readings.go, and
// every one listed is cited where it applies.
func TestReadingsAreListedAndCited(t *testing.T) {
	cite := regexp.MustCompile(`\b([AX]-\d\d)`)
	cited := map[string]string{}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "readings.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cite.FindAllStringSubmatch(string(b), -1) {
			cited[m[1]] = f
		}
	}
	listed := map[string]bool{}
	for _, r := range readings {
		if listed[r.ID] {
			t.Errorf("%s is listed twice", r.ID)
		}
		listed[r.ID] = true
		if cited[r.ID] == "" {
			t.Errorf("%s is listed but cited nowhere", r.ID)
		}
	}
	for id, f := range cited {
		if !listed[id] {
			t.Errorf("%s, cited in %s, is not listed in readings.go", id, f)
		}
	}
}
