package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// schema is what TestPostgresMigrationsMatchSQLite compares, engine-neutral: per table its
// columns (kind and nullability), the column sets it keeps unique, its named indexes, and the
// triggers.
type schema struct {
	columns  map[string]string // "table.column" → "text not null"
	uniques  map[string]bool   // "table (a, b)", " where" appended for a partial unique index
	indexes  map[string]string // explicitly created index → "table (a, b)", " where" when partial
	triggers map[string]bool
}

func newSchema() schema {
	return schema{columns: map[string]string{}, uniques: map[string]bool{}, indexes: map[string]string{}, triggers: map[string]bool{}}
}

// schemaDifferences lists every way the PostgreSQL schema differs from SQLite's, each with the
// reason it is allowed. Nothing else may differ: a migration written for one engine only fails
// the test until its twin is written.
var schemaDifferences = map[string]string{
	"column push_approvals.seq: only in postgres":         "SQLite breaks created_at ties by rowid (push-approvals-pending); PostgreSQL has none",
	"unique push_approvals (seq): only in postgres":       "the same seq",
	"column payout_draft_reviews.seq: only in postgres":   "SQLite lists a draft's reviews by created_at, rowid (payout_drafts.go); PostgreSQL has no rowid",
	"unique payout_draft_reviews (seq): only in postgres": "the same seq",
}

