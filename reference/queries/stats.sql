-- Dashboard counts of payouts and collection orders in a window (stats.go).

-- name: payout-stats
SELECT state, reason_code, count(*) FROM payout_requests
  WHERE organisation_id = ? AND created_at >= ? AND created_at < ? GROUP BY state, reason_code

-- name: collection-stats
SELECT status, count(*) FROM collection_orders
  WHERE organisation_id = ? AND created_at >= ? AND created_at < ? GROUP BY status

-- name: payout-stats-waiting
-- The items waiting for approval in the window, counted as the payout list lists them.
SELECT count(*) FROM ({{payout-waiting}}) p
  WHERE p.organisation_id = ? AND p.created_at >= ? AND p.created_at < ?
