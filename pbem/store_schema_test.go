package pbem

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A store written by the first schema opens, migrated, with everything in it
// kept: its log, its outbox, its evidence; and races can withdraw lines.
func TestStoreMigratesV1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "store.db")
	lg := newTestLog(t, "g")
	lines := lg.add("a", "b")
	old := oldStore(t, path, "g", lines, schemaV1, createMetaSQL,
		`INSERT INTO meta (key, value) VALUES ('schema_version', '1')`,
		`INSERT INTO outbox (game, seq, to_addr, message, created, next_attempt) VALUES ('g', 1, 'jan@example.org', x'6d7367', '2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:00.000000000Z')`)
	if _, err := old.Exec(`INSERT INTO equivocations (game, seq, line, other, found) VALUES ('g', 1, ?, ?, '2026-01-01T00:00:00.000000000Z')`,
		lg.line(1, "B"), lines[1].Line); err != nil {
		t.Fatal(err)
	}
	old.Close()

	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	assertLines(t, s, "g", lines)
	if eqs, err := s.Equivocations(ctx, "g"); err != nil || len(eqs) != 1 {
		t.Errorf("evidence after migration: %v %v", eqs, err)
	}
	due, err := s.DueMail(ctx, time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
	if err != nil || len(due) != 1 || string(due[0].Message) != "msg" || due[0].Seq != 1 {
		t.Errorf("outbox after migration: %+v %v", due, err)
	}
	if id, err := s.QueueMail(ctx, "g", 1, "sha256:aa", "jan@example.org", []byte("re-based")); err != nil || id == due[0].ID {
		t.Errorf("a new head at a queued seq: %d %v", id, err)
	}
	withdraw(t, s, "g", lg.lines[1:])
	assertLines(t, s, "g", lines[:1])
	if _, err := s.db.Exec(`DELETE FROM entries`); err == nil {
		t.Error("the migrated store lets entries be deleted")
	}
	if err := s.Update(ctx, func(tx *StoreTx) error {
		return tx.PutSnapshot(ctx, Snapshot{Game: "g", Seq: 0, By: "a", Digest: "d", Data: []byte("{}")})
	}); err != nil {
		t.Errorf("the migrated store keeps no snapshots: %v", err)
	}
}

// oldStore makes a store as an older pbem left it, at path: the statements
// (its schema and rows), then lines of game as its entries. The caller closes
// it before opening the store.
func oldStore(t *testing.T, path, game string, lines []StoredLine, stmts ...string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, l := range lines {
		if _, err := db.Exec(insertEntrySQL, game, l.Seq, l.Line, "2026-01-01T00:00:00.000000000Z", "mail"); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func TestStoreSchemaTooNew(t *testing.T) {
	s, path := openTestStore(t)
	if _, err := s.db.Exec(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s2, err := OpenStore(path)
	if err == nil {
		s2.Close()
		t.Fatal("opened a store with schema version 99")
	}
	if !errors.Is(err, ErrSchemaTooNew) || !strings.Contains(err.Error(), "99") {
		t.Errorf("err = %v, want ErrSchemaTooNew naming version 99", err)
	}
}
