-- +goose Up
-- PostgreSQL twin of sqlite/0004_funding.sql.
CREATE TABLE funding_instructions (
    account_number      TEXT PRIMARY KEY REFERENCES accounts (account_number) ON DELETE RESTRICT,
    uuid                TEXT NOT NULL UNIQUE,
    currency_iso        TEXT NOT NULL,
    funding_reference   TEXT NOT NULL,
    changed             INTEGER NOT NULL DEFAULT 0 CHECK (changed IN (0, 1)),
    full_name           TEXT NOT NULL DEFAULT '',
    iban                TEXT NOT NULL DEFAULT '',
    bank_name           TEXT NOT NULL DEFAULT '',
    bank_address        TEXT NOT NULL DEFAULT '',
    beneficiary_account TEXT NOT NULL DEFAULT '',
    sort_code           TEXT NOT NULL DEFAULT '',
    swift_code          TEXT NOT NULL DEFAULT '',
    crypto_network      TEXT NOT NULL DEFAULT '',
    wallet_address      TEXT NOT NULL DEFAULT '',
    updated_at          TEXT NOT NULL,
    accepted_at         TEXT
);
