package replay

import (
	"errors"
	"fmt"

	"github.com/pbem-referee/pbem/logs"
)

// The bounds of an entry (docs/log.md, Limits). A client that controls every
// byte it sends could otherwise make a log that costs its opponent unbounded
// memory or time to check. They are part of the format, not settings: two
// verifiers with different limits would disagree about one log. Each is far
// above anything a game needs (the recorded logs' largest line is about 1 KB,
// with one command of at most 105 bytes).
const (
	// MaxLine bounds a whole line, LF included (logs.MaxLineLen).
	MaxLine = logs.MaxLineLen
	// MaxNote bounds a note's text, in bytes of UTF-8: some 2,500 words.
	MaxNote = 16 << 10
	// MaxCommands bounds the commands of one act entry.
	MaxCommands = 256
	// MaxCommand bounds one command's text, in bytes.
	MaxCommand = 1024
	// MaxDraws bounds the draws of one entry, and MaxDice the dice of one
	// draw; the rules decide the exact number (every draw must be one they
	// ask for), these only refuse absurd entries before any work is done.
	MaxDraws = 1024
	MaxDice  = 1024
	// MaxGameID bounds the game id, which every line repeats.
	MaxGameID = 128
	// MaxName bounds a player's name; MaxMail a mail address (RFC 5321's
	// limit on a path); MaxKey a public key in authorized_keys form (an RSA
	// key of 16,384 bits takes under 3 KB).
	MaxName = 256
	MaxMail = 254
	MaxKey  = 8 << 10
	// MaxOptions bounds the options of an invite, and MaxOption each one.
	MaxOptions = 32
	MaxOption  = 128
)

// ErrLimit: an entry, or one of its fields, is beyond the bounds of the log
// format.
var ErrLimit = errors.New("beyond the limits of the log format")

// checkSize refuses a line longer than MaxLine (logs.Reader refuses one as it
// reads; a line from elsewhere, such as a store, is checked here).
func checkSize(e *logs.Entry) error {
	if len(e.Line) > MaxLine {
		return entryErr(e.Seq, ErrLimit, "the line is %d bytes; at most %d are allowed", len(e.Line), MaxLine)
	}
	return nil
}

// checkLimits refuses a body with a field beyond its bound, naming the field,
// its size and the limit.
func checkLimits(b *logs.Body) error {
	over := func(what string, n, limit int) error {
		return entryErr(b.Seq, ErrLimit, "%s is %d bytes; at most %d are allowed", what, n, limit)
	}
	switch {
	case len(b.Game) > MaxGameID:
		return over("the game id", len(b.Game), MaxGameID)
	case len(b.Text) > MaxNote:
		return over("the note's text", len(b.Text), MaxNote)
	case len(b.Commands) > MaxCommands:
		return entryErr(b.Seq, ErrLimit, "%d commands; at most %d are allowed in one entry", len(b.Commands), MaxCommands)
	case len(b.Draws) > MaxDraws:
		return entryErr(b.Seq, ErrLimit, "%d draws; at most %d are allowed in one entry", len(b.Draws), MaxDraws)
	case len(b.Options) > MaxOptions:
		return entryErr(b.Seq, ErrLimit, "%d options; at most %d are allowed", len(b.Options), MaxOptions)
	}
	for i, c := range b.Commands {
		if len(c) > MaxCommand {
			return over(fmt.Sprintf("command %d", i+1), len(c), MaxCommand)
		}
	}
	for i, d := range b.Draws {
		if len(d.Sides) > MaxDice || len(d.Values) > MaxDice {
			return entryErr(b.Seq, ErrLimit, "draw %d has %d dice; at most %d are allowed", i+1, max(len(d.Sides), len(d.Values)), MaxDice)
		}
	}
	for i, o := range b.Options {
		if len(o) > MaxOption {
			return over(fmt.Sprintf("option %d", i+1), len(o), MaxOption)
		}
	}
	seats := append([]logs.Seat{{Seat: b.By, Key: b.Key, Name: b.Name, Mail: b.Mail}}, b.Seats...)
	for _, s := range seats {
		switch {
		case len(s.Key) > MaxKey:
			return over("seat "+s.Seat+"'s key", len(s.Key), MaxKey)
		case len(s.Name) > MaxName:
			return over("seat "+s.Seat+"'s name", len(s.Name), MaxName)
		case len(s.Mail) > MaxMail:
			return over("seat "+s.Seat+"'s mail address", len(s.Mail), MaxMail)
		}
	}
	return nil
}
