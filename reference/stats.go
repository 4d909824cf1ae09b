package reference

import (
	"context"
	"fmt"
	"sort"
	"time"

	"portal/provider"
)

var (
	qPayoutStats        = sq("payout-stats")
	qCollectionStats    = sq("collection-stats")
	qPayoutStatsWaiting = sq("payout-stats-waiting")
)

var _ provider.Stats = (*Store)(nil)

// StatsService owns the dashboard's counts of payouts and collection orders.
type StatsService struct{ *core }

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
func (s *StatsService) payoutCounts(ctx context.Context, orgID string, after, before time.Time) (map[string]map[string]int, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	lo, hi := statsWindow(after, before)
	rows, err := s.read.QueryContext(ctx, qPayoutStats, orgID, lo, hi)
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
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reference: payout stats: %w", err)
	}
	// The items waiting for approval are counted as the list lists them (the payout-waiting fragment).
	var waiting int
	if err := s.read.QueryRowContext(ctx, qPayoutStatsWaiting, orgID, lo, hi).Scan(&waiting); err != nil {
		return nil, fmt.Errorf("reference: payout stats: %w", err)
	}
	if waiting > 0 {
		out[provider.StatusPendingApproval] = map[string]int{"": waiting}
	}
	return out, nil
}

// PayoutStateCategoryCounts implements provider.Stats.
func (s *StatsService) PayoutStateCategoryCounts(ctx context.Context, orgID string, after, before time.Time) (provider.StateCategoryCounts, error) {
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
func (s *StatsService) PayoutReasonCodeReport(ctx context.Context, orgID string, after, before time.Time) ([]provider.ReasonCodeGroup, error) {
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
func (s *StatsService) CollectionOrderStatusCounts(ctx context.Context, orgID string, after, before time.Time) (provider.StatusCounts, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return provider.StatusCounts{}, err
	}
	lo, hi := statsWindow(after, before)
	rows, err := s.read.QueryContext(ctx, qCollectionStats, orgID, lo, hi)
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
