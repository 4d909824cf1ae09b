-- +goose Up
-- Payout reports (spec 000 §3 "Payout report", §7; spec 001 §7 "Export"): the second kind of
-- export, on the machinery of statements (exports.go). A row is also its job: state queued →
-- generating → ready (or failed), claimed by lease; completion is one conditional update on
-- the lease token, and a ready report never changes state again.
CREATE TABLE payout_reports (
    seq              INTEGER PRIMARY KEY,
    id               TEXT NOT NULL UNIQUE,
    organisation_id  TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    account_number   TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    period_from      TEXT NOT NULL,
    period_to        TEXT NOT NULL CHECK (period_to > period_from),
    -- The filters besides account and period: a JSON array of status categories ([] = all),
    -- a currency and an inclusive amount range ('' = none).
    state_categories TEXT NOT NULL DEFAULT '[]',
    currency_code    TEXT NOT NULL DEFAULT '',
    amount_from      TEXT NOT NULL DEFAULT '',
    amount_to        TEXT NOT NULL DEFAULT '',
    -- The newest payout request when the report was requested: a retried job holds the same
    -- payouts however many were created since.
    through_seq      INTEGER NOT NULL,
    requested_by     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state            TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'generating', 'ready', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    lease_token      TEXT,
    lease_until      TEXT,
    csv_file_id      TEXT,
    row_count        INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT NOT NULL,
    ready_at         TEXT,
    CHECK ((state = 'ready') = (csv_file_id IS NOT NULL))
) STRICT;
CREATE INDEX payout_reports_org_created ON payout_reports (organisation_id, created_at, seq);
CREATE INDEX payout_reports_org_account_created ON payout_reports (organisation_id, account_number, created_at, seq);
CREATE INDEX payout_reports_jobs ON payout_reports (state, seq) WHERE state IN ('queued', 'generating');

-- +goose StatementBegin
CREATE TRIGGER payout_reports_ready_is_final BEFORE UPDATE OF state ON payout_reports
WHEN OLD.state = 'ready'
BEGIN SELECT RAISE(ABORT, 'a ready payout report is final'); END;
-- +goose StatementEnd

-- A payout report's file in chunks (as statement_chunks).
CREATE TABLE payout_report_chunks (
    file_id   TEXT NOT NULL,
    n         INTEGER NOT NULL CHECK (n >= 0),
    report_id TEXT NOT NULL REFERENCES payout_reports (id) ON DELETE CASCADE,
    data      BLOB NOT NULL,
    PRIMARY KEY (file_id, n)
) STRICT, WITHOUT ROWID;
CREATE INDEX payout_report_chunks_report ON payout_report_chunks (report_id);
