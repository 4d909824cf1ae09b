package reference

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"portal/provider"
	"portal/reference/db"
)

// Migration 0025 converts the withdrawals booked before it (payout, payout_cancelled,
// payout_returned entries of withdrawal transactions) to the withdrawal types, keeps every
// other entry and each entry's seq, counts the types again, and leaves the table append-only.
func TestMigrationConvertsWithdrawalEntries(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	pool, err := sql.Open("sqlite", dsn(path, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	pool.SetMaxOpenConns(1)
	// The schema as it was before 0025.
	before := fstest.MapFS{}
	if err := fs.WalkDir(migrations(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(p, "0025_") {
			return err
		}
		b, err := fs.ReadFile(migrations(), p)
		before[p] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx, pool, before); err != nil {
		t.Fatal(err)
	}
	const at = "2026-11-01T10:00:00.000000000Z"
	for _, q := range []string{
		`INSERT INTO accounts (account_number, name, currency_code, currency_name, balance, created_at, entry_count) VALUES ('A1', 'Main', 'EUR', 'Euro', '100.00', '` + at + `', 5)`,
		`INSERT INTO accounts (account_number, name, currency_code, currency_name, balance, created_at, kind, entry_count) VALUES ('EXT', 'Out', 'EUR', 'Euro', '0', '` + at + `', 'system', 2)`,
		`INSERT INTO ledger_transactions (id, kind, created_at) VALUES ('t1', 'withdrawal', '` + at + `'), ('t2', 'withdrawal_rejected', '` + at + `'),
			('t3', 'withdrawal_returned', '` + at + `'), ('t4', 'payout', '` + at + `'), ('t5', 'payout_cancelled', '` + at + `')`,
		`INSERT INTO ledger_entries (seq, transaction_id, account_number, entry_type, amount, running_balance, currency, created_at) VALUES
			(10, 't1', 'A1', 'payout', '-5.00', '95.00', 'EUR', '` + at + `'),
			(11, 't1', 'EXT', 'payout', '5.00', '5.00', 'EUR', '` + at + `'),
			(12, 't2', 'A1', 'payout_cancelled', '5.00', '100.00', 'EUR', '` + at + `'),
			(13, 't3', 'A1', 'payout_returned', '5.00', '105.00', 'EUR', '` + at + `'),
			(14, 't4', 'A1', 'payout', '-5.00', '100.00', 'EUR', '` + at + `'),
			(15, 't5', 'A1', 'payout_cancelled', '5.00', '105.00', 'EUR', '` + at + `')`,
		`INSERT INTO ledger_entry_type_counts (account_number, entry_type, n) VALUES ('A1', 'payout', 2), ('A1', 'payout_cancelled', 2),
			('A1', 'payout_returned', 1), ('EXT', 'payout', 1)`,
	} {
		if _, err := pool.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Migrate(ctx, pool, migrations()); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.QueryContext(ctx, `SELECT seq || ':' || entry_type FROM ledger_entries ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	rows.Close()
	want := "10:withdrawal,11:withdrawal,12:withdrawal_rejected,13:withdrawal_returned,14:payout,15:payout_cancelled"
	if strings.Join(got, ",") != want {
		t.Errorf("entries %v, want %s", got, want)
	}
	counts := map[string]int{}
	rows, err = pool.QueryContext(ctx, `SELECT account_number || '/' || entry_type, n FROM ledger_entry_type_counts`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			t.Fatal(err)
		}
		counts[k] = n
	}
	rows.Close()
	for k, n := range map[string]int{"A1/" + provider.EntryWithdrawal: 1, "A1/" + provider.EntryWithdrawalRejected: 1, "A1/" + provider.EntryWithdrawalReturned: 1,
		"A1/payout": 1, "A1/payout_cancelled": 1, "EXT/" + provider.EntryWithdrawal: 1} {
		if counts[k] != n {
			t.Errorf("count %s = %d, want %d (%v)", k, counts[k], n, counts)
		}
	}
	if len(counts) != 6 {
		t.Errorf("counts %v", counts)
	}
	if _, err := pool.ExecContext(ctx, `UPDATE ledger_entries SET amount = '1' WHERE seq = 10`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Errorf("update after the migration: %v", err)
	}
	if _, err := pool.ExecContext(ctx, `DELETE FROM ledger_entries WHERE seq = 10`); err == nil || !strings.Contains(err.Error(), "append-only") {
		t.Errorf("delete after the migration: %v", err)
	}
	if _, err := pool.ExecContext(ctx, `INSERT INTO ledger_entries (transaction_id, account_number, entry_type, amount, running_balance, currency, created_at)
		VALUES ('t4', 'A1', 'bogus', '1', '1', 'EUR', '`+at+`')`); err == nil {
		t.Error("an unknown entry type is stored")
	}
}
