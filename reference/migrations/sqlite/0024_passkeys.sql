-- +goose Up
-- Passkeys (WebAuthn credentials), a second factor beside the authenticator app, the phone
-- and push. A user may have several, each named by its owner.
--
-- credential_id is the authenticator's id of the credential (raw bytes), unique across all
-- users: a credential belongs to one account only. record is the relying party's whole
-- credential record (public key, flags, transports, attestation) as the WebAuthn library
-- serialises it; sign_count is kept beside it as a column so that the counter check and
-- its advance are one UPDATE (two concurrent uses of a cloned key cannot both pass).
CREATE TABLE passkeys (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id BLOB NOT NULL CHECK (length(credential_id) BETWEEN 1 AND 1023),
    name          TEXT NOT NULL CHECK (name <> '' AND length(name) <= 64),
    record        BLOB NOT NULL,
    sign_count    INTEGER NOT NULL DEFAULT 0 CHECK (sign_count BETWEEN 0 AND 4294967295),
    created_at    TEXT NOT NULL,
    last_used_at  TEXT
) STRICT;
CREATE UNIQUE INDEX passkeys_credential ON passkeys (credential_id);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
