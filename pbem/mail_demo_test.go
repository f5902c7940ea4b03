package pbem

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/replay"
)

// pbem demo plays a shipped scenario of two or more seats with the random
// legal players, by mail, in strict dice mode, and the final log verifies on
// its own.
func TestMailDemo(t *testing.T) {
	for _, scenario := range []string{"normandy44/cherbourg", "freeplay/allied-german", "rhine44/three-player", "ardennes44/six-turn", "salerno43/avalanche", "salerno43/campaign"} {
		t.Run(scenario, func(t *testing.T) {
			ctx := testCtx(t)
			var out bytes.Buffer
			log, err := MailDemo(ctx, DemoOptions{Dir: t.TempDir(), Turns: 1, Seed: 3, Scenario: scenario, Out: &out})
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			rep := replay.Verify(bytes.NewReader(log), games.Shipped)
			if !rep.OK() {
				t.Fatalf("the demo's log does not verify: %v", rep.Problems)
			}
			if rep.Replay.Epochs() < 1 || rep.Replay.Invite().Rules+"/"+rep.Replay.Invite().Scenario != scenario {
				t.Fatalf("a strict-dice game of %s with at least one roll; have %s/%s with %d epochs\n%s",
					scenario, rep.Replay.Invite().Rules, rep.Replay.Invite().Scenario, rep.Replay.Epochs(), out.String())
			}
			for _, want := range []string{"over SMTP", "over IMAP", "invitation", "answers dice request", "draws", "verifies on its own"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the demo's output lacks %q:\n%s", want, out.String())
				}
			}
		})
	}
}

// A scenario the demo cannot play is refused with what it can.
func TestMailDemoRefusesOneSeat(t *testing.T) {
	var out bytes.Buffer
	_, err := MailDemo(testCtx(t), DemoOptions{Dir: t.TempDir(), Turns: 1, Scenario: "rhine44/solo", Out: &out})
	if err == nil || !strings.Contains(err.Error(), "2 to 4 seats") {
		t.Errorf("a demo of a solo scenario: %v", err)
	}
}
