package reference

import (
	"context"
	"portal/reference/demo"
	"strings"
	"testing"
)

// The global search's finders (provider.Payouts.FindPayouts, Collections.FindCollectionOrders
// and FindCollectionPayments, Withdrawals.FindWithdrawals): the provider's own references and
// uuids match in any case, what the customer or merchant chose (end-to-end ids, an order's
// reference) only exactly, and never another organisation's record.
func TestFindsCaseRules(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	var payoutRef, payoutE2E, orderID, orderRef, orderUnique, paymentID, paymentUnique, wdRef, wdID, wdE2E string
	for _, q := range []struct {
		sql string
		dst []any
	}{
		{`SELECT unique_reference, end_to_end_id FROM payout_requests WHERE organisation_id = ? ORDER BY seq LIMIT 1`, []any{&payoutRef, &payoutE2E}},
		{`SELECT id, reference, unique_reference FROM collection_orders WHERE organisation_id = ? ORDER BY seq LIMIT 1`, []any{&orderID, &orderRef, &orderUnique}},
		{`SELECT id, unique_reference FROM collection_payments WHERE organisation_id = ? ORDER BY id LIMIT 1`, []any{&paymentID, &paymentUnique}},
		{`SELECT reference, id, external_reference FROM withdrawal_requests WHERE organisation_id = ? ORDER BY seq LIMIT 1`, []any{&wdRef, &wdID, &wdE2E}},
	} {
		if err := s.read.QueryRow(q.sql, demo.Org1ID).Scan(q.dst...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	count := func(kind, org, q string) int {
		t.Helper()
		var n int
		var err error
		switch kind {
		case "payout":
			r, e := s.FindPayouts(ctx, org, q)
			n, err = len(r), e
		case "order":
			r, e := s.FindCollectionOrders(ctx, org, q)
			n, err = len(r), e
		case "payment":
			r, e := s.FindCollectionPayments(ctx, org, q)
			n, err = len(r), e
		case "withdrawal":
			r, e := s.FindWithdrawals(ctx, org, q)
			n, err = len(r), e
		}
		if err != nil {
			t.Fatalf("%s %q: %v", kind, q, err)
		}
		return n
	}
	swap := func(s string) string {
		if l := strings.ToLower(s); l != s {
			return l
		}
		return strings.ToUpper(s)
	}
	for _, tc := range []struct {
		kind, q string
		want    int
	}{
		{"payout", payoutRef, 1}, {"payout", strings.ToLower(payoutRef), 1}, {"payout", payoutE2E, 1}, {"payout", swap(payoutE2E), 0},
		{"order", orderID, 1}, {"order", strings.ToUpper(orderID), 1}, {"order", orderUnique, 1}, {"order", strings.ToLower(orderUnique), 1},
		{"order", orderRef, 1}, {"order", swap(orderRef), 0},
		{"payment", paymentID, 1}, {"payment", strings.ToUpper(paymentID), 1}, {"payment", strings.ToLower(paymentUnique), 1},
		{"withdrawal", wdRef, 1}, {"withdrawal", strings.ToLower(wdRef), 1}, {"withdrawal", strings.ToUpper(wdID), 1},
		{"withdrawal", wdE2E, 1}, {"withdrawal", swap(wdE2E), 0},
	} {
		if got := count(tc.kind, demo.Org1ID, tc.q); got != tc.want {
			t.Errorf("%s %q: %d found, want %d", tc.kind, tc.q, got, tc.want)
		}
		if tc.want > 0 {
			if got := count(tc.kind, demo.Org2ID, tc.q); got != 0 {
				t.Errorf("%s %q found in the other organisation", tc.kind, tc.q)
			}
		}
	}
}
