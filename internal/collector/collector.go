// Package collector sets the garbage collector's target for pbem's own runs,
// and for the benchmarks that stand for them (issue 18), so that what a
// benchmark measures is what the program does.
package collector

import (
	"os"
	"runtime/debug"
)

// Percent is the collector's target for pbem's runs. A command replays a log
// through a rules engine that allocates freely over a live heap of some 2 MB:
// at Go's default of 100, pbem verify of the recorded 22-turn campaign (1,335
// entries) collected 36 times; at 200 it collected 14 times and took some 15%
// less wall and CPU time, for 3 MB more memory. At 400 (27 November, three
// interleaved runs against 200): Legal in a warm process 7 to 9% quicker on
// average, the busy random players' campaign 7 to 13% less CPU, 100
// campaign logs verified at once 3 to 8% more games a second, for some 30
// MB more at the peak of that season's verification (109 to 117 MB against
// 78 to 88), a few MB in a command of one game.
const Percent = 400

// Tune sets the collector's target to Percent, unless GOGC in the environment
// decides, and returns what sets it back. The pbem program calls it first; a
// benchmark that stands for a pbem run calls it too (defer collector.Tune()()).
func Tune() (undo func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(Percent)
	return func() { debug.SetGCPercent(old) }
}
