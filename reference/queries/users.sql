-- Logins: the users table read by id or e-mail (users.go, auth*.go, user_management.go).

-- fragment: user-columns
id, email, first_name, last_name, created_at,
  has_verify_setup, mfa_configured, mfa_enabled, skip_mfa, has_phone, disabled

-- name: user-by-id
SELECT {{user-columns}} FROM users WHERE id = ?

-- name: user-by-email
SELECT {{user-columns}} FROM users WHERE email = ?

-- name: user-login-by-email
SELECT {{user-columns}}, password_hash FROM users WHERE email = ?
