package pbem

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

func TestStoreAddresses(t *testing.T) {
	ctx := context.Background()
	s, _ := openTestStore(t)
	for _, a := range []struct{ seat, how, addr string }{
		{"german", AddressFrom, "jan@example.org"},
		{"german", AddressFrom, "jan@elsewhere.example"},
		{"german", AddressFrom, "jan@example.org"}, // seen again: one row, later last
		{"german", AddressChosen, "jan@example.org"},
	} {
		if err := s.RecordAddress(ctx, "g", a.seat, a.how, a.addr); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Addresses(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d rows, want 3: %+v", len(got), got)
	}
	// Oldest last-seen first: the address seen again moved after the other.
	if got[0].Address != "jan@elsewhere.example" || got[1].Address != "jan@example.org" || got[1].How != AddressFrom ||
		got[2].How != AddressChosen || !got[1].Last.After(got[1].First) {
		t.Errorf("rows: %+v", got)
	}
	if other, _ := s.Addresses(ctx, "h"); len(other) != 0 {
		t.Errorf("another game has rows: %+v", other)
	}
	if err := s.RecordAddress(ctx, "g", "german", "guessed", "x@example.org"); err == nil {
		t.Error("an unknown how was recorded")
	}
	if err := s.RecordAddress(ctx, "g", "german", AddressFrom, ""); err == nil {
		t.Error("an empty address was recorded")
	}
}

// A store written by the first schema is migrated: its games stay, and the
// address table is there.
func TestStoreMigratesSchemaV1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "store.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{createMetaSQL, schemaV1,
		`INSERT INTO meta (key, value) VALUES ('schema_version', '1')`,
		`INSERT INTO games (id, rules, scenario, seat, dice, created, opponent, status)
		 VALUES ('g', 'freeplay', 'allied-german', 'allied', 'strict', '2026-01-02T03:04:00.000000000Z', '', 'active')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g, err := s.Game(ctx, "g"); err != nil || g.Status != "active" {
		t.Errorf("the v1 game after migration: %+v, %v", g, err)
	}
	if err := s.RecordAddress(ctx, "g", "german", AddressFrom, "jan@example.org"); err != nil {
		t.Errorf("the migrated store has no address table: %v", err)
	}
}
