-- +goose Up
-- Payout batches (spec 001 §3 Batch, Batch draft payout; §4). A batch is stored only when
-- every row of its file passed the checks; its rows wait in batch_payouts until the batch is
-- completed, when each becomes a payout request (payout_requests.batch_id = batches.id) in
-- the transaction that completes it.
CREATE TABLE batches (
    seq              INTEGER PRIMARY KEY,
    id               TEXT NOT NULL UNIQUE,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    name             TEXT NOT NULL,
    filename         TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('waiting_review', 'completed', 'rejected')),
    schema_id        TEXT NOT NULL,
    local_instrument TEXT NOT NULL,
    currency         TEXT NOT NULL,
    country          TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    creator_id       TEXT NOT NULL,
    creator_name     TEXT NOT NULL,
    rows_count       INTEGER NOT NULL CHECK (rows_count >= 0),
    -- '' when the rows are in more than one currency (the list says 'Total amount unavailable').
    total_amount     TEXT NOT NULL,
    -- SHA-256 of the file's bytes: the same file uploaded again is flagged as a duplicate.
    file_hash        TEXT NOT NULL,
    -- JSON lists of {user_id, user_name, created_at}.
    approvals        TEXT NOT NULL DEFAULT '[]',
    rejections       TEXT NOT NULL DEFAULT '[]'
) STRICT;
CREATE INDEX batches_org_created ON batches (organisation_id, created_at, seq, status, local_instrument);
CREATE INDEX batches_org_hash ON batches (organisation_id, file_hash);

CREATE TABLE batch_payouts (
    seq                      INTEGER PRIMARY KEY,
    id                       TEXT NOT NULL UNIQUE,
    batch_id                 TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
    organisation_id          TEXT NOT NULL,
    line                     INTEGER NOT NULL,
    end_to_end_id            TEXT NOT NULL,
    virtual_account_number   TEXT NOT NULL,
    amount                   TEXT NOT NULL,
    currency                 TEXT NOT NULL,
    local_instrument         TEXT NOT NULL,
    purpose_code             TEXT NOT NULL DEFAULT '',
    requested_execution_date TEXT NOT NULL DEFAULT '',
    -- JSON: provider.PayoutSections.
    sections                 TEXT NOT NULL,
    created_at               TEXT NOT NULL,
    UNIQUE (batch_id, line)
) STRICT;
CREATE INDEX batch_payouts_batch ON batch_payouts (batch_id, seq);
-- End-to-end ids of rows waiting for approval count as taken, like those of payouts.
CREATE INDEX batch_payouts_org_e2e ON batch_payouts (organisation_id, end_to_end_id);
