package db

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib"

	"portal/testenv"
)

// pgTemplate is the template database holding every PostgreSQL migration, made once per run.
const pgTemplate = "reference_db_migrated"

func pgMigrations() string  { return filepath.Join("..", "migrations", Postgres.Folder) }
func sqlMigrations() string { return filepath.Join("..", "migrations", SQLite.Folder) }

// openPostgres opens dsn with the pool the store would use: more than one connection, since
// goose's session lock holds one of its own.
func openPostgres(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	pool.SetMaxOpenConns(4)
	t.Cleanup(func() { pool.Close() })
	return pool
}

// migratedPostgres is a database of the test's own, copied from the migrated template.
func migratedPostgres(t *testing.T) *sql.DB {
	t.Helper()
	return openPostgres(t, migratedPostgresDSN(t))
}

// migratedPostgresDSN is migratedPostgres's database, for a test that opens its own pool.
func migratedPostgresDSN(t *testing.T) string {
	t.Helper()
	pg := testenv.StartPostgres(t)
	pg.Template(t, pgTemplate, func(dsn string) error {
		pool, err := sql.Open("pgx", dsn)
		if err != nil {
			return err
		}
		defer pool.Close()
		start := time.Now()
		err = MigrateEngine(context.Background(), Postgres, pool, os.DirFS(pgMigrations()))
		t.Logf("PostgreSQL migrations applied to the template in %s", time.Since(start))
		return err
	})
	return pg.FreshDatabase(t, pgTemplate)
}

// Processes starting together on one database apply each migration once: goose's advisory
// session lock makes the others wait and then find nothing pending.
func TestMigratePostgresConcurrently(t *testing.T) {
	ctx := context.Background()
	dsn := testenv.StartPostgres(t).FreshDatabase(t, "")
	pools := make([]*sql.DB, 4)
	for i := range pools {
		pools[i] = openPostgres(t, dsn)
	}
	migrateAtOnce(t, pools, func(pool *sql.DB) error { return MigrateEngine(ctx, Postgres, pool, os.DirFS(pgMigrations())) })
	files, _ := filepath.Glob(filepath.Join(pgMigrations(), "*.sql"))
	var versions, distinct int
	if err := pools[0].QueryRow(`SELECT count(*), count(DISTINCT version_id) FROM `+VersionTable+` WHERE version_id > 0`).Scan(&versions, &distinct); err != nil {
		t.Fatal(err)
	}
	if versions != len(files) || distinct != len(files) {
		t.Errorf("%d version rows (%d distinct) for %d migrations", versions, distinct, len(files))
	}
	// Running again applies nothing and does not fail.
	if err := MigrateEngine(ctx, Postgres, pools[0], os.DirFS(pgMigrations())); err != nil {
		t.Fatal(err)
	}
}

// A database migrated by a newer build is refused, as on SQLite.
func TestMigratePostgresRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	pool := migratedPostgres(t)
	if _, err := pool.Exec(`INSERT INTO ` + VersionTable + ` (version_id, is_applied) VALUES (9999, true)`); err != nil {
		t.Fatal(err)
	}
	err := MigrateEngine(ctx, Postgres, pool, os.DirFS(pgMigrations()))
	if err == nil || !strings.Contains(err.Error(), "newer than this build knows") {
		t.Fatalf("Migrate on a schema of version 9999: %v", err)
	}
}

