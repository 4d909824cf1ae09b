-- Payout requests: creation, reading, the list (with the items waiting for approval), the
-- lifecycle's reads and moves, and cancellation (payouts.go, payouts_actions.go,
-- payouts_lifecycle.go).

-- fragment: payout-list-columns
p.seq, p.id, p.unique_reference, p.end_to_end_id, p.state, p.reason_code, p.requested_execution_date,
p.amount, p.fee, p.currency, p.purpose_code, p.local_instrument, p.business_unit, coalesce(b.name, ''), p.updated_at,
p.created_at, p.creator_name, p.source, p.batch_id, p.virtual_account_number, p.cancel_requested, p.sections

-- fragment: payout-full-columns
{{payout-list-columns}}, p.errors, p.status_transitions, p.cancellations, p.reviews

-- fragment: payout-from
FROM payout_requests p LEFT JOIN business_units b ON b.id = p.business_unit

-- fragment: payout-amount-key
-- The amounts of the items waiting for approval are stored as typed (non-negative, with a
-- point or none); this is amountKey (payouts.go) over the column amount of the one table
-- an arm of payout-waiting reads it from: 20 integer digits, a point, 18 decimals.
substr('00000000000000000000' || (CASE WHEN instr(amount, '.') > 0 THEN substr(amount, 1, instr(amount, '.') - 1) ELSE amount END), -20)
|| '.' || substr((CASE WHEN instr(amount, '.') > 0 THEN substr(amount, instr(amount, '.') + 1) ELSE '' END) || '000000000000000000', 1, 18)

-- fragment: payout-amount-key@postgres
-- PostgreSQL has strpos for instr, and its substr takes no negative start: right keeps the
-- last 20 characters instead.
right('00000000000000000000' || (CASE WHEN strpos(amount, '.') > 0 THEN substr(amount, 1, strpos(amount, '.') - 1) ELSE amount END), 20)
|| '.' || substr((CASE WHEN strpos(amount, '.') > 0 THEN substr(amount, strpos(amount, '.') + 1) ELSE '' END) || '000000000000000000', 1, 18)

