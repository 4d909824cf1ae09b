package reference

import (
	"context"
	"database/sql"
	"time"
)

// seeder adds one area's demo data inside Seed's transaction, after the accounts and their
// ledger history exist.
type seeder func(ctx context.Context, tx *sql.Tx, now time.Time) error

// areaSeeders run in order; each area (funding, payouts, batches, payout reports, collections, users, receivers, payout drafts, withdrawals) appends its own.
var areaSeeders = []seeder{seedFunding, seedPayouts, seedBatches, seedPayoutReports, seedCollections, seedUserManagement, seedReceivers, seedPayoutDrafts, seedWithdrawals}
