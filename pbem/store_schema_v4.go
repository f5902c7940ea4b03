package pbem

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
