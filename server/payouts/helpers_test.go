package payouts

import (
	"context"
	"os"
	"testing"

	"portal/provider"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/createpayout"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/rangepicker"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts auth (to log in), the date range form and this area.
func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, rangepicker.New, New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
}

func payoutsPath(org string) string { return "/org/" + org + "/payouts" }

// widenRange sets the session's date range to the last 100 days, which holds every seeded
// payout.
func widenRange(t *testing.T, c *servertest.Client, org string) {
	t.Helper()
	servertest.WidenRange(t, c, org, payoutsPath(org), 100)
}

// allPayouts lists every payout of org matching f (all pages), newest first.
func allPayouts(t *testing.T, h *servertest.Harness, org string, f provider.PayoutFilter) []provider.PayoutRequest {
	t.Helper()
	f.Limit = provider.MaxPayoutLimit
	return servertest.AllPages(t, func(cursor, direction string) ([]provider.PayoutRequest, string, bool, error) {
		f.Cursor, f.Direction = cursor, direction
		page, err := h.Store.Payouts(context.Background(), org, f)
		return page.Payouts, page.CursorNext, page.HasNext, err
	})
}

// onePayout is the newest payout of org matching f and pick (nil: any).
func onePayout(t *testing.T, h *servertest.Harness, org string, f provider.PayoutFilter, pick func(provider.PayoutRequest) bool) provider.PayoutRequest {
	t.Helper()
	for _, p := range allPayouts(t, h, org, f) {
		// Items waiting for approval have no payout to open.
		if p.UniqueReference != "" && (pick == nil || pick(p)) {
			full, err := h.Store.Payout(context.Background(), org, p.UniqueReference)
			if err != nil {
				t.Fatal(err)
			}
			return full
		}
	}
	t.Fatalf("no payout in %s for %+v", org, f)
	return provider.PayoutRequest{}
}
