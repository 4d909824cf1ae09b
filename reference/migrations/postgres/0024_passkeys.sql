-- +goose Up
-- PostgreSQL twin of sqlite/0024_passkeys.sql. sign_count is BIGINT: it reaches 2^32 - 1.
CREATE TABLE passkeys (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id BYTEA NOT NULL CHECK (length(credential_id) BETWEEN 1 AND 1023),
    name          TEXT NOT NULL CHECK (name <> '' AND length(name) <= 64),
    record        BYTEA NOT NULL,
    sign_count    BIGINT NOT NULL DEFAULT 0 CHECK (sign_count BETWEEN 0 AND 4294967295),
    created_at    TEXT NOT NULL,
    last_used_at  TEXT
);
CREATE UNIQUE INDEX passkeys_credential ON passkeys (credential_id);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
