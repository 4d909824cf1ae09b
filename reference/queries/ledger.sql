-- The ledger: accounts, transactions and their entries, booked by ledger.go and read by
-- ledger_read.go (statements.go reads entries too).

-- The access rule of ledger reads: a customer account the organisation owns or that is shared
-- with it (its two arguments are the organisation's id).
-- fragment: account-readable
a.kind = 'customer' AND (a.owner_organisation_id = ?
  OR EXISTS (SELECT 1 FROM account_shares sh WHERE sh.account_number = a.account_number AND sh.organisation_id = ?))

-- fragment: entry-columns
seq, created_at, reference, order_id, entry_type, amount, running_balance, currency

-- fragment: entry-insert-columns
transaction_id, account_number, entry_type, amount, running_balance, currency, reference, order_id, created_at

-- name: entry-insert
-- Bulk bookings repeat the VALUES row (where.go's multiRow).
INSERT INTO ledger_entries ({{entry-insert-columns}}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: entry-insert-returning
-- One entry whose seq the booking returns.
INSERT INTO ledger_entries ({{entry-insert-columns}}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  RETURNING seq

-- name: ledger-transaction-insert
INSERT INTO ledger_transactions
  (id, kind, organisation_id, idempotency_key, request_hash, end_to_end_id, exchange_rate, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)

-- name: ledger-account
SELECT account_number, currency_code, kind, owner_organisation_id, balance, entry_count
  FROM accounts WHERE account_number = ?

-- name: ledger-account@postgres
-- The booker reads a balance to book against it: the row stays locked until the transaction
-- ends, so no other writer books on it in between (docs/store.md, "Concurrency on PostgreSQL").
-- NO KEY UPDATE: a booking changes no key, and the lock then does not conflict with the
-- KEY SHARE a payout insert takes on its account through the foreign key.
SELECT account_number, currency_code, kind, owner_organisation_id, balance, entry_count
  FROM accounts WHERE account_number = ? FOR NO KEY UPDATE

-- name: system-account-insert
-- Created on first use; a concurrent first use has made it already.
INSERT INTO accounts
  (account_number, owner_organisation_id, name, currency_code, currency_name, balance, created_at, kind)
  VALUES (?, NULL, ?, ?, ?, ?, ?, 'system')
  ON CONFLICT DO NOTHING

-- name: account-balance-set
UPDATE accounts SET balance = ?, entry_count = ? WHERE account_number = ?

-- name: entry-type-count-add
INSERT INTO ledger_entry_type_counts (account_number, entry_type, n) VALUES (?, ?, ?)
  ON CONFLICT (account_number, entry_type) DO UPDATE SET n = ledger_entry_type_counts.n + excluded.n

-- name: ledger-transaction-by-key
SELECT id, request_hash FROM ledger_transactions
  WHERE organisation_id = ? AND idempotency_key = ?

-- name: ledger-transaction
SELECT end_to_end_id, exchange_rate, created_at FROM ledger_transactions WHERE id = ?

-- name: ledger-transaction-entries
SELECT {{entry-columns}}, account_number FROM ledger_entries WHERE transaction_id = ? ORDER BY seq

-- name: readable-account
-- Arguments: the account number, then the organisation twice.
SELECT a.currency_code, a.balance, a.entry_count FROM accounts a
  WHERE a.account_number = ? AND {{account-readable}}

-- name: entry-type-count
SELECT coalesce((SELECT n FROM ledger_entry_type_counts
  WHERE account_number = ? AND entry_type = ?), 0)

-- name: movements-count
-- A list's fixed part: where.go adds the filters, keyset.go the cursor, order and limit.
SELECT count(*) FROM ledger_entries WHERE account_number = ?

-- name: movements-page
SELECT {{entry-columns}} FROM ledger_entries WHERE account_number = ?

-- name: running-balance-before
SELECT running_balance FROM ledger_entries
  WHERE account_number = ? AND created_at < ? ORDER BY created_at DESC, seq DESC LIMIT 1

-- name: idempotency-lock
-- SQLite has one writer: nothing to lock, the argument is only read.
SELECT length(?)

-- name: idempotency-lock@postgres
-- A transaction-level advisory lock on a 64-bit hash of (kind, organisation, key), taken
-- before the key's row is looked up: a second writer with the same key waits for the first's
-- commit and then finds its row (docs/store.md, "Row locks of the write bodies").
SELECT pg_advisory_xact_lock(hashtextextended(CAST(? AS text), 0))
