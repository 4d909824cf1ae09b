-- +goose Up
-- A completed batch becomes payout requests a chunk at a time, each chunk its own write
-- transaction, so a 10,000-row batch never holds the single writer for long (batches_publish.go).
-- publish_cursor is the seq of the last batch_payouts row published (0: none yet), NULL when no
-- row is waiting; published_rows is the progress people see. Batches completed before this
-- were published whole, in the transaction that completed them.
ALTER TABLE batches ADD COLUMN publish_cursor INTEGER CHECK (publish_cursor >= 0);
ALTER TABLE batches ADD COLUMN published_rows INTEGER NOT NULL DEFAULT 0 CHECK (published_rows >= 0);
UPDATE batches SET published_rows = rows_count WHERE status = 'completed';
CREATE INDEX batches_publishing ON batches (publish_cursor) WHERE publish_cursor IS NOT NULL;
