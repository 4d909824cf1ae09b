-- +goose Up
-- PostgreSQL twin of sqlite/0010_crypto_signed.sql.
-- Crypto partner widget tokens are signed, not stored: the API issues them on a GET, which
-- must change nothing (docs/security.md, "Requests"). What the store keeps instead is the signing
-- key, created by the store at start-up from crypto/rand (see cryptoKey in crypto.go).
DROP TABLE crypto_widget_tokens;
CREATE TABLE signing_keys (
    purpose    TEXT PRIMARY KEY,
    key        BYTEA NOT NULL CHECK (length(key) = 32),
    created_at TEXT NOT NULL
);
