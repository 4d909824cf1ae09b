package reference

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"

	"portal/reference/db"
)

//go:embed migrations/postgres/*.sql
var postgresMigrationFiles embed.FS

// postgresWriteConns sizes the PostgreSQL writer pool of one process: write transactions are
// short and mostly wait on the same few hot rows (an organisation's audit head, its busiest
// account), so more connections would mostly wait at the server; goose's session lock holds one
// of its own while the migrations run on another, so it is at least two.
const postgresWriteConns = 4

// IsPostgresURL reports whether path names a PostgreSQL database rather than a SQLite file.
func IsPostgresURL(path string) bool {
	return strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://")
}

// redactURL is dsn without its password, for messages.
func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "the PostgreSQL URL"
	}
	return u.Redacted()
}

// pgWriterLockDefault is whether the writer pool takes the writer lock when
// PORTAL_PG_WRITER_LOCK is unset. Off: every write body locks the rows it reads before it
// writes (docs/store.md, "Row locks of the write bodies"); "on" is kept as the fallback that
// serialises all writers, should a body be found that does not.
const pgWriterLockDefault = false

// pgWriterLock reads PORTAL_PG_WRITER_LOCK: "on" makes every write transaction take the
// writer lock first (db.WriterLockKey), "off" leaves concurrency to the row locks of the
// write bodies; unset means pgWriterLockDefault.
func pgWriterLock() (bool, error) {
	switch v := os.Getenv("PORTAL_PG_WRITER_LOCK"); v {
	case "":
		return pgWriterLockDefault, nil
	case "on":
		return true, nil
	case "off":
		return false, nil
	default:
		return false, fmt.Errorf("reference: PORTAL_PG_WRITER_LOCK is %q, want on or off", v)
	}
}

// openPostgres opens the store's two pools on the PostgreSQL database at dsn: a writer pool
// whose transactions take the writer lock, and a read pool whose connections refuse writes,
// the roles the SQLite store's pools have. Both rewrite the query files' SQL for PostgreSQL
// (db.OpenPostgres), so the domain code is the same on both engines.
func openPostgres(ctx context.Context, s *Store, dsn string, readConns int) (*Store, error) {
	serialize, err := pgWriterLock()
	if err != nil {
		return nil, err
	}
	if s.write, err = db.OpenPostgres(dsn, db.PostgresOptions{Queries: storeQueries, SerializeWriters: serialize}); err != nil {
		return nil, err
	}
	s.write.SetMaxOpenConns(postgresWriteConns)
	s.write.SetMaxIdleConns(postgresWriteConns)

	sub, err := fs.Sub(postgresMigrationFiles, "migrations/postgres")
	if err != nil {
		panic(err) // the folder is embedded at build time
	}
	if err := db.MigrateEngine(ctx, db.Postgres, s.write, sub); err != nil {
		s.write.Close()
		return nil, fmt.Errorf("%w (%s)", err, redactURL(dsn))
	}
	if s.cryptoSigningKey, err = s.cryptoKey(ctx); err != nil {
		s.write.Close()
		return nil, err
	}
	readers, err := db.OpenPostgres(dsn, db.PostgresOptions{Queries: storeQueries, ReadOnly: true})
	if err != nil {
		s.write.Close()
		return nil, err
	}
	// pgx caches each connection's prepared statements itself.
	s.read = db.NewReads(readers, 0)
	if err := s.ready(ctx, readConns); err != nil {
		return nil, fmt.Errorf("%w (%s)", err, redactURL(dsn))
	}
	return s, nil
}
