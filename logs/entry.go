// Package logs is the game record: the entry codec (canonical JSON bodies), SSHSIG
// signatures, the hash chain that links entries, identities, and the dice protocol.
//
// A log is a sequence of lines, one entry each: <body> TAB <signature> LF.
package logs

import (
	"fmt"
	"time"
)

// The protocol versions, the "v" of every entry. Every entry of a game
// carries its invite's version, and is checked by that version's rules
// (docs/log.md, Protocol versions).
const (
	// Version is the version of every game pbem starts. Version 2 added the
	// casual dice rules that keep a player from choosing his own rolls by
	// trying chain heads (docs/dice.md 3.3).
	Version = 2
	// MinVersion is the oldest version pbem still verifies and plays on: the
	// logs of earlier releases, under the rules they were made under.
	MinVersion = 1
)

// checkVersion refuses a version pbem does not know.
func checkVersion(v int64) error {
	if v < MinVersion || v > Version {
		return fmt.Errorf("%w: field v: version %d, want %d to %d", ErrMalformed, v, MinVersion, Version)
	}
	return nil
}

// Kind is what an entry does.
type Kind string

// The kinds of entry (DESIGN.md, The log).
const (
	KindInvite   Kind = "invite"   // seq 0: the game, its scenario, options, dice mode, the inviter's seat
	KindAccept   Kind = "accept"   // another seat's key and dice chain head
	KindAct      Kind = "act"      // commands
	KindReveal   Kind = "reveal"   // a dice chain link, with any dice it decided
	KindNote     Kind = "note"     // free text
	KindTakeback Kind = "takeback" // proposes rewinding to the state after seq To
	KindAgree    Kind = "agree"    // accepts the pending takeback
	KindResign   Kind = "resign"   // concedes
	KindRotate   Kind = "rotate"   // a new key or dice chain head for the author's seat
)

// DiceMode is fixed in the invite (DESIGN.md, Dice).
type DiceMode string

// The dice modes.
const (
	DiceStrict DiceMode = "strict"
	DiceCasual DiceMode = "casual"
	DiceSolo   DiceMode = "solo"
)

// Body is the signed content of an entry. Fields beyond the common ones are set
// only for the kinds that use them; empty ones are left out of the encoding.
type Body struct {
	V     int    `json:"v"`
	Game  string `json:"game"`
	Seq   int64  `json:"seq"`
	Prev  string `json:"prev"` // "sha256:<hex>" of the previous whole line; "" for seq 0
	By    string `json:"by"`   // the author's seat
	TS    string `json:"ts"`   // TimeLayout: RFC 3339, UTC, whole seconds
	Kind  Kind   `json:"kind"`
	State string `json:"state"` // the game's state hash after this entry

	// invite
	Rules    string `json:"rules,omitempty"`    // game id, e.g. "normandy44"
	Engine   string `json:"engine,omitempty"`   // rules version, e.g. "normandy44/1"
	Variant  string `json:"variant,omitempty"`  // e.g. "ed1"
	Scenario string `json:"scenario,omitempty"` // scenario name
	Digest   string `json:"digest,omitempty"`   // "sha256:<hex>" of the scenario file
	// ScenarioData carries a scenario that does not ship with pbem (a
	// player's own map and counters): standard base64 of the assembled
	// bytes Digest covers, so that any verifier replays the game from the
	// log alone. Empty for a shipped scenario, which Scenario names.
	ScenarioData string   `json:"scenario_data,omitempty"`
	Options      []string `json:"options,omitempty"`
	Dice         DiceMode `json:"dice,omitempty"`
	Seats        []Seat   `json:"seats,omitempty"` // every seat in order; the inviter's filled in

	// accept and rotate: the author's key and dice chain
	Key  string `json:"key,omitempty"`  // authorized_keys form: "ssh-ed25519 AAAA... comment"
	Head string `json:"head,omitempty"` // "sha256:<hex>" head of the author's dice chain
	Name string `json:"name,omitempty"`
	Mail string `json:"mail,omitempty"`

	// act
	Commands []string `json:"commands,omitempty"`

	// dice (on act and reveal entries)
	Link    string `json:"link,omitempty"`    // the author's next chain link, hex
	Epoch   int64  `json:"epoch,omitempty"`   // the epoch a reveal answers
	Request int64  `json:"request,omitempty"` // the epoch this entry opens by requesting dice
	Draws   []Draw `json:"draws,omitempty"`   // dice drawn while this entry was applied, in order

	// sealed draws (docs/dice.md part 4), on act and reveal entries
	Seal   string `json:"seal,omitempty"`    // with a request: "sha256:<hex>", the drawer's commitment to its secret
	Secret string `json:"secret,omitempty"`  // the drawer's secret, hex, revealed with its card
	BoxKey string `json:"box_key,omitempty"` // a one-time X25519 public key, hex: a box's receiver's, or its drawer's
	Box    string `json:"box,omitempty"`     // a sealed draw's secret for one seat alone, hex

	// note
	Text string `json:"text,omitempty"`

	// takeback
	To int64 `json:"to,omitempty"`
}

// Seat is one player position as the invite names it. The inviter's Key and Head
// are set in the invite; the others arrive with their accept entries.
type Seat struct {
	Seat string `json:"seat"`
	Key  string `json:"key,omitempty"`
	Head string `json:"head,omitempty"`
	Name string `json:"name,omitempty"`
	Mail string `json:"mail,omitempty"`
}

// Draw records one dice need answered from an epoch: what it decided, the sides
// of each die, and the values. Verifiers recompute the values and compare. A
// sealed draw is recorded with no values when it is taken (or shown to a
// second seat), and with them when its secret is revealed.
type Draw struct {
	Epoch  int64  `json:"epoch"`
	For    string `json:"for"`
	Sides  []int  `json:"sides"`
	Values []int  `json:"values"`
}

// Entry is one line of a log: its decoded body, the exact bytes received, and the
// signature.
type Entry struct {
	Body
	// Line is the whole line as received, including the final LF.
	Line []byte
	// BodyBytes is the exact canonical body.
	BodyBytes []byte
	// Sig is the raw SSHSIG blob.
	Sig []byte
}

// TimeLayout is the one form of a body's ts: RFC 3339 in UTC, whole seconds,
// "2024-06-06T06:30:00Z".
const TimeLayout = "2006-01-02T15:04:05Z"

// ParseTime reads a ts field. Only TimeLayout is accepted, so that a time has
// one spelling: no offset (not even +00:00), no fraction, no lower-case z.
func ParseTime(ts string) (time.Time, error) {
	t, err := time.Parse(TimeLayout, ts)
	// time.Parse takes a fraction the layout does not ask for; formatting back
	// refuses it.
	if err != nil || t.Format(TimeLayout) != ts {
		return time.Time{}, fmt.Errorf("ts %q: want UTC whole seconds, as in 2024-06-06T06:30:00Z", ts)
	}
	return t, nil
}
