-- The sandbox outbox: the e-mails and SMS the reference provider "sends" (outbox.go).

-- name: outbox-insert
INSERT INTO outbox_messages (id, kind, recipient, subject, body, link, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?)

-- name: outbox-newest
SELECT id, kind, recipient, subject, body, link, created_at
FROM outbox_messages ORDER BY seq DESC LIMIT ?
