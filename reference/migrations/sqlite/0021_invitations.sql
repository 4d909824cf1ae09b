-- +goose Up
-- Invitations to join an organisation. An invitation is not a membership: the person joins
-- only by accepting it (choosing a password when the address has no login yet, logging in
-- when it has one). Until then the organisation sees only what its admin typed (names,
-- e-mail, role), never the person's own record, so adding an address tells nothing about
-- whether it has a login anywhere.
--
-- accepted_at is set when the person joins; a pending invitation past expires_at can no
-- longer be accepted and may be replaced by a new one for the same address.
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
) STRICT;
CREATE UNIQUE INDEX invitations_pending ON invitations (organisation_id, email) WHERE accepted_at IS NULL;
CREATE INDEX invitations_token ON invitations (token_hash);

-- Carried over: an invited person used to be a user without a password, already a member,
-- with an 'invitation' password token. Each such membership becomes a pending invitation
-- carrying the user's newest unspent token (the one their latest e-mail holds), so a link
-- already sent keeps working; the memberships go, since nobody accepted them. A membership
-- whose link is gone (spent, or never stored) is kept as an invitation that has already
-- expired, under a hash no token has: the admin still sees the person as invited and can
-- add the address again to send a new link.
INSERT INTO invitations (id, organisation_id, email, first_name, last_name, role, token_hash, created_at, expires_at)
SELECT CASE WHEN m.is_default = 1 THEN u.id
            -- a random version 4 UUID, as the ids the code makes
            ELSE lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' ||
                       substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))) END,
       m.organisation_id, u.email, u.first_name, u.last_name, m.role,
       coalesce(t.token_hash, lower(hex(randomblob(32)))), coalesce(t.created_at, u.created_at), coalesce(t.expires_at, u.created_at)
FROM memberships m
JOIN users u ON u.id = m.user_id
LEFT JOIN password_tokens t ON t.token_hash = (
    SELECT p.token_hash FROM password_tokens p
    WHERE p.user_id = u.id AND p.kind = 'invitation' AND p.spent_at IS NULL
    ORDER BY p.created_at DESC, p.token_hash LIMIT 1)
WHERE u.password_hash = '';

DELETE FROM memberships WHERE user_id IN (SELECT id FROM users WHERE password_hash = '');
DELETE FROM password_tokens WHERE kind = 'invitation';
