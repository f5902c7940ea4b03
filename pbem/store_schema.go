package pbem

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// ErrSchemaTooNew means the store was written by a newer pbem: opening it with
// this one could misread or damage it.
var ErrSchemaTooNew = errors.New("store schema is newer than this pbem")

// appendOnlyMessage ends the message of every trigger that guards an
// append-only table; mapStoreErr recognises it.
const appendOnlyMessage = "are append-only"

// migrations[i] takes the schema from version i to version i+1. Append new
// steps; never edit a released one, since stores in the field already ran it.
var migrations = []string{schemaV1, schemaV2, schemaV3, schemaV4}

// schemaVersion is the version this code writes and understands.
var schemaVersion = len(migrations)

// schemaV1 is the first schema. Tables are STRICT so that a line can never be
// stored as TEXT (and so re-encoded) instead of BLOB.
const schemaV1 = `
CREATE TABLE entries (
	game     TEXT    NOT NULL CHECK (game <> ''),
	seq      INTEGER NOT NULL CHECK (seq >= 0),
	line     BLOB    NOT NULL CHECK (length(line) > 0),
	received TEXT    NOT NULL,
	source   TEXT,
	PRIMARY KEY (game, seq)
) STRICT;
CREATE TRIGGER entries_no_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;
CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;

-- The same conflicting line seen twice is one piece of evidence, hence UNIQUE.
CREATE TABLE equivocations (
	game   TEXT    NOT NULL,
	seq    INTEGER NOT NULL,
	line   BLOB    NOT NULL,
	other  BLOB    NOT NULL,
	found  TEXT    NOT NULL,
	source TEXT,
	UNIQUE (game, seq, line)
) STRICT;
CREATE TRIGGER equivocations_no_update BEFORE UPDATE ON equivocations
BEGIN SELECT RAISE(ABORT, 'equivocations are append-only'); END;
CREATE TRIGGER equivocations_no_delete BEFORE DELETE ON equivocations
BEGIN SELECT RAISE(ABORT, 'equivocations are append-only'); END;

CREATE TABLE games (
	id       TEXT NOT NULL PRIMARY KEY CHECK (id <> ''),
	rules    TEXT NOT NULL,
	scenario TEXT NOT NULL,
	seat     TEXT NOT NULL,
	dice     TEXT NOT NULL,
	created  TEXT NOT NULL,
	opponent TEXT NOT NULL,
	status   TEXT NOT NULL
) STRICT;

-- A lost seed leaves its seat unable to reveal dice, so seeds are append-only too.
CREATE TABLE chains (
	game    TEXT    NOT NULL,
	seat    TEXT    NOT NULL,
	seed    BLOB    NOT NULL CHECK (length(seed) > 0),
	length  INTEGER NOT NULL CHECK (length > 0),
	created TEXT    NOT NULL,
	PRIMARY KEY (game, seat, created)
) STRICT;
CREATE TRIGGER chains_no_update BEFORE UPDATE ON chains
BEGIN SELECT RAISE(ABORT, 'chains are append-only'); END;
CREATE TRIGGER chains_no_delete BEFORE DELETE ON chains
BEGIN SELECT RAISE(ABORT, 'chains are append-only'); END;

-- One hand-over is queued once per recipient, so a retried command sends nothing twice.
CREATE TABLE outbox (
	id           INTEGER PRIMARY KEY,
	game         TEXT    NOT NULL,
	seq          INTEGER NOT NULL,
	to_addr      TEXT    NOT NULL,
	message      BLOB    NOT NULL,
	created      TEXT    NOT NULL,
	attempts     INTEGER NOT NULL DEFAULT 0,
	next_attempt TEXT    NOT NULL,
	sent         TEXT,
	last_error   TEXT,
	UNIQUE (game, seq, to_addr)
) STRICT;
CREATE INDEX outbox_due ON outbox (next_attempt) WHERE sent IS NULL;

CREATE TABLE mailboxes (
	account     TEXT    NOT NULL,
	mailbox     TEXT    NOT NULL,
	uidvalidity INTEGER NOT NULL,
	last_uid    INTEGER NOT NULL,
	PRIMARY KEY (account, mailbox)
) STRICT;

CREATE TABLE messages_seen (
	account     TEXT    NOT NULL,
	mailbox     TEXT    NOT NULL,
	uidvalidity INTEGER NOT NULL,
	uid         INTEGER NOT NULL,
	message_id  TEXT    NOT NULL,
	game        TEXT    NOT NULL,
	result      TEXT    NOT NULL,
	seen        TEXT    NOT NULL,
	PRIMARY KEY (account, mailbox, uidvalidity, uid)
) STRICT;
`

