-- +goose Up
-- Withdrawals were booked with the payout family's entry types (payout, payout_cancelled,
-- payout_returned), so an account's transactions named a withdrawal a payout. They get their
-- own types: withdrawal, withdrawal_rejected and withdrawal_returned, the kinds of the
-- transactions that booked them (withdrawals.go). The entry_type CHECK of a STRICT table
-- cannot be altered in SQLite, so the table is built again with the wider CHECK, every row
-- copied with its seq (the booking order) and its converted type, and its indexes and
-- append-only triggers made again; nothing references ledger_entries. The entry counts per
-- type of the accounts that held a withdrawal are counted again from the converted rows.
CREATE TABLE ledger_entries_0025 (
    seq             INTEGER PRIMARY KEY,
    transaction_id  TEXT NOT NULL REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    entry_type      TEXT NOT NULL CHECK (entry_type IN ('collection', 'collection_refund', 'collection_fee',
        'collection_refund_fee', 'refund_canceled', 'refund_returned', 'payout', 'payout_fee', 'payout_returned',
        'payout_cancelled', 'incident_charges_fee', 'monthly_fee', 'minimum_processing_fee',
        'inter_account_transfer', 'correction', 'funding', 'withdrawal', 'withdrawal_rejected', 'withdrawal_returned')),
    amount          TEXT NOT NULL CHECK (amount <> '' AND amount NOT IN ('0', '-0')),
    running_balance TEXT NOT NULL,
    currency        TEXT NOT NULL,
    reference       TEXT NOT NULL DEFAULT '',
    order_id        TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL
) STRICT;

INSERT INTO ledger_entries_0025 (seq, transaction_id, account_number, entry_type, amount, running_balance, currency,
    reference, order_id, created_at)
SELECT e.seq, e.transaction_id, e.account_number,
    CASE WHEN t.kind IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned') THEN t.kind ELSE e.entry_type END,
    e.amount, e.running_balance, e.currency, e.reference, e.order_id, e.created_at
FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
ORDER BY e.seq;

DROP TABLE ledger_entries;
ALTER TABLE ledger_entries_0025 RENAME TO ledger_entries;

CREATE INDEX ledger_entries_account_date ON ledger_entries (account_number, created_at, seq);
CREATE INDEX ledger_entries_account_type_date ON ledger_entries (account_number, entry_type, created_at, seq);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_reference ON ledger_entries (reference) WHERE reference <> '';
CREATE INDEX ledger_entries_order_id ON ledger_entries (order_id) WHERE order_id <> '';

-- +goose StatementBegin
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
-- +goose StatementEnd

CREATE TEMP TABLE accounts_0025 AS
    SELECT DISTINCT e.account_number FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE t.kind IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned');
DELETE FROM ledger_entry_type_counts WHERE account_number IN (SELECT account_number FROM accounts_0025);
INSERT INTO ledger_entry_type_counts (account_number, entry_type, n)
    SELECT account_number, entry_type, count(*) FROM ledger_entries
    WHERE account_number IN (SELECT account_number FROM accounts_0025) GROUP BY account_number, entry_type;
DROP TABLE accounts_0025;
