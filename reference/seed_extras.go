package reference

import (
	"context"
	"database/sql"
	"time"
)

// seeder adds one area's demo data inside Seed's transaction, after the accounts and their
// ledger history exist.
type seeder func(ctx context.Context, tx *sql.Tx, now time.Time) error

// areaSeeders run in order; each area (funding, statistics, payouts, payout reports) appends its own.
var areaSeeders = []seeder{seedFunding, seedStats, seedPayouts, seedPayoutReports, seedPayoutDrafts}
