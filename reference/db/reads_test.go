package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"sync"
	"testing"

	_ "modernc.org/sqlite"
)

func TestReadsPreparesOnceAndStaysBounded(t *testing.T) {
	ctx := context.Background()
	pool, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(`CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)`); err != nil {
		t.Fatal(err)
	}
	r := NewReads(pool, 2)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var n int
			if err := r.QueryRowContext(ctx, `SELECT count(*) FROM t WHERE n >= ?`, 2).Scan(&n); err != nil || n != 2 {
				t.Errorf("count: %d %v", n, err)
			}
		}()
	}
	wg.Wait()
	for _, tc := range []struct {
		query string
		want  int
	}{
		{`SELECT count(*) FROM t WHERE n >= ?`, 1},
		{`SELECT count(*) FROM t WHERE n > ?`, 2},
		// Past max: run unprepared, still answered.
		{`SELECT count(*) FROM t WHERE n <> ?`, 2},
	} {
		rows, err := r.QueryContext(ctx, tc.query, 9)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		rows.Close()
		if len(r.stmts) != tc.want {
			t.Errorf("after %s: %d statements prepared, want %d", tc.query, len(r.stmts), tc.want)
		}
	}
	// A statement that does not prepare reports its error as an unprepared call does.
	if err := r.QueryRowContext(ctx, `SELECT nope FROM t`).Scan(new(int)); err == nil {
		t.Error("a bad statement answered")
	}
	if len(r.stmts) != 2 {
		t.Errorf("%d statements after a bad one", len(r.stmts))
	}
	// Closing the pool fails the next query as a closed pool does.
	pool.Close()
	if err := r.QueryRowContext(ctx, `SELECT count(*) FROM t WHERE n >= ?`, 2).Scan(new(int)); err == nil {
		t.Error("a query on the closed pool answered")
	}
	if (&Reads{DB: pool}).stmt(ctx, "SELECT 1") != nil {
		t.Error("max 0 prepared a statement")
	}
}
