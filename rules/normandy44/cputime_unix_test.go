//go:build unix

package normandy44

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system: the
// benchmarks report it beside the wall time, which a busy machine stretches.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
