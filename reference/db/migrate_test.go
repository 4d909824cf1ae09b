package db

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

func openWriter(t *testing.T, path string) *sql.DB {
	t.Helper()
	pool, err := sql.Open("sqlite", path+"?_txlock=immediate&_busy_timeout=5000&_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	pool.SetMaxOpenConns(1)
	t.Cleanup(func() { pool.Close() })
	return pool
}

// Data migrations do not fail when run twice, so only the check inside each migration's
// transaction keeps processes racing on one file from applying one twice.
func TestMigrateConcurrentDataMigrationsApplyOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const steps = 30
	files := fstest.MapFS{"0001_t.sql": {Data: []byte("-- +goose Up\nCREATE TABLE t (step INTEGER NOT NULL);\n")}}
	for i := 2; i <= steps; i++ {
		files[fmt.Sprintf("%04d_step.sql", i)] = &fstest.MapFile{Data: fmt.Appendf(nil, "-- +goose Up\nINSERT INTO t VALUES (%d);\n", i)}
	}
	path := filepath.Join(t.TempDir(), "race.db")
	// The first migration alone first: goose waits a second before trying again to create its
	// table, which would let one process finish before the others start.
	if err := Migrate(ctx, openWriter(t, path), fstest.MapFS{"0001_t.sql": files["0001_t.sql"]}); err != nil {
		t.Fatal(err)
	}

	pools := make([]*sql.DB, 6)
	for i := range pools {
		pools[i] = openWriter(t, path)
	}
	migrateAtOnce(t, pools, func(pool *sql.DB) error { return Migrate(ctx, pool, files) })

	var rows, distinct int
	if err := pools[0].QueryRow(`SELECT count(*), count(DISTINCT step) FROM t`).Scan(&rows, &distinct); err != nil {
		t.Fatal(err)
	}
	if rows != steps-1 || distinct != steps-1 {
		t.Errorf("%d rows (%d distinct) after %d data migrations", rows, distinct, steps-1)
	}
	var versions int
	if err := pools[0].QueryRow(`SELECT count(*) FROM ` + VersionTable + ` WHERE version_id > 0`).Scan(&versions); err != nil {
		t.Fatal(err)
	}
	if versions != steps {
		t.Errorf("%d version rows, want %d", versions, steps)
	}
}

// A process that starts while another holds the write lock past the busy timeout (a long
// migration of its own) waits for it instead of failing to start.
func TestMigrateOutlastsAnotherWriterPastTheBusyTimeout(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "busy.db")
	one := fstest.MapFS{"0001_t.sql": {Data: []byte("-- +goose Up\nCREATE TABLE t (step INTEGER NOT NULL);\n")}}
	if err := Migrate(ctx, openWriter(t, path), one); err != nil {
		t.Fatal(err)
	}
	two := fstest.MapFS{"0001_t.sql": one["0001_t.sql"], "0002_u.sql": {Data: []byte("-- +goose Up\nINSERT INTO t VALUES (2);\n")}}

	holdWriteLock(t, openWriter(t, path), 80*time.Millisecond)

	pool, err := sql.Open("sqlite", path+"?_txlock=immediate&_busy_timeout=50")
	if err != nil {
		t.Fatal(err)
	}
	pool.SetMaxOpenConns(1)
	defer pool.Close()
	if err := Migrate(ctx, pool, two); err != nil {
		t.Fatalf("Migrate behind another writer: %v", err)
	}
	var rows int
	if err := pool.QueryRow(`SELECT count(*) FROM t`).Scan(&rows); err != nil || rows != 1 {
		t.Errorf("%d rows (%v), want the one of 0002", rows, err)
	}
}

// migrateAtOnce runs migrate on every pool at the same time, as processes starting together
// would.
func migrateAtOnce(t *testing.T, pools []*sql.DB, migrate func(*sql.DB) error) {
	t.Helper()
	var wg sync.WaitGroup
	for _, pool := range pools {
		wg.Go(func() {
			if err := migrate(pool); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}
