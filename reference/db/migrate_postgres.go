package db

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// migratePostgres brings a PostgreSQL schema up to the newest migration, with the rules of
// Migrate: out-of-order versions run, and a database with a version this build does not know
// is refused.
//
// The cross-process guard is goose's own Postgres session locker: a pg_advisory_lock taken on
// one connection of pool for the whole run, so a second process starting on the same database
// waits, then finds every version recorded and applies nothing. A pg_advisory_xact_lock inside
// each migration's transaction would not do on its own: goose decides what is pending before
// it begins that transaction, so the second process would still run the migration again after
// the lock was released (SQLite's onceStore re-checks for that reason). Holding a session lock
// across the decision and the run makes that re-check unneeded here. There are no
// PostgreSQL databases from before goose, so nothing is adopted.
//
// The locker holds a connection of its own while migrations run on others: pool must allow
// at least two open connections (goose refuses a pool of one).
func migratePostgres(ctx context.Context, pool *sql.DB, migrations fs.FS) error {
	// goose polls for the lock; every second instead of its default five, so a process started
	// behind another's short migration is not kept waiting, still for up to five minutes.
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
	if err != nil {
		return fmt.Errorf("reference: migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, pool, migrations,
		goose.WithSessionLocker(locker),
		goose.WithAllowOutofOrder(true),
		goose.WithDisableGlobalRegistry(true),
		goose.WithLogger(goose.NopLogger()))
	if err != nil {
		return fmt.Errorf("reference: migrations: %w", err)
	}
	current, target, err := p.GetVersions(ctx)
	if err != nil {
		return fmt.Errorf("reference: reading schema version: %w", err)
	}
	if current > target {
		return fmt.Errorf("reference: database schema version %d is newer than this build knows (%d)", current, target)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("reference: migrations: %w", err)
	}
	return nil
}
