//go:build windows

package pbem

import (
	"context"
	"os"
	"os/exec"
	"syscall"
)

// shellCommand runs a command line that needs a shell with cmd.exe. The line
// goes to cmd.exe as it stands (/s: only the outer quotes are removed), not
// re-quoted word by word as Go would quote arguments for a program.
func shellCommand(ctx context.Context, line string) *exec.Cmd {
	comspec := os.Getenv("ComSpec")
	if comspec == "" {
		comspec = "cmd.exe"
	}
	cmd := exec.CommandContext(ctx, comspec)
	// CmdLine replaces the whole command line, the program's name included.
	cmd.SysProcAttr = &syscall.SysProcAttr{CmdLine: `"` + comspec + `" /d /s /c "` + line + `"`}
	return cmd
}
