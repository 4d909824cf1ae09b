-- Authentication: MFA factors (TOTP, phone and SMS codes, push approvals), password tokens and
-- invitations (auth.go, auth_totp.go, auth_sms.go, auth_push.go, auth_passwords.go). Times
-- come from Go (the store's clock), as formatted text.

-- name: user-mfa-refresh
UPDATE users SET mfa_configured = 1, mfa_enabled = 1
  WHERE id = ? AND has_verify_setup = 1 AND has_phone = 1

-- name: totp-factor
SELECT secret, status FROM totp_factors WHERE user_id = ?

-- name: totp-factor-insert
INSERT INTO totp_factors (user_id, secret, status, created_at) VALUES (?, ?, 'pending', ?)

-- name: totp-factor-activate
UPDATE totp_factors SET status = 'active', last_step = ?, activated_at = ? WHERE user_id = ?

-- name: user-verify-setup
UPDATE users SET has_verify_setup = 1 WHERE id = ?

-- name: totp-factor-active
SELECT secret, last_step FROM totp_factors WHERE user_id = ? AND status = 'active'

-- name: totp-step-advance
UPDATE totp_factors SET last_step = ? WHERE user_id = ? AND last_step < ?

-- name: phone-confirmed
SELECT confirmed FROM phones WHERE user_id = ?

-- name: phone-upsert
INSERT INTO phones (user_id, country_iso, calling_code, number, confirmed,
  code_hash, code_expires_at, code_attempts, created_at)
  VALUES (?, ?, ?, ?, 0, ?, ?, 0, ?)
  ON CONFLICT (user_id) DO UPDATE SET country_iso = excluded.country_iso, calling_code = excluded.calling_code,
  number = excluded.number, code_hash = excluded.code_hash, code_expires_at = excluded.code_expires_at,
  code_attempts = 0, created_at = excluded.created_at

-- name: phone-code
SELECT confirmed, code_hash, code_expires_at, code_attempts FROM phones WHERE user_id = ?

-- name: phone-code-miss
UPDATE phones SET code_attempts = code_attempts + 1 WHERE user_id = ?

-- name: phone-confirm
UPDATE phones SET confirmed = 1, code_hash = NULL, code_expires_at = NULL,
  code_attempts = 0, confirmed_at = ? WHERE user_id = ?

-- name: user-has-phone
UPDATE users SET has_phone = 1 WHERE id = ?

-- name: phone-confirmed-number
SELECT calling_code, number FROM phones WHERE user_id = ? AND confirmed = 1

-- name: sms-codes-prune
DELETE FROM sms_login_codes WHERE expires_at < ?

-- name: sms-code-upsert
INSERT INTO sms_login_codes (user_id, login_id, code_hash, created_at, expires_at)
  VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (user_id, login_id) DO UPDATE SET code_hash = excluded.code_hash, created_at = excluded.created_at,
  expires_at = excluded.expires_at, attempts = 0, spent = 0

-- name: sms-code
SELECT code_hash, expires_at, attempts, spent FROM sms_login_codes
  WHERE user_id = ? AND login_id = ?

-- name: sms-code-miss
UPDATE sms_login_codes SET attempts = attempts + 1 WHERE user_id = ? AND login_id = ?

-- name: sms-code-spend
UPDATE sms_login_codes SET spent = 1 WHERE user_id = ? AND login_id = ? AND spent = 0

-- name: push-device
SELECT push_enabled FROM push_devices WHERE user_id = ?

-- name: push-approvals-prune
DELETE FROM push_approvals WHERE expires_at < ?

-- name: push-approval-pending-for-login
SELECT id, created_at FROM push_approvals
  WHERE user_id = ? AND login_id = ? AND status = 'pending' AND expires_at > ?
  ORDER BY created_at DESC LIMIT 1

-- name: push-approvals-pending-count
SELECT count(*) FROM push_approvals
  WHERE user_id = ? AND status = 'pending' AND expires_at > ?

-- name: push-approval-insert
INSERT INTO push_approvals (id, user_id, login_id, status, created_at, expires_at)
  VALUES (?, ?, ?, 'pending', ?, ?)

-- name: push-approval
SELECT a.id, a.user_id, u.email, a.status, a.created_at, a.expires_at
  FROM push_approvals a JOIN users u ON u.id = a.user_id
  WHERE a.id = ? AND a.user_id = ? AND a.login_id = ?

-- name: push-approval-state
SELECT status, expires_at FROM push_approvals WHERE id = ?

-- name: push-approval-decide
UPDATE push_approvals SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'

-- name: push-approvals-pending
SELECT a.id, a.user_id, u.email, a.status, a.created_at, a.expires_at
  FROM push_approvals a JOIN users u ON u.id = a.user_id
  WHERE a.status = 'pending' AND a.expires_at > ?
  ORDER BY a.created_at DESC, a.rowid DESC LIMIT ?

-- name: push-approvals-pending@postgres
-- PostgreSQL has no rowid; its push_approvals has seq for the same order.
SELECT a.id, a.user_id, u.email, a.status, a.created_at, a.expires_at
  FROM push_approvals a JOIN users u ON u.id = a.user_id
  WHERE a.status = 'pending' AND a.expires_at > ?
  ORDER BY a.created_at DESC, a.seq DESC LIMIT ?

-- name: user-password-by-email
SELECT id, password_hash, disabled FROM users WHERE email = ?

-- name: password-tokens-prune
DELETE FROM password_tokens WHERE expires_at < ?

-- name: password-resets-spend
UPDATE password_tokens SET spent_at = ?
  WHERE user_id = ? AND kind = 'reset' AND spent_at IS NULL

-- name: password-reset-insert
INSERT INTO password_tokens (token_hash, kind, user_id, created_at, expires_at)
  VALUES (?, 'reset', ?, ?, ?)

-- name: password-token
SELECT p.user_id, u.email, u.disabled, p.expires_at, p.spent_at
  FROM password_tokens p JOIN users u ON u.id = p.user_id
  WHERE p.token_hash = ? AND p.kind = ?

-- name: invitation-by-token
SELECT i.id, i.organisation_id, o.name, i.email, i.first_name, i.last_name, i.role, i.expires_at,
  EXISTS (SELECT 1 FROM users u WHERE u.email = i.email AND u.password_hash <> '')
  FROM invitations i JOIN organisations o ON o.id = i.organisation_id
  WHERE i.token_hash = ? AND i.accepted_at IS NULL

-- name: user-id-by-email
SELECT id FROM users WHERE email = ?

-- name: user-insert
INSERT INTO users (id, email, password_hash, first_name, last_name, created_at)
  VALUES (?, ?, ?, ?, ?, ?)

-- name: user-accept-invitation
UPDATE users SET password_hash = ?, first_name = ?, last_name = ? WHERE id = ?

-- name: membership-join
INSERT INTO memberships (user_id, organisation_id, role, is_default)
  VALUES (?, ?, ?, CASE WHEN EXISTS (SELECT 1 FROM memberships WHERE user_id = ?) THEN 0 ELSE 1 END)
  ON CONFLICT (user_id, organisation_id) DO NOTHING

-- name: invitation-accepted
UPDATE invitations SET accepted_at = ? WHERE id = ?

-- name: password-tokens-spend
UPDATE password_tokens SET spent_at = ?
  WHERE user_id = ? AND (token_hash = ? OR (kind = 'reset' AND spent_at IS NULL))

-- name: user-set-password
UPDATE users SET password_hash = ? WHERE id = ?

-- name: invitation-insert
INSERT INTO invitations (id, organisation_id, email, first_name, last_name, role, token_hash,
  created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