func TestPostgresMigrationsMatchSQLite(t *testing.T) {
	ctx := context.Background()
	lite := openWriter(t, filepath.Join(t.TempDir(), "schema.db"))
	if err := Migrate(ctx, lite, os.DirFS(sqlMigrations())); err != nil {
		t.Fatal(err)
	}
	want, err := sqliteSchema(ctx, lite)
	if err != nil {
		t.Fatal(err)
	}
	got, err := postgresSchema(ctx, migratedPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(want.columns) == 0 || len(want.indexes) == 0 || len(want.triggers) == 0 {
		t.Fatalf("read nothing of the SQLite schema: %+v", want)
	}

	diffs := schemaDiff("column", want.columns, got.columns)
	diffs = append(diffs, schemaDiff("unique", want.uniques, got.uniques)...)
	diffs = append(diffs, schemaDiff("trigger", want.triggers, got.triggers)...)
	diffs = append(diffs, schemaDiff("index", want.indexes, got.indexes)...)

	sort.Strings(diffs)
	seen := map[string]bool{}
	for _, d := range diffs {
		seen[d] = true
		if reason, ok := schemaDifferences[d]; ok {
			t.Logf("allowed: %s (%s)", d, reason)
			continue
		}
		t.Errorf("schema difference: %s", d)
	}
	for d := range schemaDifferences {
		if !seen[d] {
			t.Errorf("schemaDifferences lists %q, which no longer differs: drop it from the list", d)
		}
	}
	t.Logf("compared %d columns, %d unique keys, %d indexes, %d triggers", len(want.columns), len(want.uniques), len(want.indexes), len(want.triggers))
}

// schemaDiff lists, in schemaDifferences' words, what of kind only one engine's schema has
// and what the two have otherwise (a set's values are all true, so it only ever has the first).
func schemaDiff[V comparable](kind string, want, got map[string]V) []string {
	var out []string
	for k, w := range want {
		if g, ok := got[k]; !ok {
			out = append(out, kind+" "+k+": only in sqlite")
		} else if g != w {
			out = append(out, fmt.Sprintf("%s %s: sqlite %v, postgres %v", kind, k, w, g))
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			out = append(out, kind+" "+k+": only in postgres")
		}
	}
	return out
}

// kindOf names a declared type by the values it holds, so SQLite's INTEGER and PostgreSQL's
// integer and bigint compare equal.
func kindOf(declared string) string {
	switch strings.ToLower(declared) {
	case "text":
		return "text"
	case "integer", "bigint", "int", "int4", "int8":
		return "integer"
	case "blob", "bytea":
		return "bytes"
	}
	return "unknown " + declared
}

func nullability(notNull bool) string {
	if notNull {
		return "not null"
	}
	return "null"
}

func sqliteSchema(ctx context.Context, pool *sql.DB) (schema, error) {
	s := newSchema()
	tables, err := strings1(ctx, pool, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?`, VersionTable)
	if err != nil {
		return s, err
	}
	for _, table := range tables {
		rows, err := pool.QueryContext(ctx, `SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY pk`, table)
		if err != nil {
			return s, err
		}
		var pk []string
		for rows.Next() {
			var name, typ string
			var notNull, inPK int
			if err := rows.Scan(&name, &typ, &notNull, &inPK); err != nil {
				rows.Close()
				return s, err
			}
			// A primary key column is NOT NULL on PostgreSQL always; SQLite lets a rowid table's
			// non-integer key hold NULL for backwards compatibility, which the store never relies on.
			s.columns[table+"."+name] = kindOf(typ) + " " + nullability(notNull == 1 || inPK > 0)
			if inPK > 0 {
				pk = append(pk, name)
			}
		}
		if err := rows.Close(); err != nil {
			return s, err
		}
		if len(pk) > 0 {
			s.uniques[key(table, pk, false)] = true
		}
		type idx struct {
			name, origin    string
			unique, partial bool
		}
		var idxs []idx
		rows, err = pool.QueryContext(ctx, `SELECT name, "unique", origin, partial FROM pragma_index_list(?)`, table)
		if err != nil {
			return s, err
		}
		for rows.Next() {
			var i idx
			if err := rows.Scan(&i.name, &i.unique, &i.origin, &i.partial); err != nil {
				rows.Close()
				return s, err
			}
			idxs = append(idxs, i)
		}
		if err := rows.Close(); err != nil {
			return s, err
		}
		for _, i := range idxs {
			cols, err := strings1(ctx, pool, `SELECT name FROM pragma_index_info(?) ORDER BY seqno`, i.name)
			if err != nil {
				return s, err
			}
			if i.unique {
				s.uniques[key(table, cols, i.partial)] = true
			}
			if i.origin == "c" {
				s.indexes[i.name] = key(table, cols, i.partial)
			}
		}
	}
	triggers, err := strings1(ctx, pool, `SELECT name FROM sqlite_schema WHERE type = 'trigger'`)
	for _, tr := range triggers {
		s.triggers[tr] = true
	}
	return s, err
}

func postgresSchema(ctx context.Context, pool *sql.DB) (schema, error) {
	s := newSchema()
	rows, err := pool.QueryContext(ctx, `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO'
		FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
		WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> $1`, VersionTable)
	if err != nil {
		return s, err
	}
	for rows.Next() {
		var table, name, typ string
		var notNull bool
		if err := rows.Scan(&table, &name, &typ, &notNull); err != nil {
			rows.Close()
			return s, err
		}
		s.columns[table+"."+name] = kindOf(typ) + " " + nullability(notNull)
	}
	if err := rows.Close(); err != nil {
		return s, err
	}
	// Every index of a public table: unique ones (constraints' and explicit ones) give the
	// unique keys, the ones no constraint owns are the explicitly created indexes.
	rows, err = pool.QueryContext(ctx, `SELECT ic.relname, tc.relname, ix.indisunique, ix.indpred IS NOT NULL,
			EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = ix.indexrelid AND k.contype IN ('p', 'u')),
			array_to_string(ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
				JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum ORDER BY k.ord), ',')
		FROM pg_index ix
		JOIN pg_class ic ON ic.oid = ix.indexrelid
		JOIN pg_class tc ON tc.oid = ix.indrelid
		JOIN pg_namespace n ON n.oid = tc.relnamespace
		WHERE n.nspname = 'public' AND tc.relname <> $1`, VersionTable)
	if err != nil {
		return s, err
	}
	for rows.Next() {
		var name, table, cols string
		var unique, partial, owned bool
		if err := rows.Scan(&name, &table, &unique, &partial, &owned, &cols); err != nil {
			rows.Close()
			return s, err
		}
		k := key(table, strings.Split(cols, ","), partial)
		if unique {
			s.uniques[k] = true
		}
		if !owned {
			s.indexes[name] = k
		}
	}
	if err := rows.Close(); err != nil {
		return s, err
	}
	triggers, err := strings1(ctx, pool, `SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND n.nspname = 'public'`)
	for _, tr := range triggers {
		s.triggers[tr] = true
	}
	return s, err
}

func key(table string, cols []string, partial bool) string {
	k := table + " (" + strings.Join(cols, ", ") + ")"
	if partial {
		k += " where"
	}
	return k
}

func strings1(ctx context.Context, pool *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := pool.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
