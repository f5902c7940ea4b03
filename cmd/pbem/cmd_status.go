package main

import (
	"errors"
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/logs"
	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/replay"
	"github.com/pbem-referee/pbem/rules"
	"github.com/pbem-referee/pbem/safetext"
)

// The exit codes of 'pbem status', so that a script can ask whose turn it
// is: 0 the game waits for you, 1 an error (as every pbem command), and:
const (
	exitWaiting = 3 // it waits for another player, or for their dice
	exitOver    = 4 // the game is over
	exitStuck   = 5 // an equivocation or a fork stops it: see 'pbem status'
)

// exitStatus ends pbem with code, having printed what it had to say.
type exitStatus struct{ code int }

func (e *exitStatus) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// The states of a game for its player, as 'pbem status' and --json name
// them.
const (
	stateYourTurn = "your-turn"
	stateWaiting  = "waiting"
	stateOver     = "over"
	stateStuck    = "stuck"
)

// turnState is where the game stands for this player: the same judgement
// printWaiting puts in words.
func turnState(issues []pbem.Issue, rec pbem.GameRecord, r *replay.Replay) string {
	w := r.Waiting()
	switch {
	case pbem.Stuck(issues):
		return stateStuck
	case w.Over:
		return stateOver
	case !seatJoined(r, rec.Seat), slices.Contains(w.Seats, rec.Seat), rec.Dice == string(logs.DiceSolo):
		return stateYourTurn
	}
	return stateWaiting
}

// stateExit is the exit code of a state; nil for your turn.
func stateExit(state string) error {
	code := map[string]int{stateWaiting: exitWaiting, stateOver: exitOver, stateStuck: exitStuck}[state]
	if code == 0 {
		return nil
	}
	return &exitStatus{code}
}

func statusCmd() *cobra.Command {
	var at int64 // with --at only (Changed)
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status GAME",
		Short: "show where a game stands and what it waits for",
		Long: `Show where a game stands: its seats, what each side sees, the units eliminated
and off the map, and who must act next and on what. With --at, show the game
as it stood after that entry.

A card you looked at (a sealed draw: Air Support or Recon in 1944: Race to
the Rhine) is shown to you from the secret your pbem keeps; the log, the state
and every other player's pbem hold only that it is sealed.

Anything wrong with the log comes first: an equivocation (one key signed two
different entries for one place in the log), or a game an older pbem forked
when two players wrote at once ('pbem repair' puts it right). A game whose
casual dice are made under protocol v1 (an older pbem), under which a player
could choose his own rolls by trying chain heads, says so in a warning.

The exit code says whose turn it is, for scripts (with or without --at, it
is the game's state now):
  0  the game waits for you: your command, your dice, or your join
  1  an error (no such game, ...)
  3  it waits for another player, or for their dice
  4  the game is over
  5  it is stuck: an equivocation or a fork (see above)

With --json, prints one object: {"version": 1, "game", "rules", "scenario",
"scenario_carried", "seat", "dice", "entries", "seats": [{"seat", "name",
"mail", "joined"}], "issues": [{"text", "short", "stuck"}], "state"
("your-turn", "waiting", "over" or "stuck"), "exit_code", "waiting":
{"seats", "dice", "over", "text"}, "phase", "prompt", "foreseeable",
"protocol" (the game's protocol version, 1 or 2), "protocol_warning", "view"
(the lines above), "private" (those of them you alone see), "eliminated"
(unit ids), "off_map": [{"id", "status"}],
"at": {"entry", "view", "phase", "prompt"} with --at}.`,
		Example: "  pbem status cherbourg-3fa9c1\n  pbem status cher     # a unique prefix of the id will do\n  pbem status cher --at 12\n  pbem status cher >/dev/null && echo 'your move'\n  pbem status cher --json | jq -r .state",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, args[0], func(app *pbem.App, rec pbem.GameRecord, r *replay.Replay) error {
				var then rules.Game
				if cmd.Flags().Changed("at") {
					if at < 0 || at >= int64(r.Len()) {
						return fmt.Errorf("--at %d: game %s's log holds entries 0 to %d", at, rec.ID, r.Len()-1)
					}
					var err error
					if then, err = r.StateAt(at); err != nil {
						return err
					}
				}
				issues, err := app.Issues(cmd.Context(), rec, r)
				if err != nil {
					return err
				}
				state := turnState(issues, rec, r)
				seen := seenGame(cmd, app, rec, r)
				if asJSON {
					if err := writeJSON(cmd.OutOrStdout(), statusJSON(rec, r, seen, issues, state, then, at)); err != nil {
						return err
					}
					return stateExit(state)
				}
				if err := printStatus(cmd, app, rec, r, seen, issues, then, at); err != nil {
					return err
				}
				return stateExit(state)
			})
		},
	}
	cmd.Flags().Int64Var(&at, "at", 0, "show the game as it stood after this entry (0 is the invitation)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (see above)")
	return cmd
}

