package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-referee/pbem/logs"
)

// readLog reads a recorded log of the replay package's testdata.
func readLog(t testing.TB, file string) []*logs.Entry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "recorded", file))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := logs.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return entries
}
