package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
)

func newCmd() *cobra.Command {
	var ng pbem.NewGame
	var scenario, dice string
	cmd := &cobra.Command{
		Use:   "new GAME --scenario GAME/SCENARIO --side SIDE",
		Short: "start a game and write its invitation",
		Long: `Start a game: pbem writes the invitation (the log's first entry, signed by
you) with the scenario, your side, your key and the commitment to your dice.
Send it with 'pbem export' (or by mail); your opponent imports it and joins.

GAME is your name for the game; pbem adds a short random suffix to make its id.
Dice modes: strict (default: no one can foresee or re-roll; a dice roll costs
one round trip), casual (two players only; no round trips, no re-rolls, but
each player can foresee its own rolls), solo (one person holds every seat).

Options (--option, repeatable) are fixed in the invitation. Normandy '44:
  players=3-allied   three players (24.0); seats us (US 1st Army), cw (British
                     2nd Army: every CW nationality) and german
  players=3-german   three players (24.0); seats allied, german-cw (facing the
                     CW) and german-us (facing the US)
  players=4          four players (24.0); seats us, cw, german-cw, german-us
  historical-storms  25.1: turns 14-16 are Storm; any other weather 1 is rolled again
  random-storm       25.2: weather 1s rolled again until turn 11; from turn 12
                     a Storm lasts 3 turns (not with historical-storms)
  coastal-batteries  25.3: from turn 2 one US and one British naval marker a
                     turn suppress the coastal batteries on their side
Without a players option Normandy '44 has two seats, allied and german. With
two players a side, each commands only his own units; they take each of
their side's phases in turn (us before cw, german-cw before german-us), each
ending his part with 'end'. The first player invites with his seat; the
others import the invitation and 'pbem join GAME --side SEAT'.`,
		Example: `  pbem new cherbourg --scenario normandy44/cherbourg --side allied \
      --opponent-key "ssh-ed25519 AAAA... jan@example.org" --opponent-email jan@example.org
  pbem new duel --scenario freeplay/allied-german --side german --dice casual
  pbem new rhine --scenario freeplay/three-player --side british
  pbem new cotentin --scenario normandy44/cherbourg --side us --option players=4 --option historical-storms`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rules, name, ok := strings.Cut(scenario, "/")
			if !ok {
				return fmt.Errorf("--scenario %q: write GAME/SCENARIO, e.g. freeplay/allied-german ('pbem scenarios' lists them)", scenario)
			}
			ng.Name, ng.Rules, ng.Scenario, ng.Dice = args[0], rules, name, logs.DiceMode(dice)
			switch ng.Dice {
			case logs.DiceStrict, logs.DiceCasual, logs.DiceSolo:
			default:
				return fmt.Errorf("--dice %q: want strict, casual or solo", dice)
			}
			return withApp(func(app *pbem.App) error {
				r, rec, err := app.New(cmd.Context(), ng)
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				fmt.Fprintf(out, "game %s: %s/%s, you play %s, %s dice\n", rec.ID, rec.Rules, rec.Scenario, rec.Seat, rec.Dice)
				if f := r.Foreseeable(); f != "" {
					fmt.Fprintln(out, "note:", f)
				}
				if rec.Dice != string(logs.DiceSolo) {
					fmt.Fprintln(out, sendHint(app, rec.ID))
				} else {
					// Solo: no one to send it to; say what to do first.
					printWaiting(cmd, app, rec, r)
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&scenario, "scenario", "", "GAME/SCENARIO, as 'pbem scenarios' lists them")
	cmd.Flags().StringVar(&ng.Seat, "side", "", "the side (seat) you play")
	cmd.Flags().StringVar(&ng.OpponentKey, "opponent-key", "", "your opponent's public key (ssh-ed25519 AAAA... or a file): only that key may join")
	cmd.Flags().StringVar(&ng.OpponentMail, "opponent-email", "", "your opponent's mail address")
	cmd.Flags().StringVar(&dice, "dice", "strict", "dice mode: strict, casual or solo")
	cmd.Flags().StringArrayVar(&ng.Options, "option", nil, "a rules option, e.g. players=4, historical-storms, coastal-batteries, or freeplay's seats=A,B,C (repeatable; see above)")
	_ = cmd.MarkFlagRequired("scenario")
	_ = cmd.MarkFlagRequired("side")
	return cmd
}

func importCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE...",
		Short: "import a log file from an opponent",
		Long: `Import a game log your opponent sent: every entry is verified (signature, hash
chain, dice, rules) before it is stored, and nothing stored is ever changed. A
file with a bad entry stores the entries before it and says what failed.
If the dice protocol awaits your answer, pbem gives it at once (it needs no
choice of yours); export the game and send it back.`,
		Example: `  pbem import cherbourg-3fa9c1.pbem
  pbem import ~/Downloads/*.pbem
  pbem import - < reply.pbem`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				failed := false
				for _, path := range args {
					// "-" is standard input, as 'pbem export GAME -o -' writes
					// standard output, so that a log can be piped.
					var src io.ReadCloser = io.NopCloser(cmd.InOrStdin())
					if path != "-" {
						f, err := os.Open(path)
						if err != nil {
							return err
						}
						src = f
					}
					rep, err := app.Import(cmd.Context(), src, path)
					src.Close()
					if err != nil {
						return err
					}
					printImport(cmd, app, rep)
					failed = failed || rep.Failed != nil || len(rep.Equivocations) > 0
				}
				if failed {
					return errFailed
				}
				return nil
			})
		},
	}
}

