-- +goose Up
-- PostgreSQL twin of sqlite/0025_withdrawal_entry_types.sql: withdrawals' entries get their
-- own types (withdrawal, withdrawal_rejected, withdrawal_returned). SQLite cannot alter a CHECK
-- and rebuilds the table; PostgreSQL widens the named CHECK in place, which keeps the rows,
-- their seq and its identity sequence, the indexes and the triggers. The append-only trigger is
-- set aside for the one conversion, inside this migration's transaction, so no other writer
-- ever sees it off. The entry counts per type of the accounts that held a withdrawal are then
-- counted again from the converted rows, as SQLite's migration does.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_entry_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_entry_type_check CHECK (entry_type IN ('collection',
    'collection_refund', 'collection_fee', 'collection_refund_fee', 'refund_canceled', 'refund_returned', 'payout',
    'payout_fee', 'payout_returned', 'payout_cancelled', 'incident_charges_fee', 'monthly_fee',
    'minimum_processing_fee', 'inter_account_transfer', 'correction', 'funding', 'withdrawal', 'withdrawal_rejected',
    'withdrawal_returned'));

ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only_update;
UPDATE ledger_entries e SET entry_type = t.kind FROM ledger_transactions t
WHERE t.id = e.transaction_id AND t.kind IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned')
    AND e.entry_type <> t.kind;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only_update;

CREATE TEMP TABLE accounts_0025 ON COMMIT DROP AS
    SELECT DISTINCT e.account_number FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE t.kind IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned');
DELETE FROM ledger_entry_type_counts WHERE account_number IN (SELECT account_number FROM accounts_0025);
INSERT INTO ledger_entry_type_counts (account_number, entry_type, n)
    SELECT account_number, entry_type, count(*) FROM ledger_entries
    WHERE account_number IN (SELECT account_number FROM accounts_0025) GROUP BY account_number, entry_type;
DROP TABLE accounts_0025;
