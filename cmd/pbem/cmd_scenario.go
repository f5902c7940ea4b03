package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/scenarios"
)

func scenariosCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "scenarios",
		Short:   "list the scenarios that ship with pbem",
		Example: "  pbem scenarios",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, s := range scenarios.List() {
				fmt.Fprintf(cmd.OutOrStdout(), "%s/%s\n", s.Game, s.Name)
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
file's 'game' line, or given with --game. Exit 0 when every file is valid.`,
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
					err = checkScenario(name, data)
				}
				if err != nil {
					failed = true
					fmt.Fprintf(cmd.ErrOrStderr(), "%s:\n", path)
					for _, line := range strings.Split(err.Error(), "\n") {
						fmt.Fprintf(cmd.ErrOrStderr(), "  %s\n", line)
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
	show := &cobra.Command{
		Use:     "show GAME/SCENARIO",
		Short:   "print a shipped scenario file, to read or to start a transcription from",
		Example: "  pbem scenario show normandy44/cherbourg | less",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, n, ok := strings.Cut(args[0], "/")
			if !ok {
				return fmt.Errorf("%q: write GAME/SCENARIO ('pbem scenarios' lists them)", args[0])
			}
			data, err := scenarios.Read(g, n)
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(data)
			return err
		},
	}
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

// checkScenario starts a game from the file, which parses and validates it
// whole; engines report every problem with its line.
func checkScenario(game string, data []byte) error {
	e, err := rules.Lookup(game)
	if err != nil {
		return err
	}
	_, err = e.New(data, nil)
	return err
}
