package pbem

import (
	"context"
	"math"
	"testing"
)

// A store of schema 1 takes schema 2's tables when it is opened, and keeps
// its entries.
func TestStoreMigratesToSnapshots(t *testing.T) {
	ctx := context.Background()
	s, path := openTestStore(t)
	if _, err := s.AppendLines(ctx, "g", "test", []StoredLine{{Seq: 0, Line: []byte("invite\n")}}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TABLE snapshots`, `DROP TABLE mail_oversized`, `UPDATE meta SET value = '1' WHERE key = 'schema_version'`} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s2, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if err := s2.Update(ctx, func(tx *StoreTx) error {
		return tx.PutSnapshot(ctx, Snapshot{Game: "g", Seq: 0, By: "red", Digest: "d", Data: []byte("{}")})
	}); err != nil {
		t.Fatalf("after the migration: %v", err)
	}
	if lines, err := s2.Lines(ctx, "g"); err != nil || len(lines) != 1 {
		t.Fatalf("the entries after the migration: %q %v", lines, err)
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
