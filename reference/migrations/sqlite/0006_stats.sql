-- +goose Up
-- Payout requests and collection orders, as far as the dashboard's statistics need them
-- (spec 000 §2, §7; spec 001 §4). The payouts and collections areas extend these tables
-- (debtor, creditor, payments...); the columns here keep their names and meaning.
-- state is the payout request's current state (created, tstm_initiated, completed...), which
-- the provider maps to the spec's state categories; reason_code is '' when there is none.
CREATE TABLE payout_requests (
    id                     TEXT PRIMARY KEY,
    organisation_id        TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    state                  TEXT NOT NULL,
    reason_code            TEXT NOT NULL DEFAULT '',
    amount                 TEXT NOT NULL,
    currency               TEXT NOT NULL,
    created_at             TEXT NOT NULL
) STRICT;
CREATE INDEX payout_requests_org_created ON payout_requests (organisation_id, created_at);

CREATE TABLE collection_orders (
    id                     TEXT PRIMARY KEY,
    organisation_id        TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    status                 TEXT NOT NULL,
    reason_code            TEXT NOT NULL DEFAULT '',
    amount                 TEXT NOT NULL,
    currency               TEXT NOT NULL,
    created_at             TEXT NOT NULL
) STRICT;
CREATE INDEX collection_orders_org_created ON collection_orders (organisation_id, created_at);
