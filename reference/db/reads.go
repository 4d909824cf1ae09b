package db

import (
	"context"
	"database/sql"
	"sync"
)

// Reads is a read pool that prepares each statement once. Without it the SQLite driver parses
// and plans every query again on every call: in httpbench's mixed workload that was about 10 %
// of the portal's CPU (sqlite3Prepare), the list statements being long and the same every time.
// A *sql.Stmt is safe for concurrent use and is prepared on each pooled connection as it is
// first used there.
//
// The cache is bounded: the list statements are completed at run time from the filters a
// request sets, so their texts are many but few are common; past max a new text is run
// unprepared, as before. Statements are never closed one by one: closing the pool closes
// them with its connections, and a query after that fails as one on a closed pool does.
type Reads struct {
	*sql.DB
	max   int
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

// NewReads wraps pool; max 0 prepares nothing (a driver that caches statements itself).
func NewReads(pool *sql.DB, max int) *Reads {
	return &Reads{DB: pool, max: max, stmts: map[string]*sql.Stmt{}}
}

var _ DBTX = (*Reads)(nil)

// QueryContext runs query through its prepared statement.
func (r *Reads) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := r.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return r.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query through its prepared statement.
func (r *Reads) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := r.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return r.DB.QueryRowContext(ctx, query, args...)
}

// stmt is query's prepared statement, nil when the cache is full or preparing failed (the
// plain call then reports the error as it always did).
func (r *Reads) stmt(ctx context.Context, query string) *sql.Stmt {
	if r.max == 0 {
		return nil
	}
	r.mu.RLock()
	st, ok := r.stmts[query]
	full := len(r.stmts) >= r.max
	r.mu.RUnlock()
	if ok || full {
		return st
	}
	st, err := r.DB.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if won, ok := r.stmts[query]; ok {
		// Another request prepared it first: keep one.
		_ = st.Close()
		return won
	}
	if len(r.stmts) >= r.max {
		_ = st.Close()
		return nil
	}
	r.stmts[query] = st
	return st
}
