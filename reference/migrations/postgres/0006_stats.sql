-- +goose Up
-- PostgreSQL twin of sqlite/0006_stats.sql (both tables are rebuilt by 0009 and 0015).
CREATE TABLE payout_requests (
    id                     TEXT PRIMARY KEY,
    organisation_id        TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    state                  TEXT NOT NULL,
    reason_code            TEXT NOT NULL DEFAULT '',
    amount                 TEXT NOT NULL,
    currency               TEXT NOT NULL,
    created_at             TEXT NOT NULL
);
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
);
CREATE INDEX collection_orders_org_created ON collection_orders (organisation_id, created_at);
