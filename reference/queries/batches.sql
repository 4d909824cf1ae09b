-- Payout batches: the uploaded files, their rows, their review and their publishing as
-- payout requests (batches.go, batches_publish.go).

-- fragment: batch-columns
p.seq, p.id, p.name, p.filename, p.status, p.schema_id, p.local_instrument, p.currency, p.country,
p.created_at, p.creator_id, p.creator_name, p.rows_count, p.total_amount, p.approvals, p.rejections

-- fragment: batch-row-columns
bp.seq, bp.id, bp.line, bp.created_at, bp.end_to_end_id, bp.virtual_account_number, bp.amount, bp.currency,
b.status, bp.local_instrument, bp.purpose_code, bp.requested_execution_date, bp.sections

-- name: batch-approvers
SELECT coalesce(max(batch_number_of_approvers), 0) FROM organisation_configurations
WHERE organisation_id = ?

-- name: batch-by-id
SELECT {{batch-columns}} FROM batches p WHERE p.organisation_id = ? AND p.id = ?

-- name: batch-lock
-- A write body's first read of a batch (docs/store.md, "Row locks of the write bodies"):
-- nothing to lock on SQLite, whose one writer serialises the bodies.
SELECT count(*) FROM batches WHERE organisation_id = ? AND id = ?

-- name: batch-lock@postgres
SELECT id FROM batches WHERE organisation_id = ? AND id = ? FOR NO KEY UPDATE

-- name: batch-by-file-hash
SELECT id FROM batches WHERE organisation_id = ? AND file_hash = ? ORDER BY seq DESC LIMIT 1

-- name: batch-insert
INSERT INTO batches (id, organisation_id, name, filename, status, schema_id, local_instrument,
	currency, country, created_at, creator_id, creator_name, rows_count, total_amount, file_hash)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: batch-row-insert
INSERT INTO batch_payouts (id, batch_id, organisation_id, line, end_to_end_id,
	virtual_account_number, amount, currency, local_instrument, purpose_code, requested_execution_date, business_unit, sections,
	created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: batch-review
UPDATE batches SET status = ?, approvals = ?, rejections = ? WHERE id = ? AND organisation_id = ?

-- name: batch-count
-- The list's total over /*where*/ (organisation, status, kind, creation bounds).
SELECT count(*) FROM batches p WHERE /*where*/

-- name: batch-page
SELECT {{batch-columns}} FROM batches p WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: batch-row-seq
SELECT seq FROM batch_payouts WHERE batch_id = ? AND id = ?

-- name: batch-rows-page
SELECT {{batch-row-columns}} FROM batch_payouts bp JOIN batches b ON b.id = bp.batch_id
WHERE bp.batch_id = ? AND bp.organisation_id = ? AND bp.seq > ? ORDER BY bp.seq LIMIT ?

-- name: batch-row-by-id
SELECT {{batch-row-columns}} FROM batch_payouts bp JOIN batches b ON b.id = bp.batch_id
WHERE bp.batch_id = ? AND bp.organisation_id = ? AND bp.id = ?

-- name: batch-publish-start
UPDATE batches SET publish_cursor = 0 WHERE id = ?

-- name: batch-publishing
SELECT id FROM batches WHERE publish_cursor IS NOT NULL ORDER BY seq

-- name: batch-publish-state
SELECT organisation_id, creator_id, creator_name, approvals, publish_cursor
FROM batches WHERE id = ?

-- name: batch-publish-state@postgres
-- Two publishers (the approver's request, a processor in any process) take turns on a batch:
-- the cursor is read locked, so the second reads it as the first moved it and no row is
-- published twice. NO KEY UPDATE: the payout rows it inserts point at the batch.
SELECT organisation_id, creator_id, creator_name, approvals, publish_cursor
FROM batches WHERE id = ? FOR NO KEY UPDATE

-- name: batch-publish-advance
UPDATE batches SET publish_cursor = ?, published_rows = published_rows + ? WHERE id = ?

-- name: batch-rows-after
SELECT seq, end_to_end_id, virtual_account_number, amount, currency, local_instrument,
	purpose_code, requested_execution_date, business_unit, sections FROM batch_payouts WHERE batch_id = ? AND seq > ?
ORDER BY seq LIMIT ?
