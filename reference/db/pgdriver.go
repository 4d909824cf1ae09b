package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
)

// PostgresOptions tune a pool opened by OpenPostgres.
type PostgresOptions struct {
	// Queries supplies the per-engine variants (a "-- name: x@postgres" block): a statement
	// whose text is x's SQLite text runs as x@postgres's text instead. Nil means none.
	Queries *Queries
	// ReadOnly makes every transaction of the pool's connections read-only, as SQLite's
	// query_only does for the store's read pool: a write sent to it by mistake fails.
	ReadOnly bool
	// SerializeWriters makes every transaction begun on the pool wait for the store's one
	// writer lock before it runs a statement (docs/store.md, "Concurrency on PostgreSQL").
	SerializeWriters bool
}

// WriterLockKey is the pg_advisory_xact_lock key every write transaction of the store takes
// first, in every process on the database: the bytes of "portal" as a number.
const WriterLockKey int64 = 0x706f7274616c

// OpenPostgres opens a pool on the PostgreSQL database at dsn (a postgres:// URL or a
// key=value string) through pgx's database/sql driver, wrapped so that every statement is
// rewritten for PostgreSQL on its way in: its per-engine variant if it has one, then its ?
// placeholders as $n. The store's domain code hands the same SQL text to either engine.
func OpenPostgres(dsn string, opts PostgresOptions) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("reference: PostgreSQL URL: %w", err)
	}
	if opts.ReadOnly {
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
	}
	if !opts.ReadOnly {
		// Each statement of a write transaction must see what the writer before it committed:
		// read committed takes a snapshot per statement, so the statements after the writer
		// lock or a row lock (SELECT … FOR UPDATE re-reads the row it waited for) do. Under
		// repeatable read the snapshot would date from before the wait, and a balance read
		// after it would be stale or fail to serialise. Set here so a server whose default
		// is stricter does not change that.
		cfg.RuntimeParams["default_transaction_isolation"] = "read committed"
	}
	r := &rewriter{}
	if opts.Queries != nil {
		r.variants = opts.Queries.Variants(Postgres.Name)
		r.fragments = opts.Queries.FragmentVariants(Postgres.Name)
	}
	return sql.OpenDB(&pgConnector{base: stdlib.GetConnector(*cfg), rw: r, serialize: opts.SerializeWriters}), nil
}

// rewriteCacheMax bounds the cache of rewritten statements. The query files hold a few
// hundred statements; the list builders (where.go, keyset.go) make more shapes from them, one
// per combination of filters, which stays far below this. Past it a statement is rewritten
// every time it runs, which costs a scan of its text, not a failure.
const rewriteCacheMax = 4096

// rewriter turns a statement written for SQLite into PostgreSQL's form, once per text.
type rewriter struct {
	variants, fragments map[string]string

	mu    sync.RWMutex
	cache map[string]string
}

func (r *rewriter) rewrite(query string) string {
	r.mu.RLock()
	out, ok := r.cache[query]
	r.mu.RUnlock()
	if ok {
		return out
	}
	out = Rebind(Dollar, rewriteVariants(query, r.variants, r.fragments))
	r.mu.Lock()
	if r.cache == nil {
		r.cache = map[string]string{}
	}
	if len(r.cache) < rewriteCacheMax {
		r.cache[query] = out
	}
	r.mu.Unlock()
	return out
}

// pgConnector makes pgConns: pgx's connections with the rewriter in front.
type pgConnector struct {
	base      driver.Connector
	rw        *rewriter
	serialize bool
}

func (c *pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.base.Connect(ctx)
	if err != nil {
		return nil, err
	}
	sc, ok := conn.(*stdlib.Conn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("reference: pgx gave a %T, not a *stdlib.Conn", conn)
	}
	return &pgConn{Conn: sc, rw: c.rw, serialize: c.serialize}, nil
}

func (c *pgConnector) Driver() driver.Driver { return c.base.Driver() }

// pgConn is pgx's connection with every statement's text rewritten first. Embedding keeps
// the rest of pgx's driver.Conn as it is (BeginTx, Ping, ResetSession, Close…), so
// database/sql finds the same optional interfaces it would on pgx's own connection.
type pgConn struct {
	*stdlib.Conn
	rw        *rewriter
	serialize bool
}

var (
	_ driver.ExecerContext      = (*pgConn)(nil)
	_ driver.QueryerContext     = (*pgConn)(nil)
	_ driver.ConnPrepareContext = (*pgConn)(nil)
	_ driver.ConnBeginTx        = (*pgConn)(nil)
	_ driver.Pinger             = (*pgConn)(nil)
	_ driver.SessionResetter    = (*pgConn)(nil)
	_ driver.NamedValueChecker  = (*pgConn)(nil)
)

// BeginTx begins as pgx does and, on a writer pool, takes the writer lock as the
// transaction's first statement. The lock is a transaction-level one, so COMMIT or ROLLBACK
// releases it, however the transaction ends; a cancelled context stops the wait.
func (c *pgConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.Conn.BeginTx(ctx, opts)
	if err != nil || !c.serialize || opts.ReadOnly {
		return tx, err
	}
	if _, err := c.Conn.Conn().Exec(ctx, "SELECT pg_advisory_xact_lock($1)", WriterLockKey); err != nil {
		tx.Rollback()
		return nil, err
	}
	return tx, nil
}

func (c *pgConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.Prepare(c.rw.rewrite(query))
}

func (c *pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, c.rw.rewrite(query))
}

func (c *pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, c.rw.rewrite(query), args)
}

func (c *pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, c.rw.rewrite(query), args)
}

// CheckNamedValue passes a Go bool as a flag. The schema keeps SQLite's kinds on both engines
// (the store's flags are INTEGER 0/1, migrations/postgres/0001_init.sql), and SQLite's driver
// stores a bool as 1 or 0, so the domain code passes bools; pgx would refuse a bool for an
// integer parameter. Other tables (goose's) have real booleans, so the flag encodes as either.
func (c *pgConn) CheckNamedValue(nv *driver.NamedValue) error {
	if b, ok := nv.Value.(bool); ok {
		nv.Value = flag(b)
		return nil
	}
	return c.Conn.CheckNamedValue(nv)
}

// flag is a bool parameter that pgx encodes for an integer column as 1 or 0 and for a boolean
// one as itself.
type flag bool

func (f flag) Int64Value() (pgtype.Int8, error) {
	var n int64
	if f {
		n = 1
	}
	return pgtype.Int8{Int64: n, Valid: true}, nil
}

func (f flag) BoolValue() (pgtype.Bool, error) { return pgtype.Bool{Bool: bool(f), Valid: true}, nil }
