-- The audit trail: one hash chain of entries per organisation (chain '' is the system's), its
-- head, the list and the verification walk (audit.go).

-- fragment: audit-columns
id, chain, seq, created_at, kind, user_id, user_email, role, session_handle, client_ip, origin, path,
  record_kind, record_id, changes, prev_hash, hash

-- name: user-email-by-id
SELECT email FROM users WHERE id = ?

-- name: membership-role
SELECT role FROM memberships WHERE user_id = ? AND organisation_id = ?

-- name: audit-head
SELECT seq, hash FROM audit_heads WHERE chain = ?

-- name: audit-head@postgres
-- The head is moved by the same transaction: locked from the read on, so the next entry of
-- the chain waits for this one's commit.
SELECT seq, hash FROM audit_heads WHERE chain = ? FOR UPDATE

-- name: audit-entry-insert
INSERT INTO audit_entries (chain, seq, created_at, kind, user_id, user_email, role,
  session_handle, client_ip, origin, path, record_kind, record_id, changes, prev_hash, hash)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  RETURNING id

-- name: audit-head-upsert
INSERT INTO audit_heads (chain, seq, entry_id, hash) VALUES (?, ?, ?, ?)
  ON CONFLICT (chain) DO UPDATE SET seq = excluded.seq, entry_id = excluded.entry_id, hash = excluded.hash

-- name: memberships-of-user
SELECT organisation_id, role FROM memberships WHERE user_id = ? ORDER BY organisation_id

-- name: user-mfa-enabled
SELECT mfa_enabled FROM users WHERE id = ?

-- name: audit-list-count
-- The list's total over /*where*/ (chain, user, e-mail, kind, record, creation bounds).
SELECT count(*) FROM audit_entries a WHERE /*where*/

-- name: audit-list-page
SELECT {{audit-columns}} FROM audit_entries a WHERE /*where*/ /*after*/ ORDER BY /*order*/ LIMIT /*limit*/

-- A head as a row of the walk: heads sort after their chain's entries (the first column), so
-- each chain is read whole before its head is compared.
-- fragment: audit-verify-head-columns
1, entry_id, chain, seq, '', '', '', '', '', '', '', '', '', '', '', '', '', hash

-- name: audit-verify
SELECT 0, {{audit-columns}} FROM audit_entries
UNION ALL SELECT {{audit-verify-head-columns}} FROM audit_heads
ORDER BY 3, 1, 4

-- name: audit-verify-chain
SELECT 0, {{audit-columns}} FROM audit_entries WHERE chain = ?
UNION ALL SELECT {{audit-verify-head-columns}} FROM audit_heads WHERE chain = ?
ORDER BY 3, 1, 4
