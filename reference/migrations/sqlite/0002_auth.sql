-- +goose Up
-- Multi-factor authentication, password reset and invitation tokens, and the sandbox outbox.
-- Codes and tokens are stored only as SHA-256 hex digests; the TOTP secret is stored as is
-- (the server must compute codes from it). Times are UTC TEXT in the fixed-width layout of
-- store.go, so comparing them as text compares them as times.

-- An invited user has no password yet: password_hash = '' until the invitation is accepted,
-- and Authenticate treats '' as "no password" (never a match).

-- One authenticator per user: pending until a code confirms it. last_step is the highest
-- RFC 6238 time step accepted (-1 before any), so each code works once.
CREATE TABLE totp_factors (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL CHECK (secret <> ''),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'active')),
    last_step    INTEGER NOT NULL DEFAULT -1,
    created_at   TEXT NOT NULL,
    activated_at TEXT
) STRICT;

-- One phone per user. While unconfirmed it carries the confirmation code's digest, expiry
-- and wrong attempts; confirming clears them.
CREATE TABLE phones (
    user_id         TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    country_iso     TEXT NOT NULL CHECK (length(country_iso) = 2),
    calling_code    TEXT NOT NULL CHECK (calling_code <> ''),
    number          TEXT NOT NULL CHECK (number <> ''),
    confirmed       INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
    code_hash       TEXT,
    code_expires_at TEXT,
    code_attempts   INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    confirmed_at    TEXT,
    CHECK (confirmed = 0 OR code_hash IS NULL)
) STRICT;

-- SMS login codes: one per login attempt (a new send replaces the row), single use.
CREATE TABLE sms_login_codes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    login_id   TEXT NOT NULL CHECK (login_id <> ''),
    code_hash  TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    spent      INTEGER NOT NULL DEFAULT 0 CHECK (spent IN (0, 1)),
    PRIMARY KEY (user_id, login_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX sms_login_codes_expiry ON sms_login_codes (expires_at);

-- A registered push device (Authy). The sandbox has no real device: the outbox page decides.
CREATE TABLE push_devices (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    push_enabled INTEGER NOT NULL DEFAULT 1 CHECK (push_enabled IN (0, 1)),
    created_at   TEXT NOT NULL
) STRICT;

-- Push approval requests. status is what was decided; a pending request read at or after
-- expires_at is reported as expired (and can no longer be decided).
CREATE TABLE push_approvals (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    login_id   TEXT NOT NULL CHECK (login_id <> ''),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    decided_at TEXT
) STRICT;
CREATE INDEX push_approvals_user ON push_approvals (user_id, status, expires_at);
CREATE INDEX push_approvals_pending ON push_approvals (status, expires_at);

-- Password reset and invitation tokens: only SHA-256(token) is kept.
CREATE TABLE password_tokens (
    token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
    kind       TEXT NOT NULL CHECK (kind IN ('reset', 'invitation')),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    spent_at   TEXT
) STRICT;
CREATE INDEX password_tokens_user ON password_tokens (user_id, kind);

-- What the provider "sent": in the sandbox, the page testers read codes and links from.
-- seq orders it (newest first) even when the clock stands still or goes back.
CREATE TABLE outbox_messages (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL CHECK (kind IN ('email', 'sms')),
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL DEFAULT '',
    body       TEXT NOT NULL,
    link       TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
) STRICT;
