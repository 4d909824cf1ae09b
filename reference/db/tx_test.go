package db

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func testPool(t *testing.T, path string, busyMillis string) *sql.DB {
	t.Helper()
	pool, err := sql.Open("sqlite", path+"?_txlock=immediate&_journal_mode=WAL&_busy_timeout="+busyMillis)
	if err != nil {
		t.Fatal(err)
	}
	pool.SetMaxOpenConns(1)
	t.Cleanup(func() { pool.Close() })
	if _, err := pool.Exec(`CREATE TABLE IF NOT EXISTS t (n INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return pool
}

func count(t *testing.T, pool *sql.DB) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(`SELECT count(*) FROM t`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestInTxCommitsOnNilAndKeepRollsBackOnError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := testPool(t, filepath.Join(t.TempDir(), "tx.db"), "5000")
	insert := func(ret error) error {
		return InTx(ctx, pool, "insert", func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO t VALUES (1)`); err != nil {
				return err
			}
			return ret
		})
	}
	wrong := errors.New("wrong code")
	if err := insert(nil); err != nil {
		t.Fatal(err)
	}
	if err := insert(wrong); !errors.Is(err, wrong) {
		t.Fatalf("error = %v, want %v", err, wrong)
	}
	if err := insert(Keep(wrong)); !errors.Is(err, wrong) {
		t.Fatalf("kept error = %v, want %v", err, wrong)
	}
	if got := count(t, pool); got != 2 {
		t.Errorf("%d rows, want 2: the nil and the kept one", got)
	}
}

// A second process holding the write lock longer than the busy timeout must not fail a write
// that has not started: BEGIN is asked again.
func TestBeginOutlastsAnotherWriterPastTheBusyTimeout(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tx.db")
	other := testPool(t, path, "5000")
	pool := testPool(t, path, "100")

	holdWriteLock(t, other, 150*time.Millisecond)

	start := time.Now()
	err := InTx(ctx, pool, "insert", func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO t VALUES (1)`)
		return err
	})
	if err != nil {
		t.Fatalf("InTx after %v: %v", time.Since(start), err)
	}
	if waited := time.Since(start); waited < 100*time.Millisecond {
		t.Errorf("InTx took %v: the other writer's lock was not in the way", waited)
	}
	if got := count(t, pool); got != 1 {
		t.Errorf("%d rows, want 1", got)
	}
}

// holdWriteLock takes the write lock of pool's file on a connection of its own, as another
// process would, and gives it back after d.
func holdWriteLock(t *testing.T, pool *sql.DB, d time.Duration) {
	t.Helper()
	ctx := context.Background()
	held, err := pool.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := held.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	release := time.AfterFunc(d, func() {
		held.ExecContext(ctx, `ROLLBACK`)
		held.Close()
	})
	t.Cleanup(func() {
		if release.Stop() {
			held.ExecContext(ctx, `ROLLBACK`)
			held.Close()
		}
	})
}
