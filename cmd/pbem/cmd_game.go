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
	var scenario, scenarioFile, game, dice string
	var invites []string
	cmd := &cobra.Command{
		Use:   "new GAME --scenario GAME/SCENARIO|FILE --side SIDE",
		Short: "start a game and write its invitation",
		Long: `Start a game: pbem writes the invitation (the log's first entry, signed by
you) with the scenario, your side, your key and the commitment to your dice.
Send it with 'pbem export' (or by mail); your opponent imports it and joins.

GAME is your name for the game; pbem adds a short random suffix to make its id.

--scenario names a scenario that ships with pbem ('pbem scenarios' lists
them), or a scenario file of your own, e.g. a map and counters transcribed
from a game you own ('pbem scenario check FILE' checks it first). A file is
recognised by a path (./my-cherbourg.scn, maps/cherbourg.scn) or a name
ending (.scn); --scenario-file takes any path. The map it names is read from
its folder, else from the shipped ones. The invitation carries the whole
assembled text, pinned by its digest, so that your opponent, and anyone who
verifies the log, needs nothing but the log. The game is read from the
file's 'game' line, or --game.
The invitation fixes the edition of the rules: the game's default, or another
that --variant names ('pbem scenarios' says which each scenario plays; a
scenario an edition lacks is refused, with why). Games and their editions:
` + editionsHelp() + `

Dice modes: strict (default: no one can foresee or re-roll; a dice roll costs
one round trip), casual (two players only; no round trips, no re-rolls, but
each player can foresee its own rolls), solo (one person holds every seat).

Options (--option, repeatable) are fixed in the invitation. Normandy '44:
  players=3-allied   three players (24.0); seats us (US 1st Army), cw (British
                     2nd Army: every CW nationality) and german
  players=3-german   three players (24.0); seats allied, german-cw (facing the
                     CW) and german-us (facing the US)
  players=4          four players (24.0); seats us, cw, german-cw, german-us
  historical-storms  25.1: turns 14-16 are Storm; any other weather 1 is rolled
                     again (first edition, 28.1: any other 1 counts as 2)
  random-storm       25.2: weather 1s rolled again until turn 11; from turn 12
                     a Storm lasts 3 turns (not with historical-storms; 2.2 only)
  coastal-batteries  25.3: from turn 2 one US and one British naval marker a
                     turn suppress the coastal batteries on their side (first
                     edition 28.3)
  flank-fire         first edition only, 28.2: the defender shifts 1 left for
                     each defending hex, not attacked, next to both the
                     attacked hex and an attacker (at most 2)
  retreat-step-once  AMBIG-24: a retreat costs one step however many rivers and
                     flooded hexsides it crosses (by default one a crossing)
  one-hex-per-retreat  AMBIG-25: the strength friends stop after a one-hex
                     retreat counts for each retreat (by default once a phase;
                     2.2 only: the first edition's 13.3 says per Combat Phase)
Without a players option Normandy '44 has two seats, allied and german. With
two players a side, each commands only his own units; they take each of
their side's phases in turn (us before cw, german-cw before german-us), each
ending his part with 'end'. The first player invites with his seat; the
others import the invitation and 'pbem join GAME --side SEAT'.

Ardennes '44 (two seats, german and allied):
  extended           S5: the campaign plays on to turn 30 (30 PM)
  night-infiltration 31: unused Night markers move stacks 1 hex at night
  fuel-dumps         32: the Allied fuel dumps, one of them real
  roadblocks         33: two Roadblocks a side
  attack-limit       34: at most 18 attack strength counts in a combat
  bodenplatte        35: Operation Bodenplatte, rolled at the start of turn 15
  greif              36: the Greif Commando, once a game on a bridge before turn 7

Salerno '43 (two seats, german and allied), the optional rules of 25.0:
  disengagement      25.1: a unit or stack that does not attack may try to
                     withdraw 1 or 2 hexes in its Combat Phase ('disengage')
  recon              25.2: a lone recon unit ignores the step loss of D1 or
                     DS, and then makes no Determined Defense that phase
  limited-port-supply  25.3: a port supplies at most LP x 10 landing points
                     of Allied units that no BH supplies (Amalfi: 10)

With more than two seats, --invite SEAT=ADDRESS (repeatable) reserves a seat
for a player: 'pbem send' mails the invitation there, and every hand-over
after. SEAT=ADDRESS,KEY also reserves it for that key (a key, or a file
holding one), as --opponent-key does in a game of two.`,
		Example: `  pbem new cherbourg --scenario normandy44/cherbourg --side allied \
      --opponent-key "ssh-ed25519 AAAA... jan@example.org" --opponent-email jan@example.org
  pbem new duel --scenario freeplay/allied-german --side german --dice casual
  pbem new rhine --scenario freeplay/three-player --side british
  pbem new race --scenario rhine44/three-player --side monty \
      --invite bradley=jan@example.org --invite patton=olga@example.org,olga.pub
  pbem new cotentin --scenario normandy44/cherbourg --side us --option players=4 --option historical-storms
  pbem new primo --scenario normandy44/campaign --variant ed1 --side allied --option flank-fire
  pbem new real --scenario ./my-cherbourg.scn --side allied --opponent-key jan.pub`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := newScenario(&ng, scenario, scenarioFile, game); err != nil {
				return err
			}
			ng.Name, ng.Dice = args[0], logs.DiceMode(dice)
			if err := parseInvites(&ng, invites); err != nil {
				return err
			}
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
				if r.CarriesScenario() {
					safetext.Fprintf(out, "the invitation carries %s whole (%d bytes assembled): your opponent needs only the log\n", ng.ScenarioFile, len(r.Setup().Scenario))
				}
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
	cmd.Flags().StringVar(&scenario, "scenario", "", "GAME/SCENARIO, as 'pbem scenarios' lists them, or a scenario file (./FILE.scn)")
	cmd.Flags().StringVar(&scenarioFile, "scenario-file", "", "a scenario file of your own, whatever its path")
	cmd.Flags().StringVar(&game, "game", "", "with a scenario file: the game it is for, when it has no 'game' line (e.g. freeplay)")
	cmd.Flags().StringVar(&ng.Seat, "side", "", "the side (seat) you play")
	cmd.Flags().StringVar(&ng.Variant, "variant", "", "the edition of the rules, when not the game's default (see above; 'pbem scenarios' lists them)")
	cmd.Flags().StringVar(&ng.OpponentKey, "opponent-key", "", "your opponent's public key (ssh-ed25519 AAAA... or a file): only that key may join")
	cmd.Flags().StringVar(&ng.OpponentMail, "opponent-email", "", "your opponent's mail address: the invitation goes there, and pbem warns if his join entry names another")
	cmd.Flags().StringArrayVar(&invites, "invite", nil, "SEAT=ADDRESS[,KEY]: reserve another seat for a player, whom the invitation is mailed to (repeatable)")
	cmd.Flags().StringVar(&dice, "dice", "strict", "dice mode: strict, casual or solo")
	cmd.Flags().StringArrayVar(&ng.Options, "option", nil, "a rules option, e.g. players=4, historical-storms, coastal-batteries, or freeplay's seats=A,B,C (repeatable; see above)")
	withLateLong(cmd) // the editions of each shipped scenario (cmd_scenario.go)
	cmd.MarkFlagsMutuallyExclusive("scenario", "scenario-file")
	cmd.MarkFlagsOneRequired("scenario", "scenario-file")
	_ = cmd.MarkFlagRequired("side")
	return cmd
}

