-- +goose Up
-- Withdrawals (spec 001 §3 "Withdrawal request", "Withdrawal account", §4, §7): the accounts an
-- organisation can withdraw to, which of its virtual accounts may use which, a per-request
-- limit, the reviews a user confirms, and the withdrawal requests with their history.

CREATE TABLE withdrawal_accounts (
    uuid                    TEXT PRIMARY KEY,
    id                      INTEGER NOT NULL UNIQUE,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    kind                    TEXT NOT NULL CHECK (kind IN ('bank', 'crypto')),
    -- '' means the account names no currency: it receives EUR (spec 001 §9).
    currency                TEXT NOT NULL DEFAULT '',
    iban                    TEXT NOT NULL DEFAULT '',
    account_number          TEXT NOT NULL DEFAULT '',
    bank_name               TEXT NOT NULL DEFAULT '',
    bank_clearing_system_id TEXT NOT NULL DEFAULT '',
    label                   TEXT NOT NULL,
    local_instrument        TEXT NOT NULL DEFAULT '',
    party_name              TEXT NOT NULL DEFAULT '',
    created_at              TEXT NOT NULL,
    CHECK (iban <> '' OR account_number <> '')
) STRICT;
CREATE INDEX withdrawal_accounts_org ON withdrawal_accounts (organisation_id, label);

CREATE TABLE withdrawal_account_authorizations (
    id                      TEXT PRIMARY KEY,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    virtual_account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    withdrawal_account_uuid TEXT NOT NULL REFERENCES withdrawal_accounts (uuid) ON DELETE CASCADE,
    status                  TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    created_at              TEXT NOT NULL,
    UNIQUE (virtual_account_number, withdrawal_account_uuid)
) STRICT;
CREATE INDEX withdrawal_account_authorizations_org ON withdrawal_account_authorizations (organisation_id, status);

-- The most one withdrawal request may debit, per organisation and debit currency; no row
-- means no limit.
CREATE TABLE withdrawal_limits (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    currency_code   TEXT NOT NULL,
    max_amount      TEXT NOT NULL,
    PRIMARY KEY (organisation_id, currency_code)
) STRICT, WITHOUT ROWID;

-- What a user was shown before confirming: the confirm books these values, at this rate.
CREATE TABLE withdrawal_reviews (
    id                      TEXT PRIMARY KEY,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    debtor_account_number   TEXT NOT NULL,
    withdrawal_account_uuid TEXT NOT NULL,
    amount                  TEXT NOT NULL,
    currency_code           TEXT NOT NULL,
    converted_amount        TEXT NOT NULL,
    converted_currency      TEXT NOT NULL,
    exchange_rate           TEXT NOT NULL,
    end_to_end_id           TEXT NOT NULL,
    creditor                TEXT NOT NULL,
    created_by              TEXT NOT NULL DEFAULT '',
    created_at              TEXT NOT NULL,
    expires_at              TEXT NOT NULL
) STRICT;
CREATE INDEX withdrawal_reviews_expiry ON withdrawal_reviews (expires_at);

CREATE TABLE withdrawal_requests (
    seq                     INTEGER PRIMARY KEY,
    id                      TEXT NOT NULL UNIQUE,
    organisation_id         TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    reference               TEXT NOT NULL,
    external_reference      TEXT NOT NULL,
    debtor_account_number   TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    withdrawal_account_uuid TEXT NOT NULL REFERENCES withdrawal_accounts (uuid) ON DELETE RESTRICT,
    amount                  TEXT NOT NULL,
    currency_code           TEXT NOT NULL,
    converted_amount        TEXT NOT NULL,
    converted_currency      TEXT NOT NULL,
    exchange_rate           TEXT NOT NULL,
    status                  TEXT NOT NULL CHECK (status IN ('received', 'processing', 'completed', 'rejected', 'returned')),
    -- JSON: provider.WithdrawalCreditor as it was at creation, and the transitions, appended
    -- to in the transaction that changes the status.
    creditor                TEXT NOT NULL,
    status_transitions      TEXT NOT NULL DEFAULT '[]',
    -- Idempotency: one withdrawal per (organisation, key); the key is the review's id when
    -- one was confirmed. request_hash tells a retry from a reused key.
    idempotency_key         TEXT NOT NULL,
    request_hash            TEXT NOT NULL,
    review_id               TEXT UNIQUE REFERENCES withdrawal_reviews (id) ON DELETE RESTRICT,
    created_by              TEXT NOT NULL DEFAULT '',
    -- The ledger transaction that debited the account, and the one that gave it back on a
    -- rejection or return (at most once, and only after the debit).
    debit_tx                TEXT NOT NULL UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    release_tx              TEXT UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    UNIQUE (organisation_id, reference),
    UNIQUE (organisation_id, external_reference),
    UNIQUE (organisation_id, idempotency_key),
    CHECK ((release_tx IS NOT NULL) = (status IN ('rejected', 'returned')))
) STRICT;
CREATE INDEX withdrawal_requests_org_created ON withdrawal_requests (organisation_id, created_at, seq, status, debtor_account_number);
CREATE INDEX withdrawal_requests_org_status ON withdrawal_requests (organisation_id, status, created_at, seq);
