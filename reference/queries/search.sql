-- The movement search (spec 000 §7) and a movement read on its own (ledger_search.go).

-- fragment: search-hits
-- The accounts the organisation owns (not those shared with it, whose movements are their
-- owner's, nor the provider's system accounts, which carry the same references) and the
-- entries whose reference, order id, own id or transaction end-to-end id is the query (the
-- id as a number, -1 when it is none). Arguments: organisation, query, query, id, query.
-- Each branch is one lookup in its own index (0008), so the cost follows the number of hits,
-- not the size of the ledger. The <> '' terms let SQLite use the partial indexes.
WITH readable(account_number) AS (
	SELECT account_number FROM accounts WHERE owner_organisation_id = ? AND kind = 'customer'
), hits(seq) AS (
	SELECT seq FROM ledger_entries WHERE reference = ? AND reference <> ''
	UNION SELECT seq FROM ledger_entries WHERE order_id = ? AND order_id <> ''
	UNION SELECT seq FROM ledger_entries WHERE seq = ?
	UNION SELECT e.seq FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
		WHERE t.end_to_end_id = ? AND t.end_to_end_id <> ''
)

-- fragment: search-from
-- /*where*/ is the creation bounds, each starting with AND.
FROM ledger_entries e JOIN hits h ON h.seq = e.seq
WHERE e.account_number IN (SELECT account_number FROM readable) /*where*/

-- name: search-count
{{search-hits}}
SELECT count(*) {{search-from}}

-- name: search-page
{{search-hits}}
SELECT e.seq, e.created_at, e.reference, e.order_id, e.entry_type,
	e.amount, e.running_balance, e.currency, e.account_number {{search-from}}
	/*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- name: search-movement
-- The ledger's entry columns, in scanEntry's order.
SELECT seq, created_at, reference, order_id, entry_type, amount, running_balance, currency
FROM ledger_entries WHERE seq = ? AND account_number = ?
