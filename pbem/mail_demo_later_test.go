package pbem

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/replay"
)

// --turns counts from the turn a scenario opens on: Patton's Counterattack
// (Ardennes '44 S4) opens on turn 13, and a one-turn demo plays turn 13
// through and stops at turn 14 (before, it stopped before its first command,
// turn 13 being past 1).
func TestMailDemoCountsTurnsFromTheFirst(t *testing.T) {
	var out bytes.Buffer
	log, err := MailDemo(testCtx(t), DemoOptions{Dir: t.TempDir(), Turns: 1, Seed: 3, Scenario: "ardennes44/patton", Out: &out})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if rep := replay.Verify(bytes.NewReader(log), games.Shipped); !rep.OK() {
		t.Fatalf("the demo's log does not verify: %v", rep.Problems)
	}
	text := out.String()
	for _, want := range []string{"Turn 13 (22 AM), German Artillery Supply Phase (5.0): german gives", "Turn 13 (22 AM), Allied", "Now: Turn 14 (22 PM)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the demo's output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Turn 14 (22 PM), German Artillery Supply Phase (5.0): german gives") {
		t.Errorf("a one-turn demo played on into turn 14:\n%s", text)
	}
}
