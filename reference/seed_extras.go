package reference

import (
	"context"
	"database/sql"
	"time"

	"portal/reference/demo"
	"portal/reference/seeddata"
)

// The demo history whose generators have not moved to reference/demo yet (docs/store.md,
// "Demo data"): Load runs them after the set's entities when the set asks (StoreHistory).
// They read the demo's entities and ids from reference/demo, which imports nothing of the
// store; each one that moves takes its values to demo and leaves only its writing here.

// seeder adds one area's demo data inside Load's transaction, after the accounts and their
// ledger history exist.
type seeder func(ctx context.Context, tx *sql.Tx, now time.Time) error

// areaSeeders run in order; one per area not moved yet (payouts, batches, payout reports, collections, receivers, payout drafts, withdrawals).
var areaSeeders = []seeder{seedPayouts, seedBatches, seedPayoutReports, seedCollections, seedReceivers, seedPayoutDrafts, seedWithdrawals}

// seedStoreHistory books the ledger history of the set's accounts, then every area's.
func (s *Store) seedStoreHistory(ctx context.Context, tx *sql.Tx, now time.Time, set seeddata.Set) error {
	if err := s.seedLedger(ctx, tx, now, set.Accounts, set.LargeAccountEntries); err != nil {
		return err
	}
	for _, seed := range areaSeeders {
		if err := seed(ctx, tx, now); err != nil {
			return err
		}
	}
	return nil
}

type seedAccount = seeddata.Account

func demoOrgs() []seeddata.Organisation { return demo.Organisations() }
func demoUsers() []seeddata.User        { return demo.Users("") }
func demoAccounts() []seedAccount       { return demo.Accounts() }
func seedID(name string) string         { return demo.ID(name) }
