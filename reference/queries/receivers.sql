-- Saved receivers (receivers.go).

-- fragment: receiver-columns
r.seq, r.id, r.product_id, r.schema_id, r.currency, r.full_name, r.creditor_type, r.data, r.created_by, r.created_at

-- name: receiver-count
SELECT count(*) FROM receivers r WHERE /*where*/

-- name: receiver-page
SELECT {{receiver-columns}} FROM receivers r WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: receiver-by-id
SELECT {{receiver-columns}} FROM receivers r WHERE r.organisation_id = ? AND r.id = ?

-- name: receiver-recent
SELECT {{receiver-columns}} FROM receivers r WHERE r.organisation_id = ? AND r.product_id = ? AND r.schema_id = ?
ORDER BY r.created_at DESC, r.seq DESC LIMIT ?

-- name: receiver-by-content
SELECT id FROM receivers WHERE organisation_id = ? AND content_hash = ?

-- name: receiver-insert
INSERT INTO receivers (id, organisation_id, product_id, schema_id, currency, full_name,
	creditor_type, data, content_hash, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: receiver-delete
DELETE FROM receivers WHERE organisation_id = ? AND id = ?
