-- +goose Up
-- PostgreSQL twin of sqlite/0005_crypto.sql (the table is dropped again by 0010).
CREATE TABLE crypto_widget_tokens (
    token_hash      TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE CASCADE,
    manage          INTEGER NOT NULL CHECK (manage IN (0, 1)),
    created_at      TEXT NOT NULL,
    expires_at      TEXT NOT NULL
);
CREATE INDEX crypto_widget_tokens_expiry ON crypto_widget_tokens (expires_at);