// The SQLite triggers' RAISE(ABORT, msg) are PL/pgSQL functions raising the same message.
func TestPostgresTriggersRaiseSQLiteMessages(t *testing.T) {
	ctx := context.Background()
	pool := migratedPostgres(t)
	const now = "2026-01-01T00:00:00.000000000Z"
	setup := []string{
		`INSERT INTO organisations (id, name, country_iso, created_at) VALUES ('o1', 'Org', 'GB', '` + now + `')`,
		`INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'a@example.com', 'x', '` + now + `')`,
		`INSERT INTO accounts (account_number, owner_organisation_id, name, currency_code, currency_name, balance, created_at)
			VALUES ('A1', 'o1', 'Main', 'EUR', 'Euro', '10', '` + now + `')`,
		`INSERT INTO ledger_transactions (id, kind, organisation_id, created_at) VALUES ('t1', 'funding', 'o1', '` + now + `')`,
		`INSERT INTO ledger_entries (transaction_id, account_number, entry_type, amount, running_balance, currency, created_at)
			VALUES ('t1', 'A1', 'funding', '10', '10', 'EUR', '` + now + `')`,
		`INSERT INTO statements (id, organisation_id, account_number, currency, kind, period_from, period_to, through_seq,
			requested_by, state, csv_file_id, created_at)
			VALUES ('s1', 'o1', 'A1', 'EUR', 'transactions', '2026-01-01', '2026-02-01', 1, 'u1', 'ready', 'f1', '` + now + `')`,
		`INSERT INTO payout_reports (id, organisation_id, account_number, period_from, period_to, through_seq,
			requested_by, state, csv_file_id, created_at)
			VALUES ('r1', 'o1', 'A1', '2026-01-01', '2026-02-01', 0, 'u1', 'ready', 'f2', '` + now + `')`,
	}
	for _, q := range setup {
		if _, err := pool.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, c := range []struct{ stmt, msg string }{
		{`INSERT INTO accounts (account_number, name, currency_code, currency_name, balance, created_at)
			VALUES ('A2', 'Neg', 'EUR', 'Euro', '-1', '` + now + `')`, "negative balance on customer account"},
		{`UPDATE accounts SET balance = '-0.01' WHERE account_number = 'A1'`, "negative balance on customer account"},
		{`UPDATE ledger_entries SET reference = 'x'`, "ledger entries are append-only"},
		{`DELETE FROM ledger_entries`, "ledger entries are append-only"},
		{`UPDATE ledger_transactions SET end_to_end_id = 'x'`, "ledger transactions are append-only"},
		{`DELETE FROM ledger_transactions`, "ledger transactions are append-only"},
		{`UPDATE statements SET state = 'failed'`, "a ready statement is final"},
		{`UPDATE payout_reports SET state = 'failed'`, "a ready payout report is final"},
	} {
		_, err := pool.ExecContext(ctx, c.stmt)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Message != c.msg {
			t.Errorf("%s: got %v, want the trigger's %q", c.stmt, err, c.msg)
		}
	}
	// The triggers refuse only what they are for: a system account may go negative, and a
	// statement that is not ready may change state.
	for _, q := range []string{
		`INSERT INTO accounts (account_number, name, currency_code, currency_name, balance, kind, created_at)
			VALUES ('S1', 'World', 'EUR', 'Euro', '-5', 'system', '` + now + `')`,
		`UPDATE accounts SET balance = '3' WHERE account_number = 'A1'`,
	} {
		if _, err := pool.ExecContext(ctx, q); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
}

// payout_counts is kept by a trigger, as on SQLite: an insert counts a payout in its day and
// filter combination, an update moves it, a delete takes it out.
func TestPostgresPayoutCountsTrigger(t *testing.T) {
	ctx := context.Background()
	pool := migratedPostgres(t)
	const now = "2026-01-02T10:00:00.000000000Z"
	for _, q := range []string{
		`INSERT INTO organisations (id, name, country_iso, created_at) VALUES ('o1', 'Org', 'GB', '` + now + `')`,
		`INSERT INTO accounts (account_number, owner_organisation_id, name, currency_code, currency_name, created_at)
			VALUES ('A1', 'o1', 'Main', 'EUR', 'Euro', '` + now + `')`,
	} {
		if _, err := pool.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	insert := `INSERT INTO payout_requests (id, organisation_id, virtual_account_number, state, amount, currency, created_at,
		unique_reference, end_to_end_id, amount_key, fee, updated_at) VALUES ($1, 'o1', 'A1', 'created', '1', 'EUR', $2, $1, $1, 'k', '0', $2)`
	for _, id := range []string{"p1", "p2"} {
		if _, err := pool.ExecContext(ctx, insert, id, now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.ExecContext(ctx, `UPDATE payout_requests SET state = 'completed' WHERE id = 'p2'`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ExecContext(ctx, `DELETE FROM payout_requests WHERE id = 'p1'`); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.QueryContext(ctx, `SELECT day, state, n FROM payout_counts ORDER BY state`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var day, state string
		var n int
		if err := rows.Scan(&day, &state, &n); err != nil {
			t.Fatal(err)
		}
		got = append(got, day+" "+state+" "+strconv.Itoa(n))
	}
	want := "2026-01-02 completed 1|2026-01-02 created 0"
	if strings.Join(got, "|") != want {
		t.Errorf("payout_counts = %q, want %q", strings.Join(got, "|"), want)
	}
}

// IsRetryable knows PostgreSQL's serialization failure and detected deadlock, and nothing else
// of PostgreSQL's.
func TestIsRetryablePostgres(t *testing.T) {
	pool := migratedPostgres(t)
	for code, want := range map[string]bool{"40001": true, "40P01": true, "23505": false, "P0001": false} {
		_, err := pool.Exec(`DO $$ BEGIN RAISE EXCEPTION 'x' USING ERRCODE = '` + code + `'; END $$`)
		if err == nil {
			t.Fatalf("%s: no error", code)
		}
		if got := Postgres.IsRetryable(err); got != want {
			t.Errorf("IsRetryable(%s) = %v, want %v (%v)", code, got, want, err)
		}
	}
}
