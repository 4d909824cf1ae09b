-- +goose Up
-- Saved receivers (spec 001 §3 "Saved receiver", §7 "Receivers"): payees saved from a manual
-- payout's creditor for one product and schema. The columns the lists filter and order by
-- are columns; the rest of the receiver (address, identity, creditor_details) is one JSON
-- object, read and written whole. content_hash is SHA-256 of the saved fields: saving the
-- same receiver twice finds the first one instead of making a duplicate.
CREATE TABLE receivers (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    product_id      TEXT NOT NULL,
    schema_id       TEXT NOT NULL,
    currency        TEXT NOT NULL DEFAULT '',
    full_name       TEXT NOT NULL,
    creditor_type   TEXT NOT NULL CHECK (creditor_type IN ('private', 'organization')),
    data            TEXT NOT NULL DEFAULT '{}',
    content_hash    TEXT NOT NULL,
    created_by      TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    UNIQUE (organisation_id, content_hash)
) STRICT;

-- The list, newest first per organisation, and the wizard's recent receivers of a product
-- and schema.
CREATE INDEX receivers_org_created ON receivers (organisation_id, created_at, seq);
CREATE INDEX receivers_org_schema ON receivers (organisation_id, product_id, schema_id, created_at, seq);
