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

	"github.com/pbem-referee/pbem/games"
	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
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
The invitation fixes the edition of the rules: the game's default, or another
that --variant names. Games and their editions:
` + editionsHelp() + `

Dice modes: strict (default: no one can foresee or re-roll; a dice roll costs
one round trip), casual (no round trips, but each player can foresee its own
rolls), solo (one person holds every seat).

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
				safetext.Fprintf(out, "game %s: %s/%s, you play %s, %s dice\n", rec.ID, rec.Rules, rec.Scenario, rec.Seat, rec.Dice)
				if f := r.Foreseeable(); f != "" {
					safetext.Fprintln(out, "note:", f)
				}
				if rec.Dice != string(logs.DiceSolo) {
					safetext.Fprintln(out, sendHint(cmd, app, rec, r))
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
	cmd.Flags().StringVar(&ng.Variant, "variant", "", "the edition of the rules, when not the game's default (see above; 'pbem scenarios' lists them)")
	cmd.Flags().StringVar(&ng.OpponentKey, "opponent-key", "", "your opponent's public key (ssh-ed25519 AAAA... or a file): only that key may join")
	cmd.Flags().StringVar(&ng.OpponentMail, "opponent-email", "", "your opponent's mail address: the invitation goes there, and pbem warns if his join entry names another")
	cmd.Flags().StringVar(&dice, "dice", "strict", "dice mode: strict, casual or solo")
	cmd.Flags().StringArrayVar(&ng.Options, "option", nil, "a rules option, e.g. players=4, historical-storms, coastal-batteries, or freeplay's seats=A,B,C (repeatable; see above)")
	_ = cmd.MarkFlagRequired("scenario")
	_ = cmd.MarkFlagRequired("side")
	return cmd
}