-- fragment: payout-waiting
-- The items waiting for approval (provider.StatusPendingApproval) with payout_requests'
-- column names: the drafts in review and the rows of the batches waiting for approval, each
-- with what the list shows of it. kind tells them apart; a draft's sections column is its
-- typed values (scanPayout turns them into the payout's sections). A draft's local
-- instrument is its catalogue product's, known only in Go: the column carries the draft's
-- product id, which scanPayout turns into the product's transfer type, so a filter on the
-- instrument (a transfer type, never a product id) leaves drafts out. 1099511627776 (1 << 40,
-- waitingSeqBase) lifts their keys above every payout's seq (drafts even, batch rows odd), so
-- the list's (created_at, seq) keys stay
-- unique and positive. The state and sources are provider.StatePendingApproval,
-- SourceManual and SourceCSV.
SELECT 1099511627776 + 2 * d.seq AS seq, d.id AS id, '' AS unique_reference,
	d.end_to_end_id AS end_to_end_id, 'pending_approval' AS state, '' AS reason_code,
	{{draft-requested-execution-date}} AS requested_execution_date,
	d.amount AS amount, '' AS fee, d.currency AS currency,
	{{draft-purpose-code}} AS purpose_code, d.product_id AS local_instrument,
	{{draft-business-unit}} AS business_unit, d.updated_at AS updated_at,
	d.created_at AS created_at, d.creator_name AS creator_name, 'manual' AS source, '' AS batch_id,
	d.debtor_account AS virtual_account_number, 0 AS cancel_requested, d.field_values AS sections,
	d.organisation_id AS organisation_id, {{payout-amount-key}} AS amount_key, 'draft' AS kind
	FROM payout_drafts d WHERE d.status = 'waiting_review'
	UNION ALL
	SELECT 1099511627776 + 2 * r.seq + 1, r.id, '', r.end_to_end_id, 'pending_approval', '',
	r.requested_execution_date, r.amount, '', r.currency, r.purpose_code, r.local_instrument, r.business_unit, bt.created_at,
	r.created_at, bt.creator_name, 'csv', bt.id, r.virtual_account_number, 0, r.sections,
	r.organisation_id, {{payout-amount-key}}, 'batch'
	FROM batch_payouts r JOIN batches bt ON bt.id = r.batch_id WHERE bt.status = 'waiting_review'

-- A draft's fields, read from its JSON values: json_extract on SQLite, #>> on PostgreSQL. They
-- are fragments so PostgreSQL's pool swaps them inside the list statements the code completes
-- at run time (db.Queries.FragmentVariants).
-- fragment: draft-requested-execution-date
coalesce(json_extract(d.field_values, '$.payout_request.requested_execution_date'), '')

-- fragment: draft-requested-execution-date@postgres
coalesce(d.field_values::jsonb #>> '{payout_request,requested_execution_date}', '')

-- fragment: draft-purpose-code
coalesce(json_extract(d.field_values, '$.payout_request.purpose_code'), '')

-- fragment: draft-purpose-code@postgres
coalesce(d.field_values::jsonb #>> '{payout_request,purpose_code}', '')

-- fragment: draft-business-unit
coalesce(json_extract(d.field_values, '$.payout_request.business_unit'), '')

-- fragment: draft-business-unit@postgres
coalesce(d.field_values::jsonb #>> '{payout_request,business_unit}', '')

-- fragment: payout-waiting-from
-- payout-from over the items waiting for approval.
FROM ({{payout-waiting}}) p LEFT JOIN business_units b ON b.id = p.business_unit

-- name: payout-sender-organisation
SELECT name, country_iso, city, postal_code FROM organisations WHERE id = ?

-- name: payout-by-end-to-end
SELECT unique_reference, request_hash FROM payout_requests
WHERE organisation_id = ? AND end_to_end_id = ?

-- name: payout-account-currency
SELECT currency_code FROM accounts
WHERE account_number = ? AND owner_organisation_id = ? AND kind = 'customer'

-- name: payout-business-unit-count
SELECT count(*) FROM business_units WHERE id = ? AND organisation_id = ?

-- name: payout-insert
-- status_transitions is given whole (the first transition, made in Go).
INSERT INTO payout_requests (id, organisation_id, virtual_account_number, state,
	amount, currency, created_at, unique_reference, end_to_end_id, amount_key, fee, purpose_code, local_instrument,
	business_unit, requested_execution_date, source, batch_id, created_by, creator_name, request_hash, sections,
	reviews, status_transitions, updated_at, due_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: payout-by-reference
SELECT {{payout-list-columns}} {{payout-from}} WHERE p.organisation_id = ? AND p.unique_reference = ?

-- name: payout-full-by-reference
SELECT {{payout-full-columns}} {{payout-from}} WHERE p.organisation_id = ? AND p.unique_reference = ?

-- name: payout-find
-- The query is given twice: as a reference (upper-cased) and as an end-to-end id.
SELECT {{payout-list-columns}} {{payout-from}}
WHERE p.organisation_id = ? AND (p.unique_reference = upper(?) OR p.end_to_end_id = ?)
ORDER BY p.created_at DESC, p.seq DESC

-- name: payout-count
-- The list's total, row by row, over /*where*/ (payoutWhere, createdWithin).
SELECT count(*) FROM payout_requests p WHERE /*where*/

-- name: payout-count-days
-- The list's total over whole days, from the counts the triggers keep.
SELECT coalesce(sum(c.n), 0) FROM payout_counts c WHERE /*where*/

-- name: payout-waiting-count
SELECT count(*) {{payout-waiting-from}} WHERE /*where*/

-- name: payout-page
-- One page of the list: each side reads its own page in the list's order (the payouts' side
-- by its index), and the two are merged, so one query gives one page whatever the mix.
SELECT * FROM (SELECT {{payout-list-columns}}, 'payout' AS kind {{payout-from}}
	WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/) AS payouts
UNION ALL
SELECT * FROM (SELECT {{payout-list-columns}}, p.kind AS kind {{payout-waiting-from}}
	WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/) AS waiting
ORDER BY /*outer*/ LIMIT /*limit*/

-- name: payout-business-units
SELECT id, name FROM business_units WHERE organisation_id = ? ORDER BY name, id

-- name: payout-products
SELECT id, name, currency_iso, local_instrument FROM contracted_products
WHERE organisation_id = ? AND kind = 'payout' ORDER BY name, id

-- name: payout-account-currencies
SELECT DISTINCT currency_code FROM accounts
WHERE owner_organisation_id = ? AND kind = 'customer'

-- name: payout-cancel-request
UPDATE payout_requests SET cancel_requested = 1, due_at = ?,
	cancellations = json_insert(cancellations, '$[#]', json_object('initiator_type', ?, 'initiator_name', ?, 'created_at', ?))
WHERE id = ?

-- name: payout-cancel-request@postgres
-- The column is JSON text on both engines; jsonb appends the object (its keys in jsonb's
-- order, which no reader depends on: the code decodes the array).
UPDATE payout_requests SET cancel_requested = 1, due_at = ?,
	cancellations = (cancellations::jsonb || jsonb_build_array(jsonb_build_object('initiator_type', ?::text,
		'initiator_name', ?::text, 'created_at', ?::text)))::text
WHERE id = ?

-- fragment: payout-row-select
SELECT seq, id, organisation_id, virtual_account_number, state, reason_code, currency,
	unique_reference, end_to_end_id, local_instrument, requested_execution_date, purpose_code, amount, fee, cancel_requested,
	coalesce(reserved_tx, ''), coalesce(released_tx, ''), coalesce(lease_token, ''), sections
FROM payout_requests

-- name: payout-row-by-id
{{payout-row-select}} WHERE id = ?

-- name: payout-row-by-id@postgres
-- Every reader of a payout row is a write body (a processor step, a cancellation, a test
-- case): the row stays locked until it commits, so a cancellation cannot release what a step
-- is completing (docs/store.md, "Row locks of the write bodies").
{{payout-row-select}} WHERE id = ? FOR NO KEY UPDATE

-- name: payout-row-by-reference
{{payout-row-select}} WHERE organisation_id = ? AND unique_reference = ?

-- name: payout-row-by-reference@postgres
{{payout-row-select}} WHERE organisation_id = ? AND unique_reference = ? FOR NO KEY UPDATE

-- name: payout-move
-- errors is NULL when the move leaves the findings as they are.
UPDATE payout_requests SET state = ?, reason_code = ?, updated_at = ?,
	status_transitions = json_insert(status_transitions, '$[#]', json_object('name', ?, 'timestamp', ?)),
	due_at = ?, lease_token = NULL, lease_until = NULL, attempts = 0, errors = COALESCE(?, errors)
WHERE id = ?

-- name: payout-move@postgres
-- json_insert's append as jsonb ||, as payout-cancel-request@postgres.
UPDATE payout_requests SET state = ?, reason_code = ?, updated_at = ?,
	status_transitions = (status_transitions::jsonb || jsonb_build_array(jsonb_build_object('name', ?::text,
		'timestamp', ?::text)))::text,
	due_at = ?, lease_token = NULL, lease_until = NULL, attempts = 0, errors = COALESCE(?::text, errors)
WHERE id = ?

-- The payout processor's job queue (jobs.go): every payout request is its own job, due once
-- due_at has passed. A payout that used up its attempts waits for someone to look (due_at NULL).

-- name: payout-job-expired
SELECT id, attempts FROM payout_requests
  WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1

-- name: payout-job-expired@postgres
-- Claimed across processes once: the row is locked from the lookup to the claim, and a row
-- another worker is claiming is skipped (docs/store.md, "Row locks of the write bodies").
SELECT id, attempts FROM payout_requests
  WHERE lease_token IS NOT NULL AND lease_until < ? ORDER BY lease_until LIMIT 1 FOR UPDATE SKIP LOCKED

-- name: payout-job-due
SELECT id, attempts FROM payout_requests
  WHERE lease_token IS NULL AND due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, seq LIMIT 1

-- name: payout-job-due@postgres
-- Claimed across processes once: the row is locked from the lookup to the claim, and a row
-- another worker is claiming is skipped (docs/store.md, "Row locks of the write bodies").
SELECT id, attempts FROM payout_requests
  WHERE lease_token IS NULL AND due_at IS NOT NULL AND due_at <= ? ORDER BY due_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED

-- name: payout-job-give-up
UPDATE payout_requests SET due_at = NULL, lease_token = NULL, lease_until = NULL, attempts = 0
  WHERE id = ?

-- name: payout-job-claim
UPDATE payout_requests SET attempts = attempts + 1, lease_token = ?, lease_until = ? WHERE id = ?

-- name: payout-job-renew
UPDATE payout_requests SET lease_until = ? WHERE id = ? AND lease_token = ?

-- name: payout-schedule
UPDATE payout_requests SET due_at = ?, lease_token = NULL, lease_until = NULL,
	attempts = 0 WHERE id = ?

-- name: payout-set-instrument
UPDATE payout_requests SET local_instrument = ? WHERE id = ?

-- name: payout-set-reserved
UPDATE payout_requests SET reserved_tx = ? WHERE id = ? AND reserved_tx IS NULL

-- name: payout-set-released
UPDATE payout_requests SET released_tx = ? WHERE id = ? AND released_tx IS NULL

-- name: payout-cancel-done
UPDATE payout_requests SET cancel_requested = 0 WHERE id = ?

-- name: payout-insufficient
SELECT p.id, p.virtual_account_number, p.currency, p.amount, p.fee, a.balance
FROM payout_requests p JOIN accounts a ON a.account_number = p.virtual_account_number
WHERE p.state = 'insufficient_funds' AND p.due_at IS NULL AND p.lease_token IS NULL
ORDER BY p.virtual_account_number, p.seq

-- name: payout-wake-funded
UPDATE payout_requests SET due_at = ?
WHERE id = ? AND state = 'insufficient_funds' AND due_at IS NULL

-- A payout's creditor country, read from its JSON sections. No query here splices it yet: the
-- seed's completed batches (batches_seed.go) read it in a statement of their own, written
-- before the seed's SQL moved to seed.sql, and the PostgreSQL pool swaps this text wherever it
-- appears, so that statement runs on both engines. The statement should name the fragment
-- when it moves.
-- fragment: payout-creditor-country
json_extract(sections, '$.creditor.country_code')

-- fragment: payout-creditor-country@postgres
(sections::jsonb -> 'creditor' ->> 'country_code')
