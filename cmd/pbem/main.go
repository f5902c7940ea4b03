// Command pbem referees board wargames played by email: signed, append-only game
// logs, rules that check every command, and dice that no player can fake,
// re-roll or foresee.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/internal/collector"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// errFailed is returned after a command has already printed why it failed.
var errFailed = errors.New("failed")

// verbose is the --verbose flag: say what pbem does behind the scenes.
var verbose bool

func main() {
	collector.Tune() // issue 18
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := newRoot()
	if err := root.ExecuteContext(ctx); err != nil {
		var es *exitStatus
		if errors.As(err, &es) {
			os.Exit(es.code) // the command has said all there is to say
		}
		if !errors.Is(err, errFailed) {
			printError(os.Stderr, err)
		}
		os.Exit(1)
	}
}

// hintError is an error with advice on a line of its own.
type hintError struct {
	err  error
	hint string
}

func (e *hintError) Error() string { return e.err.Error() + "\n" + e.hint }
func (e *hintError) Unwrap() error { return e.err }

// printError prints an error escaped, since it may quote a received entry or
// mail: a newline in it shows as \n instead of starting a line that looks as
// if pbem had printed it. A hint goes on a line of its own.
func printError(w io.Writer, err error) {
	var h *hintError
	if errors.As(err, &h) {
		safetext.Fprintln(w, "pbem:", h.err)
		safetext.Fprintln(w, h.hint)
		return
	}
	safetext.Fprintln(w, "pbem:", err)
	printAdvice(w, err)
}

// printAdvice prints what an error says to check or do (a mail failure's
// hint), on a line of its own.
func printAdvice(w io.Writer, err error) {
	if a := pbem.Advice(err); a != "" {
		safetext.Fprintln(w, "hint:", a)
	}
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "pbem",
		Short: "a referee for board wargames played by email",
		Long: `pbem referees board wargames played by email.
Each game is a signed, append-only log: pbem checks every command against the
rules and rolls dice that no player can fake, re-roll or foresee.

Start with 'pbem demo', then make yourself an identity ('pbem id new') and a
game ('pbem new'). Your identity and games live in $PBEM_HOME when it is set,
else in your system's folders for applications: ~/.config/pbem and
~/.local/share/pbem on Linux, ~/Library/Application Support/pbem on a Mac,
%AppData%\pbem and %LocalAppData%\pbem on Windows.`,
		Example: `  pbem demo
  pbem id new --name "Anna Kowalska" --email anna@example.org
  pbem new duel --scenario freeplay/allied-german --side allied
  pbem verify game.pbem`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// --version prints what 'pbem version' prints.
		Version: buildVersion(),
	}
	root.PersistentFlags().BoolVarP(&verbose, "verbose", "v", false,
		"say what pbem does behind the scenes (e.g. when a kept game state does not fit its log and the whole log is replayed)")
	root.SetVersionTemplate(versionText())
	root.AddCommand(
		versionCmd(), idCmd(), newCmd(), importCmd(), joinCmd(), doCmd(), statusCmd(),
		legalCmd(), exportCmd(), gamesCmd(), verifyCmd(), logCmd(), scenariosCmd(), scenarioCmd(),
		noteCmd(), resignCmd(), takebackCmd(), agreeCmd(), declineCmd(), demoCmd(),
		mailCmd(), sendCmd(), syncCmd(), serveCmd(), repairCmd(),
		showCmd(), replayCmd(), combatsCmd(), diceCmd(),
	)
	root.AddCommand(unitCmd())
	completeArgs(root)
	return root
}

func versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "print pbem's version and the rules versions it plays",
		Example: "  pbem version",
		Args:    cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprint(cmd.OutOrStdout(), versionText())
		},
	}
}

// versionText is pbem's version and the rules versions it plays, one a line.
func versionText() string {
	var b strings.Builder
	fmt.Fprintln(&b, "pbem", buildVersion())
	for _, e := range games.All() {
		fmt.Fprintf(&b, "  rules %s", e.Version)
		if len(e.Replays) > 0 {
			// The games begun under older versions go on under them.
			fmt.Fprintf(&b, " (and the games of %s)", strings.Join(e.Replays, ", "))
		}
		fmt.Fprintln(&b)
	}
	return b.String()
}

// buildVersion is the version set at link time (-ldflags "-X
// main.version=v1.2.0"), or else the module version the go tool recorded
// ('go install ...@v1.2.0'), with the revision it stamped into a binary
// built from a clone.
func buildVersion() string {
	if version != "dev" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	v := version
	if m := info.Main.Version; m != "" && m != "(devel)" {
		v = m
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+changes"
	}
	return v + " (" + rev + ")"
}

// withApp runs fn with the player's home and store open.
func withApp(fn func(app *pbem.App) error) error {
	home, err := pbem.FindHome()
	if err != nil {
		return err
	}
	app, err := pbem.Open(home, passphrase)
	if err != nil {
		return err
	}
	defer app.Close()
	if verbose {
		app.Debugf = func(format string, args ...any) { safetext.Fprintf(os.Stderr, "pbem: "+format+"\n", args...) }
	}
	return fn(app)
}

// isTerminal says whether a command's input or output (cmd.InOrStdin,
// OutOrStdout, ErrOrStderr) is a terminal; a test's never is.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// passphrase reads an encrypted key's passphrase from PBEM_PASSPHRASE, or asks
// on the terminal.
func passphrase() ([]byte, error) {
	if p, ok := os.LookupEnv("PBEM_PASSPHRASE"); ok {
		return []byte(p), nil
	}
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		return nil, errors.New("the key is encrypted: set PBEM_PASSPHRASE or run on a terminal")
	}
	fmt.Fprint(os.Stderr, "Passphrase for the key: ")
	p, err := term.ReadPassword(int(os.Stdin.Fd()))
	fmt.Fprintln(os.Stderr)
	return p, err
}
