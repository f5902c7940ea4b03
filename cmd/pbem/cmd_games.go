package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/pbem-referee/pbem/pbem"
	"github.com/pbem-referee/pbem/safetext"
)

func gamesCmd() *cobra.Command {
	var all, asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "list your games and what each waits for, and the invitations apart",
		Long: `List your games and what each waits for. A game whose log is in trouble (an
equivocation, or a fork left by an older pbem) says so first. An invitation
is listed with the games when it names your key or comes from a key you have
played with (and, by mail, from the address its inviter signed); any other
invitation is listed apart, with who sent it and from where, until you join
or decline it. A game whose hand-over addresses would go to an address you
have not seen its player use says so, with what to do; one whose casual dice
are made under protocol v1 (an older pbem), under which a player could choose
his own rolls by trying chain heads, says that.

With --json, prints one object: {"version": 1, "games": [{"id", "rules",
"scenario", "seat", "status", "state" (as 'pbem status --json' names it),
"waiting", "warnings"}], "unexpected": [{"id", "rules", "scenario",
"received", "from", "arrival", "why"}], "declined": [the same]}; declined
invitations are always listed there.`,
		Example: "  pbem games\n  pbem games --all     # with the invitations you declined\n  pbem games --json | jq -r '.games[] | select(.state == \"your-turn\") | .id'",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withApp(func(app *pbem.App) error {
				list, unexpected, declined, err := listGames(cmd, app)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd.OutOrStdout(), list)
				}
				printGames(cmd, list, unexpected, declined, all)
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "list the invitations you declined too")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (see above)")
	return cmd
}

// jsonGames is the list of games, as 'pbem games' shows it.
type jsonGames struct {
	Version    int              `json:"version"`
	Games      []jsonGame       `json:"games"`
	Unexpected []jsonInvitation `json:"unexpected"`
	Declined   []jsonInvitation `json:"declined"`
}

type jsonGame struct {
	ID       string   `json:"id"`
	Rules    string   `json:"rules"`
	Scenario string   `json:"scenario"`
	Seat     string   `json:"seat"`
	Status   string   `json:"status"`
	State    string   `json:"state"`
	Waiting  string   `json:"waiting"`
	Warnings []string `json:"warnings"`
}

type jsonInvitation struct {
	ID       string `json:"id"`
	Rules    string `json:"rules"`
	Scenario string `json:"scenario"`
	Received string `json:"received"`
	From     string `json:"from"`
	Arrival  string `json:"arrival"`
	Why      string `json:"why,omitempty"`
}

func invitationJSON(inv pbem.Invitation) jsonInvitation {
	g := inv.Game
	return jsonInvitation{ID: g.ID, Rules: g.Rules, Scenario: g.Scenario, Received: g.Created.UTC().Format(time.RFC3339),
		From: inv.Sender(), Arrival: inv.Arrival(), Why: inv.Why()}
}

// listGames gathers the games and the invitations apart.
func listGames(cmd *cobra.Command, app *pbem.App) (list *jsonGames, unexpected, declined []pbem.Invitation, err error) {
	ctx := cmd.Context()
	games, err := app.Store.Games(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	invs, err := app.Invitations(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	list = &jsonGames{Version: jsonVersion, Games: []jsonGame{}, Unexpected: []jsonInvitation{}, Declined: []jsonInvitation{}}
	apart := map[string]bool{}
	for _, inv := range invs {
		switch {
		case inv.Declined():
			list.Declined = append(list.Declined, invitationJSON(inv))
			declined = append(declined, inv)
			apart[inv.Game.ID] = true
		case !inv.Expected():
			list.Unexpected = append(list.Unexpected, invitationJSON(inv))
			unexpected = append(unexpected, inv)
			apart[inv.Game.ID] = true
		}
	}
	for _, g := range games {
		if apart[g.ID] {
			continue
		}
		jg := jsonGame{ID: g.ID, Rules: g.Rules, Scenario: g.Scenario, Seat: g.Seat, Status: g.Status, Warnings: []string{}}
		rec, r, err := app.Status(ctx, g.ID)
		if err != nil {
			jg.Waiting = "cannot replay: " + err.Error()
			list.Games = append(list.Games, jg)
			continue
		}
		if issues, err := app.Issues(ctx, rec, r); err != nil {
			jg.Waiting = "cannot judge its evidence: " + err.Error()
		} else {
			jg.Waiting, jg.State = gameWaiting(issues, r), turnState(issues, rec, r)
		}
		ws, err := app.AddressWarnings(ctx, rec, r)
		if err != nil {
			return nil, nil, nil, err
		}
		for _, w := range ws {
			jg.Warnings = append(jg.Warnings, w.String())
		}
		if w := r.ProtocolWarning(); w != "" {
			jg.Warnings = append(jg.Warnings, w)
		}
		list.Games = append(list.Games, jg)
	}
	return list, unexpected, declined, nil
}

// printGames prints the list for people.
func printGames(cmd *cobra.Command, list *jsonGames, unexpected, declined []pbem.Invitation, all bool) {
	out := cmd.OutOrStdout()
	for _, g := range list.Games {
		safetext.Fprintf(out, "%-24s %-26s %-8s %-8s %s\n", g.ID, g.Rules+"/"+g.Scenario, g.Seat, g.Status, g.Waiting)
		for _, w := range g.Warnings {
			safetext.Fprintf(out, "    warning: %s\n", w)
		}
	}
	if len(list.Games) == 0 {
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
}
