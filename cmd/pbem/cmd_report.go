package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/replay/render"
	"github.com/pbem-referee/pbem/rules/scene"
	"github.com/pbem-referee/pbem/safetext"
)

// walked is what 'combats' and 'dice' need from a whole log.
type walked struct {
	rolls   []replay.Roll
	combats []scene.Combat
	seqs    []int64 // the entry that resolved each combat
	reports bool    // the game reports its combats
	mode    logs.DiceMode
	warning string // replay.Frame.ProtocolWarning, after the last entry walked
	stopped error
}

// walkArg reads GAME|FILE and walks its whole log.
func walkArg(cmd *cobra.Command, arg string) (*gameLog, *walked, error) {
	gl, err := openLog(cmd, arg)
	if err != nil {
		return nil, nil, err
	}
	return gl, walkLog(gl), nil
}

// walkLog verifies a whole log, gathering its rolls and its combats. A log
// that stops verifying gives what came before, and the error.
func walkLog(gl *gameLog) *walked {
	w := &walked{mode: gl.entries[0].Dice}
	w.stopped = replay.Walk(gl.entries, games.Shipped, func(f replay.Frame) error {
		w.rolls = append(w.rolls, f.Rolls...)
		w.warning = f.ProtocolWarning
		r, ok := f.Game.(scene.Reporter)
		w.reports = ok
		if !ok {
			return nil
		}
		if all := r.Combats(); len(all) > len(w.combats) {
			for range all[len(w.combats):] {
				w.seqs = append(w.seqs, f.Entry.Seq)
			}
			w.combats = all
		}
		return nil
	})
	return w
}

// stoppedNote says where a log that does not verify stops, after a report.
func stoppedNote(cmd *cobra.Command, w *walked) error {
	if w.stopped == nil {
		return nil
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "the log stops verifying; this covers the entries before: %s\n", safetext.Escape(w.stopped.Error()))
	return errFailed
}

func combatsCmd() *cobra.Command {
	var turn int
	var side string
	cmd := &cobra.Command{
		Use:   "combats GAME|FILE",
		Short: "list every combat of a game: units, odds, shifts, dice, results",
		Long: `List every combat of a game, one block each: who attacked which hex from where,
the units with their strengths (and why one counted half), the support, the
strengths compared and what changed them, the odds and each column shift with
its rule, every die (Jabos, the combat results, Determined Defense) and what it
decided, what the other faces of the die would have given, the losses with
their cause, the retreat and the advances.`,
		Example: `  pbem combats cherbourg-3fa9c1
  pbem combats game.pbem --turn 5
  pbem combats game.pbem --side german | less`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			gl, w, err := walkArg(cmd, args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if !w.reports {
				fmt.Fprintf(out, "%s does not report combats\n", safetext.Escape(gl.entries[0].Rules))
				return stoppedNote(cmd, w)
			}
			n := 0
			for i, c := range w.combats {
				if (turn > 0 && c.Turn != turn) || (side != "" && c.Attacker != side) {
					continue
				}
				if n > 0 {
					fmt.Fprintln(out)
				}
				n++
				for _, l := range strings.SplitAfter(render.CombatText(c, w.seqs[i]), "\n") {
					fmt.Fprint(out, safetext.Escape(strings.TrimSuffix(l, "\n")))
					if strings.HasSuffix(l, "\n") {
						fmt.Fprintln(out)
					}
				}
			}
			switch {
			case n == 0 && len(w.combats) == 0:
				fmt.Fprintln(out, "no combat yet")
			case n == 0:
				fmt.Fprintf(out, "none of the %d combats is of turn %d or by %q\n", len(w.combats), turn, side)
			}
			return stoppedNote(cmd, w)
		},
	}
	cmd.Flags().IntVar(&turn, "turn", 0, "only the combats of this turn")
	cmd.Flags().StringVar(&side, "side", "", "only the combats this side attacked in, e.g. allied")
	return cmd
}

func diceCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "dice GAME|FILE",
		Short: "dice statistics of a game: per seat and purpose, tested against fair dice",
		Long: `Count a game's dice per seat and per purpose (combat results, Determined
Defense, weather, beach assaults...): how often each face came up, the mean
against a fair die's, and a chi-square test of the counts against a fair die
with its p-value. Then each side's combat luck: the share of the die's faces
that would have given the attacker a better result than the one rolled,
averaged over the combats, beside what fair dice give on the same columns.

Every die counted was recomputed from the players' committed hash chains while
the log was verified: these are dice no player could fake.`,
		Example: `  pbem dice cherbourg-3fa9c1
  pbem dice game.pbem`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			gl, w, err := walkArg(cmd, args[0])
			if err != nil {
				return err
			}
			printDice(cmd.OutOrStdout(), gl, w, replay.Stats(w.rolls, w.combats))
			return stoppedNote(cmd, w)
		},
	}
}

