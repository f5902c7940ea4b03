package combattest

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/pbem-referee/pbem/rules/hexwar/combat"
)

// recorder is a testing.TB that keeps the failures of the check it runs.
type recorder struct {
	testing.TB
	msgs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(f string, a ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(f, a...))
}
func (r *recorder) Fatalf(f string, a ...any) {
	r.Errorf(f, a...)
	runtime.Goexit()
}

// run runs check on a recorder, as a test of its own would.
func run(t *testing.T, check func(testing.TB)) []string {
	r := &recorder{TB: t}
	var wg sync.WaitGroup
	wg.Go(func() { check(r) })
	wg.Wait()
	return r.msgs
}

var jabos = combat.Table[int]{Name: "Jabos", Lo: 1, Rows: [][]int{{0}, {0}, {0}, {1}, {2}, {3}}}

func show(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func TestCheckTable(t *testing.T) {
	if got := run(t, func(tb testing.TB) { CheckTable(tb, &jabos, show, "-", "-", "-", "1", "2", "3") }); len(got) != 0 {
		t.Errorf("the table as printed: %v", got)
	}
	got := run(t, func(tb testing.TB) { CheckTable(tb, &jabos, show, "-", "-", "1", "1", "2", "3") })
	if len(got) != 1 || !strings.Contains(got[0], "roll 3") {
		t.Errorf("a wrong cell: %v", got)
	}
	got = run(t, func(tb testing.TB) { CheckTable(tb, &jabos, show, "-", "-", "-", "1", "2") })
	if len(got) != 1 || !strings.Contains(got[0], "6 rows, the rulebook prints 5") {
		t.Errorf("a missing row: %v", got)
	}
	got = run(t, func(tb testing.TB) { CheckTable(tb, &jabos, show, "-", "-", "-", "1", "2", "3 | 3") })
	if len(got) != 1 || !strings.Contains(got[0], "printed 2") {
		t.Errorf("a row of two cells in a table of one column: %v", got)
	}
}
