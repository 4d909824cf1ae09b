-- Exports: the files the provider writes in the background, statements and payout reports
-- (exports.go, jobs.go, statements.go, statements_worker.go, payout_reports.go). Each kind's
-- table is its job queue and has a chunk table for its files; the two kinds' statements differ
-- only by those tables, and are written out per kind rather than put together in Go.

-- Where where.go's filled puts a condition put together at run time; TRUE on its own.
-- fragment: filters
TRUE /* filters */

-- Statements.

-- fragment: statement-columns
seq, id, account_number, currency, kind, format, period_from, period_to, state, coalesce(csv_file_id, ''),
  entry_count, opening_balance, closing_balance, created_at, coalesce(ready_at, '')

-- name: statement-job-expired
-- A claimed job whose lease ran out (its worker died). Two lookups rather than one OR, so
-- each is a range scan of its own index.
SELECT id, attempts FROM statements
  WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1

-- name: statement-job-expired@postgres
-- Claimed across processes once: the row is locked from the lookup to the claim, and a row
-- another worker is claiming is skipped (docs/store.md, "Row locks of the write bodies").
SELECT id, attempts FROM statements
  WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1 FOR UPDATE SKIP LOCKED

-- name: statement-job-due
-- The first unclaimed job that has waited out the delay (the argument is the latest created_at that is due).
SELECT id, attempts FROM statements
  WHERE lease_token IS NULL AND state = 'queued' AND created_at <= ? ORDER BY seq LIMIT 1

-- name: statement-job-due@postgres
-- Claimed across processes once: the row is locked from the lookup to the claim, and a row
-- another worker is claiming is skipped (docs/store.md, "Row locks of the write bodies").
SELECT id, attempts FROM statements
  WHERE lease_token IS NULL AND state = 'queued' AND created_at <= ? ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED

-- name: statement-job-give-up
UPDATE statements SET state = 'failed', lease_token = NULL, lease_until = NULL WHERE id = ?

-- name: statement-job-claim
UPDATE statements SET state = 'generating', attempts = attempts + 1,
  lease_token = ?, lease_until = ? WHERE id = ?

-- name: statement-job-renew
UPDATE statements SET lease_until = ? WHERE id = ? AND lease_token = ?

-- name: statement-complete
-- Only the lease holder completes the job.
UPDATE statements SET state = 'ready', csv_file_id = ?,
  entry_count = ?, opening_balance = ?, closing_balance = ?, ready_at = ?,
  lease_token = NULL, lease_until = NULL WHERE id = ? AND lease_token = ? AND state = 'generating'

-- name: statement-chunks-superseded
DELETE FROM statement_chunks WHERE statement_id = ? AND file_id <> ?

-- name: statement-chunk-insert
INSERT INTO statement_chunks (file_id, n, statement_id, data) VALUES (?, ?, ?, ?)

-- name: statement-chunks-drop
DELETE FROM statement_chunks WHERE statement_id = ? AND file_id = ?

-- name: statement-chunk
SELECT data FROM statement_chunks WHERE file_id = ? AND n = ?

-- name: statement
SELECT {{statement-columns}} FROM statements WHERE id = ? AND organisation_id = ?

-- name: statements-count
-- A list's total over /*where*/ (organisation, account, creation bounds).
SELECT count(*) FROM statements WHERE /*where*/

-- name: statements-page
SELECT {{statement-columns}} FROM statements WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: statement-account-currency
SELECT currency_code FROM accounts
  WHERE account_number = ? AND owner_organisation_id = ? AND kind = 'customer'

-- name: ledger-entries-newest-seq
SELECT coalesce(max(seq), 0) FROM ledger_entries

