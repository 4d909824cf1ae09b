-- +goose Up
-- The tamper-evident audit log (docs/areas/audit.md). One hash chain per organisation, and the
-- system chain (chain '') for events that belong to none, such as a failed login of an unknown
-- address. Each entry's hash covers a length-prefixed encoding of its fields and the previous
-- entry's hash; audit_heads holds each chain's last entry and is moved in the transaction that
-- appends, so two writers cannot both append after the same entry, and deleting the newest
-- entries is found too. No foreign keys: the log outlives the organisations and people it names.
CREATE TABLE audit_entries (
    id             INTEGER PRIMARY KEY,
    chain          TEXT    NOT NULL,
    seq            INTEGER NOT NULL CHECK (seq > 0),
    created_at     TEXT    NOT NULL,
    kind           TEXT    NOT NULL CHECK (kind <> ''),
    user_id        TEXT    NOT NULL,
    user_email     TEXT    NOT NULL,
    role           TEXT    NOT NULL,
    session_handle TEXT    NOT NULL,
    client_ip      TEXT    NOT NULL,
    origin         TEXT    NOT NULL,
    path           TEXT    NOT NULL,
    record_kind    TEXT    NOT NULL,
    record_id      TEXT    NOT NULL,
    changes        TEXT    NOT NULL,
    prev_hash      TEXT    NOT NULL CHECK (length(prev_hash) = 64),
    hash           TEXT    NOT NULL CHECK (length(hash) = 64),
    UNIQUE (chain, seq)
) STRICT;
CREATE INDEX audit_entries_list ON audit_entries (chain, created_at, seq);

CREATE TABLE audit_heads (
    chain    TEXT    PRIMARY KEY,
    seq      INTEGER NOT NULL,
    entry_id INTEGER NOT NULL,
    hash     TEXT    NOT NULL CHECK (length(hash) = 64)
) STRICT;

