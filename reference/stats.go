package reference

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"portal/provider"
)

var _ provider.Stats = (*Store)(nil)

// statsWindow turns [after, before) into bounds on the stored created_at text: the stored
// layout is fixed-width, so text order is time order, and an open side compares with a
// string below or above every stored time.
func statsWindow(after, before time.Time) (string, string) {
	lo, hi := "", "~"
	if !after.IsZero() {
		lo = formatTime(after)
	}
	if !before.IsZero() {
		hi = formatTime(before)
	}
	return lo, hi
}

// payoutCounts counts the organisation's payout requests in the window by state category
// and reason code.
func (s *Store) payoutCounts(ctx context.Context, orgID string, after, before time.Time) (map[string]map[string]int, error) {
	if err := s.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	lo, hi := statsWindow(after, before)
	rows, err := s.read.QueryContext(ctx, `SELECT state, reason_code, count(*) FROM payout_requests
		WHERE organisation_id = ? AND created_at >= ? AND created_at < ? GROUP BY state, reason_code`, orgID, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("reference: payout stats: %w", err)
	}
	defer rows.Close()
	out := map[string]map[string]int{}
	for rows.Next() {
		var state, reason string
		var n int
		if err := rows.Scan(&state, &reason, &n); err != nil {
			return nil, fmt.Errorf("reference: payout stats: %w", err)
		}
		cat := provider.PayoutStateCategory(state)
		if cat == "" {
			return nil, fmt.Errorf("reference: payout stats: stored state %q has no category", state)
		}
		if out[cat] == nil {
			out[cat] = map[string]int{}
		}
		out[cat][reason] += n
	}
	return out, rows.Err()
}

// PayoutStateCategoryCounts implements provider.Stats.
func (s *Store) PayoutStateCategoryCounts(ctx context.Context, orgID string, after, before time.Time) (provider.StateCategoryCounts, error) {
	counts, err := s.payoutCounts(ctx, orgID, after, before)
	if err != nil {
		return provider.StateCategoryCounts{}, err
	}
	var out provider.StateCategoryCounts
	per := map[string]int{}
	for cat, reasons := range counts {
		for _, n := range reasons {
			per[cat] += n
			out.Total += n
		}
	}
	for _, c := range provider.PayoutStateCategories() {
		out.Categories = append(out.Categories, provider.Count{Code: c.Code, Name: c.Name, Count: per[c.Code],
			Percentage: provider.Percent(per[c.Code], out.Total)})
	}
	return out, nil
}

// PayoutReasonCodeReport implements provider.Stats.
func (s *Store) PayoutReasonCodeReport(ctx context.Context, orgID string, after, before time.Time) ([]provider.ReasonCodeGroup, error) {
	counts, err := s.payoutCounts(ctx, orgID, after, before)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, reasons := range counts {
		for _, n := range reasons {
			total += n
		}
	}
	out := []provider.ReasonCodeGroup{}
	for _, c := range provider.PayoutStateCategories() {
		g := provider.ReasonCodeGroup{Items: []provider.Count{}}
		stateN := 0
		for _, n := range counts[c.Code] {
			stateN += n
		}
		g.State = provider.Count{Code: c.Code, Name: c.Name, Count: stateN, Percentage: provider.Percent(stateN, total)}
		for reason, n := range counts[c.Code] {
			if reason == "" {
				continue
			}
			g.Items = append(g.Items, provider.Count{Code: reason, Name: provider.ReasonName(reason), Count: n,
				Percentage: provider.Percent(n, stateN)})
		}
		sort.Slice(g.Items, func(i, j int) bool {
			if g.Items[i].Count != g.Items[j].Count {
				return g.Items[i].Count > g.Items[j].Count
			}
			return g.Items[i].Code < g.Items[j].Code
		})
		out = append(out, g)
	}
	return out, nil
}

