-- +goose Up
-- PostgreSQL twin of sqlite/0028_statement_format.sql.
-- The file format a statement is requested in (CSV, camt.053 or MT940): its download's
-- default. Every statement keeps its CSV file (csv_file_id); the other formats are written
-- from the same fixed set of entries (through_seq) when downloaded. Earlier statements were
-- all requested as CSV.
ALTER TABLE statements ADD COLUMN format TEXT NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'camt053', 'mt940'));
