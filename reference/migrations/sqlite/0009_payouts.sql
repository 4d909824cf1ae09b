-- +goose Up
-- Payout requests (spec 001 §3, §4, §7). The table of 0006 is rebuilt with every field and
-- keeps its columns' names and meaning: state is the current state, reason_code the payout's
-- reason code ('' for none), amount and currency what is paid out. Each row is also its job
-- in the lifecycle queue (jobs.go): due_at is when the processor next looks at it (NULL:
-- waiting for something outside, e.g. funds, a test case or a bank answer that never comes).
CREATE TABLE payout_requests_v9 (
    seq                      INTEGER PRIMARY KEY,
    id                       TEXT NOT NULL UNIQUE,
    organisation_id          TEXT NOT NULL REFERENCES organisations (id) ON DELETE RESTRICT,
    virtual_account_number   TEXT NOT NULL REFERENCES accounts (account_number) ON DELETE RESTRICT,
    state                    TEXT NOT NULL,
    reason_code              TEXT NOT NULL DEFAULT '',
    amount                   TEXT NOT NULL,
    currency                 TEXT NOT NULL,
    created_at               TEXT NOT NULL,
    unique_reference         TEXT NOT NULL,
    end_to_end_id            TEXT NOT NULL,
    -- The amount as fixed-width text (20 integer digits, 18 decimals), so a range filter
    -- compares exactly, across currencies, without arithmetic on money in SQL.
    amount_key               TEXT NOT NULL,
    fee                      TEXT NOT NULL,
    purpose_code             TEXT NOT NULL DEFAULT '',
    local_instrument         TEXT NOT NULL DEFAULT '',
    business_unit            TEXT NOT NULL DEFAULT '',
    requested_execution_date TEXT NOT NULL DEFAULT '',
    source                   TEXT NOT NULL DEFAULT 'unknown'
        CHECK (source IN ('api', 'csv', 'manual', 'iso_20022', 'unknown')),
    batch_id                 TEXT NOT NULL DEFAULT '',
    created_by               TEXT NOT NULL DEFAULT '',
    creator_name             TEXT NOT NULL DEFAULT '',
    -- SHA-256 of the create request: a retry with the same end-to-end id replays, another
    -- request with it is refused.
    request_hash             TEXT NOT NULL DEFAULT '',
    -- JSON: the parties and accounts (provider.PayoutSections), the lifecycle's findings by
    -- section, and the history lists, appended to in the transaction that changes the state.
    sections                 TEXT NOT NULL DEFAULT '{}',
    errors                   TEXT NOT NULL DEFAULT '{}',
    status_transitions       TEXT NOT NULL DEFAULT '[]',
    cancellations            TEXT NOT NULL DEFAULT '[]',
    reviews                  TEXT NOT NULL DEFAULT '[]',
    updated_at               TEXT NOT NULL,
    cancel_requested         INTEGER NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1)),
    -- The ledger transactions that reserved (amount and fee debited) and released (credited
    -- back) the funds. Released only after reserved; each at most once.
    reserved_tx              TEXT UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    released_tx              TEXT UNIQUE REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
    due_at                   TEXT,
    lease_token              TEXT,
    lease_until              TEXT,
    attempts                 INTEGER NOT NULL DEFAULT 0,
    UNIQUE (organisation_id, unique_reference),
    UNIQUE (organisation_id, end_to_end_id),
    CHECK (released_tx IS NULL OR reserved_tx IS NOT NULL)
) STRICT;

INSERT INTO payout_requests_v9 (id, organisation_id, virtual_account_number, state, reason_code, amount, currency,
    created_at, unique_reference, end_to_end_id, amount_key, fee, updated_at, status_transitions)
SELECT id, organisation_id, virtual_account_number, state, reason_code, amount, currency, created_at,
    'PO' || upper(substr(replace(id, '-', ''), 1, 14)), id,
    substr('00000000000000000000' || substr(amount, 1, instr(amount || '.', '.') - 1), -20) || '.' ||
        substr(substr(amount, instr(amount || '.', '.') + 1) || '000000000000000000', 1, 18),
    '0', created_at, json_array(json_object('name', state, 'timestamp', created_at))
FROM payout_requests;
DROP TABLE payout_requests;
ALTER TABLE payout_requests_v9 RENAME TO payout_requests;

