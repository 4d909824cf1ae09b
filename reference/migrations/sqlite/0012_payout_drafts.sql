-- +goose Up
-- Manual payout drafts (spec 001 §3 "Payout draft", §4, §7 "Payout drafts"). The product
-- catalogue they are built from (families, products, schemas, fields) is the provider's code
-- (reference/payout_catalogue.go); a draft names its product and schema and keeps the typed
-- values and the findings of the last save per section, as JSON.
CREATE TABLE payout_drafts (
    seq                 INTEGER PRIMARY KEY,
    id                  TEXT NOT NULL UNIQUE,
    organisation_id     TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    created_by          TEXT NOT NULL,
    creator_name        TEXT NOT NULL,
    product_id          TEXT NOT NULL,
    schema_id           TEXT NOT NULL,
    status              TEXT NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'waiting_review', 'rejected', 'published')),
    -- {section: {field: value}}, {section: {field: [message]}}, [section saved without errors]
    field_values        TEXT NOT NULL DEFAULT '{}',
    field_errors        TEXT NOT NULL DEFAULT '{}',
    saved_sections      TEXT NOT NULL DEFAULT '[]',
    -- The list columns, copied from payout_request when it is saved.
    debtor_account      TEXT NOT NULL DEFAULT '',
    amount              TEXT NOT NULL DEFAULT '',
    currency            TEXT NOT NULL,
    end_to_end_id       TEXT NOT NULL DEFAULT '',
    -- Approvals needed, fixed when the draft is sent for review.
    approvals_required  INTEGER NOT NULL DEFAULT 0,
    -- The payout request it became (published).
    payout_reference    TEXT NOT NULL DEFAULT '',
    payout_state        TEXT NOT NULL DEFAULT '',
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL,
    CHECK ((status = 'published') = (payout_reference <> ''))
) STRICT;

CREATE INDEX payout_drafts_org_status ON payout_drafts (organisation_id, status, created_at, seq);

-- Reviews: one per reviewer and draft, so the same user cannot approve twice even if two
-- of their requests raced (the write lock serialises them; this is the second guard).
CREATE TABLE payout_draft_reviews (
    draft_id    TEXT NOT NULL REFERENCES payout_drafts (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL,
    user_name   TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('approve', 'reject')),
    created_at  TEXT NOT NULL,
    PRIMARY KEY (draft_id, user_id)
) STRICT;
