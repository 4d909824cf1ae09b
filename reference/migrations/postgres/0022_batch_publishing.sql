-- +goose Up
-- PostgreSQL twin of sqlite/0022_batch_publishing.sql. publish_cursor is a batch_payouts seq.
ALTER TABLE batches ADD COLUMN publish_cursor BIGINT CHECK (publish_cursor >= 0);
ALTER TABLE batches ADD COLUMN published_rows BIGINT NOT NULL DEFAULT 0 CHECK (published_rows >= 0);
UPDATE batches SET published_rows = rows_count WHERE status = 'completed';
CREATE INDEX batches_publishing ON batches (publish_cursor) WHERE publish_cursor IS NOT NULL;
