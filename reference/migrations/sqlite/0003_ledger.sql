-- +goose Up
-- Double-entry ledger. Every movement is one ledger_transactions row and a balanced set of
-- ledger_entries (per currency the amounts sum to zero), append-only. accounts.balance stays
-- as the current balance, written in the same transaction as the entries, and always equals
-- the account's last running_balance. Amounts are exact decimal TEXT with the currency's
-- decimals (package money); SQL never does arithmetic on them.

-- kind 'system' accounts are the provider's own side of movements (the outside world,
-- fee income, FX positions); they may go negative and are never listed to an organisation.
-- entry_count lets an unfiltered page report its total without counting a million rows.
ALTER TABLE accounts ADD COLUMN kind TEXT NOT NULL DEFAULT 'customer' CHECK (kind IN ('customer', 'system'));
ALTER TABLE accounts ADD COLUMN entry_count INTEGER NOT NULL DEFAULT 0 CHECK (entry_count >= 0);

-- A customer account can never be overdrawn, whatever code writes to it.
-- +goose StatementBegin
CREATE TRIGGER accounts_no_overdraft_insert BEFORE INSERT ON accounts
WHEN NEW.kind = 'customer' AND NEW.balance LIKE '-%'
BEGIN SELECT RAISE(ABORT, 'negative balance on customer account'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER accounts_no_overdraft_update BEFORE UPDATE OF balance ON accounts
WHEN NEW.kind = 'customer' AND NEW.balance LIKE '-%'
BEGIN SELECT RAISE(ABORT, 'negative balance on customer account'); END;
-- +goose StatementEnd

CREATE TABLE ledger_transactions (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    organisation_id TEXT REFERENCES organisations (id) ON DELETE RESTRICT,
    -- Idempotency: one transaction per (organisation, key); request_hash is the SHA-256 of
    -- the canonical request body, to tell a retry from a reused key.
    idempotency_key TEXT,
    request_hash    TEXT,
    end_to_end_id   TEXT NOT NULL DEFAULT '',
    exchange_rate   TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    CHECK ((idempotency_key IS NULL) = (request_hash IS NULL))
) STRICT;
CREATE UNIQUE INDEX ledger_transactions_idempotency ON ledger_transactions (organisation_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

-- seq is the rowid: the booking order. An account's running_balance follows seq.
CREATE TABLE ledger_entries (
    seq             INTEGER PRIMARY KEY,
    transaction_id  TEXT NOT NULL REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    entry_type      TEXT NOT NULL CHECK (entry_type IN ('collection', 'collection_refund', 'collection_fee',
        'collection_refund_fee', 'refund_canceled', 'refund_returned', 'payout', 'payout_fee', 'payout_returned',
        'payout_cancelled', 'incident_charges_fee', 'monthly_fee', 'minimum_processing_fee',
        'inter_account_transfer', 'correction', 'funding')),
    amount          TEXT NOT NULL CHECK (amount <> '' AND amount NOT IN ('0', '-0')),
    running_balance TEXT NOT NULL,
    currency        TEXT NOT NULL,
    reference       TEXT NOT NULL DEFAULT '',
    order_id        TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL
) STRICT;
-- Keyset pages newest first, with and without an entry-type filter.
CREATE INDEX ledger_entries_account_date ON ledger_entries (account_number, created_at, seq);
CREATE INDEX ledger_entries_account_type_date ON ledger_entries (account_number, entry_type, created_at, seq);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

-- Entries per account and type, kept with the entries, so a page filtered by type reports its
-- total without counting hundreds of thousands of rows.
CREATE TABLE ledger_entry_type_counts (
    account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    entry_type     TEXT NOT NULL,
    n              INTEGER NOT NULL CHECK (n >= 0),
    PRIMARY KEY (account_number, entry_type)
) STRICT, WITHOUT ROWID;

-- +goose StatementBegin
CREATE TRIGGER ledger_entries_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_entries_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_transactions_append_only_update BEFORE UPDATE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'ledger transactions are append-only'); END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER ledger_transactions_append_only_delete BEFORE DELETE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'ledger transactions are append-only'); END;
-- +goose StatementEnd

-- Organisation FX markups in basis points; 'ANY' is the spec's wildcard. The most specific
-- row wins (exact pair, then one side exact, then ANY/ANY).
CREATE TABLE fx_markups (
    id               TEXT PRIMARY KEY,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    pay_currency_iso TEXT NOT NULL,
    buy_currency_iso TEXT NOT NULL,
    markup_bps       INTEGER NOT NULL CHECK (markup_bps >= 0 AND markup_bps < 10000),
    UNIQUE (organisation_id, pay_currency_iso, buy_currency_iso)
) STRICT;
