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

// pgUnpreparable lists the named queries PostgreSQL cannot prepare yet, each with why. The
// query files are shared by both engines and are being made to serve PostgreSQL; until they
// do, this list says exactly how far that is. A query that starts to fail and is not listed
// fails the test, and so does a listed query that now prepares (drop it from the list).
var pgUnpreparable = map[string]string{
	"push-approvals-pending": "orders by a.rowid, which PostgreSQL lacks (42703); the PostgreSQL schema has " +
		"push_approvals.seq for it, which SQLite lacks: the query wants a seq column on both engines",
	"draft-reviews": "orders by created_at, rowid (42703); the PostgreSQL schema has payout_draft_reviews.seq " +
		"for it, which SQLite lacks",
	"draft-taken-end-to-end-ids": "reads an id list with SQLite's json_each(?) (42883); PostgreSQL would use " +
		"jsonb_array_elements_text or = ANY($n)",
	"payout-cancel-request": "appends to a JSON array with json_insert(col, '$[#]', json_object(...)) (42883); " +
		"PostgreSQL would use jsonb ||",
	"payout-move": "appends a transition with json_insert and json_object (42883), as payout-cancel-request",
	"payout-stats-waiting": "the waiting items read a draft's fields with json_extract (42883); PostgreSQL " +
		"spells it ->>",
}

// Every named query of reference/queries, rebound to $n, is prepared by the PostgreSQL server
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
		st, err := conn.PrepareContext(ctx, Rebind(Dollar, text))
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
