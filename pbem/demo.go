package pbem

import (
	"io"
	"time"
)

// DemoOptions shape a demo game (MailDemo).
type DemoOptions struct {
	Dir      string // where the players' homes go; a temporary directory if empty
	Scenario string // GAME/SCENARIO with two to four seats; normandy44/cherbourg if empty
	Turns    int    // game turns to play
	Seed     uint64 // the demo players' choices (not the dice: those are the protocol's)
	Out      io.Writer
}

// demoPlayer makes a player with a home and identity of its own in dir.
func demoPlayer(dir, name, mail string) (*App, error) {
	home := Home{Config: dir, Data: dir}
	if _, err := home.NewIdentity(name, mail); err != nil {
		return nil, err
	}
	app, err := Open(home, nil)
	if err != nil {
		return nil, err
	}
	// The demo's clock advances a minute per entry, like a game by mail.
	clock := time.Date(2026, 6, 6, 6, 30, 0, 0, time.UTC)
	app.Now = func() time.Time { clock = clock.Add(time.Minute); return clock }
	return app, nil
}
