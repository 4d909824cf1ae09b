-- Signing keys and the crypto widget's access check (crypto.go).

-- name: signing-key
SELECT key FROM signing_keys WHERE purpose = ?

-- name: signing-key-insert
INSERT INTO signing_keys (purpose, key, created_at) VALUES (?, ?, ?)

-- name: crypto-member-role
SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.user_id = ? AND m.organisation_id = ? AND u.disabled = 0
