package reference

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/demo"
)

// The 100,000-payout store is built once per test binary, only when a benchmark asks for it.
var (
	payoutsOnce  sync.Once
	payoutsStore *Store
	payoutsErr   error
)

const benchPayouts = 100_000

// bulkPayouts adds n payouts of organisation 1 over the last 90 days, spread over the
// states, accounts, units, instruments and amounts the filters select on, in one
// transaction (the lifecycle is not what is measured).
func bulkPayouts(ctx context.Context, s *Store, n int) error {
	return s.inTx(ctx, "bulk payouts", func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO payout_requests (id, organisation_id, virtual_account_number, state,
			reason_code, amount, currency, created_at, unique_reference, end_to_end_id, amount_key, fee, local_instrument,
			business_unit, source, batch_id, sections, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		r := rand.New(rand.NewPCG(1, 2))
		accts := []struct{ number, code, instr string }{{demo.AccountOrg1EUR, "EUR", "SEPA"}, {demo.AccountOrg1GBP, "GBP", "FPS"},
			{demo.AccountOrg1USD, "USD", "SWIFT"}, {demo.AccountOrg1DKK, "DKK", "STRAKS"}}
		states := []string{"completed", "completed", "completed", "completed", "rejected", "returned", "tstm_initiated",
			"insufficient_funds", "waiting_future_execution", "created", "cancelled"}
		units := []string{"", seedID("business-unit/" + demo.Org1ID + "/Nordic Retail"), seedID("business-unit/" + demo.Org1ID + "/Nordic Marine")}
		now := s.now()
		for i := range n {
			a := accts[r.IntN(len(accts))]
			st := states[r.IntN(len(states))]
			reason := ""
			switch st {
			case "rejected":
				reason = provider.ReasonInvalidCreditorAccount
			case "returned":
				reason = provider.ReasonInvalidCreditor
			case "cancelled":
				reason = provider.ReasonRequestedByCustomer
			case "insufficient_funds", "waiting_future_execution":
				reason = st
			}
			amt := money.FromMinor(100+r.Int64N(2_000_000), currency.Decimals(a.code))
			at := formatTime(now.Add(-time.Duration(r.Int64N(int64(90 * 24 * time.Hour)))))
			ref := fmt.Sprintf("PO-BENCH-%07d", i)
			if _, err := stmt.ExecContext(ctx, fmt.Sprintf("bench-%d", i), demo.Org1ID, a.number, st, reason, amt.String(), a.code, at,
				ref, ref, amountKey(amt), payoutFee(a.code).String(), a.instr, units[r.IntN(len(units))], provider.SourceAPI,
				"", at); err != nil {
				return err
			}
		}
		return nil
	})
}

func payoutsBenchStore(b *testing.B) *Store {
	b.Helper()
	payoutsOnce.Do(func() {
		dir, err := os.MkdirTemp("", "payouts-bench-")
		if err != nil {
			payoutsErr = err
			return
		}
		afterAll = append(afterAll, func() { os.RemoveAll(dir) })
		ctx := context.Background()
		if payoutsStore, payoutsErr = Open(ctx, filepath.Join(dir, "portal.db"), Options{Argon2Params: cheapParams}); payoutsErr != nil {
			return
		}
		afterAll = append(afterAll, func() { payoutsStore.Close() })
		if _, payoutsErr = demo.Seed(ctx, payoutsStore, demo.Options{}); payoutsErr == nil {
			payoutsErr = bulkPayouts(ctx, payoutsStore, benchPayouts)
		}
	})
	if payoutsErr != nil {
		b.Fatal(payoutsErr)
	}
	return payoutsStore
}

// BenchmarkPayoutsPage100k reads filtered 100-row pages (with their total) of an
// organisation holding 100,000 payouts, reporting p50 and p99 per page. Budget: p99 ≤ 20 ms.
func BenchmarkPayoutsPage100k(b *testing.B) {
	s := payoutsBenchStore(b)
	ctx := context.Background()
	now := s.now()
	first, err := s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "EUR"})
	if err != nil {
		b.Fatal(err)
	}
	deep := first
	for range 50 {
		if deep, err = s.Payouts(ctx, demo.Org1ID, provider.PayoutFilter{CurrencyCode: "EUR", Cursor: deep.CursorNext}); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		f    provider.PayoutFilter
	}{
		{"first", provider.PayoutFilter{}},
		{"last-30-days-completed-EUR", provider.PayoutFilter{CreatedAfter: now.AddDate(0, 0, -30), CreatedBefore: now,
			StateCategory: provider.PayoutCompleted, CurrencyCode: "EUR"}},
		{"account-amount-range", provider.PayoutFilter{VirtualAccountNumber: demo.AccountOrg1USD, AmountFrom: "1000", AmountTo: "15000"}},
		{"rejected-reason", provider.PayoutFilter{StateCategory: provider.PayoutRejected, ReasonCode: provider.ReasonInvalidCreditorAccount}},
		{"unit-instrument", provider.PayoutFilter{BusinessUnit: seedID("business-unit/" + demo.Org1ID + "/Nordic Marine"), LocalInstrument: "SEPA"}},
		{"deep-EUR", provider.PayoutFilter{CurrencyCode: "EUR", Cursor: deep.CursorNext}},
		{"oldest-first-rejected", provider.PayoutFilter{StateCategory: provider.PayoutRejected, Sort: provider.SortOldest}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var lat []time.Duration
			for b.Loop() {
				start := time.Now()
				page, err := s.Payouts(ctx, demo.Org1ID, c.f)
				lat = append(lat, time.Since(start))
				if err != nil || len(page.Payouts) != provider.DefaultPayoutLimit {
					b.Fatalf("page: %d rows, %v", len(page.Payouts), err)
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			pct := func(p float64) float64 {
				return float64(lat[min(len(lat)-1, int(float64(len(lat))*p))].Microseconds()) / 1000
			}
			b.ReportMetric(pct(0.50), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
		})
	}
}
