package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

//go:generate go test -run TestCLIDoc -update-cli-doc .

// docs/cli.md is made from the commands themselves, so that it says what
// their --help says: TestCLIDoc fails when the file differs, and
// 'go generate ./cmd/pbem' writes it again.
var updateCLIDoc = flag.Bool("update-cli-doc", false, "write docs/cli.md from the commands")

const cliDocPath = "../../docs/cli.md"

func TestCLIDoc(t *testing.T) {
	var b bytes.Buffer
	writeCLIDoc(&b, newRoot())
	if *updateCLIDoc {
		if err := os.WriteFile(cliDocPath, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(cliDocPath)
	if err != nil {
		t.Fatalf("%v: write it with 'go generate ./cmd/pbem'", err)
	}
	if !bytes.Equal(have, b.Bytes()) {
		hl, wl := strings.Split(string(have), "\n"), strings.Split(b.String(), "\n")
		i := 0
		for i < len(hl) && i < len(wl) && hl[i] == wl[i] {
			i++
		}
		line := func(ls []string) string {
			if i < len(ls) {
				return ls[i]
			}
			return "(end of file)"
		}
		t.Errorf("docs/cli.md differs from what the commands say, first at line %d:\n  file:     %s\n  commands: %s\nwrite it again with 'go generate ./cmd/pbem'",
			i+1, line(hl), line(wl))
	}
}

// cliDocIntro is what docs/cli.md says before the commands.
const cliDocIntro = `# The pbem command line

<!-- Made from the commands' own help by 'go generate ./cmd/pbem'
(cmd/pbem/clidoc_test.go): edit the commands, not this file. -->

Every command below is also ` + "`pbem COMMAND --help`" + `. The README's
walkthrough shows them at work.

**Games** are named by their id (` + "`cherbourg-3fa9c1`" + `) or any unique
prefix of it (` + "`cher`" + `). **Received text** (names, notes, mail
addresses, anything from a log or a mail) is printed with control characters,
bidi overrides and invisible formatting written as escapes (` + "`\\x1b`" + `,
` + "`\\u202e`" + `), in JSON too.

**Exit codes.** 0 when a command did what it was asked, 1 when it failed
(with what is wrong on standard error). ` + "`pbem status`" + ` says whose turn it
is by its code: 0 the game waits for you, 3 for another player or their dice,
4 it is over, 5 it is stuck (an equivocation or a fork).

**JSON.** ` + "`--json`" + ` on ` + "`status`, `legal`, `games`, `log` and `unit`" + `
prints one JSON object, described with each command, whose ` + "`version`" + ` is 1.
Within a version, fields are only ever added: a field is renamed, removed or
changes its meaning only with a new version. Lists are ` + "`[]`" + `, never null.

**Shell completion.** ` + "`pbem completion bash`" + ` (or zsh, fish, powershell)
writes a completion script: game ids, unit ids, and for ` + "`pbem do`" + ` the
words of the commands the rules allow now. For bash:
` + "`source <(pbem completion bash)`" + ` in ~/.bashrc.
`

// writeCLIDoc writes the Markdown reference of root's commands.
func writeCLIDoc(w *bytes.Buffer, root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	root.InitDefaultVersionFlag()
	w.WriteString(cliDocIntro)
	cmds := []*cobra.Command{root}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, s := range c.Commands() {
			if !s.IsAvailableCommand() || s.Name() == "help" {
				continue
			}
			cmds = append(cmds, s)
			walk(s)
		}
	}
	walk(root)
	w.WriteString("\n## Commands\n\n")
	for _, c := range cmds {
		fmt.Fprintf(w, "- [`%s`](#%s): %s\n", c.CommandPath(), anchor(c.CommandPath()), c.Short)
	}
	for _, c := range cmds {
		fmt.Fprintf(w, "\n## %s\n\n%s.\n\n```\n%s\n```\n", c.CommandPath(), upperFirst(c.Short), c.UseLine())
		long := c.Long
		if f := lateLong[c.CommandPath()]; f != nil {
			if extra := f(); extra != "" && !strings.HasSuffix(long, extra) {
				long = strings.TrimRight(long, "\n") + "\n\n" + extra
			}
		}
		if long != "" {
			fmt.Fprintf(w, "\n```text\n%s\n```\n", strings.TrimSpace(long))
		}
		if c.Example != "" {
			fmt.Fprintf(w, "\nExamples:\n\n```sh\n%s\n```\n", strings.TrimRight(dedent(c.Example), "\n"))
		}
		var flags []string
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden || f.Name == "help" {
				return
			}
			name := "`--" + f.Name
			if f.Shorthand != "" {
				name = "`-" + f.Shorthand + "`, " + name
			}
			if t := f.Value.Type(); t != "bool" {
				name += " " + strings.ToUpper(t)
			}
			name += "`"
			def := ""
			if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
				def = " (default `" + f.DefValue + "`)"
			}
			flags = append(flags, fmt.Sprintf("| %s | %s%s |", name, strings.ReplaceAll(f.Usage, "|", "\\|"), def))
		})
		if len(flags) > 0 {
			fmt.Fprintf(w, "\n| flag | |\n|---|---|\n%s\n", strings.Join(flags, "\n"))
		}
	}
}

// anchor is the id GitHub gives a heading.
func anchor(heading string) string {
	return strings.ReplaceAll(strings.ToLower(heading), " ", "-")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// dedent takes the two spaces of cobra's example indentation off each line.
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}
