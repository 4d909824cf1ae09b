-- Funding instructions: how money is paid into a virtual account (funding.go).

-- fragment: funding-columns
f.uuid, f.account_number, f.currency_iso, f.changed, f.funding_reference, f.full_name, f.iban,
  f.bank_name, f.bank_address, f.beneficiary_account, f.sort_code, f.swift_code, f.crypto_network, f.wallet_address

-- name: funding-instructions
-- Arguments: the organisation, twice.
SELECT {{funding-columns}} FROM funding_instructions f
  JOIN accounts a ON a.account_number = f.account_number
  WHERE {{account-readable}}
  ORDER BY f.account_number

-- name: funding-instruction
-- Arguments: the account number, then the organisation twice.
SELECT {{funding-columns}} FROM funding_instructions f
  JOIN accounts a ON a.account_number = f.account_number
  WHERE f.account_number = ? AND {{account-readable}}

-- name: funding-instruction-owned
SELECT f.uuid, f.changed FROM funding_instructions f
  JOIN accounts a ON a.account_number = f.account_number
  WHERE f.account_number = ? AND a.kind = 'customer' AND a.owner_organisation_id = ?

-- name: funding-accept-changes
UPDATE funding_instructions SET changed = 0, accepted_at = ? WHERE account_number = ?