-- The list: newest first per organisation, every filter column in the index, so a filtered
-- page and its total are read from the index alone.
CREATE INDEX payout_requests_org_created ON payout_requests (organisation_id, created_at, seq,
    state, currency, virtual_account_number, business_unit, local_instrument, reason_code, amount_key, batch_id);
CREATE INDEX payout_requests_org_state ON payout_requests (organisation_id, state, created_at, seq);
CREATE INDEX payout_requests_org_batch ON payout_requests (organisation_id, batch_id, created_at, seq) WHERE batch_id <> '';
CREATE INDEX payout_requests_due ON payout_requests (due_at, seq) WHERE lease_token IS NULL AND due_at IS NOT NULL;
CREATE INDEX payout_requests_leased ON payout_requests (lease_until) WHERE lease_token IS NOT NULL;
CREATE INDEX payout_requests_waiting_funds ON payout_requests (virtual_account_number, seq) WHERE state = 'insufficient_funds';

-- How many payouts each day has per combination of the filtered columns, kept by triggers,
-- so a list's total sums a few rows per day instead of counting every payout (reference/
-- payouts.go payoutTotal). day is created_at's date (UTC).
CREATE TABLE payout_counts (
    organisation_id        TEXT NOT NULL,
    day                    TEXT NOT NULL,
    state                  TEXT NOT NULL,
    currency               TEXT NOT NULL,
    virtual_account_number TEXT NOT NULL,
    business_unit          TEXT NOT NULL,
    local_instrument       TEXT NOT NULL,
    reason_code            TEXT NOT NULL,
    batch_id               TEXT NOT NULL,
    n                      INTEGER NOT NULL CHECK (n >= 0),
    PRIMARY KEY (organisation_id, day, state, currency, virtual_account_number, business_unit, local_instrument, reason_code, batch_id)
) STRICT, WITHOUT ROWID;
INSERT INTO payout_counts SELECT organisation_id, substr(created_at, 1, 10), state, currency, virtual_account_number,
    business_unit, local_instrument, reason_code, batch_id, count(*) FROM payout_requests GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

-- +goose StatementBegin
CREATE TRIGGER payout_counts_insert AFTER INSERT ON payout_requests BEGIN
    INSERT INTO payout_counts VALUES (NEW.organisation_id, substr(NEW.created_at, 1, 10), NEW.state, NEW.currency,
        NEW.virtual_account_number, NEW.business_unit, NEW.local_instrument, NEW.reason_code, NEW.batch_id, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER payout_counts_delete AFTER DELETE ON payout_requests BEGIN
    UPDATE payout_counts SET n = n - 1 WHERE organisation_id = OLD.organisation_id AND day = substr(OLD.created_at, 1, 10)
        AND state = OLD.state AND currency = OLD.currency AND virtual_account_number = OLD.virtual_account_number
        AND business_unit = OLD.business_unit AND local_instrument = OLD.local_instrument AND reason_code = OLD.reason_code
        AND batch_id = OLD.batch_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER payout_counts_update AFTER UPDATE OF organisation_id, created_at, state, currency, virtual_account_number,
    business_unit, local_instrument, reason_code, batch_id ON payout_requests BEGIN
    UPDATE payout_counts SET n = n - 1 WHERE organisation_id = OLD.organisation_id AND day = substr(OLD.created_at, 1, 10)
        AND state = OLD.state AND currency = OLD.currency AND virtual_account_number = OLD.virtual_account_number
        AND business_unit = OLD.business_unit AND local_instrument = OLD.local_instrument AND reason_code = OLD.reason_code
        AND batch_id = OLD.batch_id;
    INSERT INTO payout_counts VALUES (NEW.organisation_id, substr(NEW.created_at, 1, 10), NEW.state, NEW.currency,
        NEW.virtual_account_number, NEW.business_unit, NEW.local_instrument, NEW.reason_code, NEW.batch_id, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
-- +goose StatementEnd

-- An amount range is counted row by row: these keep that a range scan.
CREATE INDEX payout_requests_org_amount ON payout_requests (organisation_id, amount_key);
CREATE INDEX payout_requests_org_account_amount ON payout_requests (organisation_id, virtual_account_number, amount_key);

CREATE TABLE business_units (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    UNIQUE (organisation_id, name)
) STRICT;

-- The transfer type of a contracted payout product (SEPA, FPS...).
ALTER TABLE contracted_products ADD COLUMN local_instrument TEXT NOT NULL DEFAULT '';
