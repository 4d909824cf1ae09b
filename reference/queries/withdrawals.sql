-- Withdrawals: the organisation's withdrawal accounts and their authorisations, the checks
-- and the review before a withdrawal, the requests, their list and their moves
-- (withdrawals.go).

-- fragment: withdrawal-account-columns
uuid, id, kind, currency, iban, account_number, bank_name, bank_clearing_system_id, label,
local_instrument, party_name

-- fragment: withdrawal-columns
w.seq, w.id, w.reference, w.external_reference, w.debtor_account_number, w.amount, w.currency_code,
w.converted_amount, w.converted_currency, w.exchange_rate, w.status, w.created_at, w.creditor, w.status_transitions

-- name: withdrawal-accounts
SELECT {{withdrawal-account-columns}} FROM withdrawal_accounts
WHERE organisation_id = ? ORDER BY label, id

-- name: withdrawal-authorizations
-- The status is given twice: '' lists every status.
SELECT id, virtual_account_number, withdrawal_account_uuid, status
FROM withdrawal_account_authorizations WHERE organisation_id = ? AND (? = '' OR status = ?)
ORDER BY virtual_account_number, created_at, id

-- name: withdrawal-debtor
SELECT account_number, name, currency_code, balance, owner_organisation_id, kind
FROM accounts WHERE account_number = ?

-- name: withdrawal-creditor
-- The organisation's withdrawal account, if it is authorised for the debtor account.
SELECT {{withdrawal-account-columns}} FROM withdrawal_accounts w
WHERE w.uuid = ? AND w.organisation_id = ? AND EXISTS (SELECT 1 FROM withdrawal_account_authorizations z
	WHERE z.withdrawal_account_uuid = w.uuid AND z.virtual_account_number = ? AND z.status = 'active')

-- name: withdrawal-limit
SELECT max_amount FROM withdrawal_limits WHERE organisation_id = ? AND currency_code = ?

-- name: withdrawal-external-reference-count
SELECT count(*) FROM withdrawal_requests WHERE organisation_id = ? AND external_reference = ?

-- name: withdrawal-review-insert
INSERT INTO withdrawal_reviews (id, organisation_id, debtor_account_number,
	withdrawal_account_uuid, amount, currency_code, converted_amount, converted_currency, exchange_rate, end_to_end_id,
	creditor, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: withdrawal-review-by-id
SELECT v.id, v.debtor_account_number, v.amount, v.currency_code, v.converted_amount,
	v.converted_currency, v.exchange_rate, v.end_to_end_id, v.creditor, v.expires_at, w.reference
FROM withdrawal_reviews v LEFT JOIN withdrawal_requests w ON w.review_id = v.id
WHERE v.id = ? AND v.organisation_id = ?

-- name: withdrawal-by-key
SELECT id, request_hash FROM withdrawal_requests WHERE organisation_id = ? AND idempotency_key = ?

-- name: withdrawal-insert
INSERT INTO withdrawal_requests (id, organisation_id, reference, external_reference,
	debtor_account_number, withdrawal_account_uuid, amount, currency_code, converted_amount, converted_currency,
	exchange_rate, status, creditor, status_transitions, idempotency_key, request_hash, review_id, created_by, debit_tx,
	release_tx, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: withdrawal-by-id-or-reference
SELECT {{withdrawal-columns}} FROM withdrawal_requests w
WHERE w.organisation_id = ? AND (w.id = ? OR w.reference = ?)

-- name: withdrawal-find
-- The query is given three times: as a reference (upper-cased), an id (lower-cased), an
-- external reference.
SELECT {{withdrawal-columns}} FROM withdrawal_requests w
WHERE w.organisation_id = ? AND (w.reference = upper(?) OR w.id = lower(?) OR w.external_reference = ?)
ORDER BY w.created_at DESC, w.seq DESC LIMIT 50

-- name: withdrawal-count
-- The list's total over /*where*/ (organisation, debtor, status, reference, creation bounds).
SELECT count(*) FROM withdrawal_requests w WHERE /*where*/

-- name: withdrawal-page
SELECT {{withdrawal-columns}} FROM withdrawal_requests w WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: withdrawal-move
UPDATE withdrawal_requests SET status = ?, status_transitions = ?, updated_at = ?,
	release_tx = coalesce(?, release_tx) WHERE organisation_id = ? AND id = ? AND release_tx IS NULL

-- name: withdrawal-lock
-- A move's first read of a withdrawal (docs/store.md, "Row locks of the write bodies"):
-- nothing to lock on SQLite, whose one writer serialises the bodies.
SELECT count(*) FROM withdrawal_requests WHERE organisation_id = ? AND (id = ? OR reference = ?)

-- name: withdrawal-lock@postgres
SELECT id FROM withdrawal_requests WHERE organisation_id = ? AND (id = ? OR reference = ?)
  FOR NO KEY UPDATE