// diceTrust says why the counted dice can be trusted, per dice mode.
var diceTrust = map[logs.DiceMode]string{
	logs.DiceStrict: "Strict dice: every value was recomputed from the players' committed hash chains while the log was verified. No player could fake, foresee or re-roll a die.",
	logs.DiceCasual: "Casual dice: every value was recomputed from the players' committed hash chains while the log was verified, so no player could fake or re-roll a die; but each could foresee its own rolls before deciding.",
	logs.DiceSolo:   "Solo dice: every value was recomputed from the committed hash chain, so none was faked or re-rolled; but one person held every seat and could foresee them all.",
}

func printDice(out io.Writer, gl *gameLog, w *walked, st replay.DiceStats) {
	e := gl.entries[0]
	fmt.Fprintf(out, "Dice of game %s (%s/%s, %s): %d dice in %d rolls.\n", safetext.Escape(e.Game), safetext.Escape(e.Rules), safetext.Escape(e.Scenario), safetext.Escape(e.Engine), st.Dice, st.Rolls)
	if w.warning != "" {
		// Protocol v1: a player could choose his own casual rolls.
		fmt.Fprintln(out, "Casual dice: every value was recomputed from the players' committed hash chains while the log was verified, so no player could fake a die; but each could foresee its own rolls, and "+safetext.Escape(w.warning)+".")
	} else {
		fmt.Fprintln(out, diceTrust[w.mode])
	}
	if st.Dice == 0 {
		fmt.Fprintln(out, "No dice yet.")
		return
	}
	purposeW := len("purpose")
	for _, g := range st.Groups {
		purposeW = max(purposeW, len(groupPurpose(g)))
	}
	fmt.Fprintf(out, "\n%-10s %-*s %4s %6s  %-28s %5s %5s %7s %6s\n", "seat", purposeW, "purpose", "die", "dice", "count of each face", "mean", "fair", "chi²", "p")
	few := false
	for _, g := range st.Groups {
		seat := string(g.Seat)
		if seat == "" {
			seat = "all"
		}
		var counts []string
		for _, c := range g.Counts {
			counts = append(counts, fmt.Sprint(c))
		}
		mark := ""
		if g.Few() {
			mark, few = "*", true
		}
		fmt.Fprintf(out, "%-10s %-*s %4s %6d  %-28s %5.2f %5.2f %7.2f %6.3f%s\n", safetext.Escape(seat), purposeW, safetext.Escape(groupPurpose(g)),
			fmt.Sprintf("d%d", g.Sides), g.N, strings.Join(counts, " "), g.Mean, g.Expected, g.ChiSquare, g.P, mark)
	}
	fmt.Fprintln(out, "\np is the chance that fair dice stray at least this far from even counts (chi-square")
	fmt.Fprintln(out, "test, one degree of freedom less than the die has faces). Below 0.05 happens by chance")
	fmt.Fprintln(out, "once in twenty tests, and this table holds many.")
	if few {
		fmt.Fprintln(out, "* fewer than 5 dice expected on each face: the test says little.")
	}
	if len(st.Luck) == 0 {
		return
	}
	fmt.Fprintln(out, "\nCombat luck: the share of the die's faces that would have given the attacker a better")
	fmt.Fprintln(out, "result than the one rolled (0% means the attacker's best roll every time), beside the")
	fmt.Fprintln(out, "share fair dice give on the same columns. Low is lucky attacking, high is lucky defending.")
	for _, l := range st.Luck {
		fmt.Fprintf(out, "  %-8s %-9s %4d combats: %3.0f%% better results left (fair dice: %3.0f%%): %s\n",
			safetext.Escape(l.Side), l.Role, l.Combats, 100*l.Better, 100*l.Expected, luckWords(l))
	}
}

func groupPurpose(g replay.DiceGroup) string {
	if g.Purpose == "" {
		return "all"
	}
	return g.Purpose
}

// luckWords says in words whether a side's dice fell for it, within a few
// points of fair being about fair.
func luckWords(l replay.CombatLuck) string {
	d := l.Expected - l.Better // positive: the attacker rolled better than fair
	if l.Role == "defending" {
		d = -d
	}
	switch {
	case d > 0.05:
		return "luckier than fair dice"
	case d < -0.05:
		return "unluckier than fair dice"
	}
	return "about as fair dice go"
}
