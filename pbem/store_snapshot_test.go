package pbem

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"testing"
)

// A store of schema 3 (the last before snapshots) takes schema 4's tables
// when it is opened, and keeps what it held: its log, its withdrawn lines, its
// hand-over addresses.
func TestStoreMigratesV3ToSnapshots(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "store.db")
	lg := newTestLog(t, "g")
	lines := lg.add("a", "b")
	oldStore(t, path, "g", lines, createMetaSQL, schemaV1, schemaV2, schemaV3,
		`INSERT INTO meta (key, value) VALUES ('schema_version', '3')`,
		`INSERT INTO games (id, rules, scenario, seat, dice, created, opponent, status)
		 VALUES ('g', 'freeplay', 'allied-german', 'allied', 'strict', '2026-01-02T03:04:00.000000000Z', '', 'active')`).Close()
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.RecordAddress(ctx, "g", "german", AddressFrom, "jan@example.org"); err != nil {
		t.Fatal(err)
	}
	withdraw(t, s, "g", lg.lines[1:])
	assertLines(t, s, "g", lines[:1])
	if err := s.Update(ctx, func(tx *StoreTx) error {
		return tx.PutSnapshot(ctx, Snapshot{Game: "g", Seq: 0, By: "a", Digest: "d", Data: []byte("{}")})
	}); err != nil {
		t.Fatalf("after the migration: %v", err)
	}
	if sn, ok, err := s.LatestSnapshot(ctx, "g", 0); err != nil || !ok || string(sn.Data) != "{}" {
		t.Fatalf("the snapshot kept after the migration: %+v %v %v", sn, ok, err)
	}
	if err := s.Update(ctx, func(tx *StoreTx) error {
		return tx.RecordOversized(ctx, OversizedMessage{Account: "a", Mailbox: "INBOX", UIDValidity: 1, UID: 2, Size: 3, MessageID: "<m@x>"})
	}); err != nil {
		t.Fatalf("the oversized table after the migration: %v", err)
	}
	var version string
	if err := s.db.QueryRow(selectSchemaVersionSQL).Scan(&version); err != nil || version != fmt.Sprint(schemaVersion) {
		t.Fatalf("schema_version %q (%v), want %d", version, err, schemaVersion)
	}
}

// The store keeps each seat's newest snapshot of a game, finds the newest
// one up to an entry, and refuses one whose bytes do not match their sum.
func TestStoreSnapshotsPruneAndFind(t *testing.T) {
	ctx := context.Background()
	s, _ := openTestStore(t)
	put := func(seq int64, by string) {
		t.Helper()
		if err := s.Update(ctx, func(tx *StoreTx) error {
			return tx.PutSnapshot(ctx, Snapshot{Game: "g", Seq: seq, By: by, Digest: "d", Data: []byte{byte(seq)}})
		}); err != nil {
			t.Fatal(err)
		}
	}
	put(3, "red")
	put(4, "blue")
	put(6, "red")
	put(7, "red")
	put(5, "blue") // replaces nothing: blue's newest is 5
	kept := map[int64]bool{}
	for seq := int64(0); seq < 10; seq++ {
		if sn, ok, err := s.LatestSnapshot(ctx, "g", seq); err == nil && ok {
			kept[sn.Seq] = true
		}
	}
	if len(kept) != 2 || !kept[5] || !kept[7] {
		t.Fatalf("kept %v, want each seat's newest: 5 and 7", kept)
	}
	if sn, ok, err := s.LatestSnapshot(ctx, "g", 6); err != nil || !ok || sn.Seq != 5 || sn.Data[0] != 5 {
		t.Fatalf("newest up to 6: %+v %v %v", sn, ok, err)
	}
	if _, ok, err := s.LatestSnapshot(ctx, "g", 4); ok || err != nil {
		t.Fatalf("none up to 4: %v %v", ok, err)
	}
	if _, err := s.db.Exec(`UPDATE snapshots SET data = x'ff' WHERE seq = 7`); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.LatestSnapshot(ctx, "g", math.MaxInt64); err == nil {
		t.Fatal("a snapshot whose bytes do not match their sum")
	}
}
