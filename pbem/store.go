package pbem

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Sentinel errors of the store, for callers that must tell the cases apart.
var (
	ErrNoGame     = errors.New("no such game")
	ErrAmbiguous  = errors.New("ambiguous game id prefix")
	ErrGap        = errors.New("lines not contiguous with the stored log")
	ErrChain      = errors.New("line does not continue the stored log")
	ErrConflict   = errors.New("another line is stored with this seq")
	ErrAppendOnly = errors.New("append-only record cannot be changed")
	ErrNoMail     = errors.New("no such unsent message in the outbox")
)

// storeTimeLayout is RFC 3339 in UTC with fixed-width nanoseconds, so that
// text order is time order (RFC3339Nano trims zeros and would not sort).
const storeTimeLayout = "2006-01-02T15:04:05.000000000Z07:00"

func formatStoreTime(t time.Time) string { return t.UTC().Format(storeTimeLayout) }

func parseStoreTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("stored time %q: %w", s, err)
	}
	return t.UTC(), nil
}

// storeDSNQuery sets the pragmas on every pooled connection. recursive_triggers
// makes INSERT OR REPLACE fire the delete triggers, which would otherwise let it
// overwrite an append-only row. IMMEDIATE transactions take the write lock at
// BEGIN, so a read-then-write transaction waits on busy_timeout instead of
// failing with SQLITE_BUSY when another process writes.
const storeDSNQuery = "_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)" +
	"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=recursive_triggers(1)" +
	"&_txlock=immediate"

// dbtx is what *sql.DB and *sql.Tx have in common.
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// storeReader holds the read methods, shared by Store (reading the committed
// state) and StoreTx (reading inside its transaction).
type storeReader struct{ q dbtx }

// Store is this player's game store: the logs as received, game metadata,
// private dice chain seeds, and mail state. It is safe for
// concurrent use and for use by several processes at once.
type Store struct {
	storeReader
	db  *sql.DB
	now func() time.Time // the clock; tests replace it
}

// StoreTx is the store inside one transaction: everything done through it
// commits together or not at all. Get one from Store.Update.
type StoreTx struct {
	storeReader
	tx  *sql.Tx
	now time.Time // one timestamp for every row the transaction writes
}

// OpenStore opens the store at path, creating it (parent directory 0700, file
// 0600) or migrating its schema as needed. It refuses a store written by a
// newer pbem (ErrSchemaTooNew).
func OpenStore(path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("open store: empty path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	// Create the file ourselves: SQLite would create it with the umask's
	// permissions, and it holds private dice seeds. SQLite gives the WAL and
	// shared-memory files the mode of the database file.
	f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	// A file: URI with an escaped path, so that '?' or '#' in a directory name
	// cannot be taken for the start of the parameters.
	dsn := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: storeDSNQuery}).String()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", abs, err)
	}
	if err := migrate(context.Background(), db); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", abs, err)
	}
	return &Store{storeReader: storeReader{q: db}, db: db, now: time.Now}, nil
}

// Close closes the store.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}

// WithTx runs fn in one transaction, for callers that must change several
// things at once with their own SQL. The transaction commits if fn returns nil
// and rolls back otherwise. An attempt to change an append-only table comes
// back as ErrAppendOnly.
func (s *Store) WithTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	// When fn panics (sync recovers from a message that makes pbem crash),
	// the transaction must not stay open holding the write lock.
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit or Rollback
	if err := fn(tx); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return errors.Join(mapStoreErr(err), fmt.Errorf("rollback: %w", rbErr))
		}
		return mapStoreErr(err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", mapStoreErr(err))
	}
	return nil
}

// Update runs fn with the store's own operations bound to one transaction, so
// that, for example, joining a game records the game, its chain seed and its
// first lines all at once or not at all.
func (s *Store) Update(ctx context.Context, fn func(tx *StoreTx) error) error {
	return s.WithTx(ctx, func(tx *sql.Tx) error {
		return fn(&StoreTx{storeReader: storeReader{q: tx}, tx: tx, now: s.now()})
	})
}

// mapStoreErr marks the error a guard trigger raises with ErrAppendOnly,
// keeping SQLite's own message.
func mapStoreErr(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code() == sqlite3.SQLITE_CONSTRAINT_TRIGGER &&
		strings.Contains(se.Error(), appendOnlyMessage) && !errors.Is(err, ErrAppendOnly) {
		return fmt.Errorf("%w: %w", ErrAppendOnly, err)
	}
	return err
}

// ---- games

