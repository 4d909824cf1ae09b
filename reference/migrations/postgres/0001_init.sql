-- +goose Up
-- PostgreSQL twin of sqlite/0001_init.sql: same tables, columns and indexes. The Go code writes
-- the same values to both engines, so the kinds stay SQLite's: booleans are INTEGER 0/1 with
-- CHECKs, times fixed-width UTC TEXT (compared as text), money decimal TEXT. Counters and
-- sequence numbers are BIGINT, since PostgreSQL's INTEGER is 32 bits and SQLite's is 64.

CREATE TABLE organisations (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL CHECK (name <> ''),
    ordering_institution TEXT NOT NULL DEFAULT '',
    country_iso          TEXT NOT NULL CHECK (length(country_iso) = 2),
    line1                TEXT NOT NULL DEFAULT '',
    line2                TEXT NOT NULL DEFAULT '',
    city                 TEXT NOT NULL DEFAULT '',
    postal_code          TEXT NOT NULL DEFAULT '',
    state                TEXT NOT NULL DEFAULT '',
    created_at           TEXT NOT NULL
);

-- email is stored lower-cased by the Go code (Unicode-aware); the CHECK catches upper case
-- from any other writer, which would make the unique index case-sensitive.
CREATE TABLE users (
    id               TEXT PRIMARY KEY,
    email            TEXT NOT NULL UNIQUE CHECK (email <> '' AND email = lower(email)),
    password_hash    TEXT NOT NULL,
    first_name       TEXT NOT NULL DEFAULT '',
    last_name        TEXT NOT NULL DEFAULT '',
    created_at       TEXT NOT NULL,
    has_verify_setup INTEGER NOT NULL DEFAULT 0 CHECK (has_verify_setup IN (0, 1)),
    mfa_configured   INTEGER NOT NULL DEFAULT 0 CHECK (mfa_configured IN (0, 1)),
    mfa_enabled      INTEGER NOT NULL DEFAULT 0 CHECK (mfa_enabled IN (0, 1)),
    skip_mfa         INTEGER NOT NULL DEFAULT 0 CHECK (skip_mfa IN (0, 1)),
    has_phone        INTEGER NOT NULL DEFAULT 0 CHECK (has_phone IN (0, 1)),
    disabled         INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))
);

CREATE TABLE memberships (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role <> ''),
    is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    PRIMARY KEY (user_id, organisation_id)
);

-- At most one default per user, enforced by the database rather than by care in the code.
CREATE UNIQUE INDEX memberships_one_default ON memberships (user_id) WHERE is_default = 1;
CREATE INDEX memberships_organisation ON memberships (organisation_id);

CREATE TABLE organisation_configurations (
    organisation_id                   TEXT PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
    manual_payouts_enabled            INTEGER NOT NULL DEFAULT 0 CHECK (manual_payouts_enabled IN (0, 1)),
    batches_enabled                   INTEGER NOT NULL DEFAULT 0 CHECK (batches_enabled >= 0),
    batch_number_of_approvers         INTEGER NOT NULL DEFAULT 0 CHECK (batch_number_of_approvers >= 0),
    manual_payout_number_of_approvers INTEGER NOT NULL DEFAULT 0 CHECK (manual_payout_number_of_approvers >= 0),
    customer_ab_testing               INTEGER NOT NULL DEFAULT 0 CHECK (customer_ab_testing IN (0, 1)),
    fx_widget_enabled                 INTEGER NOT NULL DEFAULT 0 CHECK (fx_widget_enabled IN (0, 1))
);

CREATE TABLE contracted_products (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL CHECK (kind IN ('payout', 'collection')),
    name            TEXT NOT NULL,
    currency_iso    TEXT NOT NULL
);
CREATE INDEX contracted_products_organisation ON contracted_products (organisation_id, kind);

CREATE TABLE feature_flags (
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    enabled         INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    PRIMARY KEY (organisation_id, name)
);

CREATE TABLE alerts (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    alert_type      TEXT NOT NULL CHECK (alert_type IN ('info', 'warning', 'error')),
    alert_message   TEXT NOT NULL,
    created_at      TEXT NOT NULL
);
CREATE INDEX alerts_organisation ON alerts (organisation_id, created_at);

CREATE TABLE accounts (
    account_number        TEXT PRIMARY KEY CHECK (account_number <> ''),
    owner_organisation_id TEXT REFERENCES organisations (id) ON DELETE RESTRICT,
    name                  TEXT NOT NULL,
    currency_code         TEXT NOT NULL,
    currency_name         TEXT NOT NULL,
    balance               TEXT NOT NULL DEFAULT '0',
    created_at            TEXT NOT NULL
);
CREATE INDEX accounts_owner ON accounts (owner_organisation_id);

CREATE TABLE account_shares (
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE CASCADE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    PRIMARY KEY (organisation_id, account_number)
);
