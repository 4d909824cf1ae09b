-- +goose Up
-- PostgreSQL twin of sqlite/0021_invitations.sql, with its data migration: SQLite's
-- randomblob/hex become gen_random_uuid (a version 4 UUID, as the ids the code makes) and two
-- md5s of fresh UUIDs (64 hex digits no token's SHA-256 is).
CREATE TABLE invitations (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    email           TEXT NOT NULL CHECK (email <> '' AND email = lower(email)),
    first_name      TEXT NOT NULL,
    last_name       TEXT NOT NULL,
    role            TEXT NOT NULL CHECK (role <> ''),
    token_hash      TEXT NOT NULL CHECK (length(token_hash) = 64),
    created_at      TEXT NOT NULL,
    expires_at      TEXT NOT NULL,
    accepted_at     TEXT
);
CREATE UNIQUE INDEX invitations_pending ON invitations (organisation_id, email) WHERE accepted_at IS NULL;
CREATE INDEX invitations_token ON invitations (token_hash);

INSERT INTO invitations (id, organisation_id, email, first_name, last_name, role, token_hash, created_at, expires_at)
SELECT CASE WHEN m.is_default = 1 THEN u.id ELSE gen_random_uuid()::text END,
       m.organisation_id, u.email, u.first_name, u.last_name, m.role,
       coalesce(t.token_hash, md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text)),
       coalesce(t.created_at, u.created_at), coalesce(t.expires_at, u.created_at)
FROM memberships m
JOIN users u ON u.id = m.user_id
LEFT JOIN password_tokens t ON t.token_hash = (
    SELECT p.token_hash FROM password_tokens p
    WHERE p.user_id = u.id AND p.kind = 'invitation' AND p.spent_at IS NULL
    ORDER BY p.created_at DESC, p.token_hash LIMIT 1)
WHERE u.password_hash = '';

DELETE FROM memberships WHERE user_id IN (SELECT id FROM users WHERE password_hash = '');
DELETE FROM password_tokens WHERE kind = 'invitation';