// GameRecord is what this player keeps about a game it takes part in.
type GameRecord struct {
	ID, Rules, Scenario string
	Seat                string // the seat this player holds
	Dice                string // dice mode
	Opponent            string
	Status              string // StatusActive, StatusFinished, StatusInvited or StatusDeclined
	Created             time.Time
}

// The statuses of a game: one this player started or joined is active, then
// finished; an invitation it has not joined is invited, or declined.
const (
	StatusActive   = "active"
	StatusFinished = "finished"
	StatusInvited  = "invited"
	StatusDeclined = "declined" // pbem decline: no longer listed; joining still works
)

const (
	// created is set once, by the first PutGame; updates leave it alone.
	upsertGameSQL = `INSERT INTO games (id, rules, scenario, seat, dice, created, opponent, status)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (id) DO UPDATE SET rules = excluded.rules, scenario = excluded.scenario,
	seat = excluded.seat, dice = excluded.dice, opponent = excluded.opponent, status = excluded.status`
	gameColumns      = `id, rules, scenario, seat, dice, opponent, status, created`
	selectGameSQL    = `SELECT ` + gameColumns + ` FROM games WHERE id = ?`
	selectGamesSQL   = `SELECT ` + gameColumns + ` FROM games ORDER BY created, id`
	selectGamesByPfx = `SELECT ` + gameColumns + ` FROM games WHERE substr(id, 1, length(?)) = ? ORDER BY id`
)

// PutGame records a game, or updates everything but its creation time if the
// id is known. A zero Created means now.
func (s *Store) PutGame(ctx context.Context, g GameRecord) error {
	return s.Update(ctx, func(tx *StoreTx) error { return tx.PutGame(ctx, g) })
}

// PutGame is Store.PutGame inside the transaction.
func (t *StoreTx) PutGame(ctx context.Context, g GameRecord) error {
	if g.ID == "" {
		return errors.New("put game: empty id")
	}
	created := g.Created
	if created.IsZero() {
		created = t.now
	}
	_, err := t.tx.ExecContext(ctx, upsertGameSQL, g.ID, g.Rules, g.Scenario, g.Seat, g.Dice,
		formatStoreTime(created), g.Opponent, g.Status)
	if err != nil {
		return fmt.Errorf("put game %q: %w", g.ID, err)
	}
	return nil
}

func scanGame(sc scanner) (GameRecord, error) {
	var g GameRecord
	var created string
	if err := sc.Scan(&g.ID, &g.Rules, &g.Scenario, &g.Seat, &g.Dice, &g.Opponent, &g.Status, &created); err != nil {
		return GameRecord{}, err
	}
	t, err := parseStoreTime(created)
	if err != nil {
		return GameRecord{}, err
	}
	g.Created = t
	return g, nil
}

// Game returns the game with exactly this id, or ErrNoGame.
func (r storeReader) Game(ctx context.Context, id string) (GameRecord, error) {
	g, err := scanGame(r.q.QueryRowContext(ctx, selectGameSQL, id))
	if errors.Is(err, sql.ErrNoRows) {
		return GameRecord{}, fmt.Errorf("game %q: %w", id, ErrNoGame)
	}
	if err != nil {
		return GameRecord{}, fmt.Errorf("game %q: %w", id, err)
	}
	return g, nil
}

// Games returns every game, oldest first.
func (r storeReader) Games(ctx context.Context) ([]GameRecord, error) {
	return queryAll(ctx, r.q, "games", scanGame, selectGamesSQL)
}

// scanner is a row of a query's result, or the single row of QueryRow.
type scanner interface{ Scan(dest ...any) error }

