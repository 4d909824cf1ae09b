package db

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3/database"
)

// Engine is what the store needs to know about the SQL engine behind a pool: how its
// statements write parameters, which goose dialect migrates it and from which folder of the
// migrations tree, and which of its errors say "run the transaction again".
type Engine struct {
	// Name is the engine's name in messages and in the store's configuration.
	Name string
	// Dialect is goose's name for the engine.
	Dialect database.Dialect
	// Folder is the engine's folder of goose files under reference/migrations.
	Folder string
	// Placeholders is how the engine writes parameters; Rebind turns the query files' ? into it.
	Placeholders Placeholders
}

var (
	// SQLite is modernc.org/sqlite, the store's engine so far.
	SQLite = Engine{Name: "sqlite", Dialect: database.DialectSQLite3, Folder: "sqlite", Placeholders: Question}
	// Postgres is PostgreSQL through github.com/jackc/pgx/v5/stdlib.
	Postgres = Engine{Name: "postgres", Dialect: database.DialectPostgres, Folder: "postgres", Placeholders: Dollar}
)

// Rebind writes query in the engine's placeholder form.
func (e Engine) Rebind(query string) string { return Rebind(e.Placeholders, query) }

// IsRetryable reports whether err says the transaction lost a race and may be run again from
// its start (see IsRetryable).
func (e Engine) IsRetryable(err error) bool { return IsRetryable(err) }

// PostgreSQL's SQLSTATEs for a transaction the server gave up on because of another one.
const (
	pgSerializationFailure = "40001"
	pgDeadlockDetected     = "40P01"
)

// IsRetryable reports whether err is an engine giving up on a transaction because of another
// one: SQLite's busy (the lock was held past the busy timeout) or PostgreSQL's serialization
// failure and detected deadlock. Such a transaction was rolled back whole, so running it again
// from BEGIN is safe as far as the database goes; whether the caller's side effects may repeat
// is the caller's question, as with IsBusy. An error carries one driver's type, so one
// function serves both engines.
func IsRetryable(err error) bool {
	if IsBusy(err) {
		return true
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == pgSerializationFailure || pe.Code == pgDeadlockDetected)
}
