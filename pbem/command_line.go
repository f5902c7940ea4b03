package pbem

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// A command line from the player's settings (a password command, an on-turn
// command) is run without a shell when it needs none, so that pbem works where
// there is no /bin/sh (Windows) and no shell ever reads it by surprise.
//
// On Unix-like systems the line is split into words as a POSIX shell would:
// blanks separate words; '...' keeps everything inside as it is; "..." keeps
// everything but \" \\ \$ \` (a backslash escapes those); outside quotes a
// backslash escapes the next character. A line that uses anything more of the
// shell (| & ; < > ( ) $ ` * ? [, a ~ or # starting a word, NAME=value before
// the command, a newline) is run by /bin/sh -c instead, as it stands.
//
// On Windows, "..." groups words and backslashes are ordinary characters (they
// are path separators there); a line with | & < > ^ % or a newline outside
// quotes is run by cmd.exe /d /s /c.
type commandLine struct {
	Line  string
	Argv  []string // the words, when Shell is false
	Shell bool     // run Line with the system's shell
}

// parseCommandLine splits line by the rules of this system.
func parseCommandLine(line string) (commandLine, error) {
	return splitCommandLine(line, runtime.GOOS == "windows")
}

// splitCommandLine splits line by the Unix rules, or by the Windows rules
// when windows is set (both are tested on every system).
func splitCommandLine(line string, windows bool) (commandLine, error) {
	c := commandLine{Line: line}
	var err error
	if windows {
		c.Argv, c.Shell, err = splitWindows(line)
	} else {
		c.Argv, c.Shell, err = splitPOSIX(line)
	}
	if err != nil {
		return commandLine{}, err
	}
	if c.Shell {
		c.Argv = nil
	} else if len(c.Argv) == 0 {
		return commandLine{}, errors.New("the command is empty")
	}
	return c, nil
}

// splitPOSIX returns the words of line, or shell=true as soon as it meets
// syntax that only a shell can carry out.
func splitPOSIX(line string) (argv []string, shell bool, err error) {
	var word strings.Builder
	inWord := false // a word has started (quotes alone make an empty word)
	end := func() {
		if inWord {
			argv = append(argv, word.String())
		}
		word.Reset()
		inWord = false
	}
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == ' ' || ch == '\t':
			end()
		case ch == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, false, fmt.Errorf("unclosed ' at character %d", i+1)
			}
			word.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case ch == '"':
			inWord = true
			closed := false
			for i++; i < len(line); i++ {
				c := line[i]
				if c == '"' {
					closed = true
					break
				}
				if c == '$' || c == '`' {
					return nil, true, nil
				}
				if c == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`\n", line[i+1]) >= 0 {
					i++
					c = line[i]
				}
				word.WriteByte(c)
			}
			if !closed {
				return nil, false, errors.New(`unclosed " in the command`)
			}
		case ch == '\\':
			if i+1 == len(line) {
				return nil, false, errors.New("the command ends with a lone backslash")
			}
			i++
			if line[i] != '\n' { // backslash-newline joins lines
				word.WriteByte(line[i])
				inWord = true
			}
		case strings.IndexByte("|&;<>()$`*?[\n\r", ch) >= 0:
			return nil, true, nil
		case (ch == '~' || ch == '#') && !inWord:
			return nil, true, nil
		case ch == '=' && len(argv) == 0 && isEnvName(word.String()):
			return nil, true, nil // NAME=value cmd: an assignment for the shell
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	end()
	return argv, false, nil
}

// splitWindows returns the words of line by the Windows rules above.
func splitWindows(line string) (argv []string, shell bool, err error) {
	var word strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == '"':
			quoted = !quoted
			inWord = true
		case quoted:
			word.WriteByte(ch)
		case ch == ' ' || ch == '\t':
			if inWord {
				argv = append(argv, word.String())
			}
			word.Reset()
			inWord = false
		case strings.IndexByte("|&<>^%\n\r", ch) >= 0:
			return nil, true, nil
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	if quoted {
		return nil, false, errors.New(`unclosed " in the command`)
	}
	if inWord {
		argv = append(argv, word.String())
	}
	return argv, false, nil
}

// isEnvName says whether s is a valid environment variable name: a letter or
// an underscore, then letters, digits and underscores.
func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', 'A' <= r && r <= 'Z', 'a' <= r && r <= 'z':
		case '0' <= r && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// command makes the process for the line: its words run directly, or the
// line through the system's shell.
func (c commandLine) command(ctx context.Context) *exec.Cmd {
	var cmd *exec.Cmd
	if c.Shell {
		cmd = shellCommand(ctx, c.Line)
	} else {
		cmd = exec.CommandContext(ctx, c.Argv[0], c.Argv[1:]...)
	}
	// A shell's children may hold the output open after a timeout killed the
	// shell: stop waiting for them soon after.
	cmd.WaitDelay = time.Second
	return cmd
}

// missingProgram returns the program a line runs when it is not found on
// this machine, or "" (found, or a shell expansion decides it).
func (c commandLine) missingProgram(windows bool) string {
	prog := c.program(windows)
	if prog == "" {
		return ""
	}
	if _, err := exec.LookPath(prog); err != nil {
		return prog
	}
	return ""
}

// program is the program the line runs, as far as can be told without a
// shell: the first word, after any NAME=value, of the line up to its first
// shell syntax; "" when there is none, or when an expansion makes it.
func (c commandLine) program(windows bool) string {
	if !c.Shell {
		return c.Argv[0]
	}
	special := "|&;<>()$`*?[\n\r"
	if windows {
		special = "|&<>^%\n\r"
	}
	head := c.Line
	if i := strings.IndexAny(head, special); i >= 0 {
		head = head[:i]
	}
	head = leadingAssignments.ReplaceAllString(head, "")
	split := splitPOSIX
	if windows {
		split = splitWindows
	}
	for {
		// The cut may leave a quote open ("$X" cut at $): drop its word.
		words, shell, err := split(head)
		if err == nil && !shell {
			if len(words) == 0 || strings.HasPrefix(words[0], "~") {
				return ""
			}
			return words[0]
		}
		i := strings.LastIndexAny(head, " \t")
		if i < 0 {
			return ""
		}
		head = head[:i]
	}
}

// leadingAssignments are the NAME=value words before a command.
var leadingAssignments = regexp.MustCompile(`^[ \t]*([A-Za-z_][A-Za-z0-9_]*=[^ \t'"]*[ \t]+)+`)

// runError describes a command that failed: how it ended and what it said on
// standard error.
func runError(err error, stderr []byte) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return fmt.Errorf("program %q not found: %w", ee.Name, ee.Err)
	}
	msg := strings.TrimSpace(string(stderr))
	if msg == "" {
		return err
	}
	return fmt.Errorf("%w: %s", err, msg)
}

// cappedBuffer keeps the first max bytes written to it and counts the rest,
// so that a chatty command cannot fill the memory or the terminal.
type cappedBuffer struct {
	buf     bytes.Buffer
	max     int
	dropped int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	n := len(p)
	room := max(b.max-b.buf.Len(), 0)
	if room < len(p) {
		b.dropped += len(p) - room
		p = p[:room]
	}
	b.buf.Write(p)
	return n, nil
}

// String is what was kept, with a note of how much was dropped.
func (b *cappedBuffer) String() string {
	s := b.buf.String()
	if b.dropped > 0 {
		s += fmt.Sprintf("... (%d more bytes)", b.dropped)
	}
	return s
}
