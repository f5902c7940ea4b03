package pbem

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// The Unix rules split as a POSIX shell would, and hand anything more of the
// shell to /bin/sh; the Windows rules keep backslashes (paths) and hand
// cmd.exe's syntax to cmd.exe.
func TestSplitCommandLine(t *testing.T) {
	for _, tc := range []struct {
		line    string
		windows bool
		argv    []string // nil: run by the shell
		err     string
	}{
		{line: "pass show mail/anna", argv: []string{"pass", "show", "mail/anna"}},
		{line: "  pass\tshow  mail/anna  ", argv: []string{"pass", "show", "mail/anna"}},
		{line: `security find-generic-password -s 'pbem mail' -w`, argv: []string{"security", "find-generic-password", "-s", "pbem mail", "-w"}},
		{line: `printf "%s\n" "a \"quoted\" word"`, argv: []string{"printf", `%s\n`, `a "quoted" word`}},
		{line: `echo '$HOME' "back\\slash" it\'s`, argv: []string{"echo", "$HOME", `back\slash`, "it's"}},
		{line: `echo '' ""`, argv: []string{"echo", "", ""}},
		{line: `echo a\ b`, argv: []string{"echo", "a b"}},
		{line: `echo a#b x~y`, argv: []string{"echo", "a#b", "x~y"}},
		{line: `pass show mail | head -1`},
		{line: `echo oops >&2; exit 3`},
		{line: `cat $HOME/.mailpw`},
		{line: `echo "$PBEM_MESSAGE"`},
		{line: "cat ~/.mailpw"},
		{line: "cat *.pw"},
		{line: "PASSWORD_STORE_DIR=/x pass show mail"},
		{line: "echo a # comment"},
		{line: "echo one\necho two"},
		{line: `echo 'unclosed`, err: "unclosed '"},
		{line: `echo "unclosed`, err: `unclosed "`},
		{line: `echo \`, err: "lone backslash"},
		{line: "   ", err: "empty"},
		{line: `"C:\Program Files\KeePassXC\keepassxc-cli.exe" show -s C:\pw.kdbx mail`, windows: true,
			argv: []string{`C:\Program Files\KeePassXC\keepassxc-cli.exe`, "show", "-s", `C:\pw.kdbx`, "mail"}},
		{line: `op read "op://Private/mail/password"`, windows: true, argv: []string{"op", "read", "op://Private/mail/password"}},
		{line: `type %USERPROFILE%\pw.txt`, windows: true},
		{line: `echo a | more`, windows: true},
		{line: `echo "a | b"`, windows: true, argv: []string{"echo", "a | b"}},
		{line: `echo "unclosed`, windows: true, err: `unclosed "`},
	} {
		c, err := splitCommandLine(tc.line, tc.windows)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q (windows %v): got %v, want an error saying %q", tc.line, tc.windows, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q (windows %v): %v", tc.line, tc.windows, err)
		case tc.argv == nil && !c.Shell:
			t.Errorf("%q (windows %v): split into %q, want it run by the shell", tc.line, tc.windows, c.Argv)
		case tc.argv != nil && (c.Shell || !slices.Equal(c.Argv, tc.argv)):
			t.Errorf("%q (windows %v): got %q (shell %v), want %q", tc.line, tc.windows, c.Argv, c.Shell, tc.argv)
		}
	}
}

// helperEnv makes the test binary act as a password command: it prints its
// arguments, one a line, and exits.
const helperEnv = "PBEM_TEST_COMMAND_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		args := os.Args[1:]
		if i := slices.Index(args, "--"); i >= 0 {
			args = args[i+1:]
		}
		for _, a := range args {
			fmt.Println(a)
		}
		if extra := os.Getenv("PBEM_TEST_HELPER_PRINT"); extra != "" {
			fmt.Println(os.Getenv(extra))
		}
		if os.Getenv("PBEM_TEST_HELPER_STDIN") != "" {
			io.Copy(os.Stdout, os.Stdin)
		}
		if d, err := time.ParseDuration(os.Getenv("PBEM_TEST_HELPER_SLEEP")); err == nil {
			time.Sleep(d)
		}
		if code := os.Getenv("PBEM_TEST_HELPER_EXIT"); code != "" {
			fmt.Fprintln(os.Stderr, "helper failing")
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A password command runs without /bin/sh: PATH holds no shell, and the
// words arrive as the rules split them, nothing expanded.
func TestPasswordCommandWithoutShell(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(helperEnv, "1")
	t.Setenv("PATH", t.TempDir()) // no shell, no other program
	c := validMailConfig()
	c.PasswordEnv = ""
	c.PasswordCommand = fmt.Sprintf(`'%s' -- 'pass word with $HOME' second`, exe)
	if runtime.GOOS == "windows" {
		c.PasswordCommand = fmt.Sprintf(`"%s" -- "pass word with $HOME" second`, exe)
	}
	p, err := c.Password(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p != "pass word with $HOME" {
		t.Fatalf("the first line is %q, want the first word as written", p)
	}
	// A program that is not there is named.
	c.PasswordCommand = "no-such-password-tool show mail"
	if _, err := c.Password(context.Background()); err == nil || !strings.Contains(err.Error(), `program "no-such-password-tool" not found`) {
		t.Fatalf("a missing program: %v", err)
	}
	c.PasswordCommand = "'unclosed"
	if _, err := c.Password(context.Background()); err == nil || !strings.Contains(err.Error(), "unclosed '") {
		t.Fatalf("a command that does not split: %v", err)
	}
}

// A line that needs a shell still runs by /bin/sh (older settings keep
// working where there is one).
func TestPasswordCommandWithShell(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("cmd.exe's rules differ")
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	c := validMailConfig()
	c.PasswordEnv = ""
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pw"), []byte("from file\nrest\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PBEM_TEST_PW_DIR", dir)
	c.PasswordCommand = `cat "$PBEM_TEST_PW_DIR/pw" | head -1`
	if p, err := c.Password(context.Background()); err != nil || p != "from file" {
		t.Fatalf("through the shell: %q, %v", p, err)
	}
}

func TestCappedBuffer(t *testing.T) {
	b := cappedBuffer{max: 4}
	for _, s := range []string{"ab", "cdef", "gh"} {
		if n, err := b.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v: a capped buffer takes everything", s, n, err)
		}
	}
	if got := b.String(); got != "abcd... (4 more bytes)" {
		t.Fatalf("got %q", got)
	}
}

// The program of a line is told without a shell where the line shows it, so
// that a password given as a command can be refused.
func TestCommandLineProgram(t *testing.T) {
	for _, tc := range []struct {
		line    string
		windows bool
		want    string
	}{
		{line: "pass show mail", want: "pass"},
		{line: `cat "$PBEM_DIR/pw" | head -1`, want: "cat"},
		{line: "PASSWORD_STORE_DIR=/x pass show mail", want: "pass"},
		{line: "Tr0ub4dor&3", want: "Tr0ub4dor"},
		{line: "$HOME/bin/getpw", want: ""},
		{line: "~/bin/getpw | head -1", want: ""},
		{line: `type %USERPROFILE%\pw.txt`, windows: true, want: "type"},
		{line: `"C:\Tools\getpw.exe" mail`, windows: true, want: `C:\Tools\getpw.exe`},
	} {
		c, err := splitCommandLine(tc.line, tc.windows)
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if got := c.program(tc.windows); got != tc.want {
			t.Errorf("%q (windows %v): program %q, want %q", tc.line, tc.windows, got, tc.want)
		}
	}
}

// Splitting never panics, and a POSIX line split without a shell splits the
// same again once each word is single-quoted: the words are exactly what a
// shell would have passed.
// The seeds are in testdata/fuzz/FuzzSplitCommandLine.
func FuzzSplitCommandLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, line string) {
		splitCommandLine(line, true)
		c, err := splitCommandLine(line, false)
		if err != nil || c.Shell {
			return
		}
		quoted := make([]string, len(c.Argv))
		for i, w := range c.Argv {
			quoted[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		again, err := splitCommandLine(strings.Join(quoted, " "), false)
		if err != nil || again.Shell || !slices.Equal(again.Argv, c.Argv) {
			t.Fatalf("%q split into %q; quoted again, %q (shell %v, %v)", line, c.Argv, again.Argv, again.Shell, err)
		}
	})
}
