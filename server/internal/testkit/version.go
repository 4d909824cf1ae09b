package testkit

import (
	"context"
	"database/sql"
	"testing"
)

// StoreVersion is SQLite's data_version seen from a read-only connection of
// the test's own, apart from the store's pools: it changes whenever any
// other connection commits a write, so a test can show a request wrote
// nothing.
type StoreVersion struct{ db *sql.DB }

// StoreVersion opens the watcher on the test's copy of the store.
func (e *Env) StoreVersion(t testing.TB) StoreVersion {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+e.DBPath+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return StoreVersion{db}
}

// Read is the current data_version.
func (v StoreVersion) Read(t testing.TB) int64 {
	t.Helper()
	// data_version is per connection: pin one.
	conn, err := v.db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int64
	if err := conn.QueryRowContext(context.Background(), "PRAGMA data_version").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
