package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"
)

// VersionTable is goose's bookkeeping table. It is goose's default name and differs from
// LegacyVersionTable, so a file written before goose keeps its history beside goose's.
const VersionTable = goose.DefaultTablename

// Tables of the hand-written runner that came before goose: it recorded versions in
// schema_migrations. Adopting such a file renames that table to LegacyVersionTable.
const (
	oldVersionTable    = "schema_migrations"
	LegacyVersionTable = "schema_migrations_legacy"
)

// errAppliedElsewhere rolls back a migration another process recorded while this one ran it.
var errAppliedElsewhere = errors.New("migration was applied by another process meanwhile")

// Migrate brings the schema of the SQLite database behind pool up to the newest migration in
// migrations (goose SQL files, each applied in its own IMMEDIATE transaction together with its
// version row). pool must be the store's writer.
//
// It refuses a database that has a version this build does not know: an older binary would run
// against tables it does not understand. Versions lower than the newest applied one still run
// (goose's out-of-order mode), as they did under the runner goose replaced, so a migration
// merged late from a branch is not skipped.
//
// Migrate is MigrateEngine for SQLite, the store's engine so far.
func Migrate(ctx context.Context, pool *sql.DB, migrations fs.FS) error {
	return MigrateEngine(ctx, SQLite, pool, migrations)
}

// MigrateEngine brings the schema behind pool up to the newest migration in migrations, the
// goose files of engine e (its Folder). On SQLite it is what Migrate describes; on PostgreSQL
// see migratePostgres.
func MigrateEngine(ctx context.Context, e Engine, pool *sql.DB, migrations fs.FS) error {
	switch e.Dialect {
	case database.DialectSQLite3:
		return migrateSQLite(ctx, pool, migrations)
	case database.DialectPostgres:
		return migratePostgres(ctx, pool, migrations)
	}
	return fmt.Errorf("reference: migrations: no migration runner for engine %q", e.Name)
}

func migrateSQLite(ctx context.Context, pool *sql.DB, migrations fs.FS) error {
	base, err := database.NewStore(database.DialectSQLite3, VersionTable)
	if err != nil {
		return err
	}
	store := onceStore{base}
	if err := adoptLegacy(ctx, pool, store); err != nil {
		return err
	}

	// Starting over is for a migration another process applied meanwhile, or one that could not
	// begin behind another process's long migration: each means that process moved on, so the
	// number of migrations bounds it.
	attempts := 1
	for attempt := 1; ; attempt++ {
		p, err := goose.NewProvider(goose.DialectCustom, pool, migrations,
			goose.WithStore(store),
			goose.WithAllowOutofOrder(true),
			goose.WithDisableGlobalRegistry(true),
			goose.WithLogger(goose.NopLogger()))
		if err != nil {
			return fmt.Errorf("reference: migrations: %w", err)
		}
		if attempt == 1 {
			attempts = len(p.ListSources()) + 1
		}
		current, target, err := p.GetVersions(ctx)
		if err != nil {
			return fmt.Errorf("reference: reading schema version: %w", err)
		}
		if current > target {
			return fmt.Errorf("reference: database schema version %d is newer than this build knows (%d)", current, target)
		}
		_, err = p.Up(ctx)
		if err == nil {
			return nil
		}
		if attempt < attempts && (appliedElsewhere(ctx, store, pool, err) || IsBusy(err)) {
			// Busy: the migration's BEGIN waited out the busy timeout behind another process's
			// long migration and ran nothing; a short pause lets that one commit.
			time.Sleep(time.Duration(attempt) * 10 * time.Millisecond)
			continue
		}
		return fmt.Errorf("reference: migrations: %w", err)
	}
}

// appliedElsewhere says whether err is a migration failing because another process applied it
// meanwhile. Two processes starting on one file both see a migration pending; the second runs
// it after the first committed and fails (a table that exists) or is stopped by onceStore. Once
// the version is recorded, starting over finds it applied.
func appliedElsewhere(ctx context.Context, store database.Store, pool *sql.DB, err error) bool {
	var pe *goose.PartialError
	if !errors.As(err, &pe) || pe.Failed == nil || pe.Failed.Source == nil {
		return false
	}
	_, gerr := store.GetMigration(ctx, pool, pe.Failed.Source.Version)
	return gerr == nil
}

// onceStore is goose's SQLite store that refuses to record a version twice. goose decides what
// is pending before it begins each migration's transaction; the check here runs inside that
// transaction, under the write lock, so a second process that got there late rolls back instead
// of applying a migration again (an UPDATE or INSERT would not fail on its own).
type onceStore struct{ database.Store }

func (s onceStore) Insert(ctx context.Context, db database.DBTxConn, req database.InsertRequest) error {
	if req.Version != 0 {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM `+VersionTable+` WHERE version_id = ? AND is_applied`,
			req.Version).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("version %d: %w", req.Version, errAppliedElsewhere)
		}
	}
	return s.Store.Insert(ctx, db, req)
}

// adoptLegacy carries a database written by the runner before goose into goose's bookkeeping:
// in one transaction it creates goose's table with every version schema_migrations lists, then
// renames schema_migrations to LegacyVersionTable. The rename keeps the old history (names and
// times) for people, and makes an older binary fail at once on the existing tables instead of
// believing the schema is the one it knows.
//
// A file that already has goose's table is left alone, even if an older binary has since created
// an empty schema_migrations on it.
func adoptLegacy(ctx context.Context, pool *sql.DB, store database.Store) error {
	return InTx(ctx, pool, "adopting "+oldVersionTable, func(tx *sql.Tx) error {
		var old, goose int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE name = ?), count(*) FILTER (WHERE name = ?)
			FROM sqlite_schema WHERE type = 'table'`, oldVersionTable, VersionTable).Scan(&old, &goose); err != nil {
			return err
		}
		if old == 0 || goose > 0 {
			return nil
		}
		rows, err := tx.QueryContext(ctx, `SELECT version FROM `+oldVersionTable+` ORDER BY version`)
		if err != nil {
			return err
		}
		var versions []int64
		for rows.Next() {
			var v int64
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return err
			}
			versions = append(versions, v)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := store.CreateVersionTable(ctx, tx); err != nil {
			return err
		}
		// goose's table starts with version 0, the empty schema; the rest in the order applied.
		for _, v := range append([]int64{0}, versions...) {
			if err := store.Insert(ctx, tx, database.InsertRequest{Version: v}); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, `ALTER TABLE `+oldVersionTable+` RENAME TO `+LegacyVersionTable)
		return err
	})
}
