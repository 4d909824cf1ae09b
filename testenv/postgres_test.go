package testenv

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"
)

func openTestDB(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Two fresh databases from one template start alike and then stay apart: a test's writes are
// never seen by another test.
func TestStartPostgres(t *testing.T) {
	ctx := context.Background()
	pg := StartPostgres(t)
	t.Logf("postgres started in %s", pg.Started)

	start := time.Now()
	pg.Template(t, "testenv_template", func(dsn string) error {
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			return err
		}
		defer db.Close()
		_, err = db.ExecContext(ctx, `CREATE TABLE t (v TEXT NOT NULL); INSERT INTO t VALUES ('template')`)
		return err
	})
	t.Logf("template database in %s", time.Since(start))

	start = time.Now()
	a := openTestDB(t, pg.FreshDatabase(t, "testenv_template"))
	t.Logf("fresh database in %s", time.Since(start))
	b := openTestDB(t, pg.FreshDatabase(t, "testenv_template"))

	if _, err := a.ExecContext(ctx, `INSERT INTO t VALUES ('a')`); err != nil {
		t.Fatal(err)
	}
	for name, db := range map[string]*sql.DB{"a": a, "b": b} {
		var n int
		var dbname string
		if err := db.QueryRowContext(ctx, `SELECT count(*), current_database() FROM t`).Scan(&n, &dbname); err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"a": 2, "b": 1}[name]
		if n != want {
			t.Errorf("database %s (%s) has %d rows, want %d", name, dbname, n, want)
		}
	}

	// Tests running in parallel get their databases at once.
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() { pg.FreshDatabase(t, "testenv_template") })
	}
	wg.Wait()

	// An empty database, from no template, has none of the template's tables.
	empty := openTestDB(t, pg.FreshDatabase(t, ""))
	var tables int
	if err := empty.QueryRowContext(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 0 {
		t.Errorf("empty database has %d tables", tables)
	}
}
