package db

import (
	"context"
	"database/sql"
	"io/fs"
	"os"
	"testing"
	"testing/fstest"

	"portal/testenv"
)

// migrationsBefore is the PostgreSQL migrations whose file names sort before name.
func migrationsBefore(t *testing.T, name string) fstest.MapFS {
	t.Helper()
	all := os.DirFS(pgMigrations())
	files, err := fs.Glob(all, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, f := range files {
		if f >= name {
			continue
		}
		b, err := fs.ReadFile(all, f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = &fstest.MapFile{Data: b}
	}
	return out
}

func execAll(t *testing.T, pool *sql.DB, stmts ...string) {
	t.Helper()
	for _, q := range stmts {
		if _, err := pool.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// The data migrations written anew for PostgreSQL carry rows over as SQLite's do: 0009's
// payouts of 0006 (amount_key, references, history), 0021's invited members, and 0025's
// withdrawal entries with their recounted types.
func TestPostgresDataMigrations(t *testing.T) {
	ctx := context.Background()
	pool := openPostgres(t, testenv.StartPostgres(t).FreshDatabase(t, ""))
	const now = "2026-01-02T10:00:00.000000000Z"

	if err := MigrateEngine(ctx, Postgres, pool, migrationsBefore(t, "0009")); err != nil {
		t.Fatal(err)
	}
	execAll(t, pool,
		`INSERT INTO organisations (id, name, country_iso, created_at) VALUES ('o1', 'Org', 'GB', '`+now+`')`,
		`INSERT INTO accounts (account_number, owner_organisation_id, name, currency_code, currency_name, balance, created_at)
			VALUES ('A1', 'o1', 'Main', 'EUR', 'Euro', '100', '`+now+`')`,
		`INSERT INTO payout_requests (id, organisation_id, virtual_account_number, state, amount, currency, created_at)
			VALUES ('0a1b2c3d-4e5f-6789-abcd-ef0123456789', 'o1', 'A1', 'completed', '12.5', 'EUR', '`+now+`')`,
		`INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'inv@example.com', '', '`+now+`')`,
		`INSERT INTO memberships (user_id, organisation_id, role, is_default) VALUES ('u1', 'o1', 'admin', 1)`,
		`INSERT INTO password_tokens (token_hash, kind, user_id, created_at, expires_at)
			VALUES ('`+hex64('a')+`', 'invitation', 'u1', '`+now+`', '2026-01-09T10:00:00.000000000Z')`,
	)
	if err := MigrateEngine(ctx, Postgres, pool, migrationsBefore(t, "0025")); err != nil {
		t.Fatal(err)
	}
	execAll(t, pool,
		`INSERT INTO ledger_transactions (id, kind, organisation_id, created_at) VALUES ('t1', 'withdrawal', 'o1', '`+now+`')`,
		`INSERT INTO ledger_entries (transaction_id, account_number, entry_type, amount, running_balance, currency, created_at)
			VALUES ('t1', 'A1', 'payout', '-10', '90', 'EUR', '`+now+`')`,
		`INSERT INTO ledger_entry_type_counts (account_number, entry_type, n) VALUES ('A1', 'payout', 1)`,
	)
	if err := MigrateEngine(ctx, Postgres, pool, os.DirFS(pgMigrations())); err != nil {
		t.Fatal(err)
	}

	var ref, e2e, key, transitions string
	var seq int64
	if err := pool.QueryRow(`SELECT seq, unique_reference, end_to_end_id, amount_key, status_transitions FROM payout_requests`).
		Scan(&seq, &ref, &e2e, &key, &transitions); err != nil {
		t.Fatal(err)
	}
	if ref != "PO0A1B2C3D4E5F67" || e2e != "0a1b2c3d-4e5f-6789-abcd-ef0123456789" ||
		key != "00000000000000000012.500000000000000000" ||
		transitions != `[{"name":"completed","timestamp":"`+now+`"}]` || seq != 1 {
		t.Errorf("0009 carried the payout over as seq %d, %q, %q, %q, %s", seq, ref, e2e, key, transitions)
	}
	var counted int
	if err := pool.QueryRow(`SELECT n FROM payout_counts WHERE day = '2026-01-02' AND state = 'completed'`).Scan(&counted); err != nil || counted != 1 {
		t.Errorf("payout_counts of the carried payout: %d (%v)", counted, err)
	}

	var invID, invToken string
	if err := pool.QueryRow(`SELECT id, token_hash FROM invitations WHERE email = 'inv@example.com'`).Scan(&invID, &invToken); err != nil {
		t.Fatal(err)
	}
	var members, tokens int
	pool.QueryRow(`SELECT (SELECT count(*) FROM memberships), (SELECT count(*) FROM password_tokens)`).Scan(&members, &tokens)
	if invID != "u1" || invToken != hex64('a') || members != 0 || tokens != 0 {
		t.Errorf("0021: invitation %q with token %q, %d memberships and %d tokens left", invID, invToken, members, tokens)
	}

	var entryType string
	var n int
	if err := pool.QueryRow(`SELECT e.entry_type, c.n FROM ledger_entries e
		JOIN ledger_entry_type_counts c ON c.account_number = e.account_number AND c.entry_type = e.entry_type`).Scan(&entryType, &n); err != nil {
		t.Fatal(err)
	}
	if entryType != "withdrawal" || n != 1 {
		t.Errorf("0025: entry type %q counted %d", entryType, n)
	}
	// The append-only trigger is on again, and the identity goes on from the kept seq.
	if _, err := pool.Exec(`UPDATE ledger_entries SET reference = 'x'`); err == nil {
		t.Error("ledger entries can be updated after 0025")
	}
	execAll(t, pool, `INSERT INTO ledger_transactions (id, kind, organisation_id, created_at) VALUES ('t2', 'funding', 'o1', '`+now+`')`)
	var next int64
	if err := pool.QueryRow(`INSERT INTO ledger_entries (transaction_id, account_number, entry_type, amount, running_balance, currency, created_at)
		VALUES ('t2', 'A1', 'funding', '5', '95', 'EUR', '` + now + `') RETURNING seq`).Scan(&next); err != nil || next != 2 {
		t.Errorf("next ledger entry seq %d (%v), want 2", next, err)
	}
}

func hex64(c byte) string {
	b := make([]byte, 64)
	for i := range b {
		b[i] = c
	}
	return string(b)
}