// printStatus prints a game's status for people.
// seen is the game with the cards this player looked at unsealed.
func printStatus(cmd *cobra.Command, app *pbem.App, rec pbem.GameRecord, r *replay.Replay, seen rules.Game, issues []pbem.Issue, then rules.Game, at int64) error {
	out := cmd.OutOrStdout()
	for _, is := range issues {
		safetext.Fprintln(out, is.Text)
	}
	safetext.Fprintf(out, "game %s: %s/%s, you play %s, %s dice, %d entries\n", rec.ID, rec.Rules, rec.Scenario, rec.Seat, rec.Dice, r.Len())
	if r.CarriesScenario() {
		safetext.Fprintf(out, "  the scenario %s is a player's own, carried in the log\n", rec.Scenario)
	}
	for _, s := range r.Seats() {
		safetext.Fprintf(out, "  %-10s %s\n", s.Seat, seatLine(s))
	}
	if f := r.Foreseeable(); f != "" {
		safetext.Fprintln(out, "note:", f)
	}
	printProtocolWarning(out, "", r)
	apart, err := printIntake(cmd, app, rec, r)
	if err != nil {
		return err
	}
	if then != nil {
		safetext.Fprintf(out, "after entry %d:\n", at)
		for _, l := range then.View(rules.Seat(rec.Seat)).Lines {
			safetext.Fprintln(out, "  "+l)
		}
		printUnitsAside(out, then, rec.Seat)
		p := then.Pending()
		safetext.Fprintf(out, "then: %s: %s\n", p.Phase, p.Prompt)
		return nil
	}
	for _, l := range seen.View(rules.Seat(rec.Seat)).Lines {
		safetext.Fprintln(out, "  "+l)
	}
	if private := pbem.PrivateLines(r.Game(), seen, rec.Seat); len(private) > 0 {
		safetext.Fprintf(out, "  (your pbem shows you %d line(s) above from the cards you looked at: the others do not see them)\n", len(private))
	}
	printUnitsAside(out, seen, rec.Seat)
	if !apart { // printIntake has said what to do
		printWaiting(cmd, app, rec, r)
	}
	return nil
}

type jsonStatus struct {
	Version         int          `json:"version"`
	Game            string       `json:"game"`
	Rules           string       `json:"rules"`
	Scenario        string       `json:"scenario"`
	ScenarioCarried bool         `json:"scenario_carried"`
	Seat            string       `json:"seat"`
	Dice            string       `json:"dice"`
	Entries         int          `json:"entries"`
	Seats           []jsonSeat   `json:"seats"`
	Issues          []jsonIssue  `json:"issues"`
	State           string       `json:"state"`
	ExitCode        int          `json:"exit_code"`
	Waiting         jsonWaiting  `json:"waiting"`
	Phase           string       `json:"phase"`
	Prompt          string       `json:"prompt"`
	Foreseeable     string       `json:"foreseeable,omitempty"`
	Protocol        int          `json:"protocol"`
	ProtocolWarning string       `json:"protocol_warning,omitempty"`
	View            []string     `json:"view"`
	Private         []string     `json:"private,omitempty"` // lines of view only this player sees
	Eliminated      []string     `json:"eliminated"`
	OffMap          []jsonOffMap `json:"off_map"`
	At              *jsonAt      `json:"at,omitempty"`
}

type jsonSeat struct {
	Seat   string `json:"seat"`
	Name   string `json:"name,omitempty"`
	Mail   string `json:"mail,omitempty"`
	Joined bool   `json:"joined"`
}

type jsonIssue struct {
	Text  string `json:"text"`
	Short string `json:"short"`
	Stuck bool   `json:"stuck"`
}

type jsonOffMap struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type jsonAt struct {
	Entry  int64    `json:"entry"`
	View   []string `json:"view"`
	Phase  string   `json:"phase"`
	Prompt string   `json:"prompt"`
}

func statusJSON(rec pbem.GameRecord, r *replay.Replay, seen rules.Game, issues []pbem.Issue, state string, then rules.Game, at int64) *jsonStatus {
	p := r.Game().Pending()
	j := &jsonStatus{Version: jsonVersion, Game: rec.ID, Rules: rec.Rules, Scenario: rec.Scenario, ScenarioCarried: r.CarriesScenario(),
		Seat: rec.Seat, Dice: rec.Dice, Entries: r.Len(), Seats: []jsonSeat{}, Issues: []jsonIssue{}, State: state,
		Waiting: waitingJSON(r.Waiting()), Phase: p.Phase, Prompt: p.Prompt, Foreseeable: r.Foreseeable(),
		Protocol: r.Protocol(), ProtocolWarning: r.ProtocolWarning(),
		View: nonNil(seen.View(rules.Seat(rec.Seat)).Lines), Private: pbem.PrivateLines(r.Game(), seen, rec.Seat),
		Eliminated: []string{}, OffMap: []jsonOffMap{}}
	var es *exitStatus
	if err := stateExit(state); errors.As(err, &es) {
		j.ExitCode = es.code
	}
	for _, s := range r.Seats() {
		j.Seats = append(j.Seats, jsonSeat{Seat: s.Seat, Name: s.Name, Mail: s.Mail, Joined: s.Head != ""})
	}
	for _, is := range issues {
		j.Issues = append(j.Issues, jsonIssue{Text: is.Text, Short: is.Short, Stuck: is.Stuck})
	}
	units, _ := pbem.Units(r.Game(), rec.Seat)
	for _, u := range units {
		switch {
		case u.Eliminated:
			j.Eliminated = append(j.Eliminated, u.ID)
		case !u.OnMap:
			j.OffMap = append(j.OffMap, jsonOffMap{ID: u.ID, Status: u.Status})
		}
	}
	if then != nil {
		tp := then.Pending()
		j.At = &jsonAt{Entry: at, View: nonNil(then.View(rules.Seat(rec.Seat)).Lines), Phase: tp.Phase, Prompt: tp.Prompt}
	}
	return j
}
