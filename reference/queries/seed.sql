-- The seed loader (load.go): what (*Store).Load writes that no public method can, fixed ids
-- and past times included. Only an empty store is loaded.

-- name: seed-count-organisations
SELECT count(*) FROM organisations

-- name: seed-organisation-insert
INSERT INTO organisations (id, name, ordering_institution, country_iso, line1, line2, city, postal_code, state, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-configuration-insert
INSERT INTO organisation_configurations (organisation_id, manual_payouts_enabled, batches_enabled,
    batch_number_of_approvers, manual_payout_number_of_approvers, customer_ab_testing, fx_widget_enabled)
VALUES (?, ?, ?, ?, ?, ?, ?)

-- name: seed-product-insert
INSERT INTO contracted_products (id, organisation_id, kind, name, currency_iso, local_instrument) VALUES (?, ?, ?, ?, ?, ?)

-- name: seed-flag-insert
INSERT INTO feature_flags (organisation_id, name, enabled) VALUES (?, ?, ?)

-- name: seed-alert-insert
INSERT INTO alerts (id, organisation_id, alert_type, alert_message, created_at) VALUES (?, ?, ?, ?, ?)

-- name: seed-user-insert
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, skip_mfa, disabled,
    has_verify_setup, has_phone, mfa_configured, mfa_enabled)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-membership-insert
INSERT INTO memberships (user_id, organisation_id, role, is_default) VALUES (?, ?, ?, ?)

-- name: seed-totp-insert
INSERT INTO totp_factors (user_id, secret, status, created_at, activated_at) VALUES (?, ?, 'active', ?, ?)

-- name: seed-phone-insert
INSERT INTO phones (user_id, country_iso, calling_code, number, confirmed, created_at, confirmed_at)
VALUES (?, ?, ?, ?, 1, ?, ?)

-- name: seed-push-insert
INSERT INTO push_devices (user_id, push_enabled, created_at) VALUES (?, 1, ?)

-- name: seed-account-insert
INSERT INTO accounts (account_number, owner_organisation_id, name, currency_code, currency_name, balance, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?)

-- name: seed-account-share-insert
INSERT INTO account_shares (account_number, organisation_id) VALUES (?, ?)

-- name: seed-funding-insert
INSERT INTO funding_instructions (account_number, uuid, currency_iso, funding_reference,
    changed, full_name, iban, bank_name, bank_address, beneficiary_account, sort_code, swift_code, crypto_network,
    wallet_address, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-member-insert
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, skip_mfa)
VALUES (?, ?, ?, ?, ?, ?, 1)

-- name: seed-fx-markup-insert
INSERT INTO fx_markups (id, organisation_id, pay_currency_iso, buy_currency_iso, markup_bps) VALUES (?, ?, ?, ?, ?)

-- name: seed-payout-reports-through
SELECT coalesce(max(seq), 0) FROM payout_requests

-- name: seed-payout-report-insert
INSERT INTO payout_reports (id, organisation_id, account_number, period_from, period_to,
    state_categories, through_seq, requested_by, state, attempts, csv_file_id, row_count, created_at, ready_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-payout-report-chunk-insert
INSERT INTO payout_report_chunks (file_id, n, report_id, data) VALUES (?, ?, ?, ?)

-- name: seed-large-account-set
-- The large account's balance and entry count, once its lines are in.
UPDATE accounts SET balance = ?, entry_count = ? WHERE account_number = ?

-- name: seed-entry-type-count-insert
INSERT INTO ledger_entry_type_counts (account_number, entry_type, n) VALUES (?, ?, ?)

-- name: seed-withdrawal-account-insert
INSERT INTO withdrawal_accounts (uuid, id, organisation_id, kind, currency, iban, account_number, bank_name,
    bank_clearing_system_id, label, local_instrument, party_name, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-withdrawal-link-insert
INSERT INTO withdrawal_account_authorizations (id, organisation_id, virtual_account_number, withdrawal_account_uuid,
    status, created_at)
VALUES (?, ?, ?, ?, ?, ?)

-- name: seed-withdrawal-limit-insert
INSERT INTO withdrawal_limits (organisation_id, currency_code, max_amount) VALUES (?, ?, ?)

-- name: seed-business-unit-insert
INSERT INTO business_units (id, organisation_id, name) VALUES (?, ?, ?)

-- name: seed-payout-insert
INSERT INTO payout_requests (id, organisation_id, virtual_account_number, state, reason_code, amount, currency, created_at,
    unique_reference, end_to_end_id, amount_key, fee, purpose_code, local_instrument, business_unit,
    requested_execution_date, source, batch_id, creator_name, sections, errors, status_transitions, cancellations, reviews,
    updated_at, reserved_tx, released_tx, due_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-refund-fee-insert
INSERT INTO collection_refund_fees (organisation_id, currency, fee) VALUES (?, ?, ?)

-- name: seed-collection-order-insert
INSERT INTO collection_orders (id, organisation_id, virtual_account_number, reference, unique_reference,
    business_unit_id, status, reason_codes, reason_code, amount, currency, debtor, status_history, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-collection-payment-insert
INSERT INTO collection_payments (id, order_id, organisation_id, unique_reference, type, status,
    debtor_country, debtor_bank_name, status_history, created_at, credited_tx)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-collection-refund-insert
INSERT INTO collection_refunds (id, order_id, organisation_id, amount, fee, currency, status,
    request_hash, booked_tx, returned_tx, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?)

-- name: seed-draft-insert
INSERT INTO payout_drafts (id, organisation_id, created_by, creator_name, product_id, schema_id, status, field_values,
    field_errors, saved_sections, debtor_account, amount, currency, end_to_end_id, approvals_required, payout_reference,
    payout_state, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-draft-review-insert
INSERT INTO payout_draft_reviews (draft_id, user_id, user_name, kind, created_at) VALUES (?, ?, ?, ?, ?)

-- name: seed-batch-insert
INSERT INTO batches (id, organisation_id, name, filename, status, schema_id, local_instrument, currency, country,
    created_at, creator_id, creator_name, rows_count, total_amount, file_hash, approvals, rejections, published_rows)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)

-- name: seed-batch-payout-insert
INSERT INTO batch_payouts (id, batch_id, organisation_id, line, end_to_end_id, virtual_account_number, amount, currency,
    local_instrument, purpose_code, requested_execution_date, sections, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, ?)

-- name: seed-payout-batch-set
UPDATE payout_requests SET batch_id = ?, reviews = ? WHERE id = ?
