package reference

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"portal/payoutfield"
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

// seedStoreHistory writes the history in its order: the ledger's, then every area's, the
// generators still here when the set asks for them (StoreHistory) and the kinds the set's
// History makes in their place (an area reads what the ones before it wrote: the payout
// reports list the payouts).
func (s *Store) seedStoreHistory(ctx context.Context, tx *sql.Tx, now time.Time, set seeddata.Set) error {
	var h seeddata.History
	if set.History != nil {
		var err error
		if h, err = set.History(now, loadRules{ctx: ctx, q: tx}); err != nil {
			return fmt.Errorf("reference: seed history: %w", err)
		}
	}
	history := func(seed seeder) seeder {
		if set.StoreHistory {
			return seed
		}
		return func(context.Context, *sql.Tx, time.Time) error { return nil }
	}
	ledger := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return s.loadLedger(ctx, tx, h)
	}
	reports := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return loadPayoutReports(ctx, tx, now, set.PayoutReports)
	}
	receivers := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return loadReceivers(ctx, tx, now, set.Receivers)
	}
	payouts := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return loadPayouts(ctx, tx, h)
	}
	collections := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return loadCollections(ctx, tx, h)
	}
	drafts := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return loadPayoutDrafts(ctx, tx, h)
	}
	withdrawals := func(ctx context.Context, tx *sql.Tx, now time.Time) error {
		return loadWithdrawals(ctx, tx, h)
	}
	for _, seed := range []seeder{ledger, payouts, history(seedBatches), reports,
		collections, receivers, drafts, withdrawals} {
		if err := seed(ctx, tx, now); err != nil {
			return err
		}
	}
	return nil
}

func pow10i(n int) int64 {
	v := int64(1)
	for range n {
		v *= 10
	}
	return v
}

type seedAccount = seeddata.Account

func demoOrgs() []seeddata.Organisation { return demo.Organisations() }
func demoUsers() []seeddata.User        { return demo.Users("") }
func demoAccounts() []seedAccount       { return demo.Accounts() }
func seedID(name string) string         { return demo.ID(name) }

// The party generators live in reference/demo (parties.go); the generators still here use
// them under their old names.
var (
	makeIBAN       = payoutfield.MakeIBAN
	seedFirstNames = demo.FirstNames
	seedLastNames  = demo.LastNames
	seedCompanies  = demo.Companies
	seedCities     = demo.Cities
	seedBanks      = demo.Banks
	seedReceiver   = demo.ReceiverSections
	moveParty      = demo.MoveParty
)
