package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

// Shell completion ('pbem completion bash|zsh|fish|powershell' writes the
// script): game ids for every command whose first argument is GAME, unit ids
// where a UNIT follows, and for 'pbem do' the words of the commands the
// rules allow now, one at a time (do reads words typed without quotes).

// completeArgs gives every command of root whose usage starts with GAME the
// completion of its arguments, unless it has its own.
func completeArgs(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.ValidArgsFunction != nil {
			continue
		}
		words := strings.Fields(c.Use)
		if len(words) < 2 || words[1] != "GAME" {
			continue
		}
		switch {
		case c.Name() == "do":
			c.ValidArgsFunction = completeDo
		case len(words) > 2 && strings.Trim(words[2], "[]") == "UNIT":
			c.ValidArgsFunction = completeGameUnit
		default:
			c.ValidArgsFunction = completeGame
		}
	}
}

// completeGame completes a game id, with what the game waits for.
func completeGame(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	err := withApp(func(app *pbem.App) error {
		games, err := app.Store.Games(cmd.Context())
		for _, g := range games {
			if strings.HasPrefix(g.ID, toComplete) {
				out = append(out, cobra.CompletionWithDesc(g.ID, g.Rules+"/"+g.Scenario+", "+g.Seat+", "+g.Status))
			}
		}
		return err
	})
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeGameUnit completes a game id, then a unit id of that game.
func completeGameUnit(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) != 1 {
		return completeGame(cmd, args, toComplete)
	}
	var out []cobra.Completion
	err := withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
		units, _ := pbem.Units(r.Game(), rec.Seat)
		for _, u := range units {
			if strings.HasPrefix(strings.ToLower(u.ID), strings.ToLower(toComplete)) && !u.Eliminated {
				out = append(out, cobra.CompletionWithDesc(u.ID, u.Kind))
			}
		}
		return nil
	})
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeDo completes a game id, then the commands the rules allow now:
// the next word of every legal command that starts with the words typed,
// or whole commands when the word being typed is a quoted command.
func completeDo(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return completeGame(cmd, args, toComplete)
	}
	var out []cobra.Completion
	err := withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
		out = nextWords(r.Game().Legal(rules.Seat(app.ActingSeat(rec, r))), args[1:], toComplete)
		return nil
	})
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// nextWords is what may follow typed (the words given so far) and the word
// being typed, among the legal commands: their next word, or, when the word
// being typed holds a space (a quoted command), whole commands.
func nextWords(choices []rules.Choice, typed []string, toComplete string) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range choices {
		if strings.Contains(toComplete, " ") {
			if strings.HasPrefix(c.Command, toComplete) && !slices.Contains(out, c.Command) {
				out = append(out, c.Command)
			}
			continue
		}
		words := strings.Fields(c.Command)
		if len(words) <= len(typed) || !slices.Equal(words[:len(typed)], typed) {
			continue
		}
		if w := words[len(typed)]; strings.HasPrefix(w, toComplete) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
