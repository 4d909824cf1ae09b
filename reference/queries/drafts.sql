-- Payout drafts: the wizard's drafts, their reviews, the end-to-end ids already taken, the
-- list, and the cleanup of abandoned drafts (payout_drafts.go, payout_drafts_cleanup.go).

-- fragment: draft-columns
seq, id, organisation_id, created_by, creator_name, product_id, schema_id, status, field_values,
field_errors, saved_sections, debtor_account, amount, currency, end_to_end_id, approvals_required, payout_reference,
payout_state, created_at, updated_at

-- name: draft-reviews
-- Oldest first; rowid orders two reviews of the same instant as they were made.
SELECT user_id, user_name, kind, created_at FROM payout_draft_reviews
WHERE draft_id = ? ORDER BY created_at, rowid

-- name: draft-reviews@postgres
-- PostgreSQL has no rowid; its payout_draft_reviews has seq for the same order.
SELECT user_id, user_name, kind, created_at FROM payout_draft_reviews
WHERE draft_id = ? ORDER BY created_at, seq

-- name: draft-by-id
SELECT {{draft-columns}} FROM payout_drafts WHERE organisation_id = ? AND id = ?

-- name: draft-insert
INSERT INTO payout_drafts (id, organisation_id, created_by, creator_name, product_id,
	schema_id, field_values, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: draft-taken-end-to-end-ids
-- The ids (a JSON array, given once per arm) the organisation has used: a payout request's,
-- a draft's in review other than the one named, a batch row's waiting for review or not
-- yet published. Arguments: organisation, ids; organisation, draft, ids; organisation, ids.
SELECT end_to_end_id FROM payout_requests WHERE organisation_id = ? AND end_to_end_id IN (SELECT value FROM json_each(?))
UNION SELECT end_to_end_id FROM payout_drafts WHERE organisation_id = ? AND status = 'waiting_review' AND id <> ?
	AND end_to_end_id IN (SELECT value FROM json_each(?))
UNION SELECT bp.end_to_end_id FROM batch_payouts bp JOIN batches b ON b.id = bp.batch_id
	WHERE bp.organisation_id = ? AND (b.status = 'waiting_review' OR bp.seq > b.publish_cursor)
	AND bp.end_to_end_id IN (SELECT value FROM json_each(?))

-- name: draft-taken-end-to-end-ids@postgres
-- The JSON array's elements as text: jsonb_array_elements_text for SQLite's json_each.
SELECT end_to_end_id FROM payout_requests WHERE organisation_id = ?
	AND end_to_end_id IN (SELECT jsonb_array_elements_text(?::jsonb))
UNION SELECT end_to_end_id FROM payout_drafts WHERE organisation_id = ? AND status = 'waiting_review' AND id <> ?
	AND end_to_end_id IN (SELECT jsonb_array_elements_text(?::jsonb))
UNION SELECT bp.end_to_end_id FROM batch_payouts bp JOIN batches b ON b.id = bp.batch_id
	WHERE bp.organisation_id = ? AND (b.status = 'waiting_review' OR bp.seq > b.publish_cursor)
	AND bp.end_to_end_id IN (SELECT jsonb_array_elements_text(?::jsonb))

-- name: draft-save
UPDATE payout_drafts SET field_values = ?, field_errors = ?, saved_sections = ?,
	debtor_account = ?, amount = ?, end_to_end_id = ?, updated_at = ? WHERE id = ?

-- name: draft-published
UPDATE payout_drafts SET status = 'published', payout_reference = ?, payout_state = ?,
	updated_at = ? WHERE id = ?

-- name: draft-submit
UPDATE payout_drafts SET status = 'waiting_review', approvals_required = ?,
	updated_at = ? WHERE id = ?

-- name: draft-delete
DELETE FROM payout_drafts WHERE id = ?

-- name: draft-review-insert
INSERT INTO payout_draft_reviews (draft_id, user_id, user_name, kind, created_at)
VALUES (?, ?, ?, ?, ?)

-- name: draft-rejected
UPDATE payout_drafts SET status = 'rejected', updated_at = ? WHERE id = ?

-- name: draft-touch
UPDATE payout_drafts SET updated_at = ? WHERE id = ?

-- name: draft-count
-- The list's total over /*where*/ (organisation, status, creator, creation bounds).
SELECT count(*) FROM payout_drafts p WHERE /*where*/

-- name: draft-page
SELECT {{draft-columns}} FROM payout_drafts p WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: draft-delete-abandoned
-- One chunk of the drafts not saved since the cutoff, oldest first.
DELETE FROM payout_drafts WHERE seq IN (SELECT seq FROM payout_drafts
	WHERE status = 'draft' AND updated_at <= ? ORDER BY updated_at LIMIT ?)

-- name: draft-lock
-- A write body's first read of a draft (docs/store.md, "Row locks of the write bodies"):
-- nothing to lock on SQLite, whose one writer serialises the bodies.
SELECT count(*) FROM payout_drafts WHERE organisation_id = ? AND id = ?

-- name: draft-lock@postgres
SELECT id FROM payout_drafts WHERE organisation_id = ? AND id = ? FOR NO KEY UPDATE