// editionsHelp lists each game with the editions of its rules, for 'pbem new
// --help'.
func editionsHelp() string {
	var b strings.Builder
	for _, e := range games.All() {
		fmt.Fprintf(&b, "  %s: %s\n", e.Name, e.Title)
		for _, line := range variantLines(e) {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func importCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "import FILE...",
		Short: "import a log file from an opponent",
		Long: `Import a game log your opponent sent: every entry is verified (signature, hash
chain, dice, rules) before it is stored, and nothing stored is ever changed. A
file with a bad entry stores the entries before it and says what failed.
If the dice protocol awaits your answer, pbem gives it at once (it needs no
choice of yours); export the game and send it back.
An invitation that names neither your key nor a key you have played with is
listed apart by 'pbem games' until you join or decline it. Received text is
shown with control and bidi characters escaped (\x1b, \u202e).`,
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
	for _, eq := range rep.Equivocations {
		safetext.Fprintf(cmd.ErrOrStderr(), "EQUIVOCATION: %v\n", eq)
	}
	seat := ""
	if rec, err := app.Find(cmd.Context(), rep.Game); err == nil {
		seat = rec.Seat
	}
	for _, rc := range rep.Races {
		safetext.Fprintf(out, "race at %s\n", rc.Words(seat))
	}
	for _, rb := range rep.Rebased {
		safetext.Fprintln(out, rb.Words())
	}
	safetext.Fprintf(out, "game %s: %d new entries, %d already here\n", rep.Game, len(rep.Added), rep.Duplicates)
	for _, p := range rep.Added {
		printPlayed(cmd, p)
	}
	if rep.Failed != nil {
		safetext.Fprintf(cmd.ErrOrStderr(), "rejected: %v\n", rep.Failed)
	}
	for _, p := range rep.Answered {
		safetext.Fprintf(out, "you answered the dice protocol automatically:\n")
		printPlayed(cmd, p)
	}
	for _, rb := range rep.Rebased {
		if rb.New != nil {
			safetext.Fprintf(out, "your entry re-based after the race:\n")
			printPlayed(cmd, *rb.New)
		}
	}
	rec, r, err := app.Status(cmd.Context(), rep.Game)
	if err != nil {
		safetext.Fprintln(cmd.ErrOrStderr(), "pbem:", err)
		return
	}
	if _, err := printIntake(cmd, app, rec, r); err != nil {
		safetext.Fprintln(cmd.ErrOrStderr(), "pbem:", err)
	}
	if !rep.Invited {
		printWaiting(cmd, app, rec, r)
	}
}

// printIntake says, for an invitation, who sent it, how it came and what to
// do; for a game, which hand-over addresses are unconfirmed and what to do.
// apart is true for an invitation listed apart from the games (unexpected or
// declined).
func printIntake(cmd *cobra.Command, app *pbem.App, rec pbem.GameRecord, r *replay.Replay) (apart bool, err error) {
	out := cmd.OutOrStdout()
	inv, invited, err := app.Invitation(cmd.Context(), rec, r)
	if err != nil {
		return false, err
	}
	apart = invited && (inv.Declined() || !inv.Expected())
	switch {
	case invited && inv.Declined():
		safetext.Fprintf(out, "you declined this invitation from %s: it is not listed ('pbem join %s' still accepts it)\n", inv.Sender(), rec.ID)
	case invited && inv.Expected():
		safetext.Fprintf(out, "this is an invitation from %s, %s: accept it with 'pbem join %s'\n", inv.Sender(), inv.Arrival(), rec.ID)
	case invited:
		safetext.Fprintf(out, "this is an invitation you did not expect, from %s, %s: %s.\n", inv.Sender(), inv.Arrival(), inv.Why())
		safetext.Fprintf(out, "It is not listed with your games, and nothing is answered or sent: 'pbem join %s' plays it, 'pbem decline %s' drops it\n", rec.ID, rec.ID)
	default:
		ws, err := app.AddressWarnings(cmd.Context(), rec, r)
		if err != nil {
			return false, err
		}
		printAddressWarnings(out, "", ws)
	}
	return apart, nil
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
	return &hintError{err, fmt.Sprintf("not your turn: waiting for %s (%s); when their file comes, 'pbem import FILE'",
		strings.Join(w.Seats, ", "), w.Text)}
}

func statusCmd() *cobra.Command {
	at := int64(-1)
	cmd := &cobra.Command{
		Use:   "status GAME",
		Short: "show where a game stands and what it waits for",
		Long: `Show where a game stands: its seats, what each side sees, and who must act
next and on what. With --at, show the game as it stood after that entry.

Anything wrong with the log comes first: an equivocation (one key signed two
different entries for one place in the log), or a game an older pbem forked
when two players wrote at once ('pbem repair' puts it right).`,
		Example: "  pbem status cherbourg-3fa9c1\n  pbem status cher     # a unique prefix of the id will do\n  pbem status cher --at 12",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
				out := cmd.OutOrStdout()
				issues, err := app.Issues(cmd.Context(), rec, r)
				if err != nil {
					return err
				}
				for _, is := range issues {
					safetext.Fprintln(out, is.Text)
				}
				safetext.Fprintf(out, "game %s: %s/%s, you play %s, %s dice, %d entries\n", rec.ID, rec.Rules, rec.Scenario, rec.Seat, rec.Dice, r.Len())
				for _, s := range r.Seats() {
					safetext.Fprintf(out, "  %-10s %s\n", s.Seat, seatLine(s))
				}
				if f := r.Foreseeable(); f != "" {
					safetext.Fprintln(out, "note:", f)
				}
				apart, err := printIntake(cmd, app, rec, r)
				if err != nil {
					return err
				}
				if at >= 0 {
					g, err := r.StateAt(at)
					if err != nil {
						return err
					}
					safetext.Fprintf(out, "after entry %d:\n", at)
					for _, l := range g.View(logsSeat(rec.Seat)).Lines {
						safetext.Fprintln(out, "  "+l)
					}
					p := g.Pending()
					safetext.Fprintf(out, "then: %s: %s\n", p.Phase, p.Prompt)
					return nil
				}
				for _, l := range r.Game().View(logsSeat(rec.Seat)).Lines {
					safetext.Fprintln(out, "  "+l)
				}
				if !apart { // printIntake has said what to do
					printWaiting(cmd, app, rec, r)
				}
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
					safetext.Fprintln(out, legalLine(c))
				}
				if n == 0 {
					safetext.Fprintln(out, nothingNow(rec, r))
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
				safetext.Fprintf(cmd.OutOrStdout(), "game %s: %d entries written to %s\n", rec.ID, n, output)
				return nil
			})
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "the file to write, or - for standard output")
	_ = cmd.MarkFlagRequired("output")
	return cmd
}

