package collector

import (
	"runtime/debug"
	"testing"
)

func TestTune(t *testing.T) {
	t.Setenv("GOGC", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	undo := Tune()
	if got := debug.SetGCPercent(Percent); got != Percent {
		t.Errorf("after Tune the target is %d%%, want %d%%", got, Percent)
	}
	undo()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after undo the target is %d%%, want the 100%% it was", got)
	}
}

func TestTune_GOGCDecides(t *testing.T) {
	t.Setenv("GOGC", "50")
	before := debug.SetGCPercent(50)
	defer debug.SetGCPercent(before)
	defer Tune()()
	if got := debug.SetGCPercent(50); got != 50 {
		t.Errorf("with GOGC=50 Tune set the target to %d%%", got)
	}
}
