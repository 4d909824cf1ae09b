package db

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// pgUnpreparable lists the named queries PostgreSQL cannot prepare, each with why. A query
// that starts to fail and is not listed fails the test, and so does a listed query that now
// prepares (drop it from the list). Every query prepares now: a query SQLite spells its own
// way has a variant (name@postgres, or a fragment's variant inside it) that is tried instead.
var pgUnpreparable = map[string]string{}

// Every named query of reference/queries, as PostgreSQL's pool runs it (its variant, rebound
// to $n), is prepared by the PostgreSQL server
// (a Parse and Describe, as the driver does before running it) on the migrated schema.
// Queries that SQLite cannot prepare either are pieces the code completes at run time, and are
// left out.
func TestPostgresPreparesEveryQuery(t *testing.T) {
	ctx := context.Background()
	q, err := LoadQueries(os.DirFS(filepath.Join("..", "queries")))
	if err != nil {
		t.Fatal(err)
	}
	lite := openWriter(t, filepath.Join(t.TempDir(), "prepare.db"))
	if err := Migrate(ctx, lite, os.DirFS(sqlMigrations())); err != nil {
		t.Fatal(err)
	}
	pool := migratedPostgres(t)
	conn, err := pool.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	failed := map[string]string{}
	var incomplete []string
	for _, name := range q.Names() {
		text := q.text[name]
		if st, err := lite.PrepareContext(ctx, text); err != nil {
			incomplete = append(incomplete, name)
			continue
		} else {
			st.Close()
		}
		st, err := conn.PrepareContext(ctx, Rebind(Dollar, q.VariantText(Postgres.Name, text)))
		if err != nil {
			msg := err.Error()
			var pe *pgconn.PgError
			if errors.As(err, &pe) {
				msg = pe.Code + " " + pe.Message
			}
			failed[name] = msg
			continue
		}
		st.Close()
	}
	if len(incomplete) > 0 {
		t.Logf("not whole statements on SQLite either, not tried: %s", strings.Join(incomplete, ", "))
	}
	var names []string
	for name := range failed {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Logf("PostgreSQL cannot prepare %s (%s): %s", name, q.file[name], failed[name])
		if _, listed := pgUnpreparable[name]; !listed {
			t.Errorf("%s (%s) does not prepare on PostgreSQL and is not in pgUnpreparable: %s", name, q.file[name], failed[name])
		}
	}
	for name := range pgUnpreparable {
		if _, ok := failed[name]; !ok {
			t.Errorf("%s is in pgUnpreparable but prepares on PostgreSQL now: drop it from the list", name)
		}
	}
	t.Logf("%d queries, %d prepare on PostgreSQL", len(q.Names())-len(incomplete), len(q.Names())-len(incomplete)-len(failed))
}
