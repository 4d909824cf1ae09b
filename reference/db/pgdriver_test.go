package db

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"testing/fstest"
)

func fstestQueries(files map[string]string) fstest.MapFS {
	fs := fstest.MapFS{}
	for name, text := range files {
		fs[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fs
}

// openStorePools opens n writer pools on one migrated database, as n processes of the store
// would, each through OpenPostgres with the writer lock.
func openStorePools(t *testing.T, n int) []*sql.DB {
	t.Helper()
	dsn := migratedPostgresDSN(t)
	pools := make([]*sql.DB, n)
	for i := range pools {
		pool, err := OpenPostgres(dsn, PostgresOptions{SerializeWriters: true})
		if err != nil {
			t.Fatal(err)
		}
		pool.SetMaxOpenConns(4)
		t.Cleanup(func() { pool.Close() })
		pools[i] = pool
	}
	return pools
}

// Write transactions of separate pools (processes) on one database run one at a time, so a
// read-then-write in InTx never loses an update: the check every balance and lease relies on.
func TestPostgresWritersTakeTurns(t *testing.T) {
	ctx := context.Background()
	pools := openStorePools(t, 3)
	if _, err := pools[0].ExecContext(ctx, `CREATE TABLE counter (n BIGINT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := pools[0].ExecContext(ctx, `INSERT INTO counter (n) VALUES (?)`, 0); err != nil {
		t.Fatal(err)
	}
	const each = 40
	var wg sync.WaitGroup
	for _, pool := range pools {
		for range 3 {
			wg.Go(func() {
				for range each {
					err := InTx(ctx, pool, "increment", func(tx *sql.Tx) error {
						var n int64
						if err := tx.QueryRowContext(ctx, `SELECT n FROM counter`).Scan(&n); err != nil {
							return err
						}
						_, err := tx.ExecContext(ctx, `UPDATE counter SET n = ?`, n+1)
						return err
					})
					if err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
	}
	wg.Wait()
	var n int64
	if err := pools[1].QueryRowContext(ctx, `SELECT n FROM counter`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if want := int64(len(pools) * 3 * each); n != want {
		t.Errorf("counter %d after %d increments: writers overlapped", n, want)
	}
}

// The pool rewrites what it is given for PostgreSQL: a query's variant, ? and ?N as $n, and a
// Go bool as 1/0 for an integer column (and as itself for a boolean one).
func TestPostgresPoolRewrites(t *testing.T) {
	ctx := context.Background()
	q, err := LoadQueries(fstestQueries(map[string]string{"t.sql": `
-- name: sum
SELECT ? + ?
-- name: sum@postgres
SELECT ?::bigint + ?::bigint + 1000
`}))
	if err != nil {
		t.Fatal(err)
	}
	pool, err := OpenPostgres(migratedPostgresDSN(t), PostgresOptions{Queries: q})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var n int64
	if err := pool.QueryRowContext(ctx, q.Get("sum"), 1, 2).Scan(&n); err != nil || n != 1003 {
		t.Errorf("sum: %d, %v; want the variant's 1003", n, err)
	}
	if err := pool.QueryRowContext(ctx, `SELECT ?1::bigint * ?1::bigint`, 7).Scan(&n); err != nil || n != 49 {
		t.Errorf("?1 twice: %d, %v; want 49", n, err)
	}
	if _, err := pool.ExecContext(ctx, `CREATE TABLE flags (i INTEGER NOT NULL, b BOOLEAN NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ExecContext(ctx, `INSERT INTO flags (i, b) VALUES (?, ?)`, true, true); err != nil {
		t.Fatal(err)
	}
	var i int64
	var b bool
	if err := pool.QueryRowContext(ctx, `SELECT i, b FROM flags`).Scan(&i, &b); err != nil || i != 1 || !b {
		t.Errorf("flags: %d %v, %v; want 1 true", i, b, err)
	}
}

// The read pool refuses writes, as SQLite's query_only connections do.
func TestPostgresReadPoolIsReadOnly(t *testing.T) {
	pool, err := OpenPostgres(migratedPostgresDSN(t), PostgresOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(`CREATE TABLE nope (n INTEGER)`); err == nil {
		t.Error("the read pool created a table")
	}
}