// queryAll runs a query and returns its rows, each read by scan; what names
// them in errors ("chains of game X").
func queryAll[T any](ctx context.Context, q dbtx, what string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// FindGame returns the game whose id is prefix or, failing that, the only game
// whose id starts with prefix. It returns ErrNoGame if none does and
// ErrAmbiguous, naming the candidates, if several do.
func (r storeReader) FindGame(ctx context.Context, prefix string) (GameRecord, error) {
	if prefix == "" {
		return GameRecord{}, fmt.Errorf("find game: empty id: %w", ErrNoGame)
	}
	if g, err := r.Game(ctx, prefix); !errors.Is(err, ErrNoGame) {
		return g, err // found, or a real failure
	}
	what := fmt.Sprintf("find game %q", prefix)
	games, err := queryAll(ctx, r.q, what, scanGame, selectGamesByPfx, prefix, prefix)
	if err != nil {
		return GameRecord{}, err
	}
	switch len(games) {
	case 0:
		return GameRecord{}, fmt.Errorf("%s: %w", what, ErrNoGame)
	case 1:
		return games[0], nil
	}
	ids := make([]string, len(games))
	for i, g := range games {
		ids[i] = g.ID
	}
	return GameRecord{}, fmt.Errorf("%s: %w: matches %s", what, ErrAmbiguous, strings.Join(ids, ", "))
}

// ---- dice chains

// ChainRecord is one of this player's private dice chains: the secret seed its
// links derive from, and how many links it has. It never leaves the store.
type ChainRecord struct {
	Game, Seat string
	Seed       []byte
	Length     int
	Created    time.Time
}

const (
	insertChainSQL  = `INSERT INTO chains (game, seat, seed, length, created) VALUES (?, ?, ?, ?, ?)`
	selectChainsSQL = `SELECT game, seat, seed, length, created FROM chains
WHERE game = ? AND seat = ? ORDER BY created, rowid`
)

// PutChain keeps a new dice chain seed for a seat of a game.
func (s *Store) PutChain(ctx context.Context, game, seat string, seed []byte, length int) error {
	return s.Update(ctx, func(tx *StoreTx) error { return tx.PutChain(ctx, game, seat, seed, length) })
}

// PutChain is Store.PutChain inside the transaction.
func (t *StoreTx) PutChain(ctx context.Context, game, seat string, seed []byte, length int) error {
	if game == "" || seat == "" || len(seed) == 0 || length <= 0 {
		return fmt.Errorf("put chain for game %q seat %q: need a game, a seat, a seed and a positive length", game, seat)
	}
	if _, err := t.tx.ExecContext(ctx, insertChainSQL, game, seat, seed, length, formatStoreTime(t.now)); err != nil {
		return fmt.Errorf("put chain for game %q seat %q: %w", game, seat, err)
	}
	return nil
}

// Chains returns the dice chains of a seat of a game, oldest first.
func (r storeReader) Chains(ctx context.Context, game, seat string) ([]ChainRecord, error) {
	return queryAll(ctx, r.q, fmt.Sprintf("chains of game %q seat %q", game, seat), func(rows scanner) (ChainRecord, error) {
		var c ChainRecord
		var created string
		err := rows.Scan(&c.Game, &c.Seat, &c.Seed, &c.Length, &created)
		if err == nil {
			c.Created, err = parseStoreTime(created)
		}
		return c, err
	}, selectChainsSQL, game, seat)
}

// ---- mail state (the outbox, and how far each mailbox has been read)

// OutboxMessage is a mail queued for sending.
type OutboxMessage struct {
	ID          int64
	Game        string
	Seq         int64 // the last log entry the message hands over
	To          string
	Message     []byte // the whole RFC 5322 message
	Created     time.Time
	Attempts    int
	NextAttempt time.Time
	Sent        time.Time // zero until sent
	LastError   string
}

const (
	// A hand-over queued again (a retried command) keeps the first message.
	insertOutboxSQL = `INSERT INTO outbox (game, seq, head, to_addr, message, created, next_attempt)
VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, seq, head, to_addr) DO NOTHING`
	selectOutboxIDSQL = `SELECT id FROM outbox WHERE game = ? AND seq = ? AND head = ? AND to_addr = ?`
	selectDueMailSQL  = `SELECT id, game, seq, to_addr, message, created, attempts, next_attempt,
	coalesce(last_error, '')
FROM outbox WHERE sent IS NULL AND next_attempt <= ? ORDER BY next_attempt, id`
	claimMailSQL      = `UPDATE outbox SET next_attempt = ? WHERE id = ? AND sent IS NULL AND next_attempt <= ?`
	markMailSentSQL   = `UPDATE outbox SET sent = ?, attempts = attempts + 1 WHERE id = ? AND sent IS NULL`
	markMailFailedSQL = `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt = ?
WHERE id = ? AND sent IS NULL`
)

// QueueMail puts a message in the outbox, due now, and returns its id. head
// is the hash of the last line it hands over (seq's). The same (game, seq,
// head, to) queued again returns the first message's id and changes nothing;
// another head at a seq already queued is another log (after a race), and is
// queued.
func (s *Store) QueueMail(ctx context.Context, game string, seq int64, head, to string, message []byte) (int64, error) {
	var id int64
	err := s.Update(ctx, func(tx *StoreTx) error {
		var err error
		id, err = tx.QueueMail(ctx, game, seq, head, to, message)
		return err
	})
	return id, err
}

// QueueMail is Store.QueueMail inside the transaction.
func (t *StoreTx) QueueMail(ctx context.Context, game string, seq int64, head, to string, message []byte) (int64, error) {
	if game == "" || to == "" || len(message) == 0 {
		return 0, fmt.Errorf("queue mail for game %q seq %d: need a game, a recipient and a message", game, seq)
	}
	now := formatStoreTime(t.now)
	if _, err := t.tx.ExecContext(ctx, insertOutboxSQL, game, seq, head, to, message, now, now); err != nil {
		return 0, fmt.Errorf("queue mail for game %q seq %d: %w", game, seq, err)
	}
	var id int64
	if err := t.tx.QueryRowContext(ctx, selectOutboxIDSQL, game, seq, head, to).Scan(&id); err != nil {
		return 0, fmt.Errorf("queue mail for game %q seq %d: %w", game, seq, err)
	}
	return id, nil
}

// DueMail returns the unsent messages due at or before now, earliest first.
func (r storeReader) DueMail(ctx context.Context, now time.Time) ([]OutboxMessage, error) {
	return queryAll(ctx, r.q, "due mail", func(rows scanner) (OutboxMessage, error) {
		var m OutboxMessage
		var created, next string
		if err := rows.Scan(&m.ID, &m.Game, &m.Seq, &m.To, &m.Message, &created, &m.Attempts, &next, &m.LastError); err != nil {
			return m, err
		}
		var err error
		if m.Created, err = parseStoreTime(created); err == nil {
			m.NextAttempt, err = parseStoreTime(next)
		}
		if err != nil {
			return m, fmt.Errorf("message %d: %w", m.ID, err)
		}
		return m, nil
	}, selectDueMailSQL, formatStoreTime(now))
}

// ClaimMail takes a due message for sending until lease: it reports false when
// the message is no longer due (sent, or claimed by another pbem flushing the
// same outbox, as sync and serve may at once). A sender that dies holding the
// claim leaves the message due again when the lease ends.
func (s *Store) ClaimMail(ctx context.Context, id int64, now, lease time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, claimMailSQL, formatStoreTime(lease), id, formatStoreTime(now))
	if err != nil {
		return false, fmt.Errorf("claim mail %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkMailSent records that a queued message went out; ErrNoMail if no unsent
// message has that id.
func (s *Store) MarkMailSent(ctx context.Context, id int64) error {
	return s.Update(ctx, func(tx *StoreTx) error {
		return tx.execOne(ctx, fmt.Sprintf("mark mail %d sent", id), ErrNoMail,
			markMailSentSQL, formatStoreTime(tx.now), id)
	})
}

// MarkMailFailed records a failed attempt and when to try again; ErrNoMail if
// no unsent message has that id.
func (s *Store) MarkMailFailed(ctx context.Context, id int64, cause string, retryAt time.Time) error {
	return s.Update(ctx, func(tx *StoreTx) error {
		return tx.execOne(ctx, fmt.Sprintf("mark mail %d failed", id), ErrNoMail,
			markMailFailedSQL, cause, formatStoreTime(retryAt), id)
	})
}

// HandOverMail returns the message queued for the hand-over of game up to
// seq (whose line hashes to head) to to, if there is one: whether and when
// it was sent, or why it waits.
func (r storeReader) HandOverMail(ctx context.Context, game string, seq int64, head, to string) (OutboxMessage, bool, error) {
	m := OutboxMessage{Game: game, Seq: seq, To: to}
	var next string
	var sent sql.NullString
	err := r.q.QueryRowContext(ctx, selectHandOverMailSQL, game, seq, head, to).Scan(&m.ID, &m.Attempts, &next, &sent, &m.LastError)
	if errors.Is(err, sql.ErrNoRows) {
		return m, false, nil
	}
	if err == nil {
		m.NextAttempt, err = parseStoreTime(next)
	}
	if err == nil && sent.Valid {
		m.Sent, err = parseStoreTime(sent.String)
	}
	if err != nil {
		return m, false, fmt.Errorf("hand-over mail of game %q seq %d to %s: %w", game, seq, to, err)
	}
	return m, true, nil
}

const selectHandOverMailSQL = `SELECT id, attempts, next_attempt, sent, coalesce(last_error, '')
FROM outbox WHERE game = ? AND seq = ? AND head = ? AND to_addr = ?`

// execOne runs a statement that must change exactly one row, else returns
// missing.
func (t *StoreTx) execOne(ctx context.Context, what string, missing error, query string, args ...any) error {
	res, err := t.tx.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n != 1 {
		return fmt.Errorf("%s: %w", what, missing)
	}
	return nil
}

// MailboxState is how far one IMAP mailbox has been read. A changed
// UIDVALIDITY voids LastUID.
type MailboxState struct {
	Account, Mailbox string
	UIDValidity      uint32
	LastUID          uint32
}

const (
	selectMailboxSQL = `SELECT account, mailbox, uidvalidity, last_uid FROM mailboxes
WHERE account = ? AND mailbox = ?`
	upsertMailboxSQL = `INSERT INTO mailboxes (account, mailbox, uidvalidity, last_uid) VALUES (?, ?, ?, ?)
ON CONFLICT (account, mailbox) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid`
)

// MailboxState returns the read position of a mailbox; ok is false if it was
// never read.
func (r storeReader) MailboxState(ctx context.Context, account, mailbox string) (MailboxState, bool, error) {
	var m MailboxState
	err := r.q.QueryRowContext(ctx, selectMailboxSQL, account, mailbox).
		Scan(&m.Account, &m.Mailbox, &m.UIDValidity, &m.LastUID)
	if errors.Is(err, sql.ErrNoRows) {
		return MailboxState{}, false, nil
	}
	if err != nil {
		return MailboxState{}, false, fmt.Errorf("mailbox %q of %q: %w", mailbox, account, err)
	}
	return m, true, nil
}

// PutMailboxState records the read position of a mailbox.
func (s *Store) PutMailboxState(ctx context.Context, m MailboxState) error {
	return s.Update(ctx, func(tx *StoreTx) error { return tx.PutMailboxState(ctx, m) })
}

// PutMailboxState is Store.PutMailboxState inside the transaction, so that the
// position moves together with the lines imported from the mail read.
func (t *StoreTx) PutMailboxState(ctx context.Context, m MailboxState) error {
	if _, err := t.tx.ExecContext(ctx, upsertMailboxSQL, m.Account, m.Mailbox, m.UIDValidity, m.LastUID); err != nil {
		return fmt.Errorf("put mailbox %q of %q: %w", m.Mailbox, m.Account, err)
	}
	return nil
}

// SeenMessage is a fetched mail and what importing it gave.
type SeenMessage struct {
	Account, Mailbox string
	UIDValidity, UID uint32
	MessageID, Game  string
	Result           string
	Seen             time.Time
}

const (
	upsertSeenSQL = `INSERT INTO messages_seen (account, mailbox, uidvalidity, uid, message_id, game, result, seen)
VALUES (?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (account, mailbox, uidvalidity, uid) DO UPDATE SET
	message_id = excluded.message_id, game = excluded.game, result = excluded.result, seen = excluded.seen`
	selectSeenSQL = `SELECT account, mailbox, uidvalidity, uid, message_id, game, result, seen FROM messages_seen
WHERE account = ? AND mailbox = ? AND uidvalidity = ? AND uid = ?`
)

// RecordSeen records a fetched message; seen again, its result is replaced.
// A zero Seen means now.
func (s *Store) RecordSeen(ctx context.Context, m SeenMessage) error {
	return s.Update(ctx, func(tx *StoreTx) error { return tx.RecordSeen(ctx, m) })
}

// RecordSeen is Store.RecordSeen inside the transaction.
func (t *StoreTx) RecordSeen(ctx context.Context, m SeenMessage) error {
	seen := m.Seen
	if seen.IsZero() {
		seen = t.now
	}
	if _, err := t.tx.ExecContext(ctx, upsertSeenSQL, m.Account, m.Mailbox, m.UIDValidity, m.UID,
		m.MessageID, m.Game, m.Result, formatStoreTime(seen)); err != nil {
		return fmt.Errorf("record seen message %d in %q of %q: %w", m.UID, m.Mailbox, m.Account, err)
	}
	return nil
}

// Seen returns the record of a fetched message; ok is false if it was never seen.
func (r storeReader) Seen(ctx context.Context, account, mailbox string, uidValidity, uid uint32) (SeenMessage, bool, error) {
	var m SeenMessage
	var seen string
	err := r.q.QueryRowContext(ctx, selectSeenSQL, account, mailbox, uidValidity, uid).
		Scan(&m.Account, &m.Mailbox, &m.UIDValidity, &m.UID, &m.MessageID, &m.Game, &m.Result, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return SeenMessage{}, false, nil
	}
	if err != nil {
		return SeenMessage{}, false, fmt.Errorf("seen message %d in %q of %q: %w", uid, mailbox, account, err)
	}
	if m.Seen, err = parseStoreTime(seen); err != nil {
		return SeenMessage{}, false, fmt.Errorf("seen message %d in %q of %q: %w", uid, mailbox, account, err)
	}
	return m, true, nil
}
