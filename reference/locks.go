package reference

import (
	"context"
	"fmt"

	"portal/reference/db"
)

var qIdempotencyLock = sq("idempotency-lock")

// lockAdvisory makes the other write transactions with the same (kind, organisation, key)
// wait for this one, on PostgreSQL: for what has no row to lock yet, an idempotency key
// before its row is looked up (without it two processes could both find none and both book),
// the seed before the store is found empty, an audit chain before its first head. It is the
// first lock a body takes (the lock order is in docs/store.md, "Row locks of the write
// bodies"). On SQLite it does nothing; its one writer already serialises the bodies.
func lockAdvisory(ctx context.Context, tx db.DBTX, kind, orgID, key string) error {
	k := fmt.Sprintf("%d:%s;%d:%s;%s", len(kind), kind, len(orgID), orgID, key)
	if _, err := tx.ExecContext(ctx, qIdempotencyLock, k); err != nil {
		return fmt.Errorf("reference: advisory lock %s: %w", kind, err)
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

// updateOne runs a conditional update (… WHERE state is still what the body read) that must
// change exactly one row; when it changes none, another writer moved the row first and the
// body lost the race: lost is its answer. On PostgreSQL the update waits for that writer's
// commit and re-checks its condition, so no row lock is needed before the read.
func updateOne(ctx context.Context, tx db.DBTX, what string, lost error, stmt string, args ...any) error {
	res, err := tx.ExecContext(ctx, stmt, args...)
	if err != nil {
		return fmt.Errorf("reference: %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("reference: %s: %w", what, err)
	} else if n != 1 {
		return lost
	}
	return nil
}

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