func printImport(cmd *cobra.Command, app *pbem.App, rep *pbem.ImportReport) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "game %s: %d new entries, %d already here\n", rep.Game, len(rep.Added), rep.Duplicates)
	for _, p := range rep.Added {
		printPlayed(cmd, p)
	}
	for _, eq := range rep.Equivocations {
		fmt.Fprintf(cmd.ErrOrStderr(), "EQUIVOCATION: %v\n", eq)
	}
	if rep.Failed != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "rejected: %v\n", rep.Failed)
	}
	for _, p := range rep.Answered {
		fmt.Fprintf(out, "you answered the dice protocol automatically:\n")
		printPlayed(cmd, p)
	}
	if rep.Invited {
		fmt.Fprintf(out, "this is an invitation: accept it with 'pbem join %s'\n", rep.Game)
		return
	}
	printWaitingFor(cmd, app, rep.Game)
}

func joinCmd() *cobra.Command {
	var side string
	cmd := &cobra.Command{
		Use:   "join GAME",
		Short: "accept an invitation you imported",
		Long: `Accept an invitation: pbem signs your acceptance with your key and commits to
your dice chain. Export the game and send it back to the inviter.`,
		Example: `  pbem import invite.pbem
  pbem join cherbourg-3fa9c1
  pbem export cherbourg-3fa9c1 -o reply.pbem`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				p, err := app.Join(cmd.Context(), args[0], side)
				if err != nil {
					return err
				}
				printPlayed(cmd, p)
				printWaiting(cmd, app, p.Game, p.Replay)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&side, "side", "", "the seat to take, when more than one is open")
	return cmd
}

func doCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "do GAME 'COMMAND'...",
		Short: "give commands in a game",
		Long: `Give commands in a game, in the game's canonical text. Each is checked by the
rules (a refusal names the rule that forbids it and changes nothing), then the
entry is signed and stored. When the rules need dice, pbem requests them from
your opponent (strict dice) or draws them at once (casual and solo).
With no commands, sends what the dice protocol awaits from you.
'pbem legal GAME' lists what you may do now.`,
		Example: `  pbem do duel-5c2e01 'play 5/352 2512 to 2513' 'roll 2d6 for attack on 2613'
  pbem do duel-5c2e01 pass
  pbem do duel-5c2e01`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				p, err := app.Do(cmd.Context(), args[0], args[1:])
				if err != nil {
					return notYourTurn(cmd, app, args[0], err)
				}
				printPlayed(cmd, p)
				printWaiting(cmd, app, p.Game, p.Replay)
				return nil
			})
		},
	}
}

// notYourTurn adds to a command refused as out of place what the player
// needs most: whose turn it is, and that their file must be imported first
// (a player who gives commands before importing the opponent's latest file
// meets exactly this).
func notYourTurn(cmd *cobra.Command, app *pbem.App, game string, err error) error {
	if !errors.Is(err, replay.ErrProtocol) && !errors.Is(err, replay.ErrDice) {
		return err
	}
	rec, r, serr := app.Status(cmd.Context(), game)
	if serr != nil || rec.Dice == string(logs.DiceSolo) {
		return err
	}
	w := r.Waiting()
	if w.Over || len(w.Seats) == 0 || slices.Contains(w.Seats, rec.Seat) || !seatJoined(r, rec.Seat) {
		return err
	}
	return fmt.Errorf("%w\nnot your turn: waiting for %s (%s); when their file comes, 'pbem import FILE'",
		err, strings.Join(w.Seats, ", "), w.Text)
}

func statusCmd() *cobra.Command {
	at := int64(-1)
	cmd := &cobra.Command{
		Use:   "status GAME",
		Short: "show where a game stands and what it waits for",
		Long: `Show where a game stands: its seats, what each side sees, and who must act
next and on what. With --at, show the game as it stood after that entry.`,
		Example: "  pbem status cherbourg-3fa9c1\n  pbem status cher     # a unique prefix of the id will do\n  pbem status cher --at 12",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
				out := cmd.OutOrStdout()
				fmt.Fprintf(out, "game %s: %s/%s, you play %s, %s dice, %d entries\n", rec.ID, rec.Rules, rec.Scenario, rec.Seat, rec.Dice, r.Len())
				for _, s := range r.Seats() {
					fmt.Fprintf(out, "  %-10s %s\n", s.Seat, seatLine(s))
				}
				if f := r.Foreseeable(); f != "" {
					fmt.Fprintln(out, "note:", f)
				}
				eqs, err := app.Store.Equivocations(cmd.Context(), rec.ID)
				if err != nil {
					return err
				}
				for _, eq := range eqs {
					fmt.Fprintf(out, "EQUIVOCATION: two different signed entries %d (the second from %s, %s); the log keeps the first\n",
						eq.Seq, eq.Source, eq.Found.Format("2006-01-02 15:04"))
				}
				if at >= 0 {
					g, err := r.StateAt(at)
					if err != nil {
						return err
					}
					fmt.Fprintf(out, "after entry %d:\n", at)
					for _, l := range g.View(logsSeat(rec.Seat)).Lines {
						fmt.Fprintln(out, "  "+l)
					}
					p := g.Pending()
					fmt.Fprintf(out, "then: %s: %s\n", p.Phase, p.Prompt)
					return nil
				}
				for _, l := range r.Game().View(logsSeat(rec.Seat)).Lines {
					fmt.Fprintln(out, "  "+l)
				}
				printWaiting(cmd, app, rec, r)
				return nil
			})
		},
	}
	cmd.Flags().Int64Var(&at, "at", -1, "show the game as it stood after this entry")
	return cmd
}

// withGame runs fn with a game's record and its replayed log.
func withGame(cmd *cobra.Command, name string, fn func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error) error {
	return withApp(func(app *pbem.App) error {
		rec, r, err := app.Status(cmd.Context(), name)
		if err != nil {
			return err
		}
		return fn(app, rec, r)
	})
}

func legalCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "legal GAME [UNIT]",
		Short:   "list the commands you may give now",
		Example: "  pbem legal cherbourg-3fa9c1\n  pbem legal cherbourg-3fa9c1 us-82-505",
		Args:    cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
				out := cmd.OutOrStdout()
				n := 0
				for _, c := range r.Game().Legal(logsSeat(app.ActingSeat(rec, r))) {
					if len(args) == 2 && c.Piece != args[1] {
						continue
					}
					n++
					fmt.Fprintln(out, legalLine(c))
				}
				if n == 0 {
					fmt.Fprintln(out, nothingNow(rec, r))
				}
				return nil
			})
		},
	}
}

// legalLine is one line of 'pbem legal': the command, its cost and its note.
func legalLine(c rules.Choice) string {
	line := c.Command
	// A note that gives the movement points already says the cost exactly
	// (half MPs, 9.1); the whole-number Cost beside it would contradict it
	// ("(cost 2)   # 1 1/2 of 3 MP").
	if c.Cost > 0 && !strings.Contains(c.Note, " MP") {
		line += fmt.Sprintf("   (cost %d)", c.Cost)
	}
	if c.Note != "" {
		line += "   # " + c.Note
	}
	return line
}

func exportCmd() *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "export GAME -o FILE",
		Short: "write a game's whole log to a file",
		Long: `Write a game's whole log, to send to your opponent. The file is plain text, one
signed entry a line; anyone can check it with 'pbem verify FILE'.`,
		Example: "  pbem export cherbourg-3fa9c1 -o turn3.pbem\n  pbem export cher -o -    # to standard output",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withApp(func(app *pbem.App) error {
				if output == "-" {
					_, _, err := app.Export(cmd.Context(), args[0], cmd.OutOrStdout())
					return err
				}
				// Write beside the target and rename, so a failure never leaves
				// a truncated log where a good one was.
				tmp, err := os.CreateTemp(filepath.Dir(output), ".pbem-export-*")
				if err != nil {
					return err
				}
				defer os.Remove(tmp.Name())
				rec, n, err := app.Export(cmd.Context(), args[0], tmp)
				if cerr := tmp.Close(); err == nil {
					err = cerr
				}
				if err == nil {
					err = os.Rename(tmp.Name(), output)
				}
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "game %s: %d entries written to %s\n", rec.ID, n, output)
				return nil
			})
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "the file to write, or - for standard output")
	_ = cmd.MarkFlagRequired("output")
	return cmd
}

func gamesCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "games",
		Short:   "list your games and what each waits for",
		Example: "  pbem games",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withApp(func(app *pbem.App) error {
				games, err := app.Store.Games(cmd.Context())
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if len(games) == 0 {
					fmt.Fprintln(out, "no games yet: start one with 'pbem new' or import an invitation")
				}
				for _, g := range games {
					_, r, err := app.Status(cmd.Context(), g.ID)
					waiting := ""
					if err != nil {
						waiting = "cannot replay: " + err.Error()
					} else {
						waiting = waitingText(r.Waiting())
					}
					fmt.Fprintf(out, "%-24s %-26s %-8s %-8s %s\n", g.ID, g.Rules+"/"+g.Scenario, g.Seat, g.Status, waiting)
				}
				return nil
			})
		},
	}
}
