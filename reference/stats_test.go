package reference

import (
	"context"
	"portal/reference/demo"
	"testing"
	"time"

	"portal/provider"
)

// waitingPayouts is the sub-select of the items waiting for approval, as the store lists them.
var waitingPayouts = storeQueries.Fragment("payout-waiting")

func TestStats(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	now := time.Now().UTC()
	d30 := now.AddDate(0, 0, -30)

	// Direct counts from the table are the reference the reports must agree with.
	lo, hi := statsWindow(d30, now.Add(time.Hour))

	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
		cats, err := s.PayoutStateCategoryCounts(ctx, org, d30, now.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		want := countRows(t, s, `SELECT count(*) FROM (SELECT `+listedColumns+` FROM payout_requests UNION ALL SELECT `+listedColumns+` FROM (`+
			waitingPayouts+`) AS w) AS l WHERE organisation_id = ? AND created_at >= ? AND created_at < ?`, org, lo, hi)
		if cats.Total != want || want == 0 {
			t.Errorf("%s: total %d, want %d (> 0)", org, cats.Total, want)
		}
		if len(cats.Categories) != len(provider.PayoutStatuses()) {
			t.Fatalf("%d categories", len(cats.Categories))
		}
		sum := 0
		for i, c := range cats.Categories {
			if c.Code != provider.PayoutStateCategories()[i].Code {
				t.Errorf("category %d is %s", i, c.Code)
			}
			if c.Count == 0 {
				t.Errorf("%s: no %s payouts in the last 30 days: the demo spread should show every category", org, c.Code)
			}
			sum += c.Count
		}
		if sum != cats.Total {
			t.Errorf("categories sum to %d, total %d", sum, cats.Total)
		}
		completed := countRows(t, s, `SELECT count(*) FROM payout_requests WHERE organisation_id = ? AND state = 'completed' AND created_at >= ? AND created_at < ?`, org, lo, hi)
		if cats.Categories[6].Count != completed {
			t.Errorf("completed %d, table says %d", cats.Categories[6].Count, completed)
		}

		groups, err := s.PayoutReasonCodeReport(ctx, org, d30, now.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		withReason := countRows(t, s, `SELECT count(*) FROM payout_requests WHERE organisation_id = ? AND reason_code <> '' AND created_at >= ? AND created_at < ?`, org, lo, hi)
		got := 0
		for i, g := range groups {
			if g.State.Count != cats.Categories[i].Count || g.State.Code != cats.Categories[i].Code {
				t.Errorf("reason group %d %+v disagrees with %+v", i, g.State, cats.Categories[i])
			}
			for _, it := range g.Items {
				got += it.Count
				if it.Name == "" || it.Name == it.Code {
					t.Errorf("reason %s has no name", it.Code)
				}
			}
		}
		if got != withReason {
			t.Errorf("reason items sum to %d, table has %d payouts with a reason", got, withReason)
		}
		if rej := groups[1]; len(rej.Items) < 3 {
			t.Errorf("rejected has %d reason codes, want a spread", len(rej.Items))
		}

		orders, err := s.CollectionOrderStatusCounts(ctx, org, d30, now.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if w := countRows(t, s, `SELECT count(*) FROM collection_orders WHERE organisation_id = ? AND created_at >= ? AND created_at < ?`, org, lo, hi); orders.Total != w || w == 0 {
			t.Errorf("orders total %d, want %d", orders.Total, w)
		}
	}

	// Organisations see only their own rows, and the window bounds are half-open.
	all, _ := s.PayoutStateCategoryCounts(ctx, demo.Org1ID, time.Time{}, time.Time{})
	if n := countRows(t, s, `SELECT count(*) FROM (SELECT `+listedColumns+` FROM payout_requests UNION ALL SELECT `+listedColumns+` FROM (`+
		waitingPayouts+`) AS w) AS l WHERE organisation_id = ?`, demo.Org1ID); all.Total != n {
		t.Errorf("open window counts %d, want all %d", all.Total, n)
	}
	var first string
	if err := s.read.QueryRowContext(ctx, `SELECT min(created_at) FROM payout_requests WHERE organisation_id = ?`, demo.Org1ID).Scan(&first); err != nil {
		t.Fatal(err)
	}
	ft, _ := parseTime(first)
	if c, _ := s.PayoutStateCategoryCounts(ctx, demo.Org1ID, time.Time{}, ft); c.Total != 0 {
		t.Errorf("before the first payout (exclusive) counts %d", c.Total)
	}
	if c, _ := s.PayoutStateCategoryCounts(ctx, demo.Org1ID, time.Time{}, ft.Add(time.Nanosecond)); c.Total < 1 {
		t.Error("the first payout is not counted with before just after it")
	}
	if c, _ := s.PayoutStateCategoryCounts(ctx, demo.Org1ID, now.Add(time.Hour), time.Time{}); c.Total != 0 {
		t.Errorf("the future counts %d", c.Total)
	}
	empty, _ := s.PayoutReasonCodeReport(ctx, demo.Org1ID, now.Add(time.Hour), time.Time{})
	if len(empty) != len(provider.PayoutStatuses()) || len(empty[0].Items) != 0 || empty[0].State.Percentage != 0 {
		t.Errorf("empty report %+v", empty)
	}

	for _, err := range []error{
		func() error { _, err := s.PayoutStateCategoryCounts(ctx, "nope", time.Time{}, time.Time{}); return err }(),
		func() error { _, err := s.PayoutReasonCodeReport(ctx, "nope", time.Time{}, time.Time{}); return err }(),
		func() error {
			_, err := s.CollectionOrderStatusCounts(ctx, "nope", time.Time{}, time.Time{})
			return err
		}(),
	} {
		if provider.ErrorCode(err) != provider.ENOTFOUND {
			t.Errorf("unknown organisation: %v", err)
		}
	}
}

func TestPercentAndCategories(t *testing.T) {
	for _, c := range []struct {
		n, total int
		want     float64
	}{{0, 0, 0}, {1, 3, 33.33}, {2, 3, 66.67}, {1, 8, 12.5}, {5, 5, 100}, {1, 200000, 0}} {
		if got := provider.Percent(c.n, c.total); got != c.want {
			t.Errorf("Percent(%d, %d) = %v, want %v", c.n, c.total, got, c.want)
		}
	}
	for state, cat := range map[string]string{"created": "received", "tstm_initiated": "processing", "waiting_future_execution": "pending",
		"insufficient_funds": "action_required", "completed": "completed", "returned": "returned", "bogus": ""} {
		if got := provider.PayoutStateCategory(state); got != cat {
			t.Errorf("%s → %q, want %q", state, got, cat)
		}
	}
	if provider.CollectionStatusName("action_required_for_refund") != "Action required for refund" {
		t.Error("status name")
	}
}
