-- Exchange-rate markups per organisation (fx.go); the rates themselves are Go's rate book.

-- name: fx-markup
-- The most specific row: fewest wildcards, and an exact pay currency before an exact buy one.
-- CASE rather than adding comparisons, which PostgreSQL's booleans do not allow.
SELECT markup_bps FROM fx_markups
  WHERE organisation_id = ? AND pay_currency_iso IN (?, 'ANY') AND buy_currency_iso IN (?, 'ANY')
  ORDER BY CASE WHEN pay_currency_iso = 'ANY' THEN 1 ELSE 0 END + CASE WHEN buy_currency_iso = 'ANY' THEN 1 ELSE 0 END,
  CASE WHEN pay_currency_iso = 'ANY' THEN 1 ELSE 0 END
  LIMIT 1

-- name: fx-markups
SELECT id, buy_currency_iso, pay_currency_iso FROM fx_markups
  WHERE organisation_id = ? ORDER BY pay_currency_iso, buy_currency_iso