func gamesCmd() *cobra.Command {
	var all bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "list your games and what each waits for, and the invitations apart",
		Long: `List your games and what each waits for. A game whose log is in trouble (an
equivocation, or a fork left by an older pbem) says so first. An invitation
is listed with the games when it names your key or comes from a key you have
played with (and, by mail, from the address its inviter signed); any other
invitation is listed apart, with who sent it and from where, until you join
or decline it. A game whose hand-overs would go to an address you have not
seen its player use says so, with what to do.`,
		Example: "  pbem games\n  pbem games --all     # with the invitations you declined",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withApp(func(app *pbem.App) error {
				ctx := cmd.Context()
				games, err := app.Store.Games(ctx)
				if err != nil {
					return err
				}
				invs, err := app.Invitations(ctx)
				if err != nil {
					return err
				}
				apart := map[string]pbem.Invitation{}
				var unexpected, declined []pbem.Invitation
				for _, inv := range invs {
					switch {
					case inv.Declined():
						declined = append(declined, inv)
						apart[inv.Game.ID] = inv
					case !inv.Expected():
						unexpected = append(unexpected, inv)
						apart[inv.Game.ID] = inv
					}
				}
				out := cmd.OutOrStdout()
				listed := 0
				for _, g := range games {
					if _, ok := apart[g.ID]; ok {
						continue
					}
					listed++
					rec, r, err := app.Status(ctx, g.ID)
					waiting := ""
					if err != nil {
						waiting = "cannot replay: " + err.Error()
					} else {
						waiting = gameWaiting(cmd, app, g, r)
					}
					safetext.Fprintf(out, "%-24s %-26s %-8s %-8s %s\n", g.ID, g.Rules+"/"+g.Scenario, g.Seat, g.Status, waiting)
					if err == nil {
						ws, err := app.AddressWarnings(ctx, rec, r)
						if err != nil {
							return err
						}
						printAddressWarnings(out, "    ", ws)
					}
				}
				if listed == 0 {
					safetext.Fprintln(out, "no games yet: start one with 'pbem new' or import an invitation")
				}
				printUnexpected(out, unexpected)
				switch {
				case len(declined) > 0 && all:
					safetext.Fprintf(out, "\ninvitations you declined ('pbem join GAME' still accepts one):\n")
					for _, inv := range declined {
						printInvitation(out, inv)
					}
				case len(declined) > 0:
					safetext.Fprintf(out, "\n%d declined invitation(s) not shown: pbem games --all\n", len(declined))
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "list the invitations you declined too")
	return cmd
}

// gameWaiting is what a game waits for in the list of games, after any issue
// of its log (equivocation, fork, race), which comes first.
func gameWaiting(cmd *cobra.Command, app *pbem.App, g pbem.GameRecord, r *replay.Replay) string {
	issues, err := app.Issues(cmd.Context(), g, r)
	if err != nil {
		return "cannot judge its evidence: " + err.Error()
	}
	var parts []string
	for _, is := range issues {
		parts = append(parts, is.Short)
	}
	if !pbem.Stuck(issues) {
		parts = append(parts, waitingText(r.Waiting()))
	}
	return strings.Join(parts, "; ")
}