// parseInvites reads --invite SEAT=ADDRESS[,KEY] into ng.Invite.
func parseInvites(ng *pbem.NewGame, invites []string) error {
	for _, arg := range invites {
		seat, rest, ok := strings.Cut(arg, "=")
		if !ok || seat == "" || rest == "" {
			return fmt.Errorf("--invite %q: want SEAT=ADDRESS or SEAT=ADDRESS,KEY (e.g. bradley=jan@example.org)", arg)
		}
		mail, key, _ := strings.Cut(rest, ",")
		if ng.Invite == nil {
			ng.Invite = map[string]pbem.Invitee{}
		}
		if _, dup := ng.Invite[seat]; dup {
			return fmt.Errorf("--invite %s: given twice", seat)
		}
		ng.Invite[seat] = pbem.Invitee{Mail: strings.TrimSpace(mail), Key: strings.TrimSpace(key)}
	}
	return nil
}

// newScenario reads what --scenario, --scenario-file and --game say into ng:
// a shipped scenario (GAME/SCENARIO) or a player's own file.
func newScenario(ng *pbem.NewGame, scenario, file, game string) error {
	if file == "" && looksLikeFile(scenario) {
		file = scenario
	}
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("scenario file: %w", err)
		}
		if ng.Rules, err = scenarioGame(data, game); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		ng.ScenarioFile = file
		return nil
	}
	if game != "" {
		return errors.New("--game is for a scenario file; a shipped scenario is written GAME/SCENARIO")
	}
	rules, name, ok := strings.Cut(scenario, "/")
	if !ok || rules == "" || name == "" {
		hint := ""
		if st, err := os.Stat(scenario); err == nil && st.Mode().IsRegular() {
			hint = fmt.Sprintf("; for the file %s write --scenario ./%s", scenario, scenario)
		}
		return fmt.Errorf("--scenario %q: write GAME/SCENARIO, e.g. freeplay/allied-german ('pbem scenarios' lists them), or the path of a scenario file%s", scenario, hint)
	}
	ng.Rules, ng.Scenario = rules, name
	return nil
}

