-- +goose Up
-- PostgreSQL twin of sqlite/0026_payout_drafts_unfinished.sql.
-- Unfinished drafts (status draft) are listed for their creator and deleted some days after
-- their last change (issue 27 item 15): one index for each of the two reads.
CREATE INDEX payout_drafts_creator ON payout_drafts (organisation_id, created_by, status, created_at, seq);
CREATE INDEX payout_drafts_unfinished ON payout_drafts (updated_at) WHERE status = 'draft';
