-- +goose Up
-- Movement search (spec 000 §7 movements/search) looks entries up by exact reference, order
-- id or their transaction's end-to-end id across an organisation's accounts; without these
-- indexes each search would scan every entry. Partial: most rows of a large account carry
-- no end-to-end id, and an empty value is never searched for.
CREATE INDEX ledger_entries_reference ON ledger_entries (reference) WHERE reference <> '';
CREATE INDEX ledger_entries_order_id ON ledger_entries (order_id) WHERE order_id <> '';
CREATE INDEX ledger_transactions_end_to_end ON ledger_transactions (end_to_end_id) WHERE end_to_end_id <> '';
