// Package db is the reference store's one way into its SQL engine: the only place a write
// transaction begins (InTx) and the migration runner (Migrate). The store's domain code
// reads and writes through a DBTX and leaves beginning, retrying and committing to InTx.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// DBTX is a pool or a transaction: code that only reads, or that is handed a transaction
// by InTx, takes one of these so the same function serves both.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

var (
	_ DBTX = (*sql.DB)(nil)
	_ DBTX = (*sql.Tx)(nil)
	_ DBTX = (*sql.Conn)(nil)
)

// keepErr marks an error returned from a transaction's body whose writes must be committed
// anyway, e.g. counting a wrong code: the caller still gets the error.
type keepErr struct{ err error }

func (k keepErr) Error() string { return k.err.Error() }
func (k keepErr) Unwrap() error { return k.err }

// Keep asks InTx to commit before returning err.
func Keep(err error) error { return keepErr{err} }

// beginAttempts bounds how often begin asks again after the engine said another writer holds
// the lock. Each attempt already waits out the connection's busy timeout, so three attempts
// let a caller outlast one long foreign transaction without hanging a request for ever.
const beginAttempts = 3

// begin starts a write transaction on pool for InTx.
//
// A busy answer is retried here and only here: it comes from BEGIN (the pool's transactions
// are IMMEDIATE), before any statement of the caller ran, so asking again cannot repeat a
// write. A busy error later in a transaction is returned as it is: the caller's statements
// may have had effects outside the database (a random token shown to a user, a wake-up sent),
// and only the caller knows whether running them twice is harmless.
func begin(ctx context.Context, pool *sql.DB) (*sql.Tx, error) {
	var err error
	for attempt := 1; ; attempt++ {
		var tx *sql.Tx
		if tx, err = pool.BeginTx(ctx, nil); err == nil {
			return tx, nil
		}
		if !IsBusy(err) || attempt == beginAttempts || ctx.Err() != nil {
			return nil, err
		}
		// A short pause lets the holder's commit land before we queue for the lock again.
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(time.Duration(attempt) * 10 * time.Millisecond):
		}
	}
}

// InTx runs fn in a write transaction begun by begin. It commits when fn returns nil or
// Keep(err), and rolls back otherwise; what names the operation in wrapped errors.
func InTx(ctx context.Context, pool *sql.DB, what string, fn func(tx *sql.Tx) error) error {
	tx, err := begin(ctx, pool)
	if err != nil {
		return fmt.Errorf("reference: %s: %w", what, err)
	}
	defer tx.Rollback()
	start := time.Now()
	ferr := fn(tx)
	var k keepErr
	if ferr != nil && !errors.As(ferr, &k) {
		return ferr
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("reference: %s: %w", what, err)
	}
	statsOf(pool).record(time.Since(start))
	if ferr != nil {
		return k.err
	}
	return nil
}

// IsBusy reports whether err is the engine saying another connection holds the lock.
func IsBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// Stats are what InTx committed on one pool: how many transactions, and the longest one
// (from its BEGIN being granted to its COMMIT), which is how long it kept every other writer
// waiting. Benchmarks and tests budget writes with them.
type Stats struct {
	Commits int64
	Longest time.Duration
}

type poolStats struct{ commits, longest atomic.Int64 }

func (p *poolStats) record(d time.Duration) {
	p.commits.Add(1)
	for {
		old := p.longest.Load()
		if int64(d) <= old || p.longest.CompareAndSwap(old, int64(d)) {
			return
		}
	}
}

var stats sync.Map // *sql.DB → *poolStats

func statsOf(pool *sql.DB) *poolStats {
	if p, ok := stats.Load(pool); ok {
		return p.(*poolStats)
	}
	p, _ := stats.LoadOrStore(pool, new(poolStats))
	return p.(*poolStats)
}

// StatsOf returns pool's Stats since the last ResetStats.
func StatsOf(pool *sql.DB) Stats {
	p := statsOf(pool)
	return Stats{Commits: p.commits.Load(), Longest: time.Duration(p.longest.Load())}
}

// ForgetStats drops pool's Stats; the store calls it when it closes the pool.
func ForgetStats(pool *sql.DB) { stats.Delete(pool) }

// ResetStats starts pool's Stats from zero.
func ResetStats(pool *sql.DB) {
	p := statsOf(pool)
	p.commits.Store(0)
	p.longest.Store(0)
}
