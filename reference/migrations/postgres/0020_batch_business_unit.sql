-- +goose Up
-- PostgreSQL twin of sqlite/0020_batch_business_unit.sql.
-- A batch row carries the business unit of its payout request: batch CSVs have a column per
-- field of the manual payout schema (business_unit is one), and the row keeps it until the
-- batch is completed and the row becomes its payout request.
ALTER TABLE batch_payouts ADD COLUMN business_unit TEXT NOT NULL DEFAULT '';