// looksLikeFile says whether --scenario names a file rather than a shipped
// GAME/SCENARIO: a path that starts from a folder (./, ../, /, ~), more than
// one folder deep, with a backslash (Windows), or a name with an ending.
func looksLikeFile(v string) bool {
	for _, p := range []string{"./", "../", "/", "~", ".\\", "..\\"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return strings.Count(v, "/") > 1 || strings.Contains(v, "\\") || filepath.Ext(v) != "" || filepath.IsAbs(v)
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
shown with control and bidi characters escaped (\x1b, \u202e). A file that is
no log (a public key, a whole mail) or that a mail client re-wrapped,
re-encoded or quoted is named as such, with what to do. A game whose casual
dice are made under protocol v1 (an older pbem), under which a player could
choose his own rolls by trying chain heads, says so in a warning.`,
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
					head := &pbem.HeadRecorder{R: src}
					rep, err := app.Import(cmd.Context(), head, path)
					src.Close()
					if err != nil {
						if h := pbem.ExplainBadLog(head.Head()); h != "" {
							return &hintError{err, path + ": " + h}
						}
						return err
					}
					printImport(cmd, app, rep)
					if h := pbem.ExplainBadLog(head.Head()); rep.Failed != nil && h != "" {
						safetext.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", path, h)
					}
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
	// The game as it now stands, read once for the races' words and for
	// what it waits for.
	rec, r, err := app.Status(cmd.Context(), rep.Game)
	for _, rc := range rep.Races {
		safetext.Fprintf(out, "race at %s\n", rc.Words(rec.Seat))
	}
	for _, rb := range rep.Rebased {
		safetext.Fprintln(out, rb.Words())
	}
	safetext.Fprintf(out, "game %s: %d new entries, %d already here\n", rep.Game, rep.AddedCount(), rep.Duplicates)
	if rep.Earlier > 0 {
		fmt.Fprintf(out, "(the first %d new entries are not shown: 'pbem log' prints them all)\n", rep.Earlier)
	}
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
	if err != nil {
		safetext.Fprintln(cmd.ErrOrStderr(), "pbem:", err)
		return
	}
	if _, err := printIntake(cmd, app, rec, r); err != nil {
		safetext.Fprintln(cmd.ErrOrStderr(), "pbem:", err)
	}
	if !rep.Invited {
		printProtocolWarning(out, "", r)
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
	refused := pbem.JoinRefusal(r)
	switch {
	case invited && refused != nil:
		safetext.Fprintf(out, "this is an invitation from %s, %s, which pbem will not join: %v\n", inv.Sender(), inv.Arrival(), refused)
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
your dice chain. Export the game and send it back to the inviter.

An invitation to casual dice made by an older pbem (protocol v1, under which
a player could choose his own rolls by trying chain heads) is refused: ask
the inviter for a new invitation, made with a pbem of protocol v2.`,
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

// notYourTurn adds to a command refused as out of place what the player
// needs most: whose turn it is, and that their file must be imported first
// (a player who gives commands before importing the opponent's latest file
// meets exactly this). r is the game the command was refused in.
func notYourTurn(rec pbem.GameRecord, r *replay.Replay, err error) error {
	if !errors.Is(err, replay.ErrProtocol) && !errors.Is(err, replay.ErrDice) || rec.Dice == string(logs.DiceSolo) {
		return err
	}
	w := r.Waiting()
	if w.Over || len(w.Seats) == 0 || slices.Contains(w.Seats, rec.Seat) || !seatJoined(r, rec.Seat) {
		return err
	}
	return &hintError{err, fmt.Sprintf("not your turn: waiting for %s (%s); when their file comes, 'pbem import FILE'",
		strings.Join(w.Seats, ", "), w.Text)}
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

// seenGame is the game as this player sees it (pbem.App.Seen): with the
// cards it looked at unsealed from its own store. What it should see and
// cannot (a false box) is said on standard error.
func seenGame(cmd *cobra.Command, app *pbem.App, rec pbem.GameRecord, r *replay.Replay) rules.Game {
	g, problems := app.Seen(cmd.Context(), rec, r)
	for _, p := range problems {
		safetext.Fprintln(cmd.ErrOrStderr(), "pbem: warning:", p)
	}
	return g
}

// printPrivate prints the lines of the view that this player alone sees.
func printPrivate(out io.Writer, indent string, lines []string) {
	if len(lines) == 0 {
		return
	}
	safetext.Fprintln(out, indent+"known to you alone (your pbem keeps it; the others' do not):")
	for _, l := range lines {
		safetext.Fprintln(out, indent+"  "+l)
	}
}

// gameWaiting is what a game waits for in the list of games, after any issue
// of its log (equivocation, fork, race), which comes first.
func gameWaiting(issues []pbem.Issue, r *replay.Replay) string {
	var parts []string
	for _, is := range issues {
		parts = append(parts, is.Short)
	}
	if !pbem.Stuck(issues) {
		parts = append(parts, waitingText(r.Waiting()))
	}
	return strings.Join(parts, "; ")
}