// schemaV2 is for races (docs/log.md). A line leaves the live log only when
// an honest race sets it aside: it is first copied to withdrawn, with why, in
// the same transaction, and the delete trigger of entries lets through only
// rows that withdrawn holds; every other change is still refused. The outbox
// keys a hand-over by the log's head as well, because after a race the log
// that ends at a seq already handed over is another log and must be sent.
const schemaV2 = `
CREATE TABLE withdrawn (
	game      TEXT    NOT NULL,
	seq       INTEGER NOT NULL,
	line      BLOB    NOT NULL,
	received  TEXT    NOT NULL,
	source    TEXT,
	withdrawn TEXT    NOT NULL,
	reason    TEXT    NOT NULL,
	UNIQUE (game, seq, line)
) STRICT;
CREATE TRIGGER withdrawn_no_update BEFORE UPDATE ON withdrawn
BEGIN SELECT RAISE(ABORT, 'withdrawn lines are append-only'); END;
CREATE TRIGGER withdrawn_no_delete BEFORE DELETE ON withdrawn
BEGIN SELECT RAISE(ABORT, 'withdrawn lines are append-only'); END;

DROP TRIGGER entries_no_delete;
CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
WHEN NOT EXISTS (SELECT 1 FROM withdrawn w WHERE w.game = OLD.game AND w.seq = OLD.seq AND w.line = OLD.line)
BEGIN SELECT RAISE(ABORT, 'entries are append-only'); END;

CREATE TABLE outbox_v2 (
	id           INTEGER PRIMARY KEY,
	game         TEXT    NOT NULL,
	seq          INTEGER NOT NULL,
	head         TEXT    NOT NULL DEFAULT '',
	to_addr      TEXT    NOT NULL,
	message      BLOB    NOT NULL,
	created      TEXT    NOT NULL,
	attempts     INTEGER NOT NULL DEFAULT 0,
	next_attempt TEXT    NOT NULL,
	sent         TEXT,
	last_error   TEXT,
	UNIQUE (game, seq, head, to_addr)
) STRICT;
INSERT INTO outbox_v2 (id, game, seq, to_addr, message, created, attempts, next_attempt, sent, last_error)
SELECT id, game, seq, to_addr, message, created, attempts, next_attempt, sent, last_error FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_v2 RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt) WHERE sent IS NULL;
`

// schemaV3 records, per seat of a game, the addresses its mail came from and
// the address this player chose for its hand-overs. A seat's signed entries
// name where its mail should go, but only the player can tell whether that is
// the person he means to play: pbem compares the three and asks when they
// differ (docs/mail.md, Where hand-overs go).
const schemaV3 = `
CREATE TABLE seat_addresses (
	game    TEXT NOT NULL,
	seat    TEXT NOT NULL,
	how     TEXT NOT NULL CHECK (how IN ('from', 'chosen')),
	address TEXT NOT NULL CHECK (address <> ''),
	first   TEXT NOT NULL,
	last    TEXT NOT NULL,
	PRIMARY KEY (game, seat, how, address)
) STRICT;
`

// schemaV4 adds two caches, which pbem may replace or prune at any time:
//
//   - snapshots: a verified replay state after entry seq of a game
//     (replay.Snapshot), so that a command does not replay the whole log. The
//     state is used only if the stored lines 0..seq still hash to digest, its
//     bytes to sum, and its rules state to the hash entry seq records.
//   - mail_oversized: messages pbem sync left on the server for their size,
//     fetched by a later sync once the limit allows them.
const schemaV4 = `
CREATE TABLE snapshots (
	game   TEXT    NOT NULL,
	seq    INTEGER NOT NULL CHECK (seq >= 0),
	by     TEXT    NOT NULL,
	digest TEXT    NOT NULL,
	sum    TEXT    NOT NULL,
	data   BLOB    NOT NULL,
	made   TEXT    NOT NULL,
	PRIMARY KEY (game, seq)
) STRICT;

CREATE TABLE mail_oversized (
	account     TEXT    NOT NULL,
	mailbox     TEXT    NOT NULL,
	uidvalidity INTEGER NOT NULL,
	uid         INTEGER NOT NULL,
	size        INTEGER NOT NULL,
	message_id  TEXT    NOT NULL,
	seen        TEXT    NOT NULL,
	PRIMARY KEY (account, mailbox, uidvalidity, uid)
) STRICT;
`

const (
	createMetaSQL = `CREATE TABLE IF NOT EXISTS meta (
	key   TEXT NOT NULL PRIMARY KEY,
	value TEXT NOT NULL
) STRICT`
	selectSchemaVersionSQL = `SELECT value FROM meta WHERE key = 'schema_version'`
	upsertSchemaVersionSQL = `INSERT INTO meta (key, value) VALUES ('schema_version', ?)
ON CONFLICT (key) DO UPDATE SET value = excluded.value`
)

// migrate brings the schema up to schemaVersion in one transaction, which the
// store begins IMMEDIATE, so two processes opening a new store at once cannot
// both create it.
func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if _, err := tx.ExecContext(ctx, createMetaSQL); err != nil {
		return fmt.Errorf("migrate: create meta: %w", err)
	}
	current, err := readSchemaVersion(ctx, tx)
	if err != nil {
		return err
	}
	if current > schemaVersion {
		return fmt.Errorf("%w: store has version %d, this pbem knows up to %d: upgrade pbem",
			ErrSchemaTooNew, current, schemaVersion)
	}
	if current == schemaVersion {
		return nil // nothing to write: let the transaction roll back
	}
	for v := current; v < schemaVersion; v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("migrate schema %d to %d: %w", v, v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, upsertSchemaVersionSQL, strconv.Itoa(schemaVersion)); err != nil {
		return fmt.Errorf("migrate: record schema version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}

// readSchemaVersion returns 0 for a store that has no version yet.
func readSchemaVersion(ctx context.Context, tx *sql.Tx) (int, error) {
	var text string
	err := tx.QueryRowContext(ctx, selectSchemaVersionSQL).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	v, err := strconv.Atoi(text)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("read schema version: bad value %q in meta", text)
	}
	return v, nil
}
