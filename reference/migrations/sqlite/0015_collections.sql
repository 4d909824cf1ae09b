-- +goose Up
-- Collection orders and their payments (spec 001 §3, §4). The statistics' placeholder table of
-- 0006 held only status, amount and account, with demo rows that no payment backed: it is
-- replaced by orders whose money is on the ledger (a completed payment is a collection entry, a
-- refund a collection_refund entry). The columns 0006 had keep their names and meaning
-- (status, organisation_id, created_at are what the dashboard's counts read).
DROP TABLE collection_orders;

CREATE TABLE collection_orders (
    seq                    INTEGER PRIMARY KEY,
    id                     TEXT NOT NULL UNIQUE, -- uuid
    organisation_id        TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    reference              TEXT NOT NULL,        -- the merchant's own ({product}_external_reference)
    unique_reference       TEXT NOT NULL UNIQUE, -- the provider's ({product}_unique_reference)
    business_unit_id       TEXT NOT NULL DEFAULT '',
    status                 TEXT NOT NULL,
    reason_codes           TEXT NOT NULL DEFAULT '[]', -- JSON list of reason code ids
    amount                 TEXT NOT NULL,
    currency               TEXT NOT NULL,
    debtor                 TEXT NOT NULL DEFAULT '{}', -- JSON: full_name, date_of_birth, email, country_of_residence
    status_history         TEXT NOT NULL DEFAULT '[]', -- JSON list of {status, created_at}
    created_at             TEXT NOT NULL,
    -- reason_code: 0006's column, the first reason code ('' for none), kept for its readers.
    reason_code            TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX collection_orders_org_created ON collection_orders (organisation_id, created_at, seq);
CREATE INDEX collection_orders_org_status ON collection_orders (organisation_id, status, created_at, seq);
CREATE INDEX collection_orders_org_reference ON collection_orders (organisation_id, reference);

CREATE TABLE collection_payments (
    id               TEXT PRIMARY KEY, -- uuid
    order_id         TEXT NOT NULL REFERENCES collection_orders (id) ON DELETE RESTRICT,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    unique_reference TEXT NOT NULL UNIQUE,
    type             TEXT NOT NULL,
    status           TEXT NOT NULL,
    debtor_country   TEXT NOT NULL DEFAULT '',
    debtor_bank_name TEXT NOT NULL DEFAULT '',
    status_history   TEXT NOT NULL DEFAULT '[]',
    created_at       TEXT NOT NULL,
    -- credited_tx: the ledger transaction of its completion; at most one per payment.
    credited_tx      TEXT UNIQUE
) STRICT;
CREATE INDEX collection_payments_order ON collection_payments (order_id, created_at);

-- A refund debits amount and fee in one ledger transaction (booked_tx); a return credits the
-- amount back in one more (returned_tx). idempotency_key makes a repeated request one refund.
CREATE TABLE collection_refunds (
    id              TEXT PRIMARY KEY,
    order_id        TEXT NOT NULL REFERENCES collection_orders (id) ON DELETE RESTRICT,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    amount          TEXT NOT NULL,
    fee             TEXT NOT NULL,
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL, -- processing, completed, action_required, returned
    idempotency_key TEXT,
    request_hash    TEXT NOT NULL DEFAULT '',
    booked_tx       TEXT NOT NULL UNIQUE,
    returned_tx     TEXT UNIQUE,
    created_at      TEXT NOT NULL,
    UNIQUE (organisation_id, idempotency_key)
) STRICT;
CREATE INDEX collection_refunds_order ON collection_refunds (order_id);

-- The refund-fee contracted products: a refund in a currency without one is refused
-- ("There is no Refund Fee Contracted Product created to support this refund").
CREATE TABLE collection_refund_fees (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    currency        TEXT NOT NULL,
    fee             TEXT NOT NULL,
    PRIMARY KEY (organisation_id, currency)
) STRICT, WITHOUT ROWID;
