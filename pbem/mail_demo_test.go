package pbem

import (
	"bytes"
	"strings"
	"testing"
)

func TestMailDemo(t *testing.T) {
	ctx := testCtx(t)
	var out bytes.Buffer
	log, err := MailDemo(ctx, DemoOptions{Dir: t.TempDir(), Turns: 1, Seed: 3, Out: &out})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	// invite, accept; per seat: request, answer, reveal, pass.
	if n := bytes.Count(log, []byte("\n")); n != 2+2*4 {
		t.Fatalf("the demo log has %d entries, want 10\n%s", n, out.String())
	}
	for _, want := range []string{"over SMTP", "over IMAP", "invitation", "answers dice request", "draws", "verifies on its own"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the demo's output lacks %q:\n%s", want, out.String())
		}
	}
}
