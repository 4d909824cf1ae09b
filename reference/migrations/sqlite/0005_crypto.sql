-- +goose Up
-- Crypto partner widget tokens (spec 000 §7 c2c/token). The token itself travels in the frame's
-- URL and is never stored: only its SHA-256, with the account it opens, its scope and expiry.
CREATE TABLE crypto_widget_tokens (
    token_hash      TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE CASCADE,
    manage          INTEGER NOT NULL CHECK (manage IN (0, 1)),
    created_at      TEXT NOT NULL,
    expires_at      TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX crypto_widget_tokens_expiry ON crypto_widget_tokens (expires_at);
