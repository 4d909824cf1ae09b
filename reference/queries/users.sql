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

-- An organisation's members and pending invitations as one list: the columns of
-- provider.OrgUser, expires_at '' for members. Arguments: the organisation, twice.
-- fragment: org-user-rows
SELECT u.id AS id, u.email AS email, u.first_name, u.last_name, u.created_at, m.role,
    0 AS invited, '' AS expires_at, u.disabled
  FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organisation_id = ?
UNION ALL
SELECT i.id, i.email, i.first_name, i.last_name, i.created_at, i.role, 1, i.expires_at, 0
  FROM invitations i WHERE i.organisation_id = ? AND i.accepted_at IS NULL

-- name: org-users-count
SELECT count(*) FROM ({{org-user-rows}}) u

-- name: org-users-first
-- The user list is keyset paged on the e-mail (unique); the last argument is the LIMIT.
SELECT * FROM ({{org-user-rows}}) u ORDER BY u.email ASC LIMIT ?

-- name: org-users-after
SELECT * FROM ({{org-user-rows}}) u WHERE u.email > ? ORDER BY u.email ASC LIMIT ?

-- name: org-users-before
SELECT * FROM ({{org-user-rows}}) u WHERE u.email < ? ORDER BY u.email DESC LIMIT ?

-- name: org-user
SELECT * FROM ({{org-user-rows}}) u WHERE u.id = ?

-- name: organisation-name
SELECT name FROM organisations WHERE id = ?

-- name: member-email-exists
SELECT EXISTS (SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.organisation_id = ? AND u.email = ?)

-- name: invitation-latest-expiry
SELECT max(expires_at) FROM invitations
  WHERE organisation_id = ? AND email = ? AND accepted_at IS NULL

-- name: invitations-pending-delete
DELETE FROM invitations WHERE organisation_id = ? AND email = ? AND accepted_at IS NULL

-- name: invitation-update
UPDATE invitations SET first_name = ?, last_name = ?, role = ?
  WHERE id = ? AND organisation_id = ? AND accepted_at IS NULL

-- name: membership-set-role
UPDATE memberships SET role = ? WHERE user_id = ? AND organisation_id = ?

-- name: member-role-active
SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.organisation_id = ? AND m.user_id <> ? AND u.disabled = 0 AND u.password_hash <> ''

-- name: user-email-exists
SELECT EXISTS (SELECT 1 FROM users WHERE email = ?)

-- name: user-update
UPDATE users SET first_name = ?, last_name = ?, email = ? WHERE id = ?