// CollectionOrderStatusCounts implements provider.Stats.
func (s *Store) CollectionOrderStatusCounts(ctx context.Context, orgID string, after, before time.Time) (provider.StatusCounts, error) {
	if err := s.organisationExists(ctx, orgID); err != nil {
		return provider.StatusCounts{}, err
	}
	lo, hi := statsWindow(after, before)
	rows, err := s.read.QueryContext(ctx, `SELECT status, count(*) FROM collection_orders
		WHERE organisation_id = ? AND created_at >= ? AND created_at < ? GROUP BY status`, orgID, lo, hi)
	if err != nil {
		return provider.StatusCounts{}, fmt.Errorf("reference: collection stats: %w", err)
	}
	defer rows.Close()
	per := map[string]int{}
	out := provider.StatusCounts{Statuses: []provider.Count{}}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return provider.StatusCounts{}, fmt.Errorf("reference: collection stats: %w", err)
		}
		per[st] = n
		out.Total += n
	}
	if err := rows.Err(); err != nil {
		return provider.StatusCounts{}, fmt.Errorf("reference: collection stats: %w", err)
	}
	for _, st := range provider.CollectionOrderStatuses() {
		if n := per[st]; n > 0 {
			out.Statuses = append(out.Statuses, provider.Count{Code: st, Name: provider.CollectionStatusName(st), Count: n,
				Percentage: provider.Percent(n, out.Total)})
		}
	}
	return out, nil
}

// weighted is a demo-data choice with its relative weight.
type weighted struct {
	state   string
	reasons []string
	weight  int
}

func pick(r *rand.Rand, list []weighted) weighted {
	sum := 0
	for _, w := range list {
		sum += w.weight
	}
	n := r.IntN(sum)
	for _, w := range list {
		if n < w.weight {
			return w
		}
		n -= w.weight
	}
	return list[len(list)-1]
}

// Demo spread of collection order statuses (the demo payouts are payouts_seed.go's).
var (
	seedOrderStatuses = []weighted{
		{"completed", nil, 45}, {"pending", nil, 10}, {"received", nil, 8}, {"processing", nil, 5}, {"authorised", nil, 4},
		{"action_required", nil, 3}, {"cancelled", []string{"", provider.ReasonRequestedByCustomer}, 8}, {"processing_refund", nil, 3},
		{"refunded", nil, 5}, {"partially_refunded", nil, 3}, {"action_required_for_refund", nil, 2}, {"refund_returned", nil, 2},
	}
)

// seedStats adds collection orders spread over the 90 days before now for both demo
// organisations. The generator is seeded, so every demo store has the same rows.
func seedStats(ctx context.Context, tx *sql.Tx, now time.Time) error {
	type org struct {
		id       string
		accounts []string
		currency []string
		orders   int
	}
	orgs := []org{
		{DemoOrg1ID, []string{DemoAccountOrg1EUR, DemoAccountOrg1GBP, DemoAccountOrg1USD, DemoAccountOrg1DKK},
			[]string{"EUR", "GBP", "USD", "DKK"}, 210},
		{DemoOrg2ID, []string{DemoAccountOrg2GBP, DemoAccountOrg2USD}, []string{"GBP", "USD"}, 60},
	}
	r := rand.New(rand.NewPCG(20261122, 6))
	const window = 90 * 24 * time.Hour
	at := func() string { return formatTime(now.Add(-time.Duration(r.Int64N(int64(window))))) }
	amount := func() string { return fmt.Sprintf("%d.%02d", 25+r.IntN(24975), r.IntN(100)) }
	for _, o := range orgs {
		for i := 0; i < o.orders; i++ {
			w := pick(r, seedOrderStatuses)
			reason := ""
			if len(w.reasons) > 0 {
				reason = w.reasons[r.IntN(len(w.reasons))]
			}
			a := r.IntN(len(o.accounts))
			if _, err := tx.ExecContext(ctx, `INSERT INTO collection_orders (id, organisation_id, virtual_account_number, status,
				reason_code, amount, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				seedID(fmt.Sprintf("order/%s/%d", o.id, i)), o.id, o.accounts[a], w.state, reason, amount(), o.currency[a], at()); err != nil {
				return fmt.Errorf("reference: seed collection orders: %w", err)
			}
		}
	}
	return nil
}
