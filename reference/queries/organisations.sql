-- Organisations: memberships, settings, feature flags, alerts and the accounts an organisation
-- sees (organisations.go). Names sort by lower(): SQLite folds ASCII there as COLLATE NOCASE
-- does, and PostgreSQL has no NOCASE collation.

-- fragment: membership-columns
o.id, o.name, o.ordering_institution, o.country_iso, o.line1, o.line2,
  o.city, o.postal_code, o.state, m.role, m.is_default

-- name: memberships
SELECT {{membership-columns}}
  FROM memberships m JOIN organisations o ON o.id = m.organisation_id
  WHERE m.user_id = ?
  ORDER BY lower(o.name), o.id

-- name: membership
SELECT {{membership-columns}}
  FROM memberships m JOIN organisations o ON o.id = m.organisation_id
  WHERE m.user_id = ? AND m.organisation_id = ?

-- name: membership-count
SELECT count(*) FROM memberships WHERE user_id = ? AND organisation_id = ?

-- name: membership-default-clear
UPDATE memberships SET is_default = 0
  WHERE user_id = ? AND organisation_id <> ? AND is_default = 1

-- name: membership-default-set
UPDATE memberships SET is_default = 1
  WHERE user_id = ? AND organisation_id = ?

-- name: organisation-count
SELECT count(*) FROM organisations WHERE id = ?

-- name: organisation-configuration
-- An organisation without a settings row has everything off.
SELECT
  coalesce(c.manual_payouts_enabled, 0), coalesce(c.batches_enabled, 0),
  coalesce(c.batch_number_of_approvers, 0), coalesce(c.manual_payout_number_of_approvers, 0),
  coalesce(c.customer_ab_testing, 0), coalesce(c.fx_widget_enabled, 0)
  FROM organisations o LEFT JOIN organisation_configurations c ON c.organisation_id = o.id
  WHERE o.id = ?

-- name: contracted-products
SELECT
  (SELECT count(*) FROM contracted_products WHERE organisation_id = o.id AND kind = 'payout'),
  (SELECT count(*) FROM contracted_products WHERE organisation_id = o.id AND kind = 'collection')
  FROM organisations o WHERE o.id = ?

-- name: feature-flags
SELECT name, enabled FROM feature_flags WHERE organisation_id = ?

-- name: alerts
SELECT id, alert_type, alert_message FROM alerts
  WHERE organisation_id = ? ORDER BY created_at, id

-- name: organisation-accounts
-- Owned accounts, then those shared with the organisation, each group by name. Arguments: the
-- organisation, three times. The union is wrapped because neither engine orders a compound
-- SELECT by an expression.
SELECT account_number, name, currency_code, currency_name, balance, owner FROM (
  SELECT account_number, name, currency_code, currency_name, balance, 1 AS owner
    FROM accounts WHERE owner_organisation_id = ?
  UNION ALL
  SELECT a.account_number, a.name, a.currency_code, a.currency_name, a.balance, 0
    FROM account_shares sh JOIN accounts a ON a.account_number = sh.account_number
    WHERE sh.organisation_id = ? AND a.owner_organisation_id IS DISTINCT FROM ?
) visible
ORDER BY owner DESC, lower(name), account_number

-- name: organisation-lock
-- A write body that checks something of the whole organisation (its last admin) before it
-- writes locks the organisation's row first (docs/store.md, "Row locks of the write
-- bodies"); nothing to lock on SQLite, whose one writer serialises the bodies.
SELECT count(*) FROM organisations WHERE id = ?

-- name: organisation-lock@postgres
SELECT id FROM organisations WHERE id = ? FOR NO KEY UPDATE

-- name: user-lock
-- A user's default organisation is moved under the user's row lock.
SELECT count(*) FROM users WHERE id = ?

-- name: user-lock@postgres
SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE
