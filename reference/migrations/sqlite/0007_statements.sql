-- +goose Up
-- Statement exports (spec 000 §3 "Statement request", "Exported statement"). A statement row
-- is also its job in the background queue: state queued → generating → ready (or failed).
-- A worker claims a job by writing a fresh lease_token and lease_until; a job whose lease ran
-- out (its worker crashed) is claimed again. Completion is one conditional update on the
-- lease token, so only the current holder can complete it, and a ready statement never
-- changes state again (trigger): a job completes exactly once.
CREATE TABLE statements (
    seq             INTEGER PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    account_number  TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    currency        TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('transactions', 'charges')),
    period_from     TEXT NOT NULL,
    period_to       TEXT NOT NULL CHECK (period_to > period_from),
    -- The last ledger entry booked when the statement was requested: a retried job writes the
    -- same rows however much was booked since.
    through_seq     INTEGER NOT NULL,
    requested_by    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state           TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'generating', 'ready', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    lease_token     TEXT,
    lease_until     TEXT,
    csv_file_id     TEXT,
    entry_count     INTEGER NOT NULL DEFAULT 0,
    opening_balance TEXT NOT NULL DEFAULT '',
    closing_balance TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    ready_at        TEXT,
    CHECK ((state = 'ready') = (csv_file_id IS NOT NULL))
) STRICT;
CREATE INDEX statements_org_created ON statements (organisation_id, created_at, seq);
CREATE INDEX statements_org_account_created ON statements (organisation_id, account_number, created_at, seq);
CREATE INDEX statements_jobs ON statements (state, seq) WHERE state IN ('queued', 'generating');

-- +goose StatementBegin
CREATE TRIGGER statements_ready_is_final BEFORE UPDATE OF state ON statements
WHEN OLD.state = 'ready'
BEGIN SELECT RAISE(ABORT, 'a ready statement is final'); END;
-- +goose StatementEnd

-- A statement file in chunks, written as it streams out of the CSV writer. file_id is new for
-- every attempt, so the chunks of an interrupted attempt never mix with the one that
-- completes (they are deleted when it does).
CREATE TABLE statement_chunks (
    file_id      TEXT NOT NULL,
    n            INTEGER NOT NULL CHECK (n >= 0),
    statement_id TEXT NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
    data         BLOB NOT NULL,
    PRIMARY KEY (file_id, n)
) STRICT, WITHOUT ROWID;
CREATE INDEX statement_chunks_statement ON statement_chunks (statement_id);
