package reference

import (
	"context"
	"fmt"

	"portal/reference/db"
)

var qIdempotencyLock = sq("idempotency-lock")

// lockIdempotencyKey makes the other write transactions with the same (kind, organisation,
// key) wait for this one, on PostgreSQL, before the key's row is looked up: without it two
// processes could both find no row and both book. It is the first lock a body takes (the
// lock order is in docs/store.md, "Row locks of the write bodies"). On SQLite it does
// nothing; its one writer already serialises the bodies.
func lockIdempotencyKey(ctx context.Context, tx db.DBTX, kind, orgID, key string) error {
	k := fmt.Sprintf("%d:%s;%d:%s;%s", len(kind), kind, len(orgID), orgID, key)
	if _, err := tx.ExecContext(ctx, qIdempotencyLock, k); err != nil {
		return fmt.Errorf("reference: lock idempotency key: %w", err)
	}
	return nil
}

var (
	qOrderLock      = sq("order-lock")
	qWithdrawalLock = sq("withdrawal-lock")
	qOrgLock        = sq("organisation-lock")
	qUserLock       = sq("user-lock")
	qDraftLock      = sq("draft-lock")
	qBatchLock      = sq("batch-lock")
)

// lockRow locks, on PostgreSQL, the entity row a write body reads and then moves on
// (an order refunded, a withdrawal moved): the lock stays until the transaction ends, so a
// second body reads the row as the first left it. stmt is an "x-lock" statement, a plain
// SELECT on SQLite.
func lockRow(ctx context.Context, tx db.DBTX, stmt string, args ...any) error {
	if _, err := tx.ExecContext(ctx, stmt, args...); err != nil {
		return fmt.Errorf("reference: lock row: %w", err)
	}
	return nil
}
