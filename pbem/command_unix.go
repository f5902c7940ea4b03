//go:build !windows

package pbem

import (
	"context"
	"os/exec"
)

// shellCommand runs a command line that needs a shell with /bin/sh.
func shellCommand(ctx context.Context, line string) *exec.Cmd {
	return exec.CommandContext(ctx, "/bin/sh", "-c", line)
}
