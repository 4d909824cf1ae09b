-- Collections: the orders, their payments and refunds, the list, the search, and the moves
-- of their status (collections.go, collections_actions.go).

-- fragment: order-columns
o.seq, o.id, o.organisation_id, o.virtual_account_number, o.reference, o.unique_reference,
coalesce(bu.name, ''), o.status, o.reason_codes, o.amount, o.currency, o.debtor, o.status_history, o.created_at, org.name

-- fragment: order-from
FROM collection_orders o JOIN organisations org ON org.id = o.organisation_id
LEFT JOIN business_units bu ON bu.id = o.business_unit_id

-- fragment: order-payment-columns
p.id, p.unique_reference, p.type, p.status, p.debtor_country, p.debtor_bank_name, p.status_history,
p.created_at, o.id, o.reference, o.amount, o.currency, o.debtor

-- fragment: order-payment-from
FROM collection_payments p JOIN collection_orders o ON o.id = p.order_id

-- name: order-by-id
SELECT {{order-columns}} {{order-from}} WHERE o.organisation_id = ? AND o.id = ?

-- name: order-payments
SELECT id, status FROM collection_payments WHERE order_id = ? ORDER BY created_at, id

-- name: order-refunds
SELECT id, amount, fee, currency, status, created_at FROM collection_refunds
WHERE order_id = ? ORDER BY created_at, id

-- name: order-count
-- The list's total over /*where*/ (organisation, status, account, creation bounds).
SELECT count(*) FROM collection_orders o WHERE /*where*/

-- name: order-page
SELECT {{order-columns}} {{order-from}} WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: order-find
-- The query is given three times: as an id (lower-cased), a reference, a unique reference
-- (upper-cased).
SELECT {{order-columns}} {{order-from}} WHERE o.organisation_id = ?
	AND (o.id = lower(?) OR o.reference = ? OR o.unique_reference = upper(?))
ORDER BY o.created_at DESC, o.seq DESC LIMIT 50

-- name: order-payment-by-id
SELECT {{order-payment-columns}} {{order-payment-from}} WHERE p.organisation_id = ? AND p.id = ?

-- name: order-payment-find
SELECT {{order-payment-columns}} {{order-payment-from}} WHERE p.organisation_id = ?
	AND (p.id = lower(?) OR p.unique_reference = upper(?)) ORDER BY p.created_at DESC LIMIT 50

-- name: order-history
SELECT status_history FROM collection_orders WHERE id = ?

-- name: order-set-status
-- The reason codes (JSON) and the first of them are NULL when the move keeps them.
UPDATE collection_orders SET status = ?, status_history = ?,
	reason_codes = COALESCE(?, reason_codes), reason_code = COALESCE(?, reason_code)
WHERE id = ?

-- name: order-payment-history
SELECT status_history FROM collection_payments WHERE id = ?

-- name: order-payment-set-status
UPDATE collection_payments SET status = ?, status_history = ? WHERE id = ?

-- name: order-refund-by-key
SELECT order_id, request_hash FROM collection_refunds WHERE organisation_id = ? AND idempotency_key = ?

-- name: order-refund-fee
SELECT fee FROM collection_refund_fees WHERE organisation_id = ? AND currency = ?

-- name: order-refund-insert
INSERT INTO collection_refunds (id, order_id, organisation_id, amount, fee, currency, status,
	idempotency_key, request_hash, booked_tx, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: order-payment-credited
UPDATE collection_payments SET credited_tx = ? WHERE id = ? AND credited_tx IS NULL

-- name: order-refund-open
SELECT id, amount, status FROM collection_refunds WHERE order_id = ?
	AND status IN ('processing', 'action_required') ORDER BY created_at DESC LIMIT 1

-- name: order-refund-completed
UPDATE collection_refunds SET status = 'completed' WHERE id = ?

-- name: order-refund-returned
UPDATE collection_refunds SET status = 'returned', returned_tx = ? WHERE id = ? AND returned_tx IS NULL

-- name: order-lock
-- A write body's first read of an order (docs/store.md, "Row locks of the write bodies"):
-- nothing to lock on SQLite, whose one writer serialises the bodies.
SELECT count(*) FROM collection_orders WHERE organisation_id = ? AND id = ?

-- name: order-lock@postgres
SELECT id FROM collection_orders WHERE organisation_id = ? AND id = ? FOR NO KEY UPDATE
