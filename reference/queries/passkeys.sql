-- Passkeys (WebAuthn credentials) of a user (passkeys.go).

-- fragment: passkey-columns
id, user_id, credential_id, name, record, sign_count, created_at, last_used_at

-- name: passkeys-of-user
SELECT {{passkey-columns}} FROM passkeys WHERE user_id = ? ORDER BY created_at, id

-- name: passkey-insert
INSERT INTO passkeys ({{passkey-columns}}) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)

-- name: passkey-credential-count
SELECT count(*) FROM passkeys WHERE credential_id = ?

-- name: passkey-rename
UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ?

-- name: passkey-delete
DELETE FROM passkeys WHERE id = ? AND user_id = ? RETURNING name

-- name: passkey-exists
SELECT count(*) FROM passkeys WHERE user_id = ? AND credential_id = ?

-- name: passkey-use
-- Arguments: the new count, the time, the user, the credential, then the new count twice.
UPDATE passkeys SET sign_count = ?, last_used_at = ?
  WHERE user_id = ? AND credential_id = ? AND (sign_count < ? OR (sign_count = 0 AND ? = 0))