-- name: statement-insert
INSERT INTO statements (id, organisation_id, account_number, currency, kind, format,
  period_from, period_to, through_seq, requested_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: account-name
SELECT name FROM accounts WHERE account_number = ?

-- name: statement-job
SELECT organisation_id, account_number, currency, kind, format, requested_by, period_from,
  period_to, through_seq, coalesce(lease_token, '') FROM statements WHERE id = ?

-- name: statement-rows
-- The entries of a statement in booking order; filled adds the kind's entry types.
SELECT {{entry-columns}} FROM ledger_entries
  WHERE account_number = ? AND created_at >= ? AND created_at < ? AND seq <= ?
  AND {{filters}} ORDER BY created_at, seq

-- name: statement-balance-before
SELECT running_balance FROM ledger_entries
  WHERE account_number = ? AND created_at < ? AND seq <= ? ORDER BY created_at DESC, seq DESC LIMIT 1

-- name: export-notice-names
-- The requester's e-mail, the organisation's and the account's names for a ready notice.
SELECT u.email, o.name, a.name FROM users u, organisations o, accounts a
  WHERE u.id = ? AND o.id = ? AND a.account_number = ?

-- Payout reports.

-- fragment: payout-report-columns
seq, id, account_number, period_from, period_to, state_categories, currency_code, amount_from,
  amount_to, state, row_count, created_at, coalesce(ready_at, '')

-- name: payout-report-job-expired
SELECT id, attempts FROM payout_reports
  WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1

-- name: payout-report-job-expired@postgres
-- Claimed across processes once: the row is locked from the lookup to the claim, and a row
-- another worker is claiming is skipped (docs/store.md, "Row locks of the write bodies").
SELECT id, attempts FROM payout_reports
  WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1 FOR UPDATE SKIP LOCKED

-- name: payout-report-job-due
SELECT id, attempts FROM payout_reports
  WHERE lease_token IS NULL AND state = 'queued' AND created_at <= ? ORDER BY seq LIMIT 1

-- name: payout-report-job-due@postgres
-- Claimed across processes once: the row is locked from the lookup to the claim, and a row
-- another worker is claiming is skipped (docs/store.md, "Row locks of the write bodies").
SELECT id, attempts FROM payout_reports
  WHERE lease_token IS NULL AND state = 'queued' AND created_at <= ? ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED

-- name: payout-report-job-give-up
UPDATE payout_reports SET state = 'failed', lease_token = NULL, lease_until = NULL WHERE id = ?

-- name: payout-report-job-claim
UPDATE payout_reports SET state = 'generating', attempts = attempts + 1,
  lease_token = ?, lease_until = ? WHERE id = ?

-- name: payout-report-job-renew
UPDATE payout_reports SET lease_until = ? WHERE id = ? AND lease_token = ?

-- name: payout-report-complete
UPDATE payout_reports SET state = 'ready', csv_file_id = ?,
  row_count = ?, ready_at = ?,
  lease_token = NULL, lease_until = NULL WHERE id = ? AND lease_token = ? AND state = 'generating'

-- name: payout-report-chunks-superseded
DELETE FROM payout_report_chunks WHERE report_id = ? AND file_id <> ?

-- name: payout-report-chunk-insert
INSERT INTO payout_report_chunks (file_id, n, report_id, data) VALUES (?, ?, ?, ?)

-- name: payout-report-chunks-drop
DELETE FROM payout_report_chunks WHERE report_id = ? AND file_id = ?

-- name: payout-report-chunk
SELECT data FROM payout_report_chunks WHERE file_id = ? AND n = ?

-- name: payout-report
SELECT {{payout-report-columns}} FROM payout_reports WHERE id = ? AND organisation_id = ?

-- name: payout-reports-count
SELECT count(*) FROM payout_reports WHERE /*where*/

-- name: payout-reports-page
SELECT {{payout-report-columns}} FROM payout_reports WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: payout-report-account-count
SELECT count(*) FROM accounts
  WHERE account_number = ? AND owner_organisation_id = ? AND kind = 'customer'

-- name: payout-requests-newest-seq
SELECT coalesce(max(seq), 0) FROM payout_requests

-- name: payout-report-any
-- Whether the report would hold a payout; filled puts the report's selection in.
SELECT EXISTS (SELECT 1 FROM payout_requests p WHERE {{filters}})

-- name: payout-report-insert
INSERT INTO payout_reports (id, organisation_id, account_number, period_from, period_to,
  state_categories, currency_code, amount_from, amount_to, through_seq, requested_by, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: payout-report-file
SELECT csv_file_id FROM payout_reports WHERE id = ?

-- name: payout-report-by-id
SELECT {{payout-report-columns}} FROM payout_reports WHERE id = ?

-- name: payout-report-job
SELECT organisation_id, requested_by, through_seq FROM payout_reports WHERE id = ?

-- name: payout-report-rows
-- The report's payouts oldest first, read as the payout list reads them; filled puts the
-- selection in.
SELECT {{payout-list-columns}} {{payout-from}} WHERE {{filters}} ORDER BY p.created_at, p.seq
