-- +goose Up
-- PostgreSQL twin of sqlite/0008_ledger_search.sql.
CREATE INDEX ledger_entries_reference ON ledger_entries (reference) WHERE reference <> '';
CREATE INDEX ledger_entries_order_id ON ledger_entries (order_id) WHERE order_id <> '';
CREATE INDEX ledger_transactions_end_to_end ON ledger_transactions (end_to_end_id) WHERE end_to_end_id <> '';
