package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
	"github.com/pbem-referee/pbem/scenarios"
)

func scenariosCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "scenarios",
		Short: "list the games pbem plays, their editions and the scenarios that ship with them",
		Long: `List each game pbem plays with the editions of its rules (a variant other
than the default is chosen with 'pbem new --variant') and the scenarios that
ship with it, as 'pbem new --scenario' takes them.`,
		Example: "  pbem scenarios",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			for _, e := range games.All() {
				fmt.Fprintf(out, "%s: %s\n", e.Name, e.Title)
				for _, line := range variantLines(e) {
					fmt.Fprintf(out, "  %s\n", line)
				}
				for _, s := range scenarios.List() {
					if s.Game != e.Name {
						continue
					}
					fmt.Fprintf(out, "  %s/%s\n", s.Game, s.Name)
					if len(e.Variants) == 0 {
						continue
					}
					for _, line := range scenarioEditions(e, s) {
						fmt.Fprintf(out, "    %s\n", line)
					}
				}
			}
			return nil
		},
	}
}

func scenarioCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scenario",
		Short: "work with scenario files",
		Example: `  pbem scenario check my-cherbourg.scn
  pbem scenario show normandy44/cherbourg > my-cherbourg.scn`,
	}
	var game string
	check := &cobra.Command{
		Use:   "check FILE...",
		Short: "validate scenario files, naming the line of each error",
		Long: `Validate scenario files, for instance a map and counters transcribed from a
game you own. Every problem is listed with its line. The game is read from the
file's 'game' line, or given with --game. A scenario that names a map ('map
NAME') is checked with NAME.map from its own folder, or else the map of that
name that ships with the game; problems in the map name the map file. A map
file (NAME.map) is checked on its own. Exit 0 when every file is valid.`,
		Example: "  pbem scenario check my-cherbourg.scn\n  pbem scenario check --game freeplay seats.scn",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			failed := false
			for _, path := range args {
				data, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				name, err := scenarioGame(data, game)
				if err == nil {
					err = games.CheckFile(name, path, data)
				}
				if err != nil {
					failed = true
					safetext.Fprintf(cmd.ErrOrStderr(), "%s:\n", path)
					for _, line := range strings.Split(err.Error(), "\n") {
						safetext.Fprintf(cmd.ErrOrStderr(), "  %s\n", line)
					}
					continue
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (%s)\n", path, name)
			}
			if failed {
				return errFailed
			}
			return nil
		},
	}
	check.Flags().StringVar(&game, "game", "", "the game the file is for, when it has no 'game' line")
	var assembled bool
	show := &cobra.Command{
		Use:   "show GAME/SCENARIO",
		Short: "print a shipped scenario file, to read or to start a transcription from",
		Long: `Print a shipped scenario file as it is written. With --assembled, print it
with the map file it names inlined and clipped to its window: the text a game
starts from and its invite digests.`,
		Example: "  pbem scenario show normandy44/cherbourg | less\n  pbem scenario show --assembled normandy44/cherbourg",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, n, ok := strings.Cut(args[0], "/")
			if !ok {
				return fmt.Errorf("%q: write GAME/SCENARIO ('pbem scenarios' lists them)", args[0])
			}
			read := scenarios.Source
			if assembled {
				read = games.ReadScenario
			}
			data, err := read(g, n)
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(data)
			return err
		},
	}
	show.Flags().BoolVar(&assembled, "assembled", false, "inline the map the scenario names, as a game reads it")
	cmd.AddCommand(check, show)
	return cmd
}

// scenarioGame is the game a scenario file is for: given, or its 'game' line.
func scenarioGame(data []byte, given string) (string, error) {
	if given != "" {
		return given, nil
	}
	s := bufio.NewScanner(bytes.NewReader(data))
	for s.Scan() {
		f := strings.Fields(s.Text())
		if len(f) >= 2 && f[0] == "game" {
			return f[1], nil
		}
	}
	return "", errors.New("no 'game' line says which game this scenario is for: give --game")
}

// scenarioEditions says which editions of its game's rules a shipped
// scenario plays, as the engine says (its Seats in each edition): a line of
// the editions it plays in, and one for each edition it does not, with why.
func scenarioEditions(e rules.Engine, s scenarios.Info) []string {
	data, err := games.ReadScenario(s.Game, s.Name)
	if err != nil {
		return []string{"unreadable: " + err.Error()}
	}
	plays := []string{}
	var not []string
	for _, v := range append([]rules.Variant{{Name: ""}}, e.Variants...) {
		name := v.Name
		if name == "" {
			name = "the default"
		}
		if _, err := e.Seats(rules.Setup{Scenario: data, Variant: v.Name}); err != nil {
			not = append(not, fmt.Sprintf("not in %s: %v", name, err))
			continue
		}
		plays = append(plays, name)
	}
	out := []string{"editions: " + strings.Join(plays, ", ")}
	if len(plays) == 0 {
		out = []string{"plays in no edition"}
	}
	return append(out, not...)
}

// shippedEditions lists every shipped scenario of a game with several
// editions and the editions it plays, for 'pbem new --help'. It reads every
// such scenario, so it is made when the help is shown, not at each start.
func shippedEditions() string {
	var b strings.Builder
	for _, e := range games.All() {
		if len(e.Variants) == 0 {
			continue
		}
		for _, s := range scenarios.List() {
			if s.Game != e.Name {
				continue
			}
			lines := scenarioEditions(e, s)
			fmt.Fprintf(&b, "  %s/%s: %s\n", s.Game, s.Name, strings.Join(lines, "; "))
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "The shipped scenarios of games with several editions, and the editions\neach plays:\n" + strings.TrimSuffix(b.String(), "\n")
}

// lateLong adds to a command's long help text made only when it is shown
// (and in docs/cli.md), keyed by the command's path: text that costs too
// much to make at every start of pbem.
var lateLong = map[string]func() string{"pbem new": shippedEditions}

// withLateLong makes a command's help show its late text (lateLong).
func withLateLong(cmd *cobra.Command) {
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		if f := lateLong[c.CommandPath()]; f != nil {
			if extra := f(); extra != "" && !strings.HasSuffix(c.Long, extra) {
				c.Long = strings.TrimRight(c.Long, "\n") + "\n\n" + extra
			}
		}
		c.Parent().HelpFunc()(c, args)
	})
}

// variantLines say which editions of a game's rules pbem plays.
func variantLines(e rules.Engine) []string {
	if len(e.Variants) == 0 {
		return []string{"edition: the default only (no --variant)"}
	}
	lines := []string{"editions: the default (no --variant), or"}
	for _, v := range e.Variants {
		line := fmt.Sprintf("  --variant %s  %s", v.Name, v.Title)
		if v.Versions != nil {
			// A variant that came with a rules version is played under it
			// only, never under the older versions the engine replays.
			line += fmt.Sprintf(" (played under rules %s)", strings.Join(v.Versions, ", "))
		}
		lines = append(lines, line)
	}
	return lines
}
